//! `bridgelaw test`: rules every case under the given paths against its
//! `expect:` block and reports each field that does not match. The ruling
//! function is a parameter (`Ruler`, implemented by `Rulebook`): the compiled
//! tables by default, the law interpreter with `--laws`. The same check runs one `#[test]` per case file
//! in `tests/cases.rs`.

use crate::case_file::CaseError;
use crate::expect::{self, Failure};
use crate::laws::{self, Rulebook};
use crate::report::{self, Reported};
use bridgelaw_runtime::Ruling;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Why a case could not be ruled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// The case file is malformed.
    Case(Vec<CaseError>),
    /// The case is well formed, but the referee could not rule it: its errors, each at the
    /// event at fault.
    Ruling(Vec<Reported>),
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
        let (located, ruling) = self.rule_located(text, edition);
        ruling.map_err(|e| match e {
            laws::RuleError::Case(errors) => RuleError::Case(errors),
            laws::RuleError::Referee(errors) => {
                RuleError::Ruling(errors.iter().map(|e| Reported::referee(e, located.as_ref())).collect())
            }
            other => RuleError::Ruling(vec![Reported::plain(other.to_string())]),
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
    /// `malformed`, `not-yet-ruled` or `no-rule-applies`.
    pub kind: &'static str,
    /// For an error found while ruling: the edition ruled under, and the 1-based event at fault.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<usize>,
}

impl Positioned {
    fn case(e: CaseError) -> Positioned {
        Positioned { line: e.line, column: e.column, message: e.message, kind: "malformed", edition: None, event: None }
    }

    /// An error found while ruling under `edition` (`""`: the case's own).
    fn ruling(e: Reported, edition: &str) -> Positioned {
        let edition = Some(edition.to_string()).filter(|e| !e.is_empty()).or(e.edition.map(String::from));
        let (line, column) = (e.line.unwrap_or(1), e.column.unwrap_or(1));
        Positioned { line, column, message: e.message, kind: e.kind, edition, event: e.event }
    }

    fn reported(&self) -> Reported {
        let message = match &self.edition {
            Some(e) if !self.message.contains(&format!("edition {e}")) => {
                format!("under edition {e}: {}", self.message)
            }
            _ => self.message.clone(),
        };
        Reported {
            line: Some(self.line),
            column: Some(self.column),
            event: self.event,
            kind: self.kind,
            message,
            ruling: self.event.is_some(),
            ..Reported::plain(String::new())
        }
    }
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
    /// The file's text, for the excerpts of its errors.
    #[serde(skip)]
    pub text: String,
}

impl CaseResult {
    /// The report's lines for this case: a diagnostic per error (with an excerpt of its line, as
    /// `bridgelaw rule` prints it), and a line per failing field.
    pub fn lines(&self) -> Vec<String> {
        let reported: Vec<Reported> = self.errors.iter().map(Positioned::reported).collect();
        let errors = (!reported.is_empty())
            .then(|| report::render_text(&self.file, Some(&self.text), &reported).trim_end().to_string());
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
        errors.into_iter().chain(failures).collect()
    }
}

fn error_result(file: String, text: &str, errors: Vec<CaseError>) -> CaseResult {
    let errors = errors.into_iter().map(Positioned::case).collect();
    CaseResult { file, status: Status::Error, errors, failures: Vec::new(), text: text.to_string() }
}

/// Checks one case file's text against its `expect:` block with `ruler`.
pub fn check_case(file: &str, text: &str, ruler: &dyn Ruler) -> CaseResult {
    let file = file.to_string();
    let expectations = match expect::read(text) {
        Ok(e) => e,
        Err(errors) => return error_result(file, text, errors),
    };
    let Some(expectations) = expectations else {
        return match ruler.rule(text, None) {
            Ok(_) => CaseResult {
                file,
                status: Status::NoExpectations,
                errors: Vec::new(),
                failures: Vec::new(),
                text: text.to_string(),
            },
            Err(RuleError::Case(errors)) => error_result(file, text, errors),
            Err(RuleError::Ruling(errors)) => {
                let failure = ruling_failure(String::new(), 1, 1, &errors);
                let errors = errors.into_iter().map(|e| Positioned::ruling(e, "")).collect();
                CaseResult { file, status: Status::Failed, errors, failures: vec![failure], text: text.to_string() }
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
        return error_result(file, text, unknown);
    }
    let mut failures = Vec::new();
    let mut errors = Vec::new();
    for e in &expectations {
        match ruler.rule(text, Some(&e.edition)) {
            Ok(ruling) => failures.extend(expect::compare(e, &ruling)),
            Err(RuleError::Case(errors)) => return error_result(file, text, errors),
            Err(RuleError::Ruling(found)) => {
                failures.push(ruling_failure(e.edition.clone(), e.line, e.column, &found));
                errors.extend(found.into_iter().map(|f| Positioned::ruling(f, &e.edition)));
            }
        }
    }
    let status = if failures.is_empty() { Status::Passed } else { Status::Failed };
    CaseResult { file, status, errors, failures, text: text.to_string() }
}

/// The failure of the `expect:` block of `edition` when the case cannot be ruled; the errors
/// themselves are reported at their events.
fn ruling_failure(edition: String, line: usize, column: usize, errors: &[Reported]) -> Failure {
    let shown: Vec<String> = errors
        .iter()
        .map(|e| match e.event {
            Some(n) => format!("error: event {n}: {}", e.message),
            None => format!("error: {}", e.message),
        })
        .collect();
    Failure {
        edition,
        field: "ruling".into(),
        line,
        column,
        expected: "a ruling".into(),
        actual: serde_json::Value::String(shown.join("; ")),
    }
}

/// Checks one case file.
pub fn check_file(path: &Path, ruler: &dyn Ruler) -> Result<CaseResult, String> {
    let text = crate::case_file::read_file(path)?;
    Ok(check_case(&path.display().to_string(), &text, ruler))
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

/// Checks every case file under `paths` (`case_file::discover`: a path that does not
/// exist, or a directory with no case file, is an error); `Err` when a path cannot be read.
pub fn run(paths: &[PathBuf], ruler: &dyn Ruler) -> Result<Report, String> {
    let files = crate::case_file::discover(paths)?;
    let mut cases = Vec::with_capacity(files.len());
    for f in &files {
        cases.push(check_file(f, ruler)?);
    }
    let count = |s: Status| cases.iter().filter(|c| c.status == s).count();
    let (passed, without_expectations) = (count(Status::Passed), count(Status::NoExpectations));
    Ok(Report { passed, failed: cases.len() - passed - without_expectations, without_expectations, cases })
}
