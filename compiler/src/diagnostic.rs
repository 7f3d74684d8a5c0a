//! Diagnostics: every problem the compiler finds, with its file, position,
//! clause id, message and help line, rendered for humans (ariadne) or as JSON.

use crate::source::SourceSet;
use serde::Serialize;

/// How bad a finding is. Errors stop code generation; warnings do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

/// A position in one source file: 1-based line and column (in characters),
/// and the byte range underlined in the excerpt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    pub file: usize,
    pub line: usize,
    pub column: usize,
    /// Byte offset of the position in the file.
    #[serde(skip)]
    pub offset: usize,
    /// Number of bytes to underline.
    #[serde(skip)]
    pub len: usize,
}

/// The stable classes of diagnostics; tests and tools match on these codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    Io,
    YamlSyntax,
    YamlStructure,
    UnknownKey,
    DslSyntax,
    UnknownName,
    TypeError,
    DuplicateId,
    DanglingReference,
    Gap,
    Conflict,
    DeadRule,
    Cycle,
    TableTooLarge,
    TextNotInSource,
    DuplicateKey,
    NestingTooDeep,
    NameCollision,
    EmptyEdition,
    TemplateSyntax,
    UnusedParameter,
    /// A case file (the CLI's): malformed, or inconsistent with the record it gives.
    Malformed,
    /// A case file's irregularity that the edition's tables do not yet rule.
    NotYetRuled,
    /// A case file's irregularity for whose facts and answers no rule of the table applies.
    NoRuleApplies,
}

impl Code {
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Io => "io",
            Code::YamlSyntax => "yaml-syntax",
            Code::YamlStructure => "yaml-structure",
            Code::UnknownKey => "unknown-key",
            Code::DslSyntax => "dsl-syntax",
            Code::UnknownName => "unknown-name",
            Code::TypeError => "type-error",
            Code::DuplicateId => "duplicate-id",
            Code::DanglingReference => "dangling-reference",
            Code::Gap => "gap",
            Code::Conflict => "conflict",
            Code::DeadRule => "dead-rule",
            Code::Cycle => "cycle",
            Code::TableTooLarge => "table-too-large",
            Code::TextNotInSource => "text-not-in-source",
            Code::DuplicateKey => "duplicate-key",
            Code::NestingTooDeep => "nesting-too-deep",
            Code::NameCollision => "name-collision",
            Code::EmptyEdition => "empty-edition",
            Code::TemplateSyntax => "template-syntax",
            Code::UnusedParameter => "unused-parameter",
            Code::Malformed => "malformed",
            Code::NotYetRuled => "not-yet-ruled",
            Code::NoRuleApplies => "no-rule-applies",
        }
    }
}

/// One finding of the compiler.
#[derive(Clone, Debug, Serialize)]
pub struct Diagnostic {
    pub severity: Severity,
    pub code: Code,
    pub message: String,
    /// The clause (or vocabulary entry) the finding is about, when known.
    pub clause: Option<String>,
    pub location: Option<Location>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            clause: None,
            location: None,
            help: None,
        }
    }

    pub fn warning(code: Code, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message) }
    }

    pub fn at(mut self, location: Option<Location>) -> Self {
        self.location = location;
        self
    }

    pub fn clause(mut self, clause: impl Into<String>) -> Self {
        self.clause = Some(clause.into());
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Suggests the closest candidate to a misspelt name, if one is close enough.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, c)| *d <= (name.len().max(c.len()) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Edit distance over characters, counting a swap of neighbours as one edit
/// (optimal string alignment), so that `trun` is one edit from `turn`.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// Renders diagnostics for a terminal, with a source excerpt for each. The
/// excerpt source of a file is built once, however many diagnostics it has.
pub fn render_human(diagnostics: &[Diagnostic], sources: &SourceSet) -> String {
    use ariadne::{Config, Label, Report, ReportKind, Source};
    let mut excerpts: Vec<Option<Source<&str>>> = vec![None; sources.files.len()];
    let mut out = Vec::new();
    for d in diagnostics {
        let kind = match d.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let clause = d.clause.as_deref().map(|c| format!(" [{c}]")).unwrap_or_default();
        let header = format!("{}{clause}: {}", d.code.as_str(), d.message);
        match d.location.filter(|l| l.file < sources.files.len()) {
            Some(loc) => {
                let file = sources.files[loc.file].path.clone();
                let f = &sources.files[loc.file];
                let source = excerpts[loc.file].get_or_insert_with(|| Source::from(f.text.as_str()));
                // ariadne counts characters; locations hold bytes.
                let start = f.lines.char_offset(&f.text, loc.offset);
                let span = start..f.lines.char_offset(&f.text, loc.offset + loc.len).max(start + 1);
                let config = Config::default().with_color(false);
                let mut report = Report::build(kind, (file.clone(), span.clone()))
                    .with_config(config)
                    .with_message(format!("{header}\n   at {file}:{}:{}", loc.line, loc.column))
                    .with_label(Label::new((file.clone(), span)).with_message(&d.message));
                if let Some(help) = &d.help {
                    report = report.with_help(help);
                }
                let _ = report.finish().write((file, &*source), &mut out);
            }
            None => {
                out.extend_from_slice(format!("{}: {header}\n", severity_word(d.severity)).as_bytes());
                if let Some(help) = &d.help {
                    out.extend_from_slice(format!("  help: {help}\n").as_bytes());
                }
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// Renders diagnostics as a JSON array; each location names its file by path.
pub fn render_json(diagnostics: &[Diagnostic], sources: &SourceSet) -> String {
    let items: Vec<serde_json::Value> = diagnostics
        .iter()
        .map(|d| {
            let location = d.location.map(|l| {
                serde_json::json!({
                    "file": sources.files[l.file].path,
                    "line": l.line,
                    "column": l.column,
                })
            });
            serde_json::json!({
                "severity": d.severity,
                "code": d.code,
                "message": d.message,
                "clause": d.clause,
                "location": location,
                "help": d.help,
            })
        })
        .collect();
    serde_json::to_string_pretty(&items).expect("diagnostics serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(did_you_mean("sumary", ["summary", "title"]), Some("summary"));
        assert_eq!(did_you_mean("xyz", ["summary", "title"]), None);
        assert_eq!(did_you_mean("trun", ["turn", "anyone_has_bid"]), Some("turn"));
    }
}
