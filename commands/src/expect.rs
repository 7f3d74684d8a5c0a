//! The `expect:` block of a case file: the ruling a director expects, by
//! edition, read with the position of every field, and compared field by
//! field with a ruling. The format is documented in `docs/case-files.md`.
//!
//! ```yaml
//! expect:
//!   "1987":
//!     rules: ["Law 30", "Law 30B2"]
//!     rectifications:
//!       - cancel_call @Law 29
//!       - must_pass N throughout @Law 30B2(a)
//!     contract: 2H by North
//! ```

use crate::case_file::CaseError;
use bridgelaw_runtime::auction::{Call, Seat};
use bridgelaw_runtime::play::Card;
use bridgelaw_runtime::tables::Rectification;
use bridgelaw_runtime::Ruling;
use marked_yaml::{Node, Span};
use serde::Serialize;
use serde_json::{json, Value};

/// The fields an edition's expectation may state, in the order they are checked.
pub const FIELDS: [&str; 14] = [
    "rules",
    "rectifications",
    "open_questions",
    "contract",
    "declarer",
    "opening_leader",
    "next_to_call",
    "cancelled",
    "obligations",
    "leads",
    "penalty_cards",
    "revokes",
    "won",
    "adjusted",
];

/// One stated field: its name, where it is written, and its value (normalized:
/// seats as letters, cards and calls as the case files write them).
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: &'static str,
    pub line: usize,
    pub column: usize,
    pub value: Value,
    /// The line and column of each item of a list.
    pub items: Vec<(usize, usize)>,
}

/// The expected ruling under one edition.
#[derive(Clone, Debug, PartialEq)]
pub struct EditionExpect {
    pub edition: String,
    pub line: usize,
    pub column: usize,
    pub fields: Vec<Field>,
}

/// A stated field that the ruling does not match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    pub edition: String,
    /// The field, with the index of the item for a clause not cited: `rectifications[2]`.
    pub field: String,
    pub line: usize,
    pub column: usize,
    pub expected: Value,
    pub actual: Value,
}

fn position(span: &Span) -> (usize, usize) {
    span.start().map(|m| (m.line(), m.column())).unwrap_or((1, 1))
}

fn at(span: &Span, message: impl Into<String>) -> CaseError {
    let (line, column) = position(span);
    CaseError { line, column, message: message.into() }
}

/// The `expect:` block of a case file's text, or `None` when it has none.
pub fn read(text: &str) -> Result<Option<Vec<EditionExpect>>, Vec<CaseError>> {
    // As the case reader reads it: a byte-order mark ignored, a key given twice an error.
    let root = bridgelaw_compiler::source::load_yaml(0, text).map_err(|e| vec![crate::case_file::yaml_error(&e)])?;
    match root.as_mapping().and_then(|m| m.get_node("expect")) {
        Some(node) => parse_block(node).map(Some),
        None => Ok(None),
    }
}

