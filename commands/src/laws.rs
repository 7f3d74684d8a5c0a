//! The laws a command rules with: the editions built into the engine, or a
//! law directory read, checked and interpreted at once, with no rebuild.
//!
//! `load(dir)` compiles a directory and adapts the compiler's interpreter to
//! the runtime's `Laws` interface, edition by edition (an edition the build
//! does not have, such as a `draft` directory, included). The runtime's
//! vocabulary is fixed at build time: when the directory declares a fact,
//! rectification or table that the built runtime does not know, or changes
//! one, loading fails with the names, and the command says a rebuild is
//! needed; it never rules with laws the runtime would misread.
//!
//! The interpreted laws are static data for the rest of the process (the
//! checked program and the rules' traces are leaked once per load), as the
//! runtime's `Traced` references require.

use crate::case_file::{self, CaseError, Located};
use bridgelaw_compiler::diagnostic::Diagnostic;
use bridgelaw_compiler::interp::decisions::{self, Node};
use bridgelaw_compiler::interp::{Decided, Interpreter};
use bridgelaw_compiler::model::{self, OutcomeKind, Program};
use bridgelaw_compiler::SourceSet;
use bridgelaw_runtime::tables::{
    self, Clause, Edition, FactId, FactSource, Facts, Laws, Rectification, Table, Template, Verdict,
};
use bridgelaw_runtime::{RefereeError, Ruling};
use std::fmt;
use std::path::Path;

/// Why a law directory cannot be ruled with.
#[derive(Debug)]
pub enum LoadError {
    /// The directory cannot be read, or its laws have errors.
    Laws { diagnostics: Vec<Diagnostic>, sources: SourceSet },
    /// The directory's vocabulary declares or changes names the built runtime does not know.
    RebuildNeeded { names: Vec<String> },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Laws { diagnostics, sources } => {
                write!(f, "{}", bridgelaw_compiler::diagnostic::render_human(diagnostics, sources))
            }
            LoadError::RebuildNeeded { names } => write!(
                f,
                "the laws declare what this build of the runtime does not know: {}; rebuild (`cargo build --release`) to rule with them",
                names.join(", ")
            ),
        }
    }
}

/// A checked law directory, each edition ready to rule with through the interpreter.
pub struct LoadedLaws {
    program: &'static Program,
    sources: SourceSet,
    editions: Vec<Interpreted>,
}

/// Reads, checks and loads a law directory.
pub fn load(dir: &Path) -> Result<LoadedLaws, LoadError> {
    let sources = SourceSet::read_dir(dir)
        .map_err(|d| LoadError::Laws { diagnostics: vec![*d], sources: SourceSet::default() })?;
    from_sources(sources)
}

/// Checks and loads a set of law sources.
pub fn from_sources(sources: SourceSet) -> Result<LoadedLaws, LoadError> {
    let compiled = bridgelaw_compiler::compile(&sources);
    match compiled.program {
        Some(program) => from_program(program, sources),
        None => Err(LoadError::Laws { diagnostics: compiled.diagnostics, sources }),
    }
}

/// Loads an already checked program (its analyses done), such as one a tool edited.
pub fn from_program(program: Program, sources: SourceSet) -> Result<LoadedLaws, LoadError> {
    let vocabulary = Vocabulary::map(&program)?;
    let program: &'static Program = Box::leak(Box::new(program));
    let editions = program.editions.iter().map(|e| Interpreted::new(program, e, &vocabulary)).collect();
    Ok(LoadedLaws { program, sources, editions })
}

impl LoadedLaws {
    pub fn program(&self) -> &'static Program {
        self.program
    }

    pub fn sources(&self) -> &SourceSet {
        &self.sources
    }

    /// The interpreted laws of the edition named `name`.
    pub fn edition(&self, name: &str) -> Option<&dyn Laws> {
        self.editions.iter().find(|e| e.name == name).map(|e| e as &dyn Laws)
    }
}

