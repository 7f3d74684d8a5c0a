//! Rulings on the case corpus. Each case's expected ruling was derived by hand
//! from the law text (the seeds, or the summaries of `laws/` where the seeds
//! are silent) before the engine was run; the assertions below state it:
//! which rules decide, what each rectification binds, the clause it must
//! cite, and the contract. The insta snapshot then keeps the full traced
//! text ruling reviewable.

use bridgelaw_tests::expect::{check_corpus, e, Expected};
use bridgelaw_tests::{cases, root, rule_file};

const REVIEW_23A: &str = "review_enforced_pass @Law 23A";
const REVIEW_23B: &str = "review_enforced_pass @Law 23B";
const CANCEL_29: &str = "cancel_call @Law 29";

const EXPECTED: &[Expected] = &[
    // Law 25: a second call at LHO's turn is a change of call (commentaries 30.4, 31.3).
    e("law25-open-question-intent", &[], &[], "open", &[]),
    e(
        "law25a-inadvertent-bid-corrected",
        &["Law 31", "Commentary 31.3", "Law 25A"],
        &[CANCEL_29, "substitute_call N @Law 25A"],
        "1H by South",
        &[],
    ),
    e(
        "law25a-inadvertent-pass-corrected",
        &["Law 30", "Commentary 30.4", "Law 25A"],
        &[CANCEL_29, "substitute_call N @Law 25A"],
        "passed out",
        &[],
    ),
    e(
        "law25b-bid-at-lho-turn-let-stand",
        &["Law 31", "Commentary 31.3", "Law 25B2(b)(1)"],
        &[CANCEL_29, "must_pass S next_turn @Law 25B2(b)(1)", REVIEW_23A, "lead_restrictions S @Law 25B2(c)"],
        "1S by West",
        &["S applies require_or_prohibit_suit hearts"],
    ),
    e(
        "law30-lho-turn-change-of-call-changed",
        &["Law 30", "Commentary 30.4", "Law 25B2(b)(2)"],
        &[
            CANCEL_29,
            "withdraw_earlier_call N @Law 25B2(b)(2)",
            "must_pass S throughout @Law 25B2(b)(2)",
            REVIEW_23A,
            "lead_restrictions S @Law 25B2(c)",
        ],
        "4H by East",
        // The withdrawn call is North's 1H, never bid again by North: Law 26A2.
        &["S applies require_or_prohibit_suit hearts"],
    ),
    e(
        "law30-lho-turn-change-of-call-let-stand",
        &["Law 30", "Commentary 30.4", "Law 25B2(b)(1)"],
        &[CANCEL_29, "must_pass S next_turn @Law 25B2(b)(1)", REVIEW_23A, "lead_restrictions S @Law 25B2(c)"],
        "1H by North",
        &["S lapsed"],
    ),
    // Law 26: the lead restriction at the end of the auction.
    e(
        "law26a1-suit-later-specified",
        &["Law 27", "Law 27B2"],
        &[
            "cancel_call @Law 27",
            "must_correct_with_sufficient_bid_or_pass E next_turn @Law 27",
            "must_pass W throughout @Law 27B2",
            REVIEW_23A,
            "lead_restrictions W @Law 26",
        ],
        "3S by North",
        &["W lapsed no_lead_restriction"],
    ),
    // Law 27: insufficient bids.
    e("law27-open-question-correction", &[], &[], "open", &[]),
    e("law27a-lho-accepts-insufficient-bid", &["Law 27A"], &["call_stands @Law 27A"], "2D by South", &[]),
    e(
        "law27b1a-lowest-same-denomination",
        &["Law 27", "Law 27B1(a)"],
        &[
            "cancel_call @Law 27",
            "must_correct_with_sufficient_bid_or_pass E next_turn @Law 27",
            "no_further_rectification @Law 27B1(a)",
            "review_damaging_information @Law 27B1(b)",
        ],
        "2D by East",
        &[],
    ),
    e(
        "law27b2-corrected-by-pass",
        &["Law 27", "Law 27B2"],
        &[
            "cancel_call @Law 27",
            "must_correct_with_sufficient_bid_or_pass E next_turn @Law 27",
            "must_pass W throughout @Law 27B2",
            REVIEW_23A,
            "lead_restrictions W @Law 26",
        ],
        "2S by North",
        &["W applies require_or_prohibit_suit hearts"],
    ),
    e(
        "law27b2-other-sufficient-bid",
        &["Law 27", "Law 27B2"],
        &[
            "cancel_call @Law 27",
            "must_correct_with_sufficient_bid_or_pass E next_turn @Law 27",
            "must_pass W throughout @Law 27B2",
            REVIEW_23A,
            "lead_restrictions W @Law 26",
        ],
        "4H by North",
        &["W applies require_or_prohibit_suit diamonds"],
    ),
    e(
        "law27c-insufficient-bid-out-of-rotation",
        &["Law 27C", "Law 31A2(a)"],
        &[CANCEL_29, "must_pass N next_turn @Law 31A2(a)", REVIEW_23A],
        "2D by South",
        &[],
    ),
    // Law 28: calls considered in rotation.
    e("law28-turn-player-calls", &["Law 28B"], &["cancel_call @Law 28B"], "1S by East", &[]),
    e("law28b-partner-calls-over-bid-out-of-rotation", &["Law 28B"], &["cancel_call @Law 28B"], "2C by East", &[]),
    e(
        "law28a-call-at-barred-rho-turn",
        &["Law 30", "Law 30B2", "Law 28A"],
        &[
            CANCEL_29,
            "must_pass W throughout @Law 30B2(a)",
            "no_double_or_redouble E next_turn @Law 30B2(b)",
            REVIEW_23B,
            "barred_player_passes W @Law 28A",
        ],
        "3H by North",
        &[],
    ),
    // Law 29: acceptance by the offender's LHO.
    e("law29-lho-accepts", &["Law 29"], &["call_stands @Law 29"], "2H by North", &[]),
    e("law29-lho-accepts-bid", &["Law 29"], &["call_stands @Law 29"], "3H by North", &[]),
    e("law29-director-called-after-acceptance", &["Law 29"], &["call_stands @Law 29"], "2H by North", &[]),
    e("law29-lho-accepts-double", &["Law 29"], &["call_stands @Law 29"], "2H by West", &[]),
    // Law 30: pass out of rotation.
    e(
        "law30-a-free-after-next-turn",
        &["Law 30", "Law 30A"],
        &[CANCEL_29, "must_pass W next_turn @Commentary 30.2", REVIEW_23B],
        "3NTX by North",
        &[],
    ),
    e(
        "law30-a-lho-turn-after-calling-before-bid",
        &["Law 30", "Law 30A"],
        &[CANCEL_29, "must_pass N next_turn @Law 30A", REVIEW_23B],
        "1C by West",
        &[],
    ),
    e(
        "law30-a-partner-turn-before-bid",
        &["Law 30", "Law 30A"],
        &[CANCEL_29, "must_pass S next_turn @Law 30A", REVIEW_23B],
        "1H by North",
        &[],
    ),
    e(
        "law30-a-rho-turn-before-bid",
        &["Law 30", "Law 30A"],
        &[CANCEL_29, "must_pass E next_turn @Law 30A", REVIEW_23B],
        "2S by North",
        &[],
    ),
    e("law30-b1-rho-turn", &["Law 30", "Law 30B1"], &[CANCEL_29, "must_pass S next_turn @Law 30B1"], "2S by East", &[]),
    e(
        "law30-b1-suit-showing-pass",
        &["Law 30", "Law 30B1 (suit-showing pass)"],
        &[CANCEL_29, "must_pass S next_turn @Law 30B1", "lead_restrictions N @Law 26"],
        "4S by East",
        &["N applies require_or_prohibit_suit"],
    ),
    e(
        "law30-b2-partner-may-double-later",
        &["Law 30", "Law 30B2"],
        &[
            CANCEL_29,
            "must_pass N throughout @Law 30B2(a)",
            "no_double_or_redouble S next_turn @Law 30B2(b)",
            REVIEW_23B,
        ],
        "2SX by East",
        &[],
    ),
    e(
        "law30-b2-partner-turn",
        &["Law 30", "Law 30B2"],
        &[
            CANCEL_29,
            "must_pass N throughout @Law 30B2(a)",
            "no_double_or_redouble S next_turn @Law 30B2(b)",
            REVIEW_23B,
        ],
        "2H by North",
        &[],
    ),
    e(
        "law30-c-conventional-pass-after-partner-called",
        &["Law 30", "Law 30C", "Commentary 31.2"],
        &[CANCEL_29, "must_pass E throughout @Law 31A2(b)", REVIEW_23A, "lead_restrictions E @Law 26"],
        "2H by East",
        &["E lapsed"],
    ),
    e(
        "law30-c-conventional-pass-partner-not-called",
        &["Law 30", "Law 30C", "Law 31B"],
        &[CANCEL_29, "must_pass E throughout @Commentary 30.5", REVIEW_23A, "lead_restrictions E @Law 26"],
        "2H by North",
        &["E applies prohibit_any_suit"],
    ),
    e(
        "law30-c-conventional-pass-rho-turn-partner-not-called",
        &["Law 30", "Law 30C", "Law 31A1"],
        &[CANCEL_29, "must_repeat_call S next_turn @Law 31A1"],
        "1H by West",
        &[],
    ),
    e("law30-open-question-pass-meaning", &[], &[], "open", &[]),
    // Law 31: bid out of rotation.
    e(
        "law31-a1-rho-passes",
        &["Law 31", "Law 31A1"],
        &[CANCEL_29, "must_repeat_call E next_turn @Law 31A1"],
        "2H by East",
        &[],
    ),
    e(
        "law31-a2a-rho-bids-same-denomination",
        &["Law 31", "Law 31A2(a)"],
        &[CANCEL_29, "must_pass W next_turn @Law 31A2(a)", REVIEW_23A],
        "1H by East",
        &[],
    ),
    e(
        "law31-a2b-rho-acts-other-denomination",
        &["Law 31", "Law 31A2(b)"],
        &[CANCEL_29, "must_pass W throughout @Law 31A2(b)", REVIEW_23A, "lead_restrictions W @Law 26"],
        "2S by North",
        &["W applies require_or_prohibit_suit hearts"],
    ),
    e(
        "law31-b-bid-at-partner-turn",
        &["Law 31", "Law 31B"],
        &[CANCEL_29, "must_pass N throughout @Law 31B", REVIEW_23A, "lead_restrictions N @Law 26"],
        "2S by South",
        &["N lapsed"],
    ),
    e(
        "law31-b-lho-turn-before-offender-called",
        &["Law 31", "Law 31B"],
        &[CANCEL_29, "must_pass E throughout @Law 31B", REVIEW_23A, "lead_restrictions E @Law 26"],
        "2H by West",
        &["E lapsed"],
    ),
    e(
        "law31-b-partner-turn-after-bid",
        &["Law 31", "Law 31B"],
        &[CANCEL_29, "must_pass E throughout @Law 31B", REVIEW_23A, "lead_restrictions E @Law 26"],
        "2S by West",
        &["E lapsed"],
    ),
    e("law31-open-question-rho-call", &[], &[], "open", &[]),
    // Law 32: double or redouble out of rotation, with commentary 32.1-32.6 and 36.1.
    e(
        "law32-3-inadmissible-double-then-lho-calls",
        &["Commentary 32.3"],
        &["cancel_from_call @Law 35A"],
        "2S by West",
        &[],
    ),
    e(
        "law32-3-inadmissible-double-then-turn-player-calls",
        &["Commentary 32.3"],
        &["cancel_from_call @Law 35A"],
        "1S by West",
        &[],
    ),
    e(
        "law32-double-at-lho-turn-changes-pass",
        &["Law 32", "Law 32 (change of call)", "Law 25B2(b)(1)"],
        &[CANCEL_29, "must_pass W next_turn @Law 25B2(b)(1)", REVIEW_23A, "lead_restrictions W @Law 25B2(c)"],
        "2H by North",
        &["W applies prohibit_any_suit"],
    ),
    e(
        "law32a-redouble-at-partner-turn",
        &["Law 32", "Law 32A"],
        &[CANCEL_29, "must_pass S throughout @Law 32A", REVIEW_23A, "lead_restrictions S @Commentary 32.5"],
        "2C by West",
        &["S applies prohibit_any_suit"],
    ),
    e(
        "law32b1-rho-passes-double-repeated",
        &["Law 32", "Law 32B1"],
        &[CANCEL_29, "must_repeat_call S next_turn @Law 32B1"],
        "1HX by West",
        &[],
    ),
    e(
        "law32b2-inadmissible-double-rho-acts",
        &["Law 32", "Law 32B2"],
        &[CANCEL_29, "must_pass W throughout @Law 32B2", REVIEW_23A, "lead_restrictions W @Law 26B"],
        "2H by North",
        &["W applies prohibit_any_suit"],
    ),
    e(
        "law32b2-rho-acts-after-double",
        &["Law 32", "Law 32B2"],
        &[CANCEL_29, "must_pass N throughout @Law 32B2", REVIEW_23A, "lead_restrictions N @Law 26B"],
        "2H by West",
        &["N applies prohibit_any_suit"],
    ),
    e(
        "law36-1-example-a-admissible-double-out-of-rotation",
        &["Law 32", "Law 32A"],
        &[CANCEL_29, "must_pass N throughout @Law 32A", REVIEW_23A, "lead_restrictions N @Law 26B"],
        "3H by South",
        &["N lapsed"],
    ),
    e(
        "law36-1-example-b-inadmissible-double-out-of-rotation",
        &["Law 32", "Law 32B1 (inadmissible)"],
        &[
            "cancel_call @Commentary 32.4",
            "must_pass W throughout @Law 36",
            REVIEW_23A,
            "lead_restrictions W @Commentary 36.5",
        ],
        "2S by West",
        &["W lapsed"],
    ),
    // Law 33: simultaneous calls.
    e("law33-simultaneous-both-in-order", &["Law 33"], &["deem_subsequent @Law 33"], "2H by North", &[]),
    e(
        "law33-simultaneous-then-out-of-rotation",
        &["Law 33", "Law 30", "Law 30B1"],
        &["deem_subsequent @Law 33", CANCEL_29, "must_pass S next_turn @Law 30B1"],
        "1S by East",
        &[],
    ),
    // Law 34: retention of the right to call.
    e(
        "law34-skipped-player-keeps-his-call",
        &["Law 29", "Law 34"],
        &["call_stands @Law 29", "reopen_auction E @Law 34"],
        "1S by East",
        &[],
    ),
    // Law 35: inadmissible calls condoned by the offender's LHO.
    e("law35a-inadmissible-double-condoned", &["Law 35A"], &["cancel_from_call @Law 35A"], "2H by North", &[]),
    e(
        "law35b-barred-call-condoned",
        &["Law 30", "Law 30B2", "Law 35B"],
        &[
            CANCEL_29,
            "must_pass W throughout @Law 30B2(a)",
            "no_double_or_redouble E next_turn @Law 30B2(b)",
            REVIEW_23B,
            "call_stands @Law 35B",
        ],
        "3H by North",
        &[],
    ),
    e(
        "law35c-bid-above-seven-condoned",
        &["Law 35C"],
        &["cancel_from_call @Law 35C", "substitute_pass S @Law 35C"],
        "2H by North",
        &[],
    ),
    e("law35d-call-after-auction-condoned", &["Law 35D"], &["cancel_from_call @Law 35D"], "1H by North", &[]),
    // Law 36: inadmissible double or redouble.
    e(
        "law36-inadmissible-double-in-turn",
        &["Law 36"],
        &["cancel_call @Law 19", "must_pass N throughout @Commentary 36.3", REVIEW_23A, "lead_restrictions N @Law 26B"],
        "2H by North",
        &["N lapsed"],
    ),
    e(
        "law36-inadmissible-redouble",
        &["Law 36"],
        &[
            "cancel_call @Commentary 36.2",
            "must_pass E throughout @Commentary 36.3",
            REVIEW_23A,
            "lead_restrictions E @Commentary 36.5",
        ],
        "2H by North",
        &["E applies prohibit_any_suit"],
    ),
    // Law 37: action violating an obligation to pass.
    e(
        "law37-barred-player-bids",
        &["Law 30", "Law 30B2", "Law 37"],
        &[
            CANCEL_29,
            "must_pass W throughout @Law 30B2(a)",
            "no_double_or_redouble E next_turn @Law 30B2(b)",
            REVIEW_23B,
            "cancel_call @Law 37",
            "must_pass W+E throughout @Commentary 37.2",
            REVIEW_23A,
            "lead_restrictions E @Commentary 37.1",
        ],
        "4H by North",
        &["E applies require_or_prohibit_suit spades"],
    ),
    e(
        "law37-breaks-next-turn-obligation",
        &["Law 30", "Law 30B1", "Law 37"],
        &[
            CANCEL_29,
            "must_pass S next_turn @Law 30B1",
            "cancel_call @Law 37",
            "must_pass S+N throughout @Law 37",
            REVIEW_23A,
            "lead_restrictions N @Law 26",
        ],
        "1S by East",
        &["N applies require_or_prohibit_suit hearts"],
    ),
    // Law 38: bid of more than seven.
    e(
        "law38-bid-above-seven",
        &["Law 38"],
        &["cancel_call @Law 38", "must_pass S+N throughout @Law 38", REVIEW_23A, "lead_restrictions N @Law 26"],
        "1H by North",
        &["N lapsed"],
    ),
    e(
        "law38-bid-above-seven-out-of-rotation",
        &["Law 38"],
        &["cancel_call @Law 38", "must_pass S+N throughout @Law 38", REVIEW_23A, "lead_restrictions N @Law 26"],
        "1H by North",
        &["N lapsed"],
    ),
    // Law 39: call after the auction is closed.
    e("law39a-declarer-bids-after-auction", &["Law 39A"], &["cancel_call @Law 39A"], "1H by North", &[]),
    e("law39a-defender-passes-after-auction", &["Law 39A"], &["cancel_call @Law 39"], "1H by North", &[]),
    e(
        "law39b-defender-bids-after-auction",
        &["Law 39B"],
        &["cancel_call @Law 39B", "lead_restrictions W @Law 26"],
        "1H by North",
        &["W applies require_or_prohibit_suit clubs"],
    ),
    // Legal auctions: nothing to rule.
    e("legal-auction-no-irregularity", &[], &[], "3NT by North", &[]),
    e("legal-competitive-auction", &[], &[], "4SXX by East", &[]),
    e("legal-passed-out", &[], &[], "passed out", &[]),
];

