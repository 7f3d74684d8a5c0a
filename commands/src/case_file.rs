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
use bridgelaw_runtime::case::is_regulation;
use bridgelaw_runtime::play::{Card, Deal};
use bridgelaw_runtime::tables::{Edition, FactId, FactSource};
use bridgelaw_runtime::{Case, Event};
use marked_yaml::types::MarkedScalarNode;
use marked_yaml::{Node, Span};
use std::path::{Path, PathBuf};

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

const KEYS: [&str; 8] = ["edition", "dealer", "vulnerability", "deal", "contract", "regulations", "events", "expect"];
const VULNERABILITY: [&str; 4] = ["none", "ns", "ew", "all"];

/// The largest case file read, in bytes. A real case is a few kilobytes.
pub const MAX_BYTES: usize = 1024 * 1024;
/// The most events a case may hold. A real case has fewer than 200 (an auction and
/// thirteen tricks); the limit keeps every ruling fast on any input (the referee is linear in
/// the events: 10,000 take about 0.1 s in the auction, 0.5 s in the play; README).
pub const MAX_EVENTS: usize = 10_000;

/// A parsed case, with where each event was written and the warnings met.
#[derive(Debug, Clone)]
pub struct Located {
    pub case: Case,
    /// Line and column of each event, by index: `RefereeError::event` N is `positions[N - 1]`.
    pub positions: Vec<(usize, usize)>,
    /// Fields accepted but not (yet) used by any ruling.
    pub warnings: Vec<CaseError>,
}

impl Located {
    /// A referee error at its event's position in the file.
    pub fn locate(&self, e: &bridgelaw_runtime::RefereeError) -> CaseError {
        let (line, column) = e.event.checked_sub(1).and_then(|i| self.positions.get(i)).copied().unwrap_or((1, 1));
        CaseError { line, column, message: e.message.clone() }
    }
}

/// Whether a file is a case file by its name: it ends in `.yaml` or `.yml`.
pub fn is_case_file(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "yaml" || x == "yml")
}

/// The case files under `paths`, each a case file or a directory searched recursively, in
/// path order. A path that does not exist, or a directory without a case file, is an error:
/// "no cases found" never passes silently as "0 cases".
pub fn discover(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let mut paths = Vec::new();
        for entry in entries {
            paths.push(entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?.path());
        }
        paths.sort();
        for p in paths {
            if p.is_dir() {
                walk(&p, out)?;
            } else if is_case_file(&p) {
                out.push(p);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let before = out.len();
            walk(p, &mut out)?;
            if out.len() == before {
                return Err(format!("no cases found under {} (case files end in .yaml or .yml)", p.display()));
            }
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(format!("no cases found under {}: no such file or directory", p.display()));
        }
    }
    Ok(out)
}

/// A case file's text, or an error that names the file (also for text that is not UTF-8).
pub fn read_file(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        format!("cannot read {}: not UTF-8 text (an invalid byte at offset {at})", path.display())
    })
}

/// The edition a case is ruled under when neither the case nor the caller
/// names one: the newest edition built into the engine (editions are ordered
/// by directory name).
pub fn newest_edition() -> Edition {
    // A build without editions fails here at compile time (the index underflows).
    Edition::ALL[Edition::ALL.len() - 1]
}

/// Parses a case file. On failure, returns every error found.
pub fn parse(text: &str) -> Result<Case, Vec<CaseError>> {
    parse_with(text, None)
}

/// Parses a case file, ruling it under `edition` when given (overriding the
/// file's `edition:`), else under the file's edition, else the newest.
pub fn parse_with(text: &str, edition: Option<Edition>) -> Result<Case, Vec<CaseError>> {
    read(text, edition).map(|l| l.case)
}

/// What a node is, for messages about a value of the wrong type.
fn kind(node: &Node) -> &'static str {
    match node {
        Node::Scalar(_) => "a single value",
        Node::Mapping(_) => "a mapping",
        Node::Sequence(_) => "a list",
    }
}

/// The scalar under `key`, or an error at the value when it is of another type.
fn scalar<'a>(
    map: &'a marked_yaml::types::MarkedMappingNode,
    key: &str,
    example: &str,
    errors: &mut Vec<CaseError>,
) -> Option<&'a MarkedScalarNode> {
    match map.get(key)? {
        Node::Scalar(s) => Some(s),
        other => {
            errors.push(at(
                other.span(),
                format!("`{key}` must be a single value such as {example}, not {}", kind(other)),
            ));
            None
        }
    }
}

