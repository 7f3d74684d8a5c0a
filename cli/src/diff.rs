//! `bridgelaw diff`: what a revision changes. The ruling report rules every
//! case under both editions and shows the rulings that change, side by side;
//! the static report (in the compiler) compares clauses and tables.

use crate::laws::Rulebook;
use bridgelaw_runtime::tables::Edition;
use bridgelaw_runtime::Ruling;
use serde::Serialize;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// A ruling reduced to what a revision can change: the rectifications (with
/// their clauses), the open questions, the contract and the lead restrictions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// One line per rectification or open question: its words, then its clauses.
    pub lines: Vec<(String, Vec<&'static str>)>,
    pub outcome: String,
}

/// A case whose ruling changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaseChange {
    pub case: String,
    pub from: Result<Summary, String>,
    pub to: Result<Summary, String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulingDiff {
    pub from: &'static str,
    pub to: &'static str,
    pub cases: usize,
    pub changed: Vec<CaseChange>,
}

fn summarize(r: &Ruling) -> Summary {
    let mut lines = Vec::new();
    for ir in &r.irregularities {
        for x in &ir.rectifications {
            lines.push((x.text(), x.clauses.clone()));
        }
        if !ir.open_questions.is_empty() {
            lines.push((format!("open question: {}", ir.open_questions.join(", ")), Vec::new()));
            for alt in &ir.alternatives {
                let when: Vec<String> = alt.when.iter().map(|(f, v)| format!("{f} is {}", v.join(" or "))).collect();
                for x in &alt.rectifications {
                    lines.push((format!("if {}: {}", when.join(" and "), x.text()), x.clauses.clone()));
                }
            }
        }
        for t in &ir.unprovided {
            lines.push((format!("no rule in table {t}"), Vec::new()));
        }
    }
    for l in &r.lead_restrictions {
        lines.push((format!("lead restriction {}: {}", l.status, l.text), l.clauses.clone()));
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
/// restrictions and contract under different clause numbers do not count.
fn differs(a: &Result<Summary, String>, b: &Result<Summary, String>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => x.outcome != y.outcome || x.lines.iter().map(|l| &l.0).ne(y.lines.iter().map(|l| &l.0)),
        (Err(x), Err(y)) => x != y,
        _ => true,
    }
}

fn case_files(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> =
            std::fs::read_dir(path)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>()?;
        entries.sort();
        for p in entries {
            case_files(&p, out)?;
        }
    } else if path.extension().is_some_and(|x| x == "yaml") {
        out.push(path.to_path_buf());
    }
    Ok(())
}

/// Rules every case under `paths` (files or directories) under both editions, built in.
pub fn rulings(from: Edition, to: Edition, paths: &[PathBuf]) -> std::io::Result<RulingDiff> {
    rulings_with(Rulebook::BuiltIn, from.name(), to.name(), paths)?.map_err(std::io::Error::other)
}

/// Rules every case under `paths` under the editions `from` and `to` of `book`; the inner
/// error names an edition the book does not have.
pub fn rulings_with(
    book: Rulebook,
    from: &str,
    to: &str,
    paths: &[PathBuf],
) -> std::io::Result<Result<RulingDiff, String>> {
    let (a, b) = match (book.edition(from), book.edition(to)) {
        (Ok(a), Ok(b)) => (a.name(), b.name()),
        (Err(e), _) | (_, Err(e)) => return Ok(Err(e)),
    };
    let mut files = Vec::new();
    for p in paths {
        case_files(p, &mut files)?;
    }
    let mut changed = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path)?;
        let rule = |edition| {
            book.rule_text(&text, Some(edition)).map(|r| summarize(&r)).map_err(|e| match e {
                crate::laws::RuleError::Case(e) => {
                    format!("malformed case: {} error(s), first at line {}", e.len(), e[0].line)
                }
                e => e.to_string(),
            })
        };
        let (x, y) = (rule(a), rule(b));
        // An error names its edition: the same error under both is no change.
        let same_error = matches!((&x, &y), (Err(e), Err(f)) if e.replace(&format!("edition {a}"), "edition") == f.replace(&format!("edition {b}"), "edition"));
        if !same_error && differs(&x, &y) {
            changed.push(CaseChange { case: path.display().to_string(), from: x, to: y });
        }
    }
    Ok(Ok(RulingDiff { from: a, to: b, cases: files.len(), changed }))
}

/// Wraps text to `width` columns.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

fn column(s: &Result<Summary, String>, width: usize) -> Vec<String> {
    match s {
        Err(e) => wrap(&format!("error: {e}"), width),
        Ok(s) => {
            let mut out = Vec::new();
            for (text, clauses) in &s.lines {
                let cited = if clauses.is_empty() { String::new() } else { format!(" ({})", clauses.join("; ")) };
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
        out
    }
}
