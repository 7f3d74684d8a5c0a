//! The decision tables of every edition, generated from `laws/` by the
//! build script, and the interface the runtime asks tables through.
//! Nothing here is hand-written law: the law is in the generated part.
//!
//! One way to ask a table: [`Laws::ask`] gives a table's [`Verdict`] on a set
//! of facts, a reference to static data (the deciding rule, its outcomes and
//! their clauses), with no allocation. [`decide`] follows the delegations
//! into a [`Decision`], a small `Copy` value of at most [`MAX_STEPS`] steps.
//! The generated editions implement [`Laws`] (`built_in`), and so does the
//! law interpreter on the compiler's side, so that a law directory can be
//! ruled without a rebuild.

mod text;
pub use text::{Base, Piece, Selector, Template};

/// Where the engine learns a fact; mirrors the `source:` of each fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FactSource {
    /// Computed from the auction or the play.
    Derived,
    /// Left to the director's judgement.
    Judgement,
    /// A choice the Laws give to a player.
    Choice,
}

/// A clause of the law book, as the trace of a decision cites it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clause {
    /// As the law book numbers it: `Law 30B2(a)`, `Commentary 30.2`.
    pub id: &'static str,
    pub edition: &'static str,
    pub title: &'static str,
    /// The document the clause is quoted or summarized from.
    pub document: &'static str,
    pub page: Option<&'static str>,
    pub paragraph: Option<&'static str>,
    /// An English summary of the clause.
    pub summary: &'static str,
}

/// One outcome of a rule: a rectification, or a delegation to another table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Rectify {
        rectification: Rectification,
        /// The rule's clause first, then the clauses cited for this outcome.
        clauses: &'static [Clause],
    },
    Delegate {
        table: Table,
        /// The rule's clause first, then the clauses cited for this outcome.
        clauses: &'static [Clause],
    },
}

/// A rule of an edition, as static data.
#[derive(Debug)]
pub struct Rule {
    /// The rule's id (its clause's id unless it has one of its own).
    pub id: &'static str,
    /// The facts its condition tests.
    pub facts: &'static [FactId],
    pub outcomes: &'static [Outcome],
}

/// A table's verdict on one combination of its facts.
#[derive(Clone, Copy, Debug)]
pub enum Verdict {
    /// The deciding rule.
    Rule(&'static Rule),
    /// The combination is excluded by one of the table's assumptions.
    Assumed,
    /// The edition does not define the table.
    Undefined,
}

impl PartialEq for Verdict {
    /// Rules are compared by identity: one static rule per rule of the edition.
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Verdict::Rule(a), Verdict::Rule(b)) => std::ptr::eq(*a, *b),
            (Verdict::Assumed, Verdict::Assumed) | (Verdict::Undefined, Verdict::Undefined) => true,
            _ => false,
        }
    }
}

impl Eq for Verdict {}

/// The laws of one edition, as the referee asks them. Implemented by the
/// generated editions and by the law interpreter.
pub trait Laws: Sync {
    /// The edition's directory name, such as `1987`.
    fn name(&self) -> &'static str;
    /// The edition's title.
    fn title(&self) -> &'static str;
    /// Every clause of the edition, in source order.
    fn clauses(&self) -> &'static [Clause];
    /// The verdict of `table` on `facts`.
    fn ask(&self, table: Table, facts: &Facts) -> Verdict;
    /// The facts that `table` itself tests (none if the edition does not define it).
    fn tests(&self, table: Table) -> &'static [FactId];
    /// The ruling text of a rectification kind in this edition (`text.rs`).
    fn text(&self, rectification: Rectification) -> &'static Template;
    /// The words of what a rectification leaves standing (a lead restriction at the end of
    /// the auction, an obligation at the end of the record), if it has its own.
    fn standing(&self, rectification: Rectification) -> Option<&'static Template>;
}

/// The most steps (a table and the tables it delegates to) one decision may
/// take; the compiler rejects laws whose delegations could take more.
pub const MAX_STEPS: usize = 4;

/// One table asked in a decision, with its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub table: Table,
    pub verdict: Verdict,
    /// The clauses of the outcome that delegated to this table (empty for the entry table).
    pub via: &'static [Clause],
}

const NO_STEP: Step = Step { table: Table::ALL[0], verdict: Verdict::Undefined, via: &[] };

/// What a table and the tables it delegates to decided about one set of
/// facts: its steps in the order they were taken (depth first). A small
/// `Copy` value; the rules, outcomes and clauses are static references.
#[derive(Clone, Copy, Debug)]
pub struct Decision {
    steps: [Step; MAX_STEPS],
    len: u8,
}

impl PartialEq for Decision {
    fn eq(&self, other: &Self) -> bool {
        self.steps() == other.steps()
    }
}

impl Eq for Decision {}

/// Asks `table` of `laws` about `facts`, and the tables its deciding rule delegates to.
pub fn decide(laws: &dyn Laws, table: Table, facts: &Facts) -> Decision {
    let mut d = Decision { steps: [NO_STEP; MAX_STEPS], len: 0 };
    d.walk(laws, table, facts, &[]);
    d
}

