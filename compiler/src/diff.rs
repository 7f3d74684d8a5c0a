//! The static report of what a revision changes: clauses added, removed or
//! reworded, and, for each decision table, the fact combinations whose outcome
//! differs between two editions, found by enumerating the facts' domains.

use crate::model::{decode_combination, Cond, Edition, OutcomeKind, Program, Rule};
use serde::Serialize;

/// How a clause differs between the two editions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClauseChange {
    Added,
    Removed,
    /// The named fields differ: `title`, `text`, `summary`, `rules`.
    Reworded(Vec<&'static str>),
}

/// A table's decision for one combination: the deciding rule and its outcomes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub rule: String,
    /// Outcomes as written, without citations: `must_pass(offender, next_turn)`.
    pub outcomes: Vec<String>,
}

/// Combinations of facts that share the same change of outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowGroup {
    /// Each fact with the values it takes in these rows; facts free to take
    /// any value are left out.
    pub when: Vec<(String, Vec<String>)>,
    /// The number of fact combinations in the group.
    pub rows: usize,
    /// `None` when the edition has no rule for these rows.
    pub from: Option<Verdict>,
    pub to: Option<Verdict>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableChange {
    pub table: String,
    pub facts: Vec<String>,
    pub combinations: usize,
    pub changed: Vec<RowGroup>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StaticDiff {
    pub from: String,
    pub to: String,
    pub clauses: Vec<(String, ClauseChange)>,
    pub tables: Vec<TableChange>,
}

/// Compares two editions of the program.
pub fn diff(p: &Program, from: &str, to: &str) -> Result<StaticDiff, String> {
    let find = |name: &str| {
        p.editions.iter().find(|e| e.name == name).ok_or_else(|| {
            let known: Vec<&str> = p.editions.iter().map(|e| e.name.as_str()).collect();
            format!("no edition `{name}`; the laws hold: {}", known.join(", "))
        })
    };
    let (a, b) = (find(from)?, find(to)?);
    let mut clauses = Vec::new();
    for c in &a.clauses {
        match b.clause(&c.id) {
            None => clauses.push((c.id.clone(), ClauseChange::Removed)),
            Some(d) => {
                let mut fields = Vec::new();
                if c.title != d.title {
                    fields.push("title");
                }
                if c.text != d.text {
                    fields.push("text");
                }
                if c.summary != d.summary {
                    fields.push("summary");
                }
                if rules_of(p, a, &c.id) != rules_of(p, b, &d.id) {
                    fields.push("rules");
                }
                if !fields.is_empty() {
                    clauses.push((c.id.clone(), ClauseChange::Reworded(fields)));
                }
            }
        }
    }
    for d in &b.clauses {
        if a.clause(&d.id).is_none() {
            clauses.push((d.id.clone(), ClauseChange::Added));
        }
    }
    let tables = (0..p.tables.len()).filter_map(|t| table_change(p, a, b, t)).collect();
    Ok(StaticDiff { from: from.to_string(), to: to.to_string(), clauses, tables })
}

/// A clause's rules as text, for rewording detection.
fn rules_of(p: &Program, e: &Edition, id: &str) -> Vec<String> {
    let Some(ci) = e.clauses.iter().position(|c| c.id == id) else { return Vec::new() };
    e.rules
        .iter()
        .filter(|r| r.clause == ci)
        .map(|r| format!("{} | {} | {}", p.tables[r.table].name, r.when_text.trim(), outcomes(p, r).join("; ")))
        .collect()
}

fn outcomes(p: &Program, r: &Rule) -> Vec<String> {
    r.outcomes
        .iter()
        .map(|o| match &o.kind {
            OutcomeKind::Delegate { table } => format!("delegate({})", p.tables[*table].name),
            OutcomeKind::Rectify { rectification, args } => {
                let def = &p.rectifications[*rectification];
                if args.is_empty() {
                    def.name.clone()
                } else {
                    let args: Vec<&str> = def
                        .params
                        .iter()
                        .zip(args)
                        .map(|(param, &v)| p.types[param.ty].values[v].name.as_str())
                        .collect();
                    format!("{}({})", def.name, args.join(", "))
                }
            }
        })
        .collect()
}

/// The deciding rule of `table` in edition `e` for an assignment, if exactly one decides.
fn verdict(p: &Program, e: &Edition, table: usize, assignment: &[usize]) -> Option<Verdict> {
    let applicable: Vec<&Rule> = e.rules.iter().filter(|r| r.table == table && r.when.eval(assignment)).collect();
    let deciding: Vec<&&Rule> = applicable
        .iter()
        .filter(|r| {
            let index = e.rules.iter().position(|x| std::ptr::eq(x, **r));
            !applicable.iter().any(|s| index.is_some_and(|i| s.overrides.contains(&i)))
        })
        .collect();
    match deciding.as_slice() {
        [r] => Some(Verdict { rule: r.id.clone(), outcomes: outcomes(p, r) }),
        _ => None,
    }
}

/// One fact combination, as value indices in the order of the table's facts.
type Row = Vec<usize>;

fn table_change(p: &Program, a: &Edition, b: &Edition, table: usize) -> Option<TableChange> {
    let x = a.analyses.iter().find(|an| an.table == table);
    let y = b.analyses.iter().find(|an| an.table == table);
    if x.is_none() && y.is_none() {
        return None;
    }
    let mut facts: Vec<usize> = x.iter().chain(y.iter()).flat_map(|an| an.facts.iter().copied()).collect();
    facts.sort();
    facts.dedup();
    let assumptions: Vec<&Cond> = p.tables[table].assume.iter().map(|a| &a.when).collect();
    let radix: Vec<usize> = facts.iter().map(|&f| p.facts[f].values.len()).collect();
    let total: usize = radix.iter().product();
    let mut assignment = vec![0usize; p.facts.len()];
    let mut groups: Vec<(Option<Verdict>, Option<Verdict>, Vec<Row>)> = Vec::new();
    for n in 0..total {
        let values = decode_combination(n, &radix);
        for (&f, &v) in facts.iter().zip(&values) {
            assignment[f] = v;
        }
        if !assumptions.iter().all(|c| c.eval(&assignment)) {
            continue;
        }
        let (from, to) = (verdict(p, a, table, &assignment), verdict(p, b, table, &assignment));
        let same = match (&from, &to) {
            (Some(f), Some(t)) => f.outcomes == t.outcomes,
            (None, None) => true,
            _ => false,
        };
        if same {
            continue;
        }
        match groups.iter_mut().find(|(f, t, _)| *f == from && *t == to) {
            Some((_, _, rows)) => rows.push(values),
            None => groups.push((from, to, vec![values])),
        }
    }
    let changed = groups
        .into_iter()
        .map(|(from, to, rows)| {
            let when = facts
                .iter()
                .enumerate()
                .filter_map(|(i, &f)| {
                    let mut vals: Vec<usize> = rows.iter().map(|r| r[i]).collect();
                    vals.sort();
                    vals.dedup();
                    (vals.len() < p.facts[f].values.len()).then(|| {
                        (p.facts[f].name.clone(), vals.iter().map(|&v| p.facts[f].values[v].name.clone()).collect())
                    })
                })
                .collect();
            RowGroup { when, rows: rows.len(), from, to }
        })
        .collect();
    Some(TableChange {
        table: p.tables[table].name.clone(),
        facts: facts.iter().map(|&f| p.facts[f].name.clone()).collect(),
        combinations: total,
        changed,
    })
}

impl StaticDiff {
    /// The report as a committee member reads it.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(out, "Static report: edition {} -> edition {}\n", self.from, self.to);
        let _ = writeln!(out, "Clauses:");
        if self.clauses.is_empty() {
            let _ = writeln!(out, "  no clause added, removed or reworded");
        }
        for (id, change) in &self.clauses {
            let what = match change {
                ClauseChange::Added => "added".to_string(),
                ClauseChange::Removed => "removed".to_string(),
                ClauseChange::Reworded(fields) => format!("reworded ({})", fields.join(", ")),
            };
            let _ = writeln!(out, "  {id}: {what}");
        }
        for t in &self.tables {
            let rows: usize = t.changed.iter().map(|g| g.rows).sum();
            let _ = writeln!(out, "\nTable {} ({} of {} fact combinations change):", t.table, rows, t.combinations);
            for g in &t.changed {
                let when: Vec<String> = g.when.iter().map(|(f, v)| format!("{f} is {}", v.join(" or "))).collect();
                let when =
                    if when.is_empty() { "in every case".to_string() } else { format!("when {}", when.join(", ")) };
                let _ = writeln!(out, "  {when} ({} combination{}):", g.rows, if g.rows == 1 { "" } else { "s" });
                let show = |v: &Option<Verdict>| match v {
                    Some(v) => format!("{}: {}", v.rule, v.outcomes.join("; ")),
                    None => "no rule decides".to_string(),
                };
                let _ = writeln!(out, "    {:>6}: {}", self.from, show(&g.from));
                let _ = writeln!(out, "    {:>6}: {}", self.to, show(&g.to));
            }
        }
        out
    }
}
