//! Reads a case file (YAML) into the runtime's `Case`, reporting every
//! malformed entry with its line and column.
//!
//! ```yaml
//! edition: "1987"
//! dealer: N
//! events:
//!   - N: 1H
//!   - W: pass            # out of rotation: it was East's turn
//!   - director: {pass_meaning: natural}
//!   - E: 2C
//! ```

use bridgelaw_runtime::auction::{Call, Contract, Seat};
use bridgelaw_runtime::play::{Card, Deal};
use bridgelaw_runtime::tables::Edition;
use bridgelaw_runtime::{Case, Event};
use marked_yaml::{Node, Span};

/// A problem in a case file, at a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

fn at(span: &Span, message: impl Into<String>) -> CaseError {
    let (line, column) = span.start().map(|m| (m.line(), m.column())).unwrap_or((1, 1));
    CaseError { line, column, message: message.into() }
}

const KEYS: [&str; 6] = ["edition", "dealer", "vulnerability", "deal", "contract", "events"];
const VULNERABILITY: [&str; 4] = ["none", "ns", "ew", "all"];

/// The edition a case is ruled under when neither the case nor the caller
/// names one: the newest edition built into the engine (editions are ordered
/// by directory name).
pub fn newest_edition() -> Edition {
    *Edition::ALL.last().expect("at least one edition is built in")
}

/// Parses a case file. On failure, returns every error found.
pub fn parse(text: &str) -> Result<Case, Vec<CaseError>> {
    parse_with(text, None)
}

/// Parses a case file, ruling it under `edition` when given (overriding the
/// file's `edition:`), else under the file's edition, else the newest.
pub fn parse_with(text: &str, edition: Option<Edition>) -> Result<Case, Vec<CaseError>> {
    let root = marked_yaml::parse_yaml(0, text).map_err(|e| {
        let msg = e.to_string();
        let (line, column) = yaml_error_position(&e);
        vec![CaseError { line, column, message: format!("not valid YAML: {msg}") }]
    })?;
    let mut errors = Vec::new();
    let Some(map) = root.as_mapping() else {
        return Err(vec![at(root.span(), "a case file is a mapping with `dealer` and `events`")]);
    };
    for key in map.keys() {
        if !KEYS.contains(&key.as_str()) {
            let hint = bridgelaw_compiler::diagnostic::did_you_mean(key.as_str(), KEYS)
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_else(|| format!("; expected one of: {}", KEYS.join(", ")));
            errors.push(at(key.span(), format!("unknown key `{}`{hint}", key.as_str())));
        }
    }
    // An edition given by the caller overrides the file's, which need not be built in then.
    let named = match map.get_scalar("edition").filter(|_| edition.is_none()) {
        Some(s) => Edition::from_name(s.as_str()).or_else(|| {
            let known: Vec<&str> = Edition::ALL.iter().map(|e| e.name()).collect();
            errors.push(at(
                s.span(),
                format!("unknown edition `{}`; this build knows: {}", s.as_str(), known.join(", ")),
            ));
            None
        }),
        None => None,
    };
    let edition = edition.or(named).or_else(|| map.get_scalar("edition").is_none().then(newest_edition));
    let dealer = match map.get_scalar("dealer") {
        Some(s) => Seat::parse(s.as_str()).or_else(|| {
            errors.push(at(s.span(), format!("`{}` is not a seat; expected N, E, S or W", s.as_str())));
            None
        }),
        None => {
            errors.push(at(root.span(), "missing `dealer`: N, E, S or W"));
            None
        }
    };
    if let Some(v) = map.get_scalar("vulnerability") {
        if !VULNERABILITY.contains(&v.as_str().to_ascii_lowercase().as_str()) {
            errors.push(at(v.span(), format!("`{}` is not a vulnerability; expected none, NS, EW or all", v.as_str())));
        }
    }
    let deal = map
        .get_scalar("deal")
        .and_then(|d| Deal::from_pbn(d.as_str()).map_err(|m| errors.push(at(d.span(), format!("bad deal: {m}")))).ok());
    let contract = map
        .get_scalar("contract")
        .and_then(|c| parse_contract(c.as_str()).map_err(|m| errors.push(at(c.span(), m))).ok());
    let mut events = Vec::new();
    match map.get("events") {
        Some(Node::Sequence(seq)) => {
            for item in seq.iter() {
                match event(item) {
                    Ok(e) => events.push(e),
                    Err(e) => errors.push(e),
                }
            }
        }
        Some(other) => {
            errors.push(at(other.span(), "`events` must be a list, one `- SEAT: CALL` or `- director` per line"))
        }
        None => errors.push(at(root.span(), "missing `events`")),
    }
    match (edition, dealer) {
        (Some(edition), Some(dealer)) if errors.is_empty() => Ok(Case { edition, dealer, events, deal, contract }),
        _ => Err(errors),
    }
}

