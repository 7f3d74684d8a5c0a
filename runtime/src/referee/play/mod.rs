//! The play half of the referee: tricks, leads out of turn, premature,
//! simultaneous and multiple plays, penalty cards with the lead and play
//! penalties they bring, revokes (their correction, establishment and trick
//! adjustment), questions about a revoke, and claims. As in the auction, the
//! generated tables decide every outcome; this module derives the facts they
//! test and carries their rectifications into the state of the play.

use super::*;
use crate::case::SeatAnswer;
use crate::play::{trick_winner, trump_suit, Card, Hand, Revoke, RevokeKind, Suit, Trick};
use bridgelaw_tables::{
    AcceptedRevoke, AskedRole, AskerRole, EstablishingAct, Exposure, IrregularLeadOutcome, LeadDuration, NamedSuit,
    NextCard, OffenderRole, PlayDuration, PlayIrregularity, PrematureSuitLed, Presumption, RestrictionKind,
    TransferSource,
};

/// The director's judgements kept for the end of play: whether the law compensates a revoke's
/// damage (Law 64C).
const END_JUDGEMENTS: [FactId; 2] = [FactId::RevokeCompensation, FactId::MoreTricksWithoutLaterRevokes];

/// Declarer's choices kept for the end of play: which of his two last cards the partner of a
/// defender who revoked on the twelfth trick plays to it, when the revoke is corrected once the
/// play is over (1987 Law 62D2).
const END_CHOICES: [FactId; 1] = [FactId::PartnerTwelfthCard];

/// What an earlier rectification obliges a player to lead or play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PlayBound {
    /// A card of this suit, at his next lead only or for as long as he retains the lead, as the
    /// rectification's duration says.
    LeadSuit(Suit, LeadDuration),
    /// No lead of this suit, for as long as he retains the lead or at his next lead only, as the
    /// rectification's duration says.
    NoLeadOfSuit(Suit, LeadDuration),
    /// To the trick of this number, his highest card of the suit led.
    Highest(usize),
    /// To the trick of this number, his lowest card of the suit led.
    Lowest(usize),
    /// To the trick of this number, no card of this suit.
    NotSuit(Suit, usize),
    /// To the trick of this number, a card of this suit, which declarer named (following suit
    /// comes first).
    Suit(Suit, usize),
    /// To the trick of this number, this card, at his proper turn.
    Card(Card, usize),
}

#[derive(Clone, Debug)]
struct PlayBinding {
    seat: Seat,
    bound: PlayBound,
    /// Imposed after his partner's premature lead or play.
    premature: bool,
    /// He has led since it was imposed: a prohibition lapses once he then loses the lead.
    has_led: bool,
    /// The rectification that imposed it: its clauses, and its `standing` words.
    view: Rectified,
}

#[derive(Clone, Debug)]
struct PenaltyCard {
    seat: Seat,
    card: Card,
    major: bool,
    clauses: Vec<&'static str>,
}

/// A lead restriction the auction left on a defender, until his first turn to lead.
#[derive(Clone, Debug)]
struct RestrictedLead {
    seat: Seat,
    offender: Seat,
    withdrawn: Call,
    kind: RestrictionKind,
    /// The suits of the withdrawn call the restriction concerns, for `suit_of_withdrawn_call`,
    /// as bits (clubs 1 to spades 8): one, or several the call related to (declarer then names
    /// one, `restricted_suit`).
    suits: u8,
    /// The suits the offender bid in the legal auction, clubs to spades.
    bid: [bool; 4],
    settled: bool,
}

/// What a ruling of the play is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Subject {
    /// A card led, played, exposed, or due as a penalty card.
    Card(Card),
    /// A revoke, by its place in the revoke record, and the revoke card.
    Revoke { index: usize, card: Card },
    /// A lead restriction the auction left: the withdrawn call the ruling names, and the suit it
    /// restricts, if it is the withdrawn call's.
    Restriction { call: Call, suit: Option<Suit> },
}

impl PlayBound {
    /// How long a requirement or prohibition of a lead lasts; `None` for a play penalty.
    fn lead_duration(self) -> Option<LeadDuration> {
        match self {
            PlayBound::LeadSuit(_, d) | PlayBound::NoLeadOfSuit(_, d) => Some(d),
            _ => None,
        }
    }

    /// The trick a play penalty binds; `None` for a requirement or prohibition of a lead.
    fn trick(self) -> Option<usize> {
        match self {
            PlayBound::Highest(t)
            | PlayBound::Lowest(t)
            | PlayBound::NotSuit(_, t)
            | PlayBound::Suit(_, t)
            | PlayBound::Card(_, t) => Some(t),
            PlayBound::LeadSuit(..) | PlayBound::NoLeadOfSuit(..) => None,
        }
    }

    /// The suit a requirement to lead names.
    fn required_lead(self) -> Option<Suit> {
        match self {
            PlayBound::LeadSuit(s, _) => Some(s),
            _ => None,
        }
    }
}

/// The number of the trick a play penalty binds, as its duration says, from the trick in
/// progress `number`.
fn bound_trick(number: usize, lasts: PlayDuration) -> usize {
    match lasts {
        PlayDuration::CurrentTrick => number,
        PlayDuration::NextTrick => number + 1,
    }
}

impl From<Card> for Subject {
    fn from(card: Card) -> Subject {
        Subject::Card(card)
    }
}

impl Subject {
    /// The card concerned; a lead restriction concerns a call.
    fn card(self) -> Option<Card> {
        match self {
            Subject::Card(card) | Subject::Revoke { card, .. } => Some(card),
            Subject::Restriction { .. } => None,
        }
    }

    /// The suit concerned: the card's, or the restricted suit.
    fn suit(self) -> Option<Suit> {
        match self {
            Subject::Restriction { suit, .. } => suit,
            _ => self.card().map(|c| c.suit),
        }
    }

    /// The revoke concerned, by its place in the record.
    fn revoke(self) -> Option<usize> {
        match self {
            Subject::Revoke { index, .. } => Some(index),
            _ => None,
        }
    }

