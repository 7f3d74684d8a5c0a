//! Ruling texts: parses each rectification's template (the vocabulary's, and an
//! edition's override) and types it against the rectification. A placeholder
//! names a value of the context (`offender`, `turn`, `act`, `seats`) or a
//! declared parameter, with accessors (`offender.lho`, `act.suit`); it is shown
//! plainly (`{offender}`), with a fallback for a value that may be absent
//! (`{act.suit?the suit led}`), or as a choice of one text per value
//! (`{count|zero=no trick is|one=one trick is|two=two tricks are}`, `_=` for
//! the values not listed). Every required parameter must be shown. A `standing` text
//! (the words of a lead restriction or an obligation left standing) may also name
//! `restriction.suit` and choose on `restriction.lead`, and, for a play penalty, `{trick}`, the
//! trick it binds (which shows its `play_duration` parameter). The summaries of the play's ruling
//! name what they summarize instead: a revoke (`{offender}`, `{act}`, `{trick}`,
//! `{revoke.suit_led}`, `{revoke.state|…}`, `{revoke.kind|…}`), or the play (`{declarer}`,
//! `{dummy}`, `{played}`, `{played.count|…}`, `{won.declarer}`, `{won.defenders}`,
//! `{claim|none=…|made=…}` with `{claim.seat}` and `{claim.tricks}`).

use super::Checker;
use crate::diagnostic::{did_you_mean, Code};
use crate::model::*;
use crate::source::S;
use std::ops::Range;

/// A template before typing: text, and placeholders with their byte ranges.
enum Node {
    Text(String),
    Place { path: Vec<(String, Range<usize>)>, form: Form },
}

enum Form {
    Plain,
    Fallback(Vec<Node>),
    Choice(Vec<Arm>),
}

struct Arm {
    value: String,
    at: Range<usize>,
    body: Vec<Node>,
}

type Error = (Range<usize>, String, &'static str);

struct Parser<'a> {
    s: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }

    /// Text and placeholders up to the end, or, inside a choice, up to its `|` or `}`.
    fn sequence(&mut self, in_arm: bool) -> Result<Vec<Node>, Error> {
        let mut nodes = Vec::new();
        let mut text = String::new();
        while let Some(ch) = self.peek() {
            match ch {
                '{' => {
                    if !text.is_empty() {
                        nodes.push(Node::Text(std::mem::take(&mut text)));
                    }
                    nodes.push(self.placeholder()?);
                    continue;
                }
                '|' | '}' if in_arm => break,
                '}' => {
                    let help = "a `}` closes a placeholder opened with `{`; the text may not hold a lone `}`";
                    return Err((self.pos..self.pos + 1, "unmatched `}`".into(), help));
                }
                _ => text.push(ch),
            }
            self.pos += ch.len_utf8();
        }
        if !text.is_empty() {
            nodes.push(Node::Text(text));
        }
        Ok(nodes)
    }

    /// A name or a dotted path, with its byte range.
    fn word(&mut self, dots: bool) -> (String, Range<usize>) {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || (dots && c == '.')) {
            self.pos += 1;
        }
        (self.s[start..self.pos].to_string(), start..self.pos)
    }

    fn placeholder(&mut self) -> Result<Node, Error> {
        let open = self.pos;
        self.pos += 1;
        let unclosed = |end: usize| -> Error {
            (open..end.max(open + 1), "unclosed placeholder".into(), "close the placeholder with `}`")
        };
        let (path, range) = self.word(true);
        if path.is_empty() || path.split('.').any(str::is_empty) {
            let help = "a placeholder names a value: `{offender}`, `{act.suit?…}`, `{count|zero=…|one=…}`";
            return Err((open..self.pos.max(open + 1), format!("`{{{path}` does not name a value"), help));
        }
        let mut at = range.start;
        let path: Vec<(String, Range<usize>)> = path
            .split('.')
            .map(|part| {
                let r = at..at + part.len();
                at += part.len() + 1;
                (part.to_string(), r)
            })
            .collect();
        let form = match self.peek() {
            Some('}') => Form::Plain,
            Some('?') => {
                self.pos += 1;
                let words = self.sequence(true)?;
                if self.peek() == Some('|') {
                    let help = "the words after `?` end at the placeholder's `}`; they may not hold a `|`";
                    return Err((self.pos..self.pos + 1, "`|` in a fallback".into(), help));
                }
                Form::Fallback(words)
            }
            Some('|') => Form::Choice(self.arms()?),
            Some(c) => {
                let help = "after the value's name comes `}`, `?fallback}` or `|value=text…}`";
                return Err((self.pos..self.pos + c.len_utf8(), format!("unexpected `{c}` in a placeholder"), help));
            }
            None => return Err(unclosed(self.pos)),
        };
        if self.peek() != Some('}') {
            return Err(unclosed(self.pos));
        }
        self.pos += 1;
        Ok(Node::Place { path, form })
    }

    /// `|value=text|value=text` up to (not past) the closing `}`.
    fn arms(&mut self) -> Result<Vec<Arm>, Error> {
        let mut arms = Vec::new();
        while self.peek() == Some('|') {
            self.pos += 1;
            let (value, at) = self.word(false);
            if self.peek() != Some('=') || value.is_empty() {
                let help = "each choice is `value=text`, such as `|zero=no trick is`";
                let end = self.pos + self.peek().map_or(0, char::len_utf8);
                return Err((
                    at.start..end.max(at.start + 1).min(self.s.len()),
                    "a choice needs `value=` before its text".into(),
                    help,
                ));
            }
            self.pos += 1;
            let body = self.sequence(true)?;
            arms.push(Arm { value, at, body });
        }
        Ok(arms)
    }
}

