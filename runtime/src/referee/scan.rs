//! The platforms' fast path: is a sequence of calls legal, and if not, where
//! does it first go wrong? One pass, with the auction's state carried along
//! (the last bid, whether it is doubled, the passes since the last other
//! call), so each call is checked in constant time and nothing is allocated.
//! Only the mechanics of rotation and of Law 18 and Law 19's order of calls
//! are here; what follows an irregular call is the tables' (see `rule`).

use crate::auction::{outranks, Call, Seat};

/// The auction's state after the calls so far, all of them legal.
#[derive(Clone, Copy, Debug)]
struct State {
    /// The last bid and who made it.
    last_bid: Option<(Seat, Call)>,
    /// Who doubled the last bid, and whether the double was redoubled.
    doubled_by: Option<Seat>,
    redoubled: bool,
    /// Passes since the last bid, double or redouble (or since the start).
    passes: u8,
}

impl State {
    const START: State = State { last_bid: None, doubled_by: None, redoubled: false, passes: 0 };

    /// Whether three passes have followed a bid, or four passes opened the auction.
    fn over(&self) -> bool {
        self.passes >= if self.last_bid.is_some() { 3 } else { 4 }
    }

    /// Whether `seat` may make `call` now (Law 18 for bids, Law 19 for doubles and redoubles).
    fn admits(&self, seat: Seat, call: Call) -> bool {
        match (call, self.last_bid) {
            (Call::Pass, _) => true,
            (Call::Bid { level, .. }, last) => level <= 7 && outranks(call, last.map(|(_, b)| b)),
            (_, None) => false,
            (Call::Double, Some((bidder, _))) => self.doubled_by.is_none() && !bidder.same_side(seat),
            (Call::Redouble, Some((bidder, _))) => {
                !self.redoubled && bidder.same_side(seat) && self.doubled_by.is_some_and(|d| !d.same_side(seat))
            }
        }
    }

    fn push(&mut self, seat: Seat, call: Call) {
        match call {
            Call::Pass => self.passes = self.passes.saturating_add(1),
            Call::Bid { .. } => *self = State { last_bid: Some((seat, call)), ..State::START },
            Call::Double => (self.doubled_by, self.passes) = (Some(seat), 0),
            Call::Redouble => (self.redoubled, self.passes) = (true, 0),
        }
    }
}

/// Scans a sequence of calls made in the given order, from `dealer`, and
/// returns the index of the first irregular one, if any: a call out of
/// rotation, an insufficient or impossible bid, an inadmissible double or
/// redouble, or a call after the auction has ended. For platforms that check
/// auctions at scale: no ruling, no allocation, constant time per call.
pub fn first_irregularity(dealer: Seat, calls: &[(Seat, Call)]) -> Option<usize> {
    let mut state = State::START;
    let mut turn = dealer;
    for (i, &(seat, call)) in calls.iter().enumerate() {
        if state.over() || seat != turn || !state.admits(seat, call) {
            return Some(i);
        }
        state.push(seat, call);
        turn = seat.lho();
    }
    None
}
