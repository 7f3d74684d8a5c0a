//! Play rulings: revokes found from the deal and the play, their
//! establishment, and the Law 64 trick adjustment. The expected figures are
//! counted by hand from each case's thirteen tricks (see the case comments).

use bridgelaw_runtime::auction::Seat::{self, *};
use bridgelaw_tests::{cases, root, rule_file};

/// (case, revokes as (seat, trick, deciding rule, tricks transferred), tricks won as played
/// by declarer's side and the defenders, the same after adjustment)
type Expected = (&'static str, &'static [(Seat, usize, &'static str, usize)], (usize, usize), (usize, usize));

const EXPECTED: &[Expected] = &[
    ("law64a1-two-tricks-transferred", &[(E, 3, "Law 64A1", 2)], (10, 3), (12, 1)),
    ("law64a2-one-trick-transferred", &[(W, 2, "Law 64A2", 1)], (11, 2), (12, 1)),
    ("law64b3-dummy-revoke-and-64a2", &[(S, 1, "Law 64B3", 0), (W, 2, "Law 64A2", 1)], (11, 2), (12, 1)),
    ("law64b4-revoke-on-twelfth-trick", &[(N, 12, "Law 64B4", 0)], (11, 2), (11, 2)),
];

#[test]
fn revokes_and_trick_adjustments_match_the_hand_count() {
    let files = cases("1987-play");
    assert_eq!(files.len(), EXPECTED.len());
    for (name, revokes, won, adjusted) in EXPECTED {
        let ruling = rule_file(&root().join(format!("cases/1987-play/{name}.yaml")));
        let play = ruling.play.as_ref().unwrap_or_else(|| panic!("{name}: no play"));
        assert_eq!(play.tricks_played, 13, "{name}");
        assert_eq!(play.won, *won, "{name}: tricks as played");
        assert_eq!(play.adjusted, Some(*adjusted), "{name}: tricks after adjustment");
        let got: Vec<(Seat, usize, &str, usize)> =
            play.revokes.iter().map(|r| (r.revoke.seat, r.revoke.trick, r.rules[0], r.transferred)).collect();
        assert_eq!(got, *revokes, "{name}");
        for r in &play.revokes {
            assert!(r.revoke.established, "{name}");
            assert!(r.rectifications.iter().all(|x| !x.clauses.is_empty()), "{name}");
            assert!(r.rectifications.iter().any(|x| x.clauses.contains(&"Law 64C")), "{name}: equity review");
        }
        insta::assert_snapshot!(format!("play-{name}"), ruling.to_text());
    }
}

fn rule_text(text: &str) -> Result<bridgelaw_runtime::Ruling, String> {
    let case = bridgelaw::case_file::parse(text).map_err(|e| format!("{e:?}"))?;
    bridgelaw_runtime::rule(&case).map_err(|e| e.to_string())
}

const HEAD: &str = "edition: \"1987\"\ndealer: N\ndeal: \"N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432\"\ncontract: \"4S by N\"\nevents:\n";

#[test]
fn an_unestablished_revoke_transfers_nothing_and_play_in_progress_is_not_adjusted() {
    // West revokes on trick 2; play stops before anyone of East-West plays to trick 3.
    let ruling = rule_text(&format!(
        "{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - E: H8\n  - S: H5\n  - W: C2\n  - N: HA\n  - N: SA\n"
    ))
    .unwrap();
    let play = ruling.play.unwrap();
    assert_eq!(play.tricks_played, 2);
    assert!(!play.revokes[0].revoke.established);
    assert!(play.revokes[0].rules.is_empty());
    assert_eq!(play.adjusted, None);
}

#[test]
fn bad_play_is_a_clear_error() {
    let err = rule_text(&format!("{HEAD}  - E: SA\n")).unwrap_err();
    assert!(err.contains("East does not hold SA"), "{err}");
    let err = rule_text(&format!("{HEAD}  - W: D2\n")).unwrap_err();
    assert!(err.contains("West plays D2 when it is East's turn to play"), "{err}");
    let err = rule_text("edition: \"1987\"\ndealer: N\nevents:\n  - N: 1H\n  - E: SA\n").unwrap_err();
    assert!(err.contains("the auction has not ended"), "{err}");
    let no_deal = "edition: \"1987\"\ndealer: N\ncontract: \"4S by N\"\nevents:\n  - E: DA\n";
    assert!(rule_text(no_deal).unwrap_err().contains("no `deal`"));
    let bad_deal = "edition: \"1987\"\ndealer: N\ndeal: \"N:AKQ.x.y.z\"\nevents: []\n";
    assert!(rule_text(bad_deal).unwrap_err().contains("bad deal"));
}