/// Which values a template may name: those of a ruling text, of a `standing` text, of the
/// revoke summary or of the play summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scope {
    Text,
    Standing,
    Revoke,
    Play,
}

/// The type of a placeholder's value, once its path is resolved.
enum Ty {
    Seat(Base, u8),
    Seats,
    Party(usize),
    Act,
    Suit {
        singular: bool,
    },
    Strain,
    /// `restriction`, in a `standing` text, and its suit.
    Restriction,
    RestrictionSuit,
    /// A value shown by choosing a text per value: (selector, value names).
    Choice(Selector, Vec<String>),
    /// A number, in a summary.
    Number(Number),
    /// The revoke, in the revoke summary, shown by its parts; and its suit led.
    Revoke,
    SuitLed,
    /// The tricks played (a number, or a choice on `count`), won (by its parts), and the claim
    /// (a choice, with its parts), in the play summary.
    Played,
    Won,
    Claim,
}

/// What a template is checked against.
struct Cx<'a> {
    types: &'a [TypeDef],
    r: &'a RectificationDef,
    src: &'a S,
    owner: &'a str,
    /// The values it may name beyond the rectification's parameters.
    scope: Scope,
}

/// Checks one template against rectification `r`; `owner` names it in diagnostics.
pub(super) fn check(
    c: &mut Checker,
    types: &[TypeDef],
    r: &RectificationDef,
    src: &S,
    owner: &str,
    scope: Scope,
) -> Option<Template> {
    let nodes = match (Parser { s: src, pos: 0 }).sequence(false) {
        Ok(nodes) => nodes,
        Err((range, message, help)) => {
            c.error(Code::TemplateSyntax, c.inner(src, &range), Some(owner), message, help);
            return None;
        }
    };
    let cx = Cx { types, r, src, owner, scope };
    let standing = scope == Scope::Standing;
    let mut used = vec![false; r.params.len()];
    let errors = c.diagnostics.len();
    let pieces = typed(c, &cx, &nodes, &mut used);
    // A standing text is about the player it binds, `{seats}`: it shows no `party` parameter.
    let required = |p: &Param| !(p.optional || (standing && types[p.ty].name == "party"));
    for (param, _) in r.params.iter().zip(&used).filter(|(p, u)| !**u && required(p)) {
        c.error(
            Code::UnusedParameter,
            c.loc(src),
            Some(owner),
            format!("the text of `{}` does not show its parameter `{}`", r.name, param.name),
            format!(
                "show it, as `{{{}|…}}`, or mark the parameter `optional: true` in the vocabulary if the text need not show it",
                param.name
            ),
        );
    }
    (c.diagnostics.len() == errors).then(|| Template { source: src.to_string(), pieces })
}