    /// The act a ruling names.
    fn act(self) -> Act {
        match self {
            Subject::Restriction { call, .. } => Act::Call(call),
            Subject::Card(card) | Subject::Revoke { card, .. } => Act::Card(card),
        }
    }
}

/// An irregularity of the play awaiting the director, or the next card; or a matter the
/// tables rule at once.
#[derive(Clone, Debug)]
struct PlayPending {
    /// The 1-based number of the event at fault (or that brings the ruling).
    event: usize,
    /// The hand the card came from (dummy's seat for dummy's cards).
    offender: Seat,
    subject: Subject,
    /// Cards played together with the subject card.
    others: Vec<Card>,
    /// The hand whose turn it was; for a question, the player who asked.
    turn_of: Seat,
    table: Table,
    facts: Facts,
    known: Known,
    /// For a lead out of turn, the cards the offender's partner played to it before the ruling.
    followers: Vec<(Seat, Card)>,
    /// For a defender's lead out of turn, his partner's card played to it before the ruling (with
    /// its event), ruled once the lead is.
    partner_card: Option<(usize, Seat, Card)>,
}

/// Where the play stands, apart from a correction in progress and a pending irregularity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Cards are led and played in turn.
    Play,
    /// Declarer's lead out of turn was taken back, and he has not yet led from the correct hand.
    DeclarerToLeadAgain,
    /// The first trick's opening lead was made out of turn and accepted; the trick goes on.
    AcceptedOpeningLead,
    /// An agreed claim or concession ended the play: the claimer, and the tricks his side takes
    /// of those not played.
    Claimed { seat: Seat, tricks: usize },
}

/// A revoke corrected in the current trick (reopened if it was quitted), until the trick is
/// complete again and the next trick led.
#[derive(Clone, Debug, Default)]
struct Correction {
    /// The offender and the place of his revoke card in the trick, until he substitutes a card.
    substitute: Option<(Seat, usize)>,
    /// The offender and the cards played to the trick after the revoke card: their players may
    /// withdraw them until the lead to the next trick.
    later: Option<(Seat, Vec<(Seat, Card)>)>,
    /// The non-offending player who withdrew a card played after the revoke.
    non_offender_withdrew: Option<Seat>,
    /// Cards withdrawn after the revoke, still in the trick until their owners replace them.
    replacing: Vec<(Seat, Card)>,
    /// Cards the non-offending side played to the next trick before the revoke was corrected:
    /// held while the revoke's trick is reopened.
    held_next: Vec<(Seat, Card)>,
}

impl Correction {
    /// Nothing is left to do.
    fn is_done(&self) -> bool {
        self.substitute.is_none() && self.later.is_none() && self.replacing.is_empty() && self.held_next.is_empty()
    }
}

/// The state of the play.
pub(super) struct PlayState {
    declarer: Seat,
    dummy: Seat,
    trump: Option<Suit>,
    hands: [Hand; 4],
    /// The complete tricks, each card with its seat, the lead first.
    tricks: Vec<[(Seat, Card); 4]>,
    current: Trick,
    /// The revokes (inline for the few a play has: no allocation).
    revokes: smallvec::SmallVec<[Revoke; 2]>,
    /// For each revoke, the rectification that established it.
    established_by: smallvec::SmallVec<[Option<Rectified>; 2]>,
    penalty_cards: Vec<PenaltyCard>,
    bindings: Vec<PlayBinding>,
    pending: Option<PlayPending>,
    phase: Phase,
    correction: Option<Correction>,
    /// The trick for which declarer's penalty-card lead options were settled.
    lead_options_settled: Option<usize>,
    /// The major penalty cards, with their owners, for which declarer was given lead options.
    lead_options_given: Vec<(Seat, Card)>,
    /// Declarer's choices for a lead, given in the entry that ruled an irregularity before that
    /// lead was due (cards were still to be played to the trick), with that entry's event: they
    /// are ruled when the next lead is made, or taken by a director entry before it.
    kept_lead_answers: Option<(usize, Vec<(String, String)>)>,
    /// The `director` entry, just after a lead made before declarer's options, whose choices
    /// were ruled at that lead (the options are stated at it): the entry has no more to rule.
    lead_answers_taken_from: Option<usize>,
    /// The establishment table's answer for each establishing act, by the offending side or
    /// not, once asked: the rectification establishing the revoke, if any.
    establishes: [Option<Option<Traced>>; EstablishingAct::ALL.len() * 2],
    /// The ranks the honour-rank table has been asked about, and those of honour rank, by bit.
    honours: (u16, u16),
    /// The lead restrictions the auction left on the defenders.
    restricted: Vec<RestrictedLead>,
    /// Requirements to lead a suit, and play penalties, that a revoke card did not meet, with
    /// that card: a corrected revoke restores them for the substitute (Law 62B1: a legal card).
    unmet_penalties: Vec<(Card, PlayBinding)>,
    /// The director's judgements for the end of play (whether the law compensates a revoke's
    /// damage), given at any `director` entry for every revoke.
    end_answers: Vec<(String, String)>,
    /// The same judgements given revoke by revoke, by the revoking seat and optionally the
    /// revoke's trick, with the event that gave them.
    end_by_revoke: Vec<(usize, SeatAnswer)>,
    /// Declarer's choices for the end of play (`END_CHOICES`), with the event that gave them.
    end_choices: Vec<(usize, (String, String))>,
    /// Penalty cards played as revoke cards: a correction puts them back on the table.
    faced_revoke_cards: Vec<PenaltyCard>,
    /// The latest card to become a penalty card, with its owner.
    last_penalty_card: Option<(Seat, Card)>,
    /// A face-down opening lead, not yet faced.
    face_down: Option<(Seat, Card)>,
    /// A card has been faced in the play (an opening lead in turn or out of turn, even one
    /// then refused): the auction period has ended.
    card_faced: bool,
    /// The trick to which dummy, of his own volition, prematurely selected or suggested a card.
    dummy_selected: Option<usize>,
    /// Cards played at once, more than one visible, whose others were withdrawn: the offender,
    /// the trick, and how many cards the trick held with the one played.
    visible_withdrawn: Option<(Seat, usize, usize)>,
    /// A card a ruling replaced after the other side played to the trick after it (an
    /// opponent's change of play), with those cards.
    changed_play: Option<revoke::ChangedPlay>,
    /// For revokes established by agreement to an opponent's claim, when attention was first
    /// drawn (the director's finding), as the revoke adjustment sees it.
    late_attention: Vec<(usize, bridgelaw_tables::LateAttention)>,
    /// At the thirteenth trick, once a lead out of turn that a card was played to has been
    /// taken back: the cards recorded out of rotation, each a hand's last card, played at its
    /// turn.
    last_trick_held: Option<Vec<(Seat, Card)>>,
    /// The non-offending side's cards to the next trick, held while a revoke's trick was
    /// reopened and back in the trick since: their players may still withdraw them (Law 62C1)
    /// until another card is played.
    restored_next: Vec<(Seat, Card)>,
    /// The tricks on which both sides' revokes were corrected together (the other side's with
    /// the one attention was drawn to): cards withdrawn after them know it (`revokes_corrected_together`).
    corrected_together: Vec<usize>,
    /// Cards to the next trick that went back to their hands when a trick whose revokes were
    /// corrected together closed again with another winner: cards withdrawn, each ruled by the
    /// `later_card_withdrawal` table once the event that closed the trick is done.
    returned_together: Vec<(Seat, Card)>,
    /// A `director` entry after which the next hand in rotation plays to a lead out of turn
    /// (Law 53A): its number and answers, which the ruling on that card uses.
    accepted_after: Option<(usize, Vec<(String, String)>)>,
    /// The penalty card the director had played in place of another card (Law 52B2), with the
    /// number of the event after his ruling (recorded there, it is that substitution) and the
    /// trick's.
    substituted: Option<(usize, Seat, Card, usize)>,
    /// A card that went to a trick with the card its player faced, unnoticed (a defective
    /// trick), until the director rules on it.
    extra_card: Option<defective::ExtraCard>,
    /// A player who played no card to a trick (a defective trick), until his card is supplied
    /// or placed.
    omitted: Option<defective::Omitted>,
    /// Tricks whose winner a card placed in them later does not change (Law 67B1): the trick
    /// (0-based) and its winner.
    fixed_winners: Vec<(usize, Seat)>,
    /// Declarer facing his cards is deemed a claim (2017 Law 48B2): the record gives it before
    /// any further card.
    claim_due: bool,
}

