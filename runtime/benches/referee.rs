//! Criterion benchmarks: ruling a typical irregular auction in process, and
//! scanning a million random legal auctions for irregularities.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::auction::{Call, Seat, Strain};
use bridgelaw_runtime::play::first_play_irregularity;
use bridgelaw_runtime::referee::first_irregularity;
use bridgelaw_runtime::tables::Edition;
use bridgelaw_runtime::{rule, Case, Event};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

#[path = "common/auctions.rs"]
mod auctions;
#[path = "common/deals.rs"]
mod deals;

use auctions::legal_auctions;
use deals::played_deals;

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

fn bench(c: &mut Criterion) {
    let case = typical_case();
    assert!(rule(&case).unwrap().irregularities.len() == 1);
    c.bench_function("rule a typical irregular auction (Law 30B2)", |b| b.iter(|| rule(black_box(&case)).unwrap()));

    let legal = Case {
        events: typical_case().events.into_iter().filter(|e| !matches!(e, Event::Director { .. })).collect(),
        ..typical_case()
    };
    let legal = Case {
        events: legal.events.into_iter().enumerate().filter(|(i, _)| *i != 2).map(|(_, e)| e).collect(),
        ..legal
    };
    c.bench_function("rule a legal auction of 7 calls", |b| b.iter(|| rule(black_box(&legal)).unwrap()));

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
            Event::Play { seat: Seat::parse(seat).unwrap(), card: bridgelaw_runtime::play::Card::parse(card).unwrap() }
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
    assert_eq!(rule(&play).unwrap().play.unwrap().adjusted, Some((12, 1)));
    c.bench_function("rule a 13-trick play with a revoke (Law 64)", |b| b.iter(|| rule(black_box(&play)).unwrap()));

    // A defender's lead out of turn taken back: a major penalty card, then declarer's options
    // for partner's lead (Laws 56, 50B, 50E), and the trick that follows.
    let card = |seat: &str, card: &str| Event::Play {
        seat: Seat::parse(seat).unwrap(),
        card: bridgelaw_runtime::play::Card::parse(card).unwrap(),
    };
    let director =
        |fact: &str, value: &str| Event::Director { answers: vec![(fact.into(), value.into())], by_seat: Vec::new() };
    let lead_out_of_turn = Case {
        events: vec![
            card("E", "DA"),
            card("S", "D5"),
            card("W", "D2"),
            card("N", "DJ"),
            card("W", "H4"),
            director("lead_choice", "reject"),
            director("penalty_card_lead", "require"),
            card("E", "H8"),
            card("S", "H5"),
            card("W", "H2"),
            card("N", "HA"),
        ],
        ..play.clone()
    };
    assert_eq!(rule(&lead_out_of_turn).unwrap().irregularities.len(), 2);
    c.bench_function("rule a lead out of turn, its penalty card and declarer's options (Laws 56, 50)", |b| {
        b.iter(|| rule(black_box(&lead_out_of_turn)).unwrap())
    });

    let deals = played_deals(100_000);
    let mut group = c.benchmark_group("scan play");
    group.sample_size(10);
    group.bench_function("100,000 random fully played deals", |b| {
        b.iter(|| {
            let found = deals
                .iter()
                .filter(|(deal, declarer, trump, plays)| {
                    first_play_irregularity(deal, *declarer, *trump, black_box(plays)).is_some()
                })
                .count();
            assert_eq!(found, 0);
            found
        })
    });
    group.finish();

    let auctions = legal_auctions(1_000_000);
    let mut group = c.benchmark_group("scan");
    group.sample_size(10);
    group.bench_function("1,000,000 random legal auctions", |b| {
        b.iter(|| {
            let mut found = 0usize;
            for (dealer, calls) in &auctions {
                found += usize::from(first_irregularity(*dealer, black_box(calls)).is_some());
            }
            assert_eq!(found, 0);
            found
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