fn event(item: &Node) -> Result<Event, CaseError> {
    const HELP: &str =
        "an event is `- N: 1H` (a call), `- E: SA` (a card), `- director` or `- director: {fact: value}`, \
         or one of `simultaneous`, `together`, `ask`, `exposes`, `inspects`, `designates`, `withdraws`, `claim`";
    if let Some(s) = item.as_scalar() {
        return if s.as_str() == "director" {
            Ok(Event::Director { answers: Vec::new() })
        } else {
            Err(at(s.span(), format!("`{}` is not an event; {HELP}", s.as_str())))
        };
    }
    let Some(map) = item.as_mapping() else {
        return Err(at(item.span(), HELP));
    };
    let mut entries = map.iter();
    let (Some((key, value)), None) = (entries.next(), entries.next()) else {
        return Err(at(item.span(), format!("one event per list entry; {HELP}")));
    };
    match key.as_str() {
        "simultaneous" => return simultaneous(value),
        "together" => return together(value),
        "ask" => {
            let map = value.as_mapping().ok_or_else(|| at(value.span(), "`ask` is written `{by: N, of: W}`"))?;
            let seat_of = |k: &str| {
                let v = map
                    .get_scalar(k)
                    .ok_or_else(|| at(value.span(), format!("`ask` needs `{k}`: `{{by: N, of: W}}`")))?;
                Seat::parse(v.as_str()).ok_or_else(|| at(v.span(), format!("`{}` is not a seat", v.as_str())))
            };
            return Ok(Event::Ask { by: seat_of("by")?, of: seat_of("of")? });
        }
        "inspects" => {
            let map =
                value.as_mapping().ok_or_else(|| at(value.span(), "`inspects` is written `{by: E, trick: 3}`"))?;
            let by =
                map.get_scalar("by").ok_or_else(|| at(value.span(), "`inspects` needs `by`: `{by: E, trick: 3}`"))?;
            let by =
                Seat::parse(by.as_str()).ok_or_else(|| at(by.span(), format!("`{}` is not a seat", by.as_str())))?;
            let trick = map
                .get_scalar("trick")
                .ok_or_else(|| at(value.span(), "`inspects` needs `trick`: `{by: E, trick: 3}`"))?;
            let number = trick
                .as_str()
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=13).contains(n))
                .ok_or_else(|| at(trick.span(), "a trick is numbered 1 to 13"))?;
            return Ok(Event::Inspect { by, trick: number });
        }
        "designates" | "exposes" | "withdraws" | "claim" => {
            let (seat, v) = single_seat(value, key.as_str())?;
            return if key.as_str() != "claim" {
                let card = Card::parse(v.as_str()).map_err(|m| at(v.span(), m))?;
                Ok(match key.as_str() {
                    "designates" => Event::Designate { seat, card },
                    "withdraws" => Event::Withdraw { seat, card },
                    _ => Event::Expose { seat, card },
                })
            } else {
                let tricks = v.as_str().parse::<usize>().ok().filter(|n| *n <= 13).ok_or_else(|| {
                    at(v.span(), "a claim gives the number of remaining tricks the claimer's side takes, 0 to 13")
                })?;
                Ok(Event::Claim { seat, tricks })
            };
        }
        _ => {}
    }
    if key.as_str() == "director" {
        let mut answers = Vec::new();
        match value {
            Node::Mapping(m) => {
                for (k, v) in m.iter() {
                    let Some(v) = v.as_scalar() else { return Err(at(v.span(), "an answer is `fact: value`")) };
                    answers.push((k.as_str().to_string(), v.as_str().to_string()));
                }
            }
            Node::Scalar(s) if s.as_str().is_empty() => {}
            other => {
                return Err(at(
                    other.span(),
                    "`director` takes a mapping of judgements and choices, such as `{pass_meaning: natural}`",
                ))
            }
        }
        return Ok(Event::Director { answers });
    }
    let seat = Seat::parse(key.as_str())
        .ok_or_else(|| at(key.span(), format!("`{}` is not a seat or `director`; {HELP}", key.as_str())))?;
    let Some(call) = value.as_scalar() else {
        return Err(at(value.span(), "a call is written as pass, X, XX, or a bid such as 1H; a card as SA, HT or C2"));
    };
    if let Ok(card) = Card::parse(call.as_str()) {
        return Ok(Event::Play { seat, card });
    }
    let call = Call::parse(call.as_str()).map_err(|m| at(call.span(), m))?;
    Ok(Event::Call { seat, call })
}

