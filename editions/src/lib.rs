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

    /// The decision by the data alone: the entry table's decision by `index`, then, per
    /// delegation, the delegated table's by its `index`.
    fn followed(laws: &dyn Laws, table: Table, facts: &Facts) -> &'static Decided {
        let mut d = laws.entry(table, facts);
        while let Some((next, then)) = d.then {
            d = &then[laws.index(next, facts)];
        }
        d
    }

    /// Compares `decide`'s decision with the data's on every combination of the facts of the
    /// tables the decision asks, path by path: the facts of the first table asked with a fact
    /// not yet in `fixed` take each combination in turn. Returns the count.
    fn cover(laws: &dyn Laws, table: Table, values: Facts, fixed: &[FactId]) -> usize {
        let data = followed(laws, table, &values);
        let open: Vec<FactId> = data
            .steps
            .iter()
            .find_map(|s| {
                let open: Vec<FactId> = laws.tests(s.table).iter().copied().filter(|f| !fixed.contains(f)).collect();
                (!open.is_empty()).then_some(open)
            })
            .unwrap_or_default();
        if open.is_empty() {
            let decided = laws.decide(table, &values).decided();
            assert!(std::ptr::eq(decided, data), "{} {table:?} on {values:?}", laws.name());
            let walked: usize = data.outcomes.iter().map(|t| t.clauses.len()).sum();
            assert_eq!(data.trace_len, walked, "{} {table:?} on {values:?}", laws.name());
            return 1;
        }
        let total: usize = open.iter().map(|f| f.values().len()).product();
        let mut more = fixed.to_vec();
        more.extend(&open);
        (0..total)
            .map(|n| {
                let mut values = values;
                let mut rest = n;
                for f in &open {
                    values.set(*f, rest % f.values().len());
                    rest /= f.values().len();
                }
                cover(laws, table, values, &more)
            })
            .sum()
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
                checked += cover(edition.laws(), table, Facts::default(), &[]);
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
