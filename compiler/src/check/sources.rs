//! The source registry and the drift check. Every clause cites a document of
//! `sources.yaml`; every `verified` clause's `text:` must be found in the held
//! copy of its document, starting on the cited page, ignoring whitespace, line
//! breaks, words hyphenated across lines and the document's listed artifacts.

use super::Checker;
use crate::diagnostic::Code;
use crate::model::{Certainty, Clause, Document, Edition};
use crate::source::{DocumentSrc, EditionFile, RegistryFile};
use regex::Regex;

/// A held document, normalized for matching.
pub(super) struct Held {
    id: String,
    /// The text's characters without whitespace or artifacts, each with the
    /// index of its page label (if any), and whether it is a hyphen that ends a
    /// line (a word broken across lines, which a quotation may rejoin).
    chars: Vec<(char, Option<usize>, bool)>,
    pages: Vec<String>,
}

/// The registry, resolved: the documents, and the held ones normalized.
pub(super) struct Registry {
    pub documents: Vec<Document>,
    held: Vec<Held>,
}

/// Resolves `sources.yaml`. A missing registry is an error: no clause can cite.
pub(super) fn registry(c: &mut Checker, file: Option<RegistryFile>) -> Registry {
    let Some(file) = file else {
        c.error(
            Code::YamlStructure,
            None,
            None,
            "the law directory has no registry of source documents, sources.yaml".into(),
            "add sources.yaml with a `documents:` list (id, title, author, year, language, held); see docs/authoring.md",
        );
        return Registry { documents: Vec::new(), held: Vec::new() };
    };
    super::check_unique(c, "document", file.documents.iter().map(|d| &d.id));
    let mut registry = Registry { documents: Vec::new(), held: Vec::new() };
    for d in &file.documents {
        registry.documents.push(Document {
            id: d.id.to_string(),
            title: d.title.to_string(),
            author: d.author.to_string(),
            translator: d.translator.as_ref().map(|t| t.to_string()),
            year: d.year.to_string(),
            language: d.language.to_string(),
            held: d.held.trim_end().to_string(),
            file: d.file.as_ref().map(|f| f.to_string()),
        });
        if let Some(h) = held(c, d) {
            registry.held.push(h);
        }
    }
    registry
}

/// The documents an edition lists, each of which must be in the registry.
pub(super) fn edition_documents(c: &mut Checker, registry: &Registry, file: &EditionFile) -> Vec<Document> {
    let mut out = Vec::new();
    for id in &file.documents {
        let known = registry.documents.iter().map(|d| d.id.as_str());
        if let Some(i) = c.lookup("document", id, known, c.loc(id), None) {
            out.push(registry.documents[i].clone());
        }
    }
    out
}

/// Reads and normalizes a held document; reports a missing file or a bad pattern.
fn held(c: &mut Checker, d: &DocumentSrc) -> Option<Held> {
    let path = d.file.as_ref()?;
    let Some(source) = c.set.files.iter().find(|f| f.is_held_document() && f.relative_path() == path.as_str()) else {
        c.error(
            Code::Io,
            c.loc(path),
            None,
            format!("document `{}` is held at `{}`, which is not in the law directory", d.id.as_str(), path.as_str()),
            "put the document's text under laws/sources/, or remove `file:`",
        );
        return None;
    };
    let pattern = |c: &mut Checker, p: &crate::source::S| match Regex::new(p) {
        Ok(r) => Some(r),
        Err(e) => {
            let msg = format!("`{}` is not a regular expression: {e}", p.as_str());
            c.error(Code::TypeError, c.loc(p), None, msg, "see the syntax of the `regex` crate");
            None
        }
    };
    let mut artifacts = Vec::new();
    for a in &d.artifacts {
        artifacts.push(pattern(c, &a.pattern)?);
    }
    let mut text = source.text.clone();
    if let Some(r) = &d.repeated_lines {
        if r.as_str() == "once" {
            text = collapse_repeated_lines(&text);
        } else {
            c.lookup("repeated_lines value", r, ["once"].into_iter(), c.loc(r), None);
        }
    }
    let markers = match &d.pages {
        None => None,
        Some(p) => {
            let foot = match p.position.as_str() {
                "foot" => true,
                "head" => false,
                other => {
                    c.lookup("page position", other, ["foot", "head"].into_iter(), c.loc(&p.position), None);
                    return None;
                }
            };
            Some((pattern(c, &p.marker)?, foot))
        }
    };
    Some(normalize(d.id.as_str(), &text, &artifacts, markers.as_ref().map(|(r, f)| (r, *f))))
}

fn collapse_repeated_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut last: Option<&str> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if last == Some(trimmed) && !trimmed.is_empty() {
            continue;
        }
        last = Some(trimmed);
        out.push_str(line);
    }
    out
}

