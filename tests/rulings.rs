//! Rulings on the 1987 auction corpus beyond each case's own `expect:` block
//! (checked one test per file by `cases.rs`): properties every ruling must
//! have, the alternatives of an open question, and the insta snapshots that
//! keep the full traced text rulings reviewable.

use bridgelaw_tests::{cases, corpus, root, rule_file};

#[test]
fn the_restricted_player_is_always_the_offenders_partner() {
    for path in cases("1987") {
        let ruling = rule_file(&path);
        for l in &ruling.lead_restrictions {
            assert!(ruling.irregularities.iter().any(|i| i.offender.partner() == l.seat), "{}", path.display());
        }
    }
}

#[test]
fn every_entry_has_a_heading_of_its_laws() {
    // The heading of each ruling entry is a template of the laws (`headings:` in the
    // vocabulary), never the engine's words: every entry of the corpus, both editions, has one.
    for path in ["1987", "1987-play", "2017", "2017-play"].iter().flat_map(|d| cases(d)) {
        let ruling = rule_file(&path);
        for i in &ruling.irregularities {
            assert!(i.heading_template.is_some(), "{}: entry `{}` has no heading", path.display(), i.irregularity);
        }
    }
}

#[test]
fn every_rectification_is_traced() {
    for path in cases("1987") {
        let ruling = rule_file(&path);
        for i in &ruling.irregularities {
            for r in i.rectifications.iter().chain(i.alternatives.iter().flat_map(|a| a.rectifications.iter())) {
                assert!(!r.clauses.is_empty(), "{}: {}", path.display(), r.text());
            }
        }
    }
}

#[test]
fn the_deciding_clause_comes_first() {
    for path in corpus() {
        let ruling = rule_file(&path);
        for r in ruling.irregularities.iter().flat_map(|i| i.rectifications.iter()) {
            assert!(
                r.clauses.first().is_some_and(|c| r.rule.starts_with(c)),
                "{}: {} cites {:?}",
                path.display(),
                r.rule,
                r.clauses
            );
        }
    }
}

#[test]
fn an_unjudged_pass_leaves_the_question_open_with_each_outcome() {
    let ruling = rule_file(&root().join("cases/1987/law30-open-question-pass-meaning.yaml"));
    // The open question and the auction waiting for it are in the case's `expect:` block.
    let ir = &ruling.irregularities[0];
    let by_answer: Vec<(&str, &[&str])> =
        ir.alternatives.iter().map(|a| (a.when[0].1[0], a.rules.as_slice())).collect();
    // Natural: Law 30B1. Suit-showing: 30B1 with Law 26. Conventional, partner having
    // called: Law 30C, then commentary 31.2 (Law 31A2(b)).
    assert_eq!(by_answer[0], ("natural", &["Law 30", "Law 30B1"][..]));
    assert_eq!(by_answer[1].1.last(), Some(&"Law 30B1 (suit-showing pass)"));
    assert_eq!(by_answer[2].1.last(), Some(&"Commentary 31.2"));
}

#[test]
fn snapshots_of_traced_rulings() {
    for path in cases("1987") {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let ruling = rule_file(&path);
        insta::assert_snapshot!(format!("text-{name}"), ruling.to_text());
    }
}

#[test]
fn json_ruling_has_the_documented_fields() {
    let ruling = rule_file(&root().join("cases/1987/law30-b2-partner-turn.yaml"));
    let json = serde_json::to_value(&ruling).unwrap();
    for key in [
        "edition",
        "dealer",
        "irregularities",
        "auction",
        "next_to_call",
        "contract",
        "lead_restrictions",
        "damage_reviews",
        "trace",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    let r = &json["irregularities"][0]["rectifications"][1];
    assert_eq!(r["rectification"], "must_pass");
    assert_eq!(r["seats"], serde_json::json!(["N"]));
    assert_eq!(r["duration"], "throughout");
    assert_eq!(r["clauses"][0], "Law 30B2");
    insta::assert_json_snapshot!("json-law30-b2-partner-turn", json);
}
