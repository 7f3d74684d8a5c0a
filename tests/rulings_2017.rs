//! Rulings under the 2017 edition. The dedicated 2017 cases carry hand-derived
//! expectations from the 2017 Laws (as summarized in laws/2017); every case of
//! the 1987 corpus is also ruled under 2017 and kept as a snapshot.

use bridgelaw_runtime::tables::Edition;
use bridgelaw_tests::cases;
use bridgelaw_tests::expect::{check_corpus, e, Expected};

const CANCEL: &str = "cancel_call @Law 29B";

const EXPECTED: &[Expected] = &[
    e(
        "law17d3-skipped-player",
        &["Law 29A", "Law 17D3"],
        &["call_stands @Law 29A", "reopen_auction E @Law 17D3"],
        "1S by East",
        &[],
    ),
    e(
        "law27b1b-comparable",
        &["Law 27B", "Law 27B1(b)"],
        &[
            "cancel_call @Law 27B",
            "must_correct_with_sufficient_bid_or_pass E next_turn @Law 27B",
            "no_further_rectification @Law 23A",
            "review_outcome @Law 27D",
        ],
        "2C by East",
        &[],
    ),
    e(
        "law27b2-not-comparable",
        &["Law 27B", "Law 27B2"],
        &[
            "cancel_call @Law 27B",
            "must_correct_with_sufficient_bid_or_pass E next_turn @Law 27B",
            "must_pass W throughout @Law 27B2",
            "review_outcome @Law 72C",
            "lead_restrictions W @Law 26B",
        ],
        "4H by North",
        &["W applies prohibit_unspecified_suit"],
    ),
    // 2017 Law 26B: the prohibited suit must be one the offender did not specify (he bid clubs).
    e(
        "law26b-prohibited-suit-must-be-unspecified",
        &["Law 27B", "Law 27B2", "Law 26B (clubs specified)", "Law 26B (spades)"],
        &[
            "cancel_call @Law 27B",
            "must_correct_with_sufficient_bid_or_pass W next_turn @Law 27B",
            "must_pass E throughout @Law 27B2",
            "review_outcome @Law 72C",
            "lead_restrictions E @Law 26B",
            "prohibition_refused E @Law 26B",
            "prohibit_named_suit E @Law 26B",
        ],
        "4H by North",
        &["E applies prohibit_unspecified_suit"],
    ),
    // 2017 Law 30A: at RHO's turn, pass at the next turn; no Law 23 review.
    e("law30a-rho-turn", &["Law 30", "Law 30A"], &[CANCEL, "must_pass S next_turn @Law 30A"], "2S by East", &[]),
    e(
        "law30b1-partner-turn-comparable",
        &["Law 30", "Law 30B1(b)(i)"],
        &[CANCEL, "withdrawn_call_information S @Law 16C", "review_outcome @Law 23C"],
        "2H by North",
        &[],
    ),
    e(
        "law30b1-partner-turn-not-comparable",
        &["Law 30", "Law 30B1(b)(ii)"],
        &[
            CANCEL,
            "withdrawn_call_information S @Law 16C",
            "must_pass S next_turn @Law 30B1",
            "review_outcome @Law 72C",
            "lead_restrictions S @Law 26B",
        ],
        "1H by North",
        &["S lapsed"],
    ),
    e(
        "law31a2b-not-comparable",
        &["Law 31", "Law 31A2(b)"],
        &[
            CANCEL,
            "must_pass W next_turn @Law 31A2",
            "withdrawn_call_information E+W @Law 16C",
            "review_outcome @Law 72C",
            "lead_restrictions W @Law 26B",
        ],
        "2S by North",
        &["W applies prohibit_unspecified_suit"],
    ),
    e(
        "law36b-inadmissible-double",
        &["Law 36B"],
        &[
            "cancel_call @Law 36B",
            "must_pass N throughout @Law 36B",
            "review_outcome @Law 72C",
            "lead_restrictions N @Law 26B",
        ],
        "2H by North",
        &["N lapsed"],
    ),
    e(
        "law37b-breaks-next-turn-obligation",
        &["Law 30", "Law 30A", "Law 37B"],
        &[
            CANCEL,
            "must_pass S next_turn @Law 30A",
            "cancel_call @Law 37B",
            "substitute_pass S @Law 37B",
            "must_pass S+N throughout @Law 37B",
            "review_outcome @Law 72C",
            "lead_restrictions N @Law 26B",
        ],
        "1S by East",
        &["N applies prohibit_unspecified_suit"],
    ),
    // 2017 Law 38: the bar survives the left-hand opponent's call.
    e(
        "law38-condoned-keeps-the-bar",
        &["Law 38 (left-hand opponent called)"],
        &["cancel_from_call @Law 38", "substitute_pass S @Law 38", "must_pass S+N throughout @Law 38"],
        "1S by West",
        &[],
    ),
    e("no-edition-means-newest", &[], &[], "3NT by North", &[]),
    e(
        "law25a-inadvertent",
        &["Law 31", "Law 31C", "Law 25A"],
        &[CANCEL, "substitute_call N @Law 25A"],
        "1H by South",
        &[],
    ),
    e(
        "law25b-purposeful",
        &["Law 31", "Law 31C", "Law 25B"],
        &[CANCEL, "withdrawn_call_information N+S @Law 16C", "lead_restrictions S @Law 26"],
        "2H by North",
        &["S lapsed"],
    ),
    // 2017 Law 26 after a purposeful change (25B), the offending side defending: whether the
    // call is comparable (26A) or not (26B) is asked, not assumed.
    e(
        "law25b-purposeful-change-comparable-not-given",
        &["Law 31", "Law 31C", "Law 25B"],
        &[CANCEL, "withdrawn_call_information N+S @Law 16C", "lead_restrictions S @Law 26"],
        "4S by East",
        &["S open"],
    ),
    e(
        "law30b2-pass-at-lho-turn",
        &["Law 30", "Law 30B2", "Law 25B"],
        &[CANCEL, "withdrawn_call_information N+S @Law 16C", "lead_restrictions S @Law 26"],
        "1H by North",
        &["S lapsed"],
    ),
    e("law27a1-accepted", &["Law 27A1"], &["call_stands @Law 27A1"], "2D by South", &[]),
    e(
        "law27a2-insufficient-out-of-rotation",
        &["Law 27A2", "Law 31A2(b)"],
        &[
            CANCEL,
            "must_pass N next_turn @Law 31A2",
            "withdrawn_call_information S+N @Law 16C",
            "review_outcome @Law 72C",
            "lead_restrictions N @Law 26B",
        ],
        "2D by South",
        &["N lapsed"],
    ),
    e(
        "law27b1a-lowest-same-denomination",
        &["Law 27B", "Law 27B1(a)"],
        &[
            "cancel_call @Law 27B",
            "must_correct_with_sufficient_bid_or_pass E next_turn @Law 27B",
            "no_further_rectification @Law 27B1(a)",
            "review_outcome @Law 27D",
        ],
        "2D by East",
        &[],
    ),
    e(
        "law28a-barred-rho",
        &["Law 36B", "Law 28A"],
        &[
            "cancel_call @Law 19",
            "must_pass N throughout @Law 36B",
            "review_outcome @Law 72C",
            "lead_restrictions N @Law 26B",
            "barred_player_passes N @Law 28A",
        ],
        "3C by East",
        &["N applies prohibit_unspecified_suit"],
    ),
    e(
        "law28b-turn-player-calls",
        &["Law 28B"],
        &["cancel_call @Law 28B", "withdrawn_call_information S+N @Law 16C"],
        "1S by East",
        &[],
    ),
    e(
        "law30c-artificial-pass",
        &["Law 30", "Law 30C", "Law 31B (not comparable)"],
        &[
            CANCEL,
            "withdrawn_call_information E @Law 16C",
            "must_pass E next_turn @Law 31A2",
            "review_outcome @Law 72C",
            "lead_restrictions E @Law 26B",
        ],
        "2H by North",
        &["E applies prohibit_unspecified_suit"],
    ),
    e(
        "law31a1-rho-passes",
        &["Law 31", "Law 31A1"],
        &[CANCEL, "must_repeat_call E next_turn @Law 31A1"],
        "2H by East",
        &[],
    ),
    e(
        "law31b-partner-turn-comparable",
        &["Law 31", "Law 31B (comparable)"],
        &[CANCEL, "withdrawn_call_information N @Law 16C", "review_outcome @Law 23B"],
        "1S by South",
        &[],
    ),
    e(
        "law32a1-double-repeated",
        &["Law 32", "Law 32A1"],
        &[CANCEL, "must_repeat_call S next_turn @Law 32A1"],
        "1HX by West",
        &[],
    ),
    e(
        "law32a2b-not-comparable",
        &["Law 32", "Law 32A2(b)"],
        &[
            CANCEL,
            "must_pass N next_turn @Law 32A2",
            "withdrawn_call_information S+N @Law 16C",
            "review_outcome @Law 72C",
            "lead_restrictions N @Law 26B",
        ],
        "2H by West",
        &["N applies prohibit_unspecified_suit"],
    ),
    e(
        "law32b-partner-turn-comparable",
        &["Law 32", "Law 32B (comparable)"],
        &[CANCEL, "withdrawn_call_information N @Law 16C", "review_outcome @Law 23C"],
        "2SX by West",
        &[],
    ),
    e("law33-simultaneous", &["Law 33"], &["deem_subsequent @Law 33"], "2H by North", &[]),
    e("law36a-condoned", &["Law 36A"], &["cancel_from_call @Law 36A"], "2H by North", &[]),
    e("law36a-out-of-rotation", &["Law 36A (out of rotation)"], &["cancel_from_call @Law 36A"], "2S by West", &[]),
    e(
        "law36b-comparable-no-lead-restriction",
        &["Law 36B"],
        &[
            "cancel_call @Law 36",
            "must_pass N throughout @Law 36B",
            "review_outcome @Law 72C",
            "lead_restrictions N @Law 26B",
        ],
        "1S by West",
        &["N lapsed no_lead_restriction"],
    ),
    e(
        "law37a-condoned",
        &["Law 30", "Law 30A", "Law 37A"],
        &[CANCEL, "must_pass S next_turn @Law 30A", "call_stands @Law 37A"],
        "2S by East",
        &[],
    ),
    e("law39a-calls-after-auction-condoned", &["Law 39A"], &["cancel_from_call @Law 39"], "1H by North", &[]),
    e("law39b-declarer-bids-after-auction", &["Law 39B"], &["cancel_call @Law 39"], "1H by North", &[]),
    e(
        "law39c-defender-bids-after-auction",
        &["Law 39C"],
        &["cancel_call @Law 39", "lead_restrictions W @Law 26B", "withdrawn_call_information E+W @Law 16C"],
        "1H by North",
        &["W applies prohibit_unspecified_suit"],
    ),
    e("law64a2-play", &[], &[], "4S by North", &[]),
    e(
        "law62b-revoke-corrected-play",
        &["Law 62B (defender's unfaced hand)", "Law 50D2 (prohibit)"],
        &[
            "correct_revoke @Law 62A",
            "penalty_card W @Law 62B",
            "major_penalty_card W @Law 50B",
            "later_cards_may_be_withdrawn @Law 62C",
            "prohibit_penalty_card_suit E @Law 50D",
        ],
        "4S by North",
        &[],
    ),
];

