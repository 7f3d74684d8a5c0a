//! `bridgelaw diff`: what a revision changes. The ruling report rules every
//! case under both editions and shows the rulings that change, side by side;
//! the static report (in the compiler) compares clauses and tables.

use crate::laws::Rulebook;
use bridgelaw_runtime::tables::Edition;
use bridgelaw_runtime::Ruling;
use serde::Serialize;
use std::fmt::Write;
use std::path::PathBuf;

/// A ruling reduced to what a revision can change: the rectifications (with
/// their clauses), the open questions, the contract and the lead restrictions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// One line per rectification or open question: its words, then its clauses.
    pub lines: Vec<Line>,
    pub outcome: String,
}

/// One line of a summary: what is ruled, and the clauses behind it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Line {
    pub text: String,
    pub clauses: Vec<&'static str>,
}

/// A case whose ruling changes. In JSON each side is `{"ruling": {...}}` or `{"error": "..."}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaseChange {
    pub case: String,
    #[serde(serialize_with = "outcome")]
    pub from: Result<Summary, String>,
    #[serde(serialize_with = "outcome")]
    pub to: Result<Summary, String>,
}

fn outcome<S: serde::Serializer>(r: &Result<Summary, String>, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(Some(1))?;
    match r {
        Ok(summary) => m.serialize_entry("ruling", summary)?,
        Err(e) => m.serialize_entry("error", e)?,
    }
    m.end()
}

/// A case file that does not parse: it is reported, never silently left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Malformed {
    pub case: String,
    /// `LINE:COLUMN: message`, every error found.
    pub errors: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulingDiff {
    pub from: &'static str,
    pub to: &'static str,
    /// The cases read, malformed ones included.
    pub cases: usize,
    pub changed: Vec<CaseChange>,
    pub malformed: Vec<Malformed>,
}

fn summarize(r: &Ruling) -> Summary {
    let mut lines = Vec::new();
    let mut line = |text: String, clauses: Vec<&'static str>| lines.push(Line { text, clauses });
    for ir in &r.irregularities {
        for x in &ir.rectifications {
            line(x.text(), x.clauses.to_vec());
        }
        if !ir.open_questions.is_empty() {
            line(format!("open question: {}", ir.open_questions.join(", ")), Vec::new());
            for alt in &ir.alternatives {
                let when: Vec<String> = alt.when.iter().map(|(f, v)| format!("{f} is {}", v.join(" or "))).collect();
                for x in &alt.rectifications {
                    line(format!("if {}: {}", when.join(" and "), x.text()), x.clauses.to_vec());
                }
            }
        }
        for t in &ir.unprovided {
            line(format!("no rule in table {t}"), Vec::new());
        }
    }
    for l in &r.lead_restrictions {
        line(format!("lead restriction {}: {}", l.status, l.text), l.clauses.clone());
    }
    let outcome = match (&r.contract, r.auction_over) {
        (Some(c), _) => format!("contract {c}"),
        (None, true) => "passed out".into(),
        (None, false) => {
            r.next_to_call.map(|s| format!("{s} to call")).unwrap_or_else(|| "awaiting the director".into())
        }
    };
    Summary { lines, outcome }
}

/// Whether two rulings differ in substance: the same rectifications, questions,
/// restrictions and contract under different clause numbers do not count, nor
/// does the same error, naming each its own edition.
fn differs(a: &Result<Summary, String>, b: &Result<Summary, String>, from: &str, to: &str) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => x.outcome != y.outcome || x.lines.iter().map(|l| &l.text).ne(y.lines.iter().map(|l| &l.text)),
        (Err(x), Err(y)) => {
            let edition = |e: &str| format!("edition {e}");
            x.replace(&edition(from), "edition *") != y.replace(&edition(to), "edition *")
        }
        _ => true,
    }
}

