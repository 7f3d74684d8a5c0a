//! The auction model: seats and rotation, calls, sufficiency of bids, and the
//! final contract. Pure bridge mechanics; no law outcome is decided here.

use serde::Serialize;
use std::fmt;

/// A seat at the table, in clockwise order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Seat {
    N,
    E,
    S,
    W,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

    fn index(self) -> usize {
        self as usize
    }

    fn from_index(i: usize) -> Seat {
        // A `match`, not an index into `ALL`: the optimizer makes it the low two bits.
        match i % 4 {
            0 => Seat::N,
            1 => Seat::E,
            2 => Seat::S,
            _ => Seat::W,
        }
    }

    /// The next player clockwise: the left-hand opponent.
    pub fn lho(self) -> Seat {
        Seat::from_index(self.index() + 1)
    }

    pub fn partner(self) -> Seat {
        Seat::from_index(self.index() + 2)
    }

    /// The previous player clockwise: the right-hand opponent.
    pub fn rho(self) -> Seat {
        Seat::from_index(self.index() + 3)
    }

    pub fn name(self) -> &'static str {
        ["North", "East", "South", "West"][self.index()]
    }

    pub fn parse(s: &str) -> Option<Seat> {
        match s.to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Some(Seat::N),
            "E" | "EAST" => Some(Seat::E),
            "S" | "SOUTH" => Some(Seat::S),
            "W" | "WEST" => Some(Seat::W),
            _ => None,
        }
    }

    /// Whether two seats belong to the same side.
    pub fn same_side(self, other: Seat) -> bool {
        self == other || self.partner() == other
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A denomination, in rank order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Strain {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    NoTrump,
}

impl Strain {
    pub fn symbol(self) -> &'static str {
        ["C", "D", "H", "S", "NT"][self as usize]
    }
}

/// A call. A bid's level is kept as written, so that a bid above seven can
/// be represented and ruled on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Call {
    Pass,
    Bid { level: u8, strain: Strain },
    Double,
    Redouble,
}

impl Call {
    /// Parses `pass`/`P`, `X`/`double`, `XX`/`redouble`, or a bid such as
    /// `1H`, `3NT`, `2♠`.
    pub fn parse(s: &str) -> Result<Call, String> {
        let t = s.trim();
        match t.to_ascii_lowercase().as_str() {
            "p" | "pass" | "-" => return Ok(Call::Pass),
            "x" | "double" | "dbl" => return Ok(Call::Double),
            "xx" | "redouble" | "rdbl" => return Ok(Call::Redouble),
            _ => {}
        }
        let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
        let rest = t[digits.len()..].trim().to_ascii_uppercase();
        let level: u8 = digits
            .parse()
            .map_err(|_| format!("`{s}` is not a call: expected pass, X, XX or a bid such as 1H or 3NT"))?;
        let strain = match rest.as_str() {
            "C" | "♣" => Strain::Clubs,
            "D" | "♦" => Strain::Diamonds,
            "H" | "♥" => Strain::Hearts,
            "S" | "♠" => Strain::Spades,
            "NT" | "N" | "NOTRUMP" => Strain::NoTrump,
            _ => return Err(format!("`{s}` is not a call: the denomination must be C, D, H, S or NT")),
        };
        if level == 0 {
            return Err(format!("`{s}` is not a call: a bid's level is at least 1"));
        }
        Ok(Call::Bid { level, strain })
    }

    pub fn is_bid(self) -> bool {
        matches!(self, Call::Bid { .. })
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid { level, strain } => write!(f, "{level}{}", strain.symbol()),
        }
    }
}

/// Whether `bid` is higher than `than` on the scale of bids.
pub fn outranks(bid: Call, than: Option<Call>) -> bool {
    match (bid, than) {
        (Call::Bid { .. }, None) => true,
        (Call::Bid { level, strain }, Some(Call::Bid { level: l, strain: s })) => (level, strain) > (l, s),
        _ => false,
    }
}

/// A call as made, and whether it still stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Made {
    pub seat: Seat,
    pub call: Call,
    pub cancelled: bool,
}

/// The final contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Contract {
    pub level: u8,
    pub strain: Strain,
    /// 0, 1 (doubled) or 2 (redoubled).
    pub doubled: u8,
    pub declarer: Seat,
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = ["", "X", "XX"][usize::from(self.doubled.min(2))];
        write!(f, "{}{}{x} by {}", self.level, self.strain.symbol(), self.declarer)
    }
}

/// The standing calls of an auction, in order.
pub fn standing(calls: &[Made]) -> impl DoubleEndedIterator<Item = &Made> {
    calls.iter().filter(|m| !m.cancelled)
}

