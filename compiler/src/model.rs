//! The checked law model: every name resolved to an index, every condition
//! and outcome typed. Code generation, `explain` and the law book read this.

use crate::diagnostic::Location;

/// A value of a finite domain, with what it means.
#[derive(Clone, Debug)]
pub struct Value {
    pub name: String,
    pub doc: String,
}

/// A finite type of rectification parameters.
#[derive(Clone, Debug)]
pub struct TypeDef {
    pub name: String,
    pub doc: String,
    pub values: Vec<Value>,
}

/// Where the engine learns a fact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FactSource {
    /// Computed from the auction or the play.
    Derived,
    /// Left to the director's judgement.
    Judgement,
    /// A choice the Laws give to a player.
    Choice,
}

impl FactSource {
    pub const NAMES: [&'static str; 3] = ["derived", "judgement", "choice"];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

#[derive(Clone, Debug)]
pub struct FactDef {
    pub name: String,
    pub doc: String,
    pub source: FactSource,
    pub is_bool: bool,
    /// For a `bool` fact: `false`, `true`.
    pub values: Vec<Value>,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: usize,
    /// Whether the ruling text may leave the parameter out.
    pub optional: bool,
}

#[derive(Clone, Debug)]
pub struct RectificationDef {
    pub name: String,
    pub doc: String,
    pub params: Vec<Param>,
    /// The ruling text, unless an edition overrides it.
    pub text: Template,
    /// The words of what it leaves standing (a lead restriction, an obligation), if its own.
    pub standing: Option<Template>,
}

/// A checked ruling text: literal text and typed values (`docs/authoring.md`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Template {
    /// The template as the source writes it.
    pub source: String,
    pub pieces: Vec<Piece>,
}

/// A seat a template's context names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    Offender,
    Turn,
    Declarer,
    Dummy,
    Claimer,
}

/// A number a summary shows (the runtime's `Number`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    Trick,
    Played,
    WonByDeclarer,
    WonByDefenders,
    Claimed,
}

/// One piece of a template; the runtime's `Piece` with owned data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    /// `base`, then `turns` steps to the left.
    Seat {
        base: Base,
        turns: u8,
    },
    Seats,
    /// The players a `party` parameter names.
    Party {
        param: usize,
    },
    Act,
    Suit {
        singular: bool,
        fallback: Vec<Piece>,
    },
    Strain {
        fallback: Vec<Piece>,
    },
    /// The suit a lead restriction concerns, in a `standing` text.
    RestrictionSuit {
        fallback: Vec<Piece>,
    },
    /// One text per value of `on`, by value index.
    Choose {
        on: Selector,
        arms: Vec<Vec<Piece>>,
    },
    /// In a summary, a number.
    Number(Number),
    /// In the revoke summary, the suit led to the revoke trick.
    SuitLed,
}

/// What a choice is made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selector {
    Param(usize),
    ActKind,
    /// When the act was made: `auction`, `after_auction` (a call after the final pass), `play`.
    ActTime,
    TurnPosition,
    SeatsCount,
    /// Whether the restricted lead is the opening lead: `opening`, `later`.
    RestrictionLead,
    RevokeState,
    RevokeKind,
    PlayedCount,
    Claim,
}

