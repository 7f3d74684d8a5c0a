//! The play model: cards, hands and deals in PBN notation, tricks, following
//! suit, and the facts of a revoke. Pure bridge mechanics: which card wins a
//! trick, who failed to follow suit when able, and when a revoke became
//! established. The laws' outcomes come from the generated tables.

use crate::auction::{Seat, Strain};
use serde::Serialize;
use std::fmt;

/// A card's suit, in rank order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's name in the plural, as a director says it.
    pub fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }

    fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    fn parse(c: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|s| s.letter() == c.to_ascii_uppercase())
    }

    /// The suit as a trump strain.
    pub fn strain(self) -> Strain {
        [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades][self as usize]
    }
}

const RANKS: &str = "23456789TJQKA";

/// A card: a suit and a rank from 0 (the two) to 12 (the ace).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card {
    pub suit: Suit,
    pub rank: u8,
}

impl Card {
    /// Parses `SA`, `HT`, `D10`, `C2`: suit letter, then rank.
    pub fn parse(s: &str) -> Result<Card, String> {
        let mut chars = s.trim().chars();
        let suit = chars.next().and_then(Suit::parse);
        let rest: String = chars.collect::<String>().to_ascii_uppercase();
        let rest = if rest == "10" { "T".to_string() } else { rest };
        match (suit, rest.len()) {
            (Some(suit), 1) => match RANKS.find(rest.as_str()) {
                Some(rank) => Ok(Card { suit, rank: rank as u8 }),
                None => Err(format!("`{s}` is not a card: the rank must be one of A K Q J T 9 8 7 6 5 4 3 2")),
            },
            _ => Err(format!("`{s}` is not a card: write the suit, then the rank, as SA, HT or C2")),
        }
    }

    /// An ace, king, queen, jack or ten.
    pub fn is_honour(self) -> bool {
        self.rank >= 8
    }

    /// The card's bit in a `Hand`: sixteen bits a suit, so that the bit's number is the suit
    /// and the rank side by side.
    fn bit(self) -> u64 {
        1 << ((self.suit as u64) << 4 | self.rank as u64)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit.letter(), RANKS.as_bytes()[self.rank as usize] as char)
    }
}

impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The bits of a suit's thirteen cards in a `Hand`.
#[inline]
fn suit_bits(suit: Suit) -> u64 {
    // A load, where the shift of a constant is three instructions.
    const BITS: [u64; 4] = [0x1FFF, 0x1FFF << 16, 0x1FFF << 32, 0x1FFF << 48];
    BITS[suit as usize]
}

/// A set of cards, one bit a card, sixteen bits a suit (the top three unused).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hand(u64);

impl Hand {
    pub fn contains(self, c: Card) -> bool {
        self.0 & c.bit() != 0
    }

    pub fn insert(&mut self, c: Card) {
        self.0 |= c.bit();
    }

    pub fn remove(&mut self, c: Card) {
        self.0 &= !c.bit();
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the hand holds a card of `suit`.
    pub fn has_suit(self, suit: Suit) -> bool {
        self.0 & suit_bits(suit) != 0
    }

    /// The hand's cards of `suit`.
    pub fn of_suit(self, suit: Suit) -> Hand {
        Hand(self.0 & suit_bits(suit))
    }

    /// The hand's cards of the suits other than `suit`.
    pub fn without_suit(self, suit: Suit) -> Hand {
        Hand(self.0 & !suit_bits(suit))
    }

    /// Whether the hand holds a card of a suit other than `suit`.
    pub fn has_other_suit(self, suit: Suit) -> bool {
        self.0 & !suit_bits(suit) != 0
    }

    /// The highest and the lowest card the hand holds of `suit`.
    pub fn extremes(self, suit: Suit) -> Option<(Card, Card)> {
        let ranks = (self.0 >> ((suit as u64) << 4)) & 0x1FFF;
        (ranks != 0).then(|| {
            let card = |rank: u32| Card { suit, rank: rank as u8 };
            (card(63 - ranks.leading_zeros()), card(ranks.trailing_zeros()))
        })
    }
}

/// Four hands of thirteen cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    pub hands: [Hand; 4],
}

