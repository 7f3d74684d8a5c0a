//! The `bridgelaw` binary as a user runs it: exit codes, messages, formats.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
use std::process::{Command, Output};

use bridgelaw_test_support::workspace;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bridgelaw")).args(args).current_dir(workspace()).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn rule_prints_the_traced_ruling() {
    let o = run(&["rule", "tests/cases/1987/law30-b2-partner-turn.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("North must pass throughout the auction (Law 30B2; Law 30B2(a)"), "{out}");
    assert!(out.contains("South may make any sufficient bid or pass at the next turn, but may not double or redouble (Law 30B2; Law 30B2(b)"), "{out}");
    assert!(out.contains("Final contract: 2H by North; opening lead by East."), "{out}");
}

#[test]
fn rule_json_is_valid_json() {
    let o = run(&["rule", "tests/cases/1987/law30-b2-partner-turn.yaml", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["contract"]["declarer"], "N");
}

#[test]
fn malformed_case_names_file_line_and_column() {
    let dir = std::env::temp_dir().join(format!("bridgelaw-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let case = dir.join("bad.yaml");
    std::fs::write(&case, "edition: \"1987\"\ndealer: N\nevents:\n  - N: 1H\n  - E: 9Q\n  - X: pass\n").unwrap();
    let o = run(&["rule", case.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("Error: malformed: `9Q` is not a call"), "{err}");
    assert!(err.contains("bad.yaml:5:8\n"), "{err}");
    assert!(err.contains("Error: malformed: `X` is not a seat"), "{err}");
    assert!(err.contains("bad.yaml:6:5\n"), "{err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn a_case_the_tables_cannot_rule_is_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("bridgelaw-cli-ib-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // An answer no rule admits (declarer spreads his hand after a lead out of turn that is not
    // the opening lead, which Law 54A does not allow): the referee says so, at the event at
    // fault (the director entry that gives the answer, not the lead), instead of guessing.
    let case = dir.join("spread-after-a-later-lead-2017.yaml");
    let text = "edition: \"2017\"\ndealer: N\ndeal: \"N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432\"\ncontract: \"4S by N\"\nevents:\n  - E: DA\n  - S: D5\n  - W: D2\n  - N: DJ\n  - W: H4\n  - director: {lead_choice: spread}\n";
    std::fs::write(&case, text).unwrap();
    let o = run(&["rule", case.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(
        err.contains(
            "Error: no-rule-applies [event 6]: lead out of turn by West (H4): no rule of edition 2017 applies with lead_choice = spread"
        ),
        "{err}"
    );
    assert!(err.contains("spread-after-a-later-lead-2017.yaml:11:5\n"), "{err}");
    assert!(err.contains("table `lead_out_of_turn`"), "{err}");
}

#[test]
fn unreadable_files_and_bad_arguments_exit_non_zero_without_panic() {
    let o = run(&["rule", "no/such/case.yaml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read no/such/case.yaml"));
    let o = run(&["check", "no/such/dir"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["rule"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["rule", "tests/cases/1987/law30-b2-partner-turn.yaml", "--format", "xml"]);
    assert_eq!(o.status.code(), Some(2));
    for o in [run(&["frobnicate"]), run(&["check", "no/such/dir"])] {
        assert!(!stderr(&o).contains("panicked"));
    }
}

#[test]
fn check_passes_on_the_embedded_laws_and_fails_on_broken_ones() {
    let o = run(&["check"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("edition 1987:"));
    let o = run(&["check", "laws"]);
    assert_eq!(o.status.code(), Some(0));
    let o = run(&["check", "tests/broken/gap"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("no rule of table `entry` decides the case turn = partner"));
    let o = run(&["check", "tests/broken/unknown-name", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 3, "all errors in one run");
}

#[test]
fn emit_prints_the_generated_tables() {
    let o = run(&["emit"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("// @generated"));
    let o = run(&["emit", "laws"]);
    assert!(stdout(&o).contains("pub mod pass_out_of_rotation"));
}

#[test]
fn explain_shows_text_rules_and_references_both_ways() {
    let o = run(&["explain", "Law 30B2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Law 30B2 — At partner's turn (law, edition 1987)"), "{out}");
    assert!(out.contains("2.В очередь партнёра"), "{out}");
    assert!(out.contains("when anyone_has_bid and turn == partner"), "{out}");
    assert!(out.contains("Refers to: Law 30B2(a), Law 30B2(b)"), "{out}");
    assert!(out.contains("Referred to by: Law 30B"), "{out}");
    let o = run(&["explain", "Law 23B"]);
    assert!(
        stdout(&o).contains(
            "Referred to by: Law 23, Law 30A, Law 30B2, Law 30B2(a), Law 30B2(b), Commentary 30.3, Commentary 30.4"
        ),
        "{}",
        stdout(&o)
    );
    let o = run(&["explain", "Law 30B9"]);
    assert_eq!(o.status.code(), Some(2), "an unknown clause is a wrong argument");
    assert!(stderr(&o).contains("did you mean"), "{}", stderr(&o));
    // A clause of another edition is said to be there, not suggested as itself (review C, A10).
    let o = run(&["explain", "Law 30B2(a)", "--edition", "2017"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no clause `Law 30B2(a)` in edition 2017; it is in edition 1987"), "{}", stderr(&o));
}

#[test]
fn edition_can_be_chosen_and_defaults_to_the_newest() {
    let o = run(&["rule", "tests/cases/1987/law30-b1-rho-turn.yaml", "--edition", "2017"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Edition 2017;"), "{out}");
    assert!(out.contains("South must pass at the next turn to call (Law 30A"), "{out}");
    let o = run(&["rule", "tests/cases/2017/no-edition-means-newest.yaml"]);
    assert!(stdout(&o).starts_with("Edition 2017;"), "{}", stdout(&o));
    let o = run(&["rule", "tests/cases/1987/law30-b1-rho-turn.yaml", "--edition", "1066"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown edition `1066`; this build knows: 1987, 2017"), "{}", stderr(&o));
}

#[test]
fn diff_reports_rulings_and_laws() {
    let o = run(&["diff", "--from", "1987", "--to", "2017", "tests/cases/1987/law30-b2-partner-turn.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Ruling report: edition 1987 -> edition 2017; 1 of 1 cases change."), "{out}");
    assert!(out.contains("Static report: edition 1987 -> edition 2017"), "{out}");
    assert!(out.contains("Law 17D3: added"), "{out}");
    let o = run(&["diff", "--from", "1987", "--to", "2017", "--format", "json", "tests/cases/2017"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["rulings"]["cases"].as_u64().unwrap() >= 10);
    assert!(v["laws"]["tables"].as_array().unwrap().len() >= 7);
    let o = run(&["diff", "--from", "1987", "--to", "1999"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no edition `1999`"), "{}", stderr(&o));
}

#[test]
fn a_closed_pipe_ends_quietly_and_a_full_disk_is_an_error() {
    use std::process::Stdio;
    // The reader goes away before the output is written: a pipe closed like `| head -1`.
    for args in [&["emit"][..], &["diff", "--from", "1987", "--to", "2017"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bridgelaw"))
            .args(args)
            .current_dir(workspace())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        drop(child.stdout.take());
        let o = child.wait_with_output().expect("the binary ends");
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{args:?} ends quietly");
    }
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let o = Command::new(env!("CARGO_BIN_EXE_bridgelaw"))
        .args(["rule", "tests/cases/1987/law30-b2-partner-turn.yaml"])
        .current_dir(workspace())
        .stdout(full)
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("error: cannot write the output: No space left on device"), "{}", stderr(&o));
}

#[test]
fn every_subcommand_has_a_description_and_an_example() {
    // Every subcommand `bridgelaw --help` lists, so that a new one cannot come without them.
    let top = stdout(&run(&["--help"]));
    let subs: Vec<String> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|s| s != "help")
        .collect();
    assert!(subs.len() >= 7, "{top}");
    for sub in subs.iter().map(String::as_str) {
        let o = run(&[sub, "--help"]);
        assert_eq!(o.status.code(), Some(0));
        let help = stdout(&o);
        assert!(help.lines().next().is_some_and(|l| l.len() > 20), "{sub}: {help}");
        assert!(help.contains(&format!("Example:\n  bridgelaw {sub}")), "{sub}: {help}");
    }
    let help = stdout(&run(&["rule", "--help"]));
    assert!(help.contains("by default the case's own `edition:`, else the newest edition built in"), "{help}");
}

#[test]
fn json_booleans_are_booleans_and_diff_sides_are_named() {
    let o = run(&["rule", "tests/cases/1987-play/law54b-opening-lead-accepted.yaml", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["schema_version"], 2);
    assert_eq!(v["irregularities"][0]["facts"]["opening_lead"], true, "{v}");
    let o = run(&[
        "diff",
        "--from",
        "1987",
        "--to",
        "2017",
        "--format",
        "json",
        "tests/cases/1987/law30-b2-partner-turn.yaml",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let change = &v["rulings"]["changed"][0];
    assert!(change["from"]["ruling"]["lines"][0]["text"].is_string(), "{change}");
    assert!(change["to"]["ruling"].is_object(), "{change}");
    assert!(change["from"].get("Ok").is_none());
}

#[test]
fn text_output_reads_as_english() {
    let out = stdout(&run(&["rule", "tests/cases/1987-play/law54b-opening-lead-accepted.yaml"]));
    assert!(out.contains("Auction: not recorded; the case gives the contract"), "{out}");
    assert!(!out.contains("trick(s)") && !out.contains(" []"), "{out}");
    let diff = stdout(&run(&["diff", "--from", "1987", "--to", "2017", "tests/cases/1987/law30-b2-partner-turn.yaml"]));
    let rule = stdout(&run(&["rule", "tests/cases/1987/law30-b2-partner-turn.yaml"]));
    assert!(rule.contains("commentary 30.1") && diff.contains("commentary 30.1"), "{diff}");
}
