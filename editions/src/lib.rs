//! The built-in editions: each edition's clauses, rules, decisions and ruling texts,
//! generated from `laws/` by the build script as static data implementing the
//! `bridgelaw_tables::Laws` interface, and the law sources they were generated from. A program
//! rules with them by linking this crate (`use bridgelaw_editions as _;`): it defines
//! `BRIDGELAW_BUILT_IN`, the one symbol by which `bridgelaw-tables` finds them
//! (`Edition::laws`). Only this crate and the programs that link it are rebuilt after a clause
//! edit.

// The generated code names the interface's types unqualified.
#[allow(clippy::wildcard_imports, reason = "the generated code is written against the whole interface")]
use bridgelaw_tables::*;

include!(concat!(env!("OUT_DIR"), "/editions.rs"));
include!(concat!(env!("OUT_DIR"), "/sources.rs"));

/// The generated Rust of the editions.
pub const GENERATED: &str = include_str!(concat!(env!("OUT_DIR"), "/editions.rs"));

/// The built-in laws, found by `bridgelaw_tables::built_in` through this symbol.
#[unsafe(no_mangle)]
pub static BRIDGELAW_BUILT_IN: BuiltInLaws =
    BuiltInLaws { editions: &EDITIONS, sources: &SOURCES, generated: GENERATED };

#[cfg(test)]
mod tests {
    use super::*;
    use bridgelaw_test_support::each_decision;

    /// The decision by the data alone: the entry table's decision by `index`, then, per
    /// delegation, the delegated table's by its `index`.
    fn followed(laws: &dyn Laws, table: Table, facts: &Facts) -> &'static Decided {
        let mut d = laws.entry(table, facts);
        while let Some((next, then)) = d.then {
            d = &then[laws.index(next, facts)];
        }
        d
    }

    /// Compares `decide`'s decision with the data's on `facts`, and its trace's length.
    fn check(laws: &dyn Laws, table: Table, facts: &Facts) {
        let data = followed(laws, table, facts);
        let decided = laws.decide(table, facts).decided();
        assert!(std::ptr::eq(decided, data), "{} {table:?} on {facts:?}", laws.name());
        let walked: usize = data.outcomes.iter().map(|t| t.clauses.len()).sum();
        assert_eq!(data.trace_len, walked, "{} {table:?} on {facts:?}", laws.name());
    }

    /// The generated `decide` (its delegations resolved at build time) gives the very decision
    /// that the entry table's index, then each delegated table's, give, with its trace counted
    /// right, on every combination of the facts of the tables asked, along every path of
    /// delegations, in both editions.
    #[test]
    fn decide_gives_the_decisions_of_the_indices_on_every_combination() {
        let mut checked = 0usize;
        for edition in Edition::ALL {
            for table in Table::ALL {
                let laws = edition.laws();
                checked += each_decision(laws, table, Facts::default(), &[], &mut |f| check(laws, table, f));
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// `Laws::heading` finds every heading by its entry's name (a `match` on the length, then
    /// on the name), and no other name.
    #[test]
    fn every_heading_is_found_by_its_name() {
        for (laws, headings) in [(Edition::E1987.laws(), &e1987::HEADINGS), (Edition::E2017.laws(), &e2017::HEADINGS)] {
            for (name, template) in headings.iter() {
                assert!(laws.heading(name).is_some_and(|t| std::ptr::eq(t, template)), "{name}");
                assert!(laws.heading(&format!("{name}_")).is_none());
                assert!(laws.heading(&name[1..]).is_none());
            }
            assert!(laws.heading("").is_none());
        }
    }
}
