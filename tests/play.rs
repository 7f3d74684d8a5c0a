//! Play rulings beyond each case's own `expect:` block (checked one test per
//! file by `cases.rs`; every expectation was derived by hand from the law
//! text and the case's cards, and each case file says how): properties every
//! play ruling must have, the insta snapshots of the traced rulings, and
//! rulings on play records written inline, including the clear errors for bad
//! ones.

use bridgelaw_runtime::auction::Seat::*;
use bridgelaw_runtime::Ruling;
use bridgelaw_tests::{cases, root, rule_file};

#[test]
fn play_rulings_are_traced_and_snapshotted() {
    let files = cases("1987-play");
    assert!(files.len() >= 40);
    for path in files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let ruling = rule_file(&path);
        let play = ruling.play.as_ref().unwrap_or_else(|| panic!("{name}: no play"));
        for r in &play.revokes {
            assert!(r.rectifications.iter().all(|x| !x.clauses.is_empty()), "{name}");
            if r.transferred > 0 || play.adjusted.is_some() && r.revoke.established {
                assert!(r.rectifications.iter().any(|x| x.clauses.contains(&"Law 64C")), "{name}: equity review");
            }
        }
        assert!(!ruling.trace.is_empty(), "{name}: a trace");
        insta::assert_snapshot!(format!("play-{name}"), ruling.to_text());
    }
}

#[test]
fn spreading_declarer_becomes_dummy() {
    let ruling = rule_file(&root().join("cases/1987-play/law54a-declarer-spreads.yaml"));
    let play = ruling.play.expect("a play");
    assert_eq!((play.declarer, play.dummy), (S, N));
}

fn rule_text(text: &str) -> Result<Ruling, String> {
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
fn a_lead_out_of_turn_without_declarer_s_choice_is_an_open_question() {
    let ruling = rule_text(&format!("{HEAD}  - W: H2\n  - director\n  - N: HA\n")).unwrap();
    let ir = &ruling.irregularities[0];
    assert_eq!(ir.open_questions, ["lead_choice", "declarer_saw_dummy"]);
    let options: Vec<&str> = ir.alternatives.iter().map(|a| a.rules[1]).collect();
    assert_eq!(options, ["Law 54B", "Law 54D", "Law 54A", "Law 54C"]);
    assert_eq!(ruling.unevaluated_events, 1);
}

#[test]
fn bad_play_is_a_clear_error() {
    let err = rule_text(&format!("{HEAD}  - E: SA\n")).unwrap_err();
    assert!(err.contains("East does not hold SA"), "{err}");
    // Declarer playing to a trick out of turn is not ruled by the 2017 tables.
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - N: DJ\n").replace("\"1987\"", "\"2017\"")).unwrap_err();
    assert!(err.contains("declarer plays out of turn by North (DJ)"), "{err}");
    assert!(err.contains("tables of edition 2017 do not yet rule"), "{err}");
    // The 2017 edition has no tables for leads out of turn yet.
    let err = rule_text(&format!("{HEAD}  - W: H2\n").replace("\"1987\"", "\"2017\"")).unwrap_err();
    assert!(err.contains("tables of edition 2017 do not yet rule"), "{err}");
    let err =
        rule_text(&format!("{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - claim: {{N: 13}}\n")).unwrap_err();
    assert!(err.contains("North claims 13 tricks, but 12 remain"), "{err}");
    let err = rule_text("edition: \"1987\"\ndealer: N\nevents:\n  - N: 1H\n  - E: SA\n").unwrap_err();
    assert!(err.contains("the auction has not ended"), "{err}");
    let no_deal = "edition: \"1987\"\ndealer: N\ncontract: \"4S by N\"\nevents:\n  - E: DA\n";
    assert!(rule_text(no_deal).unwrap_err().contains("no `deal`"));
    let bad_deal = "edition: \"1987\"\ndealer: N\ndeal: \"N:AKQ.x.y.z\"\nevents: []\n";
    assert!(rule_text(bad_deal).unwrap_err().contains("bad deal"));
    // A revoke corrected by a player who holds a major penalty card of the suit led: the
    // substitute must be that card.
    let substitute = "  - W: H4\n  - director: {lead_choice: reject}\n  - director: {penalty_card_lead: neither}\n  - E: H8\n  - S: H5\n  - W: C2\n  - director\n  - W: H2\n";
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n{substitute}")).unwrap_err();
    assert!(err.contains("West's substitute must be his penalty card H4"), "{err}");
    // A card withdrawn that was not played after a corrected revoke.
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - withdraws: {{E: DA}}\n")).unwrap_err();
    assert!(err.contains("not a card played after a revoke corrected in this trick"), "{err}");
    let err = rule_text(&format!("{HEAD}  - E: DA\n  - S: D5\n  - ask: {{by: N, of: W}}\n")).unwrap_err();
    assert!(err.contains("West has not failed to follow suit"), "{err}");
}
