//! Revokes: their correction, what establishes them, questions about a revoke, the inspection
//! of a quitted trick, cards withdrawn after a corrected revoke (62C) and claims.

use super::*;
use bridgelaw_tables::{AgreementToClaim, AttentionDrawn, LateAttention};

/// A card a ruling replaced after the other side played to the trick after it: an opponent's
/// change of play, after which those cards may be withdrawn (`changed_play_withdrawal`).
#[derive(Clone, Debug)]
pub(super) struct ChangedPlay {
    /// The player whose card was replaced.
    seat: Seat,
    /// The trick's number.
    trick: usize,
    /// The other side's cards played to the trick after it, not yet withdrawn.
    later: Vec<(Seat, Card)>,
}

impl Referee<'_> {
    /// Withdraws a revoke card from its trick; the offender must substitute a legal card. Once
    /// the play is over (no later event can substitute one), the offender's last card is the
    /// substitute: his two last cards change places. `None` if the subject is no revoke, or its
    /// card is in neither a trick to reopen nor, the play over, the trick before the last.
    pub(super) fn correct_revoke(&mut self, p: &PlayPending) -> Option<()> {
        let i = p.subject.revoke()?;
        let st = self.st();
        let r = st.revokes.get(i)?.clone();
        if play_over(st) {
            correct_twelfth_trick(st, &r)?;
            st.revokes[i].corrected = true;
            return Some(());
        }
        let index = take_back(st, &r)?;
        st.revokes[i].corrected = true;
        // A penalty card played as the revoke card goes back on the table, a penalty card again.
        if let Some(at) = st.faced_revoke_cards.iter().position(|c| c.seat == r.seat && c.card == r.card) {
            let card = st.faced_revoke_cards.remove(at);
            st.penalty_cards.push(card);
        }
        let restored: Vec<PlayBinding> = st
            .unmet_penalties
            .iter()
            .filter(|(c, b)| *c == r.card && b.seat == r.seat)
            .map(|(_, b)| b.clone())
            .collect();
        st.bindings.extend(restored);
        let later = st.current.cards[index..].to_vec();
        let c = st.correcting();
        c.substitute = Some((r.seat, index));
        c.later = Some((r.seat, later));
        c.non_offender_withdrew = None;
        Some(())
    }

    /// Asks the establishment table whether the act of event `event` establishes revoke `i`,
    /// and establishes it if so.
    pub(super) fn establish(&mut self, event: usize, i: usize, act: EstablishingAct, by_offending_side: bool) {
        self.establish_by(event, i, act, by_offending_side, false);
    }

    /// As `establish`, saying whether the act is the offending side's agreement to an
    /// opponent's claim.
    pub(super) fn establish_by(
        &mut self,
        event: usize,
        i: usize,
        act: EstablishingAct,
        by_offending_side: bool,
        claim_by_opponent: bool,
    ) {
        let facts = Facts {
            establishing_act: act,
            act_by_offending_side: by_offending_side,
            claim_by_opponent,
            ..Facts::default()
        };
        let ask = |r: &Self| {
            let d = r.ask_derived(Table::RevokeEstablishment, &facts);
            d.outcomes().find(|t| matches!(t.rectification, Rectification::RevokeEstablished))
        };
        // Apart from a claim (once a deal), the answer depends on the act and the side only:
        // asked once per combination.
        let key = act as usize * 2 + usize::from(by_offending_side);
        let t = match self.st().establishes[key] {
            _ if claim_by_opponent => ask(self),
            Some(t) => t,
            None => {
                let t = ask(self);
                self.st().establishes[key] = Some(t);
                t
            }
        };
        let Some(t) = t else { return };
        let r = self.st().revokes[i].clone();
        let p = self.pending_play(event, r.seat, r.card, r.seat, Table::RevokeEstablishment, facts);
        let view = Some(self.describe_play(&p, &t, p.subject));
        let st = self.st();
        st.revokes[i].established = true;
        st.established_by[i] = view;
    }

    /// The revoke the `revoke_attention` table puts to correction when attention is drawn as
    /// `attention` says: of those it puts, the latest.
    pub(super) fn revoke_to_correct(&self, attention: AttentionDrawn) -> Option<usize> {
        let st = self.play.as_ref()?;
        (0..st.revokes.len()).rev().find(|&i| {
            let r = &st.revokes[i];
            let facts = Facts {
                attention_drawn: attention,
                revoke_established: r.established,
                revoke_corrected: r.corrected,
                revoke_accepted: r.accepted,
                revoke_on_twelfth_trick: r.trick == 12,
                ..Facts::default()
            };
            let d = self.ask_derived(Table::RevokeAttention, &facts);
            d.outcomes().any(|t| matches!(t.rectification, Rectification::RevokeToCorrect))
        })
    }

    /// Attention is drawn to revoke `i`, which the `revoke_attention` table puts to correction.
    pub(super) fn correction(
        &mut self,
        event: usize,
        i: usize,
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        let edition = self.edition();
        let st = self.st();
        let r = st.revokes[i].clone();
        // The play over, the revoke on the trick before the last is corrected by its offender's
        // last card, which no cards played later keep from it (`correct_twelfth_trick`).
        let exchange = play_over(st) && r.trick == 12;
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
            && !exchange
            && r.kind != RevokeKind::PenaltyCard
            && holds(last).is_some()
            && st.current.cards.iter().all(|(s, _)| !s.same_side(r.seat));
        if after.is_none() && r.kind != RevokeKind::PenaltyCard && !reopen && !exchange {
            let what = format!("the correction of {}'s revoke after later cards were played to another trick", r.seat);
            return Err(unsupported(event, edition, &what));
        }
        // Cards played to a later trick, the revoke not being established, are the declaring
        // side's; after a twelfth-trick revoke, declarer has played to the thirteenth.
        let declarer_played_after = after.is_none_or(|a| a.iter().any(|(s, _)| s.same_side(st.declarer)));
        let revoke_trick = st.tricks.get(r.trick - 1).map_or(&st.current.cards[..], |t| &t[..]);
        // The other side's revoke on the same trick, established by its play to the next trick.
        let other_side = reopen && other_revoke(st, i).is_some();
        let before_partner_played = r.trick == 12 && before_partner(revoke_trick, r.seat);
        let facts = Facts {
            offender_role: st.role(r.seat),
            revoke_from_faced_hand: r.kind == RevokeKind::PenaltyCard || r.seat == st.dummy,
            revoke_card_faced: r.card_faced,
            revoke_established: r.established,
            revoke_on_twelfth_trick: r.trick == 12,
            revoke_before_partner_played: before_partner_played,
            partner_twelfth_cards_two_suits: exchange
                && before_partner_played
                && st.role(r.seat) == OffenderRole::Defender
                && partner_cards_two_suits(st, r.seat.partner()),
            penalty_card_failure: r.kind == RevokeKind::PenaltyCard,
            declarer_played_after,
            other_side_revoked_same_trick: other_side,
            ..Facts::default()
        };
        if reopen {
            let st = self.st();
            st.correcting().held_next = std::mem::take(&mut st.current.cards);
        }
        let subject = Subject::Revoke { index: i, card: r.card };
        let p = self.pending_play(event, r.seat, subject, r.seat, Table::RevokeCorrection, facts);
        self.rule_play(p, answers)
    }

    /// A question to a player who did not follow suit, about a possible revoke.
    pub(in crate::referee) fn ask(&mut self, event: usize, by: Seat, of: Seat) -> Result<(), RefereeError> {
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

    /// A player who says a revoke has occurred asks to inspect a quitted trick.
    pub(in crate::referee) fn inspect(&mut self, event: usize, by: Seat, trick: usize) -> Result<(), RefereeError> {
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
    pub(in crate::referee) fn designate(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        self.playable(event, seat, card)?;
        let st = self.st();
        let number = st.trick_number();
        let earlier: Vec<usize> = (0..st.revokes.len())
            .filter(|&i| {
                let r = &st.revokes[i];
                !r.established && !r.corrected && r.trick < number
            })
            .collect();
        for i in earlier {
            let by_offending_side = self.st().revokes[i].seat.same_side(seat);
            self.establish(event, i, EstablishingAct::Designation, by_offending_side);
        }
        let st = self.st();
        let turn_of = st.next_to_play();
        if seat == turn_of || st.pending.is_some() {
            // At his turn, the card named is the card he plays (recorded next).
            return Ok(());
        }
        let facts =
            Facts { play_irregularity: PlayIrregularity::CardNamed, offender_role: st.role(seat), ..Facts::default() };
        let p = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
        self.rule_play(p, &[])
    }

    /// After a revoke is corrected, a player withdraws a card he played to the trick after it.
    pub(in crate::referee) fn withdraw(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let st = self.st();
        let later = st.correction.as_ref().and_then(|c| c.later.as_ref());
        let later = later.filter(|(_, cards)| cards.contains(&(seat, card)));
        if later.is_none() {
            if let Some(ruled) = self.withdraw_after_together(event, seat, card) {
                return ruled;
            }
            if let Some(ruled) = self.withdraw_after_changed_play(event, seat, card) {
                return ruled;
            }
            if st_restored(self.st(), seat, card) {
                return self.withdraw_restored(event, seat, card);
            }
        }
        let st = self.st();
        let later = st.correction.as_ref().and_then(|c| c.later.as_ref());
        let later = later.filter(|(_, cards)| cards.contains(&(seat, card)));
        let (Some((offender, _)), false) = (later, st.replacing().contains(&(seat, card))) else {
            return Err(err(
                event,
                format!(
                    "{seat} withdraws {card}, which is not a card he may withdraw: not one played in this trick after a corrected revoke, after a card a ruling replaced, or after cards played together"
                ),
            ));
        };
        let offender = *offender;
        // The trick may have been completed by the revoke's substitute; the non-offending side's
        // cards to the next trick, restored when it closed, are held again until it closes.
        if !st.current.cards.is_empty() && st.current.cards.iter().all(|x| st.restored_next.contains(x)) {
            st.restored_next.clear();
            st.correcting().held_next = std::mem::take(&mut st.current.cards);
        }
        reopen_last_trick(st);
        let facts = Facts {
            withdrawer_offending: seat.same_side(offender),
            after_opponent_withdrew: st.correction.as_ref().and_then(|c| c.non_offender_withdrew) == Some(seat.rho())
                && seat.same_side(offender),
            revokes_corrected_together: st.corrected_together.contains(&st.trick_number()),
            offender_role: st.role(seat),
            ..Facts::default()
        };
        let p = self.pending_play(event, seat, card, seat, Table::LaterCardWithdrawal, facts);
        self.rule_play(p, &[])?;
        // A card that stays played leaves the trick complete again.
        self.trick_done();
        Ok(())
    }

    /// `seat`'s `card`, ruled at the director's call, went to the trick as a revoke: the director
    /// being there, the `revoke_attention` table says whether it is corrected now.
    pub(super) fn revoke_at_the_call(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        let open = |r: &Revoke| r.seat == seat && r.card == card && !r.corrected && !r.established;
        if self.stopped_at.is_some() || !self.st().revokes.iter().any(open) {
            return Ok(());
        }
        match self.revoke_to_correct(AttentionDrawn::DirectorCalled) {
            Some(i) if open(&self.st().revokes[i]) => self.correction(event, i, &[]),
            _ => Ok(()),
        }
    }

    /// After the ruling on `seat`'s `card` (event `event`), played to the trick before the
    /// ruling: if the card is not in the trick (the ruling replaced it), the other side's cards
    /// recorded after it, before the director's call, are cards played after an opponent's
    /// change of play, which their players may ask to withdraw (`withdraw_after_changed_play`).
    pub(super) fn note_changed_play(&mut self, event: usize, seat: Seat, card: Card) {
        if self.st().current.cards.contains(&(seat, card)) {
            return;
        }
        let later = self.cards_played_after(event, seat);
        let st = self.st();
        st.changed_play = (!later.is_empty()).then(|| ChangedPlay { seat, trick: st.trick_number(), later });
    }

    /// The cards of `seat`'s opponents recorded from event `event` on, before the next `director`
    /// entry, that are in the current trick: the cards played to it after `seat`'s card of that
    /// event.
    pub(super) fn cards_played_after(&mut self, event: usize, seat: Seat) -> Vec<(Seat, Card)> {
        let case: &Case = self.case;
        let st = self.st();
        case.events
            .iter()
            .skip(event)
            .take_while(|e| !matches!(e, Event::Director { .. }))
            .filter_map(|e| match *e {
                Event::Play { seat: s, card: c } if !s.same_side(seat) && st.current.cards.contains(&(s, c)) => {
                    Some((s, c))
                }
                _ => None,
            })
            .collect()
    }

    /// A player withdraws `card`, which he played to the trick after a card of `seat`'s that a
    /// ruling then replaced: the table says whether he may (2017 Law 47D). `None` if it is not
    /// such a card.
    fn withdraw_after_changed_play(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
    ) -> Option<Result<(), RefereeError>> {
        let st = self.st();
        let changed = st.changed_play.as_ref()?;
        let in_trick = match (st.current.cards.is_empty(), st.tricks.len()) {
            (true, n) => n == changed.trick && st.tricks[n - 1].contains(&(seat, card)),
            (false, n) => n + 1 == changed.trick && st.current.cards.contains(&(seat, card)),
        };
        if !in_trick || !changed.later.contains(&(seat, card)) || st.replacing().contains(&(seat, card)) {
            return None;
        }
        let changer = changed.seat;
        if let Some(c) = st.changed_play.as_mut() {
            c.later.retain(|&x| x != (seat, card));
        }
        Some(self.rule_withdrawal_against(event, seat, card, changer, Table::ChangedPlayWithdrawal))
    }

    /// `seat` withdraws `card` from the last trick, reopened for it, after an irregularity of
    /// `offender`'s side: `table` says whether he may. A card that stays played leaves the trick
    /// complete again.
    pub(super) fn rule_withdrawal_against(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
        offender: Seat,
        table: Table,
    ) -> Result<(), RefereeError> {
        let st = self.st();
        reopen_last_trick(st);
        let facts =
            Facts { withdrawer_offending: seat.same_side(offender), offender_role: st.role(seat), ..Facts::default() };
        let p = self.pending_play(event, seat, card, seat, table, facts);
        let ruled = self.rule_play(p, &[]);
        self.trick_done();
        ruled
    }

    /// A non-offender withdraws a card he played to the next trick before attention was drawn
    /// to a revoke, back in the trick since the revoke's trick closed again: the table says
    /// whether he may (Law 62C1). Withdrawn, it leaves the trick with the cards after it.
    fn withdraw_restored(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        // The card is in the trick after the revokes' trick.
        let st = self.st();
        let together = st.corrected_together.contains(&st.tricks.len());
        self.rule_non_offender_withdrawal(event, seat, card, together)?;
        let st = self.st();
        let Some(c) = st.correction.as_mut().filter(|c| c.replacing.contains(&(seat, card))) else {
            return Ok(());
        };
        // His card is back in his hand (the rectification); the trick is played again from it.
        c.replacing.retain(|x| *x != (seat, card));
        if c.is_done() {
            st.correction = None;
        }
        if let Some(at) = st.current.cards.iter().position(|x| *x == (seat, card)) {
            for (s, c) in st.current.cards.split_off(at).into_iter().skip(1) {
                st.hands[s as usize].insert(c);
            }
        }
        st.restored_next.clear();
        Ok(())
    }

    /// The cards to the next trick that went back to their hands when a trick whose revokes were
    /// corrected together closed with another winner (`trick_done`): each is a card withdrawn,
    /// and the `later_card_withdrawal` table says what becomes of it (2017 Law 62C3: "every card
    /// withdrawn by the defending side becomes a penalty card").
    pub(in crate::referee) fn rule_returned_cards(&mut self, event: usize) -> Result<(), RefereeError> {
        let returned = match self.play.as_mut() {
            Some(st) if !st.returned_together.is_empty() => std::mem::take(&mut st.returned_together),
            _ => return Ok(()),
        };
        for (seat, card) in returned {
            self.rule_non_offender_withdrawal(event, seat, card, true)?;
        }
        Ok(())
    }

    /// A non-offender's card played after a corrected revoke, withdrawn: the
    /// `later_card_withdrawal` table rules it (`together`: both sides' revokes of its trick were
    /// corrected together, Law 62C3).
    fn rule_non_offender_withdrawal(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
        together: bool,
    ) -> Result<(), RefereeError> {
        let facts = Facts {
            withdrawer_offending: false,
            revokes_corrected_together: together,
            offender_role: self.st().role(seat),
            ..Facts::default()
        };
        let p = self.pending_play(event, seat, card, seat, Table::LaterCardWithdrawal, facts);
        self.rule_play(p, &[])
    }

    /// An agreed claim or concession: it ends the play and establishes every revoke.
    pub(in crate::referee) fn claim(&mut self, event: usize, seat: Seat, tricks: usize) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let st = self.st();
        if st.pending.is_some() || !st.current.cards.is_empty() || st.substitute().is_some() {
            return Err(err(event, "a claim is modelled between tricks only, with no irregularity awaiting a ruling"));
        }
        let left = 13 - st.tricks.len();
        if tricks > left || st.claim().is_some() {
            let plural = if tricks == 1 { "" } else { "s" };
            return Err(err(event, format!("{seat} claims {tricks} trick{plural}, but {left} remain to be played")));
        }
        st.phase = Phase::Claimed { seat, tricks };
        st.claim_due = false;
        let open: Vec<usize> =
            (0..st.revokes.len()).filter(|&i| !st.revokes[i].established && !st.revokes[i].corrected).collect();
        for i in open {
            // An agreed claim: the offending side made it, or agreed to the opponents' claim.
            let by_opponent = !self.st().revokes[i].seat.same_side(seat);
            // Where agreement to an opponent's claim establishes the revoke only once it is
            // itself established, the revoke awaits the director's finding of when attention
            // was drawn (`rule_agreement`).
            let (_, groups) = self.agreement_groups(&[]);
            if by_opponent && groups.len() > 1 {
                continue;
            }
            self.establish_by(event, i, EstablishingAct::Claim, true, by_opponent);
        }
        Ok(())
    }

    /// The establishment table's decisions for the offending side's agreement to an opponent's
    /// claim, with the director's finding `answers` (if any) of when attention was drawn.
    fn agreement_groups(&self, answers: &[(String, String)]) -> (Unknown, Groups) {
        let mut facts = Facts {
            establishing_act: EstablishingAct::Claim,
            act_by_offending_side: true,
            claim_by_opponent: true,
            ..Facts::default()
        };
        let mut known = derived_known(&[]);
        // The answers were checked against the vocabulary when the director entry was read.
        let _ = answer(0, answers, &mut facts, &mut known);
        self.consult(Table::RevokeEstablishment, &facts, &known)
    }

    /// Whether revokes await the director's finding on the agreement to an opponent's claim:
    /// the play ended in a claim that left them neither established nor corrected.
    pub(super) fn awaiting_agreement(&mut self) -> bool {
        let st = self.st();
        st.claim().is_some() && (0..st.revokes.len()).any(|i| awaits_agreement(st, i))
    }

    /// Rules the revokes awaiting the director's finding `agreement` (none: at the end of the
    /// record) on the agreement to an opponent's claim. An established one is established with
    /// the finding's timing kept for the trick adjustment; one not established is corrected,
    /// the claim being suspended until it is made again on the corrected play; with no finding,
    /// the question stays open with the outcome of each answer.
    pub(super) fn rule_agreement(
        &mut self,
        event: usize,
        agreement: &[(String, String)],
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        let st = self.st();
        let awaiting: Vec<usize> = (0..st.revokes.len()).filter(|&i| awaits_agreement(st, i)).collect();
        let (unknown, groups) = self.agreement_groups(agreement);
        let facts = Facts {
            establishing_act: EstablishingAct::Claim,
            act_by_offending_side: true,
            claim_by_opponent: true,
            ..Facts::default()
        };
        let mut to_correct = None;
        for &i in &awaiting {
            let r = self.st().revokes[i].clone();
            let p = self.pending_play(event, r.seat, r.card, r.seat, Table::RevokeEstablishment, facts);
            let [(decision, _)] = &groups[..] else {
                let known = derived_known(&[]);
                let shown = facts_shown(&groups, &facts, &known);
                let mut open = IrregularityRuling::new(p.event, REVOKE, p.offender, p.subject.act(), p.turn_of, shown);
                (open.open_questions, open.alternatives) =
                    open_questions(&unknown, &groups, |_, t| self.describe_play(&p, t, p.subject));
                self.irregularities.push(open);
                continue;
            };
            let Some(t) = decision.outcomes().next() else { continue };
            let view = Some(self.describe_play(&p, &t, p.subject));
            let established = matches!(t.rectification, Rectification::RevokeEstablished);
            let late = late_attention(agreement);
            let st = self.st();
            st.established_by[i] = view;
            if established {
                st.revokes[i].established = true;
                st.late_attention.push((i, late));
            } else if st.revokes[i].accepted {
                // An accepted card is not corrected: it stays a revoke not established.
            } else if to_correct.replace(i).is_some() {
                let edition = self.edition();
                return Err(unsupported(event, edition, "the correction of two revokes after a claim"));
            }
        }
        let Some(i) = to_correct else {
            if !answers.is_empty() {
                return Err(err(
                    event,
                    "the director's finding on the agreement to the claim is all this entry may give",
                ));
            }
            return Ok(());
        };
        // The claim is suspended while the revoke is corrected: the record makes it again.
        self.st().phase = Phase::Play;
        self.correction(event, i, answers)
    }
}

