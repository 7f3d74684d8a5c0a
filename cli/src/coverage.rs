//! `bridgelaw coverage`: which clauses the case corpus exercises. A clause is
//! exercised when some case's ruling cites it in its trace.

use bridgelaw_runtime::tables::Edition;
use std::collections::BTreeSet;
use std::path::Path;

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

/// Rules on every case file under `dir` that is written for `edition`. A directory
/// without cases, or a file that cannot be read, is an error.
pub fn measure(dir: &Path, edition: Edition) -> Result<Coverage, String> {
    let files = crate::case_file::discover(&[dir.to_path_buf()])?;
    let mut coverage = Coverage { edition, cases: 0, cited: BTreeSet::new(), errors: Vec::new() };
    for path in files {
        let text = crate::case_file::read_file(&path)?;
        let located = match crate::case_file::read(&text, None) {
            Ok(l) if l.case.edition == edition => l,
            Ok(_) => continue,
            Err(errors) => {
                for e in errors {
                    coverage.errors.push(format!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message));
                }
                continue;
            }
        };
        coverage.cases += 1;
        match bridgelaw_runtime::rule(&located.case) {
            Ok(ruling) => {
                for id in ruling.trace {
                    if let Some(c) = edition.clauses().iter().find(|c| c.id == id) {
                        coverage.cited.insert(c.id);
                    }
                }
            }
            Err(e) => {
                let e = located.locate(&e);
                coverage.errors.push(format!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message));
            }
        }
    }
    Ok(coverage)
}
