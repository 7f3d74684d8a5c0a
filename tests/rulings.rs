//! Rulings on the 1987 auction corpus beyond each case's own `expect:` block
//! (checked one test per file by `cases.rs`): properties every ruling must
//! have, the alternatives of an open question, and the insta snapshots that
//! keep the full traced text rulings reviewable.

use bridgelaw_editions as _; // rules with the built-in laws
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
fn a_second_call_ruled_as_a_change_of_call_is_headed_as_one() {
    // Law 25: North's 2H after his own 1H, at East's turn, is a change of call (the irregularity
    // table delegates to `change_of_call`), not a bid out of rotation: the entry is Law 25's,
    // worded by its heading, under both editions, as a correction recorded as one is.
    for (path, edition) in
        [("cases/2017/law25b-purposeful.yaml", "2017"), ("cases/1987/law25b-bid-at-lho-turn-let-stand.yaml", "1987")]
    {
        let ruling = rule_file(&root().join(path));
        let entry = &ruling.irregularities[0];
        assert_eq!(entry.irregularity, "change_of_call", "{edition}: {path}");
        let heading = entry.heading();
        assert!(heading.starts_with("change of call by North: "), "{edition}: {heading}");
        assert!(heading.ends_with("substituted for his call at East's turn"), "{edition}: {heading}");
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
fn an_unjudged_change_of_call_leaves_the_question_open_with_each_outcome() {
    // A pass out of rotation is taken as natural when the director does not say (Law 30C is
    // the exception he states), so the open question here is a change of call's (Law 25).
    let ruling = rule_file(&root().join("cases/1987/law25-open-question-intent.yaml"));
    let ir = &ruling.irregularities[0];
    assert_eq!(ir.open_questions, ["change_intent", "change_choice"]);
    let by_answer: Vec<(Vec<&str>, Option<&&str>)> =
        ir.alternatives.iter().map(|a| (a.when.iter().map(|w| w.1[0]).collect(), a.rules.last())).collect();
    // Purposeful and let stand: Law 25B2(b)(1). Inadvertent: Law 25A, whatever the choice.
    // Purposeful and changed: Law 25B2(b)(2).
    assert_eq!(by_answer[0], (vec!["purposeful", "let_stand"], Some(&"Law 25B2(b)(1)")));
    assert_eq!(by_answer[1], (vec!["inadvertent"], Some(&"Law 25A")));
    assert_eq!(by_answer[2], (vec!["purposeful", "change"], Some(&"Law 25B2(b)(2)")));
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
    // The heading in the laws' words, as the text form's `Event 3:` line gives it.
    assert_eq!(json["irregularities"][0]["heading"], "pass out of rotation by North (Pass) at South's turn");
    insta::assert_json_snapshot!("json-law30-b2-partner-turn", json);
}