impl PlayState {
    /// An agreed claim: the claimer and the tricks his side takes of those not played.
    fn claim(&self) -> Option<(Seat, usize)> {
        match self.phase {
            Phase::Claimed { seat, tricks } => Some((seat, tricks)),
            _ => None,
        }
    }

    /// The correction in progress, begun if there is none.
    fn correcting(&mut self) -> &mut Correction {
        self.correction.get_or_insert_with(Correction::default)
    }

    /// The place of the revoke card awaiting its substitute, with the offender.
    fn substitute(&self) -> Option<(Seat, usize)> {
        self.correction.as_ref().and_then(|c| c.substitute)
    }

    /// Cards withdrawn after a corrected revoke and not yet replaced.
    fn replacing(&self) -> &[(Seat, Card)] {
        self.correction.as_ref().map_or(&[], |c| &c.replacing[..])
    }

    /// The first hand in rotation from the leader that has not played to the trick (a card
    /// played out of turn may stand, so the last card does not say).
    fn next_to_play(&self) -> Seat {
        let mut seat = self.current.leader;
        for _ in 0..4 {
            if !self.current.cards.iter().any(|(s, _)| *s == seat) {
                return seat;
            }
            seat = seat.lho();
        }
        seat
    }

    /// Closes a complete trick of these cards and this winner: the winner leads next.
    fn close(&mut self, cards: [(Seat, Card); 4], winner: Seat) {
        self.tricks.push(cards);
        self.current.leader = winner;
    }

    /// The winner of each complete trick, in its first places (as `winner` gives them).
    fn winners(&self) -> [Seat; 13] {
        let mut winners = [Seat::N; 13];
        for (t, (w, cards)) in winners.iter_mut().zip(&self.tricks).enumerate() {
            *w = if self.fixed_winners.is_empty() { trick_winner(cards, self.trump) } else { self.winner(t) };
        }
        winners
    }

    fn winner(&self, trick: usize) -> Seat {
        match self.fixed_winners.iter().find(|(t, _)| *t == trick) {
            Some(&(_, w)) => w,
            None => trick_winner(&self.tricks[trick], self.trump),
        }
    }

    /// Nothing awaits the director: no irregularity, defective trick or correction.
    fn nothing_awaits(&self) -> bool {
        self.pending.is_none()
            && self.extra_card.is_none()
            && self.omitted.is_none()
            && self.correction.is_none()
            && self.last_trick_held.is_none()
            && !self.claim_due
    }

    fn trick_number(&self) -> usize {
        self.tricks.len() + 1
    }

    fn role(&self, seat: Seat) -> OffenderRole {
        if seat.same_side(self.declarer) {
            OffenderRole::Declarer
        } else {
            OffenderRole::Defender
        }
    }

    fn side_has_penalties(&self, seat: Seat) -> bool {
        self.penalty_cards.iter().any(|p| p.seat.same_side(seat))
            || self.bindings.iter().any(|b| b.seat.same_side(seat))
    }

    /// Whether another lead is to come: the play has not ended (thirteen tricks, or a claim).
    fn lead_to_come(&self) -> bool {
        self.tricks.len() < 13 && self.claim().is_none()
    }

    /// The lead restriction due now: its player is to lead for the first time since the auction.
    fn restricted_lead_due(&self) -> Option<usize> {
        (self.current.cards.is_empty() && self.pending.is_none() && self.lead_to_come())
            .then(|| self.restricted.iter().position(|r| !r.settled && r.seat == self.current.leader))
            .flatten()
    }

