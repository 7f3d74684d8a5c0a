//! `bridgelaw test` as a user runs it: the corpus passes, a wrong expectation
//! fails with its file, field, expected and actual values, malformed blocks are
//! positioned errors, and unreadable paths exit 2.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use bridgelaw_test_support::{copy_dir, workspace};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bridgelaw")).args(args).current_dir(workspace()).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A fresh directory for this test's case files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bridgelaw-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A corpus case with `from` replaced by `to` (which must occur in it).
fn edited(case: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(workspace().join("tests/cases").join(case)).unwrap();
    assert!(text.contains(from), "{case} contains {from}");
    text.replacen(from, to, 1)
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn the_corpus_passes() {
    let o = run(&["test"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let out = stdout(&o);
    let summary = out.lines().last().unwrap();
    let (passed, rest) = summary.split_once(" passed, ").expect("`N passed, N failed`");
    assert!(passed.parse::<usize>().unwrap() >= 170, "{summary}");
    assert_eq!(rest, "0 failed", "{out}");
}

#[test]
fn a_wrong_expectation_fails_with_file_field_expected_and_actual() {
    let dir = scratch("wrong");
    let case = edited("1987/law30-b2-partner-turn.yaml", "contract: \"2H by North\"", "contract: 2H by South");
    let case = case.replacen("must_pass N throughout @Law 30B2(a)", "must_pass N throughout @Law 30B1", 1);
    let file = write(&dir, "wrong.yaml", &case);
    let fine = write(&dir, "fine.yaml", &edited("1987/law29-lho-accepts.yaml", "", ""));
    let o = run(&["test", &file, &fine]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains(&format!("{file}:")) && out.contains("1987 contract: expected 2H by South, got 2H by North"),
        "{out}"
    );
    assert!(
        out.contains(
            "1987 rectifications[1]: expected must_pass N throughout @Law 30B1, got must_pass N throughout @Law 30B2"
        ),
        "{out}"
    );
    assert_eq!(out.lines().count(), 3, "one line per failing field, then the summary: {out}");
    assert!(out.ends_with("1 passed, 1 failed\n"), "{out}");
}

#[test]
fn the_json_report_has_the_documented_shape() {
    let dir = scratch("json");
    let file =
        write(&dir, "wrong.yaml", &edited("1987/law29-lho-accepts.yaml", "rules: [\"Law 29\"]", "rules: [\"Law 30\"]"));
    write(&dir, "none.yaml", "dealer: N\nevents:\n  - N: 1H\n");
    let o = run(&["test", "--format", "json", dir.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        (v["passed"].as_u64(), v["failed"].as_u64(), v["without_expectations"].as_u64()),
        (Some(0), Some(1), Some(1))
    );
    let case = v["cases"].as_array().unwrap().iter().find(|c| c["file"] == file.as_str()).expect("the case");
    assert_eq!(case["status"], "failed");
    let f = &case["failures"][0];
    assert_eq!((f["edition"].as_str(), f["field"].as_str()), (Some("1987"), Some("rules")));
    assert_eq!(f["expected"], serde_json::json!(["Law 30"]));
    assert_eq!(f["actual"], serde_json::json!(["Law 29"]));
    assert!(f["line"].as_u64().is_some() && f["column"].as_u64().is_some());
}

#[test]
fn a_malformed_expect_block_is_a_positioned_error() {
    let dir = scratch("malformed");
    let case = edited("1987/law29-lho-accepts.yaml", "    rules:", "    rulez:");
    let case = case.replacen("contract: \"2H by North\"", "contract: [2H]", 1);
    let line = 1 + case.lines().position(|l| l.starts_with("    rulez:")).unwrap();
    let file = write(&dir, "bad.yaml", &case);
    let o = run(&["test", &file]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("Error: malformed: unknown field `rulez` in `expect`; did you mean `rules`?"), "{out}");
    assert!(out.contains(&format!("   at {file}:{line}:5\n")), "{out}");
    assert!(out.contains("`contract` is a single value"), "{out}");
    // `bridgelaw rule` reads the block too, and reports the same errors.
    let rule = run(&["rule", &file]);
    assert_eq!(rule.status.code(), Some(1));
    let err = String::from_utf8_lossy(&rule.stderr);
    assert!(err.contains("unknown field `rulez`") && err.contains(&format!("{file}:{line}:5\n")), "{err}");
    // An edition the laws do not know.
    let other = write(&dir, "edition.yaml", &edited("1987/law29-lho-accepts.yaml", "  \"1987\":", "  \"1897\":"));
    let out = stdout(&run(&["test", &other]));
    assert!(out.contains("unknown edition `1897` in `expect`; the laws know: 1987, 2017"), "{out}");
}

#[test]
fn a_missing_path_is_an_error_not_zero_passed() {
    let o = run(&["test", "tests/no-such-cases"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("tests/no-such-cases: no such file or directory"));
    assert!(stdout(&o).is_empty());
    let empty = scratch("empty");
    assert_eq!(run(&["test", empty.to_str().unwrap()]).status.code(), Some(2));
}

#[test]
fn laws_rules_with_the_interpreter_and_shows_what_an_edit_breaks() {
    let same = run(&["test", "--laws", "laws", "tests/cases"]);
    assert_eq!(same.status.code(), Some(0), "{}", stdout(&same));
    assert_eq!(stdout(&same).lines().last(), stdout(&run(&["test"])).lines().last(), "the same summary as built in");
    // The edit of docs/revising.md, made in place: a pass at RHO's turn bars the offender throughout.
    let laws = scratch("laws").join("laws");
    copy_dir(&workspace().join("laws"), &laws);
    let file = laws.join("2017/laws.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let before = "        when: turn == rho\n        then:\n          - must_pass(offender, next_turn)\n";
    assert_eq!(text.matches(before).count(), 1, "the 2017 Law 30A rule");
    std::fs::write(&file, text.replace(before, &before.replace("next_turn", "throughout"))).unwrap();
    let o = run(&["test", "--laws", laws.to_str().unwrap(), "tests/cases/2017"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(
        out.contains("tests/cases/2017/law30a-rho-turn.yaml:")
            && out.contains(
                "2017 rectifications: expected [\"cancel_call @Law 29B\",\"must_pass S next_turn @Law 30A\"]"
            ),
        "{out}"
    );
    assert!(out.contains("must_pass S throughout @Law 30A"), "{out}");
    assert!(!out.contains("1987"), "only the 2017 rulings change: {out}");
}

#[test]
fn laws_that_do_not_exist_are_an_error() {
    let o = run(&["test", "--laws", "no-such-laws", "tests/cases"]);
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
}
