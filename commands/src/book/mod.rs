//! The law book: `bridgelaw docs` writes a static HTML site from the compiled
//! law sources and the case corpus. One page per law of each edition (clauses,
//! commentary, decision tables, overrides, cross-references, cases, other
//! editions), one page per case with its traced ruling, the vocabulary, and an
//! index with a search that runs in the page. The site opens from disk: only
//! relative links, local CSS and JS.

mod cases;
pub mod decision;
pub mod html;
mod index;
mod laws;

use crate::laws::Rulebook;
use bridgelaw_compiler::diff::{self, StaticDiff};
use bridgelaw_compiler::model::Program;
use bridgelaw_compiler::{Diagnostic, SourceSet};
use bridgelaw_runtime::Ruling;
use html::UniqueIds;
use std::path::{Path, PathBuf};

/// A case file of the corpus: its path relative to the case directory
/// (components joined by `/`) and its text.
#[derive(Clone, Debug)]
pub struct CaseSource {
    pub path: String,
    pub text: String,
}

/// Reads every case file (`.yaml`, `.yml`) under `dir`, recursively, sorted by path. A
/// directory without cases, or a file that cannot be read, is an error naming it.
pub fn read_cases(dir: &Path) -> Result<Vec<CaseSource>, String> {
    let mut out = Vec::new();
    for path in crate::case_file::discover(&[dir.to_path_buf()])? {
        let relative = path.strip_prefix(dir).unwrap_or(&path);
        let name: Vec<String> = relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        out.push(CaseSource { path: name.join("/"), text: crate::case_file::read_file(&path)? });
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// One file of the site: its path relative to the site root, and its content.
#[derive(Clone, Debug)]
pub struct SiteFile {
    pub path: String,
    pub content: String,
}

/// The whole generated site, in memory.
#[derive(Clone, Debug, Default)]
pub struct Site {
    pub files: Vec<SiteFile>,
}

impl Site {
    /// The content of the file at `path` (relative to the site root).
    pub fn file(&self, path: &str) -> Option<&str> {
        self.files.iter().find(|f| f.path == path).map(|f| f.content.as_str())
    }

    /// The number of HTML pages.
    pub fn page_count(&self) -> usize {
        self.files.iter().filter(|f| f.path.ends_with(".html")).count()
    }

    /// Writes every file under `out`, creating directories as needed. Files
    /// already there that the site does not contain are left alone.
    pub fn write(&self, out: &Path) -> Result<(), BookError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |error| BookError::Io { path, error }
        };
        for f in &self.files {
            let path = out.join(&f.path);
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(io(dir))?;
            }
            std::fs::write(&path, &f.content).map_err(io(&path))?;
        }
        Ok(())
    }
}

/// Why the book could not be generated.
#[derive(Debug)]
pub enum BookError {
    /// The law sources have errors.
    Laws(Vec<Diagnostic>),
    /// A file or directory could not be read or written.
    Io { path: PathBuf, error: std::io::Error },
    /// The case files could not be found or read (the message names the file).
    Cases(String),
}

/// What was generated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    pub pages: usize,
    pub law_pages: usize,
    pub case_pages: usize,
    /// Cases shown with an error instead of a ruling.
    pub unruled_cases: usize,
}

/// Compiles the laws, rules every case under `cases_dir`, and writes the site to `out`.
pub fn generate(set: &SourceSet, cases_dir: &Path, out: &Path) -> Result<Summary, BookError> {
    let compiled = bridgelaw_compiler::compile(set);
    let Some(program) = compiled.program else {
        return Err(BookError::Laws(compiled.diagnostics));
    };
    write_book(&program, Rulebook::BuiltIn, cases_dir, out)
}

/// Writes the site of a checked program to `out`, ruling the cases under `cases_dir` with `rules`.
pub fn write_book(program: &Program, rules: Rulebook, cases_dir: &Path, out: &Path) -> Result<Summary, BookError> {
    if out.is_file() {
        let error = std::io::Error::other("it is a file; `--out` takes a directory, created if missing");
        return Err(BookError::Io { path: out.to_path_buf(), error });
    }
    let cases = read_cases(cases_dir).map_err(BookError::Cases)?;
    let book = Book::new(program, &cases, rules);
    let site = book.render();
    site.write(out)?;
    Ok(Summary {
        pages: site.page_count(),
        law_pages: book.editions.iter().map(|e| e.laws.len()).sum(),
        case_pages: book.cases.len(),
        unruled_cases: book.cases.iter().filter(|c| c.ruling.is_err()).count(),
    })
}

