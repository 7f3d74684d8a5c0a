//! Fills a ruling text: the template the laws give a rectification kind (the
//! vocabulary's, or its edition's), with the seats, the call or card and the
//! parameters of one rectification. The words are the laws'; this module only
//! puts the values in.

use crate::auction::{Call, Seat, Strain};
use crate::play::trump_suit;
use crate::ruling::{Act, Context};
use bridgelaw_tables::{Base, Laws, Party, Piece, Rectification, Selector, Template};
use std::fmt::Write;

/// The values a template is filled with.
pub(crate) struct Filling<'a> {
    pub context: Context,
    /// The players the rectification binds (`{seats}`).
    pub seats: &'a [Seat],
    /// The rectification, for its parameters (none for an entry's heading).
    pub kind: Option<Rectification>,
    /// For the words of a lead restriction: the suit it concerns, and whether the restricted
    /// lead is the opening lead.
    pub restriction: Option<(Option<Strain>, bool)>,
}

/// The template filled in.
pub(crate) fn fill(template: &Template, values: &Filling) -> String {
    let mut out = String::with_capacity(template.source.len() + 16);
    pieces(&mut out, template.pieces, values);
    out
}

fn pieces(out: &mut String, list: &[Piece], v: &Filling) {
    let Context { offender, act, turn_of } = v.context;
    for piece in list {
        match *piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Seat { base, turns } => {
                let seat = match base {
                    Base::Offender => offender,
                    Base::Turn => turn_of,
                };
                out.push_str((0..turns).fold(seat, |s, _| s.lho()).name());
            }
            Piece::Seats => join(out, v.seats),
            Piece::Party { param } => match Party::ALL.get(arg(v, param)) {
                Some(Party::Offender) | None => join(out, &[offender]),
                Some(Party::OffenderPartner) => join(out, &[offender.partner()]),
                Some(Party::OffendingSide) => join(out, &[offender, offender.partner()]),
            },
            Piece::Act => {
                let _ = write!(out, "{act}");
            }
            Piece::Suit { singular, fallback } => match act {
                Act::Card(c) if singular => out.push_str(c.suit.name().strip_suffix('s').unwrap_or(c.suit.name())),
                Act::Card(c) => out.push_str(c.suit.name()),
                Act::Call(_) => pieces(out, fallback, v),
            },
            Piece::Strain { fallback } => match act {
                Act::Call(Call::Bid { strain, .. }) => out.push_str(strain_name(strain)),
                _ => pieces(out, fallback, v),
            },
            Piece::RestrictionSuit { fallback } => match v.restriction.and_then(|r| r.0) {
                Some(strain) => out.push_str(strain_name(strain)),
                None => pieces(out, fallback, v),
            },
            Piece::Choose { on, arms } => {
                let i = match on {
                    Selector::Param(k) => arg(v, k),
                    Selector::ActKind => usize::from(matches!(act, Act::Card(_))),
                    Selector::TurnPosition => {
                        (0..4).find(|&n| (0..n).fold(offender, |s, _| s.lho()) == turn_of).unwrap_or(0)
                    }
                    Selector::SeatsCount => v.seats.len().min(2),
                    Selector::RestrictionLead => usize::from(!v.restriction.is_some_and(|r| r.1)),
                };
                if let Some(arm) = arms.get(i) {
                    pieces(out, arm, v);
                }
            }
        }
    }
}

/// The value index of the rectification's parameter `k` (0 where there is none).
fn arg(v: &Filling, k: u8) -> usize {
    v.kind.map_or(0, |kind| kind.arg(usize::from(k)))
}

/// `clubs` … `spades`, `notrump`.
fn strain_name(strain: Strain) -> &'static str {
    trump_suit(strain).map_or("notrump", |s| s.name())
}

/// The words of what `kind` leaves standing: its `standing` text, else its text.
pub(crate) fn standing(laws: &dyn Laws, values: &Filling) -> String {
    let Some(kind) = values.kind else { return String::new() };
    fill(laws.standing(kind).unwrap_or(laws.text(kind)), values)
}

/// Seats by name, joined by ` and `.
fn join(out: &mut String, seats: &[Seat]) {
    for (i, s) in seats.iter().enumerate() {
        if i > 0 {
            out.push_str(" and ");
        }
        out.push_str(s.name());
    }
}