/// Whether revoke `i` awaits the director's finding on an agreed claim: neither established nor
/// corrected, and, if declarer accepted it (Law 52B1), not yet found unestablished.
fn awaits_agreement(st: &PlayState, i: usize) -> bool {
    let r = &st.revokes[i];
    !(r.established || r.corrected || (r.accepted && st.established_by[i].is_some()))
}

/// The trick adjustment's view of the director's finding of when attention was drawn to a revoke
/// established by agreement to an opponent's claim (Law 64B4, 64B5).
fn late_attention(agreement: &[(String, String)]) -> LateAttention {
    let mut facts = Facts::default();
    let _ = answer(0, agreement, &mut facts, &mut derived_known(&[]));
    match facts.agreement_to_claim {
        AgreementToClaim::AfterNonOffendingCall => LateAttention::AfterCallOnNextDeal,
        AgreementToClaim::AfterRound => LateAttention::AfterRound,
        AgreementToClaim::NotEstablished | AgreementToClaim::AfterOffendingCall => LateAttention::None,
    }
}

/// With no card played to the current trick, makes the last quitted trick current again (the
/// callers have checked it is the trick they correct).
pub(super) fn reopen_last_trick(st: &mut PlayState) {
    if st.current.cards.is_empty() {
        if let Some(last) = st.tricks.pop() {
            st.current = Trick { leader: last[0].0, cards: last.to_vec() };
        }
    }
}

