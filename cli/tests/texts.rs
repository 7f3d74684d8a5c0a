//! Ruling texts are the laws': a template edited in a copy of `laws/` changes what
//! `bridgelaw rule --laws DIR` says, an edition's own text applies to that edition
//! only, and every rectification of `laws/` has a template of its own.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_compiler::source::{parse, Parsed};
use bridgelaw_compiler::SourceSet;
use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_test_support::{laws_copy, replace_once, workspace};
use std::path::Path;
use std::process::Command;

/// `bridgelaw rule` on a corpus case, with `--laws DIR` when given, and its standard output.
fn rule(laws: Option<&Path>, edition: &str, case: &str) -> String {
    let mut args = vec!["rule".to_string(), "--edition".into(), edition.into(), format!("tests/cases/{case}")];
    if let Some(dir) = laws {
        args.extend(["--laws".to_string(), dir.display().to_string()]);
    }
    let o = Command::new(env!("CARGO_BIN_EXE_bridgelaw")).args(&args).current_dir(workspace()).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

const REVOKE: &str = "1987-play/law64a2-one-trick-transferred.yaml";
const ESTABLISHED: &str = "West's revoke is established: it may no longer be corrected, except on the twelfth trick, and the revoke trick stands (Law 63A1; Law 63)";

#[test]
fn an_edited_template_changes_the_ruling_text() {
    // The law claim "except on the twelfth trick" is the vocabulary's words: dropped there, it
    // is gone from the ruling, and nothing else of the ruling changes.
    let dir = laws_copy("texts-edited", |dir| {
        replace_once(
            &dir.join("vocabulary.yaml"),
            "it may no longer be corrected, except on the twelfth trick, and the revoke trick stands",
            "it may no longer be corrected, and the revoke trick stands",
        )
    });
    let before = rule(None, "1987", REVOKE);
    let after = rule(Some(&dir), "1987", REVOKE);
    assert!(before.contains(ESTABLISHED), "{before}");
    let edited =
        "West's revoke is established: it may no longer be corrected, and the revoke trick stands (Law 63A1; Law 63)";
    assert!(after.contains(edited), "{after}");
    assert_eq!(after.replace(edited, ESTABLISHED), before);
    // The unedited copy rules with the built-in words, byte for byte.
    let same = laws_copy("texts-unedited", |_| {});
    assert_eq!(rule(Some(&same), "1987", REVOKE), before);
}

#[test]
fn an_editions_own_text_applies_to_that_edition_only() {
    // 2017 words `must_pass` in its edition.yaml; the 1987 ruling of the same case keeps the
    // vocabulary's words.
    let dir = laws_copy("texts-override", |dir| {
        let edition = dir.join("2017/edition.yaml");
        let mut text = std::fs::read_to_string(&edition).unwrap();
        // The edition's `texts:` list is the file's last key: the entry joins it.
        assert!(text.contains("\ntexts:\n"), "2017/edition.yaml no longer has its own texts");
        text.push_str(
            "  - rectification: must_pass\n    text: \"{who} is to pass {duration|next_turn=at his next turn|throughout=until the auction ends}\"\n",
        );
        std::fs::write(&edition, text).unwrap();
    });
    let case = "1987/law30-b2-partner-turn.yaml";
    let (old_1987, new_1987) = (rule(None, "1987", case), rule(Some(&dir), "1987", case));
    assert_eq!(new_1987, old_1987);
    assert!(new_1987.contains("  - North must pass throughout the auction (Law 30B2;"), "{new_1987}");
    let (old_2017, new_2017) = (rule(None, "2017", case), rule(Some(&dir), "2017", case));
    let (vocabulary, own) =
        ("    - South must pass at the next turn to call (", "    - South is to pass at his next turn (");
    assert!(old_2017.contains(vocabulary) && !old_2017.contains(own), "{old_2017}");
    assert!(new_2017.contains(own) && !new_2017.contains(vocabulary), "{new_2017}");
    assert_eq!(new_2017.replace(own, vocabulary), old_2017);
}

#[test]
fn an_entry_heading_is_the_laws_and_an_edition_may_give_its_own() {
    // 2017 gives its own heading to a pass out of rotation; 1987 keeps the vocabulary's.
    let dir = laws_copy("texts-heading", |dir| {
        let edition = dir.join("2017/edition.yaml");
        let mut text = std::fs::read_to_string(&edition).unwrap();
        text.push_str(
            "headings:\n  - entry: pass_out_of_rotation\n    text: \"{offender} passed out of turn ({act}), when it was {turn}'s turn\"\n",
        );
        std::fs::write(&edition, text).unwrap();
    });
    let case = "1987/law30-b2-partner-turn.yaml";
    let (vocabulary, own) = (
        "Event 3: pass out of rotation by North (Pass) at South's turn",
        "Event 3: North passed out of turn (Pass), when it was South's turn",
    );
    let (old_1987, new_1987) = (rule(None, "1987", case), rule(Some(&dir), "1987", case));
    assert!(old_1987.contains(vocabulary), "{old_1987}");
    assert_eq!(new_1987, old_1987);
    let (old_2017, new_2017) = (rule(None, "2017", case), rule(Some(&dir), "2017", case));
    assert!(old_2017.contains(vocabulary) && !old_2017.contains(own), "{old_2017}");
    assert!(new_2017.contains(own) && !new_2017.contains(vocabulary), "{new_2017}");
    assert_eq!(new_2017.replace(own, vocabulary), old_2017);
    // A heading is checked as any template: an unknown placeholder is refused at `check`.
    let bad = laws_copy("texts-heading-bad", |dir| {
        replace_once(
            &dir.join("vocabulary.yaml"),
            "text: \"{offender}'s {act} does not meet a lead or play penalty\"",
            "text: \"{offendr}'s {act} does not meet a lead or play penalty\"",
        )
    });
    let o = Command::new(env!("CARGO_BIN_EXE_bridgelaw")).arg("check").arg(&bad).output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("unknown-name") && stderr.contains("offendr"), "{stderr}");
}

