//! The platforms' fast path: is a sequence of calls legal, and if not, where
//! does it first go wrong? One pass, with the auction's state carried along
//! in a few bytes (the rank of the last bid and its side, whether it is
//! doubled or redoubled, the passes since the last other call), so each call
//! is checked in constant time and nothing is allocated. Only the mechanics of
//! rotation and of Law 18 and Law 19's order of calls are here; what follows
//! an irregular call is the tables' (see `rule`).

use crate::auction::{Call, Seat};

/// No bid yet, as a bid's rank.
const NO_BID: u8 = 0;

/// A bid's place on the scale of bids, from 1 (1C) to 35 (7NT); `None` above seven.
fn rank(level: u8, strain: crate::auction::Strain) -> Option<u8> {
    (level <= 7).then(|| level * 5 + strain as u8 + 1)
}

/// Scans a sequence of calls made in the given order, from `dealer`, and
/// returns the index of the first irregular one, if any: a call out of
/// rotation, an insufficient or impossible bid, an inadmissible double or
/// redouble, or a call after the auction has ended. For platforms that check
/// auctions at scale: no ruling, no allocation, constant time per call.
pub fn first_irregularity(dealer: Seat, calls: &[(Seat, Call)]) -> Option<usize> {
    let mut turn = dealer as u8;
    // The last bid's rank (`NO_BID`: none) and its side (a seat's side is its index's parity).
    let (mut last, mut side) = (NO_BID, 0u8);
    // 0: the last bid is undoubled; 1: doubled (by the other side); 2: redoubled.
    let mut doubled = 0u8;
    // Passes since the last bid, double or redouble (or since the start).
    let mut passes = 0u8;
    for (i, &(seat, call)) in calls.iter().enumerate() {
        let s = seat as u8;
        // Three passes after a bid, or four at the start, end the auction.
        let over = passes >= if last == NO_BID { 4 } else { 3 };
        if over || s != turn {
            return Some(i);
        }
        match call {
            Call::Pass => passes += 1,
            // Law 18: a bid must outrank the last bid.
            Call::Bid { level, strain } => match rank(level, strain) {
                Some(r) if r > last => (last, side, doubled, passes) = (r, s & 1, 0, 0),
                _ => return Some(i),
            },
            // Law 19A: a double of an opponent's bid, not yet doubled.
            Call::Double if last != NO_BID && doubled == 0 && side != s & 1 => (doubled, passes) = (1, 0),
            // Law 19B: a redouble of the opponents' double of one's own side's bid.
            Call::Redouble if doubled == 1 && side == s & 1 => (doubled, passes) = (2, 0),
            Call::Double | Call::Redouble => return Some(i),
        }
        turn = (s + 1) & 3;
    }
    None
}