/// Parses a case file with the position of each event, as [`parse_with`] does.
pub fn read(text: &str, edition: Option<Edition>) -> Result<Located, Vec<CaseError>> {
    read_as(text, edition, None)
}

/// Parses a case file as [`read`] does, for the laws of the edition named `ruling` (a law
/// directory's, which need not be built in; else `edition`'s, or the case's own): the answers a
/// `director` entry gives for that edition (`"2017": {fact: value}`) are its answers, those it
/// gives for another edition are checked and left out.
pub fn read_as(text: &str, edition: Option<Edition>, ruling: Option<&str>) -> Result<Located, Vec<CaseError>> {
    if text.len() > MAX_BYTES {
        let message = format!("the case file is {} bytes; a case file may hold at most {MAX_BYTES}", text.len());
        return Err(vec![CaseError { line: 1, column: 1, message }]);
    }
    // A byte-order mark is not part of the YAML; a key given twice is an error.
    let root = bridgelaw_compiler::source::load_yaml(0, text).map_err(|e| vec![yaml_error(&e)])?;
    read_node_as(&root, edition, ruling)
}

/// Reads a case from its tree (the YAML reader's, or one built from JSON by `serve`'s fast
/// path, whose nodes have no positions), as [`read`] does.
pub fn read_node(root: &Node, edition: Option<Edition>) -> Result<Located, Vec<CaseError>> {
    read_node_as(root, edition, None)
}

/// Reads a case from its tree for the laws of the edition named `ruling`, as [`read_as`] does.
fn read_node_as(root: &Node, edition: Option<Edition>, ruling: Option<&str>) -> Result<Located, Vec<CaseError>> {
    let mut errors = Vec::new();
    let Some(map) = root.as_mapping() else {
        return Err(vec![at(root.span(), "a case file is a mapping with `dealer` and `events`")]);
    };
    // Where a missing key is reported: at the file's first key (a mapping's own span starts late).
    let start = map.keys().next().map(|k| *k.span()).unwrap_or(*root.span());
    for key in map.keys() {
        if !KEYS.contains(&key.as_str()) {
            let hint = bridgelaw_compiler::diagnostic::did_you_mean(key.as_str(), KEYS)
                .map(|s| format!("; did you mean `{s}`?"))
                .unwrap_or_else(|| format!("; expected one of: {}", KEYS.join(", ")));
            errors.push(at(key.span(), format!("unknown key `{}`{hint}", key.as_str())));
        }
    }
    // The editions the file states a ruling for: its own, and those its `expect:` block names.
    let mut stated: Vec<String> = Vec::new();
    match map.get("expect").map(crate::expect::parse_block) {
        // The expected ruling (crate::expect), checked whenever the case is read.
        Some(Err(e)) => errors.extend(e),
        Some(Ok(block)) => stated.extend(block.into_iter().map(|e| e.edition)),
        None => {}
    }
    // An edition given by the caller overrides the file's, which need not be built in then.
    let edition_node = scalar(map, "edition", "\"1987\"", &mut errors).filter(|_| edition.is_none());
    let named = edition_node.and_then(|s| {
        Edition::from_name(s.as_str()).or_else(|| {
            let known: Vec<&str> = Edition::ALL.iter().map(|e| e.name()).collect();
            let message = format!("unknown edition `{}`; this build knows: {}", s.as_str(), known.join(", "));
            errors.push(at(s.span(), message));
            None
        })
    });
    let edition = edition.or(named).or_else(|| map.get("edition").is_none().then(newest_edition));
    let own = map.get_scalar("edition").map_or(newest_edition().name(), |s| s.as_str());
    stated.insert(0, own.to_string());
    let ruling = ruling.or(edition.map(Edition::name)).unwrap_or(own);
    let dealer = match scalar(map, "dealer", "N", &mut errors) {
        Some(s) => Seat::parse(s.as_str()).or_else(|| {
            errors.push(at(s.span(), format!("`{}` is not a seat; expected N, E, S or W", s.as_str())));
            None
        }),
        None if map.get("dealer").is_none() => {
            errors.push(at(&start, "missing `dealer`: N, E, S or W"));
            None
        }
        None => None,
    };
    let mut warnings = Vec::new();
    if let Some(v) = scalar(map, "vulnerability", "NS", &mut errors) {
        if !VULNERABILITY.contains(&v.as_str().to_ascii_lowercase().as_str()) {
            errors.push(at(v.span(), format!("`{}` is not a vulnerability; expected none, NS, EW or all", v.as_str())));
        } else {
            warnings.push(at(
                v.span(),
                "`vulnerability` is not yet used: no ruling of this engine depends on it (adjusted scores are not modelled)",
            ));
        }
    }
    let deal =
        scalar(map, "deal", "\"N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432\"", &mut errors)
            .and_then(|d| {
                Deal::from_pbn(d.as_str()).map_err(|m| errors.push(at(d.span(), format!("bad deal: {m}")))).ok()
            });
    let contract = scalar(map, "contract", "\"4S by N\"", &mut errors)
        .and_then(|c| parse_contract(c.as_str()).map_err(|m| errors.push(at(c.span(), m))).ok());
    let regulations = regulations(map, &mut errors);
    let (events, positions) = events(map, &start, &mut Entries { ruling, tagged: &mut stated }, &mut errors);
    stated.sort();
    stated.dedup();
    match (edition, dealer) {
        (Some(edition), Some(dealer)) if errors.is_empty() => {
            let case = Case { edition, dealer, events, deal, contract, regulations, stated_editions: stated };
            Ok(Located { case, positions, warnings })
        }
        _ => {
            errors.sort_by_key(|e| (e.line, e.column));
            Err(errors)
        }
    }
}

