//! Cards led and played: classifying each card (a lead out of turn, a premature play, a play
//! out of turn, simultaneous plays, cards played together, a card exposed), checking a card
//! played in turn against the lead and play penalties, the penalty cards and following suit,
//! and closing a trick.

use super::*;

impl Referee<'_> {
    /// A card led or played, as the case records it.
    #[inline]
    pub(in crate::referee) fn play(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        let short = self.short_paths;
        if short && self.play.is_none() {
            // The play starts at its first card (as `play_card` starts it), which may then be a
            // common card as any other.
            self.start_play(event)?;
        }
        if let Some(complete) = self.play.as_mut().filter(|_| short).and_then(|st| st.quiet_card(seat, card)) {
            if complete {
                self.trick_done();
            }
            return Ok(());
        }
        self.play_card(event, seat, card)
    }

    /// The run of common cards from the event at index `from` on, each taken as `play` takes it
    /// on its short path, with the bookkeeping of the main loop of `rule_checked_paths` for each
    /// (nothing but the event's number, while no exposure of the auction is open and no
    /// `director` entry's answers were used for the event): `quiet` is tested once for the
    /// run, which its cards keep. At the start of a trick, four cards of the record are taken
    /// as one whole trick when they all are common (`PlayState::quiet_trick`), else card by
    /// card. Gives the number of events taken, none if the event at `from` is not such a card.
    pub(in crate::referee) fn quiet_run(&mut self, from: usize) -> usize {
        let case: &Case = self.case;
        let answered = self.answered_by_next;
        if !self.short_paths || self.exposure_open() {
            return 0;
        }
        let Some(st) = self.play.as_mut().filter(|st| st.quiet()) else { return 0 };
        let mut i = from;
        loop {
            if st.current.cards.is_empty() {
                if let Some(trick) = whole_trick(&case.events, i, answered).filter(|t| st.quiet_trick(t)) {
                    debug_assert_eq!(st.tricks.last(), Some(&trick));
                    i += 4;
                    continue;
                }
            }
            let Some(&Event::Play { seat, card }) = case.events.get(i) else { break };
            if answered == Some(i + 1) {
                break;
            }
            let Some(complete) = st.quiet_card_in_quiet_play(seat, card) else { break };
            if complete {
                st.close_quiet_trick();
            }
            i += 1;
        }
        let taken = i - from;
        if taken > 0 {
            self.answered_at = from + taken;
        }
        taken
    }

    /// A card led or played, other than the common card of `quiet_card`.
    #[inline(never)]
    fn play_card(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        // A card faced, in turn or not, ends the auction period (2017 Law 17D1).
        self.st().card_faced = true;
        if self.substituted_card_recorded(event, seat, card)? {
            return Ok(());
        }
        // The card a player who omitted to play to a trick supplies or places there (Law 67).
        if self.st().omitted.as_ref().is_some_and(|o| o.seat == seat && o.due.is_some()) {
            return self.omitted_card(event, seat, card);
        }
        if self.st().claim_due {
            let declarer = self.st().declarer;
            return Err(err(
                event,
                format!(
                    "{declarer}'s facing his cards is ruled a claim: record it as a `claim` before any further card"
                ),
            ));
        }
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
            if lead && seat == p.offender.partner() && self.st().role(seat) == OffenderRole::Defender {
                // A defender's card played to his partner's lead out of turn before the ruling is
                // ruled once the lead is: the tables may depend on what became of it.
                if p.partner_card.is_some() {
                    self.st().pending = Some(p);
                    return Err(err(event, format!("{seat} plays a second card to his partner's lead out of turn")));
                }
                self.st().hands[seat as usize].remove(card);
                p.partner_card = Some((event, seat, card));
                self.st().pending = Some(p);
                return Ok(());
            }
            let declarer_before = lead
                && p.facts.offender_role == OffenderRole::Defender
                && !p.facts.opening_lead
                && seat == p.offender.rho()
                && seat != p.turn_of;
            if lead && seat == p.offender.partner() || declarer_before {
                // Declarer plays from the other hand, or from the hand to the right of a
                // defender's irregular lead that did not have the lead, before the ruling: his
                // card is ruled on its own, and the lead out of turn still awaits the director.
                let facts = Facts {
                    play_irregularity: if declarer_before {
                        PlayIrregularity::DeclarerPlaysBeforeRuling
                    } else {
                        PlayIrregularity::PartnerPlaysBeforeRuling
                    },
                    offender_role: self.st().role(seat),
                    ..Facts::default()
                };
                let q = self.pending_play(event, seat, card, p.offender.lho(), Table::PlayIrregularity, facts);
                self.st().pending = Some(p);
                return self.rule_play(q, &[]);
            }
            if kind == Some(PlayIrregularity::PrematurePlay) {
                return self.card_before_premature_ruling(event, seat, card, p);
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
            p.facts.next_card_follows = p.subject.suit() == Some(card.suit);
            p.known.insert(FactId::NextCard);
            p.known.insert(FactId::NextCardFollows);
            let last_lead = (lead && p.facts.thirteenth_trick && next == NextCard::Lho)
                .then(|| p.subject.card().map(|c| (p.offender, c)))
                .flatten();
            // After a `director` entry, the entry's answers (none if the card came first).
            let answers = self.acceptance_answers();
            self.rule_play(p, &answers)?;
            if self.stopped_at.is_some() {
                return Ok(());
            }
            if let Some((offender, c)) = last_lead.filter(|&(s, c)| self.st().hands[s as usize].contains(c)) {
                // The thirteenth trick's lead out of turn was taken back after a card was played
                // to it: each hand has one card left, so the cards stand, each at its turn.
                self.st().last_trick_held = Some(vec![(offender, c)]);
            }
        }
        // Declarer's choices for this lead, given in an earlier entry, are ruled before it.
        self.rule_kept_lead_answers(event, seat)?;
        if self.stopped_at.is_some() {
            return Ok(());
        }
        if let Some(i) = self.st().restricted_lead_due().filter(|_| seat == self.st().current.leader) {
            // The restricted player leads before declarer has said how he restricts the lead.
            self.restricted_lead_made(event, i, seat)?;
            if self.stopped_at.is_some() {
                return Ok(());
            }
        }
        if let Some(holder) = self.penalty_card_holder().filter(|_| seat == self.st().current.leader) {
            // The partner leads before declarer has chosen among his options (a lead out of turn
            // by another hand is ruled first: the options concern the partner's lead). The next
            // card recorded shows whether the next hand in rotation played to the lead before the
            // director was called (`next_card`). The table says whether declarer states his
            // options at this lead, or the lead is ruled (rectified, or standing as in turn).
            let next_hand = seat.lho();
            // A card of the leader's partner recorded first, out of turn, is his side's (Law 60C)
            // and is looked past.
            let partner = seat.partner();
            let next = match self.case.events.get(event) {
                Some(Event::Play { seat, .. }) if *seat == partner => event + 1,
                _ => event,
            };
            let played_to = matches!(self.case.events.get(next), Some(Event::Play { seat, .. }) if *seat == next_hand);
            let facts = Facts {
                play_irregularity: PlayIrregularity::LeadBeforeOptions,
                offender_role: OffenderRole::Defender,
                next_card: if played_to { NextCard::Lho } else { NextCard::None },
                ..Facts::default()
            };
            let options_due = self
                .ask_derived(Table::PlayIrregularity, &facts)
                .outcomes()
                .any(|t| matches!(t.rectification, Rectification::LeadOptionsDue));
            if !options_due {
                let p = self.pending_play(event, seat, card, seat, Table::PlayIrregularity, facts);
                return self.rule_play(p, &[]);
            }
            // Declarer states his options at this lead: a `director` entry just after it may
            // give them.
            let answers = self.next_entry_lead_answers(event);
            self.lead_options(event, holder, &answers)?;
            if self.stopped_at.is_some() {
                return Ok(());
            }
        }
        self.card(event, seat, card)?;
        self.play_last_trick_held(event)
    }

    /// A card played after a defender's premature lead or play (`p`), before the director rules
    /// on it. The offender's partner's card to the trick is held, and ruled once the premature
    /// play is, with what the ruling made of it (`partner_card_ruled`; Law 60C). Declarer's card
    /// is `next_card` for the premature play: where the tables then rule it at once (1987
    /// commentary 60.1: the non-offending side played on), it is ruled first; otherwise it still
    /// awaits the director. Either way declarer's card is then ruled on its own, as any (it
    /// stands, Law 57C3); played next in rotation after the partner's held card, it is a card
    /// in turn.
    fn card_before_premature_ruling(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
        mut p: PlayPending,
    ) -> Result<(), RefereeError> {
        let partner = seat == p.offender.partner() && !self.st().current.cards.iter().any(|(s, _)| *s == seat);
        if partner && p.partner_card.is_none() {
            self.st().hands[seat as usize].remove(card);
            p.partner_card = Some((event, seat, card));
            self.st().pending = Some(p);
            return Ok(());
        }
        if self.st().role(seat) != OffenderRole::Declarer {
            self.st().pending = Some(p);
            let what = format!("{seat}'s {card}, played before the ruling on his partner's premature lead or play");
            return Err(unsupported_at(event, self.edition(), Some(Table::PrematurePlay), &what));
        }
        let after_partner = p.partner_card.is_some_and(|(_, s, _)| s.lho() == seat);
        // A hand that has played to the trick plays again only to the next trick, once the
        // trick is complete with the premature card and the partner's held card; before that
        // his card is no play (a second card to the trick, ruled as such below).
        let st = self.st();
        let played = st.current.cards.iter().any(|(s, _)| *s == seat);
        let held = 1 + usize::from(p.partner_card.is_some());
        let next_trick = played && st.current.cards.len() + held == 4;
        let mut after = p.clone();
        after.facts.next_card = if seat == p.offender.lho() { NextCard::Lho } else { NextCard::Rho };
        after.known.insert(FactId::NextCard);
        if (!played || next_trick) && self.decided_now(&after) {
            // A bare `director` entry before this card is the one at fault for a wrong answer.
            let answers = self.acceptance_answers();
            self.rule_play(after, &answers)?;
            if self.stopped_at.is_some() {
                return Ok(());
            }
            return self.card(event, seat, card);
        }
        if next_trick {
            // A card to the next trick while the premature play's trick awaits the ruling.
            self.st().pending = Some(p);
            let what = format!("{seat}'s {card}, led to the next trick before the ruling on a premature lead or play");
            return Err(unsupported_at(event, self.edition(), Some(Table::PrematurePlay), &what));
        }
        if after_partner {
            self.in_turn(event, seat, card)?;
        } else {
            self.card(event, seat, card)?;
        }
        if self.stopped_at.is_none() {
            self.st().pending = Some(p);
        }
        Ok(())
    }

    /// At the thirteenth trick, a card recorded out of rotation after its lead out of turn was
    /// taken back is held (true); a card played in turn plays those held after it.
    fn hold_for_last_trick(&mut self, seat: Seat, card: Card) -> bool {
        let st = self.st();
        let next = st.next_to_play();
        match st.last_trick_held.as_mut() {
            Some(held) if seat != next => {
                held.push((seat, card));
                true
            }
            _ => false,
        }
    }

    /// Plays the held cards of the thirteenth trick whose turn has come, if any are held.
    #[inline]
    fn play_last_trick_held(&mut self, event: usize) -> Result<(), RefereeError> {
        if self.st().last_trick_held.is_none() {
            return Ok(());
        }
        self.play_held_cards(event)
    }

    /// `play_last_trick_held`, once cards are held.
    #[inline(never)]
    fn play_held_cards(&mut self, event: usize) -> Result<(), RefereeError> {
        loop {
            let st = self.st();
            let next = st.next_to_play();
            let Some(held) = st.last_trick_held.as_mut() else { return Ok(()) };
            let Some(i) = held.iter().position(|(s, _)| *s == next) else { return Ok(()) };
            let (seat, card) = held.remove(i);
            self.in_turn(event, seat, card)?;
            if self.st().tricks.len() == 13 {
                self.st().last_trick_held = None;
            }
        }
    }

    /// The offender's card substituted for his corrected revoke card, at its place in the trick.
    fn substitute(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
        (offender, index): (Seat, usize),
    ) -> Result<(), RefereeError> {
        let st = self.st();
        if seat != offender {
            return Err(err(event, format!("{offender} must first substitute a legal card for his revoke card")));
        }
        if st.current.cards.is_empty() {
            // The revoke card was a lead: the substitute is a lead, checked as any.
            st.correcting().substitute = None;
            return self.in_turn(event, seat, card);
        }
        let led = st.current.cards[0].1.suit;
        if card.suit != led && st.hands[seat as usize].has_suit(led) {
            return Err(err(event, format!("{seat}'s substitute {card} does not follow suit either")));
        }
        // Law 62B1: the substitute is a legal card, as at his turn.
        match self.fault_in_turn(event, seat, card)? {
            None => {}
            Some(InTurnFault::PenaltyCardDue(due)) => {
                let message =
                    format!("{seat}'s substitute must be his penalty card {due}, due at his first legal opportunity");
                return Err(err(event, message));
            }
            Some(InTurnFault::OffSuit | InTurnFault::PenaltyUnmet) => {
                let message = format!("{seat}'s substitute {card} does not meet the lead or play penalty in force");
                return Err(err(event, message));
            }
        }
        let st = self.st();
        let number = st.trick_number();
        // A penalty card played leaves the table; a play penalty of this trick is met.
        st.after_card(seat, card, Some(led), number);
        st.hands[seat as usize].remove(card);
        st.current.cards.insert(index, (seat, card));
        st.correcting().substitute = None;
        self.trick_done();
        Ok(())
    }

    /// A card replacing one withdrawn after a corrected revoke, where it was.
    fn replace_withdrawn(&mut self, event: usize, seat: Seat, card: Card, i: usize) -> Result<(), RefereeError> {
        let st = self.st();
        let old = st.correcting().replacing[i].1;
        let led = st.current.cards[0].1.suit;
        if card.suit != led && st.hands[seat as usize].has_suit(led) {
            return Err(err(event, format!("{seat}'s {card}, replacing {old}, does not follow suit")));
        }
        let Some(at) = st.current.cards.iter().position(|(s, c)| *s == seat && *c == old) else {
            return Err(err(event, format!("{seat}'s withdrawn {old} is no longer in the trick")));
        };
        match self.fault_in_turn(event, seat, card)? {
            None => {}
            Some(InTurnFault::PenaltyCardDue(due)) => {
                // The withdrawn card, become a penalty card, or another of his, is due at this very
                // card: the replacement is his first legal opportunity to play it.
                let message = format!(
                    "{seat}'s card replacing {old} must be his penalty card {due}, due at his first legal opportunity"
                );
                return Err(err(event, message));
            }
            Some(InTurnFault::OffSuit | InTurnFault::PenaltyUnmet) => {
                let message =
                    format!("{seat}'s {card}, replacing {old}, does not meet the lead or play penalty in force");
                return Err(err(event, message));
            }
        }
        let st = self.st();
        st.correcting().replacing.remove(i);
        // A penalty card played (the withdrawn card itself, become one) leaves the table.
        st.penalty_cards.retain(|p| !(p.seat == seat && p.card == card));
        st.hands[seat as usize].remove(card);
        st.current.cards[at] = (seat, card);
        self.trick_done();
        Ok(())
    }

    /// Classifies a card and records it, or holds it as an irregularity awaiting a ruling.
    pub(super) fn card(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        let st = self.st();
        if let Some(at) = st.substitute() {
            return self.substitute(event, seat, card, at);
        }
        if let Some(i) = st.replacing().iter().position(|(s, _)| *s == seat) {
            return self.replace_withdrawn(event, seat, card, i);
        }
        if self.hold_for_last_trick(seat, card) {
            return Ok(());
        }
        let st = self.st();
        let leading = st.current.cards.is_empty();
        let role = st.role(seat);
        if let Some((leader, down)) = st.face_down {
            if seat == leader && card != down {
                let message = format!("{seat} led {down} face down; he may not lead another card in its place");
                return Err(err(event, message));
            }
            if seat == leader || seat == leader.partner() {
                st.face_down = None;
            }
            if seat == leader.partner() {
                // The face-down lead was out of turn when its partner's faced card is the lead in turn.
                let out_of_turn = leading && seat == st.current.leader;
                self.face_down_retracted(event, leader, down, out_of_turn.then_some(seat))?;
            }
        }
        let st = self.st();
        if leading && seat != st.current.leader {
            let facts = Facts {
                play_irregularity: PlayIrregularity::LeadOutOfTurn,
                offender_role: role,
                opening_lead: st.tricks.is_empty(),
                turn: relation(seat, st.current.leader),
                thirteenth_trick: st.tricks.len() == 12,
                after_retracted_lead: st.phase == Phase::DeclarerToLeadAgain && role == OffenderRole::Defender,
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
            let played = st.current.cards.iter().any(|(s, _)| *s == seat);
            if played && (role == OffenderRole::Declarer || partner_played) {
                // A hand that has played to the trick cannot play to it again: the card is no
                // play to it (for a defender whose partner has not played, it is a premature
                // lead, below). The tables say what it is.
                let facts = Facts {
                    play_irregularity: PlayIrregularity::SecondCardToTrick,
                    offender_role: role,
                    ..Facts::default()
                };
                let turn_of = st.next_to_play();
                let p = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
                return self.rule_play(p, &[]);
            }
            if role == OffenderRole::Declarer {
                let facts = Facts {
                    play_irregularity: PlayIrregularity::DeclarerPlaysOutOfTurn,
                    offender_role: role,
                    after_accepted_opening_lead: st.phase == Phase::AcceptedOpeningLead && seat == st.dummy,
                    ..Facts::default()
                };
                let turn_of = st.next_to_play();
                let p = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
                return self.rule_play(p, &[]);
            }
            if partner_played {
                // Held until the director is called, or the player whose turn it was plays.
                let card_legal_in_turn = self.legal_in_turn(event, seat, card)?;
                let st = self.st();
                let facts = Facts {
                    play_irregularity: PlayIrregularity::DefenderPlaysOutOfTurn,
                    offender_role: role,
                    card_legal_in_turn,
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
                premature_suit_led: match st.current.cards.first().map(|(_, c)| c.suit) {
                    Some(Suit::Clubs) | None => PrematureSuitLed::Clubs,
                    Some(Suit::Diamonds) => PrematureSuitLed::Diamonds,
                    Some(Suit::Hearts) => PrematureSuitLed::Hearts,
                    Some(Suit::Spades) => PrematureSuitLed::Spades,
                },
                dummy_selected_prematurely: st.dummy_selected == Some(st.trick_number()) && !hands_played(st.dummy),
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

    /// The card a defender played to his partner's lead out of turn before the ruling, ruled now
    /// that the lead is (`outcome`); it is back in his hand first.
    pub(super) fn partner_card_ruled(
        &mut self,
        lead: &PlayPending,
        outcome: IrregularLeadOutcome,
    ) -> Result<(), RefereeError> {
        let Some((event, seat, card)) = lead.partner_card else { return Ok(()) };
        self.st().hands[seat as usize].insert(card);
        if lead.facts.play_irregularity == PlayIrregularity::PrematurePlay {
            // After a premature lead or play: whether his card meets what the ruling imposed.
            let card_legal_in_turn = self.legal_in_turn(event, seat, card)?;
            let card_played_after = !self.cards_played_after(event, seat).is_empty();
            let st = self.st();
            let led = st.current.cards.first().map(|(_, c)| c.suit);
            let facts = Facts {
                play_irregularity: PlayIrregularity::PartnerPlaysBeforePrematureRuling,
                offender_role: OffenderRole::Defender,
                card_legal_in_turn,
                card_off_suit: led.is_some_and(|l| card.suit != l && st.hands[seat as usize].has_suit(l)),
                card_played_after,
                next_card: lead.facts.next_card,
                ..Facts::default()
            };
            let turn_of = st.next_to_play();
            let q = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
            self.rule_play(q, &[])?;
            if lead.facts.next_card == NextCard::None {
                // Ruled at the director's call, not by a card that forfeited the rectification.
                self.revoke_at_the_call(event, seat, card)?;
            }
            self.note_changed_play(event, seat, card);
            return Ok(());
        }
        let stands = outcome == IrregularLeadOutcome::Stands;
        let card_legal_in_turn = stands && self.legal_in_turn(event, seat, card)?;
        let st = self.st();
        let facts = Facts {
            play_irregularity: PlayIrregularity::PartnerPlaysBeforeRuling,
            offender_role: st.role(seat),
            irregular_lead_outcome: outcome,
            card_legal_in_turn,
            next_card: lead.facts.next_card,
            ..Facts::default()
        };
        let turn_of = if stands { st.next_to_play() } else { lead.offender.lho() };
        let q = self.pending_play(event, seat, card, turn_of, Table::PlayIrregularity, facts);
        self.rule_play(q, &[])
    }

    /// Whether `seat` could legally play `card` to the current trick at his proper turn: it
    /// follows suit (or he has none of the suit led), meets every lead or play penalty he is able
    /// to meet, and is not played instead of a penalty card due at this first legal opportunity.
    fn legal_in_turn(&mut self, event: usize, seat: Seat, card: Card) -> Result<bool, RefereeError> {
        Ok(self.fault_in_turn(event, seat, card)?.is_none())
    }

    /// What makes `card` one that `seat` could not legally play to the current trick at his
    /// proper turn, if anything (`legal_in_turn`). Also the test of a card played while the
    /// director is at the table: a substitute for a corrected revoke card (Law 62B1: "a legal
    /// card"), or a card replacing one withdrawn after it. The obligation to follow suit and a
    /// lead or play penalty come before a penalty card, as `failure` asks the tables.
    fn fault_in_turn(&mut self, event: usize, seat: Seat, card: Card) -> Result<Option<InTurnFault>, RefereeError> {
        let below_honour = self.below_honour_rank(event, seat, card)?;
        let st = self.st();
        let number = st.trick_number();
        let led = st.current.cards.first().map(|(_, c)| c.suit);
        let binding = st.binding(seat, card, led, number);
        let (fails_to_follow, penalty_card_missed) = self.failure(event, seat, card, led, &binding, below_honour)?;
        Ok(if fails_to_follow {
            Some(InTurnFault::OffSuit)
        } else if let Some(due) = penalty_card_missed {
            Some(InTurnFault::PenaltyCardDue(due))
        } else if binding.unmet.iter().any(|u| self.obligation_revoke(*u)) {
            Some(InTurnFault::PenaltyUnmet)
        } else {
            None
        })
    }

    /// A defender makes the opening lead face down.
    pub(in crate::referee) fn face_down(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        self.playable(event, seat, card)?;
        let st = self.st();
        if !st.tricks.is_empty() || !st.current.cards.is_empty() || st.pending.is_some() || st.face_down.is_some() {
            return Err(err(
                event,
                format!("{seat} leads {card} face down, but only the opening lead is made face down"),
            ));
        }
        if st.role(seat) != OffenderRole::Defender {
            return Err(err(event, format!("{seat} leads face down, but only a defender makes the opening lead")));
        }
        st.face_down = Some((seat, card));
        Ok(())
    }

    /// The partner of a defender who led face down faces an opening lead out of turn: the table
    /// says what becomes of the face-down lead.
    /// `in_turn`: the partner, whose lead it was, faced the opening lead in turn.
    fn face_down_retracted(
        &mut self,
        event: usize,
        leader: Seat,
        card: Card,
        in_turn: Option<Seat>,
    ) -> Result<(), RefereeError> {
        let facts =
            Facts { partner_led_face_down: true, face_down_lead_out_of_turn: in_turn.is_some(), ..Facts::default() };
        let p = self.pending_play(event, leader, card, in_turn.unwrap_or(leader), Table::FaceDownLead, facts);
        let entry = if in_turn.is_some() { FACE_DOWN_LEAD_OUT_OF_TURN } else { FACE_DOWN_LEAD };
        self.rule_face_down(&p, entry, || format!("a face-down lead by {leader} ({card})"))
    }

    /// The director is called to a face-down opening lead by the defender not on lead, before
    /// any card is faced (2017 Law 41A): the table says what becomes of it.
    pub(super) fn face_down_called(&mut self, event: usize) -> Result<(), RefereeError> {
        let st = self.st();
        let Some((leader, card)) = st.face_down.take() else { return Ok(()) };
        let turn_of = st.current.leader;
        let facts = Facts { face_down_lead_by_wrong_defender: true, ..Facts::default() };
        let p = self.pending_play(event, leader, card, turn_of, Table::FaceDownLeadCalled, facts);
        self.rule_face_down(&p, FACE_DOWN_LEAD_CALLED, || {
            format!("a face-down opening lead by {leader} ({card}), not on lead, when the director is called")
        })
    }

    /// A change of call allowed before the opening lead is faced reopens the auction (Law 17D1:
    /// the auction period ends when a defender faces the opening lead): the table says what
    /// becomes of an opening lead lying face down (2017 and 1987 Law 41A), and the play, not yet
    /// begun, is set aside until the auction ends again.
    pub(in crate::referee) fn face_down_in_reopened_auction(&mut self, event: usize) -> Result<(), RefereeError> {
        let Some(st) = self.play.as_mut() else { return Ok(()) };
        if let Some((leader, card)) = st.face_down.take() {
            let facts = Facts { face_down_lead_in_reopened_auction: true, ..Facts::default() };
            let p = self.pending_play(event, leader, card, leader, Table::FaceDownLeadReopened, facts);
            self.rule_face_down(&p, FACE_DOWN_LEAD_REOPENED, || {
                format!("a face-down opening lead by {leader} ({card}) when a change of call reopens the auction")
            })?;
        }
        self.play = None;
        Ok(())
    }

    /// The director, called (`event` is a `director` entry), rules on declarer's option for a
    /// lead (Law 26, a partner's major penalty card) that the defender on lead has made face
    /// down: the table says what becomes of the face-down card (2017 Law 41A). When the defender
    /// faces it before the director comes, it is his lead, made before the option.
    pub(super) fn face_down_before_option(&mut self, event: usize) -> Result<(), RefereeError> {
        if !matches!(self.case.events.get(event.wrapping_sub(1)), Some(Event::Director { .. })) {
            return Ok(());
        }
        let st = self.st();
        let Some((leader, card)) = st.face_down.filter(|&(seat, _)| seat == st.current.leader) else {
            return Ok(());
        };
        st.face_down = None;
        let facts = Facts { face_down_lead_before_option: true, ..Facts::default() };
        let p = self.pending_play(event, leader, card, leader, Table::FaceDownLeadOption, facts);
        self.rule_face_down(&p, FACE_DOWN_LEAD_OPTION, || {
            format!("a face-down opening lead by {leader} ({card}) before declarer stated his option")
        })
    }

    /// Records the ruling on a face-down opening lead (`p`, under the ruling entry `entry`), or,
    /// where no rule of the edition applies, reports the case `what` names as not yet ruled.
    fn rule_face_down(
        &mut self,
        p: &PlayPending,
        entry: &'static str,
        what: impl FnOnce() -> String,
    ) -> Result<(), RefereeError> {
        if self.record(p, entry).is_empty() {
            return Err(unsupported_at(p.event, self.edition(), Some(p.table), &what()));
        }
        Ok(())
    }

    /// Whether the tables rule on `p` from what is known already, with no choice left open.
    pub(super) fn decided_now(&self, p: &PlayPending) -> bool {
        self.consult(p.table, &p.facts, &p.known).1.len() == 1
    }

    /// A card led or played in turn: checks the lead and play penalties, the
    /// penalty cards and following suit, then adds it to the trick.
    pub(super) fn in_turn(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        let below_honour = self.below_honour_rank(event, seat, card)?;
        let st = self.st();
        st.restored_next.clear();
        let number = st.trick_number();
        let led = st.current.cards.first().map(|(_, c)| c.suit);
        // A lead or play to a later trick may establish an earlier revoke: the establishment
        // table says whether it does.
        for i in 0..st.revokes.len() {
            let r = &self.st().revokes[i];
            if !r.established && !r.corrected && r.trick < number {
                let by_offending_side = r.seat.same_side(seat);
                self.establish(event, i, EstablishingAct::PlayToNextTrick, by_offending_side);
            }
        }
        let binding = self.st().binding(seat, card, led, number);
        let (fails_to_follow, penalty_card_missed) = self.failure(event, seat, card, led, &binding, below_honour)?;
        let st = self.st();
        let own = || st.penalty_cards.iter().filter(|p| p.seat == seat);
        // One of two or more penalty cards he could legally play (2017 Law 51A).
        let chosen = own().any(|p| p.card == card) && own().filter(|p| binding.legal.contains(p.card)).count() > 1;
        // Law 62B2's faced card: the revoke card was dummy's, or one of the player's penalty cards.
        let faced_penalty_card = st.penalty_cards.iter().find(|p| p.seat == seat && p.card == card).cloned();
        let card_faced = seat == st.dummy || faced_penalty_card.is_some();
        st.after_card(seat, card, led, number);
        let Binding { unmet, unmet_penalties, .. } = binding;
        let suit = led.unwrap_or(card.suit);
        let revokes_before = self.st().revokes.len();
        for unmet in unmet {
            self.unmet_obligation(event, seat, card, unmet, suit, None);
        }
        if self.st().revokes.len() > revokes_before {
            // Kept in case the revoke is corrected: the substitute must meet them.
            self.st().unmet_penalties.extend(unmet_penalties.into_iter().map(|b| (card, b)));
        }
        if let Some(due) = penalty_card_missed {
            let unmet = Unmet { able: true, premature: false, other_lead_met: false };
            self.unmet_obligation(event, seat, card, unmet, suit, Some(due));
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
                card_faced: false,
                accepted: false,
            });
            st.established_by.push(None);
        }
        st.revokes[revokes_before..].iter_mut().for_each(|r| r.card_faced = card_faced);
        if st.revokes.len() > revokes_before {
            st.faced_revoke_cards.extend(faced_penalty_card);
        }
        if chosen {
            self.penalty_card_choice(event, seat, card);
        }
        let st = self.st();
        st.hands[seat as usize].remove(card);
        st.current.cards.push((seat, card));
        self.trick_done();
        Ok(())
    }

    /// Closes a complete trick: its winner leads next, and a prohibition lapses for a player
    /// who no longer retains the lead.
    pub(super) fn trick_done(&mut self) {
        let st = self.st();
        if st.substitute().is_some() || !st.replacing().is_empty() {
            return;
        }
        let Some(&done) = st.current.cards.first_chunk::<4>() else { return };
        let winner = trick_winner(&done, st.trump);
        st.close(done, winner);
        if st.phase == Phase::AcceptedOpeningLead {
            st.phase = Phase::Play;
        }
        st.current.cards.clear();
        // A trick reopened to correct a revoke closes again: the cards held for the next trick
        // stand if their leader still has the lead, and go back to their hands otherwise.
        let held = st.correction.as_mut().map(|c| std::mem::take(&mut c.held_next)).unwrap_or_default();
        if st.correction.as_ref().is_some_and(Correction::is_done) {
            st.correction = None;
        }
        match held.first() {
            Some((leader, _)) if *leader == winner => {
                st.restored_next.clone_from(&held);
                st.current.cards = held;
            }
            _ => {
                let together = st.corrected_together.contains(&st.tricks.len());
                for (s, c) in held {
                    st.hands[s as usize].insert(c);
                    if together {
                        st.returned_together.push((s, c));
                    }
                }
            }
        }
        if !st.bindings.is_empty() {
            st.bindings.retain(|b| {
                b.bound.lead_duration() != Some(LeadDuration::WhileOnLead) || b.seat == winner || !b.has_led
            });
        }
    }

    /// Two cards played at the same moment by two players.
    pub(in crate::referee) fn simultaneous_plays(
        &mut self,
        event: usize,
        plays: [(Seat, Card); 2],
    ) -> Result<(), RefereeError> {
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
    pub(in crate::referee) fn together(
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
        if faced.is_none() {
            // The other visible cards are withdrawn: a later card to the trick may be too.
            let st = self.st();
            let (number, held) = match st.current.cards.len() {
                0 => (st.tricks.len(), 4),
                n => (st.trick_number(), n),
            };
            st.visible_withdrawn = Some((seat, number, held));
        }
        self.rule_play(p, &[])
    }

    /// A player withdraws `card`, which he played to the trick after an opponent's cards played
    /// at once whose other visible cards were withdrawn: the table says whether he may (2017 Law
    /// 58B3). `None` if it is not such a card.
    pub(super) fn withdraw_after_together(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
    ) -> Option<Result<(), RefereeError>> {
        let st = self.st();
        let (offender, number, held) = st.visible_withdrawn?;
        let trick = match (st.current.cards.is_empty(), st.tricks.len()) {
            (true, n) if n == number => &st.tricks[n - 1][..],
            (false, n) if n + 1 == number => &st.current.cards[..],
            _ => return None,
        };
        let later = trick.iter().skip(held).any(|&(s, c)| s == seat && c == card);
        if !later || seat == offender || st.replacing().contains(&(seat, card)) {
            return None;
        }
        Some(self.rule_withdrawal_against(event, seat, card, offender, Table::VisibleCardWithdrawal))
    }

    /// Dummy, of his own volition, prematurely selects a card of his hand for the current trick
    /// or suggests one be played: a defender who then plays before his partner may not be
    /// rectified (the premature-play table's `dummy_selected_prematurely`). The card stays in
    /// dummy's hand until declarer plays it.
    pub(in crate::referee) fn suggest(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        self.playable(event, seat, card)?;
        let st = self.st();
        let played = st.current.cards.iter().any(|(s, _)| *s == seat);
        if seat != st.dummy || played || st.pending.is_some() {
            return Err(err(
                event,
                format!("{seat} suggests {card}, but only dummy selects or suggests a card, before he has played to the trick and while no irregularity awaits a ruling"),
            ));
        }
        st.dummy_selected = Some(st.trick_number());
        Ok(())
    }

    /// A card exposed other than by playing it.
    pub(in crate::referee) fn expose(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        self.playable(event, seat, card)?;
        let st = self.st();
        if st.pending.is_some() || st.penalty_cards.iter().any(|p| p.seat == seat && p.card == card) {
            return Err(err(
                event,
                format!("{seat} exposes {card} while an irregularity awaits a ruling, or it is already a penalty card"),
            ));
        }
        // Once the opening lead is faced, dummy's hand is spread on the table: none of its cards
        // can be exposed (only played, by declarer, or suggested).
        if seat == st.dummy && !(st.tricks.is_empty() && st.current.cards.is_empty()) {
            return Err(err(
                event,
                format!(
                    "{seat} exposes {card}, but {seat} is dummy and his cards are faced on the table since the opening lead: none of them can be exposed"
                ),
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
}

/// A lead or play penalty a card does not meet, as the `unmet_obligation` table sees it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Unmet {
    /// The player held a card with which to meet it.
    pub(super) able: bool,
    /// It was imposed after his partner's premature lead or play.
    pub(super) premature: bool,
    /// It requires the lead of a suit, and the lead meets another requirement to lead a suit.
    pub(super) other_lead_met: bool,
}

/// Why a card could not be played at the player's proper turn (`Referee::fault_in_turn`).
enum InTurnFault {
    /// It does not follow suit, and he can.
    OffSuit,
    /// It is played instead of this penalty card, due now.
    PenaltyCardDue(Card),
    /// It does not meet a lead or play penalty that he can meet.
    PenaltyUnmet,
}

/// The lead and play penalties that bind a card, and whether each is met.
pub(super) struct Binding {
    /// The penalties not met.
    unmet: Vec<Unmet>,
    /// The cards the player could legally play, penalties included.
    legal: Hand,
    /// The requirements to lead a suit, and the play penalties of this trick, that the card
    /// did not meet though he was able to.
    unmet_penalties: Vec<PlayBinding>,
}

impl PlayState {
    /// The common card, played at once: nothing irregular is in play (no irregularity pending,
    /// no penalty card, no lead or play penalty, no revoke correction or card restored after
    /// one, no face-down lead, no thirteenth-trick card held, no lead restriction unsettled, no
    /// revoke that this card could establish), and `card`, held, is
    /// led or played in turn and follows suit or may not. The full path would find no table to
    /// ask and nothing to record but the card itself; any other card takes it. Returns whether
    /// the card was played, and if so whether it completes the trick (the caller closes it).
    #[inline]
    fn quiet_card(&mut self, seat: Seat, card: Card) -> Option<bool> {
        if !self.quiet() {
            return None;
        }
        self.quiet_card_in_quiet_play(seat, card)
    }

    /// Whether nothing irregular is in play, `quiet_card`'s first test. Playing a common card
    /// and closing its trick (`Referee::trick_done` with no correction open) keep it true.
    #[inline]
    fn quiet(&self) -> bool {
        self.pending.is_none()
            && self.phase == Phase::Play
            && self.face_down.is_none()
            && self.correction.is_none()
            && self.penalty_cards.is_empty()
            && self.bindings.is_empty()
            && self.restored_next.is_empty()
            && self.last_trick_held.is_none()
            && self.omitted.is_none()
            && !self.claim_due
            && self.restricted.iter().all(|r| r.settled)
            && self.kept_lead_answers.is_none()
    }

    /// Closes a complete trick as `Referee::trick_done` does while `quiet` holds: no
    /// correction is open (so no card is held for the next trick, none substituted or being
    /// replaced), the phase is the play's and no lead or play penalty can lapse.
    #[inline]
    fn close_quiet_trick(&mut self) {
        debug_assert!(self.quiet());
        if let Ok(done) = <[(Seat, Card); 4]>::try_from(&self.current.cards[..]) {
            let winner = trick_winner(&done, self.trump);
            self.close(done, winner);
            self.current.cards.clear();
        }
    }

    /// A whole trick of four common cards, led while `quiet` holds and no card is in the
    /// current trick, as `quiet_card_in_quiet_play` would take them one by one and
    /// `close_quiet_trick` close them: each card held, in turn from the leader, following suit
    /// or unable to, and no revoke that a card to this trick could establish. The four are
    /// checked together, with no branch between them (`play::scan_whole_trick`); false, and
    /// nothing changed, if any is not such a card.
    #[inline]
    fn quiet_trick(&mut self, cards: &[(Seat, Card); 4]) -> bool {
        debug_assert!(self.quiet() && self.current.cards.is_empty());
        let number = self.tricks.len() + 1;
        if number > 13 || self.revokes.iter().any(|r| !r.established && !r.corrected && r.trick < number) {
            return false;
        }
        let mut hands = self.hands;
        let Some(winner) = crate::play::scan_whole_trick(&mut hands, self.current.leader, self.trump, cards) else {
            return false;
        };
        self.hands = hands;
        self.close(*cards, winner);
        true
    }

    /// `quiet_card` once `quiet` holds: the card's own tests.
    #[inline(always)]
    fn quiet_card_in_quiet_play(&mut self, seat: Seat, card: Card) -> Option<bool> {
        let hand = self.hands[seat as usize];
        if self.tricks.len() >= 13 || !hand.contains(card) {
            return None;
        }
        let in_turn = match self.current.cards.as_slice() {
            [] => seat == self.current.leader,
            cards @ [(_, led), ..] if cards.len() < 4 => {
                // The first hand from the leader that has not played (as `next_to_play`): the
                // played seats as bits, turned so that the leader's is the lowest; its run of
                // ones counts the hands that have played in turn (at most three).
                let played = cards.iter().fold(0u8, |m, (s, _)| m | 1 << *s as u8);
                let leader = self.current.leader as u32;
                let turned = (played | played << 4) >> leader & 0xF;
                let next = Seat::ALL[(leader + turned.trailing_ones().min(3)) as usize % 4];
                seat == next && played & 1 << seat as u8 == 0 && (card.suit == led.suit || !hand.has_suit(led.suit))
            }
            _ => false,
        };
        let number = self.tricks.len() + 1;
        if !in_turn || self.revokes.iter().any(|r| !r.established && !r.corrected && r.trick < number) {
            return None;
        }
        self.hands[seat as usize].remove(card);
        self.current.cards.push((seat, card));
        Some(self.current.cards.len() == 4)
    }

    /// The lead and play penalties that bind `seat`'s `card` to trick `number` (`led`: the suit
    /// led, none for a lead), and whether each is met.
    fn binding(&self, seat: Seat, card: Card, led: Option<Suit>, number: usize) -> Binding {
        let hand = self.hands[seat as usize];
        let mut b = Binding {
            unmet: Vec::new(),
            legal: match led {
                Some(l) if hand.has_suit(l) => hand.of_suit(l),
                _ => hand,
            },
            unmet_penalties: Vec::new(),
        };
        if self.bindings.iter().all(|x| x.seat != seat) {
            return b;
        }
        // A lead that meets one requirement to lead a suit: the table says what becomes of another
        // (Law 59 in both editions: meeting one, the player cannot meet the other).
        let required_met = led.is_none()
            && self
                .bindings
                .iter()
                .any(|x| x.seat == seat && x.bound.required_lead() == Some(card.suit) && hand.has_suit(card.suit));
        for x in self.bindings.iter().filter(|x| x.seat == seat) {
            let other_lead_met =
                matches!(x.bound, PlayBound::LeadSuit(s, _) if led.is_none() && required_met && s != card.suit);
            let (able, meets, allowed) = match (x.bound, led) {
                // The cards he may lead: meeting another requirement, not this one's suit.
                (PlayBound::LeadSuit(s, _), None) => {
                    (hand.has_suit(s) && !other_lead_met, card.suit == s, hand.of_suit(s))
                }
                (PlayBound::NoLeadOfSuit(s, _), None) => (hand.has_other_suit(s), card.suit != s, hand.without_suit(s)),
                (PlayBound::Highest(t) | PlayBound::Lowest(t), Some(l)) if t == number => {
                    let extreme =
                        hand.extremes(l).map(|(hi, lo)| if matches!(x.bound, PlayBound::Highest(_)) { hi } else { lo });
                    let mut only = Hand::default();
                    if let Some(c) = extreme {
                        only.insert(c);
                    }
                    (extreme.is_some(), Some(card) == extreme, only)
                }
                // Following suit comes first: the ban restricts his discards.
                (PlayBound::NotSuit(s, t), Some(_)) if t == number => {
                    (b.legal.has_other_suit(s), card.suit != s, b.legal.without_suit(s))
                }
                // Following suit comes first here too: obliged to follow, he is unable (Law 59).
                (PlayBound::Suit(s, t), Some(_)) if t == number => {
                    (b.legal.has_suit(s), card.suit == s, b.legal.of_suit(s))
                }
                (PlayBound::Card(c, t), Some(_)) if t == number => {
                    let mut only = Hand::default();
                    only.insert(c);
                    (hand.contains(c), card == c, only)
                }
                _ => continue,
            };
            if able {
                b.legal = allowed;
            }
            if !meets {
                let able = match x.bound {
                    PlayBound::LeadSuit(s, _) if other_lead_met => hand.has_suit(s),
                    _ => able,
                };
                b.unmet.push(Unmet { able, premature: x.premature, other_lead_met });
                // Removed once the card is played (a prohibition stays while he is on lead).
                if able && !matches!(x.bound, PlayBound::NoLeadOfSuit(..)) {
                    b.unmet_penalties.push(x.clone());
                }
            }
        }
        b
    }

    /// What `seat`'s `card` ends: a penalty card played, penalties met or lapsed at a lead,
    /// declarer's lead again, the right to withdraw cards after a corrected revoke.
    fn after_card(&mut self, seat: Seat, card: Card, led: Option<Suit>, number: usize) {
        if !self.penalty_cards.is_empty() {
            self.penalty_cards.retain(|p| !(p.seat == seat && p.card == card));
        }
        if !self.bindings.is_empty() {
            if led.is_none() {
                self.bindings.iter_mut().filter(|b| b.seat == seat).for_each(|b| b.has_led = true);
            }
            self.bindings.retain(|b| {
                b.seat != seat
                    || match b.bound {
                        PlayBound::LeadSuit(_, LeadDuration::WhileOnLead)
                        | PlayBound::NoLeadOfSuit(_, LeadDuration::WhileOnLead) => true,
                        PlayBound::LeadSuit(_, LeadDuration::NextLead)
                        | PlayBound::NoLeadOfSuit(_, LeadDuration::NextLead) => led.is_some(),
                        PlayBound::Highest(t)
                        | PlayBound::Lowest(t)
                        | PlayBound::NotSuit(_, t)
                        | PlayBound::Suit(_, t)
                        | PlayBound::Card(_, t) => t != number,
                    }
            });
        }
        if led.is_none() && self.phase == Phase::DeclarerToLeadAgain {
            self.phase = Phase::Play;
        }
        if let (None, Some(c)) = (led, self.correction.as_mut()) {
            // The lead to the next trick closes the right to withdraw cards after a revoke.
            c.later = None;
            c.non_offender_withdrew = None;
            if c.is_done() {
                self.correction = None;
            }
        }
    }
}

impl Referee<'_> {
    /// Whether `card` fails to follow suit, or else misses a penalty card (the card due): the
    /// `penalty_card_due` table says whether each of his penalty cards is due, and the
    /// `card_revoke` table which revoke, if any, the card is (one card is one revoke).
    fn failure(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
        led: Option<Suit>,
        binding: &Binding,
        below_honour: bool,
    ) -> Result<(bool, Option<Card>), RefereeError> {
        let st = self.st();
        let hand = st.hands[seat as usize];
        let unmet = !binding.unmet.is_empty();
        let off_suit = led.is_some_and(|l| card.suit != l && hand.has_suit(l));
        if !unmet && st.penalty_cards.iter().all(|p| p.seat != seat) {
            // The common card: no penalty binds it and he has no penalty card; following suit.
            return Ok((off_suit, None));
        }
        let own: Vec<(Card, bool)> =
            st.penalty_cards.iter().filter(|p| p.seat == seat).map(|p| (p.card, p.major)).collect();
        let played = own.iter().any(|(c, _)| *c == card);
        let mut missed = None;
        for &(due, major) in &own {
            let facts = Facts {
                penalty_card_major: major,
                penalty_card_playable: binding.legal.contains(due),
                card_of_penalty_card_suit: due.suit == card.suit,
                card_played_honour: !below_honour,
                played_penalty_card: played,
                lead_or_play_penalty_unmet: unmet,
                ..Facts::default()
            };
            if self.penalty_card_due(event, due, &facts)? {
                missed = Some(due);
                break;
            }
        }
        let mut concealed = hand;
        own.iter().for_each(|(c, _)| concealed.remove(*c));
        let of_suit_led = led.and_then(|l| own.iter().find(|(c, _)| c.suit == l)).map(|(c, _)| *c);
        let facts = Facts {
            card_off_suit: off_suit,
            lead_or_play_penalty_unmet: unmet,
            suit_led_only_in_penalty_cards: led.is_some_and(|l| hand.has_suit(l) && !concealed.has_suit(l)),
            penalty_card_missed: missed.is_some(),
            ..Facts::default()
        };
        let outcome = self.ask_derived(Table::CardRevoke, &facts).outcomes().next().map(|t| t.rectification);
        match (outcome, missed.or(of_suit_led)) {
            (Some(Rectification::FollowSuitRevoke), _) => Ok((true, None)),
            (Some(Rectification::PenaltyCardRevoke), Some(due)) => Ok((false, Some(due))),
            (Some(Rectification::NoRevoke), _) => Ok((false, None)),
            _ => {
                let what = format!("{seat}'s {card}, a failure to follow suit or to play a penalty card");
                Err(unsupported_at(event, self.edition(), Some(Table::CardRevoke), &what))
            }
        }
    }

    /// Whether the penalty card `due` must be played now, as the `penalty_card_due` table says.
    pub(super) fn penalty_card_due(&self, event: usize, due: Card, facts: &Facts) -> Result<bool, RefereeError> {
        match self.ask_derived(Table::PenaltyCardDue, facts).outcomes().next().map(|t| t.rectification) {
            Some(Rectification::PenaltyCardDue) => Ok(true),
            Some(Rectification::PenaltyCardNotDue) => Ok(false),
            _ => {
                let what = format!("whether the penalty card {due} is due");
                Err(unsupported_at(event, self.edition(), Some(Table::PenaltyCardDue), &what))
            }
        }
    }
}

/// The four cards the record gives from the event at index `from` on, if its next four events
/// are cards played and none of them is an event whose `director` entry's answers were used
/// already (`answered`: that event's number).
#[inline]
fn whole_trick(events: &[Event], from: usize, answered: Option<usize>) -> Option<[(Seat, Card); 4]> {
    let four = events.get(from..from + 4)?;
    if answered.is_some_and(|n| n > from && n <= from + 4) {
        return None;
    }
    let card = |e: &Event| match *e {
        Event::Play { seat, card } => Some((seat, card)),
        _ => None,
    };
    Some([card(&four[0])?, card(&four[1])?, card(&four[2])?, card(&four[3])?])
}
