//! `bridgelaw coverage`: which clauses the case corpus exercises. A clause is
//! exercised when some case's ruling cites it in its trace.

use crate::laws::Rulebook;
use bridgelaw_runtime::tables::{Clause, Edition};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

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

fn case_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            case_files(&path, out)?;
        } else if path.extension().is_some_and(|x| x == "yaml") {
            out.push(path);
        }
    }
    Ok(())
}

/// Rules on every case file under `dir` that is written for `edition`, with its built-in tables.
pub fn measure(dir: &Path, edition: Edition) -> std::io::Result<Coverage> {
    measure_with(dir, Rulebook::BuiltIn, edition.name()).map(|c| c.expect("a built-in edition"))
}

/// Rules on every case file under `dir` written for the edition `name` of `book`; `None` if
/// the book has no such edition. A case that names no edition is the newest edition's.
pub fn measure_with(dir: &Path, book: Rulebook, name: &str) -> std::io::Result<Option<Coverage>> {
    let Ok(laws) = book.edition(name) else { return Ok(None) };
    let newest = book.names().last().copied().unwrap_or_default();
    let mut files = Vec::new();
    case_files(dir, &mut files)?;
    files.sort();
    let clauses = laws.clauses();
    let mut coverage = Coverage { edition: laws.name(), clauses, cases: 0, cited: BTreeSet::new(), errors: Vec::new() };
    for path in files {
        let text = std::fs::read_to_string(&path)?;
        if crate::laws::case_edition(&text).as_deref().unwrap_or(newest) != name {
            continue;
        }
        let ruling = match book.rule_text(&text, Some(name)) {
            Ok(ruling) => ruling,
            Err(crate::laws::RuleError::Case(e)) => {
                coverage.errors.push(format!("{}: {} error(s), first at line {}", path.display(), e.len(), e[0].line));
                continue;
            }
            Err(e) => {
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
