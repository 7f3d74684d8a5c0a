//! The director called during the play, and attention drawn at the end of the record: which
//! pending matter he rules on first.

use super::*;
use bridgelaw_tables::AttentionDrawn;

/// Declarer's choices for a lead (Laws 26, 50D2 / 50E, 51B2), which an entry may give with the
/// ruling that makes them due.
const LEAD_CHOICES: [FactId; 5] = [
    FactId::RestrictedLeadOption,
    FactId::RestrictedSuit,
    FactId::ProhibitedSuit,
    FactId::PenaltyCardLead,
    FactId::PenaltyCardSuit,
];
/// Declarer's choices for a restricted player's first lead (Law 26).
const RESTRICTED_CHOICES: [FactId; 3] = [FactId::RestrictedLeadOption, FactId::RestrictedSuit, FactId::ProhibitedSuit];
/// Declarer's choices for a lead by the partner of a player with a major penalty card (Laws
/// 50D2 / 50E, 51B2).
const PENALTY_CARD_CHOICES: [FactId; 2] = [FactId::PenaltyCardLead, FactId::PenaltyCardSuit];

/// Whether the answer `name` is one of `choices`.
fn is_one_of(name: &str, choices: &[FactId]) -> bool {
    choices.iter().any(|f| f.name() == name)
}

/// Whether `answers` give one of `choices`.
fn gives(answers: &[(String, String)], choices: &[FactId]) -> bool {
    answers.iter().any(|(name, _)| is_one_of(name, choices))
}

/// The answers that are (`keep`) or are not one of `choices`.
fn answers_of(answers: &[(String, String)], choices: &[FactId], keep: bool) -> Vec<(String, String)> {
    answers.iter().filter(|(name, _)| is_one_of(name, choices) == keep).cloned().collect()
}