/// Takes an unestablished revoke card back into its owner's hand, reopening its trick if it was
/// the last one quitted; returns the card's place in the trick, or `None` if the card is in
/// neither the current trick nor the last one quitted.
pub(super) fn take_back(st: &mut PlayState, r: &Revoke) -> Option<usize> {
    let in_trick = |cards: &[(Seat, Card)]| cards.iter().any(|(s, c)| *s == r.seat && *c == r.card);
    let reopens = st.current.cards.is_empty() && st.tricks.last().is_some_and(|t| in_trick(t));
    if !(in_trick(&st.current.cards) || reopens) {
        return None;
    }
    reopen_last_trick(st);
    let index = st.current.cards.iter().position(|(s, c)| *s == r.seat && *c == r.card)?;
    st.current.cards.remove(index);
    st.hands[r.seat as usize].insert(r.card);
    Some(index)
}

/// The play is over: thirteen tricks played, or the rest claimed.
pub(super) fn play_over(st: &PlayState) -> bool {
    st.tricks.len() == 13 || st.claim().is_some()
}

/// The correction of a revoke on the twelfth trick once the play is over: the offender's card
/// to the twelfth trick and his last card change places, and the last trick is led by the
/// new winner of the twelfth.
/// `None` if the revoke is not on the twelfth trick, or the twelfth trick is not quitted.
/// The partner's two last cards, the play over: his card to the twelfth trick, and his card to
/// the thirteenth (still in his hand if the last trick was claimed).
fn partner_last_cards(st: &PlayState, partner: Seat) -> Option<(Card, Card)> {
    let card_in = |t: &[(Seat, Card)]| t.iter().find(|(s, _)| *s == partner).map(|(_, c)| *c);
    let twelfth = card_in(st.tricks.get(11)?)?;
    let thirteenth = match st.tricks.get(12) {
        Some(t) => card_in(t)?,
        None => {
            let hand = st.hands[partner as usize];
            Suit::ALL.into_iter().find_map(|s| hand.extremes(s).map(|(hi, _)| hi))?
        }
    };
    Some((twelfth, thirteenth))
}