#[test]
fn every_2017_case_matches_its_hand_derived_ruling() {
    for (stem, ruling) in check_corpus("2017", EXPECTED) {
        assert_eq!(ruling.edition, "2017", "{stem}");
    }
}

#[test]
fn the_2017_revoke_adjustment() {
    // The same play as the 1987 Law 64A2 case: West's revoke on trick 2, East-West win trick 11.
    let ruling = bridgelaw_tests::rule_file(&bridgelaw_tests::root().join("cases/2017/law64a2-play.yaml"));
    let play = ruling.play.unwrap();
    assert_eq!(play.revokes[0].rules, ["Law 63A1", "Law 64A2"]);
    assert_eq!(play.revokes[0].transferred, 1);
    assert_eq!(play.adjusted, Some((12, 1)));
}

#[test]
fn the_1987_corpus_under_2017() {
    for path in cases("1987") {
        let text = std::fs::read_to_string(&path).unwrap();
        let case = bridgelaw::case_file::parse_with(&text, Some(Edition::E2017)).unwrap();
        let ruling = bridgelaw_runtime::rule(&case).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for i in &ruling.irregularities {
            for r in i.rectifications.iter().chain(i.alternatives.iter().flat_map(|a| a.rectifications.iter())) {
                assert!(
                    r.clauses.iter().all(|c| Edition::E2017.clauses().iter().any(|k| k.id == *c)),
                    "{}",
                    path.display()
                );
            }
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(format!("text-2017-{name}"), ruling.to_text());
    }
}
