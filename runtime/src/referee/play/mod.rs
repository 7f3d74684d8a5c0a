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
            let (kind, suit, _) = self.lead_restriction(l);
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
        if st.tricks.len() == 13 || st.claim.is_some() {
            return Err(err(event, format!("{seat} plays {card} after the play has ended")));
        }
        if !st.hands[seat as usize].contains(card) {
            return Err(err(event, format!("{seat} does not hold {card}")));
        }
        Ok(())
    }

    /// A card led or played, as the case records it.

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
        let mut d = Decision::default();
        tables::decide(self.edition(), p.table, &p.facts, &mut d);
        let groups = [(d, Vec::new())];
        let facts = facts_shown(self.edition(), &groups, &p.facts, &p.known);
        let [(d, _)] = groups;
        let rectifications: Vec<Rectified> = d.outcomes.iter().map(|t| self.describe_play(p, t, p.card)).collect();
        for r in &rectifications {
            self.cite(&r.clauses);
        }
        let mut ruling =
            IrregularityRuling::new(p.event, irregularity, p.offender, Act::Card(p.card), p.turn_of, facts);
        ruling.rules = d.rules;
        ruling.rectifications = rectifications;
        ruling.unprovided = d.unprovided.iter().map(|t| t.name()).collect();
        self.irregularities.push(ruling);
        d.outcomes
    }

    /// Rules on a play irregularity, or asks the open questions it depends on.
    fn rule_play(&mut self, mut p: PlayPending, answers: &[(String, String)]) -> Result<(), RefereeError> {
        answer(p.event, answers, &mut p.facts, &mut p.known)?;
        let edition = self.edition();
        let (unknown, mut groups) = consult(edition, p.table, &p.facts, &p.known);
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
        let facts = facts_shown(edition, &groups, &p.facts, &p.known);
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
        let (decision, _) = groups.pop().expect("one group");
        if decision.outcomes.is_empty() || !decision.unprovided.is_empty() {
            let what = format!("{} by {} ({})", irregularity.replace('_', " "), p.offender, p.card);
            let given: Vec<String> = FactId::ALL
                .iter()
                .filter(|f| f.source() != FactSource::Derived && p.known.contains(f))
                .map(|f| format!("{} = {}", f.name(), f.values()[p.facts.get(*f)]))
                .collect();
            // A table the edition does not define at all is not consulted (`tables` lacks it).
            let undefined = decision.unprovided.iter().any(|t| !decision.tables.contains(t));
            if given.is_empty() || undefined {
                return Err(unsupported(p.event, edition, &what));
            }
            let given = given.join(", ");
            return Err(err(
                p.event,
                format!(
                    "{what}: no rule of edition {} applies with {given}; is every answer possible here?",
                    edition.name()
                ),
            ));
        }
        ruling.rules = decision.rules;
        for t in &decision.outcomes {
            for view in self.apply_play(&p, t)? {
                self.cite(&view.clauses);
                ruling.rectifications.push(view);
            }
        }
        let lead_stands =
            |t: &Traced| matches!(t.rectification, Rectification::LeadStands | Rectification::DeclarerSpreads);
        if !decision.outcomes.iter().any(lead_stands) {
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
                let lead = st.pending.as_mut().expect("the lead awaits its ruling");
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
                let i = p.revoke.expect("a revoke being corrected");
                let st = self.st();
                st.revokes.remove(i);
                st.established_by.remove(i);
            }
            Rectification::PenaltyCardSubstituted => self.substitute_penalty_card(p),
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
}

mod adjust;
mod director;
mod penalties;
mod revoke;
mod trick;
