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

/// What one table's scan has learnt about its rules (indices local to the table).
struct Scan {
    /// The rules each rule overrides.
    overrides: Vec<Vec<usize>>,
    /// Per rule: decides some combination.
    decided: Vec<bool>,
    /// Per rule: applies in some combination.
    applies: Vec<bool>,
    /// Per rule: a combination where it applies but a rule that applies there overrides it.
    overridden: Vec<Option<(Vec<usize>, usize)>>,
    /// Per rule: named in a conflict or cycle report.
    reported: Vec<bool>,
    /// Scratch, per combination: the rules that apply, and by whom each rule is overridden.
    applicable: Vec<usize>,
    overridden_by: Vec<usize>,
    gaps: usize,
}

impl Scan {
    fn new(e: &Edition, rules: &[usize]) -> Scan {
        let local = |r: usize| rules.iter().position(|&x| x == r);
        let n = rules.len();
        Scan {
            overrides: rules.iter().map(|&r| e.rules[r].overrides.iter().filter_map(|&o| local(o)).collect()).collect(),
            decided: vec![false; n],
            applies: vec![false; n],
            overridden: vec![None; n],
            reported: vec![false; n],
            applicable: Vec::with_capacity(n),
            overridden_by: vec![usize::MAX; n],
            gaps: 0,
        }
    }

    /// The rules that decide the combination in `assignment`: each rule's
    /// condition is evaluated once, and each override followed once, so the
    /// cost is linear in the rules and their overrides.
    fn deciding(&mut self, e: &Edition, rules: &[usize], assignment: &[usize], values: &[usize]) -> Vec<usize> {
        self.applicable.clear();
        self.applicable.extend((0..rules.len()).filter(|&k| e.rules[rules[k]].when.eval(assignment)));
        for &s in &self.applicable {
            self.applies[s] = true;
            for &o in &self.overrides[s] {
                if self.overridden_by[o] == usize::MAX {
                    self.overridden_by[o] = s;
                }
            }
        }
        let mut deciding = Vec::new();
        for &k in &self.applicable {
            match self.overridden_by[k] {
                usize::MAX => deciding.push(k),
                by => {
                    if self.overridden[k].is_none() {
                        self.overridden[k] = Some((values.to_vec(), by));
                    }
                }
            }
        }
        for &s in &self.applicable {
            for &o in &self.overrides[s] {
                self.overridden_by[o] = usize::MAX;
            }
        }
        deciding
    }
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
    if total > MAX_COMBINATIONS {
        diagnostics.push(
            Diagnostic::error(Code::TableTooLarge, format!("table `{}` tests {total} fact combinations", table.name))
                .help("split the table with `delegate(...)` so each part tests fewer facts"),
        );
        return None;
    }
    let mut assignment = vec![0usize; p.facts.len()];
    let mut scan = Scan::new(e, &rules);
    let mut verdicts = Vec::with_capacity(total);
    for n in 0..total {
        let values = decode_combination(n, &radix);
        for (&f, &v) in facts.iter().zip(&values) {
            assignment[f] = v;
        }
        if !table.assume.iter().all(|a| a.when.eval(&assignment)) {
            verdicts.push((values, Verdict::Assumed));
            continue;
        }
        let deciding = scan.deciding(e, &rules, &assignment, &values);
        let verdict = match deciding.as_slice() {
            [k] => {
                scan.decided[*k] = true;
                Verdict::Decided(rules[*k])
            }
            _ => {
                undecided(p, e, t, &rules, &mut scan, &deciding, (&facts, &values), diagnostics);
                Verdict::Assumed
            }
        };
        verdicts.push((values, verdict));
    }
    if scan.gaps > MAX_GAP_REPORTS {
        diagnostics.push(
            Diagnostic::error(
                Code::Gap,
                format!("table `{}` has {} more undecided cases", table.name, scan.gaps - MAX_GAP_REPORTS),
            )
            .help("the cases above are the first of them"),
        );
    }
    dead_rules(p, e, &rules, &scan, &facts, diagnostics);
    Some(Analysis { table: t, facts, verdicts })
}