/// The regulation settings: `regulations: {regulation_forbids_defender_inquiry: true}`, each a
/// derived fact of the vocabulary named `regulation_…`, with one of its values.
fn regulations(map: &marked_yaml::types::MarkedMappingNode, errors: &mut Vec<CaseError>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let Some(node) = map.get("regulations") else { return out };
    let Some(m) = node.as_mapping() else {
        errors.push(at(
            node.span(),
            format!(
                "`regulations` must be a mapping such as `{{regulation_forbids_defender_inquiry: true}}`, not {}",
                kind(node)
            ),
        ));
        return out;
    };
    let known: Vec<&str> = FactId::ALL.iter().filter(|f| is_regulation(**f)).map(|f| f.name()).collect();
    for (k, v) in m.iter() {
        let Some(fact) = FactId::from_name(k.as_str()).filter(|f| is_regulation(*f)) else {
            errors.push(at(
                k.span(),
                format!("unknown regulation setting `{}`; known: {}", k.as_str(), known.join(", ")),
            ));
            continue;
        };
        match v.as_scalar() {
            Some(s) if fact.values().contains(&s.as_str()) => {
                out.push((k.as_str().to_string(), s.as_str().to_string()))
            }
            _ => errors.push(at(v.span(), format!("`{}` takes one of: {}", k.as_str(), fact.values().join(", ")))),
        }
    }
    out
}

/// The events, each with its position, every malformed one reported.
fn events(
    map: &marked_yaml::types::MarkedMappingNode,
    start: &Span,
    entries: &mut Entries,
    errors: &mut Vec<CaseError>,
) -> (Vec<Event>, Vec<(usize, usize)>) {
    let (mut events, mut positions) = (Vec::new(), Vec::new());
    match map.get("events") {
        Some(Node::Sequence(seq)) if seq.len() > MAX_EVENTS => {
            let message = format!("{} events; a case may hold at most {MAX_EVENTS}", seq.len());
            errors.push(at(seq.span(), message));
        }
        Some(Node::Sequence(seq)) => {
            for item in seq.iter() {
                // A `director` entry reports every bad answer it gives, not only the first.
                let director = item.as_mapping().filter(|m| m.len() == 1).and_then(|m| m.get("director"));
                match director.map_or_else(|| event(item).map_err(|e| vec![e]), |d| director_entry(d, entries)) {
                    Ok(e) => {
                        events.push(e);
                        // A mapping's own span starts one column late: use its first key's.
                        let first = item.as_mapping().and_then(|m| m.keys().next()).map(|k| k.span());
                        let span = at(first.unwrap_or(item.span()), "");
                        positions.push((span.line, span.column));
                    }
                    Err(e) => errors.extend(e),
                }
            }
        }
        Some(other) => errors.push(at(
            other.span(),
            format!("`events` must be a list, one `- SEAT: CALL` or `- director` per line, not {}", kind(other)),
        )),
        None => errors.push(at(start, "missing `events`")),
    }
    (events, positions)
}