impl Deal {
    /// Parses a PBN Deal tag: `N:AKQ2.J93.T84.765 …`, the first seat, then four
    /// hands clockwise, each as spades.hearts.diamonds.clubs.
    pub fn from_pbn(s: &str) -> Result<Deal, String> {
        let (first, rest) = s.trim().split_once(':').ok_or("a deal starts with the first seat and a colon, as `N:`")?;
        let first = Seat::parse(first).ok_or_else(|| format!("`{first}` is not a seat"))?;
        let hands: Vec<&str> = rest.split_whitespace().collect();
        if hands.len() != 4 {
            return Err(format!("a deal has four hands, not {}", hands.len()));
        }
        let mut deal = Deal { hands: [Hand::default(); 4] };
        let mut all = Hand::default();
        let mut seat = first;
        for text in hands {
            let suits: Vec<&str> = text.split('.').collect();
            if suits.len() != 4 {
                return Err(format!("{seat}'s hand `{text}` must have four suits separated by dots"));
            }
            let mut hand = Hand::default();
            for (suit, ranks) in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].into_iter().zip(suits) {
                for r in ranks.chars().filter(|c| *c != '-') {
                    let card = Card::parse(&format!("{}{r}", suit.letter()))?;
                    if all.contains(card) {
                        return Err(format!("{card} is dealt twice"));
                    }
                    all.insert(card);
                    hand.insert(card);
                }
            }
            if hand.len() != 13 {
                return Err(format!("{seat} holds {} cards, not 13", hand.len()));
            }
            deal.hands[seat as usize] = hand;
            seat = seat.lho();
        }
        Ok(deal)
    }
}

/// One trick as played: the leader and the cards in playing order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Trick {
    pub leader: Seat,
    pub cards: Vec<(Seat, Card)>,
}

impl Trick {
    /// The seat whose card wins the trick, with `trump` as trumps.
    pub fn winner(&self, trump: Option<Suit>) -> Option<Seat> {
        let led = self.cards.first()?.1.suit;
        let key = |c: Card| {
            let class = if Some(c.suit) == trump { 2 } else { u8::from(c.suit == led) };
            (class, c.rank)
        };
        self.cards.iter().max_by_key(|(_, c)| key(*c)).map(|(s, _)| *s)
    }
}

/// What a revoke failed to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RevokeKind {
    /// Follow suit when able.
    FollowSuit,
    /// Comply with a lead or play penalty when able.
    Penalty,
    /// Play a penalty card, faced on the table, when required.
    PenaltyCard,
    /// Play a card to the trick: a card omitted from a defective trick and placed among the
    /// player's played cards, a revoke the law deems (Law 67B1).
    CardOmitted,
}

/// A revoke: a failure to follow suit, or to comply with a lead or play
/// penalty, when able.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Revoke {
    /// The 1-based number of the trick.
    pub trick: usize,
    pub seat: Seat,
    pub card: Card,
    /// The suit led (for a lead penalty, the suit of the card led).
    pub suit_led: Suit,
    pub kind: RevokeKind,
    /// Whether the revoke has become established.
    pub established: bool,
    /// Whether the revoke card was withdrawn and a legal card substituted.
    pub corrected: bool,
    /// For a failure to play a penalty card, the penalty card that was due.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub penalty_card: Option<Card>,
    /// Whether the revoke card itself was faced on the table when played: dummy's, or one of
    /// the defender's penalty cards.
    #[serde(skip_serializing_if = "is_false")]
    pub card_faced: bool,
    /// Whether declarer accepted the card, played instead of a penalty card, as a revoke that
    /// stands: it is not corrected, and is established as any revoke.
    #[serde(skip_serializing_if = "is_false")]
    pub accepted: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Scans a play for its first irregular card: one the player does not hold,
