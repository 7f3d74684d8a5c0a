//! The case corpus exercises every clause of Laws 25-39 and every commentary
//! paragraph on them (29.4 to 37.2): `bridgelaw coverage` lists none of them.

use bridgelaw::coverage;
use bridgelaw_runtime::tables::Edition;
use bridgelaw_tests::root;

/// The auction laws 25-39 and their commentary paragraphs (29.4 to 37.2).
fn in_scope(id: &str) -> bool {
    let number = id.trim_start_matches("Law ").trim_start_matches("Commentary ");
    let digits: String = number.chars().take_while(|c| c.is_ascii_digit()).collect();
    let range = if id.starts_with("Commentary ") { 29..=37 } else { 25..=39 };
    digits.parse::<u32>().is_ok_and(|n| range.contains(&n))
}

#[test]
fn every_clause_of_laws_25_to_39_and_every_commentary_paragraph_is_exercised() {
    let c = coverage::measure(&root().join("cases"), Edition::E1987).unwrap();
    assert!(c.errors.is_empty(), "{:?}", c.errors);
    assert!(c.cases >= 60, "{} cases", c.cases);
    let missing: Vec<&str> = c.uncovered().into_iter().filter(|id| in_scope(id)).collect();
    assert!(missing.is_empty(), "not exercised by any case: {missing:?}");
    let in_scope_total = Edition::E1987.clauses().iter().filter(|c| in_scope(c.id)).count();
    assert!(in_scope_total >= 70, "the 1987 laws hold {in_scope_total} clauses in scope");
}

#[test]
fn coverage_reports_what_no_case_cites() {
    // A directory with a single legal auction cites nothing.
    let dir = std::env::temp_dir().join(format!("bridgelaw-coverage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(root().join("cases/1987/legal-passed-out.yaml"), dir.join("case.yaml")).unwrap();
    let c = coverage::measure(&dir, Edition::E1987).unwrap();
    assert_eq!(c.cases, 1);
    assert_eq!(c.uncovered().len(), Edition::E1987.clauses().len());
}
