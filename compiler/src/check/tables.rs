//! Decision-table analysis: enumerates every combination of the facts a table
//! tests and finds gaps (nothing decides), conflicts (two rules decide and
//! neither overrides the other) and dead rules (never the deciding rule).
//! Each finding names a witnessing combination.

use crate::diagnostic::{Code, Diagnostic};
use crate::model::*;

/// Above this many combinations a table must be split.
const MAX_COMBINATIONS: usize = 1 << 16;
/// At most this many gap witnesses are reported per table.
const MAX_GAP_REPORTS: usize = 3;

pub fn analyse(p: &Program, e: &Edition, diagnostics: &mut Vec<Diagnostic>) -> Vec<Analysis> {
    (0..p.tables.len())
        .filter(|&t| e.rules.iter().any(|r| r.table == t))
        .filter_map(|t| analyse_table(p, e, t, diagnostics))
        .collect()
}

fn witness(p: &Program, facts: &[usize], values: &[usize]) -> String {
    facts
        .iter()
        .zip(values)
        .map(|(&f, &v)| format!("{} = {}", p.facts[f].name, p.facts[f].values[v].name))
        .collect::<Vec<_>>()
        .join(", ")
}

fn analyse_table(p: &Program, e: &Edition, t: usize, diagnostics: &mut Vec<Diagnostic>) -> Option<Analysis> {
    let table = &p.tables[t];
    let rules: Vec<usize> = (0..e.rules.len()).filter(|&r| e.rules[r].table == t).collect();
    let mut facts = Vec::new();
    for &r in &rules {
        e.rules[r].when.facts(&mut facts);
    }
    for a in &table.assume {
        a.when.facts(&mut facts);
    }
    facts.sort();
    let radix: Vec<usize> = facts.iter().map(|&f| p.facts[f].values.len()).collect();
    let total = radix.iter().try_fold(1usize, |acc, &n| acc.checked_mul(n)).unwrap_or(usize::MAX);
    let rule_diag = |code, r: usize, msg: String, help: String| {
        Diagnostic::error(code, msg).at(e.rules[r].location).clause(&e.clauses[e.rules[r].clause].id).help(help)
    };
    if total > MAX_COMBINATIONS {
        diagnostics.push(
            Diagnostic::error(Code::TableTooLarge, format!("table `{}` tests {total} fact combinations", table.name))
                .help("split the table with `delegate(...)` so each part tests fewer facts"),
        );
        return None;
    }
    let mut assignment = vec![0usize; p.facts.len()];
    let mut decided = vec![false; e.rules.len()];
    let mut applied_somewhere: Vec<Option<(Vec<usize>, usize)>> = vec![None; e.rules.len()];
    let mut verdicts = Vec::with_capacity(total);
    let mut gaps = 0usize;
    let mut reported_conflicts: Vec<(usize, usize)> = Vec::new();
    for n in 0..total {
        let values = decode_combination(n, &radix);
        for (&f, &v) in facts.iter().zip(&values) {
            assignment[f] = v;
        }
        if !table.assume.iter().all(|a| a.when.eval(&assignment)) {
            verdicts.push((values, Verdict::Assumed));
            continue;
        }
        let applicable: Vec<usize> = rules.iter().copied().filter(|&r| e.rules[r].when.eval(&assignment)).collect();
        let deciding: Vec<usize> = applicable
            .iter()
            .copied()
            .filter(|&r| !applicable.iter().any(|&s| e.rules[s].overrides.contains(&r)))
            .collect();
        for &r in &applicable {
            if !deciding.contains(&r) && applied_somewhere[r].is_none() {
                let by = applicable.iter().copied().find(|&s| e.rules[s].overrides.contains(&r)).unwrap_or(r);
                applied_somewhere[r] = Some((values.clone(), by));
            }
        }
        match deciding.as_slice() {
            [r] => {
                decided[*r] = true;
                verdicts.push((values, Verdict::Decided(*r)));
            }
            [] if applicable.is_empty() => {
                gaps += 1;
                if gaps <= MAX_GAP_REPORTS {
                    // Point at the table's first rule: the gap is the table's.
                    diagnostics.push(rule_diag(
                        Code::Gap,
                        rules[0],
                        format!("no rule of table `{}` decides the case {}", table.name, witness(p, &facts, &values)),
                        "add a rule for this case, widen a condition, or state why it cannot occur with an `assume:` on the table".into(),
                    ));
                }
                verdicts.push((values, Verdict::Assumed));
            }
            [] => {
                let ids: Vec<&str> = applicable.iter().map(|&r| e.rules[r].id.as_str()).collect();
                diagnostics.push(rule_diag(
                    Code::Cycle,
                    applicable[0],
                    format!(
                        "rules {} override one another in a cycle, so none decides the case {}",
                        ids.join(", "),
                        witness(p, &facts, &values)
                    ),
                    "remove one of the `overrides` entries".into(),
                ));
                verdicts.push((values, Verdict::Assumed));
            }
            [a, b, ..] => {
                if !reported_conflicts.contains(&(*a, *b)) {
                    reported_conflicts.push((*a, *b));
                    diagnostics.push(rule_diag(
                        Code::Conflict,
                        *b,
                        format!(
                            "rules `{}` and `{}` both decide the case {}",
                            e.rules[*a].id,
                            e.rules[*b].id,
                            witness(p, &facts, &values)
                        ),
                        format!(
                            "make the conditions exclusive, or add `overrides: [{}]` to the rule that should win",
                            e.rules[*a].id
                        ),
                    ));
                }
                verdicts.push((values, Verdict::Assumed));
            }
        }
    }
    if gaps > MAX_GAP_REPORTS {
        diagnostics.push(
            Diagnostic::error(
                Code::Gap,
                format!("table `{}` has {} more undecided cases", table.name, gaps - MAX_GAP_REPORTS),
            )
            .help("the cases above are the first of them"),
        );
    }
    for &r in &rules {
        if decided[r] {
            continue;
        }
        let (msg, help) = match &applied_somewhere[r] {
            Some((values, by)) => (
                format!("rule `{}` never decides: wherever it applies a rule that overrides it applies too, e.g. `{}` in the case {}", e.rules[r].id, e.rules[*by].id, witness(p, &facts, values)),
                "remove the rule, or narrow the rule that overrides it".to_string(),
            ),
            None => (
                format!("rule `{}` never applies: its condition `{}` holds in no admissible case", e.rules[r].id, e.rules[r].when_text),
                "fix the condition; it may contradict itself or the table's assumptions".to_string(),
            ),
        };
        diagnostics.push(rule_diag(Code::DeadRule, r, msg, help));
    }
    Some(Analysis { table: t, facts, verdicts })
}