/// The laws to rule with: the built-in editions, or a loaded law directory's.
#[derive(Clone, Copy)]
pub enum Rulebook<'a> {
    BuiltIn,
    Loaded(&'a LoadedLaws),
}

/// Why a case cannot be ruled.
#[derive(Debug)]
pub enum RuleError {
    /// The case file is malformed.
    Case(Vec<CaseError>),
    /// The edition asked for is not among the laws.
    Edition(String),
    /// The referee cannot rule it: every error `referee::check` finds, or the first found while
    /// ruling.
    Referee(Vec<RefereeError>),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::Case(errors) => {
                let all: Vec<String> =
                    errors.iter().map(|e| format!("{}:{}: {}", e.line, e.column, e.message)).collect();
                write!(f, "{}", all.join("; "))
            }
            RuleError::Edition(message) => write!(f, "{message}"),
            RuleError::Referee(errors) => {
                let all: Vec<String> = errors.iter().map(ToString::to_string).collect();
                write!(f, "{}", all.join("; "))
            }
        }
    }
}

impl<'a> Rulebook<'a> {
    /// The names of the editions, in directory order (the last is the newest).
    pub fn names(&self) -> Vec<&'static str> {
        match self {
            Rulebook::BuiltIn => Edition::ALL.iter().map(|e| e.name()).collect(),
            Rulebook::Loaded(l) => l.editions.iter().map(|e| e.name).collect(),
        }
    }

    /// The laws of the edition named `name`, or a message naming the editions there are.
    pub fn edition(&self, name: &str) -> Result<&'a dyn Laws, String> {
        let found = match self {
            Rulebook::BuiltIn => Edition::from_name(name).map(Edition::laws),
            Rulebook::Loaded(l) => l.edition(name),
        };
        found.ok_or_else(|| {
            let names = self.names().join(", ");
            match self {
                Rulebook::BuiltIn => format!(
                    "unknown edition `{name}`; this build knows: {names} (rule a new edition under laws/ with `--laws laws`, or rebuild)"
                ),
                Rulebook::Loaded(_) => format!("unknown edition `{name}`; the law directory has: {names}"),
            }
        })
    }

    /// The edition a case is ruled under: `edition` when given, else the case file's
    /// `edition:`, else the newest.
    pub fn edition_of(&self, text: &str, edition: Option<&str>) -> Result<&'a dyn Laws, String> {
        let named = edition.map(str::to_string).or_else(|| case_edition(text));
        match named {
            Some(name) => self.edition(&name),
            None => self.edition(self.names().last().copied().unwrap_or_default()),
        }
    }

    /// Parses the case file `text` and rules it under `edition` (see `edition_of`).
    pub fn rule_text(&self, text: &str, edition: Option<&str>) -> Result<Ruling, RuleError> {
        self.rule_located(text, edition).1
    }

    /// As [`Rulebook::rule_text`], with the parsed case when it parses: its events' positions
    /// (`Located::locate` places a referee error) and its warnings.
    pub fn rule_located(&self, text: &str, edition: Option<&str>) -> (Option<Located>, Result<Ruling, RuleError>) {
        let laws = match self.edition_of(text, edition) {
            Ok(laws) => laws,
            Err(e) => return (None, Err(RuleError::Edition(e))),
        };
        // The built-in edition the case's record names; the laws ruled with are `laws`.
        let placeholder = Edition::from_name(laws.name()).unwrap_or(Edition::ALL[0]);
        match case_file::read_as(text, Some(placeholder), Some(laws.name())) {
            Err(errors) => (None, Err(RuleError::Case(errors))),
            Ok(located) => {
                let ruling = bridgelaw_runtime::referee::rule_all(&located.case, laws).map_err(RuleError::Referee);
                (Some(located), ruling)
            }
        }
    }
}

/// The `edition:` a case file names, if it parses that far (a file with a key given twice
/// does not: the case reader then reports the duplicate, rather than one of its values).
pub fn case_edition(text: &str) -> Option<String> {
    let root = bridgelaw_compiler::source::load_yaml(0, text).ok()?;
    Some(root.as_mapping()?.get_scalar("edition")?.as_str().to_string())
}