    /// The seat with a major penalty card whose partner is to lead, declarer not having chosen for
    /// this lead, and that card.
    fn lead_options_holder(&self) -> Option<(Seat, Card)> {
        let holder = self.current.leader.partner();
        if !self.current.cards.is_empty()
            || self.pending.is_some()
            || !self.lead_to_come()
            || self.lead_options_settled == Some(self.trick_number())
        {
            return None;
        }
        self.penalty_cards.iter().find(|p| p.seat == holder && p.major).map(|p| (holder, p.card))
    }
}

fn named_suit(suit: NamedSuit) -> Suit {
    match suit {
        NamedSuit::Clubs => Suit::Clubs,
        NamedSuit::Diamonds => Suit::Diamonds,
        NamedSuit::Hearts => Suit::Hearts,
        NamedSuit::Spades => Suit::Spades,
    }
}

fn relation(from: Seat, to: Seat) -> Turn {
    if to == from.partner() {
        Turn::Partner
    } else if to == from.lho() {
        Turn::Lho
    } else {
        Turn::Rho
    }
}

impl Referee<'_> {
    /// The seat whose major penalty card gives declarer lead options now, if any: the
    /// `penalty_card_lead_occasion` table says whether this lead is one (the first, or a later
    /// one while the card is on the table).
    fn penalty_card_holder(&self) -> Option<Seat> {
        let st = self.play.as_ref()?;
        let (holder, card) = st.lead_options_holder()?;
        let facts =
            Facts { penalty_card_options_given: st.lead_options_given.contains(&(holder, card)), ..Facts::default() };
        let d = self.ask_derived(Table::PenaltyCardLeadOccasion, &facts);
        d.outcomes().any(|t| matches!(t.rectification, Rectification::LeadOptionsDue)).then_some(holder)
    }

    #[allow(clippy::expect_used, reason = "play events are ruled only once the play has started")]
    fn st(&mut self) -> &mut PlayState {
        self.play.as_mut().expect("the play has started")
    }

    /// Sets up the play at its first event (`begin_play`), once.
    #[inline]
    fn start_play(&mut self, event: usize) -> Result<(), RefereeError> {
        if self.play.is_some() {
            return Ok(());
        }
        self.begin_play(event)
    }

    /// Sets up the play: the contract, the deal and the opening leader.
    #[inline(never)]
    fn begin_play(&mut self, event: usize) -> Result<(), RefereeError> {
        if self.pending.is_some() {
            return Err(err(event, "the play begins while an irregularity of the auction awaits a ruling"));
        }
        for (name, value) in &self.case.regulations {
            let fact = FactId::from_name(name).filter(|f| crate::case::is_regulation(*f));
            if !fact.is_some_and(|f| f.values().contains(&value.as_str())) {
                return Err(err(event, format!("`{name}: {value}` is not a regulation setting of the vocabulary")));
            }
        }
        let contract = match (self.over, auction::contract(&self.calls), self.case.contract) {
            (true, Some(c), _) => c,
            (_, _, Some(c)) if self.calls.is_empty() => c,
            _ => {
                return Err(err(
                    event,
                    "a card is played, but the auction has not ended in a contract and the case gives none",
                ))
            }
        };
        let deal = self.case.deal.ok_or_else(|| err(event, "a card is played, but the case gives no `deal`"))?;
        // The lead restrictions that apply: the offending side defends, and the table gives one.
        let mut restricted = Vec::new();
        for l in self
            .leads
            .iter()
            .filter(|l| self.restriction_lapses(Some(contract), l.offender).map(|(l, _)| l) == Some(false))
        {
            let LeadDecision { kind, suits, open, .. } = self.lead_restriction(l);
            if let Some(open) = open {
                return Err(err(event, format!("the play cannot start: the lead restriction on {}: {open}", l.seat)));
            }
            let kind = match kind {
                Some(Rectification::RequireOrProhibitSuit) if suits != 0 => RestrictionKind::SuitOfWithdrawnCall,
                Some(Rectification::ProhibitAnySuit | Rectification::ProhibitUnspecifiedSuit) => {
                    RestrictionKind::AnySuit
                }
                _ => continue,
            };
            let mut bid = [false; 4];
            for m in self.calls.iter().filter(|m| !m.cancelled && m.seat == l.offender) {
                if let Call::Bid { strain, .. } = m.call {
                    if let Some(s) = trump_suit(strain) {
                        bid[s as usize] = true;
                    }
                }
            }
            let (seat, offender, withdrawn) = (l.seat, l.offender, l.withdrawn);
            restricted.push(RestrictedLead { seat, offender, withdrawn, kind, suits, bid, settled: false });
        }
        self.play = Some(PlayState {
            declarer: contract.declarer,
            dummy: contract.declarer.partner(),
            trump: trump_suit(contract.strain),
            hands: deal.hands,
            tricks: Vec::with_capacity(13),
            current: Trick { leader: contract.declarer.lho(), cards: Vec::with_capacity(4) },
            revokes: smallvec::SmallVec::new(),
            established_by: smallvec::SmallVec::new(),
            penalty_cards: Vec::new(),
            bindings: Vec::new(),
            pending: None,
            phase: Phase::Play,
            correction: None,
            lead_options_settled: None,
            lead_options_given: Vec::new(),
            kept_lead_answers: None,
            lead_answers_taken_from: None,
            honours: (0, 0),
            establishes: [None; EstablishingAct::ALL.len() * 2],
            restricted,
            unmet_penalties: Vec::new(),
            end_answers: Vec::new(),
            end_by_revoke: Vec::new(),
            end_choices: Vec::new(),
            faced_revoke_cards: Vec::new(),
            last_penalty_card: None,
            face_down: None,
            card_faced: false,
            dummy_selected: None,
            visible_withdrawn: None,
            changed_play: None,
            late_attention: Vec::new(),
            last_trick_held: None,
            restored_next: Vec::new(),
            corrected_together: Vec::new(),
            returned_together: Vec::new(),
            accepted_after: None,
            substituted: None,
            extra_card: None,
            omitted: None,
            fixed_winners: Vec::new(),
            claim_due: false,
        });
        // The cards exposed during the auction: penalty cards, or back in the hand (Law 24).
        self.exposures_at_end()
    }

    /// Whether a lead restriction on `offender`'s partner lapses at the end of the auction,
    /// which ended in `contract` (`None`: passed out), as the `restriction_lapse` table says;
    /// `None` if the edition's tables do not say.
    pub(in crate::referee) fn restriction_lapses(
        &self,
        contract: Option<auction::Contract>,
        offender: Seat,
    ) -> Option<(bool, Rectification)> {
        let facts = Facts {
            restricted_side_declares: contract.is_some_and(|c| c.declarer.same_side(offender)),
            deal_passed_out: contract.is_none(),
            ..Facts::default()
        };
        let d = self.ask_derived(Table::RestrictionLapse, &facts);
        d.outcomes().find_map(|t| match t.rectification {
            k @ Rectification::RestrictionLapses { .. } => Some((true, k)),
            k @ Rectification::RestrictionApplies => Some((false, k)),
            _ => None,
        })
    }

    /// Whether the opening lead has been faced, which ends the auction period (2017 Law 17D1;
    /// 1987 Law 17E), in turn or out of turn, even if then refused: a lead made face down has
    /// not been.
    pub(in crate::referee) fn opening_lead_faced(&self) -> bool {
        self.play.as_ref().is_some_and(|st| st.card_faced || !st.tricks.is_empty() || !st.current.cards.is_empty())
    }

    /// Whether the auction has ended in a contract (or the case gives one) and a deal is given.
    pub(in crate::referee) fn play_can_start(&self) -> bool {
        let contract = match (self.over, self.calls.is_empty()) {
            (true, _) => auction::contract(&self.calls).is_some(),
            (false, true) => self.case.contract.is_some(),
            (false, false) => false,
        };
        contract && self.pending.is_none() && self.case.deal.is_some()
    }

    /// Checks that `seat` can still lead or play `card`.
    fn playable(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        let st = self.st();
        if st.tricks.len() == 13 || st.claim().is_some() {
            return Err(err(event, format!("{seat} plays {card} after the play has ended")));
        }
        if !st.hands[seat as usize].contains(card) {
            return Err(err(event, format!("{seat} does not hold {card}")));
        }
        Ok(())
    }

    /// A matter for the tables, with every derived fact known.
    fn pending_play(
        &self,
        event: usize,
        offender: Seat,
        subject: impl Into<Subject>,
        turn_of: Seat,
        table: Table,
        mut facts: Facts,
    ) -> PlayPending {
        // The regulation settings the case gives hold for every table (start_play checked them).
        for (name, value) in &self.case.regulations {
            if let Some(f) = FactId::from_name(name) {
                if let Some(i) = f.values().iter().position(|v| v == value) {
                    facts.set(f, i);
                }
            }
        }
        PlayPending {
            event,
            offender,
            subject: subject.into(),
            others: Vec::new(),
            turn_of,
            table,
            facts,
            known: derived_known(&[]),
            followers: Vec::new(),
            partner_card: None,
        }
    }

    /// Asks a table about facts that are all derived, and records the ruling without applying
    /// it; returns the outcomes.
    fn record(&mut self, p: &PlayPending, irregularity: &'static str) -> Vec<Traced> {
        let d = self.ask_derived(p.table, &p.facts);
        let facts = facts_shown(&[(d, Vec::new())], &p.facts, &p.known);
        let rectifications: Vec<Rectified> = d.outcomes().map(|t| self.describe_play(p, &t, p.subject)).collect();
        for r in &rectifications {
            self.cite(&r.clauses);
        }
        let mut ruling = IrregularityRuling::new(p.event, irregularity, p.offender, p.subject.act(), p.turn_of, facts);
        ruling.rules = Rules::of(d.decided().rules);
        ruling.rectifications = rectifications;
        ruling.unprovided = d.unprovided().map(|t| t.name()).collect();
        self.irregularities.push(ruling);
        d.outcomes().collect()
    }

    /// Rules on a play irregularity, or asks the open questions it depends on.
    fn rule_play(&mut self, mut p: PlayPending, answers: &[(String, String)]) -> Result<(), RefereeError> {
        answer(self.at_fault(p.event, answers), answers, &mut p.facts, &mut p.known)?;
        self.presume_dummy_sight(&mut p);
        let edition = self.edition();
        let (unknown, mut groups) = self.consult(p.table, &p.facts, &p.known);
        let irregularity = match p.table {
            Table::PlayIrregularity => p.facts.play_irregularity.name(),
            Table::RevokeInquiry => QUESTION_ABOUT_REVOKE,
            Table::RevokeCorrection => REVOKE,
            Table::QuittedTrickInspection => INSPECTION,
            Table::PlayersSettlement => SETTLEMENT,
            Table::PenaltyCardInformation => PENALTY_CARD_INFORMATION,
            Table::LaterCardWithdrawal => WITHDRAWAL,
            Table::VisibleCardWithdrawal => WITHDRAWAL_AFTER_CARDS_TOGETHER,
            Table::ChangedPlayWithdrawal => WITHDRAWAL_AFTER_CHANGED_PLAY,
            Table::RestrictedLead => RESTRICTED_LEAD,
            Table::DeclarerFacesCards => DECLARER_FACES_CARDS,
            _ => PENALTY_CARD_LEAD,
        };
        let facts = facts_shown(&groups, &p.facts, &p.known);
        let mut ruling = IrregularityRuling::new(p.event, irregularity, p.offender, p.subject.act(), p.turn_of, facts);
        if groups.len() > 1 {
            // A choice the laws do not give declarer is refused when made (`option_not_available`):
            // no alternative to show, nor a question its facts alone raise.
            let offered =
                |(d, _): &Group| d.outcomes().all(|t| !matches!(t.rectification, Rectification::OptionNotAvailable));
            if groups.iter().any(offered) {
                groups.retain(|g| offered(g));
            }
            (ruling.open_questions, ruling.alternatives) =
                open_questions(&unknown, &groups, |_, t| self.describe_play(&p, t, p.subject));
            self.irregularities.push(ruling);
            self.st().pending = Some(p);
            self.stopped_at = Some(0);
            return Ok(());
        }
        let Some((decision, _)) = groups.pop() else {
            return Err(unsupported_at(p.event, edition, Some(p.table), irregularity));
        };
        if decision.outcomes().next().is_none() || decision.unprovided().next().is_some() {
            let what = format!("{} by {} ({})", irregularity.replace('_', " "), p.offender, p.subject.act());
            let given: Vec<String> = FactId::ALL
                .iter()
                .filter(|f| f.source() != FactSource::Derived && p.known.contains(f))
                .map(|f| format!("{} = {}", f.name(), f.values()[p.facts.get(*f)]))
                .collect();
            // A table the edition does not define at all is not consulted (`tables` lacks it).
            let undefined = decision.undefined();
            let table = decision.unprovided().next().unwrap_or(p.table);
            if given.is_empty() || undefined {
                return Err(unsupported_at(p.event, edition, Some(table), &what));
            }
            let given = given.join(", ");
            return Err(RefereeError {
                event: self.at_fault(p.event, answers),
                kind: ErrorKind::NoRuleApplies { edition, table: table.name() },
                message: format!(
                    "{what}: no rule of edition {edition} applies with {given}; is every answer possible here?"
                ),
            });
        }
        ruling.rules = Rules::of(decision.decided().rules);
        for t in decision.outcomes() {
            for view in self.apply_play(&p, &t)? {
                self.cite(&view.clauses);
                ruling.rectifications.push(view);
            }
        }
        let lead_stands =
            |t: &Traced| matches!(t.rectification, Rectification::LeadStands | Rectification::DeclarerSpreads);
        let stands = decision.outcomes().any(|t| lead_stands(&t));
        if !stands {
            // A lead that does not stand takes the cards played to it back with it.
            for &(seat, card) in &p.followers {
                self.st().hands[seat as usize].insert(card);
            }
        }
        self.irregularities.push(ruling);
        let outcome = match () {
            _ if stands => IrregularLeadOutcome::Stands,
            _ if decision.outcomes().any(|t| matches!(t.rectification, Rectification::ProperLeadStands)) => {
                IrregularLeadOutcome::ProperLeadMade
            }
            _ => IrregularLeadOutcome::Retracted,
        };
        self.partner_card_ruled(&p, outcome)
    }

    /// At a defender's opening lead out of turn, where the director does not judge whether
    /// declarer could have seen dummy's cards: the `dummy_sight` table presumes it from the
    /// record (an edition without the table leaves the judgement to be asked).
    fn presume_dummy_sight(&self, p: &mut PlayPending) {
        let lead = p.table == Table::PlayIrregularity
            && p.facts.play_irregularity == PlayIrregularity::LeadOutOfTurn
            && p.facts.opening_lead
            && p.facts.offender_role == OffenderRole::Defender;
        if !lead || p.known.contains(&FactId::DeclarerSawDummy) {
            return;
        }
        for t in self.ask_derived(Table::DummySight, &p.facts).outcomes() {
            if let Rectification::DummySightPresumed { seen } = t.rectification {
                p.facts.declarer_saw_dummy = seen == Presumption::CouldSee;
                p.known.insert(FactId::DeclarerSawDummy);
            }
        }
    }

    /// Describes a play rectification at this table, without applying it.
    fn describe_play(&self, p: &PlayPending, t: &Traced, subject: Subject) -> Rectified {
        // For cards played together, what is taken back or penalized is the other cards.
        let act = match (t.rectification, p.others.first()) {
            (Rectification::CardRestored | Rectification::PenaltyCard { .. }, Some(&other)) => Act::Card(other),
            _ => subject.act(),
        };
        let seats = match t.rectification {
            Rectification::PartnerPlaysHighest { .. }
            | Rectification::PartnerPlaysLowest { .. }
            | Rectification::PartnerPlaysSuit { .. }
            | Rectification::PartnerMayNotPlaySuit { .. } => Seats::one(p.offender.partner()),
            Rectification::PartnerCardsExchanged => Seats::one(p.offender.partner()),
            Rectification::PenaltyCard { .. }
            | Rectification::MajorPenaltyCard
            | Rectification::MinorPenaltyCard
            | Rectification::PlayAtProperTurn { .. }
            | Rectification::ExtraCardRestored
            | Rectification::OmittedCardSupplied
            | Rectification::OmittedCardPlaced
            | Rectification::DeemedRevoke
            | Rectification::DeemedClaim
            | Rectification::FaceDownLeadRetracted => Seats::one(p.offender),
            Rectification::ReviewLineOfPlay => Seats::one(self.play.as_ref().map_or(p.offender, |st| st.declarer)),
            Rectification::OptionsExplained => Seats::of(&[p.offender.lho(), p.offender.rho()]),
            Rectification::LeadSameSuit { .. }
            | Rectification::RequirePenaltyCardSuit { .. }
            | Rectification::ProhibitPenaltyCardSuit { .. }
            | Rectification::PenaltyCardStays
            | Rectification::RequireNamedPenaltyCardSuit { .. }
            | Rectification::ProhibitNamedPenaltyCardSuit { .. }
            | Rectification::ProhibitEveryPenaltyCardSuit { .. }
            | Rectification::InquiryPermitted
            | Rectification::ImproperInquiry
            | Rectification::InspectionAllowed
            | Rectification::InspectionRefused
            | Rectification::RequireRestrictedSuit { .. }
            | Rectification::ProhibitRestrictedSuit { .. }
            | Rectification::ProhibitNamedSuit { .. }
            | Rectification::RequireNamedSuit { .. }
            | Rectification::ProhibitionRefused { .. }
            | Rectification::RestrictedSuitRefused { .. }
            | Rectification::LeadUnrestricted => Seats::one(p.turn_of),
            _ => Seats::NONE,
        };
        Rectified {
            rectification: t.rectification.name(),
            kind: t.rectification,
            context: Context { offender: p.offender, act, turn_of: p.turn_of, after_auction: false },
            seats,
            duration: None,
            rule: t.rule,
            clauses: Clauses::of(t),
            template: self.laws.text(t.rectification),
        }
    }

    /// The card of a premature player's partner, played before the ruling, that failed to follow
    /// suit: it stands as a revoke (Law 61A), judged by what bound it when it was played.
    fn played_before_option(p: &PlayPending) -> bool {
        p.facts.play_irregularity == PlayIrregularity::PartnerPlaysBeforePrematureRuling && p.facts.card_off_suit
    }

    /// Plays `card` in turn without the play penalties the premature play's ruling has just
    /// imposed on `seat` (declarer's Law 57A option), which did not exist when he played it: its
    /// revoke is a failure to follow suit (Law 61A, "specified by an opponent when exercising an
    /// option"; 1987 commentary 61.1), not a failure to meet the option. They bound his play to
    /// this trick, to which he has now played: they end here, as a card in turn ends them.
    fn in_turn_before_option(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.st().bindings.retain(|b| !(b.seat == seat && b.premature));
        self.in_turn(event, seat, card)
    }

    fn bind_play(&mut self, seat: Seat, bound: PlayBound, premature: bool, view: &Rectified) {
        let view = view.clone();
        self.st().bindings.push(PlayBinding { seat, bound, premature, has_led: false, view });
    }

    /// Carries a play rectification into the state of the play; returns it, with the
    /// rectifications it brings in turn (a penalty card's kind).
    fn apply_play(&mut self, p: &PlayPending, t: &Traced) -> Result<Vec<Rectified>, RefereeError> {
        let view = self.describe_play(p, t, p.subject);
        // A rectification that acts on a card or a suit, from a table whose subject has none, is
        // one the play cannot apply here.
        let edition = self.edition();
        let misapplied = || {
            let what = format!("{} at table {} ({})", t.rectification.name(), p.table.name(), p.subject.act());
            unsupported_at(p.event, edition, Some(p.table), &what)
        };
        let card = p.subject.card().ok_or_else(misapplied);
        let suit = p.subject.suit().ok_or_else(misapplied);
        let mut out = Vec::new();
        let number = self.st().trick_number();
        match t.rectification {
            Rectification::LeadStands | Rectification::DeclarerSpreads => {
                let card = card?;
                let st = self.st();
                if t.rectification == Rectification::DeclarerSpreads {
                    std::mem::swap(&mut st.declarer, &mut st.dummy);
                }
                st.hands[p.offender as usize].remove(card);
                st.current = Trick { leader: p.offender, cards: vec![(p.offender, card)] };
                if p.facts.opening_lead && t.rectification == Rectification::LeadStands {
                    st.phase = Phase::AcceptedOpeningLead;
                }
                // The cards played to the lead before the ruling stand with it.
                for &(seat, card) in &p.followers {
                    self.st().hands[seat as usize].insert(card);
                    self.in_turn(p.event, seat, card)?;
                }
            }
            Rectification::FollowsIrregularLead => {
                let card = card?;
                let st = self.st();
                st.hands[p.offender as usize].remove(card);
                let Some(lead) = st.pending.as_mut() else { return Err(misapplied()) };
                lead.followers.push((p.offender, card));
            }
            // It is checked as any card played in turn: penalties, penalty cards, following suit.
            Rectification::PlayStands if Self::played_before_option(p) => {
                self.in_turn_before_option(p.event, p.offender, card?)?
            }
            Rectification::PlayStands => self.in_turn(p.event, p.offender, card?)?,
            // Law 60B's period: declarer's retracted lead is still to be made from his side's
            // hand (Law 55B2), not a Law 55B1 retraction that leaves the lead with a defender.
            Rectification::LeadFromCorrectHand
                if p.facts.offender_role == OffenderRole::Declarer && p.turn_of.same_side(self.st().declarer) =>
            {
                self.st().phase = Phase::DeclarerToLeadAgain;
            }
            Rectification::LeadSameSuit { lasts } => {
                self.bind_play(p.turn_of, PlayBound::LeadSuit(suit?, lasts), false, &view)
            }
            Rectification::ProperLeadStands => {
                let st = self.st();
                for (s, c) in std::mem::take(&mut st.current.cards) {
                    st.hands[s as usize].insert(c);
                }
                st.current.leader = p.turn_of;
            }
            Rectification::PenaltyCard { exposure } => {
                out.push(view.clone());
                let cards = if p.others.is_empty() { vec![card?] } else { p.others.clone() };
                for c in cards {
                    out.extend(self.penalty_card(p, c, exposure)?);
                }
                return Ok(out);
            }
            Rectification::PartnerPlaysHighest { lasts } => {
                self.bind_play(p.offender.partner(), PlayBound::Highest(bound_trick(number, lasts)), true, &view)
            }
            Rectification::PartnerPlaysLowest { lasts } => {
                self.bind_play(p.offender.partner(), PlayBound::Lowest(bound_trick(number, lasts)), true, &view)
            }
            Rectification::PartnerMayNotPlaySuit { suit, lasts } => {
                let bound = PlayBound::NotSuit(named_suit(suit), bound_trick(number, lasts));
                self.bind_play(p.offender.partner(), bound, true, &view)
            }
            Rectification::PartnerPlaysSuit { suit, lasts } => {
                let bound = PlayBound::Suit(named_suit(suit), bound_trick(number, lasts));
                self.bind_play(p.offender.partner(), bound, true, &view)
            }
            // The card stays in his hand, to be played at his turn.
            Rectification::PlayAtProperTurn { lasts } => {
                self.bind_play(p.offender, PlayBound::Card(card?, bound_trick(number, lasts)), false, &view)
            }
            Rectification::OptionNotAvailable => {
                let given = [
                    FactId::PrematureOption,
                    FactId::RequiredSuit,
                    FactId::ForbiddenSuit,
                    FactId::LeadChoice,
                    FactId::PenaltyCardLead,
                    FactId::PenaltyCardSuit,
                ]
                .iter()
                .filter(|f| p.known.contains(f))
                .map(|f| format!("{} = {}", f.name(), f.values()[p.facts.get(*f)]))
                .collect::<Vec<_>>()
                .join(", ");
                // At fault: the `director` entry that gives the choice.
                return Err(err(
                    self.answered_at,
                    format!("declarer's choice ({given}) is not an option the laws of edition {edition} give him"),
                ));
            }
            Rectification::DeemedClaim => self.st().claim_due = true,
            Rectification::ReviewLineOfPlay => {
                self.reviews.push(DamageReview { seats: view.seats, review: view.clone() })
            }
            Rectification::RequirePenaltyCardSuit { .. } | Rectification::ProhibitPenaltyCardSuit { .. } => {
                let suit = suit?;
                let bound = match t.rectification {
                    Rectification::ProhibitPenaltyCardSuit { lasts } => PlayBound::NoLeadOfSuit(suit, lasts),
                    Rectification::RequirePenaltyCardSuit { lasts } => PlayBound::LeadSuit(suit, lasts),
                    _ => return Err(misapplied()),
                };
                self.bind_play(p.turn_of, bound, false, &view);
                self.st().penalty_cards.retain(|c| !(c.seat == p.offender && c.card.suit == suit));
            }
            Rectification::RequireNamedPenaltyCardSuit { suit, .. }
            | Rectification::ProhibitNamedPenaltyCardSuit { suit, .. } => {
                let suit = named_suit(suit);
                if !self.st().penalty_cards.iter().any(|c| c.seat == p.offender && c.card.suit == suit) {
                    return Err(err(
                        p.event,
                        format!("declarer names {}, but {} has no penalty card in that suit", suit.name(), p.offender),
                    ));
                }
                let bound = match t.rectification {
                    Rectification::ProhibitNamedPenaltyCardSuit { lasts, .. } => PlayBound::NoLeadOfSuit(suit, lasts),
                    Rectification::RequireNamedPenaltyCardSuit { lasts, .. } => PlayBound::LeadSuit(suit, lasts),
                    _ => return Err(misapplied()),
                };
                self.bind_play(p.turn_of, bound, false, &view);
                self.st().penalty_cards.retain(|c| !(c.seat == p.offender && c.card.suit == suit));
            }
            Rectification::ProhibitEveryPenaltyCardSuit { lasts } => {
                // A prohibition for each suit, in the order its first penalty card arose, its
                // standing text naming the suit by that card.
                let st = self.st();
                let mut cards: Vec<Card> = Vec::with_capacity(4);
                for c in st.penalty_cards.iter().filter(|c| c.seat == p.offender) {
                    if cards.iter().all(|k| k.suit != c.card.suit) {
                        cards.push(c.card);
                    }
                }
                for card in cards {
                    let mut per_suit = view.clone();
                    per_suit.context.act = Act::Card(card);
                    self.bind_play(p.turn_of, PlayBound::NoLeadOfSuit(card.suit, lasts), false, &per_suit);
                }
                self.st().penalty_cards.retain(|c| c.seat != p.offender);
            }
            Rectification::CorrectRevoke => self.correct_revoke(p).ok_or_else(misapplied)?,
            Rectification::PartnerCardsExchanged => {
                revoke::exchange_partner_cards(self.st(), p.offender.partner()).ok_or_else(misapplied)?
            }
            Rectification::CorrectOtherRevoke => {
                self.correct_other_revoke(p).ok_or_else(misapplied)?;
            }
            Rectification::OtherRevokePenaltyCard { exposure } => {
                out.push(view);
                out.extend(self.other_revoke_penalty_card(p, exposure)?);
                return Ok(out);
            }
            Rectification::RequireRestrictedSuit { lasts } => {
                self.bind_play(p.turn_of, PlayBound::LeadSuit(suit?, lasts), false, &view)
            }
            Rectification::ProhibitRestrictedSuit { lasts } => {
                self.bind_play(p.turn_of, PlayBound::NoLeadOfSuit(suit?, lasts), false, &view)
            }
            // The restriction is still to be exercised, with another suit.
            Rectification::ProhibitionRefused { .. } | Rectification::RestrictedSuitRefused { .. } => {
                let seat = p.turn_of;
                self.st().restricted.iter_mut().filter(|r| r.seat == seat).for_each(|r| r.settled = false);
            }
            Rectification::ProhibitNamedSuit { suit, lasts } => {
                self.bind_play(p.turn_of, PlayBound::NoLeadOfSuit(named_suit(suit), lasts), false, &view)
            }
            Rectification::RequireNamedSuit { suit, lasts } => {
                self.bind_play(p.turn_of, PlayBound::LeadSuit(named_suit(suit), lasts), false, &view)
            }
            Rectification::IllegalCardAccepted { revoke } => {
                let Some(i) = p.subject.revoke().filter(|&i| i < self.st().revokes.len()) else {
                    return Err(misapplied());
                };
                let st = self.st();
                match revoke {
                    // The accepted card is no longer a revoke.
                    AcceptedRevoke::Cancelled => {
                        st.revokes.remove(i);
                        st.established_by.remove(i);
                    }
                    // It stays a revoke, never corrected, established as any.
                    AcceptedRevoke::Stands => st.revokes[i].accepted = true,
                }
            }
            Rectification::PenaltyCardSubstituted => self.substitute_penalty_card(p).ok_or_else(misapplied)?,
            Rectification::CardWithdrawn => {
                let card = card?;
                let st = self.st();
                // A card already back in the hand (a lead to the next trick returned when the
                // corrected trick closed with another winner) awaits no replacement.
                let returned = st.hands[p.offender as usize].contains(card);
                st.hands[p.offender as usize].insert(card);
                let c = st.correcting();
                if !returned {
                    c.replacing.push((p.offender, card));
                }
                if !p.facts.withdrawer_offending {
                    c.non_offender_withdrew = Some(p.offender);
                }
            }
            _ => {}
        }
        out.push(view);
        Ok(out)
    }
}

mod accepted;
mod adjust;
mod defective;
mod director;
mod exposed;
mod penalties;
mod revoke;
mod trick;
pub(super) use exposed::Exposures;
