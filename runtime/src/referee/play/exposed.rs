//! Cards exposed or led during the auction (Law 24). An exposure is one player's cards
//! exposed (`exposes`) or led face up (a card event) while the auction lasts, one after
//! another with no other event between them; the director is taken to be called at the next
//! event, where the `auction_exposure` table rules it (the partner's pass is an obligation of
//! the auction, applied as any other). Once the auction has ended in a contract, the
//! `auction_exposure_end` table rules each card by its player's place: a penalty card (major or
//! minor as the `penalty_card` table says) is carried into the play when it starts. It lives in
//! the play's module because the penalty cards are the play's; the tables decide every outcome.

use super::*;

/// A card exposed or led during the auction, once its exposure is ruled.
#[derive(Clone, Copy, Debug)]
struct Exposed {
    event: usize,
    seat: Seat,
    card: Card,
    led: bool,
}

/// An exposure awaiting its ruling: its first event, its player, and each card with whether it
/// was led.
#[derive(Clone, Debug)]
struct Open {
    event: usize,
    seat: Seat,
    cards: Vec<(Card, bool)>,
}

/// The cards exposed or led during the auction: the exposure awaiting its ruling, the cards
/// ruled, and whether the end of the auction has ruled them.
#[derive(Clone, Debug, Default)]
pub(in crate::referee) struct Exposures {
    /// The exposure the next event rules.
    open: Option<Open>,
    ruled: Vec<Exposed>,
    ended: bool,
}