fn rule_diag(e: &Edition, code: Code, r: usize, msg: String, help: String) -> Diagnostic {
    Diagnostic::error(code, msg).at(e.rules[r].location).clause(&e.clauses[e.rules[r].clause].id).help(help)
}

/// Reports a combination that no single rule decides: a gap, a conflict, or
/// an override cycle. A conflict is reported for each rule not yet named in
/// one, so that every conflicting rule is named and the report stays linear.
#[allow(clippy::too_many_arguments)]
fn undecided(
    p: &Program,
    e: &Edition,
    t: usize,
    rules: &[usize],
    scan: &mut Scan,
    deciding: &[usize],
    (facts, values): (&[usize], &[usize]),
    diagnostics: &mut Vec<Diagnostic>,
) {
    let table = &p.tables[t];
    let case = witness(p, facts, values);
    match deciding {
        [] if scan.applicable.is_empty() => {
            scan.gaps += 1;
            if scan.gaps <= MAX_GAP_REPORTS {
                // Point at the table's first rule: the gap is the table's.
                diagnostics.push(rule_diag(
                    e,
                    Code::Gap,
                    rules[0],
                    format!("no rule of table `{}` decides the case {case}", table.name),
                    "add a rule for this case, widen a condition, or state why it cannot occur with an `assume:` on the table".into(),
                ));
            }
        }
        [] => {
            if scan.applicable.iter().all(|&k| scan.reported[k]) {
                return;
            }
            let ids: Vec<&str> = scan.applicable.iter().map(|&k| e.rules[rules[k]].id.as_str()).collect();
            for &k in &scan.applicable {
                scan.reported[k] = true;
            }
            diagnostics.push(rule_diag(
                e,
                Code::Cycle,
                rules[scan.applicable[0]],
                format!("rules {} override one another in a cycle, so none decides the case {case}", ids.join(", ")),
                "remove one of the `overrides` entries".into(),
            ));
        }
        [a, rest @ ..] => {
            for &b in rest {
                if scan.reported[*a] && scan.reported[b] {
                    continue;
                }
                scan.reported[*a] = true;
                scan.reported[b] = true;
                let (ra, rb) = (&e.rules[rules[*a]], &e.rules[rules[b]]);
                diagnostics.push(rule_diag(
                    e,
                    Code::Conflict,
                    rules[b],
                    format!("rules `{}` and `{}` both decide the case {case}", ra.id, rb.id),
                    format!(
                        "make the conditions exclusive, or add `overrides: [{}]` to the rule that should win",
                        ra.id
                    ),
                ));
            }
        }
    }
}

/// Reports the rules that decide no combination. A rule that applies only
/// where it conflicts (or cycles) was named in that report already.
fn dead_rules(
    p: &Program,
    e: &Edition,
    rules: &[usize],
    scan: &Scan,
    facts: &[usize],
    diagnostics: &mut Vec<Diagnostic>,
) {
    for (k, &r) in rules.iter().enumerate() {
        if scan.decided[k] {
            continue;
        }
        let (msg, help) = match &scan.overridden[k] {
            Some((values, by)) => (
                format!("rule `{}` never decides: wherever it applies a rule that overrides it applies too, e.g. `{}` in the case {}", e.rules[r].id, e.rules[rules[*by]].id, witness(p, facts, values)),
                "remove the rule, or narrow the rule that overrides it".to_string(),
            ),
            None if scan.applies[k] => continue,
            None => (
                format!("rule `{}` never applies: its condition `{}` holds in no admissible case", e.rules[r].id, e.rules[r].when_text),
                "fix the condition; it may contradict itself or the table's assumptions".to_string(),
            ),
        };
        diagnostics.push(rule_diag(e, Code::DeadRule, r, msg, help));
    }
}