/// Whether the partner's two last cards, the play over, were of two suits, neither of the suit
/// led to the twelfth trick: he could legally have played either to it.
fn partner_cards_two_suits(st: &PlayState, partner: Seat) -> bool {
    let led = st.tricks.get(11).map(|t| t[0].1.suit);
    partner_last_cards(st, partner).is_some_and(|(a, b)| a.suit != b.suit && Some(a.suit) != led && Some(b.suit) != led)
}

/// The partner's cards to the twelfth and thirteenth tricks change places (1987 Law 62D2), the
/// play over: the thirteenth trick's order follows the twelfth's new winner. `None` if the play
/// is not over.
pub(super) fn exchange_partner_cards(st: &mut PlayState, partner: Seat) -> Option<()> {
    let (twelfth, thirteenth) = partner_last_cards(st, partner)?;
    for (s, c) in st.tricks[11].iter_mut() {
        if *s == partner {
            *c = thirteenth;
        }
    }
    if st.tricks.len() == 12 {
        st.hands[partner as usize].remove(thirteenth);
        st.hands[partner as usize].insert(twelfth);
        return Some(());
    }
    for (s, c) in st.tricks[12].iter_mut() {
        if *s == partner {
            *c = twelfth;
        }
    }
    reorder_thirteenth(st);
    Some(())
}

