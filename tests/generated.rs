//! The generated decision tables: reproducible from the embedded sources,
//! headed `@generated`, and kept reviewable as a snapshot.

use bridgelaw_compiler::SourceSet;
use bridgelaw_runtime::tables::{self, Facts, Table, Turn};

#[test]
fn generated_code_is_reproducible_from_the_embedded_sources() {
    let set = SourceSet::from_embedded(tables::SOURCES);
    let code = bridgelaw_compiler::generate(&set).expect("embedded laws compile");
    assert_eq!(code, tables::GENERATED);
    assert!(code.starts_with("// @generated"));
    for f in tables::SOURCES {
        assert!(code.contains(&format!("//   {}", f.0)), "header names {}", f.0);
    }
}

#[test]
fn generated_code_snapshot() {
    insta::assert_snapshot!("tables", tables::GENERATED);
}

#[test]
fn tables_are_callable_directly_and_name_their_deciding_rule() {
    // Law 30B2 decides a pass at partner's turn after a bid, whatever the other facts.
    let facts = Facts { turn: Turn::Partner, anyone_has_bid: true, ..Facts::default() };
    let out = tables::decide(tables::Edition::E1987.laws(), Table::PassOutOfRotation, &facts);
    assert_eq!(out.rules().collect::<Vec<_>>(), ["Law 30B2"]);
    assert_eq!(out.tables().collect::<Vec<_>>(), [Table::PassOutOfRotation]);
    assert!(out.outcomes().count() > 0);
    assert!(out.outcomes().all(|o| o.clauses[0].id == "Law 30B2"));
}

#[test]
fn assumed_impossible_cases_are_reported_not_decided() {
    // After a bid, a player who has never called cannot be at his LHO's turn.
    let facts = Facts { turn: Turn::Lho, anyone_has_bid: true, offender_has_called: false, ..Facts::default() };
    let out = tables::decide(tables::Edition::E1987.laws(), Table::PassOutOfRotation, &facts);
    assert_eq!(out.rules().count(), 0);
    assert_eq!(out.unprovided().collect::<Vec<_>>(), [Table::PassOutOfRotation]);
}