fn typed(c: &mut Checker, cx: &Cx, nodes: &[Node], used: &mut [bool]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for node in nodes {
        let (path, form) = match node {
            Node::Text(t) => {
                pieces.push(Piece::Text(t.clone()));
                continue;
            }
            Node::Place { path, form } => (path, form),
        };
        let Some(ty) = resolve(c, cx, path, used) else { continue };
        let whole = path[0].1.start..path[path.len() - 1].1.end;
        let name: Vec<&str> = path.iter().map(|p| p.0.as_str()).collect();
        let name = name.join(".");
        let wrong = |c: &mut Checker, message: String, help: String| {
            c.error(Code::TypeError, c.inner(cx.src, &whole), Some(cx.owner), message, help);
        };
        match (ty, form) {
            (Ty::Seat(base, turns), Form::Plain) => pieces.push(Piece::Seat { base, turns }),
            (Ty::Seats, Form::Plain) => pieces.push(Piece::Seats),
            (Ty::Party(param), Form::Plain) => pieces.push(Piece::Party { param }),
            (Ty::Act, Form::Plain) => pieces.push(Piece::Act),
            (Ty::Suit { singular }, Form::Fallback(f)) => {
                pieces.push(Piece::Suit { singular, fallback: typed(c, cx, f, used) })
            }
            (Ty::Strain, Form::Fallback(f)) => pieces.push(Piece::Strain { fallback: typed(c, cx, f, used) }),
            (Ty::RestrictionSuit, Form::Fallback(f)) => {
                pieces.push(Piece::RestrictionSuit { fallback: typed(c, cx, f, used) })
            }
            (Ty::Suit { .. } | Ty::Strain | Ty::RestrictionSuit, Form::Plain) => wrong(
                c,
                format!("`{name}` has no value when there is no such suit"),
                format!("give the text for that case after `?`: `{{{name}?the suit}}`"),
            ),
            (Ty::Number(n), Form::Plain) => pieces.push(Piece::Number(n)),
            (Ty::Played, Form::Plain) => pieces.push(Piece::Number(Number::Played)),
            (Ty::SuitLed, Form::Plain) => pieces.push(Piece::SuitLed),
            (Ty::Claim, Form::Choice(arms)) => {
                let values: Vec<String> = Selector::CLAIM.iter().map(|s| s.to_string()).collect();
                if let Some(arms) = choice(c, cx, &name, &values, arms, used) {
                    pieces.push(Piece::Choose { on: Selector::Claim, arms });
                }
            }
            (Ty::Revoke | Ty::Won, _) => wrong(
                c,
                format!("`{name}` is shown by its parts"),
                "write `{revoke.suit_led}`, `{revoke.state|…}`, `{revoke.kind|…}`, `{won.declarer}` or `{won.defenders}`"
                    .into(),
            ),
            (Ty::Claim, _) => wrong(
                c,
                "`claim` is shown by choosing a text for each of its values".into(),
                "write `{claim|none=…|made=…}`".into(),
            ),
            (Ty::Restriction, _) => wrong(
                c,
                "`restriction` is shown by its parts".into(),
                "write `{restriction.suit?…}` or `{restriction.lead|opening=…|later=…}`".into(),
            ),
            (Ty::Choice(on, values), Form::Choice(arms)) => {
                if let Some(arms) = choice(c, cx, &name, &values, arms, used) {
                    pieces.push(Piece::Choose { on, arms });
                }
            }
            (Ty::Choice(_, values), _) => wrong(
                c,
                format!("`{name}` is shown by choosing a text for each of its values"),
                format!("write `{{{name}|{}=…}}`", values.join("=…|")),
            ),
            (_, Form::Fallback(_)) => wrong(
                c,
                format!("`{name}` always has a value: it takes no `?` fallback"),
                format!("write `{{{name}}}`"),
            ),
            (_, Form::Choice(_)) => {
                wrong(c, format!("`{name}` is shown as it is, not by a choice of texts"), format!("write `{{{name}}}`"))
            }
        }
    }
    pieces
}