impl Selector {
    pub const RESTRICTION_LEAD: [&'static str; 2] = ["opening", "later"];
    pub const ACT_KIND: [&'static str; 2] = ["call", "card"];
    pub const ACT_TIME: [&'static str; 3] = ["auction", "after_auction", "play"];
    pub const TURN_POSITION: [&'static str; 4] = ["offender", "lho", "partner", "rho"];
    pub const SEATS_COUNT: [&'static str; 3] = ["none", "one", "several"];
    pub const REVOKE_STATE: [&'static str; 6] =
        ["established_corrected", "accepted_established", "established", "corrected", "accepted", "open"];
    pub const REVOKE_KIND: [&'static str; 4] = ["follow_suit", "penalty", "penalty_card", "card_omitted"];
    pub const PLAYED_COUNT: [&'static str; 3] = ["none", "one", "several"];
    pub const CLAIM: [&'static str; 2] = ["none", "made"];
}

#[derive(Clone, Debug)]
pub struct TableDef {
    pub name: String,
    pub doc: String,
    pub assume: Vec<Assumption>,
    /// The rectifications its rules may produce, when the vocabulary declares them.
    pub produces: Option<Vec<usize>>,
    /// Whether the referee may put a question to the director when it asks this table; if
    /// not, its rules and those of the tables it delegates to test derived facts only.
    pub questions: bool,
}

#[derive(Clone, Debug)]
pub struct Assumption {
    pub when: Cond,
    pub text: String,
    pub because: String,
}

/// A typed condition over fact values (indices into each fact's domain).
#[derive(Clone, Debug)]
pub enum Cond {
    In { fact: usize, values: Vec<usize> },
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

impl Cond {
    pub fn eval(&self, assignment: &[usize]) -> bool {
        match self {
            Cond::In { fact, values } => values.contains(&assignment[*fact]),
            Cond::Not(c) => !c.eval(assignment),
            Cond::And(cs) => cs.iter().all(|c| c.eval(assignment)),
            Cond::Or(cs) => cs.iter().any(|c| c.eval(assignment)),
        }
    }

    /// Adds the facts this condition reads to `out`.
    pub fn facts(&self, out: &mut Vec<usize>) {
        match self {
            Cond::In { fact, .. } => {
                if !out.contains(fact) {
                    out.push(*fact)
                }
            }
            Cond::Not(c) => c.facts(out),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| c.facts(out)),
        }
    }
}

/// Decodes combination number `n` of a mixed-radix enumeration into one value
/// index per digit (the last digit varies fastest).
pub fn decode_combination(mut n: usize, radix: &[usize]) -> Vec<usize> {
    let mut values = vec![0; radix.len()];
    for i in (0..radix.len()).rev() {
        values[i] = n % radix[i];
        n /= radix[i];
    }
    values
}

#[derive(Clone, Debug)]
pub enum OutcomeKind {
    Rectify { rectification: usize, args: Vec<usize> },
    Delegate { table: usize },
}

#[derive(Clone, Debug)]
pub struct Outcome {
    pub kind: OutcomeKind,
    /// Clauses cited for this outcome, besides the rule's own clause.
    pub citations: Vec<usize>,
    pub text: String,
}

#[derive(Clone, Debug)]
pub struct Rule {
    pub id: String,
    pub clause: usize,
    pub table: usize,
    pub when: Cond,
    pub when_text: String,
    pub outcomes: Vec<Outcome>,
    /// Rules of the same table that this rule overrides where both apply.
    pub overrides: Vec<usize>,
    pub location: Option<Location>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Authority {
    Law,
    Commentary,
}

impl Authority {
    pub fn name(self) -> &'static str {
        match self {
            Authority::Law => "law",
            Authority::Commentary => "commentary",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Certainty {
    /// Text quoted from a held source document (`laws/sources/`).
    Verified,
    /// Summarized from the published Laws; not in a held document.
    Summarized,
    /// Known only indirectly; see the clause's note.
    Uncertain,
}

impl Certainty {
    pub const NAMES: [&'static str; 3] = ["verified", "summarized", "uncertain"];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

#[derive(Clone, Debug)]
pub struct Clause {
    pub id: String,
    pub title: String,
    pub authority: Authority,
    pub document: String,
    pub page: Option<String>,
    pub paragraph: Option<String>,
    pub certainty: Certainty,
    pub note: Option<String>,
    pub text: Option<String>,
    pub summary: String,
    pub interprets: Option<usize>,
    pub refs: Vec<usize>,
    pub file: String,
    pub location: Option<Location>,
}

#[derive(Clone, Debug)]
pub struct Document {
    /// The id clauses cite it by.
    pub id: String,
    pub title: String,
    pub author: String,
    pub translator: Option<String>,
    pub year: String,
    pub language: String,
    /// Where its text is held, in words.
    pub held: String,
    /// The held copy, relative to the law directory, if the project keeps one.
    pub file: Option<String>,
}

impl Document {
    /// The bibliographic citation: title, author, translator, year, language.
    pub fn citation(&self) -> String {
        let translator = self.translator.as_ref().map(|t| format!(", translated by {t}")).unwrap_or_default();
        format!("{}. {}{}; {}; language {}", self.title, self.author, translator, self.year, self.language)
    }
}

/// The verdict of a table on one combination of its facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Decided(usize),
    /// Excluded by one of the table's assumptions.
    Assumed,
}

/// A table's facts and its verdict on every combination of them; the
/// combinations are in mixed-radix order over `facts`.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub table: usize,
    pub facts: Vec<usize>,
    pub verdicts: Vec<(Vec<usize>, Verdict)>,
}

#[derive(Clone, Debug)]
pub struct Edition {
    pub name: String,
    pub title: String,
    pub documents: Vec<Document>,
    pub files: Vec<String>,
    pub clauses: Vec<Clause>,
    pub rules: Vec<Rule>,
    /// One analysis per table that has rules in this edition.
    pub analyses: Vec<Analysis>,
    /// How many `verified` clauses the drift check found in their held documents.
    pub verified_in_source: usize,
    /// The edition's ruling texts in place of the vocabulary's: (rectification, text).
    pub texts: Vec<(usize, Template)>,
    /// The edition's `standing` texts in place of the vocabulary's.
    pub standings: Vec<(usize, Template)>,
    /// The edition's headings of ruling entries in place of the vocabulary's: (heading, text).
    pub headings: Vec<(usize, Template)>,
    /// The edition's summaries in place of the vocabulary's: (summary, text).
    pub summaries: Vec<(usize, Template)>,
}

impl Clause {
    /// Where in its document the clause is: `, page 59, paragraph A`, or nothing.
    pub fn place(&self) -> String {
        let page = self.page.as_ref().map(|p| format!(", page {p}"));
        let paragraph = self.paragraph.as_ref().map(|p| format!(", paragraph {p}"));
        [page, paragraph].into_iter().flatten().collect()
    }
}

impl Edition {
    pub fn clause(&self, id: &str) -> Option<&Clause> {
        self.clauses.iter().find(|c| c.id == id)
    }

    /// The clauses that refer to, cite or interpret `clause`.
    pub fn referrers(&self, clause: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .clauses
            .iter()
            .enumerate()
            .filter(|(_, c)| c.refs.contains(&clause) || c.interprets == Some(clause))
            .map(|(i, _)| i)
            .chain(
                self.rules
                    .iter()
                    .filter(|r| r.clause != clause && r.outcomes.iter().any(|o| o.citations.contains(&clause)))
                    .map(|r| r.clause),
            )
            .collect();
        out.sort();
        out.dedup();
        out
    }
}

/// The whole checked law directory.
#[derive(Clone, Debug)]
pub struct Program {
    pub types: Vec<TypeDef>,
    /// The registry of source documents (`sources.yaml`).
    pub documents: Vec<Document>,
    pub facts: Vec<FactDef>,
    pub rectifications: Vec<RectificationDef>,
    pub tables: Vec<TableDef>,
    /// The headings of ruling entries: the entry's name and its template.
    pub headings: Vec<(String, Template)>,
    /// The summaries of the play's ruling (`revoke`, `play`): name and template.
    pub summaries: Vec<(String, Template)>,
    pub editions: Vec<Edition>,
}

impl Program {
    /// The ruling text of rectification `r` in edition `e`: the edition's own, else the vocabulary's.
    pub fn text<'a>(&'a self, e: &'a Edition, r: usize) -> &'a Template {
        e.texts.iter().find(|(i, _)| *i == r).map_or(&self.rectifications[r].text, |(_, t)| t)
    }

    /// The heading `h` in edition `e`: the edition's own, else the vocabulary's.
    pub fn heading<'a>(&'a self, e: &'a Edition, h: usize) -> &'a Template {
        e.headings.iter().find(|(i, _)| *i == h).map_or(&self.headings[h].1, |(_, t)| t)
    }

    /// The summary `s` in edition `e`: the edition's own, else the vocabulary's.
    pub fn summary<'a>(&'a self, e: &'a Edition, s: usize) -> &'a Template {
        e.summaries.iter().find(|(i, _)| *i == s).map_or(&self.summaries[s].1, |(_, t)| t)
    }

    /// The `standing` text of rectification `r` in edition `e`, if it has one of its own.
    pub fn standing<'a>(&'a self, e: &'a Edition, r: usize) -> Option<&'a Template> {
        e.standings.iter().find(|(i, _)| *i == r).map(|(_, t)| t).or(self.rectifications[r].standing.as_ref())
    }
}