/// Reads an `expect:` block: a mapping from edition names to the fields expected
/// under that edition. Every unknown field and every wrong value is an error.
pub fn parse_block(node: &Node) -> Result<Vec<EditionExpect>, Vec<CaseError>> {
    let Some(map) = node.as_mapping() else {
        return Err(vec![at(
            node.span(),
            "`expect` maps edition names to expected rulings, such as `\"1987\": {contract: 2H by North}`",
        )]);
    };
    if map.is_empty() {
        return Err(vec![at(node.span(), "`expect` names no edition")]);
    }
    let mut errors = Vec::new();
    let mut editions = Vec::new();
    for (key, value) in map.iter() {
        let (line, column) = position(key.span());
        let Some(fields) = value.as_mapping() else {
            errors.push(at(
                value.span(),
                format!("the expectation under `{}` is a mapping of fields: {}", key.as_str(), FIELDS.join(", ")),
            ));
            continue;
        };
        if fields.is_empty() {
            errors.push(at(value.span(), format!("the expectation under `{}` states no field", key.as_str())));
        }
        let mut stated = Vec::new();
        for (name, v) in fields.iter() {
            let Some(known) = FIELDS.iter().find(|f| **f == name.as_str()) else {
                let hint = bridgelaw_compiler::diagnostic::did_you_mean(name.as_str(), FIELDS)
                    .map(|s| format!("did you mean `{s}`?"))
                    .unwrap_or_else(|| format!("expected one of: {}", FIELDS.join(", ")));
                errors.push(at(name.span(), format!("unknown field `{}` in `expect`; {hint}", name.as_str())));
                continue;
            };
            let (line, column) = position(name.span());
            let items = v.as_sequence().map(|s| s.iter().map(|i| position(i.span())).collect()).unwrap_or_default();
            match field(known, v) {
                Ok(value) => stated.push(Field { name: known, line, column, value, items }),
                Err(e) => errors.push(e),
            }
        }
        editions.push(EditionExpect { edition: key.as_str().to_string(), line, column, fields: stated });
    }
    if errors.is_empty() {
        Ok(editions)
    } else {
        Err(errors)
    }
}

/// A field's value, checked and normalized.
fn field(name: &'static str, node: &Node) -> Result<Value, CaseError> {
    match name {
        "rules" | "open_questions" => list(node, name, nonempty),
        "rectifications" => list(node, name, rectification),
        "obligations" => list(node, name, traced_text),
        "cancelled" => list(node, name, cancelled),
        "leads" => list(node, name, lead),
        "penalty_cards" => list(node, name, penalty_card),
        "revokes" => list(node, name, revoke),
        "contract" => scalar(node, name, contract),
        "declarer" | "opening_leader" | "next_to_call" => scalar(node, name, seat_or_none),
        "won" => tricks(node, name),
        _ => match node.as_scalar() {
            Some(s) if is_null(s.as_str()) => Ok(Value::Null),
            _ => tricks(node, name),
        },
    }
}

fn is_null(s: &str) -> bool {
    matches!(s, "" | "~" | "null" | "none")
}

type Check = fn(&str) -> Result<String, String>;

fn list(node: &Node, name: &str, check: Check) -> Result<Value, CaseError> {
    let Some(items) = node.as_sequence() else {
        return Err(at(node.span(), format!("`{name}` is a list, such as `[]` or one `- item` per line")));
    };
    let mut out = Vec::new();
    for item in items.iter() {
        let Some(s) = item.as_scalar() else {
            return Err(at(item.span(), format!("an item of `{name}` is a single line of text")));
        };
        out.push(Value::String(check(s.as_str().trim()).map_err(|m| at(s.span(), m))?));
    }
    Ok(Value::Array(out))
}

fn scalar(node: &Node, name: &str, check: Check) -> Result<Value, CaseError> {
    let Some(s) = node.as_scalar() else {
        return Err(at(node.span(), format!("`{name}` is a single value, not a list or a mapping")));
    };
    match check(s.as_str().trim()) {
        Ok(v) if v == "none" => Ok(Value::Null),
        Ok(v) => Ok(Value::String(v)),
        Err(m) => Err(at(s.span(), m)),
    }
}

/// `won: [10, 3]`: tricks of declarer's side and of the defenders.
fn tricks(node: &Node, name: &str) -> Result<Value, CaseError> {
    let help = || format!("`{name}` is two trick counts, declarer's side then the defenders, such as `[10, 3]`");
    let items = node.as_sequence().ok_or_else(|| at(node.span(), help()))?;
    let counts: Vec<u64> = items
        .iter()
        .map(|i| i.as_scalar().and_then(|s| s.as_str().parse::<u64>().ok()).filter(|n| *n <= 13))
        .collect::<Option<_>>()
        .filter(|c: &Vec<u64>| c.len() == 2 && c[0] + c[1] <= 13)
        .ok_or_else(|| at(node.span(), help()))?;
    Ok(json!(counts))
}

