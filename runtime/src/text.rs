//! Fills a ruling text: the template the laws give a rectification kind (the
//! vocabulary's, or its edition's), with the seats, the call or card and the
//! parameters of one rectification. The words are the laws'; this module only
//! puts the values in.

use crate::auction::{Call, Seat, Strain};
use crate::play::{trump_suit, Suit};
use crate::ruling::{Act, Context};
use bridgelaw_tables::{Base, Laws, Number, Party, Piece, Rectification, Selector, Template};
use std::fmt::Write;

/// The values a template is filled with.
pub(crate) struct Filling<'a> {
    pub context: Context,
    /// The players the rectification binds (`{seats}`).
    pub seats: &'a [Seat],
    /// The rectification, for its parameters (none for an entry's heading).
    pub kind: Option<Rectification>,
    /// For the words of a lead restriction: the suits it concerns, as bits (clubs 1 to spades
    /// 8; none, or one, or several of a call that related to several), and whether the
    /// restricted lead is the opening lead.
    pub restriction: Option<(u8, bool)>,
    /// For a summary of the play's ruling: what it summarizes.
    pub summary: Option<Summary>,
}

/// What a summary of the play's ruling shows.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Summary {
    /// A revoke: its trick, the suit led to it, where it stands and what it failed to do (the
    /// value indexes of `Selector::REVOKE_STATE` and `Selector::REVOKE_KIND`).
    Revoke { trick: usize, suit_led: Suit, state: usize, kind: usize },
    /// The play: the tricks played, won by each side, declarer and dummy, and the claim.
    Play { played: usize, won: (usize, usize), declarer: Seat, dummy: Seat, claim: Option<(Seat, usize)> },
    /// A play penalty still binding: the trick it binds.
    Binding { trick: usize },
}

/// The template filled in.
pub(crate) fn fill(template: &Template, values: &Filling) -> String {
    let mut out = String::with_capacity(template.source.len() + 16);
    pieces(&mut out, template.pieces, values);
    out
}

fn pieces(out: &mut String, list: &[Piece], v: &Filling) {
    let Context { offender, act, turn_of, after_auction } = v.context;
    for piece in list {
        match *piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Seat { base, turns } => {
                let seat = match (base, v.summary) {
                    (Base::Turn, _) => turn_of,
                    (Base::Declarer, Some(Summary::Play { declarer, .. })) => declarer,
                    (Base::Dummy, Some(Summary::Play { dummy, .. })) => dummy,
                    (Base::Claimer, Some(Summary::Play { claim: Some((seat, _)), .. })) => seat,
                    _ => offender,
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
            Piece::RestrictionSuit { fallback } => match v.restriction.map(|r| r.0).filter(|bits| *bits != 0) {
                // Several suits of a call that related to several: declarer names one (26A2).
                Some(bits) if bits.count_ones() > 1 => {
                    let _ = write!(out, "one of {}", crate::referee::suit_names(bits, " and "));
                }
                Some(bits) => out.push_str(&crate::referee::suit_names(bits, "")),
                None => pieces(out, fallback, v),
            },
            Piece::Choose { on, arms } => {
                let i = match on {
                    Selector::Param(k) => arg(v, k),
                    Selector::ActKind => usize::from(matches!(act, Act::Card(_))),
                    Selector::ActTime => match act {
                        Act::Call(_) => usize::from(after_auction),
                        Act::Card(_) => 2,
                    },
                    Selector::TurnPosition => {
                        (0..4).find(|&n| (0..n).fold(offender, |s, _| s.lho()) == turn_of).unwrap_or(0)
                    }
                    Selector::SeatsCount => v.seats.len().min(2),
                    Selector::RestrictionLead => usize::from(!v.restriction.is_some_and(|r| r.1)),
                    Selector::RevokeState | Selector::RevokeKind => match v.summary {
                        Some(Summary::Revoke { state, .. }) if on == Selector::RevokeState => state,
                        Some(Summary::Revoke { kind, .. }) => kind,
                        _ => 0,
                    },
                    Selector::PlayedCount | Selector::Claim => match v.summary {
                        Some(Summary::Play { played, .. }) if on == Selector::PlayedCount => played.min(2),
                        Some(Summary::Play { claim, .. }) => usize::from(claim.is_some()),
                        _ => 0,
                    },
                };
                if let Some(arm) = arms.get(i) {
                    pieces(out, arm, v);
                }
            }
            Piece::Number(n) => {
                let value = match (n, v.summary) {
                    (Number::Trick, Some(Summary::Revoke { trick, .. } | Summary::Binding { trick })) => trick,
                    (Number::Played, Some(Summary::Play { played, .. })) => played,
                    (Number::WonByDeclarer, Some(Summary::Play { won, .. })) => won.0,
                    (Number::WonByDefenders, Some(Summary::Play { won, .. })) => won.1,
                    (Number::Claimed, Some(Summary::Play { claim: Some((_, n)), .. })) => n,
                    _ => 0,
                };
                let _ = write!(out, "{value}");
            }
            Piece::SuitLed => {
                if let Some(Summary::Revoke { suit_led, .. }) = v.summary {
                    out.push_str(suit_led.name());
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
