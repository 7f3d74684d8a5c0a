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
pub use text::{Base, Number, Piece, Selector, Template};

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
    /// `table`'s decision on `facts`, its delegations followed (what [`decide`] gives). There
    /// is no need to override it: the default body is compiled for each implementation, so
    /// that a decision costs one dynamic call, and every `ask` in it is a static call.
    fn decide(&self, table: Table, facts: &Facts) -> Decision {
        Decision::of(self, table, facts)
    }
    /// The ruling text of a rectification kind in this edition (`text.rs`).
    fn text(&self, rectification: Rectification) -> &'static Template;
    /// The words of what a rectification leaves standing (a lead restriction at the end of
    /// the auction, an obligation at the end of the record), if it has its own.
    fn standing(&self, rectification: Rectification) -> Option<&'static Template>;
    /// The heading of a ruling entry, by the entry's name (the ruling's `irregularity`), if the
    /// laws give one.
    fn heading(&self, entry: &str) -> Option<&'static Template>;
    /// A summary of the play's ruling (`revoke`: a revoke; `play`: the tricks played and won), if
    /// the laws give one.
    fn summary(&self, name: &str) -> Option<&'static Template>;
}

/// The most steps (a table and the tables it delegates to) one decision may
/// take; the compiler rejects laws whose delegations could take more.
pub const MAX_STEPS: usize = 4;

/// One table asked in a decision, with its verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub table: Table,
    pub verdict: Verdict,
}

/// What a table and the tables it delegates to decided about one set of
/// facts: its steps in the order they were taken (depth first). A small
/// `Copy` value (48 bytes, built in place, with no allocation and no copy of
/// static data): per step its table and its rule, a static reference.
#[derive(Clone, Copy, Debug)]
pub struct Decision {
    /// Per step: the deciding rule (`None`: assumed or undefined, per `assumed`).
    rules: [Option<&'static Rule>; MAX_STEPS],
    tables: [Table; MAX_STEPS],
    /// Bit `i`: step `i` is excluded by an assumption (else, without a rule, undefined).
    assumed: u8,
    len: u8,
}

impl PartialEq for Decision {
    fn eq(&self, other: &Self) -> bool {
        self.steps().eq(other.steps())
    }
}

impl Eq for Decision {}

/// Asks `table` of `laws` about `facts`, and the tables its deciding rule delegates to.
#[inline]
pub fn decide(laws: &dyn Laws, table: Table, facts: &Facts) -> Decision {
    laws.decide(table, facts)
}

/// `laws.ask`, not inlined: inlined into the loop over a rule's outcomes, the optimizer
/// hoists the index computations of every table out of the loop, to compute them all.
#[inline(never)]
fn ask_outlined<L: Laws + ?Sized>(laws: &L, table: Table, facts: &Facts) -> Verdict {
    laws.ask(table, facts)
}

impl Decision {
    const EMPTY: Decision =
        Decision { rules: [None; MAX_STEPS], tables: [Table::ALL[0]; MAX_STEPS], assumed: 0, len: 0 };

    /// A decision of nothing: `table`'s case is excluded.
    pub fn excluded(table: Table) -> Decision {
        let mut d = Decision::EMPTY;
        d.push(table, Verdict::Assumed);
        d
    }

    #[inline]
    fn push(&mut self, table: Table, verdict: Verdict) {
        let i = usize::from(self.len);
        self.tables[i] = table;
        match verdict {
            Verdict::Rule(r) => self.rules[i] = Some(r),
            Verdict::Assumed => self.assumed |= 1 << i,
            Verdict::Undefined => {}
        }
        self.len += 1;
    }

    /// The decision of `laws` (statically known, so that its `ask` is inlined) on `facts`.
    #[inline]
    fn of<L: Laws + ?Sized>(laws: &L, table: Table, facts: &Facts) -> Decision {
        let verdict = laws.ask(table, facts);
        let mut d = Decision::EMPTY;
        d.push(table, verdict);
        if let Verdict::Rule(rule) = verdict {
            if rule.outcomes.iter().any(|o| matches!(o, Outcome::Delegate { .. })) {
                d.follow(laws, rule, facts);
            }
        }
        d
    }