fn event(item: &Node) -> Result<Event, CaseError> {
    const HELP: &str =
        "an event is `- N: 1H` (a call), `- E: SA` (a card), `- director` or `- director: {fact: value}`, \
         or one of `simultaneous`, `together`, `ask`, `exposes`, `suggests`, `face_down`, `spreads`, `inspects`, `designates`, `withdraws`, `extra_card`, `no_card`, `claim`, \
         `explains`, `changes`, `corrects`, `wrong_board`";
    if let Some(s) = item.as_scalar() {
        return if s.as_str() == "director" {
            Ok(Event::Director { answers: Vec::new(), by_seat: Vec::new() })
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
        "spreads" => return spreads(value),
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
        "face_down" => {
            let (seat, v) = single_seat(value, "face_down")?;
            return Ok(Event::FaceDown { seat, card: Card::parse(v.as_str()).map_err(|m| at(v.span(), m))? });
        }
        "designates" | "exposes" | "suggests" | "withdraws" | "extra_card" | "claim" => {
            let (seat, v) = single_seat(value, key.as_str())?;
            return if key.as_str() != "claim" {
                let card = Card::parse(v.as_str()).map_err(|m| at(v.span(), m))?;
                Ok(match key.as_str() {
                    "designates" => Event::Designate { seat, card },
                    "withdraws" => Event::Withdraw { seat, card },
                    "suggests" => Event::Suggest { seat, card },
                    "extra_card" => Event::ExtraCard { seat, card },
                    _ => Event::Expose { seat, card },
                })
            } else {
                let tricks = v.as_str().parse::<usize>().ok().filter(|n| *n <= 13).ok_or_else(|| {
                    at(v.span(), "a claim gives the number of remaining tricks the claimer's side takes, 0 to 13")
                })?;
                Ok(Event::Claim { seat, tricks })
            };
        }
        "no_card" => {
            let seat = value.as_scalar().and_then(|v| Seat::parse(v.as_str()));
            return seat
                .map(|seat| Event::NoCard { seat })
                .ok_or_else(|| at(value.span(), "`no_card` is written `- no_card: W`, the seat that played no card"));
        }
        "explains" | "changes" | "corrects" | "wrong_board" => return auction_event(key.as_str(), value),
        _ => {}
    }
    if key.as_str() == "director" {
        // `events` reads a `director` entry itself (`director_entry`), with every error.
        return Err(at(key.span(), "a `director` entry is read by `events`"));
    }
    let seat = Seat::parse(key.as_str())
        .ok_or_else(|| at(key.span(), format!("`{}` is not a seat or `director`; {HELP}", key.as_str())))?;
    let Some(text) = value.as_scalar() else {
        return Err(at(value.span(), "a call is written as pass, X, XX, or a bid such as 1H; a card as SA, HT or C2"));
    };
    call_or_card(text).map(|c| match c {
        Act::Call(call) => Event::Call { seat, call },
        Act::Card(card) => Event::Play { seat, card },
    })
}

/// A `director` entry: its judgements and choices, each a known fact with one of its values; a
/// choice two players each made is given by seat, `lead_choice: {W: accept, E: reject}`, and a
/// judgement on a revoke by the revoking seat, or by seat and trick,
/// `revoke_compensation: {W: insufficient, N: {2: sufficient}}`. The answers of one edition
/// only are given under its name, `"1987": {cancellation_requested: false}`: they are the
/// entry's answers when the case is ruled under that edition, and checked but left out
/// otherwise. Every bad answer is reported (never empty when `Err`).
fn director_entry(value: &Node, entries: &mut Entries) -> Result<Event, Vec<CaseError>> {
    let mut answers = Vec::new();
    let mut by_seat = Vec::new();
    let mut errors = Vec::new();
    match value {
        Node::Mapping(m) => {
            for (k, v) in m.iter() {
                match v.as_mapping() {
                    Some(tagged) if entries.is_edition(k.as_str()) => {
                        entries.tagged.push(k.as_str().to_string());
                        let (mut theirs, mut theirs_by_seat) = (Vec::new(), Vec::new());
                        let (to, to_by_seat) = if k.as_str() == entries.ruling {
                            (&mut answers, &mut by_seat)
                        } else {
                            (&mut theirs, &mut theirs_by_seat)
                        };
                        for (k, v) in tagged.iter() {
                            answer_entry(k, v, to, to_by_seat, &mut errors);
                        }
                    }
                    _ => answer_entry(k, v, &mut answers, &mut by_seat, &mut errors),
                }
            }
        }
        Node::Scalar(s) if s.as_str().is_empty() => {}
        other => errors.push(at(
            other.span(),
            "`director` takes a mapping of judgements and choices, such as `{pass_meaning: natural}`",
        )),
    }
    if errors.is_empty() {
        Ok(Event::Director { answers, by_seat })
    } else {
        Err(errors)
    }
}

/// What the `director` entries are read for: the name of the edition the case is ruled under,
/// and the editions whose answers the entries give apart (added to those the case states).
struct Entries<'a> {
    ruling: &'a str,
    tagged: &'a mut Vec<String>,
}

