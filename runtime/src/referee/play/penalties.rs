//! Penalty cards and lead and play penalties: a card that misses an obligation, whether a
//! penalty card is major or minor, declarer's options at the lead of a penalty card holder's
//! partner, and the auction's lead restrictions exercised at the restricted player's first lead.

use super::*;

/// The `unmet_obligation` table's facts for a penalty a card does not meet.
fn unmet_facts(unmet: trick::Unmet) -> Facts {
    Facts {
        able_to_comply: unmet.able,
        obligation_from_premature_play: unmet.premature,
        other_lead_requirement_met: unmet.other_lead_met,
        ..Facts::default()
    }
}

impl Referee<'_> {
    /// Whether missing the penalty `unmet` is a revoke, as the `unmet_obligation` table says
    /// (asked without recording a ruling).
    pub(super) fn obligation_revoke(&self, unmet: trick::Unmet) -> bool {
        let d = self.ask_derived(Table::UnmetObligation, &unmet_facts(unmet));
        d.outcomes().any(|t| matches!(t.rectification, Rectification::ObligationRevoke))
    }

    /// A card that does not meet a lead or play penalty, or is played instead of the penalty
    /// card `due`: the table says whether it is a revoke.
    pub(super) fn unmet_obligation(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
        unmet: trick::Unmet,
        suit: Suit,
        due: Option<Card>,
    ) {
        let facts = unmet_facts(unmet);
        let turn_of = seat;
        let p = self.pending_play(event, seat, card, turn_of, Table::UnmetObligation, facts);
        let outcomes = self.record(&p, UNMET_PENALTY);
        if outcomes.iter().any(|t| matches!(t.rectification, Rectification::ObligationRevoke)) {
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
                card_faced: false,
                accepted: false,
            });
            st.established_by.push(None);
        }
    }
    /// Whether `card` is of honour rank, as the edition's honour-rank table says (asked once
    /// per rank, when first needed).
    pub(super) fn honour(&mut self, event: usize, card: Card) -> Result<bool, RefereeError> {
        let bit = 1u16 << card.rank;
        let (asked, honours) = self.st().honours;
        if asked & bit != 0 {
            return Ok(honours & bit != 0);
        }
        let mut facts = Facts::default();
        // The vocabulary lists the ranks from the ace down.
        facts.set(FactId::CardRank, 12 - usize::from(card.rank));
        let honour = match self.ask_derived(Table::HonourRank, &facts).outcomes().next().map(|t| t.rectification) {
            Some(Rectification::HonourCard) => true,
            Some(Rectification::CardBelowHonourRank) => false,
            _ => {
                let what = format!("the honour rank of {card}");
                return Err(unsupported_at(event, self.edition(), Some(Table::HonourRank), &what));
            }
        };
        let st = self.st();
        st.honours = (asked | bit, if honour { honours | bit } else { honours });
        Ok(honour)
    }

    /// Whether `card`, played by `seat`, is below honour rank, where it matters: `seat` has a
    /// penalty card on the table.
    pub(super) fn below_honour_rank(&mut self, event: usize, seat: Seat, card: Card) -> Result<bool, RefereeError> {
        if !self.st().penalty_cards.iter().any(|p| p.seat == seat) {
            return Ok(false);
        }
        Ok(!self.honour(event, card)?)
    }

    /// Makes `card` a penalty card of the offender; the penalty-card table says major or minor.
    pub(super) fn penalty_card(
        &mut self,
        p: &PlayPending,
        card: Card,
        exposure: Exposure,
    ) -> Result<Vec<Rectified>, RefereeError> {
        let seat = p.offender;
        let mut out = Vec::new();
        // A card that is a penalty card already (put back by a correction) is ruled again.
        self.st().penalty_cards.retain(|c| !(c.seat == seat && c.card == card));
        let others: Vec<usize> =
            (0..self.st().penalty_cards.len()).filter(|&i| self.st().penalty_cards[i].seat == seat).collect();
        let honour = self.honour(p.event, card)?;
        let Some((major, view)) =
            self.penalty_kind(p, exposure == Exposure::Deliberate, card, honour, !others.is_empty())
        else {
            let what = format!("a penalty card of {seat}'s ({card})");
            return Err(unsupported(p.event, self.edition(), &what));
        };
        let mut upgraded = Vec::new();
        for i in others {
            let c = self.st().penalty_cards[i].card;
            if !self.st().penalty_cards[i].major {
                let honour = self.honour(p.event, c)?;
                if let Some((true, v)) = self.penalty_kind(p, false, c, honour, true) {
                    upgraded.push((i, v));
                }
            }
        }
        let st = self.st();
        for (i, v) in upgraded {
            st.penalty_cards[i].major = true;
            st.penalty_cards[i].clauses = v.clauses.to_vec();
            out.push(v);
        }
        st.penalty_cards.push(PenaltyCard { seat, card, major, clauses: view.clauses.to_vec() });
        st.last_penalty_card = Some((seat, card));
        out.push(view);
        Ok(out)
    }

    /// Whether a penalty card is major, as the penalty-card table says, with that rectification.
    pub(super) fn penalty_kind(
        &self,
        p: &PlayPending,
        deliberate: bool,
        card: Card,
        honour: bool,
        has_other: bool,
    ) -> Option<(bool, Rectified)> {
        let facts = Facts {
            exposed_deliberately: deliberate,
            card_honour: honour,
            offender_has_penalty_card: has_other,
            ..Facts::default()
        };
        let d = self.ask_derived(Table::PenaltyCard, &facts);
        let major = |t: &Traced| matches!(t.rectification, Rectification::MajorPenaltyCard);
        d.outcomes().next().map(|t| (major(&t), self.describe_play(p, &t, Subject::Card(card))))
    }

    /// Withdraws the card played instead of a penalty card and plays the penalty card in its
    /// place; `None` if the subject is no failure to play a penalty card still in its trick.
    pub(super) fn substitute_penalty_card(&mut self, p: &PlayPending) -> Option<()> {
        let i = p.subject.revoke()?;
        let st = self.st();
        let r = st.revokes.get(i)?.clone();
        let due = r.penalty_card?;
        let index = revoke::take_back(st, &r)?;
        st.revokes[i].corrected = true;
        st.penalty_cards.retain(|c| !(c.seat == r.seat && c.card == due));
        st.hands[r.seat as usize].remove(due);
        st.current.cards.insert(index, (r.seat, due));
        // The record may play the penalty card right after the ruling: that is this card.
        let (next, trick) = (self.answered_at + 1, self.st().trick_number());
        self.st().substituted = Some((next, r.seat, due, trick));
        self.trick_done();
        Some(())
    }

    /// Whether `seat`'s `card`, recorded by event `event`, is the penalty card the director
    /// has just had played in place of another (Law 52B2), recorded right after his ruling: it
    /// is already in the trick, and the event records that play. Recorded later, it is an
    /// error that says so.
    pub(super) fn substituted_card_recorded(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
    ) -> Result<bool, RefereeError> {
        let st = self.st();
        match st.substituted {
            Some((next, s, c, trick)) if (s, c) == (seat, card) => {
                st.substituted = None;
                if next == event {
                    return Ok(true);
                }
                Err(err(
                    event,
                    format!(
                        "{seat}'s {card} was played to trick {} in place of his other card by the director's ruling at event {}: record it right after that ruling, or not at all",
                        trick,
                        next - 1
                    ),
                ))
            }
            _ => Ok(false),
        }
    }

    /// A defender plays one of two or more penalty cards he could legally play: the designation
    /// table says who chose it (2017 Law 51A: declarer), where the edition has one.
    pub(super) fn penalty_card_choice(&mut self, event: usize, seat: Seat, card: Card) {
        let facts = Facts { several_penalty_cards_playable: true, ..Facts::default() };
        if self.ask_derived(Table::PenaltyCardDesignation, &facts).undefined() {
            return;
        }
        let p = self.pending_play(event, seat, card, seat, Table::PenaltyCardDesignation, facts);
        self.record(&p, PENALTY_CARD_CHOICE);
    }

    /// The director's judgement whether information from the deal's latest penalty card damaged
    /// the non-offending side (2017 Law 50E3), given at a `director` entry.
    pub(super) fn penalty_card_information(
        &mut self,
        event: usize,
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        let Some((seat, card)) = self.st().last_penalty_card else {
            return Err(err(
                event,
                "`penalty_card_information_damage` is given, but no card has become a penalty card",
            ));
        };
        if self.ask_derived(Table::PenaltyCardInformation, &Facts::default()).undefined() {
            let edition = self.edition();
            return Err(err(
                event,
                format!("`penalty_card_information_damage` is given, but edition {edition} has no rule on it"),
            ));
        }
        let mut p = self.pending_play(event, seat, card, seat, Table::PenaltyCardInformation, Facts::default());
        p.known = derived_known(&[]);
        self.rule_play(p, answers)
    }

    /// Declarer's choice at the first turn to lead of a player whose lead the auction restricted.
    pub(super) fn restricted_lead(
        &mut self,
        event: usize,
        i: usize,
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        self.restricted_lead_with(event, i, answers, false)
    }

    /// The same, `played_to`: the restricted player has led before declarer stated his option,
    /// and the next hand played to the lead (`accepted::restricted_lead_made`).
    pub(super) fn restricted_lead_with(
        &mut self,
        event: usize,
        i: usize,
        answers: &[(String, String)],
        played_to: bool,
    ) -> Result<(), RefereeError> {
        if !played_to {
            self.face_down_before_option(event)?;
        }
        let st = self.st();
        st.restricted[i].settled = true;
        let r = st.restricted[i].clone();
        let several = r.suits.count_ones() > 1;
        let facts = Facts {
            restriction_kind: r.kind,
            restricted_suits_several: several,
            restriction_clubs: several && r.suits & 1 != 0,
            restriction_diamonds: several && r.suits & 2 != 0,
            restriction_hearts: several && r.suits & 4 != 0,
            restriction_spades: several && r.suits & 8 != 0,
            offender_bid_clubs: r.bid[Suit::Clubs as usize],
            offender_bid_diamonds: r.bid[Suit::Diamonds as usize],
            offender_bid_hearts: r.bid[Suit::Hearts as usize],
            offender_bid_spades: r.bid[Suit::Spades as usize],
            restricted_lead_played_to: played_to,
            ..Facts::default()
        };
        // The suit the rectification names, if the restriction concerns one (of several,
        // declarer names it, and the rectification carries it).
        let suit = Suit::ALL.into_iter().find(|s| !several && r.suits & 1 << *s as u8 != 0);
        let subject = Subject::Restriction { call: r.withdrawn, suit };
        let mut p = self.pending_play(event, r.offender, subject, r.seat, Table::RestrictedLead, facts);
        // The offender's bids are taken as natural unless the director judges which suits his
        // calls specified (2017 Law 26B; the fact's default is `named`).
        p.known.insert(FactId::ProhibitedSuitSpecified);
        self.rule_lead_choice(p, answers)
    }

    /// Rules on declarer's choice before a lead. An open question stops the ruling, but nothing
    /// is pending in the play itself.
    pub(super) fn rule_lead_choice(
        &mut self,
        p: PlayPending,
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        self.rule_play(p, answers)?;
        if self.stopped_at.is_some() {
            self.st().pending = None;
        }
        Ok(())
    }

    /// The record ends with the lead to come from the partner of a defender with a major penalty
    /// card, and declarer's options at that lead not stated (the penalty card lead occasion
    /// table says they are due): they are the open question the ruling ends on, as they are
    /// when the director is called there.
    pub(super) fn lead_options_at_end(&mut self, events: usize) -> Result<(), RefereeError> {
        match self.penalty_card_holder() {
            Some(holder) => self.lead_options(events, holder, &[]),
            None => Ok(()),
        }
    }

    /// Declarer's options when the partner of a player with a major penalty card has the lead.
    pub(super) fn lead_options(
        &mut self,
        event: usize,
        holder: Seat,
        answers: &[(String, String)],
    ) -> Result<(), RefereeError> {
        self.face_down_before_option(event)?;
        let st = self.st();
        let Some(card) = st.penalty_cards.iter().find(|p| p.seat == holder && p.major).map(|p| p.card) else {
            return Err(err(event, format!("{holder} has no major penalty card that gives declarer lead options")));
        };
        let leader = st.current.leader;
        st.lead_options_settled = Some(st.trick_number());
        if !st.lead_options_given.contains(&(holder, card)) {
            st.lead_options_given.push((holder, card));
        }
        let own = || st.penalty_cards.iter().filter(|p| p.seat == holder);
        let of_suit = own().filter(|p| p.card.suit == card.suit).count();
        let several_suits = own().any(|p| p.card.suit != card.suit);
        let facts = Facts {
            several_penalty_cards_of_suit: of_suit > 1,
            penalty_cards_in_several_suits: several_suits,
            penalty_card_in_clubs: own().any(|p| p.card.suit == Suit::Clubs),
            penalty_card_in_diamonds: own().any(|p| p.card.suit == Suit::Diamonds),
            penalty_card_in_hearts: own().any(|p| p.card.suit == Suit::Hearts),
            penalty_card_in_spades: own().any(|p| p.card.suit == Suit::Spades),
            ..Facts::default()
        };
        let mut p = self.pending_play(event, holder, card, leader, Table::PenaltyCardLead, facts);
        p.known = derived_known(&[]);
        self.rule_lead_choice(p, answers)
    }
}