/// The type of a placeholder's first name, marking a parameter it shows.
fn root(c: &mut Checker, cx: &Cx, name: &str, at: &Range<usize>, used: &mut [bool]) -> Option<Ty> {
    let context: &[&str] = match cx.scope {
        Scope::Text => &["offender", "turn", "act", "seats"],
        Scope::Standing => &["offender", "turn", "act", "seats", "restriction", "trick"],
        Scope::Revoke => &["offender", "act", "trick", "revoke"],
        Scope::Play => &["declarer", "dummy", "played", "won", "claim"],
    };
    let summary = matches!(cx.scope, Scope::Revoke | Scope::Play);
    Some(match name {
        "offender" if cx.scope != Scope::Play => Ty::Seat(Base::Offender, 0),
        "turn" if !summary => Ty::Seat(Base::Turn, 0),
        "act" if cx.scope != Scope::Play => Ty::Act,
        "seats" if !summary => Ty::Seats,
        "restriction" if cx.scope == Scope::Standing => Ty::Restriction,
        "trick" if cx.scope == Scope::Revoke => Ty::Number(Number::Trick),
        // In a `standing` text, the trick a play penalty binds: it shows the penalty's duration.
        "trick" if cx.scope == Scope::Standing => {
            for (k, p) in cx.r.params.iter().enumerate() {
                if cx.types[p.ty].name == "play_duration" {
                    used[k] = true;
                }
            }
            Ty::Number(Number::Trick)
        }
        "revoke" if cx.scope == Scope::Revoke => Ty::Revoke,
        "declarer" if cx.scope == Scope::Play => Ty::Seat(Base::Declarer, 0),
        "dummy" if cx.scope == Scope::Play => Ty::Seat(Base::Dummy, 0),
        "played" if cx.scope == Scope::Play => Ty::Played,
        "won" if cx.scope == Scope::Play => Ty::Won,
        "claim" if cx.scope == Scope::Play => Ty::Claim,
        name => {
            let known = context.iter().copied().chain(cx.r.params.iter().map(|p| p.name.as_str()));
            let k = c.lookup("placeholder", name, known, c.inner(cx.src, at), Some(cx.owner))? - context.len();
            used[k] = true;
            let def = &cx.types[cx.r.params[k].ty];
            if def.name == "party" && cx.scope == Scope::Standing {
                let help = "a standing text is about the player it binds: write `{seats}`";
                let message = format!("`{name}` is not shown in a standing text");
                c.error(Code::TypeError, c.inner(cx.src, at), Some(cx.owner), message, help);
                return None;
            } else if def.name == "party" {
                Ty::Party(k)
            } else {
                Ty::Choice(Selector::Param(k), def.values.iter().map(|v| v.name.clone()).collect())
            }
        }
    })
}

