//! `bridgelaw test`: rules every case under the given paths against its
//! `expect:` block and reports each field that does not match. The ruling
//! function is a parameter (`Ruler`, implemented by `Rulebook`): the compiled
//! tables by default, the law interpreter with `--laws`. The same check runs one `#[test]` per case file
//! in `tests/cases.rs`.

use crate::case_file::CaseError;
use crate::expect::{self, Failure};
use crate::laws::{self, Rulebook};
use bridgelaw_runtime::Ruling;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Why a case could not be ruled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The case file is malformed.
    Case(Vec<CaseError>),
    /// The case is well formed, but the referee could not rule it.
    Ruling(String),
}

/// A ruling function: the editions it knows, and the ruling on a case file's
/// text under an edition (or the file's own edition when `None`).
pub trait Ruler {
    fn editions(&self) -> Vec<String>;
    fn rule(&self, text: &str, edition: Option<&str>) -> Result<Ruling, RuleError>;
}

/// The tables compiled into this build (`Rulebook::BuiltIn`).
pub struct BuiltIn;

impl Ruler for BuiltIn {
    fn editions(&self) -> Vec<String> {
        Rulebook::BuiltIn.editions()
    }

    fn rule(&self, text: &str, edition: Option<&str>) -> Result<Ruling, RuleError> {
        Rulebook::BuiltIn.rule(text, edition)
    }
}

/// The built-in tables, or a law directory interpreted (`--laws`).
impl Ruler for Rulebook<'_> {
    fn editions(&self) -> Vec<String> {
        self.names().into_iter().map(String::from).collect()
    }

    fn rule(&self, text: &str, edition: Option<&str>) -> Result<Ruling, RuleError> {
        self.rule_text(text, edition).map_err(|e| match e {
            laws::RuleError::Case(errors) => RuleError::Case(errors),
            other => RuleError::Ruling(other.to_string()),
        })
    }
}

/// What became of one case file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Every stated field matches, under every edition.
    Passed,
    /// Some field does not match, or the case could not be ruled.
    Failed,
    /// The case file or its `expect:` block is malformed.
    Error,
    /// The case has no `expect:` block (it is still read and ruled).
    NoExpectations,
}

/// An error at a line and column of a case file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Positioned {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// The outcome of one case file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CaseResult {
    pub file: String,
    pub status: Status,
    /// Errors in the file, with their positions.
    pub errors: Vec<Positioned>,
    /// The fields that do not match; `field: "ruling"` when no ruling could be given.
    pub failures: Vec<Failure>,
}

impl CaseResult {
    /// The report's lines for this case: one per error and per failing field.
    pub fn lines(&self) -> Vec<String> {
        let errors = self.errors.iter().map(|e| format!("error: {}:{}:{}: {}", self.file, e.line, e.column, e.message));
        let failures = self.failures.iter().map(|f| {
            format!(
                "{}:{}:{}: {} {}: expected {}, got {}",
                self.file,
                f.line,
                f.column,
                f.edition,
                f.field,
                expect::show(&f.expected),
                expect::show(&f.actual)
            )
        });
        errors.chain(failures).collect()
    }
}

fn error_result(file: String, errors: Vec<CaseError>) -> CaseResult {
    let errors =
        errors.into_iter().map(|e| Positioned { line: e.line, column: e.column, message: e.message }).collect();
    CaseResult { file, status: Status::Error, errors, failures: Vec::new() }
}

