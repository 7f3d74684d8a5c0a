//! Every bad input under `tests/bad/` run through the built binary: its standard error and
//! exit status (and the start of its standard output) are a snapshot, reviewed by hand.
//!
//! An entry is a top-level file of `tests/bad/`:
//! - `NAME.yaml` (or `.yml`): a case file, run as `bridgelaw rule FILE`, or as the command its
//!   first line gives: `# bridgelaw: diff --from 1987 --to 2017 {}` (`{}` is the file);
//! - `NAME.args`: one command line for `bridgelaw`, paths relative to the workspace.
//!
//! Fixtures the commands read (directories of cases, law directories) are under
//! `tests/bad/fixtures/`, which is not itself an entry.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
use std::path::{Path, PathBuf};
use std::process::Command;

use bridgelaw_test_support::{laws_copy, workspace};

/// The arguments of an entry.
fn arguments(relative: &str, path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).expect("an entry is readable");
    let text = String::from_utf8_lossy(&bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let first = text.lines().next().unwrap_or_default();
    let line = if relative.ends_with(".args") {
        first.to_string()
    } else {
        first.strip_prefix("# bridgelaw:").map(str::trim).unwrap_or("rule {}").to_string()
    };
    words(&line).into_iter().map(|a| a.replace("{}", relative)).collect()
}

/// A command line split into words; double quotes group words (`"Law 30"`).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut word, mut quoted, mut any) = (String::new(), false, false);
    for c in line.chars() {
        match c {
            '"' => (quoted, any) = (!quoted, true),
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// What a run shows: the command, the exit status, standard error, and the first lines of
/// standard output.
fn run(relative: &str, path: &Path) -> String {
    const STDOUT_LINES: usize = 20;
    let args = arguments(relative, path);
    let o = Command::new(env!("CARGO_BIN_EXE_bridgelaw"))
        .args(&args)
        .current_dir(workspace())
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let mut shown = lines.iter().take(STDOUT_LINES).copied().collect::<Vec<_>>().join("\n");
    if lines.len() > STDOUT_LINES {
        // Not the count: it grows with the corpus, and the snapshot is of the error.
        shown.push_str("\n[... more lines]");
    }
    format!(
        "$ bridgelaw {}\nexit status: {}\n--- stderr\n{}--- stdout\n{shown}\n",
        args.join(" "),
        o.status.code().map_or("killed by a signal".into(), |c| c.to_string()),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn every_bad_input_has_its_reviewed_error() {
    let dir = workspace().join("tests/bad");
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/bad exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "yaml" || x == "yml" || x == "args"))
        .collect();
    entries.sort();
    assert!(entries.len() >= 30, "tests/bad holds {} entries", entries.len());
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.set_snapshot_path("snapshots/bad");
    settings.bind(|| {
        for path in &entries {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let shown = run(&format!("tests/bad/{name}"), path);
            assert!(!shown.contains("panicked"), "{name} panics:\n{shown}");
            insta::assert_snapshot!(name, shown);
        }
    });
}

/// A law file of a `--laws` directory with a key given twice: the duplicate is reported at its
/// second occurrence, naming the first, by every command that reads the directory.
#[test]
fn a_duplicate_key_in_a_law_directory_is_located() {
    let dir = laws_copy("bad-laws", |_| {});
    let file = dir.join("1987/law30.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let twice =
        text.replacen("    title: Pass out of rotation\n", "    title: Pass out of rotation\n    title: Again\n", 1);
    assert_ne!(text, twice, "the law file has the title line");
    std::fs::write(&file, twice).unwrap();
    let line = twice_line(&std::fs::read_to_string(&file).unwrap());
    let case = workspace().join("tests/cases/1987/law30-b2-partner-turn.yaml");
    for args in [
        vec!["check".into(), dir.display().to_string()],
        vec!["rule".into(), "--laws".into(), dir.display().to_string(), case.display().to_string()],
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_bridgelaw")).args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(&format!("law30.yaml:{line}:5")), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("duplicate key `title` (first given at line {}, column 5)", line - 1)),
            "{args:?}: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The line of the second `title:` of the first clause.
fn twice_line(text: &str) -> usize {
    text.lines().position(|l| l == "    title: Again").unwrap() + 1
}

/// An irregularity the edition's tables do not yet rule: in a copy of the laws whose 1987
/// edition has no rule of the `quitted_trick_inspection` table (commentary 61.4's rules taken
/// out), a request to inspect a quitted trick is a `not-yet-ruled` error naming the table and
/// the edition, at the event at fault (the request, event 9).
#[test]
fn an_irregularity_no_table_rules_yet_names_the_table_and_the_edition() {
    let dir = laws_copy("bad-unruled", |_| {});
    let file = dir.join("1987/play-50-60.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let start = text.find("      - id: Commentary 61.4 (director consents)").expect("the rules of commentary 61.4");
    let end = text[start..].find("          - inspection_refused\n").expect("its second rule") + start;
    let rules = &text[text[..start].rfind("    rules:\n").unwrap()..end + "          - inspection_refused\n".len()];
    std::fs::write(&file, text.replacen(rules, "", 1)).unwrap();
    let case = "tests/cases/1987-play/commentary61-4-quitted-trick-not-inspected.yaml";
    for format in ["text", "json"] {
        let o = Command::new(env!("CARGO_BIN_EXE_bridgelaw"))
            .args(["rule", "--format", format, "--laws", &dir.display().to_string(), case])
            .current_dir(workspace())
            .output()
            .unwrap();
        let shown = format!(
            "exit status: {}\n--- stderr\n{}--- stdout\n{}",
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stderr),
            String::from_utf8_lossy(&o.stdout)
        );
        let mut settings = insta::Settings::clone_current();
        settings.set_prepend_module_to_snapshot(false);
        settings.set_snapshot_path("snapshots/bad");
        settings.bind(|| insta::assert_snapshot!(format!("not-yet-ruled-{format}"), shown));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
