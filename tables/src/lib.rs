//! The decision tables of every edition, generated from `laws/` by the
//! build script, and the small types they write their decisions into.
//! Nothing here is hand-written law: the law is in the generated part.

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

/// What one or more tables decided about one set of facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The tables consulted, in order.
    pub tables: Vec<Table>,
    /// The deciding rules, in the order they were applied.
    pub rules: Vec<&'static str>,
    pub outcomes: Vec<Traced>,
    /// Tables that the edition does not define, or cases their assumptions exclude.
    pub unprovided: Vec<Table>,
}

impl Default for Decision {
    /// Room for a typical decision: an entry table and one delegation.
    fn default() -> Self {
        Decision {
            tables: Vec::with_capacity(2),
            rules: Vec::with_capacity(2),
            outcomes: Vec::with_capacity(6),
            unprovided: Vec::new(),
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));
include!(concat!(env!("OUT_DIR"), "/sources.rs"));

/// The generated Rust of the embedded laws, as `bridgelaw emit` prints it.
pub const GENERATED: &str = include_str!(concat!(env!("OUT_DIR"), "/tables.rs"));