impl Entries<'_> {
    /// Whether a key of a `director` entry names an edition (the one ruled under, or one built
    /// in) rather than a judgement or choice.
    fn is_edition(&self, key: &str) -> bool {
        FactId::from_name(key).is_none() && (key == self.ruling || Edition::from_name(key).is_some())
    }
}

/// One answer of a `director` entry, `fact: value` or by seat, into `answers` or `by_seat`;
/// a bad one into `errors`.
fn answer_entry(
    k: &MarkedScalarNode,
    v: &Node,
    answers: &mut Vec<(String, String)>,
    by_seat: &mut Vec<(Seat, Option<usize>, String, String)>,
    errors: &mut Vec<CaseError>,
) {
    if let Some(seats) = v.as_mapping() {
        return by_seat_answers(k, seats, by_seat, errors);
    }
    if let Some(list) = v.as_sequence() {
        return several_answers(k, list, answers, errors);
    }
    let Some(v) = v.as_scalar() else {
        return errors.push(at(v.span(), format!("an answer is `fact: value`, not {}", kind(v))));
    };
    match check_answer(k, v) {
        Ok(()) => answers.push((k.as_str().to_string(), v.as_str().to_string())),
        Err(e) => errors.push(e),
    }
}

/// A judgement given as a list of values, each an answer to `k` (the suits an artificial call
/// indicated, `indicated_denomination: [hearts, spades]`, Laws 26A and 29C): only a judgement
/// that admits several values takes a list (the referee says which, and checks the values).
fn several_answers(
    k: &MarkedScalarNode,
    list: &marked_yaml::types::MarkedSequenceNode,
    answers: &mut Vec<(String, String)>,
    errors: &mut Vec<CaseError>,
) {
    let takes_several = FactId::from_name(k.as_str()).is_some_and(bridgelaw_runtime::referee::admits_several);
    if !takes_several {
        return errors.push(at(k.span(), format!("`{}` takes one value, not a list", k.as_str())));
    }
    for item in list.iter() {
        let Some(item) = item.as_scalar() else {
            errors.push(at(item.span(), format!("a value of `{}` is a single value, not {}", k.as_str(), kind(item))));
            continue;
        };
        match check_answer(k, item) {
            Ok(()) => answers.push((k.as_str().to_string(), item.as_str().to_string())),
            Err(e) => errors.push(e),
        }
    }
}

