//! A table's decision as a tree of `match`es on the facts its rules test,
//! written as Rust: the rules in an order where every rule comes after the
//! rules that override it (so that, in laws free of conflicts, the first rule
//! whose condition holds is the deciding one), the table's assumptions first
//! (an excluded combination is decided by no rule). The tree splits on a fact
//! of the first rule left (the one the most rules left test), simplifies every
//! condition with that fact's value, and stops where the first rule left
//! holds; arms that lead to the same subtree are one arm. Only the facts on
//! the path taken are read. Its size is capped in proportion to the rules'
//! conditions: past the cap the table is written as a chain of `if`s in rule
//! order, which is linear in the rules whatever the facts, so that the build
//! stays linear (issue 16 §2).

use crate::model::*;

/// A condition being simplified: the model's, with constants.
#[derive(Clone, Debug, PartialEq, Eq)]
enum C {
    True,
    False,
    In(usize, Vec<usize>),
    Not(Box<C>),
    And(Vec<C>),
    Or(Vec<C>),
}

impl C {
    fn from(c: &Cond, p: &Program) -> C {
        match c {
            Cond::In { fact, values } => {
                let mut values = values.clone();
                values.sort_unstable();
                values.dedup();
                if values.is_empty() {
                    C::False
                } else if values.len() >= p.facts[*fact].values.len() {
                    C::True
                } else {
                    C::In(*fact, values)
                }
            }
            Cond::Not(c) => C::not(C::from(c, p)),
            Cond::And(cs) => C::and(cs.iter().map(|c| C::from(c, p)).collect()),
            Cond::Or(cs) => C::or(cs.iter().map(|c| C::from(c, p)).collect()),
        }
    }

    fn not(c: C) -> C {
        match c {
            C::True => C::False,
            C::False => C::True,
            C::Not(inner) => *inner,
            other => C::Not(Box::new(other)),
        }
    }

    fn and(cs: Vec<C>) -> C {
        let mut out = Vec::with_capacity(cs.len());
        for c in cs {
            match c {
                C::True => {}
                C::False => return C::False,
                C::And(inner) => out.extend(inner),
                other => out.push(other),
            }
        }
        match out.len() {
            0 => C::True,
            1 => out.pop().unwrap_or(C::True),
            _ => C::And(out),
        }
    }

    fn or(cs: Vec<C>) -> C {
        let mut out = Vec::with_capacity(cs.len());
        for c in cs {
            match c {
                C::False => {}
                C::True => return C::True,
                C::Or(inner) => out.extend(inner),
                other => out.push(other),
            }
        }
        match out.len() {
            0 => C::False,
            1 => out.pop().unwrap_or(C::False),
            _ => C::Or(out),
        }
    }

    /// The condition with `fact` at `value`.
    fn fix(&self, fact: usize, value: usize) -> C {
        match self {
            C::True | C::False => self.clone(),
            C::In(f, values) if *f == fact => {
                if values.contains(&value) {
                    C::True
                } else {
                    C::False
                }
            }
            C::In(..) => self.clone(),
            C::Not(c) => C::not(c.fix(fact, value)),
            C::And(cs) => C::and(cs.iter().map(|c| c.fix(fact, value)).collect()),
            C::Or(cs) => C::or(cs.iter().map(|c| c.fix(fact, value)).collect()),
        }
    }

    /// The facts read, in reading order, without repeats.
    fn facts(&self, out: &mut Vec<usize>) {
        match self {
            C::True | C::False => {}
            C::In(f, _) => {
                if !out.contains(f) {
                    out.push(*f);
                }
            }
            C::Not(c) => c.facts(out),
            C::And(cs) | C::Or(cs) => cs.iter().for_each(|c| c.facts(out)),
        }
    }

    fn size(&self) -> usize {
        match self {
            C::True | C::False | C::In(..) => 1,
            C::Not(c) => 1 + c.size(),
            C::And(cs) | C::Or(cs) => 1 + cs.iter().map(C::size).sum::<usize>(),
        }
    }
}

/// A decision tree: `Leaf` holds a decision number (a rule's position among the table's
/// rules, or the number of rules for an excluded combination).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tree {
    Leaf(usize),
    /// A `match` on a fact: each arm, its values and its subtree.
    Split(usize, Vec<(Vec<usize>, Tree)>),
    /// The rules left, each condition and decision, in order; then the excluded combination.
    Chain(Vec<(C, usize)>, usize),
}

/// A table's tree, ready to be written with any leaf.
pub(crate) struct TableTree<'p> {
    p: &'p Program,
    tree: Tree,
}

/// Per unit of the rules' conditions, the tree nodes allowed before the chain is written.
const NODES_PER_UNIT: usize = 8;

/// The order of `rules` (edition indices, in edition order) in which each rule comes after
/// every rule of the table that overrides it; edition order where the overrides allow.
fn override_order(e: &Edition, rules: &[usize]) -> Vec<usize> {
    let mut left: Vec<usize> = rules.to_vec();
    let mut out = Vec::with_capacity(rules.len());
    while !left.is_empty() {
        // A rule is ready when no rule still left overrides it (the checker refuses cycles;
        // should one remain, the first rule left is taken).
        let ready = left.iter().position(|&r| !left.iter().any(|&o| o != r && e.rules[o].overrides.contains(&r)));
        out.push(left.remove(ready.unwrap_or(0)));
    }
    out
}