    /// Follows the delegations of `rule`, depth first.
    fn follow<L: Laws + ?Sized>(&mut self, laws: &L, rule: &'static Rule, facts: &Facts) {
        for o in rule.outcomes {
            if let Outcome::Delegate { table, .. } = *o {
                if usize::from(self.len) == MAX_STEPS {
                    // The compiler bounds the delegations; a law source that escaped it stops here.
                    return;
                }
                let verdict = ask_outlined(laws, table, facts);
                self.push(table, verdict);
                if let Verdict::Rule(rule) = verdict {
                    self.follow(laws, rule, facts);
                }
            }
        }
    }

    #[inline]
    fn step(&self, i: usize) -> Step {
        let verdict = match self.rules[i] {
            Some(r) => Verdict::Rule(r),
            None if self.assumed & (1 << i) != 0 => Verdict::Assumed,
            None => Verdict::Undefined,
        };
        Step { table: self.tables[i], verdict }
    }

    /// The steps, in order.
    #[inline]
    pub fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        (0..usize::from(self.len)).map(|i| self.step(i))
    }

    /// The tables consulted, in order (not those the edition does not define).
    #[inline]
    pub fn tables(&self) -> impl Iterator<Item = Table> + '_ {
        self.steps().filter(|s| s.verdict != Verdict::Undefined).map(|s| s.table)
    }

    /// The deciding rules, in the order they were applied.
    #[inline]
    pub fn rules(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.rules[..usize::from(self.len)].iter().filter_map(|r| r.map(|r| r.id))
    }

    /// Tables that the edition does not define, or cases their assumptions exclude.
    #[inline]
    pub fn unprovided(&self) -> impl Iterator<Item = Table> + '_ {
        (0..usize::from(self.len)).filter(|&i| self.rules[i].is_none()).map(|i| self.tables[i])
    }

    /// Whether the entry table is one the edition does not define.
    #[inline]
    pub fn undefined(&self) -> bool {
        self.steps().any(|s| s.verdict == Verdict::Undefined)
    }

    /// The rectifications, in the order the rules produce them.
    #[inline]
    pub fn outcomes(&self) -> Outcomes<'_> {
        let mut o = Outcomes {
            decision: self,
            single: ("", [].iter()),
            stack: [(0, 0, &[]); MAX_STEPS],
            depth: 0,
            next_step: 1,
        };
        match (self.len, self.rules[0]) {
            // One step (the usual case) has no delegation to follow: its rule's outcomes are all.
            (1, Some(rule)) => o.single = (rule.id, rule.outcomes.iter()),
            (0, _) => {}
            _ => o.depth = 1,
        }
        o
    }
}

/// The rectifications of a decision, depth first, as [`Traced`] values.
pub struct Outcomes<'d> {
    decision: &'d Decision,
    /// A decision of one step: its rule's id and the outcomes left.
    single: (&'static str, std::slice::Iter<'static, Outcome>),
    /// Otherwise: (step, next outcome of its rule, the clauses of the delegation that led to
    /// it), innermost last.
    stack: [(u8, u8, &'static [Clause]); MAX_STEPS],
    depth: usize,
    /// The step a delegation met next leads to (steps are in depth-first order).
    next_step: u8,
}

impl Iterator for Outcomes<'_> {
    type Item = Traced;

    #[inline]
    fn next(&mut self) -> Option<Traced> {
        for o in &mut self.single.1 {
            if let Outcome::Rectify { rectification, clauses } = *o {
                return Some(Traced { rectification, rule: self.single.0, clauses, via: &[] });
            }
        }
        self.next_delegated()
    }
}

impl Outcomes<'_> {
    /// The next rectification of a decision of several steps.
    fn next_delegated(&mut self) -> Option<Traced> {
        while self.depth > 0 {
            let (step, outcome, via) = self.stack[self.depth - 1];
            let Some(rule) = self.decision.rules[usize::from(step)] else {
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
                    return Some(Traced { rectification, rule: rule.id, clauses, via })
                }
                Outcome::Delegate { clauses, .. } => {
                    if self.next_step < self.decision.len {
                        self.stack[self.depth] = (self.next_step, 0, clauses);
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
    #[inline]
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
