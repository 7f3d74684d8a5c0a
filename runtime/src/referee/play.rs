//! The play half of the referee: tricks, leads out of turn, premature,
//! simultaneous and multiple plays, penalty cards with the lead and play
//! penalties they bring, revokes (their correction, establishment and trick
//! adjustment), questions about a revoke, and claims. As in the auction, the
//! generated tables decide every outcome; this module derives the facts they
//! test and carries their rectifications into the state of the play.

use super::*;
use crate::play::{trick_winner, trump_suit, Card, Hand, Revoke, RevokeKind, Suit, Trick};
use bridgelaw_tables::{
    AskedRole, AskerRole, EstablishingAct, Exposure, NamedSuit, NextCard, OffenderRole, PlayIrregularity,
    RestrictionKind,
};

/// What an earlier rectification obliges a player to lead or play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PlayBound {
    /// At his next lead, a card of this suit.
    LeadSuit(Suit),
    /// No lead of this suit for as long as he retains the lead.
    NoLeadOfSuit(Suit),
    /// To the trick of this number, his highest card of the suit led.
    Highest(usize),
    /// To the trick of this number, his lowest card of the suit led.
    Lowest(usize),
    /// To the trick of this number, a card of a suit other than the suit led.
    OtherSuit(usize),
}

#[derive(Clone, Debug)]
struct PlayBinding {
    seat: Seat,
    bound: PlayBound,
    /// Imposed after his partner's premature lead or play.
    premature: bool,
    /// He has led since it was imposed: a prohibition lapses once he then loses the lead.
    has_led: bool,
    clauses: Vec<&'static str>,
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
    /// The suit of the withdrawn call, for `suit_of_withdrawn_call`.
    suit: Option<Suit>,
    /// The suits the offender bid in the legal auction, clubs to spades.
    bid: [bool; 4],
    settled: bool,
}

/// An irregularity of the play awaiting the director, or the next card.
#[derive(Clone, Debug)]
struct PlayPending {
    event: usize,
    /// The hand the card came from (dummy's seat for dummy's cards).
    offender: Seat,
    card: Card,
    /// Cards played together with `card`.
    others: Vec<Card>,
    /// The hand whose turn it was; for a question, the player who asked.
    turn_of: Seat,
    table: Table,
    facts: Facts,
    known: Known,
    /// For a revoke being corrected, its index.
    revoke: Option<usize>,
    /// For a lead out of turn, the cards the offender's partner played to it before the ruling.
    followers: Vec<(Seat, Card)>,
    /// For a lead restriction from the auction, the withdrawn call (the act the ruling names).
    call: Option<Call>,
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
    revokes: Vec<Revoke>,
    /// For each revoke, the rectification that established it.
    established_by: Vec<Option<Rectified>>,
    penalty_cards: Vec<PenaltyCard>,
    bindings: Vec<PlayBinding>,
    pending: Option<PlayPending>,
    /// Declarer's lead out of turn was taken back and he has not yet led from the correct hand.
    retracted_declarer_lead: bool,
    /// The first trick's opening lead was made out of turn and accepted.
    opening_lead_accepted: bool,
    /// The trick for which declarer's penalty-card lead options were settled.
    lead_options_settled: Option<usize>,
    /// After a corrected revoke: the offender and the place of his card in the trick.
    substitute: Option<(Seat, usize)>,
    /// After a corrected revoke: its offender and the cards played to the trick after it.
    later_cards: Option<(Seat, Vec<(Seat, Card)>)>,
    /// The non-offending player who withdrew a card played after a corrected revoke.
    non_offender_withdrew: Option<Seat>,
    /// Cards withdrawn after a corrected revoke, still in the trick until their owners replace them.
    replacing: Vec<(Seat, Card)>,
    /// Cards the non-offending side played to the next trick before a revoke in the last one was
    /// corrected: held while that trick is reopened.
    held_next: Vec<(Seat, Card)>,
    /// The lead restrictions the auction left on the defenders.
    restricted: Vec<RestrictedLead>,
    /// Requirements to lead a suit that a lead did not meet, with that lead: a corrected revoke
    /// restores them for the substitute.
    unmet_leads: Vec<(Card, PlayBinding)>,
    /// An agreed claim: the claimer and the tricks his side takes of those not played.
    claim: Option<(Seat, usize)>,
}

impl PlayState {
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