/// How the program's names map onto the built runtime's.
struct Vocabulary {
    /// Per fact of the program: the runtime's fact.
    facts: Vec<FactId>,
    /// Per rectification of the program: its index in `Rectification::SIGNATURES`.
    rectifications: Vec<usize>,
    /// Per table of the program: the runtime's table.
    tables: Vec<Table>,
}

impl Vocabulary {
    fn map(p: &Program) -> Result<Vocabulary, LoadError> {
        let mut new = Vec::new();
        let mut facts = Vec::new();
        for f in &p.facts {
            let source = match f.source {
                model::FactSource::Derived => FactSource::Derived,
                model::FactSource::Judgement => FactSource::Judgement,
                model::FactSource::Choice => FactSource::Choice,
            };
            match FactId::from_name(&f.name) {
                Some(id)
                    if id.source() == source
                        && id.values().iter().copied().eq(f.values.iter().map(|v| v.name.as_str())) =>
                {
                    facts.push(id)
                }
                Some(_) => new.push(format!("fact `{}` (changed)", f.name)),
                None => new.push(format!("fact `{}`", f.name)),
            }
        }
        let mut rectifications = Vec::new();
        for r in &p.rectifications {
            let same = |(name, params): &tables::Signature| {
                *name == r.name
                    && params.len() == r.params.len()
                    && params.iter().zip(&r.params).all(|((n, values), param)| {
                        *n == param.name
                            && values.iter().copied().eq(p.types[param.ty].values.iter().map(|v| v.name.as_str()))
                    })
            };
            match Rectification::SIGNATURES.iter().position(same) {
                Some(i) => rectifications.push(i),
                None if Rectification::SIGNATURES.iter().any(|s| s.0 == r.name) => {
                    new.push(format!("rectification `{}` (changed parameters)", r.name))
                }
                None => new.push(format!("rectification `{}`", r.name)),
            }
        }
        let mut tables = Vec::new();
        for t in &p.tables {
            match Table::from_name(&t.name) {
                Some(table) => tables.push(table),
                None => new.push(format!("table `{}`", t.name)),
            }
        }
        if new.is_empty() {
            Ok(Vocabulary { facts, rectifications, tables })
        } else {
            Err(LoadError::RebuildNeeded { names: new })
        }
    }
}

/// One edition of a loaded law directory, behind the runtime's `Laws` interface.
struct Interpreted {
    name: &'static str,
    title: &'static str,
    clauses: &'static [Clause],
    interpreter: Interpreter<'static>,
    /// Per runtime table, if the edition defines it.
    tables: Vec<Option<TableMap>>,
    /// Per runtime table: its decisions, one per verdict (`interp::decisions`), as static data.
    decisions: Vec<&'static [tables::Decided]>,
    /// Per rule of the edition: its position among its table's rules (its decision number).
    local: Vec<usize>,
    /// Per runtime rectification kind (`Rectification::index`): its ruling text in the edition.
    texts: Vec<&'static Template>,
    /// Per runtime rectification kind: its `standing` text in the edition, if any.
    standings: Vec<Option<&'static Template>>,
    /// The headings of ruling entries in the edition, by the entry's name.
    headings: Vec<(&'static str, &'static Template)>,
    /// The summaries of the play's ruling in the edition, by name.
    summaries: Vec<(&'static str, &'static Template)>,
}

/// An edition's texts and `standing` texts, by the runtime's rectification index.
type Texts = (Vec<&'static Template>, Vec<Option<&'static Template>>);

/// A table of the program: its index, the runtime's facts it tests, and each of them with
/// its program index.
type TableMap = (usize, &'static [FactId], Vec<(usize, FactId)>);

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

fn leak_opt(s: &Option<String>) -> Option<&'static str> {
    s.as_deref().map(leak)
}