fn seat_key(k: &marked_yaml::types::MarkedScalarNode) -> Result<Seat, CaseError> {
    Seat::parse(k.as_str()).ok_or_else(|| at(k.span(), format!("`{}` is not a seat", k.as_str())))
}

/// `{SEAT: value}`, one entry.
fn single_seat<'a>(value: &'a Node, what: &str) -> Result<(Seat, &'a marked_yaml::types::MarkedScalarNode), CaseError> {
    let help = || at(value.span(), format!("`{what}` takes one seat and a value, such as `{{S: 3}}` or `{{E: SA}}`"));
    let map = value.as_mapping().ok_or_else(help)?;
    let mut entries = map.iter();
    let (Some((k, v)), None) = (entries.next(), entries.next()) else { return Err(help()) };
    Ok((seat_key(k)?, v.as_scalar().ok_or_else(help)?))
}

/// `simultaneous: {N: 1H, E: pass}` for calls, `{E: DA, W: D2}` for cards.
fn simultaneous(value: &Node) -> Result<Event, CaseError> {
    const HELP: &str =
        "`simultaneous` takes two calls or two cards by two seats, such as `{N: 1H, E: pass}` or `{E: DA, W: D2}`";
    let entries: Vec<(Seat, &marked_yaml::types::MarkedScalarNode)> = match value.as_mapping() {
        Some(m) => m
            .iter()
            .map(|(k, v)| Ok((seat_key(k)?, v.as_scalar().ok_or_else(|| at(v.span(), HELP))?)))
            .collect::<Result<_, CaseError>>()?,
        None => Vec::new(),
    };
    let [(a, x), (b, y)] = entries.as_slice() else { return Err(at(value.span(), HELP)) };
    if let (Ok(c), Ok(d)) = (Card::parse(x.as_str()), Card::parse(y.as_str())) {
        return Ok(Event::SimultaneousPlays { plays: [(*a, c), (*b, d)] });
    }
    let call = |t: &marked_yaml::types::MarkedScalarNode| Call::parse(t.as_str()).map_err(|m| at(t.span(), m));
    Ok(Event::Simultaneous { calls: [(*a, call(x)?), (*b, call(y)?)] })
}

/// `together: {W: [D5, D2]}` (all faced; the first is the card designated) or
/// `together: {W: [D5, D2], faced: D5}` (only D5 was exposed).
fn together(value: &Node) -> Result<Event, CaseError> {
    const HELP: &str =
        "`together` is written `{W: [D5, D2]}`, or `{W: [D5, D2], faced: D5}` when only one card was exposed";
    let map = value.as_mapping().ok_or_else(|| at(value.span(), HELP))?;
    let mut seat = None;
    let mut cards = Vec::new();
    let mut faced = None;
    for (k, v) in map.iter() {
        if k.as_str() == "faced" {
            let t = v.as_scalar().ok_or_else(|| at(v.span(), HELP))?;
            faced = Some(Card::parse(t.as_str()).map_err(|m| at(t.span(), m))?);
            continue;
        }
        seat = Some(seat_key(k)?);
        let Some(list) = v.as_sequence() else { return Err(at(v.span(), HELP)) };
        for item in list.iter() {
            let t = item.as_scalar().ok_or_else(|| at(item.span(), HELP))?;
            cards.push(Card::parse(t.as_str()).map_err(|m| at(t.span(), m))?);
        }
    }
    let seat = seat.ok_or_else(|| at(value.span(), HELP))?;
    if cards.len() < 2 {
        return Err(at(value.span(), "`together` lists two or more cards"));
    }
    if faced.is_some_and(|f| !cards.contains(&f)) {
        return Err(at(value.span(), "the `faced` card must be one of the cards listed"));
    }
    Ok(Event::Together { seat, cards, faced })
}

/// Parses a contract such as `4S by S`, `3NTX by N` or `6HXX by W`.
fn parse_contract(s: &str) -> Result<Contract, String> {
    let bad = || format!("`{s}` is not a contract: write it as 4S by S, 3NTX by N or 6HXX by W");
    let (bid, declarer) = s.split_once(" by ").ok_or_else(bad)?;
    let declarer = Seat::parse(declarer.trim()).ok_or_else(bad)?;
    let bid = bid.trim();
    let doubled = bid.len() - bid.trim_end_matches(['X', 'x']).len();
    match Call::parse(&bid[..bid.len() - doubled]) {
        Ok(Call::Bid { level, strain }) if level <= 7 && doubled <= 2 => {
            Ok(Contract { level, strain, doubled: doubled as u8, declarer })
        }
        _ => Err(bad()),
    }
}

