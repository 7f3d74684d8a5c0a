//! Every decision a table can take, as a tree known at build time: per
//! verdict of the table (each of its rules in edition order, then an
//! excluded combination), the steps of the decision (the table and the
//! tables it delegates to, depth first) and its rectifications, each with its
//! trace deduplicated. Where a rule delegates, the decision depends on the
//! delegated table's verdict, and the node lists one decision per verdict of
//! that table, so that a decision at run time is an index per table asked and
//! a reference. The code generator writes these trees as static data; the
//! CLI's adapter leaks them for an interpreted law directory, so both rule
//! from the same decisions.

use super::Decided;
use crate::model::*;

/// The most steps one decision takes (`bridgelaw_tables::MAX_STEPS`): delegations beyond it
/// are not followed (the compiler rejects laws that could take more).
const MAX_STEPS: usize = crate::check::interface::MAX_STEPS;

/// One rectification of a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TracedOutcome {
    /// The deciding rule, by index into the edition's rules.
    pub rule: usize,
    /// The outcome, by index into the rule's outcomes (a rectification).
    pub outcome: usize,
    /// Every clause behind it, without repeats, by index into the edition's clauses: the
    /// rule's clause first, then those the outcome cites, then those of the delegation that
    /// led to the rule's table (the delegating outcome's clauses not already there).
    pub trace: Vec<usize>,
}

/// A decision, or the part of one decided before a delegated table's verdict is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The tables asked, with their verdicts, in order (depth first); while `then` is set,
    /// those asked so far.
    pub steps: Vec<(usize, Decided)>,
    /// The rectifications, in the order the rules produce them (empty while `then` is set).
    pub outcomes: Vec<TracedOutcome>,
    /// The table asked next, and the decision for each of its verdicts (by [`local`]).
    pub then: Option<(usize, Vec<Node>)>,
}

/// The rules of `table` in `e`, in edition order: a verdict's position among them is its
/// number in a table's decisions ([`local`]).
pub fn table_rules(e: &Edition, table: usize) -> Vec<usize> {
    (0..e.rules.len()).filter(|&r| e.rules[r].table == table).collect()
}

/// Whether `e` defines `table` (has rules in it, analysed).
pub fn defines(e: &Edition, table: usize) -> bool {
    e.analyses.iter().any(|a| a.table == table)
}

/// The verdicts of `table`, in the order of its decisions: each rule, then an excluded
/// combination; a table the edition does not define has the one verdict `Undefined`.
pub fn verdicts(e: &Edition, table: usize) -> Vec<Decided> {
    if !defines(e, table) {
        return vec![Decided::Undefined];
    }
    let mut out: Vec<Decided> = table_rules(e, table).into_iter().map(Decided::Rule).collect();
    out.push(Decided::Assumed);
    out
}

/// The number of `verdict` among the verdicts of its table: a rule's position among the
/// table's rules (`rules`, from [`table_rules`]), else the number of rules.
pub fn local(rules: &[usize], verdict: Decided) -> usize {
    match verdict {
        Decided::Rule(r) => rules.iter().position(|&x| x == r).unwrap_or(rules.len()),
        Decided::Assumed | Decided::Undefined => rules.len(),
    }
}

/// Every decision of `table` in `e`, one per verdict (in the order of [`verdicts`]).
pub fn decisions(e: &Edition, table: usize) -> Vec<Node> {
    verdicts(e, table).into_iter().map(|v| expand(e, table, &[v])).collect()
}

/// The decision of `table` given the verdicts of the first tables asked (`choices`, in the
/// order they are asked), or the node that asks the next.
fn expand(e: &Edition, table: usize, choices: &[Decided]) -> Node {
    let mut walk = Walk { e, choices, asked: 0, node: Node { steps: Vec::new(), outcomes: Vec::new(), then: None } };
    match walk.visit(table, &[]) {
        Ok(()) => walk.node,
        Err(next) => {
            let mut node = walk.node;
            node.outcomes.clear();
            let then = verdicts(e, next)
                .into_iter()
                .map(|v| {
                    let mut more = choices.to_vec();
                    more.push(v);
                    expand(e, table, &more)
                })
                .collect();
            node.then = Some((next, then));
            node
        }
    }
}

/// A depth-first walk of a decision, as the runtime takes it: the steps in the order the
/// delegations are met, and the rectifications with their traces.
struct Walk<'a> {
    e: &'a Edition,
    choices: &'a [Decided],
    /// How many of `choices` the walk has used.
    asked: usize,
    node: Node,
}

impl Walk<'_> {
    /// Asks `table`, reached through an outcome citing `via`; `Err(table)` when its verdict is
    /// not among the choices (the walk stops there).
    fn visit(&mut self, table: usize, via: &[usize]) -> Result<(), usize> {
        let verdict = if defines(self.e, table) {
            let Some(&v) = self.choices.get(self.asked) else { return Err(table) };
            self.asked += 1;
            v
        } else {
            Decided::Undefined
        };
        self.node.steps.push((table, verdict));
        let Decided::Rule(r) = verdict else { return Ok(()) };
        let rule = &self.e.rules[r];
        for (k, o) in rule.outcomes.iter().enumerate() {
            let mut clauses = vec![rule.clause];
            clauses.extend(o.citations.iter().copied().filter(|&c| c != rule.clause));
            match o.kind {
                OutcomeKind::Rectify { .. } => {
                    let mut trace = clauses.clone();
                    let id = |c: usize| &self.e.clauses[c].id;
                    trace.extend(via.iter().copied().filter(|&v| !clauses.iter().any(|&c| id(c) == id(v))));
                    self.node.outcomes.push(TracedOutcome { rule: r, outcome: k, trace });
                }
                OutcomeKind::Delegate { table } => {
                    if self.node.steps.len() < MAX_STEPS {
                        self.visit(table, &clauses)?;
                    }
                }
            }
        }
        Ok(())
    }
}
