//! `bridgelaw-check`, the checker that needs no table build: exit statuses,
//! one edition directory, and a closed pipe.

use std::io::Read;
use std::process::{Command, Stdio};

fn check(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_bridgelaw-check"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("bridgelaw-check runs")
}

#[test]
fn exit_statuses_say_clean_broken_or_unreadable() {
    let o = check(&["laws"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stdout));
    let o = check(&["tests/broken/gap"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains("gap [Law 1]"));
    let o = check(&["tests/broken/gap", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(json[0]["code"], "gap");
    assert_eq!(check(&["no/such/dir"]).status.code(), Some(2));
    assert_eq!(check(&["--frobnicate"]).status.code(), Some(2));
}

#[test]
fn one_edition_directory_is_checked_with_its_parents_vocabulary() {
    let o = check(&["laws/1987"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.starts_with("edition 1987:") && !out.contains("edition 2017"), "{out}");
}

#[test]
fn a_closed_pipe_ends_the_report_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bridgelaw-check"))
        .arg("tests/broken/dead-rule")
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bridgelaw-check runs");
    drop(child.stdout.take());
    let mut stderr = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut stderr).expect("stderr reads");
    let status = child.wait().expect("bridgelaw-check ends");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(status.code(), Some(1));
}