#[test]
fn the_play_summaries_are_the_laws_and_an_edition_may_give_its_own() {
    // 2017 words the revoke summary its own way; the play summary and 1987 keep the vocabulary's.
    let dir = laws_copy("texts-summary", |dir| {
        let edition = dir.join("2017/edition.yaml");
        let mut text = std::fs::read_to_string(&edition).unwrap();
        text.push_str(
            "summaries:\n  - name: revoke\n    text: \"{offender} revoked with {act} on trick {trick} ({revoke.suit_led} led); {revoke.state|open=open|_=ruled}.\"\n",
        );
        std::fs::write(&edition, text).unwrap();
    });
    let vocabulary = "Revoke by West on trick 2: C2 played while holding hearts; established.";
    let own = "West revoked with C2 on trick 2 (hearts led); ruled.";
    let (old_1987, new_1987) = (rule(None, "1987", REVOKE), rule(Some(&dir), "1987", REVOKE));
    assert!(old_1987.contains(vocabulary), "{old_1987}");
    assert_eq!(new_1987, old_1987);
    let (old_2017, new_2017) = (rule(None, "2017", REVOKE), rule(Some(&dir), "2017", REVOKE));
    assert!(old_2017.contains(vocabulary) && old_2017.contains("Play: 13 tricks played;"), "{old_2017}");
    assert!(new_2017.contains(own) && !new_2017.contains(vocabulary), "{new_2017}");
    assert_eq!(new_2017.replace(own, vocabulary), old_2017);
    // A summary names only what it summarizes: `{turn}` is no value of the revoke summary.
    let bad = laws_copy("texts-summary-bad", |dir| {
        replace_once(
            &dir.join("vocabulary.yaml"),
            "text: \"Revoke by {offender} on trick",
            "text: \"Revoke by {turn} on trick",
        )
    });
    let o = Command::new(env!("CARGO_BIN_EXE_bridgelaw")).arg("check").arg(&bad).output().unwrap();
    let out = String::from_utf8_lossy(&o.stdout).to_string() + &String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("unknown-name") && out.contains("turn"), "{out}");
}

#[test]
fn every_rectification_of_the_laws_has_a_template() {
    let set = SourceSet::read_dir(&workspace().join("laws")).unwrap();
    let mut diagnostics = Vec::new();
    let parsed = parse(&set, &mut diagnostics);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let vocabulary = parsed
        .iter()
        .find_map(|p| match p {
            Parsed::Vocabulary(v) => Some(v),
            _ => None,
        })
        .unwrap();
    let missing: Vec<&str> =
        vocabulary.rectifications.iter().filter(|r| r.text.is_none()).map(|r| r.name.as_str()).collect();
    assert!(missing.is_empty(), "rectifications without a `text:`: {missing:?}");
}

/// The test fixture's laws with `text` as the template of `must_pass`.
fn compile_with(text: &str) -> Vec<String> {
    let fixture = workspace().join("tests/bad/fixtures/template-unused-parameter");
    let read = |p: &str| std::fs::read_to_string(fixture.join(p)).unwrap();
    let vocabulary = read("vocabulary.yaml").replace("\"{who} must pass\"", &format!("{text:?}"));
    let files = [
        ("laws/vocabulary.yaml", vocabulary),
        ("laws/sources.yaml", read("sources.yaml")),
        ("laws/1987/edition.yaml", read("1987/edition.yaml")),
        ("laws/1987/clauses.yaml", read("1987/clauses.yaml")),
    ];
    let files: Vec<(&str, &str)> = files.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let compiled = bridgelaw_compiler::compile(&SourceSet::from_embedded(&files));
    compiled.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.code.as_str().to_string()).collect()
}