/// one played out of turn, or a failure to follow suit when able. For
/// platforms that check played deals at scale: no ruling, no allocation.
pub fn first_play_irregularity(
    deal: &Deal,
    declarer: Seat,
    trump: Option<Suit>,
    plays: &[(Seat, Card)],
) -> Option<usize> {
    let mut hands = deal.hands;
    let mut leader = declarer.lho();
    // Trick by trick, so that each whole trick's four cards are checked unrolled, with the
    // suit led and the winner so far in registers.
    let whole = plays.len() / 4;
    for t in 0..whole {
        let cards = &plays[4 * t..4 * t + 4];
        let before = hands;
        if let Some(winner) = scan_whole_trick(&mut hands, leader, trump, cards) {
            leader = winner;
            continue;
        }
        // Some card is irregular: which one, card by card from the hands before the trick.
        hands = before;
        match scan_trick(&mut hands, leader, trump, cards) {
            Ok(winner) => leader = winner,
            Err(k) => return Some(4 * t + k),
        }
    }
    let rest = &plays[4 * whole..];
    if rest.is_empty() {
        return None;
    }
    scan_trick(&mut hands, leader, trump, rest).err().map(|k| 4 * whole + k)
}

/// Checks the four cards of a trick as `scan_trick` does, without a branch between them
/// (whether a card follows suit is random in a random play, and a branch on it would be
/// mispredicted): the winner if every card is regular, else `None`, the hands then changed.
#[inline(always)]
pub(crate) fn scan_whole_trick(
    hands: &mut [Hand; 4],
    leader: Seat,
    trump: Option<Suit>,
    cards: &[(Seat, Card)],
) -> Option<Seat> {
    let led = cards[0].1.suit;
    let led_bits = suit_bits(led);
    let classes = suit_classes(led, trump);
    let mut turn = leader;
    // Nonzero once a card is irregular.
    let mut wrong = 0;
    let (mut best, mut top) = (leader, 0);
    for (k, &(seat, card)) in cards.iter().enumerate() {
        let hand = &mut hands[seat as usize].0;
        let bit = card.bit();
        // The cards whose holding makes this card a failure to follow suit: those of the suit
        // led, if it is of another suit; none for the lead.
        let barred = if k == 0 { 0 } else { led_bits & !suit_bits(card.suit) };
        // Zero when the hand holds the card and none of the barred ones, and it is its turn.
        wrong |= (*hand & (bit | barred)) ^ bit | (seat as u64 ^ turn as u64);
        *hand &= !bit;
        let order = card_order(card, classes);
        best = if order > top { seat } else { best };
        top = top.max(order);
        turn = turn.lho();
    }
    (wrong == 0).then_some(best)
}

/// Checks the cards of one trick (one to four, the first led by `leader`) as
/// `first_play_irregularity` does: each from the hand whose turn it is, held, and following
/// suit when able. Gives the winner of the cards, else the position of the first irregular one.
/// Out of line: it is the rare path, for a trick with an irregular card and the last cards of
/// an unfinished play.
#[inline(never)]
#[cold]
fn scan_trick(hands: &mut [Hand; 4], leader: Seat, trump: Option<Suit>, cards: &[(Seat, Card)]) -> Result<Seat, usize> {
    let led = cards[0].1.suit;
    let classes = suit_classes(led, trump);
    let mut turn = leader;
    // The lead's order is above zero (it is of the suit led), so the lead is the first best.
    let (mut best, mut top) = (leader, 0);
    for (k, &(seat, card)) in cards.iter().enumerate() {
        let hand = &mut hands[seat as usize];
        let follows = k == 0 || card.suit == led || !hand.has_suit(led);
        if seat != turn || !hand.contains(card) || !follows {
            return Err(k);
        }
        hand.remove(card);
        let order = card_order(card, classes);
        if order > top {
            (best, top) = (seat, order);
        }
        turn = turn.lho();
    }
    Ok(best)
}

/// The classes of the suits in a trick, a byte a suit: trumps 0x20, the suit led 0x10 (both
/// when trumps are led), the rest 0.
#[inline]
fn suit_classes(led: Suit, trump: Option<Suit>) -> u32 {
    0x10 << ((led as u32) << 3) | trump.map_or(0, |t| 0x20 << ((t as u32) << 3))
}

/// How a card ranks in a trick: trumps above the suit led, above the rest (the class of its
/// suit in the high bits, the rank, below 16, in the low four).
#[inline]
fn card_order(c: Card, classes: u32) -> u8 {
    (classes >> ((c.suit as u32) << 3)) as u8 | c.rank
}

