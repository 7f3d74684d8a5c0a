//! A lead out of turn, the director called, then a card from the next hand in rotation: the
//! card is the non-offending side's acceptance by play (Law 53A, "or if a play is made from the
//! next hand in rotation to the irregular lead"; 2017 Law 54B for the opening lead, 55A for
//! declarer's lead; 2017 Law 60A1: a play before rectification has been assessed), ruled as the
//! same card is without the `director` entry, with that entry's answers. The play's twin of the
//! auction's acceptance after the director (`Referee::lho_calls_next`). Likewise the first
//! lead of a defender under a lead restriction from the auction (Law 26), made before declarer
//! stated his option and played to by the next hand: the option has passed unexercised.

use super::*;

/// The answers that make a `director` entry a ruling of its own: a choice about the lead
/// itself, or a matter other than the lead out of turn.
const OWN_RULING: [FactId; 8] = [
    FactId::LeadChoice,
    FactId::PlayersSettled,
    FactId::AgreementToClaim,
    FactId::PenaltyCardInformationDamage,
    FactId::RestrictedLeadOption,
    FactId::ProhibitedSuit,
    FactId::PenaltyCardLead,
    FactId::PenaltyCardSuit,
];

impl Referee<'_> {
    /// Whether the `director` entry `event` (1-based) is followed at once by a card from the
    /// hand next in rotation to a lead out of turn awaiting the ruling, the entry giving no
    /// choice about the lead: that card accepts it, and the entry's answers are kept for its
    /// ruling.
    pub(super) fn next_hand_accepts(
        &mut self,
        event: usize,
        answers: &[(String, String)],
        by_seat: &[SeatAnswer],
    ) -> bool {
        let own = |name: &str| OWN_RULING.iter().chain(&END_JUDGEMENTS).chain(&END_CHOICES).any(|f| f.name() == name);
        if !by_seat.is_empty() || answers.iter().any(|(name, _)| own(name)) {
            return false;
        }
        if answers.is_empty() && self.nos_plays_on_after_premature(event) {
            self.st().accepted_after = Some((event, answers.to_vec()));
            return true;
        }
        let Some(st) = self.play.as_ref() else { return false };
        let Some(p) = st.pending.as_ref().filter(|p| {
            p.table == Table::PlayIrregularity
                && p.facts.play_irregularity == PlayIrregularity::LeadOutOfTurn
                && !p.known.contains(&FactId::NextCard)
        }) else {
            return false;
        };
        let next_hand = p.offender.lho();
        if !matches!(self.case.events.get(event), Some(Event::Play { seat, .. }) if *seat == next_hand) {
            return false;
        }
        // Ruled at the entry, with no card after the lead: only a ruling the entry leaves open
        // (a choice not given) is settled by the card; one its answers decide (2017 Law 54C,
        // declarer must accept) is the director's.
        let (mut facts, mut known) = (p.facts, p.known);
        facts.next_card = NextCard::None;
        known.insert(FactId::NextCard);
        known.insert(FactId::NextCardFollows);
        if answer(event, answers, &mut facts, &mut known).is_err() || self.consult(p.table, &facts, &known).1.len() < 2
        {
            return false;
        }
        self.st().accepted_after = Some((event, answers.to_vec()));
        true
    }

    /// Whether the bare `director` entry `event` (1-based), called to a defender's premature lead
    /// or play, is followed at once (after the offender's partner's card, if any) by a card of the
    /// declaring side that the tables rule on as
    /// such, with no choice left (1987 commentary 60.1: a card of the non-offending side played
    /// after attention was drawn, before the penalty was assessed, forfeits it): the card is then
    /// ruled as it is without the entry.
    fn nos_plays_on_after_premature(&self, event: usize) -> bool {
        let Some(st) = self.play.as_ref() else { return false };
        let Some(p) = st.pending.as_ref().filter(|p| {
            p.table == Table::PlayIrregularity && p.facts.play_irregularity == PlayIrregularity::PrematurePlay
        }) else {
            return false;
        };
        // The offender's partner's card, if it comes first, is held for the ruling (Law 60C).
        let partner = p.offender.partner();
        let after_partner = match self.case.events.get(event) {
            Some(Event::Play { seat, .. }) if *seat == partner => event + 1,
            _ => event,
        };
        let Some(Event::Play { seat, .. }) = self.case.events.get(after_partner) else { return false };
        if st.role(*seat) != OffenderRole::Declarer {
            return false;
        }
        let mut after = p.clone();
        after.facts.next_card = if *seat == p.offender.lho() { NextCard::Lho } else { NextCard::Rho };
        after.known.insert(FactId::NextCard);
        self.decided_now(&after)
    }

    /// The answers of the `director` entry the next hand's card followed, if any, for the
    /// ruling on the lead it accepts: the entry is then the one at fault for a wrong answer.
    pub(super) fn acceptance_answers(&mut self) -> Vec<(String, String)> {
        match self.st().accepted_after.take() {
            Some((event, answers)) => {
                if !answers.is_empty() {
                    self.answered_at = event;
                }
                answers
            }
            None => Vec::new(),
        }
    }

    /// The restricted player (`seat`) makes his first lead, by event `event`, before declarer
    /// has stated his Law 26 option. When the next event is a card from the next hand in
    /// rotation (the declaring side's) played to it, the `restricted_lead` table rules with
    /// `restricted_lead_played_to`; otherwise declarer's option is asked at this lead.
    pub(super) fn restricted_lead_made(&mut self, event: usize, i: usize, seat: Seat) -> Result<(), RefereeError> {
        let next_hand = seat.lho();
        let played_to = matches!(self.case.events.get(event), Some(Event::Play { seat, .. }) if *seat == next_hand);
        self.restricted_lead_with(event, i, &[], played_to)
    }
}
