//! The director called during the play, and attention drawn at the end of the record: which
//! pending matter he rules on first.

use super::*;

impl Referee<'_> {
    /// The director is called during the play.
    pub(in crate::referee) fn play_director(
        &mut self,
        event: usize,
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let (settled, answers): (Vec<_>, Vec<_>) =
            answers.iter().cloned().partition(|(name, _)| name == FactId::PlayersSettled.name());
        // A judgement for the end of play is kept for it (the revoke adjustment's equity).
        let (end, answers): (Vec<_>, Vec<_>) =
            answers.into_iter().partition(|(name, _)| name == FactId::RevokeCompensation.name());
        answer(event, &end, &mut Facts::default(), &mut derived_known(&[]))?;
        if !end.is_empty() && tables::decide(self.laws, Table::RevokeEquity, &Facts::default()).undefined() {
            let edition = self.edition();
            return Err(err(event, format!("`revoke_compensation` is given, but edition {edition} has no rule on it")));
        }
        self.st().end_answers.extend(end);
        let answers = &answers[..];
        // The players settled the irregularity awaiting the director among themselves, or the
        // last one ruled if they played on as they settled it: the settlement table says what
        // the director does, before he rules on the irregularity itself.
        let last =
            self.irregularities.iter().rev().find_map(|r| r.card.map(|c| (r.offender, Subject::Card(c), r.turn_of)));
        let ruled_before = !self.irregularities.is_empty();
        let st = self.st();
        if !settled.is_empty() {
            let Some((offender, subject, turn_of)) =
                st.pending.as_ref().map(|p| (p.offender, p.subject, p.turn_of)).or(last)
            else {
                return Err(err(event, "`players_settled` is given, but there is no irregularity of the play"));
            };
            let q = self.pending_play(event, offender, subject, turn_of, Table::PlayersSettlement, Facts::default());
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

    /// At the end of the record: attention is drawn to a play irregularity still pending, and
    /// to an established revoke on the twelfth trick, which the tables may correct.
    pub(in crate::referee) fn end_of_record(&mut self, events: usize) -> Result<(), RefereeError> {
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
        if st.tricks.len() < 12 || (st.tricks.len() == 12 && st.claim().is_none()) {
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
            revoke_before_partner_played: revoke::before_partner(&st.tricks[11], r.seat),
            ..Facts::default()
        };
        let subject = Subject::Revoke { index: i, card: r.card };
        let p = self.pending_play(events, r.seat, subject, r.seat, Table::RevokeCorrection, facts);
        self.rule_play(p, &[])
    }
}