/// Checks one case file's text against its `expect:` block with `ruler`.
pub fn check_case(file: &str, text: &str, ruler: &dyn Ruler) -> CaseResult {
    let file = file.to_string();
    let expectations = match expect::read(text) {
        Ok(e) => e,
        Err(errors) => return error_result(file, errors),
    };
    let Some(expectations) = expectations else {
        return match ruler.rule(text, None) {
            Ok(_) => CaseResult { file, status: Status::NoExpectations, errors: Vec::new(), failures: Vec::new() },
            Err(RuleError::Case(errors)) => error_result(file, errors),
            Err(RuleError::Ruling(message)) => {
                let failure = ruling_failure(String::new(), 1, 1, message);
                CaseResult { file, status: Status::Failed, errors: Vec::new(), failures: vec![failure] }
            }
        };
    };
    let known = ruler.editions();
    let unknown: Vec<CaseError> = expectations
        .iter()
        .filter(|e| !known.contains(&e.edition))
        .map(|e| CaseError {
            line: e.line,
            column: e.column,
            message: format!("unknown edition `{}` in `expect`; the laws know: {}", e.edition, known.join(", ")),
        })
        .collect();
    if !unknown.is_empty() {
        return error_result(file, unknown);
    }
    let mut failures = Vec::new();
    for e in &expectations {
        match ruler.rule(text, Some(&e.edition)) {
            Ok(ruling) => failures.extend(expect::compare(e, &ruling)),
            Err(RuleError::Case(errors)) => return error_result(file, errors),
            Err(RuleError::Ruling(message)) => {
                failures.push(ruling_failure(e.edition.clone(), e.line, e.column, message))
            }
        }
    }
    let status = if failures.is_empty() { Status::Passed } else { Status::Failed };
    CaseResult { file, status, errors: Vec::new(), failures }
}

fn ruling_failure(edition: String, line: usize, column: usize, message: String) -> Failure {
    Failure {
        edition,
        field: "ruling".into(),
        line,
        column,
        expected: "a ruling".into(),
        actual: serde_json::Value::String(format!("error: {message}")),
    }
}

/// Checks one case file.
pub fn check_file(path: &Path, ruler: &dyn Ruler) -> std::io::Result<CaseResult> {
    let text = std::fs::read_to_string(path)?;
    Ok(check_case(&path.display().to_string(), &text, ruler))
}

/// The case files under `paths` (files, or directories searched recursively for
/// `*.yaml`), sorted within each directory. A path that does not exist, or a
/// directory with no case file, is an error.
pub fn case_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for p in paths {
        if !p.exists() {
            return Err(format!("{}: no such file or directory", p.display()));
        }
        let before = files.len();
        collect(p, &mut files).map_err(|e| format!("{}: {e}", p.display()))?;
        if files.len() == before {
            return Err(format!("{}: no case file (*.yaml) here", p.display()));
        }
    }
    Ok(files)
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> =
            std::fs::read_dir(path)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
        entries.sort();
        for p in entries {
            if p.is_dir() || p.extension().is_some_and(|x| x == "yaml") {
                collect(&p, out)?;
            }
        }
    } else {
        out.push(path.to_path_buf());
    }
    Ok(())
}

/// The whole report: every case's result and the counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub passed: usize,
    /// Cases that fail a field, cannot be ruled, or are malformed.
    pub failed: usize,
    pub without_expectations: usize,
    pub cases: Vec<CaseResult>,
}

impl Report {
    /// The summary line: `N passed, N failed`, then `, N without expectations` if any.
    pub fn summary(&self) -> String {
        let mut s = format!("{} passed, {} failed", self.passed, self.failed);
        if self.without_expectations > 0 {
            s += &format!(", {} without expectations", self.without_expectations);
        }
        s
    }

    /// The text report: a line per error and failing field, then the summary.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for line in self.cases.iter().flat_map(|c| c.lines()) {
            out += &line;
            out.push('\n');
        }
        out + &self.summary() + "\n"
    }
}

/// Checks every case file under `paths`; `Err` when a path cannot be read.
pub fn run(paths: &[PathBuf], ruler: &dyn Ruler) -> Result<Report, String> {
    let files = case_files(paths)?;
    let mut cases = Vec::with_capacity(files.len());
    for f in &files {
        cases.push(check_file(f, ruler).map_err(|e| format!("{}: {e}", f.display()))?);
    }
    let count = |s: Status| cases.iter().filter(|c| c.status == s).count();
    let (passed, without_expectations) = (count(Status::Passed), count(Status::NoExpectations));
    Ok(Report { passed, failed: cases.len() - passed - without_expectations, without_expectations, cases })
}