fn yaml_error_position(e: &marked_yaml::LoadError) -> (usize, usize) {
    bridgelaw_compiler::source::load_error_marker(e).map(|m| (m.line(), m.column())).unwrap_or((1, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_case() {
        let case = parse("edition: \"1987\"\ndealer: N\nevents:\n  - N: 1H\n  - W: pass\n  - director: {pass_meaning: natural}\n  - director\n").unwrap();
        assert_eq!(case.dealer, Seat::N);
        assert_eq!(case.events.len(), 4);
        assert_eq!(case.events[2], Event::Director { answers: vec![("pass_meaning".into(), "natural".into())] });
    }

    #[test]
    fn reports_every_error_with_its_position() {
        let errors = parse("edition: \"1987\"\ndealr: N\nevents:\n  - N: 1Z\n  - Q: pass\n  - dirctor\n").unwrap_err();
        let found: Vec<(usize, usize)> = errors.iter().map(|e| (e.line, e.column)).collect();
        assert!(found.contains(&(2, 1)), "unknown key: {errors:?}");
        assert!(found.contains(&(4, 8)), "bad call: {errors:?}");
        assert!(found.contains(&(5, 5)), "bad seat: {errors:?}");
        assert!(found.contains(&(6, 5)), "bad event: {errors:?}");
        assert!(errors.iter().any(|e| e.message.contains("did you mean `dealer`")));
        assert!(errors.iter().any(|e| e.message.contains("missing `dealer`")));
        assert!(!errors.iter().any(|e| e.message.contains("edition")), "the edition may be omitted");
    }

    #[test]
    fn edition_defaults_to_the_newest_and_can_be_overridden() {
        let text = "dealer: N\nevents:\n  - N: 1H\n";
        assert_eq!(parse(text).unwrap().edition, newest_edition());
        let first = Edition::ALL[0];
        assert_eq!(parse_with(text, Some(first)).unwrap().edition, first);
        let named = format!("edition: \"{}\"\n{text}", first.name());
        assert_eq!(parse(&named).unwrap().edition, first);
        let bad = parse("edition: \"1066\"\ndealer: N\nevents: []\n").unwrap_err();
        assert!(bad[0].message.contains("unknown edition `1066`"), "{bad:?}");
    }

    #[test]
    fn reads_the_events_of_the_play() {
        let case = parse(
            "dealer: N\nevents:\n  - simultaneous: {S: D5, W: D2}\n  - together: {W: [D2, D3], faced: D2}\n  - ask: {by: E, of: W}\n  - designates: {E: H8}\n  - claim: {N: 12}\n",
        )
        .unwrap();
        let card = |c: &str| Card::parse(c).unwrap();
        assert_eq!(
            case.events,
            [
                Event::SimultaneousPlays { plays: [(Seat::S, card("D5")), (Seat::W, card("D2"))] },
                Event::Together { seat: Seat::W, cards: vec![card("D2"), card("D3")], faced: Some(card("D2")) },
                Event::Ask { by: Seat::E, of: Seat::W },
                Event::Designate { seat: Seat::E, card: card("H8") },
                Event::Claim { seat: Seat::N, tricks: 12 },
            ]
        );
    }

    #[test]
    fn malformed_play_events_are_located() {
        let errors = parse(
            "dealer: N\nevents:\n  - together: {W: [D2]}\n  - ask: {by: E}\n  - claim: {N: 14}\n  - together: {W: [D2, D3], faced: D4}\n  - designates: {E: Z9}\n",
        )
        .unwrap_err();
        let found: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(found, [3, 4, 5, 6, 7], "{errors:?}");
        assert!(errors[0].message.contains("two or more cards"));
        assert!(errors[1].message.contains("needs `of`"));
        assert!(errors[2].message.contains("0 to 13"));
        assert!(errors[3].message.contains("the `faced` card must be one of the cards listed"));
        assert!(errors[4].message.contains("`Z9` is not a card"));
    }

    #[test]
    fn malformed_yaml_is_an_error_not_a_panic() {
        let errors = parse("dealer: [N\n").unwrap_err();
        assert!(errors[0].message.starts_with("not valid YAML"));
    }
}
