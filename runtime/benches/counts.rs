//! Fixed work for instruction counts (`valgrind --tool=callgrind
//! --toggle-collect='counts::run*'`): `counts auction|play|scan N` rules the
//! Law 30B2 auction or the 13-trick play with a revoke N times, or scans N
//! random legal auctions, inside `run_*`, so that only that work is counted;
//! `counts play-scan N` scans N random fully played deals for play irregularities.
//! `counts table N` evaluates the 1987 `bid_out_of_rotation` table as the referee
//! does (decision, rule and trace length) on N random fact combinations, `counts
//! table-walk N` the same with each rectification visited; `counts by-hand N`
//! the hand-written `match` of the same table on the same stream.
//! `counts irregularities N` rules once a case with N irregularities: North
//! opens, then West passes at East's turn N times, each time ruled (Law 30B2)
//! and cancelled; the referee's time must grow linearly in N.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "benchmark code: a failed unwrap is a failed benchmark")]

use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::auction::{Call, Seat, Strain};
use bridgelaw_runtime::play::first_play_irregularity;
use bridgelaw_runtime::referee::first_irregularity;
use bridgelaw_runtime::tables::{self, Edition, Facts, Laws, Table};
use bridgelaw_runtime::{rule, Case, Event};
use std::hint::black_box;

#[path = "common/auctions.rs"]
mod auctions;
#[path = "common/deals.rs"]
mod deals;
#[path = "common/table_stream.rs"]
mod table_stream;

use auctions::legal_auctions;
use deals::{played_deals, PlayedDeal};
use table_stream::{by_hand, table_stream};

fn call(seat: Seat, call: &str) -> Event {
    Event::Call { seat, call: Call::parse(call).unwrap() }
}

/// North opens, East passes, North passes at South's turn (Law 30B2), the
/// director rules and the auction ends.
fn typical_case() -> Case {
    Case {
        edition: Edition::E1987,
        dealer: Seat::N,
        events: vec![
            call(Seat::N, "1H"),
            call(Seat::E, "pass"),
            call(Seat::N, "pass"),
            Event::Director { answers: vec![("pass_meaning".into(), "natural".into())], by_seat: Vec::new() },
            call(Seat::S, "2H"),
            call(Seat::W, "pass"),
            call(Seat::N, "pass"),
            call(Seat::E, "pass"),
        ],
        deal: None,
        contract: None,
        regulations: Vec::new(),
        stated_editions: Vec::new(),
    }
}

/// North opens; West passes out of rotation at partner's turn `n` times, the director
/// ruling each; then the auction ends with three passes.
fn many_irregularities(n: usize) -> Case {
    let mut events = vec![call(Seat::N, "1H")];
    for _ in 0..n {
        events.push(call(Seat::W, "pass"));
        events.push(Event::Director { answers: vec![("pass_meaning".into(), "natural".into())], by_seat: Vec::new() });
    }
    events.extend([call(Seat::E, "pass"), call(Seat::S, "pass"), call(Seat::W, "pass")]);
    Case {
        edition: Edition::E1987,
        dealer: Seat::N,
        events,
        deal: None,
        contract: None,
        regulations: Vec::new(),
        stated_editions: Vec::new(),
    }
}

#[inline(never)]
fn run_rulings(case: &Case, n: usize) -> usize {
    (0..n).map(|_| rule(black_box(case)).unwrap().irregularities.len()).sum()
}

/// One table evaluation as the referee makes it: the decision, its rule and its trace's
/// length (`Decision::trace_len`).
#[inline(never)]
fn run_table(laws: &dyn Laws, facts: &[Facts]) -> usize {
    facts
        .iter()
        .map(|f| {
            let d = tables::decide(laws, Table::BidOutOfRotation, black_box(f));
            let rule = d.rules().next().map_or(0, str::len);
            rule + d.trace_len()
        })
        .sum()
}

/// The same, with each rectification visited for its trace's length.
#[inline(never)]
fn run_table_walk(laws: &dyn Laws, facts: &[Facts]) -> usize {
    facts
        .iter()
        .map(|f| {
            let d = tables::decide(laws, Table::BidOutOfRotation, black_box(f));
            let rule = d.rules().next().map_or(0, str::len);
            rule + d.outcomes().map(|t| t.trace().count()).sum::<usize>()
        })
        .sum()
}

/// The same table by hand, returning the rule (`table_stream::by_hand`, as `cli/benches/tables.rs`
/// measures it).
#[inline(never)]
fn run_by_hand(facts: &[Facts]) -> usize {
    facts.iter().map(|f| by_hand(black_box(f)).len()).sum()
}

#[inline(never)]
fn run_scan(auctions: &[(Seat, Vec<(Seat, Call)>)]) -> usize {
    auctions.iter().filter(|(dealer, calls)| first_irregularity(*dealer, black_box(calls)).is_some()).count()
}

#[inline(never)]
fn run_play_scan(deals: &[PlayedDeal]) -> usize {
    deals
        .iter()
        .filter(|(deal, declarer, trump, plays)| {
            first_play_irregularity(deal, *declarer, *trump, black_box(plays)).is_some()
        })
        .count()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    match args.get(1).map(String::as_str) {
        Some("play") => {
            // A full 13-trick play with an established revoke (Law 64A2).
            let text = std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../tests/cases/1987-play/law64a2-one-trick-transferred.yaml"
            ))
            .unwrap();
            let deal = text.lines().find_map(|l| l.strip_prefix("deal: ")).unwrap().trim_matches('"');
            // The `events:` list only (the `expect:` block below it has list items too).
            let events = text
                .lines()
                .skip_while(|l| !l.starts_with("events:"))
                .skip(1)
                .map_while(|l| l.trim().strip_prefix("- "))
                .map(|e| {
                    let (seat, card) = e.split_once(": ").unwrap();
                    Event::Play {
                        seat: Seat::parse(seat).unwrap(),
                        card: bridgelaw_runtime::play::Card::parse(card).unwrap(),
                    }
                })
                .collect();
            let play = Case {
                edition: Edition::E1987,
                dealer: Seat::N,
                events,
                deal: Some(bridgelaw_runtime::play::Deal::from_pbn(deal).unwrap()),
                contract: Some(bridgelaw_runtime::auction::Contract {
                    level: 4,
                    strain: Strain::Spades,
                    doubled: 0,
                    declarer: Seat::N,
                }),
                regulations: Vec::new(),
                stated_editions: Vec::new(),
            };

            println!("{}", run_rulings(&play, n));
        }
        Some("irregularities") => println!("{}", run_rulings(&many_irregularities(n), 1)),
        Some("by-hand") => println!("{}", run_by_hand(&table_stream(n))),
        Some("table") => println!("{}", run_table(Edition::E1987.laws(), &table_stream(n))),
        Some("table-walk") => println!("{}", run_table_walk(Edition::E1987.laws(), &table_stream(n))),
        Some("scan") => println!("{}", run_scan(&legal_auctions(n))),
        Some("play-scan") => println!("{}", run_play_scan(&played_deals(n))),
        _ => println!("{}", run_rulings(&typical_case(), n)),
    }
}