/// Builds the site in memory from a checked program and case files.
pub fn build(program: &Program, cases: &[CaseSource]) -> Site {
    Book::new(program, cases, Rulebook::BuiltIn).render()
}

/// Where a clause is in the site: its edition, its id, and its target
/// relative to the root (`laws/1987/law-30.html#law-30b2`).
#[derive(Clone, Debug)]
pub struct ClauseTarget {
    pub edition: String,
    pub id: String,
    pub target: String,
}

/// Builds the site in memory, with the place of every clause in it (for `bridgelaw serve`).
pub fn build_with_targets(program: &Program, cases: &[CaseSource], rules: Rulebook) -> (Site, Vec<ClauseTarget>) {
    let book = Book::new(program, cases, rules);
    let mut targets = Vec::new();
    for (ei, e) in program.editions.iter().enumerate() {
        for (ci, c) in e.clauses.iter().enumerate() {
            targets.push(ClauseTarget {
                edition: e.name.clone(),
                id: c.id.clone(),
                target: book.clause_target(ei, ci),
            });
        }
    }
    (book.render(), targets)
}

/// A page of the site that shows one law of one edition.
struct LawPage {
    /// The law's number as the clause ids give it (`30`), or a clause id without one.
    key: String,
    /// `Law 30`: the heading clause's id, or the ids' common start.
    heading: String,
    /// The heading clause's title, if the law has a heading clause.
    title: Option<String>,
    /// Relative to the site root.
    path: String,
    /// Indices into the edition's clauses: laws first, then commentary, each in source order.
    clauses: Vec<usize>,
}

/// Where one edition's clauses and rules are in the site.
struct EditionPages {
    laws: Vec<LawPage>,
    /// Per clause: the index of its law page.
    clause_page: Vec<usize>,
    /// Per clause: its anchor on that page.
    clause_anchor: Vec<String>,
    /// Per rule: its anchor on its clause's page.
    rule_anchor: Vec<String>,
    /// Per clause: the cases whose ruling cites it.
    cited_by: Vec<Vec<usize>>,
}

/// A case of the corpus, ruled.
struct RuledCase<'a> {
    source: &'a CaseSource,
    /// The file name without `.yaml`.
    name: String,
    /// The opening comment of the file.
    scenario: String,
    /// The case page, relative to the site root.
    path: String,
    /// The ruling, or every error met parsing or ruling the case.
    ruling: Result<Ruling, Vec<String>>,
}

/// Anchors of the vocabulary page.
struct VocabularyAnchors {
    types: Vec<String>,
    facts: Vec<String>,
    rectifications: Vec<String>,
    tables: Vec<String>,
}

/// Everything the pages link to, computed once before any page is rendered.
struct Book<'a> {
    program: &'a Program,
    /// `diffs[a][b]`: what changes from edition `a` to edition `b` (`None` when `a == b`).
    diffs: Vec<Vec<Option<StaticDiff>>>,
    editions: Vec<EditionPages>,
    cases: Vec<RuledCase<'a>>,
    vocabulary: VocabularyAnchors,
}

/// The vocabulary page, relative to the site root.
const VOCABULARY_PAGE: &str = "vocabulary.html";

