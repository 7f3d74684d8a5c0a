//! `bridgelaw coverage`: which clauses the case corpus exercises. A clause is
//! exercised when some case's ruling cites it in its trace.

use bridgelaw_runtime::tables::Edition;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The clauses of an edition cited by the rulings on the cases under `dir`,
/// and the errors met on the way (a case that does not parse or rule).
pub struct Coverage {
    pub edition: Edition,
    pub cases: usize,
    pub cited: BTreeSet<&'static str>,
    pub errors: Vec<String>,
}

impl Coverage {
    /// The edition's clauses that no case cites, in law-book order.
    pub fn uncovered(&self) -> Vec<&'static str> {
        self.edition.clauses().iter().map(|c| c.id).filter(|id| !self.cited.contains(id)).collect()
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

/// Rules on every case file under `dir` that is written for `edition`.
pub fn measure(dir: &Path, edition: Edition) -> std::io::Result<Coverage> {
    let mut files = Vec::new();
    case_files(dir, &mut files)?;
    files.sort();
    let mut coverage = Coverage { edition, cases: 0, cited: BTreeSet::new(), errors: Vec::new() };
    for path in files {
        let text = std::fs::read_to_string(&path)?;
        let case = match crate::case_file::parse(&text) {
            Ok(case) if case.edition == edition => case,
            Ok(_) => continue,
            Err(e) => {
                coverage.errors.push(format!("{}: {} error(s), first at line {}", path.display(), e.len(), e[0].line));
                continue;
            }
        };
        coverage.cases += 1;
        match bridgelaw_runtime::rule(&case) {
            Ok(ruling) => {
                for id in ruling.trace {
                    if let Some(c) = edition.clauses().iter().find(|c| c.id == id) {
                        coverage.cited.insert(c.id);
                    }
                }
            }
            Err(e) => coverage.errors.push(format!("{}: {e}", path.display())),
        }
    }
    Ok(coverage)
}
