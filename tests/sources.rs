//! The source registry and the drift check (issue 12 §4): every clause cites a
//! registered document, and every `verified` clause's text is found in the held
//! copy at the cited page. Each test alters the shipped laws in memory and
//! checks that the check notices.

use bridgelaw_compiler::diagnostic::Code;
use bridgelaw_compiler::model::Certainty;
use bridgelaw_compiler::{compile, SourceSet};
use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_tests::read_laws;

fn laws() -> SourceSet {
    read_laws("laws")
}

/// Replaces `from` by `to` in the file whose path ends with `file`.
fn edit(set: &mut SourceSet, file: &str, from: &str, to: &str) {
    let f = set.files.iter_mut().find(|f| f.path.ends_with(file)).expect("file in the law directory");
    assert!(f.text.contains(from), "{file} holds {from:?}");
    f.text = f.text.replacen(from, to, 1);
}

fn errors(set: &SourceSet) -> Vec<(Code, Option<String>, String)> {
    compile(set).diagnostics.into_iter().filter(|d| d.is_error()).map(|d| (d.code, d.clause, d.message)).collect()
}

#[test]
fn every_verified_clause_is_found_in_its_document() {
    let compiled = compile(&laws());
    let program = compiled.program.expect("the shipped laws compile");
    let counts: Vec<(&str, usize, usize)> = program
        .editions
        .iter()
        .map(|e| {
            let verified = e.clauses.iter().filter(|c| c.certainty == Certainty::Verified).count();
            (e.name.as_str(), e.verified_in_source, verified)
        })
        .collect();
    for (edition, found, verified) in &counts {
        assert_eq!(found, verified, "edition {edition}: every verified clause is found");
    }
    // No 2017 text is held: none of its clauses is verified.
    assert_eq!(counts.iter().find(|c| c.0 == "2017").map(|c| c.2), Some(0));
    assert!(counts.iter().find(|c| c.0 == "1987").is_some_and(|c| c.2 >= 59));
}

#[test]
fn a_changed_word_is_drift() {
    let mut set = laws();
    edit(&mut set, "1987/law17-19-33-39.yaml", "делает игрок, обозначенный", "делает игрок, указанный");
    let e = errors(&set);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].0, e[0].1.as_deref()), (Code::TextNotInSource, Some("Law 17B")));
}

#[test]
fn a_wrong_page_is_drift() {
    let mut set = laws();
    edit(&mut set, "1987/law17-19-33-39.yaml", r#"page: "51", paragraph: "B""#, r#"page: "55", paragraph: "B""#);
    let e = errors(&set);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, Code::TextNotInSource);
    assert!(e[0].2.contains("not on page 55"), "{}", e[0].2);
}

#[test]
fn an_artifact_not_listed_is_not_ignored() {
    // Without the `(DC4)` artifact, the commentary paragraphs that end with it no longer match.
    let mut set = laws();
    edit(
        &mut set,
        "sources.yaml",
        "      - {pattern: '\\(DC4\\)', because: \"an encoding artifact at the end of paragraphs\"}\n    repeated_lines: once\n\n  - id: commentary-1987-play-ru",
        "    repeated_lines: once\n\n  - id: commentary-1987-play-ru",
    );
    let e = errors(&set);
    assert!(!e.is_empty() && e.iter().all(|d| d.0 == Code::TextNotInSource), "{e:?}");
    assert!(e.iter().any(|d| d.1.as_deref() == Some("Commentary 35.1")), "{e:?}");
}

#[test]
fn an_unknown_document_is_rejected() {
    let mut set = laws();
    edit(
        &mut set,
        "1987/law17-19-33-39.yaml",
        "document: laws-1987, paragraph: \"19A\"",
        "document: laws-1897, paragraph: \"19A\"",
    );
    let e = errors(&set);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].0, e[0].1.as_deref()), (Code::UnknownName, Some("Law 19A")));
    assert!(e[0].2.contains("unknown document `laws-1897`"), "{}", e[0].2);
}

#[test]
fn a_verified_clause_of_a_document_not_held_is_rejected() {
    let mut set = laws();
    edit(
        &mut set,
        "1987/law17-19-33-39.yaml",
        "paragraph: \"19A\"}\n    certainty: summarized",
        "paragraph: \"19A\"}\n    certainty: verified\n    text: Контра",
    );
    let e = errors(&set);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].0, e[0].1.as_deref()), (Code::TextNotInSource, Some("Law 19A")));
}

#[test]
fn the_product_names_no_internal_seed_files() {
    // The law book and `explain` show the registry's bibliographic citation, not a file name.
    let set = laws();
    for f in set.files.iter().filter(|f| f.path.ends_with(".yaml")) {
        for word in ["seed", "002_96f57dc98754fd8c", "000_5d9415bf1e44fe65", "003_643fd0bbdfee20ab"] {
            assert!(!f.text.to_lowercase().contains(word), "{} mentions {word}", f.path);
        }
    }
}