/// The winner of four cards played in order, the first one led. Each card's order is computed
/// once; two cards of one class never tie (a class is one suit, or, below the suit led, never
/// wins).
pub fn trick_winner(cards: &[(Seat, Card); 4], trump: Option<Suit>) -> Seat {
    let classes = suit_classes(cards[0].1.suit, trump);
    let mut best = 0;
    let mut top = card_order(cards[0].1, classes);
    for (i, &(_, c)) in cards.iter().enumerate().skip(1) {
        let order = card_order(c, classes);
        if order > top {
            (best, top) = (i, order);
        }
    }
    cards[best].0
}

/// The trump suit of a contract's strain.
pub fn trump_suit(strain: Strain) -> Option<Suit> {
    Suit::ALL.into_iter().find(|s| s.strain() == strain)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:AKQ2.J93.T84.765 JT98.AKQ.AKQ.432 7654.T87.765.AKQ 3.6542.J932.JT98";

    #[test]
    fn parses_a_pbn_deal() {
        let d = Deal::from_pbn(DEAL).unwrap();
        assert!(d.hands[Seat::N as usize].contains(Card::parse("SA").unwrap()));
        assert!(d.hands[Seat::E as usize].contains(Card::parse("HK").unwrap()));
        assert!(d.hands[Seat::W as usize].contains(Card::parse("C10").unwrap()));
        assert!(d.hands.iter().all(|h| h.len() == 13));
    }

    #[test]
    fn rejects_bad_deals() {
        assert!(Deal::from_pbn("N:AKQ2.J93.T84.765").unwrap_err().contains("four hands"));
        let twice = DEAL.replacen("JT98.AKQ", "AT98.AKQ", 1);
        assert!(Deal::from_pbn(&twice).unwrap_err().contains("SA is dealt twice"));
        let short = DEAL.replacen("AKQ2.J93", "AKQ.J93", 1);
        assert!(Deal::from_pbn(&short).unwrap_err().contains("12 cards"));
        assert!(Deal::from_pbn("X:a b c d").is_err());
    }

    #[test]
    fn cards_parse_and_print() {
        assert_eq!(Card::parse("d10").unwrap().to_string(), "DT");
        assert!(Card::parse("Z5").is_err());
        assert!(Card::parse("S1").is_err());
    }

    #[test]
    fn trump_beats_the_led_suit_and_off_suit_cards_lose() {
        let t = |cards: &[(Seat, &str)]| Trick {
            leader: cards[0].0,
            cards: cards.iter().map(|(s, c)| (*s, Card::parse(c).unwrap())).collect(),
        };
        let trick = t(&[(Seat::N, "H2"), (Seat::E, "HA"), (Seat::S, "S2"), (Seat::W, "DA")]);
        assert_eq!(trick.winner(Some(Suit::Spades)), Some(Seat::S));
        assert_eq!(trick.winner(None), Some(Seat::E));
        assert_eq!(trick.winner(Some(Suit::Clubs)), Some(Seat::E));
    }

    /// The 52 cards, suit by suit.
    fn pack() -> Vec<Card> {
        Suit::ALL.iter().flat_map(|&suit| (0..13).map(move |rank| Card { suit, rank })).collect()
    }

    /// A xorshift stream of pseudo-random numbers from `seed`, the same on every run.
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// `trick_winner` against Law 44 stated plainly (the highest trump, if any was played, else
    /// the highest card of the suit led), on every trump and 20,000 tricks of four cards of a
    /// shuffled pack.
    #[test]
    fn the_trick_winner_is_law_44s() {
        let pack = pack();
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        for _ in 0..20_000 {
            let mut cards = [(Seat::N, pack[0]); 4];
            let mut taken = 0u64;
            let leader = Seat::ALL[(next() % 4) as usize];
            let mut seat = leader;
            for slot in &mut cards {
                let mut i = (next() % 52) as usize;
                while taken & 1 << i != 0 {
                    i = (i + 1) % 52;
                }
                taken |= 1 << i;
                *slot = (seat, pack[i]);
                seat = seat.lho();
            }
            for trump in [None, Some(Suit::Clubs), Some(Suit::Diamonds), Some(Suit::Hearts), Some(Suit::Spades)] {
                let led = cards[0].1.suit;
                let suit = if cards.iter().any(|(_, c)| Some(c.suit) == trump) { trump.unwrap() } else { led };
                let law44 = cards.iter().filter(|(_, c)| c.suit == suit).max_by_key(|(_, c)| c.rank).unwrap().0;
                assert_eq!(trick_winner(&cards, trump), law44, "{cards:?} trump {trump:?}");
            }
        }
    }

    /// The scan as it was written before it went trick by trick: card by card, the trick's
    /// winner by `trick_winner`.
    fn plain_first_play_irregularity(
        deal: &Deal,
        declarer: Seat,
        trump: Option<Suit>,
        plays: &[(Seat, Card)],
    ) -> Option<usize> {
        let mut hands = deal.hands;
        let mut leader = declarer.lho();
        let mut trick = [(leader, Card { suit: Suit::Clubs, rank: 0 }); 4];
        for (i, &(seat, card)) in plays.iter().enumerate() {
            let k = i % 4;
            let expected = if k == 0 { leader } else { trick[k - 1].0.lho() };
            let hand = &mut hands[seat as usize];
            let follows = k == 0 || card.suit == trick[0].1.suit || !hand.has_suit(trick[0].1.suit);
            if seat != expected || !hand.contains(card) || !follows {
                return Some(i);
            }
            hand.remove(card);
            trick[k] = (seat, card);
            if k == 3 {
                leader = trick_winner(&trick, trump);
            }
        }
        None
    }

    #[test]
    fn the_scan_finds_what_the_plain_scan_finds() {
        let pack = pack();
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut found = [0usize; 2];
        for _ in 0..5_000 {
            let mut cards = pack.clone();
            for i in (1..52).rev() {
                cards.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let mut deal = Deal { hands: [Hand::default(); 4] };
            for (i, c) in cards.iter().enumerate() {
                deal.hands[i / 13].insert(*c);
            }
            let declarer = Seat::ALL[(next() % 4) as usize];
            let trump = [None, Some(Suit::Clubs), Some(Suit::Diamonds), Some(Suit::Hearts), Some(Suit::Spades)]
                [(next() % 5) as usize];
            // A legal play, then one card changed: another seat, another card, or the card of
            // another suit the hand holds; then a length of 0 to 53 cards.
            let mut hands = deal.hands;
            let mut leader = declarer.lho();
            let mut plays = Vec::with_capacity(53);
            for _ in 0..13 {
                let mut trick = [(leader, pack[0]); 4];
                let mut seat = leader;
                for k in 0..4 {
                    let hand = &mut hands[seat as usize];
                    let led = (k > 0).then_some(trick[0].1.suit).filter(|s| hand.has_suit(*s));
                    let pool: Vec<Card> =
                        pack.iter().copied().filter(|c| hand.contains(*c) && led.is_none_or(|s| c.suit == s)).collect();
                    let card = pool[(next() % pool.len() as u64) as usize];
                    hand.remove(card);
                    trick[k] = (seat, card);
                    plays.push(trick[k]);
                    seat = seat.lho();
                }
                leader = trick_winner(&trick, trump);
            }
            let at = (next() % 52) as usize;
            match next() % 4 {
                0 => plays[at].0 = plays[at].0.lho(),
                1 => plays[at].1 = pack[(next() % 52) as usize],
                2 => {
                    let seat = plays[at].0;
                    let other = pack
                        .iter()
                        .copied()
                        .find(|c| deal.hands[seat as usize].contains(*c) && c.suit != plays[at].1.suit);
                    plays[at].1 = other.unwrap_or(plays[at].1);
                }
                _ => {}
            }
            if next().is_multiple_of(8) {
                plays.push((leader, pack[(next() % 52) as usize]));
            }
            let len = if next().is_multiple_of(4) { (next() % plays.len() as u64) as usize } else { plays.len() };
            let plays = &plays[..len];
            let plain = plain_first_play_irregularity(&deal, declarer, trump, plays);
            assert_eq!(first_play_irregularity(&deal, declarer, trump, plays), plain, "{plays:?}");
            found[usize::from(plain.is_some())] += 1;
        }
        // Both answers are well represented in the stream.
        assert!(found.iter().all(|n| *n > 1_000), "{found:?}");
    }
}