/// The thirteenth trick led by the twelfth's winner, each hand's card kept.
fn reorder_thirteenth(st: &mut PlayState) {
    let leader = trick_winner(&st.tricks[11], st.trump);
    let thirteenth = st.tricks[12];
    let card_of = |seat: Seat| thirteenth.iter().find(|(s, _)| *s == seat).map_or(thirteenth[0].1, |(_, c)| *c);
    st.tricks[12] = [leader, leader.lho(), leader.partner(), leader.rho()].map(|s| (s, card_of(s)));
}

pub(super) fn correct_twelfth_trick(st: &mut PlayState, r: &Revoke) -> Option<()> {
    if r.trick != 12 || st.tricks.len() < 12 {
        return None;
    }
    if st.tricks.len() == 12 {
        // The last trick was claimed: the offender's last card, still in his hand, replaces the
        // revoke card.
        let last = Suit::ALL.into_iter().find_map(|s| st.hands[r.seat as usize].extremes(s).map(|(hi, _)| hi))?;
        st.hands[r.seat as usize].remove(last);
        st.hands[r.seat as usize].insert(r.card);
        for (s, c) in st.tricks[11].iter_mut() {
            if *s == r.seat {
                *c = last;
            }
        }
        return Some(());
    }
    let last = st.tricks.get(12)?.iter().find(|(s, _)| *s == r.seat).map(|(_, c)| *c)?;
    let (twelfth, thirteenth) = st.tricks.split_at_mut(12);
    for (s, c) in twelfth[11].iter_mut().chain(thirteenth[0].iter_mut()) {
        if *s == r.seat {
            *c = if *c == r.card { last } else { r.card };
        }
    }
    reorder_thirteenth(st);
    Some(())
}