#[test]
fn every_case_matches_its_hand_derived_ruling() {
    let rulings = check_corpus("1987", EXPECTED);
    assert!(rulings.len() >= 60, "the corpus has at least 60 cases");
}

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
fn an_unjudged_pass_leaves_the_question_open_with_each_outcome() {
    let ruling = rule_file(&root().join("cases/1987/law30-open-question-pass-meaning.yaml"));
    let ir = &ruling.irregularities[0];
    assert_eq!(ir.open_questions, ["pass_meaning"]);
    let by_answer: Vec<(&str, &[&str])> =
        ir.alternatives.iter().map(|a| (a.when[0].1[0], a.rules.as_slice())).collect();
    // Natural: Law 30B1. Suit-showing: 30B1 with Law 26. Conventional, partner having
    // called: Law 30C, then commentary 31.2 (Law 31A2(b)).
    assert_eq!(by_answer[0], ("natural", &["Law 30", "Law 30B1"][..]));
    assert_eq!(by_answer[1].1.last(), Some(&"Law 30B1 (suit-showing pass)"));
    assert_eq!(by_answer[2].1.last(), Some(&"Commentary 31.2"));
    assert_eq!(ruling.next_to_call, None, "the auction waits for the judgement");
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

#[test]
#[ignore]
fn transcribe() {
    use bridgelaw_tests::transcribe::{append, Fields};
    assert_eq!(cases("1987").len(), EXPECTED.len());
    for e in EXPECTED {
        let f = Fields {
            rules: e.rules,
            rectifications: e.rectifications,
            open_questions: None,
            contract: e.contract,
            leads: e.leads,
            penalty_cards: None,
            revokes: None,
            won: None,
            adjusted: None,
        };
        append("1987", e.case, "1987", &f);
    }
}