/// The conditions of `table`'s rules with their decision numbers, in `override_order`, after
/// the excluded combinations (the table's assumptions not holding); and the excluded
/// combination's number.
fn rule_list(p: &Program, e: &Edition, table: usize, rules: &[usize]) -> (Vec<(C, usize)>, usize) {
    let excluded = rules.len();
    let mut list: Vec<(C, usize)> = Vec::new();
    let assumed: Vec<C> = p.tables[table].assume.iter().map(|a| C::from(&a.when, p)).collect();
    if !assumed.is_empty() {
        list.push((C::not(C::and(assumed)), excluded));
    }
    for r in override_order(e, rules) {
        let local = rules.iter().position(|&x| x == r).unwrap_or(excluded);
        list.push((C::from(&e.rules[r].when, p), local));
    }
    list.retain(|(c, _)| *c != C::False);
    (list, excluded)
}

impl<'p> TableTree<'p> {
    /// The tree of `table` in `e`; decision numbers by `local` order (`rules`, the table's
    /// rules in edition order).
    pub(crate) fn new(p: &'p Program, e: &Edition, table: usize, rules: &[usize]) -> TableTree<'p> {
        let (list, excluded) = rule_list(p, e, table, rules);
        let units: usize = list.iter().map(|(c, _)| c.size()).sum();
        let mut budget = NODES_PER_UNIT * units + 64;
        let tree = build(p, list.clone(), excluded, &mut budget).unwrap_or(Tree::Chain(list, excluded));
        TableTree { p, tree }
    }

    /// The tree as a Rust expression over `facts`, each leaf written by `leaf`; `indent` is
    /// the indentation of the expression's first line.
    pub(crate) fn write(&self, leaf: &dyn Fn(usize) -> String, indent: usize) -> String {
        let mut out = String::new();
        self.node(&self.tree, leaf, indent, &mut out);
        out
    }

    fn node(&self, t: &Tree, leaf: &dyn Fn(usize) -> String, indent: usize, out: &mut String) {
        let pad = " ".repeat(indent);
        match t {
            Tree::Leaf(d) => out.push_str(&leaf(*d)),
            Tree::Split(fact, arms) => {
                let f = &self.p.facts[*fact];
                out.push_str(&format!("match facts.{} {{\n", f.name));
                for (values, sub) in arms {
                    let pats: Vec<String> = values.iter().map(|&v| self.pattern(*fact, v)).collect();
                    out.push_str(&format!("{pad}    {} => ", pats.join(" | ")));
                    self.node(sub, leaf, indent + 4, out);
                    out.push_str(",\n");
                }
                out.push_str(&format!("{pad}}}"));
            }
            Tree::Chain(rules, excluded) => {
                for (k, (c, d)) in rules.iter().enumerate() {
                    let head = if k == 0 { "if" } else { " else if" };
                    out.push_str(&format!("{head} {} {{\n{pad}    {}\n{pad}}}", self.cond(c), leaf(*d)));
                }
                if rules.is_empty() {
                    out.push_str(&leaf(*excluded));
                } else {
                    out.push_str(&format!(" else {{\n{pad}    {}\n{pad}}}", leaf(*excluded)));
                }
            }
        }
    }

    /// The pattern of `fact`'s value `v`: `true`, or the enum's variant.
    fn pattern(&self, fact: usize, v: usize) -> String {
        let f = &self.p.facts[fact];
        if f.is_bool {
            (v == 1).to_string()
        } else {
            format!("{}::{}", super::camel(&f.name), super::camel(&f.values[v].name))
        }
    }

    fn cond(&self, c: &C) -> String {
        match c {
            C::True => "true".into(),
            C::False => "false".into(),
            C::In(fact, values) => {
                let f = &self.p.facts[*fact];
                match (f.is_bool, values.as_slice()) {
                    (true, [1]) => format!("facts.{}", f.name),
                    (true, _) => format!("!facts.{}", f.name),
                    (false, [v]) => format!("facts.{} == {}", f.name, self.pattern(*fact, *v)),
                    (false, _) => {
                        let pats: Vec<String> = values.iter().map(|&v| self.pattern(*fact, v)).collect();
                        format!("matches!(facts.{}, {})", f.name, pats.join(" | "))
                    }
                }
            }
            C::Not(c) => format!("!({})", self.cond(c)),
            C::And(cs) => format!("({})", cs.iter().map(|c| self.cond(c)).collect::<Vec<_>>().join(" && ")),
            C::Or(cs) => format!("({})", cs.iter().map(|c| self.cond(c)).collect::<Vec<_>>().join(" || ")),
        }
    }
}

/// The tree of `rules` (conditions with their decisions, in order); `None` once `budget`
/// nodes are spent.
fn build(p: &Program, mut rules: Vec<(C, usize)>, excluded: usize, budget: &mut usize) -> Option<Tree> {
    rules.retain(|(c, _)| *c != C::False);
    let Some((first, decision)) = rules.first() else { return Some(Tree::Leaf(excluded)) };
    if *first == C::True {
        return Some(Tree::Leaf(*decision));
    }
    *budget = budget.checked_sub(1)?;
    // Split on the fact of the first rule that the most rules left test.
    let mut candidates = Vec::new();
    first.facts(&mut candidates);
    let tested = |f: usize| {
        rules
            .iter()
            .filter(|(c, _)| {
                let mut v = Vec::new();
                c.facts(&mut v);
                v.contains(&f)
            })
            .count()
    };
    let fact = candidates.iter().copied().max_by_key(|&f| (tested(f), std::cmp::Reverse(f)))?;
    let mut arms: Vec<(Vec<usize>, Tree)> = Vec::new();
    for v in 0..p.facts[fact].values.len() {
        let fixed: Vec<(C, usize)> = rules.iter().map(|(c, d)| (c.fix(fact, v), *d)).collect();
        let sub = build(p, fixed, excluded, budget)?;
        match arms.iter_mut().find(|(_, t)| *t == sub) {
            Some((values, _)) => values.push(v),
            None => arms.push((vec![v], sub)),
        }
    }
    if arms.len() == 1 {
        return arms.pop().map(|(_, t)| t);
    }
    Some(Tree::Split(fact, arms))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::{decisions, Interpreter};

    impl C {
        fn eval(&self, assignment: &[usize]) -> bool {
            match self {
                C::True => true,
                C::False => false,
                C::In(f, values) => values.contains(&assignment[*f]),
                C::Not(c) => !c.eval(assignment),
                C::And(cs) => cs.iter().all(|c| c.eval(assignment)),
                C::Or(cs) => cs.iter().any(|c| c.eval(assignment)),
            }
        }
    }

    impl Tree {
        fn eval(&self, assignment: &[usize]) -> usize {
            match self {
                Tree::Leaf(d) => *d,
                Tree::Split(f, arms) => {
                    let arm = arms.iter().find(|(values, _)| values.contains(&assignment[*f]));
                    arm.map_or(usize::MAX, |(_, t)| t.eval(assignment))
                }
                Tree::Chain(rules, excluded) => {
                    rules.iter().find(|(c, _)| c.eval(assignment)).map_or(*excluded, |(_, d)| *d)
                }
            }
        }

        /// Whether every arm of every split lists each value of its fact once.
        fn exhaustive(&self, p: &Program) -> bool {
            match self {
                Tree::Leaf(_) | Tree::Chain(..) => true,
                Tree::Split(f, arms) => {
                    let mut values: Vec<usize> = arms.iter().flat_map(|(v, _)| v.iter().copied()).collect();
                    values.sort_unstable();
                    values == (0..p.facts[*f].values.len()).collect::<Vec<_>>()
                        && arms.iter().all(|(_, t)| t.exhaustive(p))
                }
            }
        }
    }

    fn laws() -> Program {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../laws");
        let set = crate::SourceSet::read_dir(&dir).unwrap_or_else(|d| panic!("{}", d.message));
        crate::compile(&set).program.unwrap_or_else(|| panic!("the laws check"))
    }

    /// On every combination of every table of every edition, the tree, and the chain of `if`s
    /// it falls back to, give the interpreter's decision; every split is exhaustive.
    #[test]
    fn trees_and_chains_decide_as_the_interpreter_on_every_combination() {
        let p = laws();
        let mut checked = 0;
        for e in &p.editions {
            let interp = Interpreter::new(&p, e);
            for a in &e.analyses {
                let rules = decisions::table_rules(e, a.table);
                let tree = TableTree::new(&p, e, a.table, &rules);
                assert!(tree.tree.exhaustive(&p), "{} {}", e.name, p.tables[a.table].name);
                let (list, excluded) = rule_list(&p, e, a.table, &rules);
                let chain = Tree::Chain(list, excluded);
                let mut assignment = vec![0; p.facts.len()];
                for (values, _) in &a.verdicts {
                    for (&f, &v) in a.facts.iter().zip(values) {
                        assignment[f] = v;
                    }
                    let want = decisions::local(&rules, interp.decide(a.table, &assignment));
                    assert_eq!(tree.tree.eval(&assignment), want, "{} {} {values:?}", e.name, p.tables[a.table].name);
                    assert_eq!(chain.eval(&assignment), want, "chain: {} {values:?}", p.tables[a.table].name);
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// No table of today's laws needs the chain: each is a tree.
    #[test]
    fn todays_tables_are_trees() {
        let p = laws();
        for e in &p.editions {
            for a in &e.analyses {
                let tree = TableTree::new(&p, e, a.table, &decisions::table_rules(e, a.table));
                assert!(!matches!(tree.tree, Tree::Chain(..)), "{} {}", e.name, p.tables[a.table].name);
            }
        }
    }
}
