//! The end of play: the tricks won, the trick adjustment of each established revoke, and what
//! stays on the table.

use super::*;
use crate::text::{Filling, Summary};
use bridgelaw_tables::LateAttention;

impl Referee<'_> {
    /// Asks the revoke table about each established revoke, once play is over.
    pub(in crate::referee) fn play_ruling(&mut self) -> Option<PlayRuling> {
        let state = self.play.take()?;
        let declarers = |s: Seat| s.same_side(state.declarer);
        let played = state.tricks.len();
        let winners = state.winners();
        let (claimed_by_declarer, claimed_by_defenders) = match state.claim() {
            Some((s, n)) if declarers(s) => (n, 13 - played - n),
            Some((_, n)) => (13 - played - n, n),
            None => (0, 0),
        };
        let won_by_declarer = (0..played).filter(|&t| declarers(winners[t])).count() + claimed_by_declarer;
        let complete = played == 13 || state.claim().is_some();
        let mut transfers = (0usize, 0usize);
        // For each revoke, the tricks to transfer and the first trick (0-based) they come from.
        // (In place for a few revokes, as the order they are served in below.)
        let mut wanted: smallvec::SmallVec<[(usize, usize); 4]> = smallvec::smallvec![(0, 0); state.revokes.len()];
        let mut revokes = Vec::with_capacity(state.revokes.len());
        for (i, r) in state.revokes.iter().enumerate() {
            let adjusted = complete && r.established;
            // Room for the establishment, the adjustment's outcomes and the equity table's,
            // so that the vectors do not grow.
            let room = if adjusted { 4 } else { 1 };
            let mut ruling = RevokeRuling {
                revoke: r.clone(),
                rules: Vec::with_capacity(room),
                rectifications: Vec::with_capacity(room),
                transferred: 0,
                template: self.laws.summary("revoke"),
            };
            ruling.rules.extend(state.established_by[i].iter().map(|v| v.rule));
            ruling.rectifications.extend(state.established_by[i].iter().cloned());
            if adjusted {
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
                    revoke_corrected: r.corrected,
                    both_sides_revoked: state.revokes.iter().any(|e| e.established && !e.seat.same_side(r.seat)),
                    late_attention: state
                        .late_attention
                        .iter()
                        .find(|(j, _)| *j == i)
                        .map_or(LateAttention::None, |&(_, l)| l),
                    ..Facts::default()
                };
                let d = self.ask_derived(Table::RevokeAdjustment, &facts);
                let reviews_equity = d.outcomes().any(|o| matches!(o.rectification, Rectification::ReviewEquity));
                let end = self.case.events.len();
                let p = self.pending_play(end, r.seat, r.card, r.seat, Table::RevokeAdjustment, facts);
                for o in d.outcomes() {
                    if let Rectification::TransferTricks { count, from } = o.rectification {
                        let first = match from {
                            TransferSource::RevokeTrickOn => r.trick - 1,
                            TransferSource::AfterRevokeTrick => r.trick,
                        };
                        wanted[i] = (count as usize, first);
                    }
                    let view = self.describe_play(&p, &o, p.subject);
                    self.cite(&view.clauses);
                    ruling.rectifications.push(view);
                }
                ruling.rules.extend(d.rules());
                // The director's judgements for this revoke: those given for every revoke, then
                // those for the revoking seat, then for this revoke's trick (the latest prevails).
                let mut answers = state.end_answers.clone();
                for trick in [None, Some(r.trick)] {
                    answers.extend(
                        state
                            .end_by_revoke
                            .iter()
                            .filter(|(_, (s, t, _, _))| *s == r.seat && *t == trick)
                            .map(|(_, (_, _, n, v))| (n.clone(), v.clone())),
                    );
                }
                self.equity(&p, &answers, reviews_equity, &mut ruling);
            }
            // The establishment's rectification, first in the list, is cited after the
            // adjustment's and the equity table's (cited as they were found).
            let established = usize::from(state.established_by[i].is_some());
            for v in &ruling.rectifications[..established] {
                self.cite(&v.clauses);
            }
            revokes.push(ruling);
        }
        // The tricks transferred are the offending side's, drawn from the tricks the table names
        // (in order, then those its claim gives it), and no trick twice: later revokes, with fewer
        // tricks to draw on, are served first.
        let mut taken = [false; 13];
        let mut claimed_left = (claimed_by_declarer, claimed_by_defenders);
        let mut order: smallvec::SmallVec<[usize; 4]> = (0..revokes.len()).filter(|&i| wanted[i].0 > 0).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(state.revokes[i].trick));
        for i in order {
            let r = &state.revokes[i];
            let offending = |s: Seat| s.same_side(r.seat);
            let claimed = if declarers(r.seat) { &mut claimed_left.0 } else { &mut claimed_left.1 };
            let (count, first) = wanted[i];
            let mut n = 0;
            for u in first..played {
                if n < count && offending(winners[u]) && !taken[u] {
                    taken[u] = true;
                    n += 1;
                }
            }
            let from_claim = (count - n).min(*claimed);
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
                // The words are the `standing` text of the rectification that imposed it.
                let v = &b.view;
                let summary = b.bound.trick().map(|trick| Summary::Binding { trick });
                let filling =
                    Filling { context: v.context, seats: &[b.seat], kind: Some(v.kind), restriction: None, summary };
                Obligation {
                    seat: b.seat,
                    text: crate::text::standing(self.laws, &filling),
                    clauses: v.clauses.to_vec(),
                }
            })
            .collect();
        let adjusted = complete.then(|| (won.0 - transfers.0 + transfers.1, won.1 - transfers.1 + transfers.0));
        let claim = state.claim();
        let (declarer, dummy) = (state.declarer, state.dummy);
        // The tricks as played, moved into the ruling.
        let tricks = Tricks { complete: state.tricks, winners, current: (state.current.leader, state.current.cards) };
        Some(PlayRuling {
            tricks,
            obligations,
            declarer,
            dummy,
            tricks_played: played,
            claim,
            won,
            revokes,
            penalty_cards,
            adjusted,
            template: self.laws.summary("play"),
        })
    }

    /// Asks the equity table about an established revoke at the end of play, where the edition
    /// has one: the director's judgement whether the law compensates the damage, which stays an
    /// open question, with the outcome of each answer, when the case does not give it and the
    /// table's assumptions do not exclude the case (`reviews_equity`: the trick adjustment has
    /// already told the director to review equity).
    fn equity(
        &mut self,
        p: &PlayPending,
        answers: &[(String, String)],
        reviews_equity: bool,
        ruling: &mut RevokeRuling,
    ) {
        let mut facts = Facts {
            repeated_revoke_same_suit: p.facts.repeated_revoke_same_suit,
            trick_adjustment_reviews_equity: reviews_equity,
            ..Facts::default()
        };
        let mut known = derived_known(&[]);
        // The answers were checked against the vocabulary when the director entry was read.
        if answer(p.event, answers, &mut facts, &mut known).is_err() {
            return;
        }
        facts.revoke_compensation_given = known.contains(&FactId::RevokeCompensation);
        let (unknown, groups) = self.consult(Table::RevokeEquity, &facts, &known);
        // A table the edition does not define, or a case its assumptions exclude: not asked here.
        if groups.iter().any(|(d, _)| d.unprovided().next().is_some()) {
            return;
        }
        if let [(decision, _)] = &groups[..] {
            for o in decision.outcomes() {
                let view = self.describe_play(p, &o, p.subject);
                self.cite(&view.clauses);
                ruling.rectifications.push(view);
            }
            ruling.rules.extend(decision.rules());
            return;
        }
        let shown = facts_shown(&groups, &facts, &known);
        let mut open = IrregularityRuling::new(p.event, REVOKE, p.offender, p.subject.act(), p.turn_of, shown);
        (open.open_questions, open.alternatives) =
            open_questions(&unknown, &groups, |_, t| self.describe_play(p, t, p.subject));
        self.irregularities.push(open);
    }
}