impl Interpreted {
    fn new(p: &'static Program, e: &'static model::Edition, v: &Vocabulary) -> Interpreted {
        let name = leak(&e.name);
        let clauses: Vec<Clause> = e
            .clauses
            .iter()
            .map(|c| Clause {
                id: leak(&c.id),
                edition: name,
                title: leak(&c.title),
                document: leak(&c.document),
                page: leak_opt(&c.page),
                paragraph: leak_opt(&c.paragraph),
                summary: leak(&c.summary),
            })
            .collect();
        let clauses: &'static [Clause] = Box::leak(clauses.into_boxed_slice());
        let rules: Vec<&'static tables::Rule> = e.rules.iter().map(|r| Self::rule(r, clauses, v)).collect();
        let mut tables = vec![None; Table::ALL.len()];
        for a in &e.analyses {
            let ids: Vec<(usize, FactId)> = a.facts.iter().map(|&f| (f, v.facts[f])).collect();
            let tested: &'static [FactId] = Box::leak(ids.iter().map(|x| x.1).collect::<Vec<_>>().into_boxed_slice());
            tables[v.tables[a.table] as usize] = Some((a.table, tested, ids));
        }
        let interpreter = Interpreter::new(p, e);
        let (texts, standings) = Self::texts(&interpreter, v);
        let decided = Leaked { e, v, clauses, rules: &rules };
        let decisions = Table::ALL
            .iter()
            .map(|&t| match v.tables.iter().position(|&u| u == t) {
                Some(pt) => decided.all(&decisions::decisions(e, pt)),
                None => std::slice::from_ref(&tables::UNDEFINED[t as usize]),
            })
            .collect();
        let mut local = vec![0; e.rules.len()];
        for t in 0..p.tables.len() {
            for (k, r) in decisions::table_rules(e, t).into_iter().enumerate() {
                local[r] = k;
            }
        }
        let leaked = |t: &model::Template| -> &'static Template {
            Box::leak(Box::new(Template { source: leak(&t.source), pieces: pieces(&t.pieces) }))
        };
        let mut headings: Vec<(&'static str, &'static Template)> =
            (0..p.headings.len()).map(|h| (leak(&p.headings[h].0), leaked(p.heading(e, h)))).collect();
        headings.sort_by_key(|(name, _)| *name);
        let summaries = (0..p.summaries.len()).map(|s| (leak(&p.summaries[s].0), leaked(p.summary(e, s)))).collect();
        Interpreted {
            name,
            title: leak(&e.title),
            clauses,
            interpreter,
            tables,
            decisions,
            local,
            texts,
            standings,
            headings,
            summaries,
        }
    }

    /// The edition's ruling texts as static data, by the runtime's rectification index.
    fn texts(interpreter: &Interpreter<'static>, v: &Vocabulary) -> Texts {
        static NONE: Template = Template { source: "", pieces: &[] };
        let leaked = |t: &model::Template| {
            &*Box::leak(Box::new(Template { source: leak(&t.source), pieces: pieces(&t.pieces) }))
        };
        let mut texts = vec![&NONE; Rectification::SIGNATURES.len()];
        let mut standings = vec![None; Rectification::SIGNATURES.len()];
        for (r, &i) in v.rectifications.iter().enumerate() {
            texts[i] = leaked(interpreter.text(r));
            standings[i] = interpreter.standing(r).map(leaked);
        }
        (texts, standings)
    }

    /// A rule's static form: the runtime's names for its facts and outcomes, with their traces.
    fn rule(r: &model::Rule, clauses: &'static [Clause], v: &Vocabulary) -> &'static tables::Rule {
        let mut facts = Vec::new();
        r.when.facts(&mut facts);
        facts.sort();
        let facts: Vec<FactId> = facts.iter().map(|&f| v.facts[f]).collect();
        let outcomes: Vec<tables::Outcome> = r
            .outcomes
            .iter()
            .map(|o| {
                let mut trace = vec![clauses[r.clause]];
                trace.extend(o.citations.iter().filter(|&&c| c != r.clause).map(|&c| clauses[c]));
                let trace: &'static [Clause] = Box::leak(trace.into_boxed_slice());
                match &o.kind {
                    OutcomeKind::Delegate { table } => {
                        tables::Outcome::Delegate { table: v.tables[*table], clauses: trace }
                    }
                    #[allow(clippy::expect_used, reason = "the loaded signatures were checked against the built ones")]
                    OutcomeKind::Rectify { rectification, args } => tables::Outcome::Rectify {
                        rectification: Rectification::from_parts(v.rectifications[*rectification], args)
                            .expect("the signatures match the built ones"),
                        clauses: trace,
                    },
                }
            })
            .collect();
        Box::leak(Box::new(tables::Rule {
            id: leak(&r.id),
            facts: Box::leak(facts.into_boxed_slice()),
            outcomes: Box::leak(outcomes.into_boxed_slice()),
        }))
    }
}

