//! `bridgelaw coverage`: which clauses the case corpus exercises. A clause is
//! exercised when some case's ruling cites it in its trace.

use crate::laws::Rulebook;
use bridgelaw_runtime::tables::{Clause, Edition};
use std::collections::BTreeSet;
use std::path::Path;

/// The clauses of an edition cited by the rulings on the cases under `dir`,
/// and the errors met on the way (a case that does not parse or rule).
pub struct Coverage {
    /// The edition's name.
    pub edition: &'static str,
    /// The edition's clauses.
    pub clauses: &'static [Clause],
    pub cases: usize,
    pub cited: BTreeSet<&'static str>,
    pub errors: Vec<String>,
}

impl Coverage {
    /// The edition's clauses that no case cites, in law-book order.
    pub fn uncovered(&self) -> Vec<&'static str> {
        self.clauses.iter().map(|c| c.id).filter(|id| !self.cited.contains(id)).collect()
    }
}

/// Rules on every case file under `dir` that is written for `edition`, with its built-in tables.
#[allow(clippy::expect_used, reason = "a built-in edition is always found among the built-in tables")]
pub fn measure(dir: &Path, edition: Edition) -> Result<Coverage, String> {
    measure_with(dir, Rulebook::BuiltIn, edition.name()).map(|c| c.expect("a built-in edition"))
}

/// Rules on every case file under `dir` written for the edition `name` of `book`; `None` if
/// the book has no such edition. A case that names no edition is the newest edition's. A
/// directory without cases, or a file that cannot be read, is an error.
pub fn measure_with(dir: &Path, book: Rulebook, name: &str) -> Result<Option<Coverage>, String> {
    let Ok(laws) = book.edition(name) else { return Ok(None) };
    let newest = book.names().last().copied().unwrap_or_default();
    let files = crate::case_file::discover(&[dir.to_path_buf()])?;
    let clauses = laws.clauses();
    let mut coverage = Coverage { edition: laws.name(), clauses, cases: 0, cited: BTreeSet::new(), errors: Vec::new() };
    for path in files {
        let text = crate::case_file::read_file(&path)?;
        if crate::laws::case_edition(&text).as_deref().unwrap_or(newest) != name {
            continue;
        }
        let at = |e: &crate::case_file::CaseError| format!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message);
        let ruling = match book.rule_located(&text, Some(name)) {
            (_, Ok(ruling)) => ruling,
            (_, Err(crate::laws::RuleError::Case(errors))) => {
                coverage.errors.extend(errors.iter().map(at));
                continue;
            }
            (Some(located), Err(crate::laws::RuleError::Referee(errors))) => {
                coverage.cases += 1;
                coverage.errors.extend(errors.iter().map(|e| at(&located.locate(e))));
                continue;
            }
            (_, Err(e)) => {
                coverage.cases += 1;
                coverage.errors.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        coverage.cases += 1;
        for id in ruling.trace {
            if let Some(c) = clauses.iter().find(|c| c.id == id) {
                coverage.cited.insert(c.id);
            }
        }
    }
    Ok(Some(coverage))
}