impl Referee<'_> {
    /// The director is called during the play. Declarer's choices for a lead that the entry
    /// gives while cards are still to be played to the trick (with the ruling that makes them
    /// due: a card made a penalty card, a revoke corrected) are kept for the next lead.
    pub(in crate::referee) fn play_director(
        &mut self,
        event: usize,
        answers: &[(String, String)],
        by_seat: &[SeatAnswer],
    ) -> Result<(), RefereeError> {
        let taken: Vec<(String, String)>;
        let answers = if self.play.as_ref().is_some_and(|st| st.lead_answers_taken_from == Some(event)) {
            self.st().lead_answers_taken_from = None;
            taken = answers_of(answers, &PENALTY_CARD_CHOICES, false);
            if taken.is_empty() && by_seat.is_empty() {
                return Ok(());
            }
            &taken[..]
        } else {
            answers
        };
        self.play_director_entry(event, answers, by_seat)?;
        let lead_answers = answers_of(answers, &LEAD_CHOICES, true);
        let st = self.st();
        if !lead_answers.is_empty() && st.pending.is_none() && !st.current.cards.is_empty() && self.stopped_at.is_none()
        {
            self.st().kept_lead_answers = Some((event, lead_answers));
        }
        Ok(())
    }

    /// The entry's own ruling: what awaits the director, in the order the tables give.
    fn play_director_entry(
        &mut self,
        event: usize,
        answers: &[(String, String)],
        by_seat: &[SeatAnswer],
    ) -> Result<(), RefereeError> {
        self.start_play(event)?;
        if self.next_hand_accepts(event, answers, by_seat) {
            // The next hand plays to the lead out of turn before the ruling (Law 53A).
            return Ok(());
        }
        // Declarer's choices kept for the next lead are given again by this entry, unless it
        // gives its own.
        let merged: Vec<(String, String)>;
        let answers = match self.st().kept_lead_answers.take() {
            Some((_, kept)) => {
                let own = |name: &String| answers.iter().any(|(n, _)| n == name);
                merged = answers.iter().cloned().chain(kept.into_iter().filter(|(n, _)| !own(n))).collect();
                &merged[..]
            }
            None => answers,
        };
        // The judgements for the end of play given revoke by revoke are kept for it.
        let (by_revoke, by_seat): (Vec<_>, Vec<_>) =
            by_seat.iter().cloned().partition(|(_, _, name, _)| END_JUDGEMENTS.iter().any(|f| f.name() == name));
        if !by_revoke.is_empty() {
            let given: Vec<(String, String)> = by_revoke.iter().map(|(_, _, n, v)| (n.clone(), v.clone())).collect();
            self.end_judgements(event, &given)?;
            self.st().end_by_revoke.extend(by_revoke.into_iter().map(|a| (event, a)));
        }
        if !by_seat.is_empty() {
            return self.defenders_choices(event, answers, &by_seat);
        }
        let (settled, answers): (Vec<_>, Vec<_>) =
            answers.iter().cloned().partition(|(name, _)| name == FactId::PlayersSettled.name());
        // A judgement for the end of play is kept for it (the revoke adjustment's equity).
        let (end, answers): (Vec<_>, Vec<_>) =
            answers.into_iter().partition(|(name, _)| END_JUDGEMENTS.iter().any(|f| f.name() == name));
        self.end_judgements(event, &end)?;
        self.st().end_answers.extend(end);
        // Declarer's choice for a twelfth-trick correction once the play is over (1987 Law 62D2).
        let (choices, answers): (Vec<_>, Vec<_>) =
            answers.into_iter().partition(|(name, _)| END_CHOICES.iter().any(|f| f.name() == name));
        answer(event, &choices, &mut Facts::default(), &mut derived_known(&[]))?;
        self.st().end_choices.extend(choices.into_iter().map(|a| (event, a)));
        // The director's judgement on the information from a penalty card (2017 Law 50E3).
        let (information, answers): (Vec<_>, Vec<_>) =
            answers.into_iter().partition(|(name, _)| name == FactId::PenaltyCardInformationDamage.name());
        if !information.is_empty() {
            self.penalty_card_information(event, &information)?;
        }
        // The director's finding of when attention was drawn to a revoke whose side agreed to an
        // opponent's claim comes first: the revoke may still be corrected.
        let (agreement, answers): (Vec<_>, Vec<_>) =
            answers.into_iter().partition(|(name, _)| name == FactId::AgreementToClaim.name());
        answer(event, &agreement, &mut Facts::default(), &mut derived_known(&[]))?;
        if self.awaiting_agreement() {
            if agreement.is_empty() {
                // Asked at the end of the record, with the outcome of each answer.
                return Ok(());
            }
            return self.rule_agreement(event, &agreement, &answers);
        }
        if !agreement.is_empty() {
            return Err(err(event, "`agreement_to_claim` is given, but no revoke awaits a finding on an agreed claim"));
        }
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
        // A defective trick, when no irregularity awaits a ruling: the director rules on it,
        // then on what else awaits him.
        let st = self.st();
        if st.pending.is_none() && (st.extra_card.is_some() || st.omitted.as_ref().is_some_and(|o| o.due.is_none())) {
            self.rule_defective(event)?;
            return self.rule_next(event, answers, true);
        }
        // A face-down opening lead by the defender not on lead, before any card is faced.
        let st = self.st();
        if st.pending.is_none() && st.face_down.is_some_and(|(seat, _)| seat != st.current.leader) {
            self.face_down_called(event)?;
            return self.rule_next(event, answers, true);
        }
        let st = self.st();
        if let Some(mut p) = st.pending.take() {
            if !p.known.contains(&FactId::NextCard) {
                p.facts.next_card = NextCard::None;
                p.known.insert(FactId::NextCard);
                p.known.insert(FactId::NextCardFollows);
            }
            let irregularity = p.table == Table::PlayIrregularity;
            self.rule_play(p, answers)?;
            return self.lead_choice_given(event, answers, irregularity);
        }
        self.rule_next(event, answers, ruled_before || !settled.is_empty())
    }

    /// Declarer's choice for the lead that an irregularity's ruling brings (50D2's options when
    /// the withdrawn lead becomes a major penalty card, a restriction's first lead), given in the
    /// entry that ruled the irregularity: the director explains the options together, and
    /// declarer states his choice before that lead. It is ruled now if that lead is due, as if
    /// given in the next entry; if cards are still to be played to the trick, when the next lead
    /// is made (`kept_lead_answers`).
    fn lead_choice_given(
        &mut self,
        event: usize,
        answers: &[(String, String)],
        irregularity: bool,
    ) -> Result<(), RefereeError> {
        let lead_answers = answers_of(answers, &LEAD_CHOICES, true);
        if !irregularity || lead_answers.is_empty() || self.stopped_at.is_some() {
            return Ok(());
        }
        let st = self.st();
        if st.pending.is_some() || !st.current.cards.is_empty() {
            return Ok(());
        }
        self.rule_answered(event, &lead_answers, false)
    }

    /// The penalty-card choices of the `director` entry just after the lead `event`, if any:
    /// declarer states his options at a lead made before them (1987 Law 50E, as read), and the
    /// entry is then the one at fault for a wrong answer.
    pub(super) fn next_entry_lead_answers(&mut self, event: usize) -> Vec<(String, String)> {
        let Some(Event::Director { answers, by_seat }) = self.case.events.get(event) else { return Vec::new() };
        if !by_seat.is_empty() || !gives(answers, &PENALTY_CARD_CHOICES) {
            return Vec::new();
        }
        let choices = answers_of(answers, &PENALTY_CARD_CHOICES, true);
        self.st().lead_answers_taken_from = Some(event + 1);
        self.answered_at = event + 1;
        choices
    }

    /// Declarer's choices kept from an earlier entry (`kept_lead_answers`), ruled as the lead
    /// they await is made by `seat`, before the card. A choice for a lead that is not due is an
    /// error: it answers nothing.
    pub(super) fn rule_kept_lead_answers(&mut self, event: usize, seat: Seat) -> Result<(), RefereeError> {
        let st = self.st();
        if !st.current.cards.is_empty() || st.pending.is_some() || seat != st.current.leader {
            return Ok(());
        }
        let Some((given, answers)) = st.kept_lead_answers.take() else { return Ok(()) };
        self.rule_answered(event, &answers, false)?;
        if self.stopped_at.is_some() {
            return Ok(());
        }
        let st = self.st();
        let unanswered = answers.iter().find(|(name, _)| {
            let restricted = is_one_of(name, &RESTRICTED_CHOICES);
            let penalty = is_one_of(name, &PENALTY_CARD_CHOICES);
            restricted && st.restricted.iter().any(|r| !r.settled && r.seat == seat)
                || penalty && st.lead_options_settled != Some(st.trick_number())
        });
        match unanswered {
            Some((name, _)) => Err(err(
                given,
                format!("`{name}` is given for the next lead, but {seat}'s lead at event {event} does not await that choice"),
            )),
            None => Ok(()),
        }
    }

    /// Rules each matter awaiting the director at this lead that `answers` answer (Law 26's
    /// option, declarer's penalty-card options), in the order the table gives; a matter they do
    /// not answer is left for a later entry or the lead. `restricted_ruled`: this entry has
    /// ruled a restriction already (its answers are for that one).
    fn rule_answered(
        &mut self,
        event: usize,
        answers: &[(String, String)],
        mut restricted_ruled: bool,
    ) -> Result<(), RefereeError> {
        let mut penalty_ruled = false;
        loop {
            if self.stopped_at.is_some() || self.st().pending.is_some() {
                return Ok(());
            }
            let holder = self.penalty_card_holder().filter(|_| !penalty_ruled && gives(answers, &PENALTY_CARD_CHOICES));
            let restricted =
                self.st().restricted_lead_due().filter(|_| !restricted_ruled && gives(answers, &RESTRICTED_CHOICES));
            let facts = Facts {
                restricted_lead_due: restricted.is_some(),
                penalty_card_lead_due: holder.is_some(),
                entry_answers_lead_choice: true,
                ..Facts::default()
            };
            let first = self.ask_derived(Table::DirectorRulingOrder, &facts).outcomes().next().map(|t| t.rectification);
            match (first, restricted, holder) {
                (Some(Rectification::RuleRestrictedLead), Some(i), _) => {
                    restricted_ruled = true;
                    self.restricted_lead(event, i, answers)?;
                }
                (Some(Rectification::RulePenaltyCardLead), _, Some(h)) => {
                    penalty_ruled = true;
                    self.lead_options(event, h, answers)?;
                }
                (Some(Rectification::NoMatterPending), None, None) => return Ok(()),
                _ => {
                    let what = "the order of the director's rulings on the matters awaiting him";
                    return Err(unsupported_at(event, self.edition(), Some(Table::DirectorRulingOrder), what));
                }
            }
        }
    }

    /// The director is called with no irregularity pending: the table says which of the matters
    /// awaiting him (a revoke to correct, declarer's choice for a lead) he rules on first.
    /// `ruled`: something was ruled before, or at this entry.
    fn rule_next(&mut self, event: usize, answers: &[(String, String)], ruled: bool) -> Result<(), RefereeError> {
        let holder = self.penalty_card_holder();
        let unestablished = self.revoke_to_correct(AttentionDrawn::DirectorCalled);
        let restricted = self.st().restricted_lead_due();
        // Which of the matters awaiting him the director rules on first, as the table says.
        let lead_choice =
            [FactId::RestrictedLeadOption, FactId::RestrictedSuit, FactId::ProhibitedSuit, FactId::PenaltyCardLead];
        let facts = Facts {
            revoke_awaits_correction: unestablished.is_some(),
            restricted_lead_due: restricted.is_some(),
            penalty_card_lead_due: holder.is_some(),
            entry_answers_lead_choice: answers.iter().any(|(name, _)| lead_choice.iter().any(|f| f.name() == name)),
            ..Facts::default()
        };
        let first = self.ask_derived(Table::DirectorRulingOrder, &facts).outcomes().next().map(|t| t.rectification);
        match (first, unestablished, restricted, holder) {
            (Some(Rectification::RuleRevokeCorrection), Some(i), _, _) => return self.correction(event, i, answers),
            (Some(Rectification::RuleRestrictedLead), _, Some(i), _) => {
                self.restricted_lead(event, i, answers)?;
                return self.rule_answered(event, answers, true);
            }
            (Some(Rectification::RulePenaltyCardLead), _, _, Some(h)) => {
                self.lead_options(event, h, answers)?;
                return self.rule_answered(event, answers, true);
            }
            (Some(Rectification::NoMatterPending), None, None, None) => {}
            _ => {
                let what = "the order of the director's rulings on the matters awaiting him";
                return Err(unsupported_at(event, self.edition(), Some(Table::DirectorRulingOrder), what));
            }
        }
        // Nothing awaits a ruling.
        let st = self.st();
        if answers.is_empty() && (!st.revokes.is_empty() || ruled) {
            return Ok(());
        }
        match st.revokes.iter().rfind(|r| r.established) {
            Some(r) => Err(err(
                event,
                format!(
                    "the director is called, but nothing awaits a ruling: {}'s revoke on trick {} is established and may no longer be corrected",
                    r.seat, r.trick
                ),
            )),
            None => Err(err(event, "the director is called, but no irregularity awaits a ruling")),
        }
    }

    /// Checks the judgements given for the end of play (Law 64C): known values, and an edition
    /// that rules on them.
    fn end_judgements(&mut self, event: usize, end: &[(String, String)]) -> Result<(), RefereeError> {
        answer(event, end, &mut Facts::default(), &mut derived_known(&[]))?;
        if let Some((name, _)) = end.first() {
            if tables::decide(self.laws, Table::RevokeEquity, &Facts::default()).undefined() {
                let edition = self.edition();
                return Err(err(event, format!("`{name}` is given, but edition {edition} has no rule on it")));
            }
        }
        Ok(())
    }

    /// The director is called to declarer's lead out of turn and the case records each
    /// defender's choice: `lead_choice` is that of the defender next in turn after the irregular
    /// lead (or the one recorded), `other_defender_choice` the other's if it differs; the table
    /// decides whose prevails.
    fn defenders_choices(
        &mut self,
        event: usize,
        answers: &[(String, String)],
        by_seat: &[SeatAnswer],
    ) -> Result<(), RefereeError> {
        let st = self.st();
        let declarer = st.declarer;
        let lead = st.pending.take_if(|p| {
            p.table == Table::PlayIrregularity
                && p.facts.play_irregularity == PlayIrregularity::LeadOutOfTurn
                && p.facts.offender_role == OffenderRole::Declarer
        });
        let Some(mut p) = lead else {
            return Err(err(event, "choices by seat are given only for declarer's lead out of turn, by the defenders"));
        };
        let mut next = None;
        let mut other = None;
        for (seat, trick, name, value) in by_seat {
            if name != FactId::LeadChoice.name() || seat.same_side(declarer) || trick.is_some() {
                self.st().pending = Some(p);
                return Err(err(
                    event,
                    format!("{seat}'s `{name}`: only the defenders' `lead_choice` is given by seat"),
                ));
            }
            let slot = if *seat == p.offender.lho() { &mut next } else { &mut other };
            *slot = Some(value.clone());
        }
        let mut answers = answers.to_vec();
        let (choice, differing) = match (next, other) {
            (Some(n), Some(o)) if n != o => (n, Some(o)),
            (Some(c), _) | (None, Some(c)) => (c, None),
            (None, None) => return Err(err(event, "no choice is given by seat")),
        };
        if let Some(o) = differing {
            let Some(i) = FactId::OtherDefenderChoice.values().iter().position(|v| *v == o) else {
                self.st().pending = Some(p);
                return Err(err(event, format!("`{o}` is not a choice a defender may make here: accept or reject")));
            };
            p.facts.set(FactId::OtherDefenderChoice, i);
        }
        answers.push((FactId::LeadChoice.name().to_string(), choice));
        if !p.known.contains(&FactId::NextCard) {
            p.facts.next_card = NextCard::None;
            p.known.insert(FactId::NextCard);
            p.known.insert(FactId::NextCardFollows);
        }
        self.rule_play(p, &answers)
    }

    /// After a faced opening lead out of turn by a defender, declarer begins to spread his hand,
    /// exposing `cards`: the lead table rules at once.
    pub(in crate::referee) fn spread(&mut self, event: usize, seat: Seat, cards: &[Card]) -> Result<(), RefereeError> {
        self.start_play(event)?;
        for &c in cards {
            self.playable(event, seat, c)?;
        }
        let st = self.st();
        let declarer = st.declarer;
        let opening = st.pending.take_if(|p| {
            p.table == Table::PlayIrregularity
                && p.facts.play_irregularity == PlayIrregularity::LeadOutOfTurn
                && p.facts.opening_lead
                && p.facts.offender_role == OffenderRole::Defender
        });
        let dummy = st.dummy;
        let started = !st.tricks.is_empty() || !st.current.cards.is_empty();
        if opening.is_none() && seat == declarer && started && st.nothing_awaits() && !cards.is_empty() {
            return self.declarer_faces_cards(event, seat, cards[0]);
        }
        let Some(mut p) = opening.filter(|_| (seat == declarer || seat == dummy) && !cards.is_empty()) else {
            return Err(err(
                event,
                format!("{seat} spreads cards, but only declarer (or the presumed dummy) spreads his hand, exposing one or more cards, after a defender's faced opening lead out of turn that awaits a ruling"),
            ));
        };
        if seat == dummy {
            // The presumed dummy's cards are face up: the `dummy_sight` table says what declarer
            // could have seen (Law 54C).
            p.facts.dummy_cards_exposed = true;
        } else {
            p.facts.declarer_began_spread = true;
        }
        p.facts.next_card = NextCard::None;
        p.known.insert(FactId::NextCard);
        p.known.insert(FactId::NextCardFollows);
        // The director called at once rules with the choices his entry gives (a choice the
        // law no longer leaves declarer is the tables' to overrule).
        if matches!(self.case.events.get(event), Some(Event::Director { .. })) {
            self.st().pending = Some(p);
            return Ok(());
        }
        self.rule_play(p, &[])
    }

    /// Declarer faces his cards during the play, other than immediately after an opening lead
    /// out of turn (`card`: the first he shows): the director rules, at the entry right after
    /// it, or at once.
    fn declarer_faces_cards(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        let p = self.pending_play(event, seat, card, seat, Table::DeclarerFacesCards, Facts::default());
        if matches!(self.case.events.get(event), Some(Event::Director { .. })) {
            self.st().pending = Some(p);
            return Ok(());
        }
        self.rule_play(p, &[])
    }

    /// At the end of the record: attention is drawn to a play irregularity still pending, and
    /// to an established revoke on the twelfth trick, which the tables may correct.
    pub(in crate::referee) fn end_of_record(&mut self, events: usize) -> Result<(), RefereeError> {
        if self.play.is_none() {
            return Ok(());
        }
        // A judgement given for a revoke must name one.
        let st = self.st();
        for (event, (seat, trick, name, _)) in &st.end_by_revoke {
            if !st.revokes.iter().any(|r| r.seat == *seat && trick.is_none_or(|t| t == r.trick)) {
                let on = trick.map(|t| format!(" on trick {t}")).unwrap_or_default();
                return Err(err(
                    *event,
                    format!("`{name}` is given for {seat}'s revoke{on}, but {seat} has no revoke{on}"),
                ));
            }
        }
        if self.awaiting_agreement() {
            self.rule_agreement(events, &[], &[])?;
        }
        let Some(st) = self.play.as_mut() else { return Ok(()) };
        if let Some(mut p) = st.pending.take() {
            if !p.known.contains(&FactId::NextCard) {
                p.facts.next_card = NextCard::None;
                p.known.insert(FactId::NextCard);
                p.known.insert(FactId::NextCardFollows);
            }
            return self.rule_play(p, &[]);
        }
        // A defective trick the director was not called to; once the play is over, the card a
        // player who omitted to play to a trick places there is the one he holds.
        self.rule_defective(events)?;
        if let Some(seat) = self.st().omitted.as_ref().map(|o| o.seat) {
            let hand = self.st().hands[seat as usize];
            let only =
                [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades].into_iter().find_map(|s| hand.extremes(s));
            let last = only.filter(|_| revoke::play_over(self.st()) && hand.len() == 1).map(|(card, _)| card);
            match last {
                Some(card) => self.omitted_card(events, seat, card)?,
                None => {
                    return Err(err(
                        events,
                        format!(
                        "the record ends before {seat} supplies or places his card for the trick he omitted to play to"
                    ),
                    ))
                }
            }
        }
        // The revokes the end of the record draws attention to, as the table says (Law 62D).
        let attention = if revoke::play_over(self.st()) {
            AttentionDrawn::EndOfPlay
        } else {
            AttentionDrawn::EndOfUnfinishedRecord
        };
        let choices = std::mem::take(&mut self.st().end_choices);
        let Some(i) = self.revoke_to_correct(attention) else {
            return match choices.first() {
                Some((event, (name, _))) => Err(err(
                    *event,
                    format!("`{name}` is given, but no revoke on the twelfth trick is corrected once the play is over"),
                )),
                None => self.lead_options_at_end(events),
            };
        };
        if let Some((event, _)) = choices.first() {
            self.answered_at = *event;
        }
        let answers: Vec<(String, String)> = choices.into_iter().map(|(_, a)| a).collect();
        self.correction(events, i, &answers)
    }
}