/// The answers to `k` given by seat (`{W: accept, E: reject}`), or by seat and trick
/// (`{N: {2: sufficient}}`), into `by_seat`; every bad one into `errors`.
#[allow(clippy::type_complexity, reason = "the case's own record of answers by seat")]
fn by_seat_answers(
    k: &MarkedScalarNode,
    seats: &marked_yaml::types::MarkedMappingNode,
    by_seat: &mut Vec<(Seat, Option<usize>, String, String)>,
    errors: &mut Vec<CaseError>,
) {
    let name = k.as_str().to_string();
    for (seat, choice) in seats.iter() {
        let seat = match seat_key(seat) {
            Ok(s) => s,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if let Some(tricks) = choice.as_mapping() {
            for (trick, choice) in tricks.iter() {
                let Some(choice) = choice.as_scalar() else {
                    errors.push(at(choice.span(), "a judgement by trick is `{2: sufficient}`"));
                    continue;
                };
                match check_answer(k, choice).and_then(|()| trick_key(trick)) {
                    Ok(t) => by_seat.push((seat, Some(t), name.clone(), choice.as_str().to_string())),
                    Err(e) => errors.push(e),
                }
            }
            continue;
        }
        let Some(choice) = choice.as_scalar() else {
            errors.push(at(choice.span(), "a choice by seat is `{W: accept, E: reject}`"));
            continue;
        };
        match check_answer(k, choice) {
            Ok(()) => by_seat.push((seat, None, name.clone(), choice.as_str().to_string())),
            Err(e) => errors.push(e),
        }
    }
}

/// Checks that a director's answer names a judgement or choice and one of its values.
fn check_answer(name: &MarkedScalarNode, value: &MarkedScalarNode) -> Result<(), CaseError> {
    let given: Vec<&str> = FactId::ALL.iter().filter(|f| f.source() != FactSource::Derived).map(|f| f.name()).collect();
    let Some(fact) = FactId::from_name(name.as_str()) else {
        let hint = bridgelaw_compiler::diagnostic::did_you_mean(name.as_str(), given.iter().copied())
            .map(|s| format!("did you mean `{s}`?"))
            .unwrap_or_else(|| format!("known: {}", given.join(", ")));
        return Err(at(name.span(), format!("unknown judgement or choice `{}`; {hint}", name.as_str())));
    };
    if fact.source() == FactSource::Derived {
        let message = format!("`{}` is derived from the auction or the play and cannot be given", name.as_str());
        return Err(at(name.span(), message));
    }
    if !fact.values().contains(&value.as_str()) {
        let message = format!(
            "`{}` is not a value of `{}`; expected one of: {}",
            value.as_str(),
            name.as_str(),
            fact.values().join(", ")
        );
        return Err(at(value.span(), message));
    }
    Ok(())
}

/// A call or a card, as a seat's event: a card when written suit first.
enum Act {
    Call(Call),
    Card(Card),
}

fn call_or_card(text: &MarkedScalarNode) -> Result<Act, CaseError> {
    let t = text.as_str();
    // Only a text that starts with a suit letter can be a card: a call is not tried as one
    // (its error message would be built for nothing).
    if t.trim_start().starts_with(['S', 'H', 'D', 'C', 's', 'h', 'd', 'c']) {
        if let Ok(card) = Card::parse(t) {
            return Ok(Act::Card(card));
        }
    }
    match Call::parse(t) {
        Ok(call) => Ok(Act::Call(call)),
        // Written suit first, it is meant as a card (`D1`, `HZ`).
        Err(_) if t.trim().chars().next().is_some_and(|c| "SHDCshdc♠♥♦♣".contains(c)) => {
            Err(at(text.span(), Card::parse(t).err().unwrap_or_default()))
        }
        Err(m) => match rank_first(t) {
            Some(card) => Err(at(
                text.span(),
                format!("`{t}` is not a call or a card: a card is written suit first; did you mean `{card}`?"),
            )),
            None => Err(at(text.span(), m)),
        },
    }
}

/// `AD`, `5d` or `10D`, a card written rank first, rewritten suit first (`DA`, `D5`, `DT`).
pub fn rank_first(text: &str) -> Option<String> {
    let t = text.trim().to_ascii_uppercase();
    let suit = t.chars().last().filter(|c| "SHDC".contains(*c))?;
    let rank = match &t[..t.len() - 1] {
        "10" => "T",
        r if r.len() == 1 && "AKQJT98765432".contains(r) => r,
        _ => return None,
    };
    Some(format!("{suit}{rank}"))
}

/// The auction's events of Laws 15/17D, 20 and 21: `explains: {W: "2C asks for majors"}`,
/// `changes: {S: 2H}`, `corrects: {S: 2H}` and `wrong_board: S`.
fn auction_event(key: &str, value: &Node) -> Result<Event, CaseError> {
    if key == "wrong_board" {
        let s = value.as_scalar().ok_or_else(|| at(value.span(), "`wrong_board` names the seat: `wrong_board: S`"))?;
        return Ok(Event::WrongBoard { seat: seat_key(s)? });
    }
    let (seat, v) = single_seat(value, key)?;
    if key == "explains" {
        return Ok(Event::Explain { seat, text: v.as_str().to_string() });
    }
    let call = Call::parse(v.as_str()).map_err(|m| at(v.span(), m))?;
    Ok(if key == "corrects" { Event::Correct { seat, call } } else { Event::Change { seat, call } })
}

fn seat_key(k: &marked_yaml::types::MarkedScalarNode) -> Result<Seat, CaseError> {
    Seat::parse(k.as_str()).ok_or_else(|| at(k.span(), format!("`{}` is not a seat", k.as_str())))
}

/// A trick number, 1 to 13, as the key of a judgement given by trick.
fn trick_key(k: &marked_yaml::types::MarkedScalarNode) -> Result<usize, CaseError> {
    k.as_str()
        .parse::<usize>()
        .ok()
        .filter(|t| (1..=13).contains(t))
        .ok_or_else(|| at(k.span(), format!("`{}` is not a trick number (1 to 13)", k.as_str())))
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
    match (call_or_card(x)?, call_or_card(y)?) {
        (Act::Card(c), Act::Card(d)) => Ok(Event::SimultaneousPlays { plays: [(*a, c), (*b, d)] }),
        (Act::Call(c), Act::Call(d)) => Ok(Event::Simultaneous { calls: [(*a, c), (*b, d)] }),
        _ => Err(at(value.span(), format!("{HELP}: not a call and a card"))),
    }
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

/// `spreads: {N: [SA, SK]}`: declarer begins to spread his hand after an opening lead out of
/// turn, exposing these cards.
fn spreads(value: &Node) -> Result<Event, CaseError> {
    const HELP: &str = "`spreads` is written `{N: [SA, SK]}`: declarer and the cards of his hand he exposed";
    let map = value.as_mapping().ok_or_else(|| at(value.span(), HELP))?;
    let mut entries = map.iter();
    let (Some((k, v)), None) = (entries.next(), entries.next()) else { return Err(at(value.span(), HELP)) };
    let seat = seat_key(k)?;
    let list = v.as_sequence().ok_or_else(|| at(v.span(), HELP))?;
    let mut cards = Vec::new();
    for item in list.iter() {
        let t = item.as_scalar().ok_or_else(|| at(item.span(), HELP))?;
        cards.push(Card::parse(t.as_str()).map_err(|m| at(t.span(), m))?);
    }
    if cards.is_empty() {
        return Err(at(v.span(), "`spreads` lists the one or more cards declarer exposed"));
    }
    Ok(Event::Spread { seat, cards })
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

/// A YAML load error of a case file at its position: for a duplicate key, the second
/// occurrence, naming the first.
pub(crate) fn yaml_error(e: &marked_yaml::LoadError) -> CaseError {
    if let marked_yaml::LoadError::DuplicateKey(d) = e {
        let first = at(d.prev_key.span(), "");
        let message = format!(
            "duplicate key `{}`: it was first given at line {}, column {}",
            d.key.as_str(),
            first.line,
            first.column
        );
        return at(d.key.span(), message);
    }
    let (line, column) =
        bridgelaw_compiler::source::load_error_marker(e).map(|m| (m.line(), m.column())).unwrap_or((1, 1));
    CaseError { line, column, message: format!("not valid YAML: {e}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_case() {
        let case = parse("edition: \"1987\"\ndealer: N\nevents:\n  - N: 1H\n  - W: pass\n  - director: {pass_meaning: natural}\n  - director\n").unwrap();
        assert_eq!(case.dealer, Seat::N);
        assert_eq!(case.events.len(), 4);
        assert_eq!(
            case.events[2],
            Event::Director { answers: vec![("pass_meaning".into(), "natural".into())], by_seat: Vec::new() }
        );
    }

    #[test]
    fn reads_the_suits_an_artificial_call_indicated_as_a_list() {
        let case = parse("edition: \"1987\"\ndealer: N\nevents:\n  - S: 2D\n  - director: {indicated_denomination: [hearts, spades]}\n").unwrap();
        let answers = vec![
            ("indicated_denomination".into(), "hearts".into()),
            ("indicated_denomination".into(), "spades".into()),
        ];
        assert_eq!(case.events[1], Event::Director { answers, by_seat: Vec::new() });
        let one = parse("dealer: N\nevents:\n  - S: 2D\n  - director: {pass_meaning: [natural, conventional]}\n")
            .unwrap_err();
        assert!(one[0].message.contains("`pass_meaning` takes one value, not a list"), "{one:?}");
        let bad = parse("dealer: N\nevents:\n  - S: 2D\n  - director: {indicated_denomination: [hearts, trumps]}\n")
            .unwrap_err();
        assert!(bad[0].message.contains("`trumps` is not a value of `indicated_denomination`"), "{bad:?}");
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
    fn reads_spreads_choices_by_seat_and_regulations() {
        let case = parse(
            "dealer: N\nregulations: {regulation_forbids_defender_inquiry: true}\nevents:\n  - spreads: {N: [SA, SK]}\n  - director: {lead_choice: {W: accept, E: reject}, prevailing_defender: other}\n",
        )
        .unwrap();
        assert_eq!(case.regulations, [("regulation_forbids_defender_inquiry".to_string(), "true".to_string())]);
        let card = |c: &str| Card::parse(c).unwrap();
        assert_eq!(case.events[0], Event::Spread { seat: Seat::N, cards: vec![card("SA"), card("SK")] });
        assert_eq!(
            case.events[1],
            Event::Director {
                answers: vec![("prevailing_defender".into(), "other".into())],
                by_seat: vec![
                    (Seat::W, None, "lead_choice".into(), "accept".into()),
                    (Seat::E, None, "lead_choice".into(), "reject".into())
                ],
            }
        );
        let errors = parse(
            "dealer: N\nregulations: {lead_choice: accept, regulation_forbids_defender_inquiry: maybe}\nevents:\n  - spreads: {N: []}\n  - director: {lead_choice: {W: maybe}}\n",
        )
        .unwrap_err();
        let found: Vec<(usize, usize)> = errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(found, [(2, 15), (2, 73), (4, 18), (5, 33)], "{errors:?}");
        assert!(errors[0].message.contains("unknown regulation setting `lead_choice`"), "{errors:?}");
        assert!(errors[2].message.contains("one or more cards"), "{errors:?}");
    }

    #[test]
    fn malformed_yaml_is_an_error_not_a_panic() {
        let errors = parse("dealer: [N\n").unwrap_err();
        assert!(errors[0].message.starts_with("not valid YAML"));
    }

    #[test]
    fn limits_size_and_events() {
        let big = format!("dealer: N\nevents: []\n#{}\n", "x".repeat(MAX_BYTES));
        assert!(parse(&big).unwrap_err()[0].message.contains(&format!("at most {MAX_BYTES}")));
        let many = format!("dealer: N\nevents:\n{}", "  - N: pass\n".repeat(MAX_EVENTS + 1));
        assert!(parse(&many).unwrap_err()[0].message.contains(&format!("a case may hold at most {MAX_EVENTS}")));
        let most = format!("dealer: N\nevents:\n{}", "  - N: pass\n".repeat(MAX_EVENTS));
        assert_eq!(parse(&most).unwrap().events.len(), MAX_EVENTS);
    }

    #[test]
    fn wrong_types_duplicates_and_bom() {
        let errors = parse("edition: [1987]\ndealer: {N: 1}\nevents: []\n").unwrap_err();
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].message.contains("`edition` must be a single value"), "{errors:?}");
        assert!(!errors.iter().any(|e| e.message.contains("missing")), "{errors:?}");
        let dup = parse("dealer: N\nevents: []\ndealer: S\n").unwrap_err();
        assert_eq!((dup[0].line, dup[0].column), (3, 1));
        assert!(dup[0].message.contains("first given at line 1, column 1"), "{dup:?}");
        assert_eq!(parse("\u{feff}dealer: S\nevents: []\n").unwrap().dealer, Seat::S);
        assert!(parse("dealer: N\nexpect: {\"1987\": {declarer: S}}\nevents: []\n").is_ok(), "`expect` is accepted");
    }

    #[test]
    fn events_are_located_and_cards_told_from_calls() {
        let l = read("dealer: N\nevents:\n  - N: 1H\n  - {E: pass}\n  - director\n", None).unwrap();
        assert_eq!(l.positions, [(3, 5), (4, 6), (5, 5)]);
        assert_eq!(rank_first("10d").as_deref(), Some("DT"));
        assert_eq!(rank_first("1D"), None);
        let e = parse("dealer: N\nevents:\n  - N: D1\n  - E: KS\n").unwrap_err();
        assert!(e[0].message.contains("`D1` is not a card"), "{e:?}");
        assert!(e[1].message.contains("did you mean `SK`?"), "{e:?}");
    }
}