fn nonempty(s: &str) -> Result<String, String> {
    if s.is_empty() {
        Err("an empty item".into())
    } else {
        Ok(s.to_string())
    }
}

fn seat_letter(s: &str) -> Result<Seat, String> {
    Seat::parse(s).ok_or_else(|| format!("`{s}` is not a seat; expected N, E, S or W"))
}

fn seat_or_none(s: &str) -> Result<String, String> {
    if is_null(s) {
        return Ok("none".into());
    }
    seat_letter(s).map(|x| format!("{x:?}"))
}

/// `name [SEATS] [duration] [@clause]`, SEATS joined with `+`.
fn rectification(s: &str) -> Result<String, String> {
    let help = "a rectification is `name [SEATS] [duration] [@clause]`, such as `must_pass N+S throughout @Law 37`";
    let (shape, clause) = split_clause(s).ok_or(help)?;
    let words: Vec<&str> = shape.split_whitespace().collect();
    let ident = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    let seats = |w: &str| w.split('+').all(|x| matches!(x, "N" | "E" | "S" | "W"));
    let ok = match words.as_slice() {
        [name] => ident(name),
        [name, x] => ident(name) && (seats(x) || ident(x)),
        [name, x, d] => ident(name) && seats(x) && ident(d),
        _ => false,
    };
    if !ok {
        return Err(format!("`{s}`: {help}"));
    }
    Ok(match clause {
        Some(c) => format!("{} @{c}", words.join(" ")),
        None => words.join(" "),
    })
}

/// Splits `shape @clause`; `None` for an empty shape or clause.
fn split_clause(s: &str) -> Option<(&str, Option<&str>)> {
    let (shape, clause) = match s.split_once('@') {
        Some((a, b)) => (a.trim(), Some(b.trim())),
        None => (s.trim(), None),
    };
    (!shape.is_empty() && clause != Some("")).then_some((shape, clause))
}

/// An obligation's words as the ruling gives them, with an optional `@clause`.
fn traced_text(s: &str) -> Result<String, String> {
    let (text, clause) =
        split_clause(s).ok_or_else(|| format!("`{s}`: an obligation is its text, then optionally `@clause`"))?;
    Ok(match clause {
        Some(c) => format!("{text} @{c}"),
        None => text.to_string(),
    })
}

/// A call as the case files write it.
fn call_text(c: Call) -> String {
    match c {
        Call::Pass => "pass".into(),
        other => other.to_string(),
    }
}

/// `SEAT call`: a call that does not stand.
fn cancelled(s: &str) -> Result<String, String> {
    let help = || format!("`{s}`: a cancelled call is `SEAT call`, such as `N pass` or `E 1H`");
    let (seat, call) = s.split_once(' ').ok_or_else(help)?;
    let seat = seat_letter(seat)?;
    let call = Call::parse(call).map_err(|_| help())?;
    Ok(format!("{seat:?} {}", call_text(call)))
}

/// `SEAT status [kind] [suit]`.
fn lead(s: &str) -> Result<String, String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let help = format!(
        "`{s}`: a lead restriction is `SEAT status [kind] [suit]`, status one of pending, open, applies, lapsed, unprovided"
    );
    match words.as_slice() {
        [seat, status, rest @ ..]
            if rest.len() <= 2 && ["pending", "open", "applies", "lapsed", "unprovided"].contains(status) =>
        {
            let seat = seat_letter(seat)?;
            Ok(std::iter::once(format!("{seat:?}"))
                .chain(words[1..].iter().map(|w| w.to_string()))
                .collect::<Vec<_>>()
                .join(" "))
        }
        _ => Err(help),
    }
}

/// `SEAT card major|minor`.
fn penalty_card(s: &str) -> Result<String, String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let [seat, card, kind] = words.as_slice() else {
        return Err(format!("`{s}`: a penalty card is `SEAT card major|minor`, such as `W H4 major`"));
    };
    let seat = seat_letter(seat)?;
    let card = Card::parse(card)?;
    if !matches!(*kind, "major" | "minor") {
        return Err(format!("`{kind}`: a penalty card is major or minor"));
    }
    Ok(format!("{seat:?} {card} {kind}"))
}