    fn winner(&self, trick: usize) -> Seat {
        trick_winner(&self.tricks[trick], self.trump)
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

    /// The lead restriction due now: its player is to lead for the first time since the auction.
    fn restricted_lead_due(&self) -> Option<usize> {
        (self.current.cards.is_empty() && self.pending.is_none())
            .then(|| self.restricted.iter().position(|r| !r.settled && r.seat == self.current.leader))
            .flatten()
    }

    /// The seat whose major penalty card gives declarer lead options now, if any.
    fn penalty_card_holder(&self) -> Option<Seat> {
        let holder = self.current.leader.partner();
        (self.current.cards.is_empty()
            && self.pending.is_none()
            && self.lead_options_settled != Some(self.trick_number())
            && self.penalty_cards.iter().any(|p| p.seat == holder && p.major))
        .then_some(holder)
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

/// Every derived fact is known; judgements and choices, and `unknown`, are not.
fn derived_known(unknown: &[FactId]) -> Known {
    static DERIVED: std::sync::OnceLock<Known> = std::sync::OnceLock::new();
    let mut known = *DERIVED.get_or_init(|| {
        let mut known = Known::default();
        for f in FactId::ALL.into_iter().filter(|f| f.source() == FactSource::Derived) {
            known.insert(f);
        }
        known
    });
    for f in unknown {
        known.remove(*f);
    }
    known
}

impl Referee<'_> {
    #[allow(clippy::expect_used, reason = "play events are ruled only once the play has started")]
    fn st(&mut self) -> &mut PlayState {
        self.play.as_mut().expect("the play has started")
    }

    /// Sets up the play at its first event: the contract, the deal and the opening leader.
    fn start_play(&mut self, event: usize) -> Result<(), RefereeError> {
        if self.play.is_some() {
            return Ok(());
        }
        if self.pending.is_some() {
            return Err(err(event, "the play begins while an irregularity of the auction awaits a ruling"));
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
        for l in self.leads.iter().filter(|l| !contract.declarer.same_side(l.offender)) {
            let LeadDecision { kind, suit, open, .. } = self.lead_restriction(l);
            if let Some(open) = open {
                return Err(err(event, format!("the play cannot start: the lead restriction on {}: {open}", l.seat)));
            }
            let kind = match kind {
                k if k == Rectification::RequireOrProhibitSuit.name() && suit.is_some() => {
                    RestrictionKind::SuitOfWithdrawnCall
                }
                k if k == Rectification::ProhibitAnySuit.name()
                    || k == Rectification::ProhibitUnspecifiedSuit.name() =>
                {
                    RestrictionKind::AnySuit
                }
                _ => continue,
            };
            let suit = suit.and_then(trump_suit);
            let mut bid = [false; 4];
            for m in self.calls.iter().filter(|m| !m.cancelled && m.seat == l.offender) {
                if let Call::Bid { strain, .. } = m.call {
                    if let Some(s) = trump_suit(strain) {
                        bid[s as usize] = true;
                    }
                }
            }
            let (seat, offender, withdrawn) = (l.seat, l.offender, l.withdrawn);
            restricted.push(RestrictedLead { seat, offender, withdrawn, kind, suit, bid, settled: false });
        }
        self.play = Some(PlayState {
            declarer: contract.declarer,
            dummy: contract.declarer.partner(),
            trump: trump_suit(contract.strain),
            hands: deal.hands,
            tricks: Vec::with_capacity(13),
            current: Trick { leader: contract.declarer.lho(), cards: Vec::with_capacity(4) },
            revokes: Vec::new(),
            established_by: Vec::new(),
            penalty_cards: Vec::new(),
            bindings: Vec::new(),
            pending: None,
            retracted_declarer_lead: false,
            opening_lead_accepted: false,
            lead_options_settled: None,
            substitute: None,
            later_cards: None,
            non_offender_withdrew: None,
            replacing: Vec::new(),
            held_next: Vec::new(),
            restricted,
            unmet_leads: Vec::new(),
            claim: None,
        });
        Ok(())
    }

    /// Whether the auction has ended in a contract (or the case gives one) and a deal is given.
    pub(super) fn play_can_start(&self) -> bool {
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
        if st.tricks.len() == 13 || st.claim.is_some() {
            return Err(err(event, format!("{seat} plays {card} after the play has ended")));
        }
        if !st.hands[seat as usize].contains(card) {
            return Err(err(event, format!("{seat} does not hold {card}")));
        }
        Ok(())
    }

    /// A card led or played, as the case records it.
    pub(super) fn play(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        self.playable(event, seat, card)?;
        if let Some(mut p) = self.st().pending.take() {
            // The card shows what happened after the irregular lead, or the play out of turn.
            let kind = (p.table == Table::PlayIrregularity).then_some(p.facts.play_irregularity);
            let lead = kind == Some(PlayIrregularity::LeadOutOfTurn);
            let out_of_turn = kind == Some(PlayIrregularity::DefenderPlaysOutOfTurn);
            let next = match seat {
                _ if !(lead || out_of_turn && seat == p.turn_of) => None,
                s if s == p.offender.lho() => Some(NextCard::Lho),
                s if s == p.offender.rho() => Some(NextCard::Rho),
                _ => None,
            };
            if lead && seat == p.offender.partner() {
                // The offender's partner plays before the ruling: his card is ruled on its own,
                // and the lead out of turn still awaits the director.
                let facts = Facts {
                    play_irregularity: PlayIrregularity::PartnerPlaysBeforeRuling,
                    offender_role: self.st().role(seat),
                    ..Facts::default()
                };
                let q = self.pending_play(event, seat, card, p.offender.lho(), Table::PlayIrregularity, facts);
                self.st().pending = Some(p);
                return self.rule_play(q, &[]);
            }
            let Some(next) = next else {
                let awaiting = p.event;
                self.st().pending = Some(p);
                return Err(err(
                    event,
                    format!("{seat} plays {card} while the irregularity of event {awaiting} awaits a ruling; record `director` before it"),
                ));
            };
            p.facts.next_card = next;
            p.facts.next_card_follows = card.suit == p.card.suit;
            p.known.insert(FactId::NextCard);
            p.known.insert(FactId::NextCardFollows);
            self.rule_play(p, &[])?;
            if self.stopped_at.is_some() {
                return Ok(());
            }
        }
        if let Some(i) = self.st().restricted_lead_due().filter(|_| seat == self.st().current.leader) {
            // The restricted player leads before declarer has said how he restricts the lead.
            self.restricted_lead(event, i, &[])?;
            if self.stopped_at.is_some() {
                return Ok(());
            }
        }
        if let Some(holder) = self.st().penalty_card_holder() {
            // The partner leads before declarer has chosen among his options.
            self.lead_options(event, holder, &[])?;
            if self.stopped_at.is_some() {
                return Ok(());
            }
        }
        self.card(event, seat, card)
    }

    /// Classifies a card and records it, or holds it as an irregularity awaiting a ruling.
    fn card(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        let st = self.st();
        if let Some((offender, index)) = st.substitute {
            if seat != offender {
                return Err(err(event, format!("{offender} must first substitute a legal card for his revoke card")));
            }
            if st.current.cards.is_empty() {
                // The revoke card was a lead: the substitute is a lead, checked as any.
                st.substitute = None;
                return self.in_turn(event, seat, card);
            }
            let led = st.current.cards[0].1.suit;
            if card.suit != led && st.hands[seat as usize].has_suit(led) {
                return Err(err(event, format!("{seat}'s substitute {card} does not follow suit either")));
            }
            let own = || st.penalty_cards.iter().filter(|p| p.seat == seat);
            let due =
                own()
                    .find(|p| if p.major { p.card.suit == led } else { p.card.suit == card.suit && !card.is_honour() });
            if let Some(due) = due.filter(|_| !own().any(|p| p.card == card)) {
                return Err(err(
                    event,
                    format!(
                        "{seat}'s substitute must be his penalty card {}, due at his first legal opportunity",
                        due.card
                    ),
                ));
            }
            st.penalty_cards.retain(|p| !(p.seat == seat && p.card == card));
            st.hands[seat as usize].remove(card);
            st.current.cards.insert(index, (seat, card));
            st.substitute = None;
            self.trick_done();
            return Ok(());
        }
        if let Some(i) = st.replacing.iter().position(|(s, _)| *s == seat) {
            // A card withdrawn after a corrected revoke is replaced where it was.
            let (_, old) = st.replacing.remove(i);
            let led = st.current.cards[0].1.suit;
            if card.suit != led && st.hands[seat as usize].has_suit(led) {
                return Err(err(event, format!("{seat}'s {card}, replacing {old}, does not follow suit")));
            }
            st.hands[seat as usize].remove(card);
            #[allow(clippy::expect_used, reason = "referee invariant: withdrawn card")]
            let at = st.current.cards.iter().position(|(s, c)| *s == seat && *c == old).expect("withdrawn card");
            st.current.cards[at] = (seat, card);
            self.trick_done();
            return Ok(());
        }
        let leading = st.current.cards.is_empty();
        let role = st.role(seat);
        if leading && seat != st.current.leader {
            let facts = Facts {
                play_irregularity: PlayIrregularity::LeadOutOfTurn,
                offender_role: role,
                opening_lead: st.tricks.is_empty(),
                turn: relation(seat, st.current.leader),
                after_retracted_lead: st.retracted_declarer_lead && role == OffenderRole::Defender,
                offending_side_has_penalties: st.side_has_penalties(seat),
                ..Facts::default()
            };
            let turn_of = st.current.leader;
            let mut p = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
            p.known = derived_known(&[FactId::NextCard, FactId::NextCardFollows]);
            self.st().pending = Some(p);
            return Ok(());
        }
        if !leading && seat != st.next_to_play() {
            let partner_played = st.current.cards.iter().any(|(s, _)| *s == seat.partner());
            if role == OffenderRole::Declarer {
                let facts = Facts {
                    play_irregularity: PlayIrregularity::DeclarerPlaysOutOfTurn,
                    offender_role: role,
                    after_accepted_opening_lead: st.opening_lead_accepted && seat == st.dummy,
                    ..Facts::default()
                };
                let turn_of = st.next_to_play();
                let p = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
                return self.rule_play(p, &[]);
            }
            if partner_played {
                // Held until the director is called, or the player whose turn it was plays.
                let facts = Facts {
                    play_irregularity: PlayIrregularity::DefenderPlaysOutOfTurn,
                    offender_role: role,
                    ..Facts::default()
                };
                let turn_of = st.next_to_play();
                let mut p = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
                p.known = derived_known(&[FactId::NextCard, FactId::NextCardFollows]);
                self.st().pending = Some(p);
                return Ok(());
            }
            let hands_played = |s: Seat| st.current.cards.iter().any(|(x, _)| *x == s);
            let facts = Facts {
                play_irregularity: PlayIrregularity::PrematurePlay,
                offender_role: role,
                declarer_played_both_hands: hands_played(st.declarer) && hands_played(st.dummy),
                premature_lead: hands_played(seat),
                ..Facts::default()
            };
            let turn_of = st.next_to_play();
            let p = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
            if self.decided_now(&p) {
                return self.rule_play(p, &[]);
            }
            self.st().pending = Some(p);
            return Ok(());
        }
        self.in_turn(event, seat, card)
    }

    /// Whether the tables rule on `p` from what is known already, with no choice left open.
    fn decided_now(&self, p: &PlayPending) -> bool {
        self.consult(p.table, &p.facts, &p.known).1.len() == 1
    }

    /// A card led or played in turn: checks the lead and play penalties, the
    /// penalty cards and following suit, then adds it to the trick.
    fn in_turn(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        let st = self.st();
        let number = st.trick_number();
        let hand = st.hands[seat as usize];
        let led = st.current.cards.first().map(|(_, c)| c.suit);
        // A play to a later trick establishes the side's earlier revokes.
        for i in 0..st.revokes.len() {
            let r = &self.st().revokes[i];
            if !r.established && !r.corrected && r.trick < number && r.seat.same_side(seat) {
                self.establish(i, EstablishingAct::PlayToNextTrick);
            }
        }
        let st = self.st();
        // The lead and play penalties that bind this card, and whether each is met.
        let mut unmet: Vec<(bool, bool)> = Vec::new();
        let mut other_suit_met = false;
        let mut legal = match led {
            Some(l) if hand.has_suit(l) => hand.of_suit(l),
            _ => hand,
        };
        // Two requirements to lead different suits cannot both be met: meeting one, the player is
        // unable to meet the other.
        let required_met = led.is_none()
            && st
                .bindings
                .iter()
                .any(|b| b.seat == seat && b.bound == PlayBound::LeadSuit(card.suit) && hand.has_suit(card.suit));
        let mut unmet_leads: Vec<PlayBinding> = Vec::new();
        for b in st.bindings.iter().filter(|b| b.seat == seat) {
            let (able, meets, allowed) = match (b.bound, led) {
                (PlayBound::LeadSuit(s), None) => {
                    (hand.has_suit(s) && !(required_met && s != card.suit), card.suit == s, hand.of_suit(s))
                }
                (PlayBound::NoLeadOfSuit(s), None) => (hand.has_other_suit(s), card.suit != s, hand.without_suit(s)),
                (PlayBound::Highest(t) | PlayBound::Lowest(t), Some(l)) if t == number => {
                    let extreme =
                        hand.extremes(l).map(|(hi, lo)| if matches!(b.bound, PlayBound::Highest(_)) { hi } else { lo });
                    let mut only = Hand::default();
                    if let Some(c) = extreme {
                        only.insert(c);
                    }
                    (extreme.is_some(), Some(card) == extreme, only)
                }
                (PlayBound::OtherSuit(t), Some(l)) if t == number => {
                    other_suit_met |= card.suit != l;
                    (hand.has_other_suit(l), card.suit != l, hand.without_suit(l))
                }
                _ => continue,
            };
            if able {
                legal = allowed;
            }
            if !meets {
                unmet.push((able, b.premature));
                if able && matches!(b.bound, PlayBound::LeadSuit(_)) {
                    unmet_leads.push(b.clone());
                }
            }
        }
        let mut own_penalty_cards = st.penalty_cards.iter().filter(|p| p.seat == seat);
        let played_penalty_card = own_penalty_cards.clone().any(|p| p.card == card);
        // A major penalty card must be played at the first legal opportunity; with a minor one,
        // no lower card of its suit below honour rank may be played before it.
        let penalty_card_missed = (!played_penalty_card && unmet.is_empty())
            .then(|| {
                own_penalty_cards.find(|p| {
                    if p.major {
                        legal.contains(p.card)
                    } else {
                        p.card.suit == card.suit && !card.is_honour()
                    }
                })
            })
            .flatten()
            .map(|p| p.card);
        let fails_to_follow =
            led.is_some_and(|l| card.suit != l && hand.has_suit(l)) && !other_suit_met && unmet.is_empty();
        // One card is one revoke. Not following suit when the suit led is held only in penalty
        // cards is a failure to play a penalty card; with a concealed card of the suit, it is a
        // failure to follow suit.
        let concealed = || {
            let mut concealed = hand;
            st.penalty_cards.iter().filter(|p| p.seat == seat).for_each(|p| concealed.remove(p.card));
            concealed
        };
        let only_penalty_cards = |l: Suit| !concealed().has_suit(l);
        let (fails_to_follow, penalty_card_missed) = match (penalty_card_missed, led) {
            (Some(_), Some(l)) if fails_to_follow && !only_penalty_cards(l) => (true, None),
            (Some(due), _) => (false, Some(due)),
            // The suit led is held only in (minor) penalty cards: failing to follow is failing
            // to play a card faced on the table.
            (None, Some(l)) if fails_to_follow && only_penalty_cards(l) => {
                let due = st.penalty_cards.iter().find(|p| p.seat == seat && p.card.suit == l).map(|p| p.card);
                (due.is_none(), due)
            }
            (None, _) => (fails_to_follow, None),
        };
        if !st.penalty_cards.is_empty() {
            st.penalty_cards.retain(|p| !(p.seat == seat && p.card == card));
        }
        if !st.bindings.is_empty() {
            if led.is_none() {
                st.bindings.iter_mut().filter(|b| b.seat == seat).for_each(|b| b.has_led = true);
            }
            st.bindings.retain(|b| {
                b.seat != seat
                    || match b.bound {
                        PlayBound::LeadSuit(_) => led.is_some(),
                        PlayBound::NoLeadOfSuit(_) => true,
                        PlayBound::Highest(t) | PlayBound::Lowest(t) | PlayBound::OtherSuit(t) => t != number,
                    }
            });
        }
        if led.is_none() && seat.same_side(st.declarer) {
            st.retracted_declarer_lead = false;
        }
        if led.is_none() {
            // The lead to the next trick closes the right to withdraw cards after a revoke.
            st.later_cards = None;
            st.non_offender_withdrew = None;
        }
        let suit = led.unwrap_or(card.suit);
        let revokes_before = self.st().revokes.len();
        for (able, premature) in unmet {
            self.unmet_obligation(event, seat, card, able, premature, suit, None);
        }
        if self.st().revokes.len() > revokes_before {
            // Kept in case the revoke is corrected: the substitute lead must meet them.
            self.st().unmet_leads.extend(unmet_leads.into_iter().map(|b| (card, b)));
        }
        if let Some(due) = penalty_card_missed {
            self.unmet_obligation(event, seat, card, true, false, suit, Some(due));
        }
        let st = self.st();
        if fails_to_follow {
            st.revokes.push(Revoke {
                trick: number,
                seat,
                card,
                suit_led: suit,
                kind: RevokeKind::FollowSuit,
                established: false,
                corrected: false,
                penalty_card: None,
            });
            st.established_by.push(None);
        }
        st.hands[seat as usize].remove(card);
        st.current.cards.push((seat, card));
        self.trick_done();
        Ok(())
    }

    /// Closes a complete trick: its winner leads next, and a prohibition lapses for a player
    /// who no longer retains the lead.
    fn trick_done(&mut self) {
        let st = self.st();
        if st.current.cards.len() < 4 || st.substitute.is_some() || !st.replacing.is_empty() {
            return;
        }
        #[allow(clippy::expect_used, reason = "referee invariant: four cards")]
        let done: [(Seat, Card); 4] = st.current.cards[..4].try_into().expect("four cards");
        let winner = trick_winner(&done, st.trump);
        st.tricks.push(done);
        st.opening_lead_accepted = false;
        st.current.cards.clear();
        st.current.leader = winner;
        // A trick reopened to correct a revoke closes again: the cards held for the next trick
        // stand if their leader still has the lead, and go back to their hands otherwise.
        let held = std::mem::take(&mut st.held_next);
        match held.first() {
            Some((leader, _)) if *leader == winner => st.current.cards = held,
            _ => held.into_iter().for_each(|(s, c)| st.hands[s as usize].insert(c)),
        }
        if !st.bindings.is_empty() {
            st.bindings.retain(|b| !matches!(b.bound, PlayBound::NoLeadOfSuit(_)) || b.seat == winner || !b.has_led);
        }
    }

    /// A card that does not meet a lead or play penalty, or is played instead of the penalty
    /// card `due`: the table says whether it is a revoke.
    #[allow(clippy::too_many_arguments)]
    fn unmet_obligation(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
        able: bool,
        premature: bool,
        suit: Suit,
        due: Option<Card>,
    ) {
        let facts = Facts { able_to_comply: able, obligation_from_premature_play: premature, ..Facts::default() };
        let turn_of = seat;
        let p = self.pending_play(event, seat, card, turn_of, Table::UnmetObligation, facts);
        let outcomes = self.record(&p, UNMET_PENALTY);
        if outcomes.iter().any(|t| t.rectification == Rectification::ObligationRevoke) {
            let st = self.st();
            let trick = st.trick_number();
            let kind = if due.is_some() { RevokeKind::PenaltyCard } else { RevokeKind::Penalty };
            st.revokes.push(Revoke {
                trick,
                seat,
                card,
                suit_led: suit,
                kind,
                established: false,
                corrected: false,
                penalty_card: due,
            });
            st.established_by.push(None);
        }
    }

    fn pending_play(
        &self,
        event: usize,
        offender: Seat,
        card: Card,
        turn_of: Seat,
        table: Table,
        facts: Facts,
    ) -> PlayPending {
        PlayPending {
            event,
            offender,
            card,
            others: Vec::new(),
            turn_of,
            table,
            facts,
            known: derived_known(&[]),
            revoke: None,
            followers: Vec::new(),
            call: None,
        }
    }

    /// Asks a table about facts that are all derived, and records the ruling without applying
    /// it; returns the outcomes.
    fn record(&mut self, p: &PlayPending, irregularity: &'static str) -> Vec<Traced> {
        let d = self.ask_derived(p.table, &p.facts);
        let facts = facts_shown(&[(d, Vec::new())], &p.facts, &p.known);
        let rectifications: Vec<Rectified> = d.outcomes().map(|t| self.describe_play(p, &t, p.card)).collect();
        for r in &rectifications {
            self.cite(&r.clauses);
        }
        let mut ruling =
            IrregularityRuling::new(p.event, irregularity, p.offender, Act::Card(p.card), p.turn_of, facts);
        ruling.rules = d.rules().collect();
        ruling.rectifications = rectifications;
        ruling.unprovided = d.unprovided().map(|t| t.name()).collect();
        self.irregularities.push(ruling);
        d.outcomes().collect()
    }

    /// Rules on a play irregularity, or asks the open questions it depends on.
    fn rule_play(&mut self, mut p: PlayPending, answers: &[(String, String)]) -> Result<(), RefereeError> {
        answer(p.event, answers, &mut p.facts, &mut p.known)?;
        let edition = self.edition();
        let (unknown, mut groups) = self.consult(p.table, &p.facts, &p.known);
        let irregularity = match p.table {
            Table::PlayIrregularity => p.facts.play_irregularity.name(),
            Table::RevokeInquiry => QUESTION_ABOUT_REVOKE,
            Table::RevokeCorrection => REVOKE,
            Table::QuittedTrickInspection => INSPECTION,
            Table::PlayersSettlement => SETTLEMENT,
            Table::LaterCardWithdrawal => WITHDRAWAL,
            Table::RestrictedLead => RESTRICTED_LEAD,
            _ => PENALTY_CARD_LEAD,
        };
        let facts = facts_shown(&groups, &p.facts, &p.known);
        let act = p.call.map_or(Act::Card(p.card), Act::Call);
        let mut ruling = IrregularityRuling::new(p.event, irregularity, p.offender, act, p.turn_of, facts);
        if groups.len() > 1 {
            (ruling.open_questions, ruling.alternatives) =
                open_questions(&unknown, &groups, |t| self.describe_play(&p, t, p.card));
            self.irregularities.push(ruling);
            self.st().pending = Some(p);
            self.stopped_at = Some(0);
            return Ok(());
        }
        #[allow(clippy::expect_used, reason = "referee invariant: one group")]
        let (decision, _) = groups.pop().expect("one group");
        if decision.outcomes().next().is_none() || decision.unprovided().next().is_some() {
            let what = format!("{} by {} ({})", irregularity.replace('_', " "), p.offender, p.card);
            let given: Vec<String> = FactId::ALL
                .iter()
                .filter(|f| f.source() != FactSource::Derived && p.known.contains(f))
                .map(|f| format!("{} = {}", f.name(), f.values()[p.facts.get(*f)]))
                .collect();
            // A table the edition does not define at all is not consulted (`tables` lacks it).
            let undefined = decision.undefined();
            if given.is_empty() || undefined {
                return Err(unsupported(p.event, edition, &what));
            }
            let given = given.join(", ");
            return Err(err(
                p.event,
                format!("{what}: no rule of edition {} applies with {given}; is every answer possible here?", edition),
            ));
        }
        ruling.rules = decision.rules().collect();
        for t in decision.outcomes() {
            for view in self.apply_play(&p, &t)? {
                self.cite(&view.clauses);
                ruling.rectifications.push(view);
            }
        }
        let lead_stands =
            |t: &Traced| matches!(t.rectification, Rectification::LeadStands | Rectification::DeclarerSpreads);
        if !decision.outcomes().any(|t| lead_stands(&t)) {
            // A lead that does not stand takes the cards played to it back with it.
            for &(seat, card) in &p.followers {
                self.st().hands[seat as usize].insert(card);
            }
        }
        self.irregularities.push(ruling);
        Ok(())
    }

    /// Describes a play rectification at this table, without applying it.
    fn describe_play(&self, p: &PlayPending, t: &Traced, card: Card) -> Rectified {
        // For cards played together, what is taken back or penalized is the other cards.
        let card = match (t.rectification, p.others.first()) {
            (Rectification::CardRestored | Rectification::PenaltyCard { .. }, Some(&other)) => other,
            _ => card,
        };
        let seats = match t.rectification {
            Rectification::PartnerPlaysHighest
            | Rectification::PartnerPlaysLowest
            | Rectification::PartnerPlaysOtherSuit => vec![p.offender.partner()],
            Rectification::PenaltyCard { .. } | Rectification::MajorPenaltyCard | Rectification::MinorPenaltyCard => {
                vec![p.offender]
            }
            Rectification::ReviewLineOfPlay => vec![self.play.as_ref().map_or(p.offender, |st| st.declarer)],
            Rectification::OptionsExplained => vec![p.offender.lho(), p.offender.rho()],
            Rectification::LeadSameSuit
            | Rectification::RequirePenaltyCardSuit
            | Rectification::ProhibitPenaltyCardSuit
            | Rectification::PenaltyCardStays
            | Rectification::InquiryPermitted
            | Rectification::ImproperInquiry
            | Rectification::InspectionAllowed
            | Rectification::InspectionRefused
            | Rectification::RequireRestrictedSuit
            | Rectification::ProhibitRestrictedSuit
            | Rectification::ProhibitNamedSuit { .. }
            | Rectification::ProhibitionRefused { .. }
            | Rectification::LeadUnrestricted => vec![p.turn_of],
            _ => Vec::new(),
        };
        Rectified {
            rectification: t.rectification.name(),
            kind: t.rectification,
            context: Context {
                offender: p.offender,
                act: p.call.map_or(Act::Card(card), Act::Call),
                turn_of: p.turn_of,
            },
            seats,
            duration: None,
            rule: t.rule,
            clauses: t.trace().map(|c| c.id).collect(),
        }
    }

    fn bind_play(&mut self, seat: Seat, bound: PlayBound, premature: bool, view: &Rectified) {
        let clauses = view.clauses.clone();
        self.st().bindings.push(PlayBinding { seat, bound, premature, has_led: false, clauses });
    }

    /// Carries a play rectification into the state of the play; returns it, with the
    /// rectifications it brings in turn (a penalty card's kind).
    fn apply_play(&mut self, p: &PlayPending, t: &Traced) -> Result<Vec<Rectified>, RefereeError> {
        let view = self.describe_play(p, t, p.card);
        let mut out = Vec::new();
        let number = self.st().trick_number();
        match t.rectification {
            Rectification::LeadStands | Rectification::DeclarerSpreads => {
                let st = self.st();
                if t.rectification == Rectification::DeclarerSpreads {
                    std::mem::swap(&mut st.declarer, &mut st.dummy);
                }
                st.hands[p.offender as usize].remove(p.card);
                st.current = Trick { leader: p.offender, cards: vec![(p.offender, p.card)] };
                st.opening_lead_accepted = p.facts.opening_lead && t.rectification == Rectification::LeadStands;
                // The cards played to the lead before the ruling stand with it.
                for &(seat, card) in &p.followers {
                    self.st().hands[seat as usize].insert(card);
                    self.in_turn(p.event, seat, card)?;
                }
            }
            Rectification::FollowsIrregularLead => {
                let st = self.st();
                st.hands[p.offender as usize].remove(p.card);
                let Some(lead) = st.pending.as_mut() else { return Err(misplaced(p, t, "no lead awaits its ruling")) };
                lead.followers.push((p.offender, p.card));
            }
            // It is checked as any card played in turn: penalties, penalty cards, following suit.
            Rectification::PlayStands => self.in_turn(p.event, p.offender, p.card)?,
            Rectification::LeadFromCorrectHand if p.facts.offender_role == OffenderRole::Declarer => {
                self.st().retracted_declarer_lead = true;
            }
            Rectification::LeadSameSuit => self.bind_play(p.turn_of, PlayBound::LeadSuit(p.card.suit), false, &view),
            Rectification::ProperLeadStands => {
                let st = self.st();
                for (s, c) in std::mem::take(&mut st.current.cards) {
                    st.hands[s as usize].insert(c);
                }
                st.current.leader = p.turn_of;
            }
            Rectification::PenaltyCard { exposure } => {
                out.push(view.clone());
                let cards = if p.others.is_empty() { vec![p.card] } else { p.others.clone() };
                for c in cards {
                    out.extend(self.penalty_card(p, c, exposure)?);
                }
                return Ok(out);
            }
            Rectification::PartnerPlaysHighest => {
                self.bind_play(p.offender.partner(), PlayBound::Highest(number), true, &view)
            }
            Rectification::PartnerPlaysLowest => {
                self.bind_play(p.offender.partner(), PlayBound::Lowest(number), true, &view)
            }
            Rectification::PartnerPlaysOtherSuit => {
                self.bind_play(p.offender.partner(), PlayBound::OtherSuit(number), true, &view)
            }
            Rectification::ReviewLineOfPlay => {
                self.reviews.push(DamageReview { seats: view.seats.clone(), review: view.clone() })
            }
            Rectification::RequirePenaltyCardSuit | Rectification::ProhibitPenaltyCardSuit => {
                let suit = p.card.suit;
                let bound = if t.rectification == Rectification::RequirePenaltyCardSuit {
                    PlayBound::LeadSuit(suit)
                } else {
                    PlayBound::NoLeadOfSuit(suit)
                };
                self.bind_play(p.turn_of, bound, false, &view);
                self.st().penalty_cards.retain(|c| !(c.seat == p.offender && c.card.suit == suit));
            }
            Rectification::CorrectRevoke => self.correct_revoke(p),
            Rectification::RequireRestrictedSuit => {
                self.bind_play(p.turn_of, PlayBound::LeadSuit(p.card.suit), false, &view)
            }
            Rectification::ProhibitRestrictedSuit => {
                self.bind_play(p.turn_of, PlayBound::NoLeadOfSuit(p.card.suit), false, &view)
            }
            // The restriction is still to be exercised, with another suit.
            Rectification::ProhibitionRefused { .. } => {
                let seat = p.turn_of;
                self.st().restricted.iter_mut().filter(|r| r.seat == seat).for_each(|r| r.settled = false);
            }
            Rectification::ProhibitNamedSuit { suit } => {
                let suit = match suit {
                    NamedSuit::Clubs => Suit::Clubs,
                    NamedSuit::Diamonds => Suit::Diamonds,
                    NamedSuit::Hearts => Suit::Hearts,
                    NamedSuit::Spades => Suit::Spades,
                };
                self.bind_play(p.turn_of, PlayBound::NoLeadOfSuit(suit), false, &view)
            }
            Rectification::IllegalCardAccepted => {
                // An accepted card is no longer a revoke.
                let Some(i) = p.revoke else { return Err(misplaced(p, t, "no revoke is being corrected")) };
                let st = self.st();
                st.revokes.remove(i);
                st.established_by.remove(i);
            }
            Rectification::PenaltyCardSubstituted => self.substitute_penalty_card(p, t)?,
            Rectification::CardWithdrawn => {
                let st = self.st();
                st.hands[p.offender as usize].insert(p.card);
                st.replacing.push((p.offender, p.card));
                if !p.facts.withdrawer_offending {
                    st.non_offender_withdrew = Some(p.offender);
                }
            }
            _ => {}
        }
        out.push(view);
        Ok(out)
    }

    /// Makes `card` a penalty card of the offender; the penalty-card table says major or minor.
    fn penalty_card(
        &mut self,
        p: &PlayPending,
        card: Card,
        exposure: Exposure,
    ) -> Result<Vec<Rectified>, RefereeError> {
        let seat = p.offender;
        let mut out = Vec::new();
        let others: Vec<usize> =
            (0..self.st().penalty_cards.len()).filter(|&i| self.st().penalty_cards[i].seat == seat).collect();
        let Some((major, view)) = self.penalty_kind(p, exposure == Exposure::Deliberate, card, !others.is_empty())
        else {
            let what = format!("a penalty card of {seat}'s ({card})");
            return Err(unsupported(p.event, self.edition(), &what));
        };
        let mut upgraded = Vec::new();
        for i in others {
            let c = self.st().penalty_cards[i].card;
            if !self.st().penalty_cards[i].major {
                if let Some((true, v)) = self.penalty_kind(p, false, c, true) {
                    upgraded.push((i, v));
                }
            }
        }
        let st = self.st();
        for (i, v) in upgraded {
            st.penalty_cards[i].major = true;
            st.penalty_cards[i].clauses = v.clauses.clone();
            out.push(v);
        }
        st.penalty_cards.push(PenaltyCard { seat, card, major, clauses: view.clauses.clone() });
        out.push(view);
        Ok(out)
    }

    /// Whether a penalty card is major, as the penalty-card table says, with that rectification.
    fn penalty_kind(
        &self,
        p: &PlayPending,
        deliberate: bool,
        card: Card,
        has_other: bool,
    ) -> Option<(bool, Rectified)> {
        let facts = Facts {
            exposed_deliberately: deliberate,
            card_honour: card.is_honour(),
            offender_has_penalty_card: has_other,
            ..Facts::default()
        };
        let d = self.ask_derived(Table::PenaltyCard, &facts);
        d.outcomes()
            .next()
            .map(|t| (t.rectification == Rectification::MajorPenaltyCard, self.describe_play(p, &t, card)))
    }

    /// Withdraws a revoke card from its trick; the offender must substitute a legal card.
    fn correct_revoke(&mut self, p: &PlayPending) {
        let Some(i) = p.revoke else { return };
        let st = self.st();
        let r = st.revokes[i].clone();
        st.revokes[i].corrected = true;
        if r.established {
            // An established revoke is corrected only on the twelfth trick: the trick is
            // replayed, the offender's two last cards changing places.
            correct_twelfth_trick(st, &r);
            return;
        }
        let index = withdraw(st, &r);
        st.substitute = Some((r.seat, index));
        let restored: Vec<PlayBinding> =
            st.unmet_leads.iter().filter(|(c, b)| *c == r.card && b.seat == r.seat).map(|(_, b)| b.clone()).collect();
        st.bindings.extend(restored);
        st.later_cards = Some((r.seat, st.current.cards[index..].to_vec()));
        st.non_offender_withdrew = None;
    }

    /// Withdraws the card played instead of a penalty card and plays the penalty card in its place.
    fn substitute_penalty_card(&mut self, p: &PlayPending, t: &Traced) -> Result<(), RefereeError> {
        let Some(i) = p.revoke else { return Err(misplaced(p, t, "no revoke is being corrected")) };
        let st = self.st();
        let r = st.revokes[i].clone();
        let Some(due) = r.penalty_card else {
            return Err(misplaced(p, t, "the card played is not one played instead of a penalty card"));
        };
        st.revokes[i].corrected = true;
        let index = withdraw(st, &r);
        st.penalty_cards.retain(|c| !(c.seat == r.seat && c.card == due));
        st.hands[r.seat as usize].remove(due);
        st.current.cards.insert(index, (r.seat, due));
        self.trick_done();
        Ok(())
    }

    /// Establishes revoke `i`, as the establishment table says.
    fn establish(&mut self, i: usize, act: EstablishingAct) {
        let facts = Facts { establishing_act: act, ..Facts::default() };
        let d = self.ask_derived(Table::RevokeEstablishment, &facts);
        let r = self.st().revokes[i].clone();
        let p = self.pending_play(0, r.seat, r.card, r.seat, Table::RevokeEstablishment, facts);
        let view = d.outcomes().next().map(|t| self.describe_play(&p, &t, r.card));
        let st = self.st();
        st.revokes[i].established = true;
        st.established_by[i] = view;
    }

    /// The director is called during the play.
    pub(super) fn play_director(&mut self, event: usize, answers: &[(String, String)]) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let (settled, answers): (Vec<_>, Vec<_>) =
            answers.iter().cloned().partition(|(name, _)| name == FactId::PlayersSettled.name());
        let answers = &answers[..];
        // The players settled the irregularity awaiting the director among themselves, or the
        // last one ruled if they played on as they settled it: the settlement table says what
        // the director does, before he rules on the irregularity itself.
        let last = self.irregularities.iter().rev().find_map(|r| r.card.map(|c| (r.offender, c, r.turn_of)));
        let ruled_before = !self.irregularities.is_empty();
        let st = self.st();
        if !settled.is_empty() {
            let Some((offender, card, turn_of)) = st.pending.as_ref().map(|p| (p.offender, p.card, p.turn_of)).or(last)
            else {
                return Err(err(event, "`players_settled` is given, but there is no irregularity of the play"));
            };
            let q = self.pending_play(event, offender, card, turn_of, Table::PlayersSettlement, Facts::default());
            self.rule_play(q, &settled)?;
        }
        let st = self.st();
        if let Some(mut p) = st.pending.take() {
            if !p.known.contains(&FactId::NextCard) {
                p.facts.next_card = NextCard::None;
                p.known.insert(FactId::NextCard);
                p.known.insert(FactId::NextCardFollows);
            }
            return self.rule_play(p, answers);
        }
        let unestablished = st.revokes.iter().rposition(|r| !r.established && !r.corrected);
        // A revoke to be corrected comes before the next leader's lead choices, unless the entry
        // answers those: its correction may change who leads.
        let lead_choice = [FactId::RestrictedLeadOption, FactId::ProhibitedSuit, FactId::PenaltyCardLead];
        let answers_lead = answers.iter().any(|(name, _)| lead_choice.iter().any(|f| f.name() == name));
        if let Some(i) = unestablished.filter(|_| !answers_lead) {
            return self.correction(event, i, answers);
        }
        if let Some(i) = st.restricted_lead_due() {
            return self.restricted_lead(event, i, answers);
        }
        if let Some(holder) = st.penalty_card_holder() {
            return self.lead_options(event, holder, answers);
        }
        match unestablished {
            Some(i) => self.correction(event, i, answers),
            None if answers.is_empty() && (!st.revokes.is_empty() || ruled_before) => Ok(()),
            None if !settled.is_empty() && answers.is_empty() => Ok(()),
            None => match st.revokes.iter().rfind(|r| r.established) {
                Some(r) => Err(err(
                    event,
                    format!(
                        "the director is called, but nothing awaits a ruling: {}'s revoke on trick {} is established and may no longer be corrected",
                        r.seat, r.trick
                    ),
                )),
                None => Err(err(event, "the director is called, but no irregularity awaits a ruling")),
            },
        }
    }

    /// Declarer's choice at the first turn to lead of a player whose lead the auction restricted.
    fn restricted_lead(&mut self, event: usize, i: usize, answers: &[(String, String)]) -> Result<(), RefereeError> {
        let st = self.st();
        st.restricted[i].settled = true;
        let r = st.restricted[i].clone();
        let facts = Facts {
            restriction_kind: r.kind,
            offender_bid_clubs: r.bid[Suit::Clubs as usize],
            offender_bid_diamonds: r.bid[Suit::Diamonds as usize],
            offender_bid_hearts: r.bid[Suit::Hearts as usize],
            offender_bid_spades: r.bid[Suit::Spades as usize],
            ..Facts::default()
        };
        // The card is only a stand-in of the restricted suit; the ruling names the withdrawn call.
        let card = Card { suit: r.suit.unwrap_or(Suit::Clubs), rank: 0 };
        let mut p = self.pending_play(event, r.offender, card, r.seat, Table::RestrictedLead, facts);
        p.call = Some(r.withdrawn);
        self.rule_lead_choice(p, answers)
    }

    /// Rules on declarer's choice before a lead. An open question stops the ruling, but nothing
    /// is pending in the play itself.
    fn rule_lead_choice(&mut self, p: PlayPending, answers: &[(String, String)]) -> Result<(), RefereeError> {
        self.rule_play(p, answers)?;
        if self.stopped_at.is_some() {
            self.st().pending = None;
        }
        Ok(())
    }

    /// Declarer's options when the partner of a player with a major penalty card has the lead.
    fn lead_options(&mut self, event: usize, holder: Seat, answers: &[(String, String)]) -> Result<(), RefereeError> {
        let st = self.st();
        #[allow(clippy::expect_used, reason = "referee invariant: a major penalty card")]
        let card = st.penalty_cards.iter().find(|p| p.seat == holder && p.major).expect("a major penalty card").card;
        let leader = st.current.leader;
        st.lead_options_settled = Some(st.trick_number());
        let mut p = self.pending_play(event, holder, card, leader, Table::PenaltyCardLead, Facts::default());
        p.known = derived_known(&[]);
        self.rule_lead_choice(p, answers)
    }

    /// Attention is drawn to revoke `i` before it is established.
    fn correction(&mut self, event: usize, i: usize, answers: &[(String, String)]) -> Result<(), RefereeError> {
        let edition = self.edition();
        let st = self.st();
        let r = st.revokes[i].clone();
        let holds = |t: &[(Seat, Card)]| t.iter().position(|(s, c)| *s == r.seat && *c == r.card);
        let last: &[(Seat, Card)] = st.tricks.last().map_or(&[], |t| &t[..]);
        // The cards played after the revoke card: the rest of its trick, or of the current trick.
        let after = match (holds(&st.current.cards), st.current.cards.is_empty().then(|| holds(last)).flatten()) {
            (Some(at), _) => Some(&st.current.cards[at + 1..]),
            (None, Some(at)) => Some(&last[at + 1..]),
            (None, None) => None,
        };
        // The non-offending side has played to the next trick (which establishes nothing): the
        // revoke's trick is reopened, those cards held until it closes again.
        let reopen = after.is_none()
            && r.kind != RevokeKind::PenaltyCard
            && holds(last).is_some()
            && st.current.cards.iter().all(|(s, _)| !s.same_side(r.seat));
        if after.is_none() && r.kind != RevokeKind::PenaltyCard && !reopen {
            let what = format!("the correction of {}'s revoke after later cards were played to another trick", r.seat);
            return Err(unsupported(event, edition, &what));
        }
        // Cards played to a later trick, the revoke not being established, are the declaring side's.
        let declarer_played_after = after.is_none_or(|a| a.iter().any(|(s, _)| s.same_side(st.declarer)));
        let facts = Facts {
            offender_role: st.role(r.seat),
            revoke_from_faced_hand: r.kind == RevokeKind::PenaltyCard || r.seat == st.dummy,
            revoke_established: false,
            revoke_on_twelfth_trick: r.trick == 12,
            penalty_card_failure: r.kind == RevokeKind::PenaltyCard,
            declarer_played_after,
            ..Facts::default()
        };
        if reopen {
            let st = self.st();
            st.held_next = std::mem::take(&mut st.current.cards);
        }
        let mut p = self.pending_play(event, r.seat, r.card, r.seat, Table::RevokeCorrection, facts);
        p.revoke = Some(i);
        self.rule_play(p, answers)
    }

    /// Two cards played at the same moment by two players.
    pub(super) fn simultaneous_plays(&mut self, event: usize, plays: [(Seat, Card); 2]) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let st = self.st();
        if st.pending.is_some() {
            return Err(err(event, "simultaneous plays while an irregularity awaits a ruling"));
        }
        let next = st.next_to_play();
        let (first, second) = match plays {
            [a, b] if a.0 == next && b.0 != next => (a, b),
            [a, b] if b.0 == next && a.0 != next => (b, a),
            _ => {
                return Err(err(
                    event,
                    format!("of two simultaneous plays exactly one must be by {next}, whose turn it was"),
                ))
            }
        };
        let role = st.role(second.0);
        let facts =
            Facts { play_irregularity: PlayIrregularity::SimultaneousPlays, offender_role: role, ..Facts::default() };
        let p = self.pending_play(event, second.0, second.1, first.0, Table::PlayIrregularity, facts);
        self.rule_play(p, &[])?;
        self.play(event, first.0, first.1)?;
        if self.stopped_at.is_none() {
            self.play(event, second.0, second.1)?;
        }
        Ok(())
    }

    /// Several cards led or played at once by one player.
    pub(super) fn together(
        &mut self,
        event: usize,
        seat: Seat,
        cards: &[Card],
        faced: Option<Card>,
    ) -> Result<(), RefereeError> {
        self.start_play(event)?;
        if cards.len() < 2 || faced.is_some_and(|f| !cards.contains(&f)) {
            return Err(err(event, "cards played together are two or more, and the faced one is among them"));
        }
        for &c in cards {
            self.playable(event, seat, c)?;
        }
        let st = self.st();
        if st.pending.is_some() || st.next_to_play() != seat {
            return Err(err(
                event,
                format!("{seat} plays several cards at once out of turn or while an irregularity awaits a ruling"),
            ));
        }
        let played = faced.unwrap_or(cards[0]);
        let facts = Facts {
            play_irregularity: PlayIrregularity::CardsPlayedTogether,
            offender_role: st.role(seat),
            several_cards_faced: faced.is_none(),
            ..Facts::default()
        };
        let mut p = self.pending_play(event, seat, played, seat, Table::PlayIrregularity, facts);
        p.others = cards.iter().copied().filter(|c| *c != played).collect();
        // The card played goes to the trick first: the others become penalty cards only then.
        self.play(event, seat, played)?;
        self.rule_play(p, &[])
    }

    /// A question to a player who did not follow suit, about a possible revoke.
    pub(super) fn ask(&mut self, event: usize, by: Seat, of: Seat) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let st = self.st();
        let last: &[(Seat, Card)] = st.tricks.last().map_or(&[], |t| &t[..]);
        let card = [&st.current.cards[..], last].into_iter().find_map(|t| {
            let led = t.first().map(|(_, c)| c.suit);
            t.iter().find(|(s, c)| *s == of && Some(c.suit) != led).map(|(_, c)| *c)
        });
        let Some(card) = card else {
            return Err(err(event, format!("{by} asks {of} about a revoke, but {of} has not failed to follow suit")));
        };
        if by == of {
            return Err(err(event, format!("{by} asks himself about a revoke")));
        }
        let facts = Facts {
            asked_role: if st.role(of) == OffenderRole::Declarer { AskedRole::Declarer } else { AskedRole::Defender },
            asker_role: if by == st.declarer {
                AskerRole::Declarer
            } else if by == st.dummy {
                AskerRole::Dummy
            } else {
                AskerRole::Defender
            },
            ..Facts::default()
        };
        let p = self.pending_play(event, of, card, by, Table::RevokeInquiry, facts);
        self.rule_play(p, &[])
    }