/// Whether `seat` played to `trick` before his partner did.
pub(super) fn before_partner(trick: &[(Seat, Card)], seat: Seat) -> bool {
    let at = |s: Seat| trick.iter().position(|(x, _)| *x == s);
    matches!((at(seat), at(seat.partner())), (Some(a), Some(b)) if a < b)
}

/// The other side's established, uncorrected revoke on the trick of revoke `i`, if any.
pub(super) fn other_revoke(st: &PlayState, i: usize) -> Option<usize> {
    let r = st.revokes.get(i)?;
    st.revokes.iter().position(|o| o.trick == r.trick && !o.seat.same_side(r.seat) && o.established && !o.corrected)
}

impl Referee<'_> {
    /// Corrects the other side's revoke on the trick of the revoke `p` corrects (Law 62C3 in
    /// 2017): its card goes back to its owner's hand and stays in the reopened trick until he
    /// replaces it. Returns its seat and card; `None` if there is no such revoke in the trick.
    pub(super) fn correct_other_revoke(&mut self, p: &PlayPending) -> Option<(Seat, Card)> {
        let st = self.st();
        let j = other_revoke(st, p.subject.revoke()?)?;
        let (seat, card) = (st.revokes[j].seat, st.revokes[j].card);
        st.current.cards.iter().position(|&(s, c)| s == seat && c == card)?;
        st.revokes[j].corrected = true;
        st.corrected_together.push(st.revokes[j].trick);
        st.hands[seat as usize].insert(card);
        st.correcting().replacing.push((seat, card));
        Some((seat, card))
    }

    /// Makes the card of the other side's revoke, corrected with this one, a penalty card.
    pub(super) fn other_revoke_penalty_card(
        &mut self,
        p: &PlayPending,
        exposure: Exposure,
    ) -> Result<Vec<Rectified>, RefereeError> {
        let st = self.st();
        let other = p.subject.revoke().and_then(|i| {
            let r = &st.revokes[i];
            st.revokes.iter().find(|o| o.trick == r.trick && !o.seat.same_side(r.seat) && o.established && o.corrected)
        });
        let Some((seat, card)) = other.map(|o| (o.seat, o.card)) else {
            let what = format!("the penalty card of another revoke on the trick of {}", p.subject.act());
            return Err(unsupported_at(p.event, self.edition(), Some(p.table), &what));
        };
        let mut q = p.clone();
        q.offender = seat;
        q.subject = Subject::Card(card);
        self.penalty_card(&q, card, exposure)
    }
}

/// Whether `card` is one of the non-offending side's cards to the next trick, restored after a
/// corrected revoke, that `seat` may still ask to withdraw.
fn st_restored(st: &PlayState, seat: Seat, card: Card) -> bool {
    st.restored_next.contains(&(seat, card)) && st.current.cards.contains(&(seat, card))
}