const REVOKE_KINDS: [&str; 4] = ["follow_suit", "penalty", "penalty_card", "card_omitted"];
const REVOKE_STATES: [&str; 4] = ["open", "established", "corrected", "established+corrected"];

/// `SEAT trick kind state [rules] transferred`.
fn revoke(s: &str) -> Result<String, String> {
    let help = || {
        format!(
            "`{s}`: a revoke is `SEAT trick kind state [rules] transferred`, such as \
             `W 2 follow_suit established [Law 63A1, Law 64A2] 1`; kind {}; state {}",
            REVOKE_KINDS.join(", "),
            REVOKE_STATES.join(", ")
        )
    };
    let (head, rest) = s.split_once('[').ok_or_else(help)?;
    let (rules, transferred) = rest.split_once(']').ok_or_else(help)?;
    let words: Vec<&str> = head.split_whitespace().collect();
    let [seat, trick, kind, state] = words.as_slice() else { return Err(help()) };
    let seat = seat_letter(seat)?;
    let trick = trick.parse::<usize>().ok().filter(|t| (1..=13).contains(t)).ok_or_else(help)?;
    let transferred = transferred.trim().parse::<usize>().ok().filter(|t| *t <= 13).ok_or_else(help)?;
    if !REVOKE_KINDS.contains(kind) || !REVOKE_STATES.contains(state) {
        return Err(help());
    }
    let rules: Vec<&str> = rules.split(',').map(str::trim).filter(|r| !r.is_empty()).collect();
    Ok(format!("{seat:?} {trick} {kind} {state} [{}] {transferred}", rules.join(", ")))
}

/// `2H by South`, `3NTX by N`, `passed out` or `open`; the declarer written out in full.
fn contract(s: &str) -> Result<String, String> {
    if s == "passed out" || s == "open" {
        return Ok(s.to_string());
    }
    let bad = || format!("`{s}` is not a contract: write it as 2H by South, 3NTX by N, `passed out` or `open`");
    let (bid, declarer) = s.split_once(" by ").ok_or_else(bad)?;
    let declarer = Seat::parse(declarer.trim()).ok_or_else(bad)?;
    let bid = bid.trim();
    let doubles = bid.len() - bid.trim_end_matches(['X', 'x']).len();
    match Call::parse(&bid[..bid.len() - doubles]) {
        Ok(call @ Call::Bid { level, .. }) if level <= 7 && doubles <= 2 => {
            Ok(format!("{call}{} by {declarer}", "X".repeat(doubles)))
        }
        _ => Err(bad()),
    }
}

/// The contract as the expectations write it: `2H by North`, `passed out` or `open`.
pub fn contract_text(ruling: &Ruling) -> String {
    match (&ruling.contract, ruling.auction_over) {
        (Some(c), _) => c.to_string(),
        (None, true) => "passed out".into(),
        (None, false) => "open".into(),
    }
}

fn seat_value(seat: Option<Seat>) -> Value {
    seat.map(|s| Value::String(format!("{s:?}"))).unwrap_or(Value::Null)
}

fn strings<I: IntoIterator<Item = String>>(items: I) -> Value {
    Value::Array(items.into_iter().map(Value::String).collect())
}

/// Each lead restriction as `SEAT status [kind] [suit]`; a lapsed restriction's kind is
/// given only when it is `no_lead_restriction`.
pub fn lead_lines(ruling: &Ruling) -> Vec<String> {
    ruling
        .lead_restrictions
        .iter()
        .map(|l| {
            let mut s = format!("{:?} {}", l.seat, l.status);
            if let Some(k) = l.kind.filter(|k| l.status != "lapsed" || *k == Rectification::NoLeadRestriction) {
                s += &format!(" {}", k.name());
            }
            if !l.suits.is_empty() {
                s += &format!(" {}", l.suits.join("+"));
            }
            s
        })
        .collect()
}

