//! Deterministic pseudo-random deals, each played out legally, shared by the runtime's
//! benches (`referee.rs`, `counts.rs`) so that both scan the same stream.

use bridgelaw_runtime::auction::Seat;
use bridgelaw_runtime::play::{Card, Deal, Hand, Suit, Trick};
use bridgelaw_test_support::XorShift;

/// A deal, its declarer and trump suit, and the cards played in order.
pub type PlayedDeal = (Deal, Seat, Option<Suit>, Vec<(Seat, Card)>);

/// Deterministic pseudo-random deals, each played out legally (following suit, else any card).
pub fn played_deals(n: usize) -> Vec<PlayedDeal> {
    let mut rng = XorShift::new(0x2545_F491_4F6C_DD1D);
    let mut next = move || rng.next();
    let all: Vec<Card> = Suit::ALL.into_iter().flat_map(|suit| (0..13).map(move |rank| Card { suit, rank })).collect();
    (0..n)
        .map(|_| {
            let mut cards = all.clone();
            for i in (1..52).rev() {
                cards.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let mut hands = [Hand::default(); 4];
            for (i, c) in cards.iter().enumerate() {
                hands[i / 13].insert(*c);
            }
            let deal = Deal { hands };
            let declarer = Seat::ALL[(next() % 4) as usize];
            let trump = [None, Some(Suit::Clubs), Some(Suit::Diamonds), Some(Suit::Hearts), Some(Suit::Spades)]
                [(next() % 5) as usize];
            let mut plays = Vec::with_capacity(52);
            let mut leader = declarer.lho();
            for _ in 0..13 {
                let mut trick = Trick { leader, cards: Vec::with_capacity(4) };
                let mut seat = leader;
                for _ in 0..4 {
                    let led = trick.cards.first().map(|(_, c)| c.suit);
                    let hand = &mut hands[seat as usize];
                    let held: Vec<Card> = all.iter().copied().filter(|c| hand.contains(*c)).collect();
                    let following: Vec<Card> = held.iter().copied().filter(|c| Some(c.suit) == led).collect();
                    let pool = if following.is_empty() { held } else { following };
                    let card = pool[(next() % pool.len() as u64) as usize];
                    hand.remove(card);
                    trick.cards.push((seat, card));
                    plays.push((seat, card));
                    seat = seat.lho();
                }
                leader = trick.winner(trump).unwrap();
            }
            (deal, declarer, trump, plays)
        })
        .collect()
}
