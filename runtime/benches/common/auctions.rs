//! Deterministic pseudo-random legal auctions, shared by the runtime's benches
//! (`referee.rs`, `counts.rs`) so that both rule or scan the same stream.

use bridgelaw_runtime::auction::{Call, Seat, Strain};
use bridgelaw_test_support::XorShift;

/// Deterministic pseudo-random legal auctions (xorshift), stored flat.
pub fn legal_auctions(n: usize) -> Vec<(Seat, Vec<(Seat, Call)>)> {
    const STRAINS: [Strain; 5] = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump];
    let mut rng = XorShift::new(0x9E37_79B9_7F4A_7C15);
    let mut next = move || rng.next();
    (0..n)
        .map(|_| {
            let dealer = Seat::ALL[(next() % 4) as usize];
            let mut turn = dealer;
            let mut calls = Vec::new();
            let mut last: Option<(u8, usize)> = None;
            loop {
                let passes = calls.iter().rev().take_while(|(_, c)| *c == Call::Pass).count();
                if (last.is_some() && passes >= 3) || passes >= 4 {
                    break;
                }
                let r = next() % 10;
                let c = if r < 6 {
                    Call::Pass
                } else {
                    let strain = (next() % 5) as usize;
                    let (level, s) = match last {
                        None => (1, strain),
                        Some((l, ls)) if strain > ls => (l, strain),
                        Some((l, _)) => (l + 1, strain),
                    };
                    if level > 7 {
                        Call::Pass
                    } else {
                        last = Some((level, s));
                        Call::Bid { level, strain: STRAINS[s] }
                    }
                };
                calls.push((turn, c));
                turn = turn.lho();
            }
            (dealer, calls)
        })
        .collect()
}