impl Laws for Interpreted {
    fn name(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn clauses(&self) -> &'static [Clause] {
        self.clauses
    }

    fn index(&self, table: Table, facts: &Facts) -> usize {
        let Some((t, _, ids)) = &self.tables[table as usize] else { return 0 };
        let mut assignment = [0usize; 128];
        let mut heap = Vec::new();
        let n = self.interpreter.program().facts.len();
        let assignment: &mut [usize] = if n <= 128 {
            &mut assignment[..n]
        } else {
            heap.resize(n, 0);
            &mut heap
        };
        for &(f, id) in ids {
            assignment[f] = facts.get(id);
        }
        match self.interpreter.decide(*t, assignment) {
            Decided::Rule(r) => self.local[r],
            // The last decision of a defined table is its excluded combination.
            Decided::Assumed | Decided::Undefined => self.decisions[table as usize].len() - 1,
        }
    }

    fn decisions(&self, table: Table) -> &'static [tables::Decided] {
        self.decisions[table as usize]
    }

    fn tests(&self, table: Table) -> &'static [FactId] {
        self.tables[table as usize].as_ref().map_or(&[], |t| t.1)
    }

    fn text(&self, rectification: Rectification) -> &'static Template {
        self.texts[rectification.index()]
    }

    fn standing(&self, rectification: Rectification) -> Option<&'static Template> {
        self.standings[rectification.index()]
    }

    fn heading(&self, entry: &str) -> Option<&'static Template> {
        self.headings.binary_search_by(|(name, _)| name.cmp(&entry)).ok().map(|i| self.headings[i].1)
    }

    fn summary(&self, name: &str) -> Option<&'static Template> {
        self.summaries.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }
}

/// What a decision tree of the program needs to become the runtime's static decisions.
struct Leaked<'a> {
    e: &'static model::Edition,
    v: &'a Vocabulary,
    clauses: &'static [Clause],
    /// Per rule of the edition: its static form.
    rules: &'a [&'static tables::Rule],
}