#[test]
fn templates_are_checked_without_a_panic_on_any_text() {
    let fine = "{who} must pass {duration|next_turn=at the next turn|throughout=throughout the auction}";
    assert_eq!(compile_with(fine), Vec::<String>::new());
    // Each bad template is refused with its class of error, never a panic; the characters
    // outside ASCII test the positions inside the template.
    let bad: &[(&str, &str)] = &[
        ("{who} must pass {duration|next_turn=é|throughout=ü", "template-syntax"),
        ("{who} must pass {duration|é=x|throughout=y}", "template-syntax"),
        ("{who} must pass {duration|next_turn=x|throughout=y|throughout=z}", "type-error"),
        ("{who} must pass {duration|next_turn=x|throughout=y|_=z}", "type-error"),
        ("{who} must pass {duration|next_turn=x}", "type-error"),
        ("{who} must pass {duration|next_tur=x|_=y}", "unknown-name"),
        ("{who.lho} {duration|_=x}", "unknown-name"),
        ("{who} {duration|_=x} {act.suit}", "type-error"),
        ("{who} {duration|_=x} {offender?no}", "type-error"),
        ("{who} {duration|_=x} {offender|a=b}", "type-error"),
        ("{who} {duration|_=x} {act.colour?x}", "unknown-name"),
        ("{who} {duration|_=x} }", "template-syntax"),
        ("{who} {duration|_=x} {", "template-syntax"),
        ("{who} {duration|_=x} {.}", "template-syntax"),
        ("{who} {duration|_=x} {act!}", "template-syntax"),
        ("{who} {duration|_={turn.position|_={seats.count|none=ж|_=ё}}}", ""),
    ];
    for (text, code) in bad {
        let codes = compile_with(text);
        if code.is_empty() {
            assert!(codes.is_empty(), "{text}: {codes:?}");
        } else {
            assert_eq!(codes, [code.to_string()], "{text}");
        }
    }
}

/// `bridgelaw rule` on a case file's text, with `--laws DIR` when given.
fn rule_text(name: &str, case: &str, laws: Option<&Path>) -> String {
    let dir = bridgelaw_test_support::scratch(&format!("texts-case-{name}"));
    let file = dir.join(format!("{name}.yaml"));
    std::fs::write(&file, case).unwrap();
    let mut args = vec!["rule".to_string(), file.display().to_string()];
    if let Some(dir) = laws {
        args.extend(["--laws".to_string(), dir.display().to_string()]);
    }
    let o = Command::new(env!("CARGO_BIN_EXE_bridgelaw")).args(&args).current_dir(workspace()).output().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn obligations_are_worded_by_their_rectifications_standing_texts() {
    // Auctions stopped while an obligation still binds. Law 30B2: North's pass out of rotation
    // at partner's turn bars him throughout, and South may not double or redouble at his next
    // turn. Law 31A1: East's bid at North's turn, North passes: East must repeat 1H. Law 27B2:
    // West's insufficient 1S, to be corrected otherwise than in the same denomination: West
    // must make a sufficient bid or pass, and East must pass throughout.
    let cases = [
        (
            "ob-30b2",
            "dealer: N\nedition: \"1987\"\nevents:\n  - N: 1H\n  - E: pass\n  - N: pass\n  - director: {pass_meaning: natural}\n",
            &[
                "Obligation: North must pass throughout the auction (Law 30B2; Law 30B2(a); commentary 30.4; Law 30).",
                "Obligation: South may not double or redouble at the next turn (Law 30B2; Law 30B2(b); Law 30).",
            ][..],
        ),
        (
            "ob-31a1",
            "dealer: N\nedition: \"1987\"\nevents:\n  - E: 1H\n  - director\n  - N: pass\n",
            &["Obligation: East must repeat 1H at the next turn (Law 31A1; Law 31A; Law 31)."][..],
        ),
        (
            "ob-27b2",
            "dealer: N\nedition: \"1987\"\nevents:\n  - N: 1H\n  - E: pass\n  - S: 2H\n  - W: 1S\n  - director: {correction: other}\n",
            &[
                "Obligation: West must make a sufficient bid or pass at the next turn (Law 27).",
                "Obligation: East must pass throughout the auction (Law 27B2; Law 27).",
            ][..],
        ),
    ];
    for (name, case, lines) in cases {
        let out = rule_text(name, case, None);
        let obligations: Vec<&str> = out.lines().filter(|l| l.starts_with("Obligation:")).collect();
        assert_eq!(obligations, lines, "{out}");
    }
    // The words are the laws': edited in a copy, the obligation says the edited words.
    let dir = laws_copy("texts-standing", |dir| {
        replace_once(
            &dir.join("vocabulary.yaml"),
            "standing: \"{seats} must repeat {act} at the next turn\"",
            "standing: \"{seats} is to call {act} again at his next turn\"",
        )
    });
    let out = rule_text("ob-31a1-edited", cases[1].1, Some(&dir));
    assert!(out.contains("Obligation: East is to call 1H again at his next turn (Law 31A1;"), "{out}");
}
