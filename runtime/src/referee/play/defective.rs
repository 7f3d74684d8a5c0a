//! A defective trick (Law 67): a card that went to a trick with the card its player faced,
//! unnoticed, kept out of his hand until the director is called; or a player who played no card
//! to a trick, completed without his card until the director is called and the player supplies
//! or places one. The `defective_trick` table says what becomes of each.

use super::*;
use bridgelaw_tables::DefectiveTrickKind;

/// A card played to a trick with another, unnoticed, awaiting the director.
#[derive(Clone, Copy, Debug)]
pub(super) struct ExtraCard {
    /// The event that recorded it.
    pub(super) event: usize,
    pub(super) seat: Seat,
    pub(super) card: Card,
    /// The 1-based number of the trick it went to.
    pub(super) trick: usize,
}

/// A player who played no card to a trick. Until he supplies or places his card, the trick
/// holds in his place the two of a suit neither led nor trumps, which wins nothing; his card
/// replaces it.
#[derive(Clone, Debug)]
pub(super) struct Omitted {
    pub(super) event: usize,
    pub(super) seat: Seat,
    /// The 1-based number of the trick.
    pub(super) trick: usize,
    /// What the ruling requires of his next card, once ruled.
    pub(super) due: Option<OmittedDue>,
}

/// What the ruling on a card omitted requires of the offender's next card.
#[derive(Clone, Debug)]
pub(super) enum OmittedDue {
    /// Supply a card he can legally play to the trick, which takes its place there (Law 67A1).
    Supply,
    /// Place a card among his played cards, which does not change who won the trick (67B1);
    /// with the rectification deeming him to have revoked with it, if the table says so.
    Place { deemed: Option<Rectified> },
}

