//! The errors of a case file as the commands report them: each with its kind (`malformed`,
//! `not-yet-ruled`, `no-rule-applies`), its position and, for an error found while ruling, the
//! event at fault; rendered as the compiler's diagnostics are (ariadne, `file:line:col`, an
//! excerpt of the line) or as JSON.

use crate::case_file::{CaseError, Located};
use bridgelaw_compiler::diagnostic::{self, Code, Diagnostic, Location};
use bridgelaw_compiler::source::{SourceFile, SourceSet};
use bridgelaw_runtime::{ErrorKind, RefereeError};

/// One error of a case file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reported {
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// The 1-based event at fault, for an error found while ruling.
    pub event: Option<usize>,
    /// `malformed`, `not-yet-ruled` or `no-rule-applies`.
    pub kind: &'static str,
    /// For the kinds found by asking the tables: the edition asked, and the table concerned.
    pub edition: Option<&'static str>,
    pub table: Option<&'static str>,
    pub message: String,
    /// An error of the record read (`Reported::referee`), not of the file's form.
    pub ruling: bool,
}

impl Reported {
    /// An error in the file's form, at its position.
    pub fn case(e: CaseError) -> Reported {
        Reported { line: Some(e.line), column: Some(e.column), ..Reported::plain(e.message) }
    }

    /// An error without a position (the file cannot be read, an unknown edition).
    pub fn plain(message: String) -> Reported {
        Reported {
            line: None,
            column: None,
            event: None,
            kind: "malformed",
            edition: None,
            table: None,
            message,
            ruling: false,
        }
    }

    /// An error found while ruling, at its event's position in the file (when the case was read).
    pub fn referee(e: &RefereeError, located: Option<&Located>) -> Reported {
        let at = located.map(|l| l.locate(e));
        let kind = match e.kind {
            ErrorKind::Malformed => "malformed",
            ErrorKind::NotYetRuled { .. } => "not-yet-ruled",
            ErrorKind::NoRuleApplies { .. } => "no-rule-applies",
        };
        Reported {
            line: at.as_ref().map(|a| a.line),
            column: at.as_ref().map(|a| a.column),
            event: Some(e.event),
            kind,
            edition: e.kind.edition(),
            table: e.kind.table(),
            message: e.message.clone(),
            ruling: true,
        }
    }

    /// The JSON form (`docs/ruling-json.md`).
    pub fn to_json(&self, file: &str) -> serde_json::Value {
        serde_json::json!({
            "file": file, "line": self.line, "column": self.column, "event": self.event,
            "kind": self.kind, "edition": self.edition, "table": self.table, "message": self.message,
        })
    }

    fn code(&self) -> Code {
        match self.kind {
            "not-yet-ruled" => Code::NotYetRuled,
            "no-rule-applies" => Code::NoRuleApplies,
            _ => Code::Malformed,
        }
    }

    fn help(&self) -> Option<String> {
        match (self.kind, self.edition, self.table) {
            ("not-yet-ruled", Some(e), Some(t)) => Some(format!("edition {e}'s table `{t}` has no rule for it yet")),
            ("not-yet-ruled", Some(e), None) => Some(format!("no table of edition {e} rules it yet")),
            ("no-rule-applies", Some(e), Some(t)) => {
                Some(format!("no rule of edition {e}'s table `{t}` applies to the facts and answers given"))
            }
            _ => None,
        }
    }
}

/// The errors of the case file `file` (whose text is `text`, when it was read) for a terminal:
/// each as a diagnostic with an excerpt of its line, in the form of the compiler's.
pub fn render_text(file: &str, text: Option<&str>, errors: &[Reported]) -> String {
    let set = SourceSet { files: vec![SourceFile::new(file.to_string(), text.unwrap_or_default().to_string(), None)] };
    let mut out = String::new();
    // Located errors are rendered together (one excerpt source for the file), in order.
    let mut located: Vec<Diagnostic> = Vec::new();
    for e in errors {
        if e.line.is_none() && e.event.is_none() {
            // No position: the message names what is wrong (the file cannot be read, an
            // unknown edition).
            out += &diagnostic::render_human(&std::mem::take(&mut located), &set);
            out += &format!("error: {}\n", e.message);
        } else {
            located.push(diagnostic_of(file, text, &set.files[0], e));
        }
    }
    out + &diagnostic::render_human(&located, &set)
}

/// A located error as a diagnostic of the case file `source` (whose text is `text`, if read).
fn diagnostic_of(file: &str, text: Option<&str>, source: &SourceFile, e: &Reported) -> Diagnostic {
    let location = match (e.line, e.column, text) {
        (Some(line), Some(column), Some(text)) => {
            let offset = source.lines.offset(text, line, column);
            Some(Location { file: 0, line, column, offset, len: underline(&text[offset..], e.ruling) })
        }
        _ => None,
    };
    let mut d = Diagnostic::error(e.code(), e.message.clone()).at(location);
    if let Some(event) = e.event {
        d = d.clause(format!("event {event}"));
    }
    if location.is_none() {
        // A position without the text, or an event the file's positions do not give.
        let at = e.line.map(|l| format!(":{l}:{}", e.column.unwrap_or(1))).unwrap_or_default();
        d.message = format!("{file}{at}: {}", d.message);
    }
    match e.help() {
        Some(h) => d.help(h),
        None => d,
    }
}

/// How many bytes of `rest` (the text from an error's position) to underline: an event's whole
/// entry, to the end of its line, or the one token (a key, a value) an error in the form is about.
fn underline(rest: &str, whole_line: bool) -> usize {
    let line = rest.split('\n').next().unwrap_or_default().trim_end();
    if whole_line {
        return line.len();
    }
    let mut end = 0;
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let key_end = c == ':' && chars.peek().is_none_or(|(_, n)| n.is_whitespace());
        if c.is_whitespace() || matches!(c, ',' | '}' | ']') || key_end {
            break;
        }
        end = i + c.len_utf8();
    }
    end.max(1).min(line.len().max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_in_the_form_underlines_its_token_and_a_ruling_error_its_entry() {
        assert_eq!(underline("pass_meanin: natural}\n", false), "pass_meanin".len());
        assert_eq!(underline("bogus}\n", false), "bogus".len());
        assert_eq!(underline("W: H4   \n  - N: 1H", true), "W: H4".len());
    }

    #[test]
    fn errors_are_rendered_with_their_kind_event_and_position() {
        let text = "dealer: N\nevents:\n  - N: 1H\n  - director: {pass_meaning: natural}\n";
        let error = Reported {
            line: Some(4),
            column: Some(5),
            event: Some(2),
            kind: "malformed",
            edition: None,
            table: None,
            message: "the director is called, but no irregularity awaits a ruling".into(),
            ruling: true,
        };
        let shown = render_text("x.yaml", Some(text), &[error]);
        assert!(shown.contains("Error: malformed [event 2]: the director is called"), "{shown}");
        assert!(shown.contains("at x.yaml:4:5"), "{shown}");
        assert!(shown.contains("director: {pass_meaning: natural}"), "{shown}");
    }
}
