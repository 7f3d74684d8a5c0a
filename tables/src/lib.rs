//! The decision tables of every edition, generated from `laws/` by the
//! build script, and the interface the runtime asks tables through.
//! Nothing here is hand-written law: the law is in the generated part.
//!
//! One way to ask a table: [`decide`] gives a table's [`Decision`] on a set
//! of facts, its delegations followed: a reference to static data
//! ([`Decided`]: the deciding rules, the rectifications and their
//! deduplicated traces), found by the generated table's dense index and,
//! for a delegation, the delegated table's, with no allocation and no copy.
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
    /// The number of `table`'s verdict on `facts` among its [`Laws::decisions`]: the
    /// position of the deciding rule among the table's rules, or the number of rules for an
    /// excluded combination (0 if the edition does not define the table).
    fn index(&self, table: Table, facts: &Facts) -> usize;
    /// `table`'s decisions, one per verdict (its rules in edition order, then an excluded
    /// combination; one `Undefined` decision if the edition does not define the table).
    fn decisions(&self, table: Table) -> &'static [Decided];
    /// `table`'s decision on `facts` before its delegations are followed: its decision by
    /// [`Laws::index`] among its [`Laws::decisions`] (the generated tables do it in one `match`).
    #[inline]
    fn entry(&self, table: Table, facts: &Facts) -> &'static Decided {
        &self.decisions(table)[self.index(table, facts)]
    }
    /// The facts that `table` itself tests (none if the edition does not define it).
    fn tests(&self, table: Table) -> &'static [FactId];
    /// The verdict of `table` on `facts`.
    fn ask(&self, table: Table, facts: &Facts) -> Verdict {
        self.entry(table, facts).steps.first().map_or(Verdict::Undefined, |s| s.verdict)
    }
    /// `table`'s decision on `facts`, its delegations followed (what [`decide`] gives): an
    /// index per table asked and a static reference. The default body is compiled for each
    /// implementation (the law interpreter's), so that a decision costs one dynamic call; the
    /// generated editions override it with each table's `decide`, in which a delegation is
    /// resolved at build time to the delegated table's index and a static decision.
    #[inline]
    fn decide(&self, table: Table, facts: &Facts) -> Decision {
        let mut d = self.entry(table, facts);
        while let Some((next, then)) = d.then {
            d = &then[index_outlined(self, next, facts)];
        }
        Decision(d)
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

/// A decision as static data, built by the code generator (or, for an interpreted law
/// directory, once when it is loaded): the tables asked and their verdicts, and the
/// rectifications with their traces. Where a rule delegates, the decision depends on the
/// delegated table's verdict: `then` names that table and gives the decision for each of
/// its verdicts (by [`Laws::index`]).
#[derive(Debug)]
pub struct Decided {
    /// The ids of the deciding rules, in the order of `steps` (empty while `then` is set).
    pub rules: &'static [&'static str],
    /// The rectifications, in the order the rules produce them, each with its whole trace.
    pub outcomes: &'static [Traced],
    /// The clauses of the rectifications' traces, counted together (their `clauses` summed,
    /// known at build time).
    pub trace_len: usize,
    /// The tables asked, in order (depth first); while `then` is set, those asked so far.
    pub steps: &'static [Step],
    /// The table asked next, and the decision for each of its verdicts.
    pub then: Option<(Table, &'static [Decided])>,
}

/// What a table and the tables it delegates to decided about one set of
/// facts: a static reference ([`Decided`]), so that asking a table
/// allocates and copies nothing.
#[derive(Clone, Copy, Debug)]
pub struct Decision(&'static Decided);

impl PartialEq for Decision {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0) || self.0.steps == other.0.steps
    }
}

impl Eq for Decision {}

/// Asks `table` of `laws` about `facts`, and the tables its deciding rule delegates to.
#[inline]
pub fn decide(laws: &dyn Laws, table: Table, facts: &Facts) -> Decision {
    laws.decide(table, facts)
}

/// `laws.index`, not inlined: inlined into the loop over delegations, the optimizer may
/// compute every table's index.
#[inline(never)]
fn index_outlined<L: Laws + ?Sized>(laws: &L, table: Table, facts: &Facts) -> usize {
    laws.index(table, facts)
}

impl Decision {
    /// The decision as static data.
    #[inline]
    pub fn decided(&self) -> &'static Decided {
        self.0
    }

    /// The steps, in order.
    #[inline]
    pub fn steps(&self) -> impl Iterator<Item = Step> + 'static {
        self.0.steps.iter().copied()
    }

    /// The tables consulted, in order (not those the edition does not define).
    #[inline]
    pub fn tables(&self) -> impl Iterator<Item = Table> + 'static {
        self.steps().filter(|s| s.verdict != Verdict::Undefined).map(|s| s.table)
    }

    /// The deciding rules, in the order they were applied.
    #[inline]
    pub fn rules(&self) -> std::iter::Copied<std::slice::Iter<'static, &'static str>> {
        self.0.rules.iter().copied()
    }

    /// Tables that the edition does not define, or cases their assumptions exclude.
    #[inline]
    pub fn unprovided(&self) -> impl Iterator<Item = Table> + 'static {
        self.0.steps.iter().filter(|s| !matches!(s.verdict, Verdict::Rule(_))).map(|s| s.table)
    }

    /// Whether the entry table is one the edition does not define.
    #[inline]
    pub fn undefined(&self) -> bool {
        self.steps().any(|s| s.verdict == Verdict::Undefined)
    }

    /// The rectifications, in the order the rules produce them.
    #[inline]
    pub fn outcomes(&self) -> std::iter::Copied<std::slice::Iter<'static, Traced>> {
        self.0.outcomes.iter().copied()
    }

    /// The clauses of every rectification's trace, counted together: what
    /// `outcomes().map(|t| t.trace().count()).sum()` gives, stored at build time.
    #[inline]
    pub fn trace_len(&self) -> usize {
        self.0.trace_len
    }
}

/// One rectification with the rule that decided it and the clauses behind it.
#[derive(Clone, Copy, Debug, Eq)]
pub struct Traced {
    pub rectification: Rectification,
    /// The id of the deciding rule.
    pub rule: &'static str,
    /// Every clause behind the rectification, without repeats: the rule's clause first, then
    /// the clauses cited for this outcome, then those of the rule that delegated to this
    /// rule's table, if any.
    pub clauses: &'static [&'static Clause],
}

/// Equal as the derived equality is (the rectification, the rule's id, each clause), the rule
/// and the clauses compared by address first: a rectification is mostly compared with the same
/// static outcome (an obligation imposed again), which then costs no string comparison.
impl PartialEq for Traced {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.rectification == other.rectification
            && (std::ptr::eq(self.rule, other.rule) || self.rule == other.rule)
            && (std::ptr::eq(self.clauses, other.clauses) || self.clauses == other.clauses)
    }
}

impl Traced {
    /// Every clause behind the rectification, without repeats.
    #[inline]
    pub fn trace(&self) -> impl Iterator<Item = &'static Clause> {
        self.clauses.iter().copied()
    }
}

/// The signature of a rectification kind: its name and, per parameter, the
/// parameter's name and its type's values in index order.
pub type Signature = (&'static str, &'static [(&'static str, &'static [&'static str])]);

include!(concat!(env!("OUT_DIR"), "/tables.rs"));
include!(concat!(env!("OUT_DIR"), "/sources.rs"));

/// The generated Rust of the embedded laws, as `bridgelaw emit` prints it.
pub const GENERATED: &str = include_str!(concat!(env!("OUT_DIR"), "/tables.rs"));

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