/// The last standing bid, and who made it.
pub fn last_bid(calls: &[Made]) -> Option<&Made> {
    calls.iter().rev().find(|m| !m.cancelled && m.call.is_bid())
}

/// Whether a double (or redouble) by `seat` is admissible after the standing
/// calls (Law 19's conditions): the last bid was an opponent's, not yet
/// doubled (or doubled by an opponent, for a redouble), with only passes since.
pub fn admissible_double(calls: &[Made], seat: Seat, call: Call) -> bool {
    let mut doubled_by: Option<Seat> = None;
    for m in standing(calls).rev() {
        match m.call {
            Call::Pass => continue,
            Call::Double if doubled_by.is_none() => doubled_by = Some(m.seat),
            Call::Redouble => return false,
            Call::Double => return false,
            Call::Bid { .. } => {
                return match call {
                    Call::Double => doubled_by.is_none() && !m.seat.same_side(seat),
                    Call::Redouble => doubled_by.is_some_and(|d| !d.same_side(seat)) && m.seat.same_side(seat),
                    _ => false,
                };
            }
        }
    }
    false
}

/// The contract after a completed auction, or `None` if it was passed out.
pub fn contract(calls: &[Made]) -> Option<Contract> {
    // From the end: the last double or redouble after the last bid, then the last bid.
    let mut doubled = None;
    let mut last = None;
    for m in standing(calls).rev() {
        match m.call {
            Call::Pass => {}
            Call::Double => {
                doubled.get_or_insert(1);
            }
            Call::Redouble => {
                doubled.get_or_insert(2);
            }
            Call::Bid { .. } => {
                last = Some(m);
                break;
            }
        }
    }
    let last = last?;
    let Call::Bid { level, strain } = last.call else {
        return None;
    };
    let declarer = standing(calls)
        .find(|m| m.seat.same_side(last.seat) && matches!(m.call, Call::Bid { strain: s, .. } if s == strain))
        .map_or(last.seat, |m| m.seat);
    Some(Contract { level, strain, doubled: doubled.unwrap_or(0), declarer })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(dealer: Seat, list: &[&str]) -> Vec<Made> {
        let mut seat = dealer;
        list.iter()
            .map(|c| {
                let m = Made { seat, call: Call::parse(c).unwrap(), cancelled: false };
                seat = seat.lho();
                m
            })
            .collect()
    }

    #[test]
    fn rotation() {
        assert_eq!(Seat::N.lho(), Seat::E);
        assert_eq!(Seat::N.rho(), Seat::W);
        assert_eq!(Seat::W.partner(), Seat::E);
        assert!(Seat::S.same_side(Seat::N) && !Seat::S.same_side(Seat::E));
    }

    #[test]
    fn parses_calls() {
        assert_eq!(Call::parse("3nt").unwrap(), Call::Bid { level: 3, strain: Strain::NoTrump });
        assert_eq!(Call::parse("2♠").unwrap(), Call::Bid { level: 2, strain: Strain::Spades });
        assert_eq!(Call::parse("8C").unwrap(), Call::Bid { level: 8, strain: Strain::Clubs });
        assert_eq!(Call::parse("XX").unwrap(), Call::Redouble);
        assert!(Call::parse("0H").is_err());
        assert!(Call::parse("1Z").is_err());
        assert!(Call::parse("hello").is_err());
    }

    #[test]
    fn sufficiency_follows_rank() {
        let one_s = Call::parse("1S").ok();
        assert!(outranks(Call::parse("1NT").unwrap(), one_s));
        assert!(!outranks(Call::parse("1H").unwrap(), one_s));
        assert!(!outranks(Call::parse("1S").unwrap(), one_s));
    }

    #[test]
    fn declarer_is_first_of_side_to_name_the_strain() {
        let c = calls(Seat::N, &["1H", "P", "2H", "P", "4H", "X", "P", "P", "P"]);
        assert_eq!(contract(&c), Some(Contract { level: 4, strain: Strain::Hearts, doubled: 1, declarer: Seat::N }));
        assert_eq!(contract(&calls(Seat::N, &["P", "P", "P", "P"])), None);
    }

    #[test]
    fn law_19_admissibility() {
        // West opens 1S; South's double (an opponent's bid, only passes since) is admissible,
        // East's double of his partner's bid is not (commentary 36.1, Examples A and B).
        let c = calls(Seat::W, &["1S"]);
        assert!(admissible_double(&c, Seat::S, Call::Double));
        assert!(!admissible_double(&c, Seat::E, Call::Double));
        assert!(!admissible_double(&c, Seat::N, Call::Redouble));
        let c = calls(Seat::W, &["1S", "X"]);
        assert!(admissible_double(&c, Seat::E, Call::Redouble));
        assert!(!admissible_double(&c, Seat::S, Call::Redouble));
    }
}