/// The characters of `text` that are neither whitespace, nor an artifact, nor a
/// page marker, with their page labels.
fn normalize(id: &str, text: &str, artifacts: &[Regex], markers: Option<(&Regex, bool)>) -> Held {
    let mut removed = vec![false; text.len()];
    let mut remove = |start: usize, end: usize| removed[start..end].iter_mut().for_each(|r| *r = true);
    for a in artifacts {
        for m in a.find_iter(text) {
            remove(m.start(), m.end());
        }
    }
    // (start, end, label index)
    let mut marks: Vec<(usize, usize, usize)> = Vec::new();
    let mut pages: Vec<String> = Vec::new();
    let foot = markers.is_some_and(|(_, f)| f);
    if let Some((re, _)) = markers {
        for cap in re.captures_iter(text) {
            let whole = cap.get(0).expect("group 0");
            let label = cap.get(1).map(|g| g.as_str()).unwrap_or(whole.as_str()).to_string();
            let index = pages.iter().position(|p| *p == label).unwrap_or_else(|| {
                pages.push(label);
                pages.len() - 1
            });
            marks.push((whole.start(), whole.end(), index));
            remove(whole.start(), whole.end());
        }
    }
    let after_last = marks.last().map(|&(_, _, i)| {
        pages.push(format!("after {}", pages[i]));
        pages.len() - 1
    });
    let page_at = |at: usize| -> Option<usize> {
        if foot {
            marks.iter().find(|m| m.0 >= at).map(|m| m.2).or(after_last)
        } else {
            marks.iter().rev().find(|m| m.1 <= at).map(|m| m.2)
        }
    };
    let mut chars = Vec::with_capacity(text.len() / 2);
    for (at, ch) in text.char_indices() {
        if removed[at] || ch.is_whitespace() {
            continue;
        }
        let line_end = ch == '-'
            && text[at + 1..].chars().take_while(|c| *c != '\n').all(char::is_whitespace)
            && text[at + 1..].contains('\n')
            && text[..at].chars().next_back().is_some_and(char::is_alphabetic);
        chars.push((ch, page_at(at), line_end));
    }
    Held { id: id.to_string(), chars, pages }
}

impl Held {
    /// Whether `quote` (whitespace ignored) occurs in the text starting on page
    /// `page` (anywhere when `None`).
    fn contains(&self, quote: &str, page: Option<&str>) -> bool {
        let quote: Vec<char> = quote.chars().filter(|c| !c.is_whitespace()).collect();
        let page = match page {
            None => None,
            Some(p) => match self.pages.iter().position(|l| l == p) {
                Some(i) => Some(i),
                None => return false,
            },
        };
        (0..self.chars.len())
            .filter(|&i| page.is_none() || self.chars[i].1 == page)
            .any(|start| self.matches_at(start, &quote))
    }

    fn matches_at(&self, start: usize, quote: &[char]) -> bool {
        let (mut k, mut j) = (start, 0);
        while j < quote.len() {
            let Some(&(ch, _, line_end)) = self.chars.get(k) else { return false };
            if ch == quote[j] {
                j += 1;
            } else if !line_end {
                return false;
            }
            k += 1;
        }
        true
    }
}

/// The drift check of one edition: every verified clause's text is found in
/// its held document at its page. Returns how many were found.
pub(super) fn drift(c: &mut Checker, registry: &Registry, edition: &Edition) -> usize {
    let mut found = 0;
    for clause in edition.clauses.iter().filter(|cl| cl.certainty == Certainty::Verified) {
        let Some(text) = &clause.text else { continue };
        let Some(held) = registry.held.iter().find(|h| h.id == clause.document) else {
            not_held(c, clause);
            continue;
        };
        if held.contains(text, clause.page.as_deref()) {
            found += 1;
            continue;
        }
        let elsewhere = clause.page.is_some() && held.contains(text, None);
        let msg = if elsewhere {
            format!(
                "the text of `{}` is in `{}`, but not on page {}",
                clause.id,
                held.id,
                clause.page.as_deref().unwrap_or("")
            )
        } else {
            format!("the text of `{}` is not found in `{}`{}", clause.id, held.id, clause.place())
        };
        c.error(
            Code::TextNotInSource,
            clause.location,
            Some(&clause.id),
            msg,
            "quote the document verbatim (whitespace, line breaks and the registry's artifacts aside), fix the page, or mark the clause `summarized`",
        );
    }
    found
}

fn not_held(c: &mut Checker, clause: &Clause) {
    c.error(
        Code::TextNotInSource,
        clause.location,
        Some(&clause.id),
        format!("`{}` is verified, but its document `{}` is not held in laws/sources/", clause.id, clause.document),
        "a verified clause quotes a held document; mark it `summarized`, or hold the document and give it `file:`",
    );
}