impl Decision {
    /// A decision of nothing: `table`'s case is excluded.
    pub fn excluded(table: Table) -> Decision {
        let mut d = Decision { steps: [NO_STEP; MAX_STEPS], len: 1 };
        d.steps[0] = Step { table, verdict: Verdict::Assumed, via: &[] };
        d
    }

    fn walk(&mut self, laws: &dyn Laws, table: Table, facts: &Facts, via: &'static [Clause]) {
        let verdict = laws.ask(table, facts);
        if usize::from(self.len) == MAX_STEPS {
            // The compiler bounds the delegations; a law source that escaped it stops here.
            return;
        }
        self.steps[usize::from(self.len)] = Step { table, verdict, via };
        self.len += 1;
        if let Verdict::Rule(rule) = verdict {
            for o in rule.outcomes {
                if let Outcome::Delegate { table, clauses } = *o {
                    self.walk(laws, table, facts, clauses);
                }
            }
        }
    }

    /// The steps, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }

    /// The tables consulted, in order (not those the edition does not define).
    pub fn tables(&self) -> impl Iterator<Item = Table> + '_ {
        self.steps().iter().filter(|s| s.verdict != Verdict::Undefined).map(|s| s.table)
    }

    /// The deciding rules, in the order they were applied.
    pub fn rules(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.steps().iter().filter_map(|s| match s.verdict {
            Verdict::Rule(r) => Some(r.id),
            _ => None,
        })
    }

    /// Tables that the edition does not define, or cases their assumptions exclude.
    pub fn unprovided(&self) -> impl Iterator<Item = Table> + '_ {
        self.steps().iter().filter(|s| !matches!(s.verdict, Verdict::Rule(_))).map(|s| s.table)
    }

    /// Whether the entry table is one the edition does not define.
    pub fn undefined(&self) -> bool {
        self.steps().iter().any(|s| s.verdict == Verdict::Undefined)
    }

    /// The rectifications, in the order the rules produce them.
    pub fn outcomes(&self) -> Outcomes<'_> {
        let mut stack = [(0u8, 0u8); MAX_STEPS];
        let depth = usize::from(self.len > 0);
        stack[0] = (0, 0);
        Outcomes { decision: self, stack, depth, next_step: 1 }
    }
}

/// The rectifications of a decision, depth first, as [`Traced`] values.
pub struct Outcomes<'d> {
    decision: &'d Decision,
    /// (step, next outcome of its rule), innermost last.
    stack: [(u8, u8); MAX_STEPS],
    depth: usize,
    /// The step a delegation met next leads to (steps are in depth-first order).
    next_step: u8,
}

impl Iterator for Outcomes<'_> {
    type Item = Traced;

    fn next(&mut self) -> Option<Traced> {
        while self.depth > 0 {
            let (step, outcome) = self.stack[self.depth - 1];
            let s = self.decision.steps[usize::from(step)];
            let Verdict::Rule(rule) = s.verdict else {
                self.depth -= 1;
                continue;
            };
            let Some(o) = rule.outcomes.get(usize::from(outcome)) else {
                self.depth -= 1;
                continue;
            };
            self.stack[self.depth - 1].1 += 1;
            match *o {
                Outcome::Rectify { rectification, clauses } => {
                    return Some(Traced { rectification, rule: rule.id, clauses, via: s.via })
                }
                Outcome::Delegate { .. } => {
                    if self.next_step < self.decision.len {
                        self.stack[self.depth] = (self.next_step, 0);
                        self.depth += 1;
                        self.next_step += 1;
                    }
                }
            }
        }
        None
    }
}

/// One rectification with the rule that decided it and the clauses behind it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Traced {
    pub rectification: Rectification,
    /// The id of the deciding rule.
    pub rule: &'static str,
    /// The rule's clause first, then the clauses cited for this outcome.
    pub clauses: &'static [Clause],
    /// The clauses of the rule that delegated to this rule's table, if any.
    pub via: &'static [Clause],
}

impl Traced {
    /// Every clause behind the rectification, without repeats.
    pub fn trace(&self) -> impl Iterator<Item = &'static Clause> {
        let clauses = self.clauses;
        clauses.iter().chain(self.via.iter().filter(move |v| !clauses.iter().any(|c| c.id == v.id)))
    }
}

/// The signature of a rectification kind: its name and, per parameter, the
/// parameter's name and its type's values in index order.
pub type Signature = (&'static str, &'static [(&'static str, &'static [&'static str])]);

include!(concat!(env!("OUT_DIR"), "/tables.rs"));
include!(concat!(env!("OUT_DIR"), "/sources.rs"));

/// The generated Rust of the embedded laws, as `bridgelaw emit` prints it.
pub const GENERATED: &str = include_str!(concat!(env!("OUT_DIR"), "/tables.rs"));
