//! The checks that make a checked law safe for the runtime's table interface:
//! every rule produces only what its table declares (`produces:`), a table the
//! referee asks without a question to the director (`questions: false`) and
//! the tables it delegates to test derived facts only, and no decision takes
//! more steps (a table and its delegations) than a `Decision` holds.

use super::Checker;
use crate::diagnostic::Code;
use crate::model::*;

/// The most steps of one decision; `bridgelaw_tables::MAX_STEPS`.
pub const MAX_STEPS: usize = 4;

pub(super) fn check(c: &mut Checker, p: &Program, rules: &[Rule], clauses: &[Clause], edition: &str) {
    for r in rules {
        let table = &p.tables[r.table];
        let Some(produces) = &table.produces else { continue };
        for o in &r.outcomes {
            let OutcomeKind::Rectify { rectification, .. } = o.kind else { continue };
            if !produces.contains(&rectification) {
                let declared: Vec<&str> = produces.iter().map(|&i| p.rectifications[i].name.as_str()).collect();
                c.error(
                    Code::TypeError,
                    r.location,
                    Some(&clauses[r.clause].id),
                    format!(
                        "rule `{}` produces `{}`, which table `{}` does not declare",
                        r.id, p.rectifications[rectification].name, table.name
                    ),
                    format!(
                        "table `{}` produces: {}; add it to the table's `produces:` in vocabulary.yaml (the runtime must then apply it there), or use another outcome",
                        table.name,
                        declared.join(", ")
                    ),
                );
            }
        }
    }
    for t in (0..p.tables.len()).filter(|&t| !p.tables[t].questions) {
        for u in reachable(rules, t) {
            for r in rules.iter().filter(|r| r.table == u) {
                let mut facts = Vec::new();
                r.when.facts(&mut facts);
                if let Some(&f) = facts.iter().find(|&&f| p.facts[f].source != FactSource::Derived) {
                    let via =
                        if u == t { String::new() } else { format!(" (table `{}` delegates to it)", p.tables[t].name) };
                    c.error(
                        Code::TypeError,
                        r.location,
                        Some(&clauses[r.clause].id),
                        format!(
                            "rule `{}` of table `{}` tests the {} `{}`, but the referee asks table `{}` where it cannot put a question to the director{via}",
                            r.id,
                            p.tables[u].name,
                            p.facts[f].source.name(),
                            p.facts[f].name,
                            p.tables[t].name
                        ),
                        "test derived facts only in this table, or ask the judgement in a table with questions",
                    );
                }
            }
        }
    }
    for t in 0..p.tables.len() {
        let steps = steps(rules, t, 0);
        if steps > MAX_STEPS {
            c.error(
                Code::TableTooLarge,
                rules.iter().find(|r| r.table == t).and_then(|r| r.location),
                None,
                format!(
                    "in edition {edition}, a decision of table `{}` may take {steps} steps (the table and the tables it delegates to); at most {MAX_STEPS}",
                    p.tables[t].name
                ),
                "delegate less deeply, or merge tables",
            );
        }
    }
}

/// `table` and the tables it delegates to, directly or not.
fn reachable(rules: &[Rule], table: usize) -> Vec<usize> {
    let mut out = vec![table];
    let mut i = 0;
    while i < out.len() {
        let current = out[i];
        for r in rules.iter().filter(|r| r.table == current) {
            for o in &r.outcomes {
                if let OutcomeKind::Delegate { table } = o.kind {
                    if !out.contains(&table) {
                        out.push(table);
                    }
                }
            }
        }
        i += 1;
    }
    out
}

/// The most steps a decision of `table` takes: one, plus those of every delegation of its
/// rule that takes the most. `depth` stops a cycle (reported elsewhere).
fn steps(rules: &[Rule], table: usize, depth: usize) -> usize {
    if depth > MAX_STEPS || !rules.iter().any(|r| r.table == table) {
        return usize::from(depth <= MAX_STEPS);
    }
    1 + rules
        .iter()
        .filter(|r| r.table == table)
        .map(|r| {
            r.outcomes
                .iter()
                .map(|o| match o.kind {
                    OutcomeKind::Delegate { table } => steps(rules, table, depth + 1),
                    OutcomeKind::Rectify { .. } => 0,
                })
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0)
}