impl Referee<'_> {
    /// Whether a card event now belongs to the auction: no contract is given, the play has not
    /// begun and the auction has not ended (a card after the final pass is the play's: a lead
    /// out of turn, or the laws' rule on a lead by the declaring side).
    pub(in crate::referee) fn card_in_auction(&self) -> bool {
        self.play.is_none() && self.case.contract.is_none() && !self.over
    }

    /// Whether an exposure of the auction is open, to be ruled at the next event.
    #[inline]
    pub(in crate::referee) fn exposure_open(&self) -> bool {
        self.exposures.open.is_some()
    }

    /// Whether `event` continues the open exposure (another card of the same player).
    pub(in crate::referee) fn continues_exposure(&self, event: &Event) -> bool {
        let Some(Open { seat, .. }) = &self.exposures.open else { return false };
        match event {
            Event::Expose { seat: s, .. } | Event::Play { seat: s, .. } => s == seat && self.card_in_auction(),
            _ => false,
        }
    }

    /// `seat` exposes `card` during the auction, or leads it (`led`).
    pub(in crate::referee) fn auction_card(
        &mut self,
        event: usize,
        seat: Seat,
        card: Card,
        led: bool,
    ) -> Result<(), RefereeError> {
        if let Some(p) = &self.pending {
            let what = if led { "leads" } else { "exposes" };
            return Err(err(
                event,
                format!("{seat} {what} {card} while the irregularity of event {} awaits a ruling", p.event),
            ));
        }
        let open = self.exposures.open.iter().flat_map(|o| o.cards.iter().map(move |c| (o.seat, c.0)));
        let mut earlier = open.chain(self.exposures.ruled.iter().map(|e| (e.seat, e.card)));
        if earlier.any(|(s, c)| s == seat && c == card) {
            return Err(err(event, format!("{seat} has already exposed {card} during the auction")));
        }
        if !self.continues_exposure(&Event::Expose { seat, card }) {
            self.rule_exposure()?;
        }
        let open = self.exposures.open.get_or_insert_with(|| Open { event, seat, cards: Vec::new() });
        open.cards.push((card, led));
        Ok(())
    }

    /// Rules the open exposure, if any, with the `auction_exposure` table. (Asked at every
    /// event: inlined, so that with none open it is one test.)
    #[inline]
    pub(in crate::referee) fn rule_exposure(&mut self) -> Result<(), RefereeError> {
        if self.exposures.open.is_none() {
            return Ok(());
        }
        self.rule_open_exposure()
    }

    fn rule_open_exposure(&mut self) -> Result<(), RefereeError> {
        let Some(Open { event, seat, cards }) = self.exposures.open.take() else { return Ok(()) };
        let first = cards[0].0;
        let facts = Facts {
            exposed_cards_several: cards.len() > 1,
            card_honour: self.auction_honour(event, first)?,
            card_led_prematurely: cards.iter().any(|c| c.1),
            ..Facts::default()
        };
        let d = self.ask_derived(Table::AuctionExposure, &facts);
        if d.outcomes().next().is_none() || d.unprovided().next().is_some() {
            let what = format!("a card exposed during the auction by {seat} ({first})");
            return Err(unsupported_at(event, self.edition(), Some(Table::AuctionExposure), &what));
        }
        let p = Pending {
            event,
            index: None,
            offender: seat,
            call: Call::Pass,
            turn_of: self.turn,
            last_bid: None,
            facts,
            known: derived_known(&[]),
            table: Table::AuctionExposure,
            target: None,
        };
        let shown = facts_shown(&[(d, Vec::new())], &p.facts, &p.known);
        let mut ruling = IrregularityRuling::new(event, "auction_exposure", seat, Act::Card(first), self.turn, shown);
        ruling.rules = Rules::of(d.decided().rules);
        for t in d.outcomes() {
            let mut view = self.apply(&p, &t);
            view.context.act = Act::Card(first);
            self.cite(&view.clauses);
            ruling.rectifications.push(view);
        }
        if let Some(last) = d.decided().outcomes.last() {
            self.settle_over(last.rectification);
        }
        self.irregularities.push(ruling);
        let ruled = cards.iter().map(|&(card, led)| Exposed { event, seat, card, led });
        self.exposures.ruled.extend(ruled);
        Ok(())
    }

    /// Whether `card` is of honour rank, as the edition's honour-rank table says.
    fn auction_honour(&self, event: usize, card: Card) -> Result<bool, RefereeError> {
        let mut facts = Facts::default();
        // The vocabulary lists the ranks from the ace down.
        facts.set(FactId::CardRank, 12 - usize::from(card.rank));
        match self.ask_derived(Table::HonourRank, &facts).outcomes().next().map(|t| t.rectification) {
            Some(Rectification::HonourCard) => Ok(true),
            Some(Rectification::CardBelowHonourRank) => Ok(false),
            _ => Err(unsupported_at(
                event,
                self.edition(),
                Some(Table::HonourRank),
                &format!("the honour rank of {card}"),
            )),
        }
    }

    /// The record ends with the auction over in a contract, before the first card, and cards
    /// exposed during the auction await their fate: if the case gives the deal, the play is set
    /// up, no card played, so that the penalty cards among them are on the table, with their ranks,
    /// as they are at the opening lead. (Not with a lead restriction as well: the play starts
    /// there only once the restriction's questions are settled, at the first card.)
    pub(in crate::referee) fn play_for_auction_exposures(&mut self, events: usize) -> Result<(), RefereeError> {
        if self.exposures.ruled.is_empty() || !self.leads.is_empty() || !self.play_can_start() {
            return Ok(());
        }
        self.start_play(events)
    }

    /// At the end of the auction, in a contract: rules each card exposed during it with the
    /// `auction_exposure_end` table, and makes the penalty cards it gives, once the play has
    /// started (without a play, the ruling says what becomes of each card).
    pub(in crate::referee) fn exposures_at_end(&mut self) -> Result<(), RefereeError> {
        // No card exposed during the auction (the usual case): nothing to rule, and the contract
        // is not looked for. (No exposure is ruled after the auction has ended: a card is the
        // play's then, and an open exposure is ruled at the event before.)
        if self.exposures.ruled.is_empty() {
            return Ok(());
        }
        let declarer = match (&self.play, auction::contract(&self.calls)) {
            (Some(st), _) => st.declarer,
            (None, Some(c)) if self.over => c.declarer,
            _ => return Ok(()),
        };
        if self.exposures.ended {
            return Ok(());
        }
        self.exposures.ended = true;
        for e in std::mem::take(&mut self.exposures.ruled) {
            let facts =
                Facts { exposer_defends: !e.seat.same_side(declarer), card_led_prematurely: e.led, ..Facts::default() };
            let p = self.pending_play(e.event, e.seat, e.card, e.seat, Table::AuctionExposureEnd, facts);
            let d = self.ask_derived(p.table, &p.facts);
            if d.outcomes().next().is_none() || d.unprovided().next().is_some() {
                let what = format!("{}'s {}, exposed during the auction", e.seat, e.card);
                return Err(unsupported_at(e.event, self.edition(), Some(p.table), &what));
            }
            let shown = facts_shown(&[(d, Vec::new())], &p.facts, &p.known);
            let mut ruling =
                IrregularityRuling::new(e.event, "auction_exposure_end", e.seat, Act::Card(e.card), e.seat, shown);
            ruling.rules = Rules::of(d.decided().rules);
            for t in d.outcomes() {
                let view = self.describe_play(&p, &t, Subject::Card(e.card));
                self.cite(&view.clauses);
                ruling.rectifications.push(view);
                if let (Rectification::PenaltyCard { exposure }, true) = (t.rectification, self.play.is_some()) {
                    for v in self.penalty_card(&p, e.card, exposure)? {
                        self.cite(&v.clauses);
                        ruling.rectifications.push(v);
                    }
                }
            }
            self.irregularities.push(ruling);
        }
        Ok(())
    }
}