impl Leaked<'_> {
    fn all(&self, nodes: &[Node]) -> &'static [tables::Decided] {
        Box::leak(nodes.iter().map(|n| self.node(n)).collect::<Vec<_>>().into_boxed_slice())
    }

    /// One decision of the tree, leaked: the same steps, rectifications and traces as the
    /// generated tables' `Decided`.
    fn node(&self, n: &Node) -> tables::Decided {
        let steps: Vec<tables::Step> = n
            .steps
            .iter()
            .map(|&(t, d)| tables::Step {
                table: self.v.tables[t],
                verdict: match d {
                    Decided::Rule(r) => Verdict::Rule(self.rules[r]),
                    Decided::Assumed => Verdict::Assumed,
                    Decided::Undefined => Verdict::Undefined,
                },
            })
            .collect();
        let outcomes: Vec<tables::Traced> = n
            .outcomes
            .iter()
            .filter_map(|o| {
                // A decision's outcomes are rectifications (`interp::decisions`).
                let model::OutcomeKind::Rectify { rectification, args } =
                    &self.e.rules[o.rule].outcomes[o.outcome].kind
                else {
                    return None;
                };
                let clauses: Vec<&'static Clause> = o.trace.iter().map(|&c| &self.clauses[c]).collect();
                #[allow(clippy::expect_used, reason = "the loaded signatures were checked against the built ones")]
                let rectification = Rectification::from_parts(self.v.rectifications[*rectification], args)
                    .expect("the signatures match the built ones");
                Some(tables::Traced {
                    rectification,
                    rule: self.rules[o.rule].id,
                    clauses: Box::leak(clauses.into_boxed_slice()),
                })
            })
            .collect();
        let rules: Vec<&'static str> = if n.then.is_some() {
            Vec::new()
        } else {
            steps
                .iter()
                .filter_map(|s| match s.verdict {
                    Verdict::Rule(r) => Some(r.id),
                    _ => None,
                })
                .collect()
        };
        tables::Decided {
            trace_len: outcomes.iter().map(|t| t.clauses.len()).sum(),
            steps: Box::leak(steps.into_boxed_slice()),
            rules: Box::leak(rules.into_boxed_slice()),
            outcomes: Box::leak(outcomes.into_boxed_slice()),
            then: n.then.as_ref().map(|(t, nodes)| (self.v.tables[*t], self.all(nodes))),
        }
    }
}

/// A checked template's pieces as the runtime's static pieces.
fn pieces(list: &[model::Piece]) -> &'static [tables::Piece] {
    use tables::{Base, Number, Piece, Selector};
    let out: Vec<Piece> = list
        .iter()
        .map(|piece| match piece {
            model::Piece::Text(t) => Piece::Text(leak(t)),
            model::Piece::Seat { base, turns } => {
                let base = match base {
                    model::Base::Offender => Base::Offender,
                    model::Base::Turn => Base::Turn,
                    model::Base::Declarer => Base::Declarer,
                    model::Base::Dummy => Base::Dummy,
                    model::Base::Claimer => Base::Claimer,
                };
                Piece::Seat { base, turns: *turns }
            }
            model::Piece::Seats => Piece::Seats,
            model::Piece::Party { param } => Piece::Party { param: *param as u8 },
            model::Piece::Act => Piece::Act,
            model::Piece::Suit { singular, fallback } => {
                Piece::Suit { singular: *singular, fallback: pieces(fallback) }
            }
            model::Piece::Strain { fallback } => Piece::Strain { fallback: pieces(fallback) },
            model::Piece::RestrictionSuit { fallback } => Piece::RestrictionSuit { fallback: pieces(fallback) },
            model::Piece::Choose { on, arms } => {
                let on = match on {
                    model::Selector::Param(k) => Selector::Param(*k as u8),
                    model::Selector::ActKind => Selector::ActKind,
                    model::Selector::ActTime => Selector::ActTime,
                    model::Selector::TurnPosition => Selector::TurnPosition,
                    model::Selector::SeatsCount => Selector::SeatsCount,
                    model::Selector::RestrictionLead => Selector::RestrictionLead,
                    model::Selector::RevokeState => Selector::RevokeState,
                    model::Selector::RevokeKind => Selector::RevokeKind,
                    model::Selector::PlayedCount => Selector::PlayedCount,
                    model::Selector::Claim => Selector::Claim,
                };
                let arms: Vec<&'static [Piece]> = arms.iter().map(|a| pieces(a)).collect();
                Piece::Choose { on, arms: Box::leak(arms.into_boxed_slice()) }
            }
            model::Piece::Number(n) => Piece::Number(match n {
                model::Number::Trick => Number::Trick,
                model::Number::Played => Number::Played,
                model::Number::WonByDeclarer => Number::WonByDeclarer,
                model::Number::WonByDefenders => Number::WonByDefenders,
                model::Number::Claimed => Number::Claimed,
            }),
            model::Piece::SuitLed => Piece::SuitLed,
        })
        .collect();
    Box::leak(out.into_boxed_slice())
}