/// Each revoke as `SEAT trick kind state [rules] transferred`.
pub fn revoke_lines(ruling: &Ruling) -> Vec<String> {
    let Some(play) = &ruling.play else { return Vec::new() };
    play.revokes
        .iter()
        .map(|r| {
            let v = &r.revoke;
            let state = match (v.established, v.corrected) {
                (true, true) => "established+corrected",
                (true, false) => "established",
                (false, true) => "corrected",
                (false, false) => "open",
            };
            let kind = serde_json::to_value(v.kind).ok().and_then(|k| k.as_str().map(String::from)).unwrap_or_default();
            format!("{:?} {} {kind} {state} [{}] {}", v.seat, v.trick, r.rules.join(", "), r.transferred)
        })
        .collect()
}

/// Every rectification of every irregularity, in order: its shape
/// (`name [SEATS] [duration]`) and the clauses it cites.
pub fn rectifications(ruling: &Ruling) -> Vec<(String, Vec<&'static str>)> {
    ruling
        .irregularities
        .iter()
        .flat_map(|i| i.rectifications.iter())
        .map(|r| {
            let mut shape = r.rectification.to_string();
            if !r.seats.is_empty() {
                shape += &format!(" {}", r.seats.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join("+"));
            }
            if let Some(d) = &r.duration {
                shape += &format!(" {d}");
            }
            (shape, r.clauses.to_vec())
        })
        .collect()
}

/// The obligations still binding at the end of the record, the auction's then the
/// play's: each one's words and the clauses it cites.
pub fn obligations(ruling: &Ruling) -> Vec<(String, Vec<&'static str>)> {
    let play = ruling.play.iter().flat_map(|p| p.obligations.iter());
    ruling.obligations.iter().chain(play).map(|o| (o.text.clone(), o.clauses.clone())).collect()
}