    /// A card exposed other than by playing it.
    pub(super) fn expose(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        self.playable(event, seat, card)?;
        let st = self.st();
        if st.pending.is_some() || st.penalty_cards.iter().any(|p| p.seat == seat && p.card == card) {
            return Err(err(
                event,
                format!("{seat} exposes {card} while an irregularity awaits a ruling, or it is already a penalty card"),
            ));
        }
        let facts = Facts {
            play_irregularity: PlayIrregularity::CardExposed,
            offender_role: st.role(seat),
            ..Facts::default()
        };
        let turn_of = st.next_to_play();
        let p = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
        self.rule_play(p, &[])
    }

    /// A player who says a revoke has occurred asks to inspect a quitted trick.
    pub(super) fn inspect(&mut self, event: usize, by: Seat, trick: usize) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let st = self.st();
        let Some(cards) = trick.checked_sub(1).and_then(|t| st.tricks.get(t)) else {
            return Err(err(event, format!("{by} asks to inspect trick {trick}, which is not a quitted trick")));
        };
        let (leader, led) = cards[0];
        if st.pending.is_some() {
            return Err(err(event, format!("{by} asks to inspect a trick while an irregularity awaits a ruling")));
        }
        // The director's decision comes with the next `director` entry.
        let mut p = self.pending_play(event, leader, led, by, Table::QuittedTrickInspection, Facts::default());
        p.known = derived_known(&[]);
        self.st().pending = Some(p);
        Ok(())
    }

    /// A card named for a later trick: it establishes the side's earlier revokes.
    pub(super) fn designate(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        self.playable(event, seat, card)?;
        let st = self.st();
        let number = st.trick_number();
        let earlier: Vec<usize> = (0..st.revokes.len())
            .filter(|&i| {
                let r = &st.revokes[i];
                !r.established && !r.corrected && r.trick < number && r.seat.same_side(seat)
            })
            .collect();
        for i in earlier {
            self.establish(i, EstablishingAct::Designation);
        }
        Ok(())
    }

    /// After a revoke is corrected, a player withdraws a card he played to the trick after it.
    pub(super) fn withdraw(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let st = self.st();
        let later = st.later_cards.as_ref().filter(|(_, cards)| cards.contains(&(seat, card)));
        let (Some((offender, _)), false) = (later, st.replacing.contains(&(seat, card))) else {
            return Err(err(
                event,
                format!("{seat} withdraws {card}, which is not a card played after a revoke corrected in this trick"),
            ));
        };
        let offender = *offender;
        // The trick may have been completed by the revoke's substitute.
        reopen_last_trick(st);
        let facts = Facts {
            withdrawer_offending: seat.same_side(offender),
            after_opponent_withdrew: st.non_offender_withdrew == Some(seat.rho()) && seat.same_side(offender),
            offender_role: st.role(seat),
            ..Facts::default()
        };
        let p = self.pending_play(event, seat, card, seat, Table::LaterCardWithdrawal, facts);
        self.rule_play(p, &[])?;
        // A card that stays played leaves the trick complete again.
        self.trick_done();
        Ok(())
    }

    /// An agreed claim or concession: it ends the play and establishes every revoke.
    pub(super) fn claim(&mut self, event: usize, seat: Seat, tricks: usize) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let st = self.st();
        if st.pending.is_some() || !st.current.cards.is_empty() || st.substitute.is_some() {
            return Err(err(event, "a claim is modelled between tricks only, with no irregularity awaiting a ruling"));
        }
        let left = 13 - st.tricks.len();
        if tricks > left || st.claim.is_some() {
            return Err(err(
                event,
                format!(
                    "{seat} claims {tricks} trick{}, but {left} remain to be played",
                    if tricks == 1 { "" } else { "s" }
                ),
            ));
        }
        st.claim = Some((seat, tricks));
        let open: Vec<usize> =
            (0..st.revokes.len()).filter(|&i| !st.revokes[i].established && !st.revokes[i].corrected).collect();
        for i in open {
            self.establish(i, EstablishingAct::Claim);
        }
        Ok(())
    }

    /// At the end of the record: attention is drawn to a play irregularity still pending, and
    /// to an established revoke on the twelfth trick, which the tables may correct.
    pub(super) fn end_of_record(&mut self, events: usize) -> Result<(), RefereeError> {
        let Some(st) = self.play.as_mut() else { return Ok(()) };
        if let Some(mut p) = st.pending.take() {
            if !p.known.contains(&FactId::NextCard) {
                p.facts.next_card = NextCard::None;
                p.known.insert(FactId::NextCard);
                p.known.insert(FactId::NextCardFollows);
            }
            return self.rule_play(p, &[]);
        }
        let st = self.st();
        // Twelve tricks played and the last one claimed is the end of play too.
        if st.tricks.len() < 12 || (st.tricks.len() == 12 && st.claim.is_none()) {
            return Ok(());
        }
        let twelfth = st.revokes.iter().position(|r| r.trick == 12 && r.established && !r.corrected);
        let Some(i) = twelfth else { return Ok(()) };
        let r = st.revokes[i].clone();
        let facts = Facts {
            offender_role: st.role(r.seat),
            revoke_from_faced_hand: r.kind == RevokeKind::PenaltyCard || r.seat == st.dummy,
            revoke_established: true,
            revoke_on_twelfth_trick: true,
            ..Facts::default()
        };
        let mut p = self.pending_play(events, r.seat, r.card, r.seat, Table::RevokeCorrection, facts);
        p.revoke = Some(i);
        self.rule_play(p, &[])
    }

    /// Asks the revoke table about each established revoke, once play is over.
    pub(super) fn play_ruling(&mut self) -> Option<PlayRuling> {
        let state = self.play.take()?;
        let declarers = |s: Seat| s.same_side(state.declarer);
        let played = state.tricks.len();
        let winners: Vec<Seat> = (0..played).map(|t| state.winner(t)).collect();
        let (claimed_by_declarer, claimed_by_defenders) = match state.claim {
            Some((s, n)) if declarers(s) => (n, 13 - played - n),
            Some((_, n)) => (13 - played - n, n),
            None => (0, 0),
        };
        let won_by_declarer = (0..played).filter(|&t| declarers(winners[t])).count() + claimed_by_declarer;
        let complete = played == 13 || state.claim.is_some();
        let mut transfers = (0usize, 0usize);
        let mut wanted = vec![0usize; state.revokes.len()];
        let mut revokes = Vec::new();
        for (i, r) in state.revokes.iter().enumerate() {
            let mut ruling = RevokeRuling {
                revoke: r.clone(),
                rules: state.established_by[i].iter().map(|v| v.rule).collect(),
                rectifications: state.established_by[i].iter().cloned().collect(),
                transferred: 0,
            };
            if complete && r.established {
                let t = r.trick - 1;
                let offending = |s: Seat| s.same_side(r.seat);
                let claimed = if offending(state.declarer) { claimed_by_declarer } else { claimed_by_defenders };
                let facts = Facts {
                    revoke_trick_won_by_offender: winners[t] == r.seat,
                    offending_side_won_revoke_trick: offending(winners[t]),
                    offending_side_won_later_trick: (t + 1..played).any(|u| offending(winners[u])) || claimed > 0,
                    repeated_revoke_same_suit: state.revokes[..i]
                        .iter()
                        .any(|e| e.established && e.seat == r.seat && e.suit_led == r.suit_led),
                    revoke_from_faced_hand: r.kind == RevokeKind::PenaltyCard || r.seat == state.dummy,
                    revoke_on_twelfth_trick: r.trick == 12,
                    ..Facts::default()
                };
                let d = self.ask_derived(Table::RevokeAdjustment, &facts);
                let p = self.pending_play(0, r.seat, r.card, r.seat, Table::RevokeAdjustment, facts);
                for o in d.outcomes() {
                    if let Rectification::TransferTricks { count } = o.rectification {
                        wanted[i] = count as usize;
                    }
                    let view = self.describe_play(&p, &o, r.card);
                    self.cite(&view.clauses);
                    ruling.rectifications.push(view);
                }
                ruling.rules.extend(d.rules());
            }
            for v in &ruling.rectifications {
                self.cite(&v.clauses);
            }
            revokes.push(ruling);
        }
        // The tricks transferred are the offending side's, won from each revoke trick on (the
        // revoke trick itself first), and no trick twice: later revokes, with fewer tricks to
        // draw on, are served first.
        let mut taken = [false; 13];
        let mut claimed_left = (claimed_by_declarer, claimed_by_defenders);
        let mut order: Vec<usize> = (0..revokes.len()).filter(|&i| wanted[i] > 0).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(state.revokes[i].trick));
        for i in order {
            let r = &state.revokes[i];
            let offending = |s: Seat| s.same_side(r.seat);
            let claimed = if declarers(r.seat) { &mut claimed_left.0 } else { &mut claimed_left.1 };
            let mut n = 0;
            for u in r.trick - 1..played {
                if n < wanted[i] && offending(winners[u]) && !taken[u] {
                    taken[u] = true;
                    n += 1;
                }
            }
            let from_claim = (wanted[i] - n).min(*claimed);
            *claimed -= from_claim;
            revokes[i].transferred = n + from_claim;
            if declarers(r.seat) {
                transfers.0 += revokes[i].transferred;
            } else {
                transfers.1 += revokes[i].transferred;
            }
        }
        let total = played + claimed_by_declarer + claimed_by_defenders;
        let won = (won_by_declarer, total - won_by_declarer);
        let penalty_cards = state
            .penalty_cards
            .iter()
            .map(|p| PenaltyCardView { seat: p.seat, card: p.card, major: p.major, clauses: p.clauses.clone() })
            .collect();
        let obligations = state
            .bindings
            .iter()
            .map(|b| {
                let text = match b.bound {
                    PlayBound::LeadSuit(s) => format!("{} must lead {} at his next lead, if he can", b.seat, s.name()),
                    PlayBound::NoLeadOfSuit(s) => {
                        format!("{} may not lead {} for as long as he retains the lead", b.seat, s.name())
                    }
                    PlayBound::Highest(t) => {
                        format!("{} must play his highest card of the suit led to trick {t}", b.seat)
                    }
                    PlayBound::Lowest(t) => {
                        format!("{} must play his lowest card of the suit led to trick {t}", b.seat)
                    }
                    PlayBound::OtherSuit(t) => format!("{} must play a card of another suit to trick {t}", b.seat),
                };
                Obligation { seat: b.seat, text, clauses: b.clauses.clone() }
            })
            .collect();
        Some(PlayRuling {
            obligations,
            declarer: state.declarer,
            dummy: state.dummy,
            tricks_played: played,
            claim: state.claim,
            won,
            revokes,
            penalty_cards,
            adjusted: complete.then(|| (won.0 - transfers.0 + transfers.1, won.1 - transfers.1 + transfers.0)),
        })
    }
}