/// Resolves a placeholder's path to its type, marking the parameters it shows.
fn resolve(c: &mut Checker, cx: &Cx, path: &[(String, Range<usize>)], used: &mut [bool]) -> Option<Ty> {
    let (first, at) = &path[0];
    let mut ty = root(c, cx, first, at, used)?;
    for (accessor, at) in &path[1..] {
        let strings = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (next, known): (Option<Ty>, &[&str]) = match (&ty, accessor.as_str()) {
            (Ty::Seat(base, turns), step @ ("lho" | "partner" | "rho")) => {
                let n = match step {
                    "lho" => 1,
                    "partner" => 2,
                    _ => 3,
                };
                (Some(Ty::Seat(*base, (turns + n) % 4)), &[])
            }
            (Ty::Seat(Base::Turn, 0), "position") => {
                (Some(Ty::Choice(Selector::TurnPosition, strings(&Selector::TURN_POSITION))), &[])
            }
            (Ty::Seat(Base::Turn, 0), _) => (None, &["lho", "partner", "rho", "position"]),
            (Ty::Seat(..), _) => (None, &["lho", "partner", "rho"]),
            (Ty::Act, "suit") => (Some(Ty::Suit { singular: false }), &[]),
            (Ty::Act, "strain") => (Some(Ty::Strain), &[]),
            (Ty::Act, "kind") => (Some(Ty::Choice(Selector::ActKind, strings(&Selector::ACT_KIND))), &[]),
            (Ty::Act, "time") => (Some(Ty::Choice(Selector::ActTime, strings(&Selector::ACT_TIME))), &[]),
            (Ty::Act, _) => (None, &["suit", "strain", "kind", "time"]),
            (Ty::Suit { singular: false }, "singular") => (Some(Ty::Suit { singular: true }), &[]),
            (Ty::Suit { singular: false }, _) => (None, &["singular"]),
            (Ty::Seats, "count") => (Some(Ty::Choice(Selector::SeatsCount, strings(&Selector::SEATS_COUNT))), &[]),
            (Ty::Seats, _) => (None, &["count"]),
            (Ty::Restriction, "suit") => (Some(Ty::RestrictionSuit), &[]),
            (Ty::Restriction, "lead") => {
                (Some(Ty::Choice(Selector::RestrictionLead, strings(&Selector::RESTRICTION_LEAD))), &[])
            }
            (Ty::Restriction, _) => (None, &["suit", "lead"]),
            (Ty::Revoke, "suit_led") => (Some(Ty::SuitLed), &[]),
            (Ty::Revoke, "state") => (Some(Ty::Choice(Selector::RevokeState, strings(&Selector::REVOKE_STATE))), &[]),
            (Ty::Revoke, "kind") => (Some(Ty::Choice(Selector::RevokeKind, strings(&Selector::REVOKE_KIND))), &[]),
            (Ty::Revoke, _) => (None, &["suit_led", "state", "kind"]),
            (Ty::Played, "count") => (Some(Ty::Choice(Selector::PlayedCount, strings(&Selector::PLAYED_COUNT))), &[]),
            (Ty::Played, _) => (None, &["count"]),
            (Ty::Won, "declarer") => (Some(Ty::Number(Number::WonByDeclarer)), &[]),
            (Ty::Won, "defenders") => (Some(Ty::Number(Number::WonByDefenders)), &[]),
            (Ty::Won, _) => (None, &["declarer", "defenders"]),
            (Ty::Claim, "seat") => (Some(Ty::Seat(Base::Claimer, 0)), &[]),
            (Ty::Claim, "tricks") => (Some(Ty::Number(Number::Claimed)), &[]),
            (Ty::Claim, _) => (None, &["seat", "tricks"]),
            _ => (None, &[]),
        };
        match next {
            Some(t) => ty = t,
            None => {
                let help = match did_you_mean(accessor, known.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None if known.is_empty() => "this value has no parts".to_string(),
                    None => format!("known: {}", known.join(", ")),
                };
                let message = format!("`{first}` has no part `{accessor}` here");
                c.error(Code::UnknownName, c.inner(cx.src, at), Some(cx.owner), message, help);
                return None;
            }
        }
    }
    Some(ty)
}

/// Checks a choice's arms against the values chosen on, giving one text per value.
fn choice(
    c: &mut Checker,
    cx: &Cx,
    name: &str,
    values: &[String],
    arms: &[Arm],
    used: &mut [bool],
) -> Option<Vec<Vec<Piece>>> {
    let mut out: Vec<Option<Vec<Piece>>> = vec![None; values.len()];
    let mut otherwise = None;
    let errors = c.diagnostics.len();
    for arm in arms {
        let body = typed(c, cx, &arm.body, used);
        let at = c.inner(cx.src, &arm.at);
        if arm.value == "_" {
            if otherwise.replace(body).is_some() {
                c.error(Code::TypeError, at, Some(cx.owner), "`_` is given twice".into(), "remove one");
            }
            continue;
        }
        let what = format!("value of `{name}`");
        let Some(i) = c.lookup(&what, &arm.value, values.iter().map(String::as_str), at, Some(cx.owner)) else {
            continue;
        };
        if out[i].replace(body).is_some() {
            let message = format!("`{}` is given twice in the choice on `{name}`", arm.value);
            c.error(Code::TypeError, at, Some(cx.owner), message, "remove one");
        }
    }
    let missing: Vec<&str> = values.iter().zip(&out).filter(|(_, o)| o.is_none()).map(|(v, _)| v.as_str()).collect();
    let at = c.inner(cx.src, &arms.first().map_or(0..1, |a| a.at.clone()));
    match (&otherwise, missing.is_empty()) {
        (None, false) => c.error(
            Code::TypeError,
            at,
            Some(cx.owner),
            format!("the choice on `{name}` has no text for {}", missing.join(", ")),
            "give a text for each value, or `_=` for the values not listed",
        ),
        (Some(_), true) => c.error(
            Code::TypeError,
            at,
            Some(cx.owner),
            format!("the choice on `{name}` lists every value, so `_` is never chosen"),
            "remove the `_=` text",
        ),
        _ => {}
    }
    (c.diagnostics.len() == errors)
        .then(|| out.into_iter().map(|o| o.or_else(|| otherwise.clone()).unwrap_or_default()).collect())
}