/// The ruling's value of a field that is compared as a whole.
fn actual(name: &str, ruling: &Ruling) -> Value {
    let play = ruling.play.as_ref();
    let flat = |f: fn(&bridgelaw_runtime::ruling::IrregularityRuling) -> &[&'static str]| {
        strings(ruling.irregularities.iter().flat_map(f).map(|s| s.to_string()))
    };
    match name {
        "rules" => flat(|i| &i.rules),
        "open_questions" => flat(|i| i.open_questions.as_slice()),
        "contract" => Value::String(contract_text(ruling)),
        "declarer" => seat_value(play.map(|p| p.declarer).or(ruling.contract.map(|c| c.declarer))),
        "opening_leader" => seat_value(ruling.opening_leader),
        "next_to_call" => seat_value(ruling.next_to_call),
        "cancelled" => strings(
            ruling.auction.iter().filter(|m| m.cancelled).map(|m| format!("{:?} {}", m.seat, call_text(m.call))),
        ),
        "leads" => strings(lead_lines(ruling)),
        "penalty_cards" => strings(
            play.into_iter()
                .flat_map(|p| p.penalty_cards.iter())
                .map(|c| format!("{:?} {} {}", c.seat, c.card, if c.major { "major" } else { "minor" })),
        ),
        "revokes" => strings(revoke_lines(ruling)),
        "won" => play.map(|p| json!([p.won.0, p.won.1])).unwrap_or(Value::Null),
        "adjusted" => play.and_then(|p| p.adjusted).map(|(a, b)| json!([a, b])).unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

/// `shape @a, b`: a traced item as the ruling gives it.
fn traced_actual((shape, clauses): &(String, Vec<&'static str>)) -> String {
    if clauses.is_empty() {
        shape.clone()
    } else {
        format!("{shape} @{}", clauses.join(", "))
    }
}

type Fail<'a> = dyn FnMut(String, Option<(usize, usize)>, Value, Value) + 'a;

/// Compares a list of `shape [@clause]` items: the shapes must be the same, in order,
/// and each stated clause among those the item cites.
fn compare_traced(expect: &Field, got: &[(String, Vec<&'static str>)], fail: &mut Fail) {
    let wanted: Vec<(&str, Option<&str>)> =
        expect.value.as_array().into_iter().flatten().filter_map(|v| v.as_str()).filter_map(split_clause).collect();
    let shapes_match = wanted.len() == got.len() && wanted.iter().zip(got).all(|((w, _), (g, _))| w == g);
    if !shapes_match {
        fail(expect.name.to_string(), None, expect.value.clone(), strings(got.iter().map(traced_actual)));
        return;
    }
    for (i, ((_, clause), g)) in wanted.iter().zip(got).enumerate() {
        if let Some(c) = clause {
            if !g.1.contains(c) {
                let at = expect.items.get(i).copied();
                fail(format!("{}[{i}]", expect.name), at, expect.value[i].clone(), Value::String(traced_actual(g)));
            }
        }
    }
}

/// Every stated field of `expect` that `ruling` does not match.
pub fn compare(expect: &EditionExpect, ruling: &Ruling) -> Vec<Failure> {
    let mut failures = Vec::new();
    for f in &expect.fields {
        let mut fail = |field: String, at: Option<(usize, usize)>, expected: Value, actual: Value| {
            let (line, column) = at.unwrap_or((f.line, f.column));
            failures.push(Failure { edition: expect.edition.clone(), field, line, column, expected, actual })
        };
        match f.name {
            "rectifications" => compare_traced(f, &rectifications(ruling), &mut fail),
            "obligations" => compare_traced(f, &obligations(ruling), &mut fail),
            name => {
                let got = actual(name, ruling);
                if got != f.value {
                    fail(name.to_string(), None, f.value.clone(), got);
                }
            }
        }
    }
    failures
}

/// A value as a failure line shows it: a string bare, a list as JSON.
pub fn show(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "none".into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(text: &str) -> Result<Vec<EditionExpect>, Vec<CaseError>> {
        read(&format!("dealer: N\nevents: []\nexpect:\n{text}")).map(|e| e.expect("an expect block"))
    }

    #[test]
    fn values_are_normalized_as_the_ruling_writes_them() {
        let e = block("  \"1987\":\n    contract: 2h by s\n    declarer: south\n    cancelled: [N P, e 1h]\n    penalty_cards: [w h10 major]\n    adjusted: null\n    won: [10, 3]\n").unwrap();
        let values: Vec<String> = e[0].fields.iter().map(|f| show(&f.value)).collect();
        assert_eq!(values, ["2H by South", "S", r#"["N pass","E 1H"]"#, r#"["W HT major"]"#, "none", "[10,3]"]);
    }

    #[test]
    fn every_bad_field_is_an_error_at_its_position() {
        let errors = block(
            "  \"1987\":\n    rulez: []\n    won: [10, 4]\n    contract: 9H by N\n    rectifications:\n      - Must Pass N\n    revokes:\n      - W 2 follow_suit lost [] 0\n    leads: {S: applies}\n",
        )
        .unwrap_err();
        let found: Vec<(usize, usize)> = errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(found, [(5, 5), (6, 10), (7, 15), (9, 9), (11, 9), (12, 12)], "{errors:#?}");
        assert!(errors[0].message.contains("did you mean `rules`"));
        assert!(errors[1].message.contains("two trick counts"));
    }

    #[test]
    fn an_empty_block_or_edition_is_an_error() {
        assert!(block("  {}\n").unwrap_err()[0].message.contains("names no edition"));
        assert!(block("  \"1987\": {}\n").unwrap_err()[0].message.contains("states no field"));
        assert!(block("  \"1987\": [rules]\n").unwrap_err()[0].message.contains("is a mapping of fields"));
        assert_eq!(read("dealer: N\nevents: []\n").unwrap(), None);
    }
}
