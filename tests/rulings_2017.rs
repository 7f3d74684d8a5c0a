//! Rulings under the 2017 edition beyond each case's own `expect:` block
//! (the dedicated 2017 cases carry expectations derived by hand from the 2017
//! Laws as summarized in laws/2017, checked by `cases.rs`): a case that names
//! no edition is ruled under the newest, and every case of the 1987 corpus is
//! also ruled under 2017 and kept as a snapshot.

use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::tables::Edition;
use bridgelaw_tests::{cases, root, rule_file};

#[test]
fn every_2017_case_is_ruled_under_2017_and_no_edition_means_the_newest() {
    for path in cases("2017") {
        assert_eq!(rule_file(&path).edition, "2017", "{}", path.display());
    }
    let unnamed = std::fs::read_to_string(root().join("cases/2017/no-edition-means-newest.yaml")).unwrap();
    assert!(!unnamed.lines().any(|l| l.starts_with("edition:")), "the case names no edition");
    assert_eq!(Edition::ALL.last().map(|e| e.name()), Some("2017"), "2017 is the newest edition built in");
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
                    r.clauses.iter().all(|c| Edition::E2017.clauses().iter().any(|k| k.id == c)),
                    "{}",
                    path.display()
                );
            }
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(format!("text-2017-{name}"), ruling.to_text());
    }
}