/// Rules every case under `paths` (files or directories) under both editions, built in.
pub fn rulings(from: Edition, to: Edition, paths: &[PathBuf]) -> Result<RulingDiff, String> {
    rulings_with(Rulebook::BuiltIn, from.name(), to.name(), paths)?
}

/// Rules every case under `paths` under the editions `from` and `to` of `book`. The outer
/// error says the cases cannot be found or read (a path with no case, a file that is not
/// UTF-8); the inner one names an edition the book does not have. A malformed case is reported.
pub fn rulings_with(
    book: Rulebook,
    from: &str,
    to: &str,
    paths: &[PathBuf],
) -> Result<Result<RulingDiff, String>, String> {
    let (a, b) = match (book.edition(from), book.edition(to)) {
        (Ok(a), Ok(b)) => (a.name(), b.name()),
        (Err(e), _) | (_, Err(e)) => return Ok(Err(e)),
    };
    let files = crate::case_file::discover(paths)?;
    let mut changed = Vec::new();
    let mut malformed = Vec::new();
    for path in &files {
        let text = crate::case_file::read_file(path)?;
        if let Err(errors) = crate::case_file::parse(&text) {
            let errors = errors.iter().map(|e| format!("{}:{}: {}", e.line, e.column, e.message)).collect();
            malformed.push(Malformed { case: path.display().to_string(), errors });
            continue;
        }
        let rule = |edition| {
            book.rule_text(&text, Some(edition)).map(|r| summarize(&r)).map_err(|e| match e {
                crate::laws::RuleError::Case(e) => {
                    format!("malformed case: {} error(s), first at line {}", e.len(), e[0].line)
                }
                e => e.to_string(),
            })
        };
        let (x, y) = (rule(a), rule(b));
        if differs(&x, &y, a, b) {
            changed.push(CaseChange { case: path.display().to_string(), from: x, to: y });
        }
    }
    Ok(Ok(RulingDiff { from: a, to: b, cases: files.len(), changed, malformed }))
}

/// Wraps text to `width` columns.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut last = String::new();
    for word in text.split_whitespace() {
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::replace(&mut last, word.to_string()));
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines.push(last);
    lines
}

fn column(s: &Result<Summary, String>, width: usize) -> Vec<String> {
    match s {
        Err(e) => wrap(&format!("error: {e}"), width),
        Ok(s) => {
            let mut out = Vec::new();
            for Line { text, clauses } in &s.lines {
                let cited = if clauses.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", bridgelaw_runtime::ruling::cite(clauses))
                };
                let mut w = wrap(&format!("- {text}{cited}"), width - 2);
                for l in w.iter_mut().skip(1) {
                    l.insert_str(0, "  ");
                }
                out.extend(w);
            }
            out.push(s.outcome.clone());
            out
        }
    }
}

impl RulingDiff {
    /// The old and new rulings of each changed case in two columns.
    pub fn to_text(&self) -> String {
        const WIDTH: usize = 58;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Ruling report: edition {} -> edition {}; {} of {} cases change.",
            self.from,
            self.to,
            self.changed.len(),
            self.cases
        );
        for c in &self.changed {
            let _ = writeln!(out, "\n{}", c.case);
            let _ =
                writeln!(out, "  edition {:<pad$} | edition {}", self.from, self.to, pad = WIDTH - "edition ".len());
            let (left, right) = (column(&c.from, WIDTH), column(&c.to, WIDTH));
            for i in 0..left.len().max(right.len()) {
                let l = left.get(i).map(String::as_str).unwrap_or("");
                let r = right.get(i).map(String::as_str).unwrap_or("");
                let _ = writeln!(out, "  {l:<WIDTH$} | {r}");
            }
        }
        if !self.malformed.is_empty() {
            let _ = writeln!(out, "\n{} case(s) could not be read, and are not compared:", self.malformed.len());
            for m in &self.malformed {
                for e in &m.errors {
                    let _ = writeln!(out, "  {}:{e}", m.case);
                }
            }
        }
        out
    }
}