impl<'a> Book<'a> {
    fn new(program: &'a Program, sources: &'a [CaseSource], rules: Rulebook) -> Book<'a> {
        let cases = cases::rule_all(sources, rules);
        let mut dirs = UniqueIds::default();
        let mut editions: Vec<EditionPages> =
            program.editions.iter().map(|e| laws::plan(e, &format!("laws/{}", dirs.claim(&e.name)))).collect();
        for (ci, case) in cases.iter().enumerate() {
            let Ok(ruling) = &case.ruling else { continue };
            let Some(ei) = program.editions.iter().position(|e| e.name == ruling.edition) else { continue };
            for id in &ruling.trace {
                if let Some(c) = program.editions[ei].clauses.iter().position(|c| c.id == *id) {
                    let cited_by = &mut editions[ei].cited_by[c];
                    if !cited_by.contains(&ci) {
                        cited_by.push(ci);
                    }
                }
            }
        }
        let mut ids = UniqueIds::reserving(&html::FRAME_IDS);
        let mut claim = |prefix: &str, names: Vec<&String>| -> Vec<String> {
            names.into_iter().map(|n| ids.claim(&format!("{prefix} {n}"))).collect()
        };
        let vocabulary = VocabularyAnchors {
            types: claim("type", program.types.iter().map(|t| &t.name).collect()),
            facts: claim("fact", program.facts.iter().map(|f| &f.name).collect()),
            rectifications: claim("rect", program.rectifications.iter().map(|r| &r.name).collect()),
            tables: claim("table", program.tables.iter().map(|t| &t.name).collect()),
        };
        let names: Vec<&str> = program.editions.iter().map(|e| e.name.as_str()).collect();
        let diffs = names
            .iter()
            .map(|a| names.iter().map(|b| if a == b { None } else { diff::diff(program, a, b).ok() }).collect())
            .collect();
        Book { program, diffs, editions, cases, vocabulary }
    }

    fn render(&self) -> Site {
        let mut files = vec![
            SiteFile { path: "style.css".into(), content: include_str!("style.css").into() },
            SiteFile { path: "search.js".into(), content: include_str!("search.js").into() },
            index::search_index(self),
            index::index_page(self),
            index::vocabulary_page(self),
        ];
        for (ei, pages) in self.editions.iter().enumerate() {
            for li in 0..pages.laws.len() {
                files.push(laws::page(self, ei, li));
            }
        }
        for ci in 0..self.cases.len() {
            files.push(cases::page(self, ci));
        }
        Site { files }
    }

    /// The clause's place in the site, relative to the root: `laws/1987/law-30.html#law-30b2`.
    fn clause_target(&self, edition: usize, clause: usize) -> String {
        let pages = &self.editions[edition];
        format!("{}#{}", pages.laws[pages.clause_page[clause]].path, pages.clause_anchor[clause])
    }

    /// The rule's place in the site, relative to the root.
    fn rule_target(&self, edition: usize, rule: usize) -> String {
        let pages = &self.editions[edition];
        let clause = self.program.editions[edition].rules[rule].clause;
        format!("{}#{}", pages.laws[pages.clause_page[clause]].path, pages.rule_anchor[rule])
    }

    fn edition_named(&self, name: &str) -> Option<usize> {
        self.program.editions.iter().position(|e| e.name == name)
    }

    /// A link to a clause, from the page at `from`.
    fn clause_link(&self, from: &str, edition: usize, clause: usize) -> String {
        let id = &self.program.editions[edition].clauses[clause].id;
        html::link(&href(from, &self.clause_target(edition, clause)), id)
    }

    /// A link to the clause `id` of the edition named `edition`, or the id as
    /// plain text when the laws have no such clause.
    fn clause_link_by_id(&self, from: &str, edition: &str, id: &str) -> String {
        self.edition_named(edition)
            .and_then(|e| self.program.editions[e].clauses.iter().position(|c| c.id == id).map(|c| (e, c)))
            .map_or_else(|| html::escape(id), |(e, c)| self.clause_link(from, e, c))
    }

    /// A link to the rule `id` of the edition named `edition`, or plain text.
    fn rule_link_by_id(&self, from: &str, edition: &str, id: &str) -> String {
        self.edition_named(edition)
            .and_then(|e| self.program.editions[e].rules.iter().position(|r| r.id == id).map(|r| (e, r)))
            .map_or_else(|| html::escape(id), |(e, r)| html::link(&href(from, &self.rule_target(e, r)), id))
    }

    /// A link to an entry of the vocabulary page.
    fn vocabulary_link(&self, from: &str, anchor: &str, text: &str) -> String {
        html::link(&href(from, &format!("{VOCABULARY_PAGE}#{anchor}")), text)
    }
}

/// The relative link from the page at `from` to `target`, both relative to
/// the site root; a bare `#fragment` when the target is on the same page.
fn href(from: &str, target: &str) -> String {
    match target.split_once('#') {
        Some((path, fragment)) if path == from => format!("#{fragment}"),
        _ => format!("{}{target}", html::root_from(from)),
    }
}