impl Referee<'_> {
    /// `card` went to the trick with the card `seat` has just played, unnoticed: it leaves his
    /// hand, and the trick is defective until the director is called.
    pub(in crate::referee) fn extra_card(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        self.start_play(event)?;
        self.playable(event, seat, card)?;
        let just_played = matches!(
            event.checked_sub(2).and_then(|i| self.case.events.get(i)),
            Some(Event::Play { seat: s, .. }) if *s == seat
        );
        let st = self.st();
        // The trick his last card went to: the trick in progress, or the one it completed.
        let trick = if st.current.cards.iter().any(|(s, _)| *s == seat) {
            Some(st.trick_number())
        } else if st.current.cards.is_empty() && st.tricks.last().is_some_and(|t| t.iter().any(|(s, _)| *s == seat)) {
            Some(st.tricks.len())
        } else {
            None
        };
        let (true, Some(trick), true) = (just_played, trick, st.nothing_awaits()) else {
            return Err(err(
                event,
                format!(
                    "{seat}'s {card} goes to a trick with another card, but it is recorded right after the card {seat} played to the trick, in turn, while nothing else awaits the director"
                ),
            ));
        };
        st.hands[seat as usize].remove(card);
        st.extra_card = Some(ExtraCard { event, seat, card, trick });
        Ok(())
    }

    /// `seat` plays no card to the trick at his turn: the trick goes on without his card.
    pub(in crate::referee) fn no_card(&mut self, event: usize, seat: Seat) -> Result<(), RefereeError> {
        self.start_play(event)?;
        let st = self.st();
        let Some(&(_, led)) = st.current.cards.first() else {
            return Err(err(event, format!("{seat} plays no card, but no card has been led to the trick")));
        };
        if seat != st.next_to_play() || !st.nothing_awaits() || st.tricks.len() == 13 {
            return Err(err(
                event,
                format!("{seat} plays no card to the trick, but it is recorded at his turn to play, while nothing else awaits the director"),
            ));
        }
        let suit = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades]
            .into_iter()
            .find(|&s| s != led.suit && Some(s) != st.trump)
            .unwrap_or(Suit::Clubs);
        let trick = st.trick_number();
        st.current.cards.push((seat, Card { suit, rank: 0 }));
        st.omitted = Some(Omitted { event, seat, trick, due: None });
        self.trick_done();
        Ok(())
    }

    /// The director is called to the defective trick, or attention is drawn to it at the end of
    /// the record: the `defective_trick` table rules.
    pub(super) fn rule_defective(&mut self, at: usize) -> Result<(), RefereeError> {
        let st = self.st();
        let (event, seat, card, trick, kind) = match (st.extra_card, &st.omitted) {
            (Some(x), _) => (x.event, x.seat, x.card, x.trick, DefectiveTrickKind::TooManyCards),
            // The subject is the card led to the trick.
            (None, Some(o)) if o.due.is_none() => {
                let led = st.tricks.get(o.trick - 1).map_or(st.current.cards.first().map(|c| c.1), |t| Some(t[0].1));
                let Some(led) = led else { return Ok(()) };
                (o.event, o.seat, led, o.trick, DefectiveTrickKind::CardOmitted)
            }
            _ => return Ok(()),
        };
        // A player of each side has played to the trick after the defective one.
        let mut later: Vec<Seat> = st.tricks.iter().skip(trick).flat_map(|t| t.iter().map(|(s, _)| *s)).collect();
        if st.trick_number() > trick {
            later.extend(st.current.cards.iter().map(|(s, _)| *s));
        }
        let both = later.iter().any(|s| s.same_side(seat)) && later.iter().any(|s| !s.same_side(seat));
        let facts = Facts {
            defective_trick_kind: kind,
            next_trick_played_by_both_sides: both,
            offender_holds_suit_led: kind == DefectiveTrickKind::CardOmitted
                && st.hands[seat as usize].has_suit(card.suit),
            ..Facts::default()
        };
        let p = self.pending_play(event, seat, card, seat, Table::DefectiveTrick, facts);
        let entry =
            if kind == DefectiveTrickKind::CardOmitted { DEFECTIVE_TRICK_CARD_OMITTED } else { DEFECTIVE_TRICK };
        let outcomes = self.record(&p, entry);
        let edition = self.edition();
        let misapplied = |what: String| unsupported_at(at, edition, Some(Table::DefectiveTrick), &what);
        if outcomes.is_empty() {
            return Err(misapplied(format!("a defective trick ({}) by {seat}", kind.name())));
        }
        let mut due = None;
        let mut deemed = None;
        for t in outcomes {
            match t.rectification {
                Rectification::ExtraCardRestored if kind == DefectiveTrickKind::TooManyCards => {
                    let st = self.st();
                    st.extra_card = None;
                    st.hands[seat as usize].insert(card);
                }
                Rectification::OmittedCardSupplied if kind == DefectiveTrickKind::CardOmitted => {
                    due = Some(OmittedDue::Supply)
                }
                Rectification::OmittedCardPlaced if kind == DefectiveTrickKind::CardOmitted => {
                    due = Some(OmittedDue::Place { deemed: None })
                }
                Rectification::DeemedRevoke if kind == DefectiveTrickKind::CardOmitted => {
                    deemed = Some(self.describe_play(&p, &t, p.subject))
                }
                r => return Err(misapplied(format!("{} at table {}", r.name(), Table::DefectiveTrick.name()))),
            }
        }
        if kind == DefectiveTrickKind::CardOmitted {
            let due = match due {
                Some(OmittedDue::Place { .. }) => OmittedDue::Place { deemed },
                Some(OmittedDue::Supply) if deemed.is_none() => OmittedDue::Supply,
                _ => return Err(misapplied(format!("a card omitted by {seat}, without a card to supply or place"))),
            };
            if let Some(o) = self.st().omitted.as_mut() {
                o.due = Some(due);
            }
        }
        Ok(())
    }

    /// The card a player who omitted to play to a trick supplies or places, as the ruling on
    /// it requires: of the suit led to that trick if he holds one.
    pub(super) fn omitted_card(&mut self, event: usize, seat: Seat, card: Card) -> Result<(), RefereeError> {
        let st = self.st();
        let Some(Omitted { trick, due: Some(due), .. }) = st.omitted.clone() else { return Ok(()) };
        if !st.hands[seat as usize].contains(card) {
            return Err(err(event, format!("{seat} does not hold {card}")));
        }
        let open = trick == st.trick_number();
        let slot = if open { st.current.cards.as_mut_slice() } else { &mut st.tricks[trick - 1][..] };
        let led = slot[0].1.suit;
        if card.suit != led && st.hands[seat as usize].has_suit(led) {
            return Err(err(
                event,
                format!(
                    "{seat} must supply or place a card of the suit led to trick {trick}, {}, which he holds",
                    led.name()
                ),
            ));
        }
        let before = (!open).then(|| st.winner(trick - 1));
        let slot = if open { st.current.cards.as_mut_slice() } else { &mut st.tricks[trick - 1][..] };
        if let Some(place) = slot.iter_mut().find(|(s, _)| *s == seat) {
            place.1 = card;
        }
        st.hands[seat as usize].remove(card);
        st.omitted = None;
        match due {
            // The trick keeps its winner (67B1): the card is placed among his played cards.
            OmittedDue::Place { deemed } => {
                if let Some(w) = before {
                    st.fixed_winners.push((trick - 1, w));
                }
                if let Some(view) = deemed {
                    st.revokes.push(Revoke {
                        trick,
                        seat,
                        card,
                        suit_led: led,
                        kind: RevokeKind::CardOmitted,
                        established: true,
                        corrected: false,
                        penalty_card: None,
                        card_faced: false,
                        accepted: false,
                    });
                    st.established_by.push(Some(view));
                }
            }
            // The card takes its place in the trick; a quitted trick it would give to another
            // hand is not yet ruled.
            OmittedDue::Supply => {
                if before.is_some_and(|w| w != st.winner(trick - 1)) {
                    let what = format!("{seat}'s {card}, supplied to trick {trick}, changes who won it");
                    return Err(unsupported_at(event, self.edition(), Some(Table::DefectiveTrick), &what));
                }
            }
        }
        Ok(())
    }
}