/// The correction of an established revoke on the twelfth trick: the offender's card
/// to the twelfth trick and his last card change places, and the last trick is led by the
/// new winner of the twelfth.
/// With no card played to the current trick, makes the last quitted trick current again (the
/// callers have checked it is the trick they correct).
fn reopen_last_trick(st: &mut PlayState) {
    if st.current.cards.is_empty() {
        #[allow(clippy::expect_used, reason = "referee invariant: a quitted trick to reopen")]
        let last = st.tricks.pop().expect("a quitted trick to reopen");
        st.current = Trick { leader: last[0].0, cards: last.to_vec() };
    }
}

/// Takes an unestablished revoke card back into its owner's hand, reopening its trick if it was
/// the last one quitted; returns the card's place in the trick.
fn withdraw(st: &mut PlayState, r: &Revoke) -> usize {
    reopen_last_trick(st);
    #[allow(clippy::expect_used, reason = "referee invariant: checked")]
    let index = st.current.cards.iter().position(|(s, c)| *s == r.seat && *c == r.card).expect("checked");
    st.current.cards.remove(index);
    st.hands[r.seat as usize].insert(r.card);
    index
}

fn correct_twelfth_trick(st: &mut PlayState, r: &Revoke) {
    if st.tricks.len() == 12 {
        // The last trick was claimed: the offender's last card, still in his hand, replaces the
        // revoke card.
        #[allow(clippy::expect_used, reason = "referee invariant: one card left")]
        let last = Suit::ALL
            .into_iter()
            .find_map(|s| st.hands[r.seat as usize].extremes(s).map(|(hi, _)| hi))
            .expect("one card left");
        st.hands[r.seat as usize].remove(last);
        st.hands[r.seat as usize].insert(r.card);
        for (s, c) in st.tricks[11].iter_mut() {
            if *s == r.seat {
                *c = last;
            }
        }
        return;
    }
    #[allow(clippy::expect_used, reason = "referee invariant: thirteen tricks")]
    let last = st.tricks[12].iter().find(|(s, _)| *s == r.seat).map(|(_, c)| *c).expect("thirteen tricks");
    let (twelfth, thirteenth) = st.tricks.split_at_mut(12);
    for (s, c) in twelfth[11].iter_mut().chain(thirteenth[0].iter_mut()) {
        if *s == r.seat {
            *c = if *c == r.card { last } else { r.card };
        }
    }
    let leader = trick_winner(&st.tricks[11], st.trump);
    let thirteenth = st.tricks[12];
    #[allow(clippy::expect_used, reason = "referee invariant: four cards")]
    let card_of = |seat: Seat| thirteenth.iter().find(|(s, _)| *s == seat).map(|(_, c)| *c).expect("four cards");
    st.tricks[12] = [leader, leader.lho(), leader.partner(), leader.rho()].map(|s| (s, card_of(s)));
}

/// A rectification that the laws give where the state of the play cannot carry it: the laws
/// passed their check, but a rule gives it in a table or a case the referee does not apply it in.
fn misplaced(p: &PlayPending, t: &Traced, why: &str) -> RefereeError {
    err(
        p.event,
        format!(
            "rule `{}` of table `{}` gives `{}`, which cannot apply here: {why}",
            t.rule,
            p.table.name(),
            t.rectification.name()
        ),
    )
}
