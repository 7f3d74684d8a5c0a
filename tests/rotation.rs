//! Symmetries of the Laws, checked on every case of the corpus under each edition.
//!
//! Seat rotation. The Laws name no seat: they speak of the dealer, the offender, his partner
//! and his opponents. So a case with every seat turned one place to the left (the dealer,
//! every seat of every event, the deal's hands, the contract's declarer, the director's
//! answers given by seat) must have the same ruling with every seat turned the same way, in
//! its seat fields and in the seat names of its texts; for one, two and three places. A rule
//! or a fact that read an absolute seat, or confused a left-hand opponent with a right-hand
//! one at one seat only, fails here.
//!
//! Suit permutation. In the play, no law ranks the suits: only the trump suit is special. So a
//! case with no call, its suits permuted (the cards of the deal and of every event, the
//! contract's trump suit, the suits the director's answers name), must have the same ruling
//! with its suits permuted, in its cards and in the suit names of its texts. A default suit
//! leaking into a ruling, or a suit taken for another, fails here.

use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::auction::{Contract, Seat, Strain};
use bridgelaw_runtime::play::{Card, Deal, Hand, Suit};
use bridgelaw_runtime::tables::Edition;
use bridgelaw_runtime::{rule, Case, Event};
use bridgelaw_tests::{cases, root};
use serde_json::Value;
use std::path::PathBuf;

/// `seat` turned `k` places to the left (North to East for one place).
fn turn(seat: Seat, k: usize) -> Seat {
    (0..k).fold(seat, |s, _| s.lho())
}

fn turned_event(event: &Event, k: usize) -> Event {
    let t = |s: Seat| turn(s, k);
    match event.clone() {
        Event::Call { seat, call } => Event::Call { seat: t(seat), call },
        Event::Director { answers, by_seat } => Event::Director {
            answers,
            by_seat: by_seat.into_iter().map(|(seat, trick, fact, value)| (t(seat), trick, fact, value)).collect(),
        },
        Event::Simultaneous { calls } => Event::Simultaneous { calls: calls.map(|(s, c)| (t(s), c)) },
        Event::Play { seat, card } => Event::Play { seat: t(seat), card },
        Event::SimultaneousPlays { plays } => Event::SimultaneousPlays { plays: plays.map(|(s, c)| (t(s), c)) },
        Event::Together { seat, cards, faced } => Event::Together { seat: t(seat), cards, faced },
        Event::Ask { by, of } => Event::Ask { by: t(by), of: t(of) },
        Event::Expose { seat, card } => Event::Expose { seat: t(seat), card },
        Event::Suggest { seat, card } => Event::Suggest { seat: t(seat), card },
        Event::FaceDown { seat, card } => Event::FaceDown { seat: t(seat), card },
        Event::Spread { seat, cards } => Event::Spread { seat: t(seat), cards },
        Event::Inspect { by, trick } => Event::Inspect { by: t(by), trick },
        Event::ExtraCard { seat, card } => Event::ExtraCard { seat: t(seat), card },
        Event::NoCard { seat } => Event::NoCard { seat: t(seat) },
        Event::Designate { seat, card } => Event::Designate { seat: t(seat), card },
        Event::Withdraw { seat, card } => Event::Withdraw { seat: t(seat), card },
        Event::Claim { seat, tricks } => Event::Claim { seat: t(seat), tricks },
        Event::Explain { seat, text } => Event::Explain { seat: t(seat), text },
        Event::Change { seat, call } => Event::Change { seat: t(seat), call },
        Event::Correct { seat, call } => Event::Correct { seat: t(seat), call },
        Event::WrongBoard { seat } => Event::WrongBoard { seat: t(seat) },
    }
}

/// The case with every seat turned `k` places.
fn turned_case(case: &Case, k: usize) -> Case {
    Case {
        dealer: turn(case.dealer, k),
        events: case.events.iter().map(|e| turned_event(e, k)).collect(),
        // `hands` is in the order of `Seat::ALL`, each seat's left-hand opponent next.
        deal: case.deal.map(|d| Deal { hands: std::array::from_fn(|i| d.hands[(i + 4 - k % 4) % 4]) }),
        contract: case.contract.map(|c| Contract { declarer: turn(c.declarer, k), ..c }),
        ..case.clone()
    }
}

/// The JSON fields whose values are seats (a seat, or a list of seats).
const SEAT_FIELDS: [&str; 12] = [
    "dealer",
    "offender",
    "turn_of",
    "seat",
    "seats",
    "declarer",
    "dummy",
    "leader",
    "winner",
    "next_to_call",
    "opening_leader",
    "claim",
];

fn turned_text(text: &str, k: usize) -> String {
    let words: Vec<(String, String)> =
        Seat::ALL.iter().map(|&s| (s.name().to_string(), turn(s, k).name().to_string())).collect();
    replace_words(text, &words)
}

/// `text` with each whole word that is a `from` of `words` replaced by its `to`, in one scan (so
/// that the replacements do not chain).
fn replace_words(text: &str, words: &[(String, String)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while !rest.is_empty() {
        let starts_word = out.chars().last().is_none_or(|c| !c.is_alphanumeric());
        if starts_word {
            for (from, to) in words {
                let ends_word =
                    rest.get(from.len()..).is_some_and(|r| r.chars().next().is_none_or(|c| !c.is_alphanumeric()));
                if rest.starts_with(from.as_str()) && ends_word {
                    out.push_str(to);
                    rest = &rest[from.len()..];
                    continue 'scan;
                }
            }
        }
        let c = rest.chars().next().unwrap_or_default();
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A JSON ruling with its seats turned `k` places: the seat fields' values, and the seat
/// names in every text.
fn turned_json(value: &Value, k: usize, seat_field: bool) -> Value {
    match value {
        Value::String(s) if seat_field && s.len() == 1 => match Seat::parse(s) {
            Some(seat) => Value::String(format!("{:?}", turn(seat, k))),
            None => value.clone(),
        },
        Value::String(s) => Value::String(turned_text(s, k)),
        Value::Array(items) => Value::Array(items.iter().map(|v| turned_json(v, k, seat_field)).collect()),
        Value::Object(map) => Value::Object(
            map.iter().map(|(key, v)| (key.clone(), turned_json(v, k, SEAT_FIELDS.contains(&key.as_str())))).collect(),
        ),
        _ => value.clone(),
    }
}

/// The first place where two JSON values differ, as a path.
fn first_difference(a: &Value, b: &Value, path: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => x
            .iter()
            .find_map(|(key, v)| match y.get(key) {
                Some(w) => first_difference(v, w, format!("{path}.{key}")),
                None => Some(format!("{path}.{key}: missing")),
            })
            .or_else(|| (x.len() != y.len()).then(|| format!("{path}: other fields"))),
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter().zip(y).enumerate().find_map(|(i, (v, w))| first_difference(v, w, format!("{path}[{i}]")))
        }
        _ => (a != b).then(|| format!("{path}: {a} against {b}")),
    }
}

fn every_case() -> Vec<PathBuf> {
    ["1987", "1987-play", "2017", "2017-play"].iter().flat_map(|d| cases(d)).collect()
}

/// Every corpus case under each edition, transformed by `case_for(case, k)` for k = 1 to 3 (a
/// case it returns `None` for is skipped), is ruled, and its ruling compared with the original's
/// transformed by `expected(ruling, k)` (the transformed ruling passes through `normal`, as the
/// expected one does): how many were compared, how many were rulings on both sides, and the
/// differences, each named by `what` and `k`.
fn compare_transformed(
    what: &str,
    case_for: impl Fn(&Case, usize) -> Option<Case>,
    expected: impl Fn(&Value, usize) -> Value,
    normal: impl Fn(&Value) -> Value,
) -> (usize, usize, Vec<String>) {
    let (mut compared, mut ruled_both) = (0, 0);
    let mut failures = Vec::new();
    for path in every_case() {
        let text = std::fs::read_to_string(&path).expect("readable case file");
        let case = bridgelaw::case_file::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let name = path.strip_prefix(root()).unwrap_or(&path).display().to_string();
        for edition in Edition::ALL {
            let case = Case { edition, ..case.clone() };
            let ruled = rule(&case).map(|r| serde_json::to_value(&r).expect("a ruling serializes"));
            for k in 1..4 {
                let Some(transformed) = case_for(&case, k) else { continue };
                let other = rule(&transformed).map(|r| serde_json::to_value(&r).expect("serializes"));
                compared += 1;
                let at = format!("{name} under {}, {what} {k}", edition.name());
                match (&ruled, &other) {
                    (Ok(a), Ok(b)) => {
                        ruled_both += 1;
                        if let Some(d) = first_difference(&normal(&expected(a, k)), &normal(b), String::new()) {
                            failures.push(format!("{at}: {d}"));
                        }
                    }
                    (Err(_), Err(_)) => {}
                    (a, b) => failures.push(format!(
                        "{at}: {} against {}",
                        a.as_ref().map_or_else(|e| format!("error {e}"), |_| "a ruling".into()),
                        b.as_ref().map_or_else(|e| format!("error {e}"), |_| "a ruling".into()),
                    )),
                }
            }
        }
    }
    (compared, ruled_both, failures)
}

#[test]
fn every_case_turned_has_its_ruling_turned() {
    let (compared, ruled_both, failures) = compare_transformed(
        "turned",
        |case, k| Some(turned_case(case, k)),
        |ruling, k| turned_json(ruling, k, false),
        Value::clone,
    );
    // Most are rulings on both sides, not errors on both (a case stated for one edition only
    // may be refused under the other).
    assert!(compared > 3000 && ruled_both > 2500, "{compared}, {ruled_both}");
    assert!(failures.is_empty(), "{} of {compared} turned cases differ:\n{}", failures.len(), failures.join("\n"));
}

/// The rotation itself: turned four places, a case is itself, and the helpers turn a seat
/// name only as a whole word.
#[test]
fn four_turns_are_none() {
    let case = bridgelaw::case_file::parse(
        &std::fs::read_to_string(root().join("cases/1987-play/law64a2-one-trick-transferred.yaml")).expect("the case"),
    )
    .expect("parses");
    assert_eq!(turned_case(&turned_case(&case, 3), 1), case);
    assert_ne!(turned_case(&case, 1), case);
    assert_eq!(turned_text("North and Northern West's, NorthWest", 1), "East and Northern North's, NorthWest");
}

/// The suit permutation: each suit to the next higher (clubs to diamonds, spades to clubs),
/// `k` times.
fn permuted_suit(suit: Suit, k: usize) -> Suit {
    Suit::ALL[(suit as usize + k) % 4]
}

fn permuted_card(card: Card, k: usize) -> Card {
    Card { suit: permuted_suit(card.suit, k), ..card }
}

fn permuted_event(event: &Event, k: usize) -> Option<Event> {
    let p = |c: Card| permuted_card(c, k);
    let ps = |cards: Vec<Card>| cards.into_iter().map(p).collect::<Vec<_>>();
    let answer = |(fact, value): (String, String)| {
        let value = Suit::ALL
            .iter()
            .position(|s| s.name() == value)
            .map_or(value, |i| permuted_suit(Suit::ALL[i], k).name().to_string());
        (fact, value)
    };
    Some(match event.clone() {
        // The auction ranks the suits: a case with a call is not permuted.
        Event::Call { .. }
        | Event::Simultaneous { .. }
        | Event::Change { .. }
        | Event::Correct { .. }
        | Event::Explain { .. }
        | Event::WrongBoard { .. } => return None,
        Event::Director { answers, by_seat } => Event::Director {
            answers: answers.into_iter().map(answer).collect(),
            by_seat: by_seat
                .into_iter()
                .map(|(seat, trick, fact, value)| {
                    let (fact, value) = answer((fact, value));
                    (seat, trick, fact, value)
                })
                .collect(),
        },
        Event::Play { seat, card } => Event::Play { seat, card: p(card) },
        Event::SimultaneousPlays { plays } => Event::SimultaneousPlays { plays: plays.map(|(s, c)| (s, p(c))) },
        Event::Together { seat, cards, faced } => Event::Together { seat, cards: ps(cards), faced: faced.map(p) },
        Event::Expose { seat, card } => Event::Expose { seat, card: p(card) },
        Event::Suggest { seat, card } => Event::Suggest { seat, card: p(card) },
        Event::FaceDown { seat, card } => Event::FaceDown { seat, card: p(card) },
        Event::Spread { seat, cards } => Event::Spread { seat, cards: ps(cards) },
        Event::ExtraCard { seat, card } => Event::ExtraCard { seat, card: p(card) },
        Event::Designate { seat, card } => Event::Designate { seat, card: p(card) },
        Event::Withdraw { seat, card } => Event::Withdraw { seat, card: p(card) },
        e @ (Event::Ask { .. } | Event::Inspect { .. } | Event::NoCard { .. } | Event::Claim { .. }) => e,
    })
}

fn permuted_hand(hand: Hand, k: usize) -> Hand {
    let mut out = Hand::default();
    for suit in Suit::ALL {
        for rank in 0..13 {
            let card = Card { suit, rank };
            if hand.contains(card) {
                out.insert(permuted_card(card, k));
            }
        }
    }
    out
}

/// The case with its suits permuted `k` times, if it has no call.
fn permuted_case(case: &Case, k: usize) -> Option<Case> {
    let events = case.events.iter().map(|e| permuted_event(e, k)).collect::<Option<Vec<_>>>()?;
    let strain = |s: Strain| match Suit::ALL.iter().find(|suit| suit.strain() == s) {
        Some(&suit) => permuted_suit(suit, k).strain(),
        None => s,
    };
    Some(Case {
        events,
        deal: case.deal.map(|d| Deal { hands: d.hands.map(|h| permuted_hand(h, k)) }),
        contract: case.contract.map(|c| Contract { strain: strain(c.strain), ..c }),
        ..case.clone()
    })
}

/// `text` with its suits permuted: the suit names (plural, singular, capitalized) and the
/// cards (`S3`) as whole words.
fn permuted_text(text: &str, k: usize) -> String {
    let mut words: Vec<(String, String)> = Vec::new();
    for suit in Suit::ALL {
        let (from, to) = (suit.name(), permuted_suit(suit, k).name());
        let capital = |w: &str| w[..1].to_uppercase() + &w[1..];
        for (f, t) in [(from, to), (&from[..from.len() - 1], &to[..to.len() - 1])] {
            words.push((f.to_string(), t.to_string()));
            words.push((capital(f), capital(t)));
        }
        for rank in "23456789TJQKA".chars() {
            let card = |s: Suit| format!("{}{rank}", s.name()[..1].to_uppercase());
            words.push((card(suit), card(permuted_suit(suit, k))));
        }
    }
    replace_words(text, &words)
}

fn permuted_json(value: &Value, k: usize) -> Value {
    match value {
        Value::String(s) => Value::String(permuted_text(s, k)),
        Value::Array(items) => Value::Array(items.iter().map(|v| permuted_json(v, k)).collect()),
        Value::Object(map) => Value::Object(map.iter().map(|(key, v)| (key.clone(), permuted_json(v, k))).collect()),
        _ => value.clone(),
    }
}

/// `value` with every `alternatives` list sorted (by its items' JSON text).
fn alternatives_sorted(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(alternatives_sorted).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, v)| {
                    let v = alternatives_sorted(v);
                    match (key.as_str(), v) {
                        ("alternatives", Value::Array(mut items)) => {
                            items.sort_by_key(|item| item.to_string());
                            (key.clone(), Value::Array(items))
                        }
                        (_, v) => (key.clone(), v),
                    }
                })
                .collect(),
        ),
        _ => value.clone(),
    }
}

#[test]
fn every_play_case_with_its_suits_permuted_has_its_ruling_permuted() {
    // The alternatives follow the order of the answers' values (clubs first), which the
    // permutation changes: they are compared as a set.
    let (compared, ruled_both, failures) =
        compare_transformed("suits permuted", permuted_case, permuted_json, alternatives_sorted);
    assert!(compared > 1500 && ruled_both > 1500, "{compared}, {ruled_both}");
    assert!(failures.is_empty(), "{} of {compared} permuted cases differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn suit_names_and_cards_are_permuted_as_whole_words() {
    assert_eq!(
        permuted_text("a spade, the Spades, S3 and SA; HEARTS, Sx, NS", 1),
        "a club, the Clubs, C3 and CA; HEARTS, Sx, NS"
    );
    assert_eq!(
        permuted_card(permuted_card(Card::parse("D7").expect("a card"), 3), 1),
        Card::parse("D7").expect("a card")
    );
}
