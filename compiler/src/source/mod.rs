//! Stage 1, reading: finds the law sources of every edition and deserializes
//! them, with the position of every value, into the raw source model.
//!
//! Layout of a law directory:
//! - `vocabulary.yaml`: the typed facts, parameter types, rectifications and
//!   tables shared by all editions;
//! - `sources.yaml`: the registry of source documents, whose held texts are
//!   in `sources/` (a reserved name, not an edition);
//! - `<edition>/edition.yaml`: an edition's title and documents;
//! - `<edition>/*.yaml`: its clauses.

mod lines;
mod raw;
mod yaml;

pub use lines::{advance, LineIndex};
pub use raw::*;
pub use yaml::{load_error_marker, load_error_message, load_yaml, strip_bom, BOM};

use crate::diagnostic::{did_you_mean, Code, Diagnostic, Location};
use marked_yaml::{Marker, Span, Spanned};
use std::path::{Path, PathBuf};

/// One law source file held in memory.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Path as shown in diagnostics, relative to the law directory's parent.
    pub path: String,
    /// The text, without a leading byte-order mark.
    pub text: String,
    /// The edition directory it belongs to; `None` for the vocabulary, the
    /// registry and the held source documents.
    pub edition: Option<String>,
    /// The text's line index, built on first use.
    pub lines: LineIndex,
}

impl SourceFile {
    pub fn new(path: String, text: String, edition: Option<String>) -> SourceFile {
        let text = match text.strip_prefix(BOM) {
            Some(rest) => rest.to_string(),
            None => text,
        };
        SourceFile { path, text, edition, lines: LineIndex::default() }
    }

    /// The byte offset of a YAML marker in this file, from its line and column.
    pub fn offset(&self, marker: &Marker) -> usize {
        self.lines.offset(&self.text, marker.line(), marker.column())
    }
}

/// Every file of a law directory.
#[derive(Clone, Debug, Default)]
pub struct SourceSet {
    pub files: Vec<SourceFile>,
}

fn io_error(path: &Path, e: std::io::Error) -> Box<Diagnostic> {
    Box::new(
        Diagnostic::error(Code::Io, format!("cannot read {}: {e}", path.display()))
            .help("pass the path of a law directory holding vocabulary.yaml and one directory per edition, or of one edition directory in it"),
    )
}

fn read_file(path: &Path, edition: Option<String>) -> Result<SourceFile, Box<Diagnostic>> {
    let text = std::fs::read_to_string(path).map_err(|e| io_error(path, e))?;
    Ok(SourceFile::new(path.display().to_string(), text, edition))
}

/// The entries of a directory, sorted, that pass `keep`.
fn entries(dir: &Path, keep: impl Fn(&Path) -> bool) -> Result<Vec<PathBuf>, Box<Diagnostic>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| io_error(dir, e))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| keep(p))
        .collect();
    paths.sort();
    Ok(paths)
}

fn is_yaml(p: &Path) -> bool {
    p.is_file() && p.extension().is_some_and(|x| x == "yaml" || x == "yml")
}

fn is_hidden(p: &Path) -> bool {
    p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

impl SourceSet {
    /// Reads a law directory from disk, or one edition directory of it (one
    /// holding `edition.yaml`, with the vocabulary in its parent). Files are
    /// ordered by path, so that diagnostics and generated code are stable.
    /// An edition directory without law files is an error.
    pub fn read_dir(dir: &Path) -> Result<SourceSet, Box<Diagnostic>> {
        let vocabulary = dir.join("vocabulary.yaml");
        let (vocabulary, editions) = if !vocabulary.exists() && dir.join("edition.yaml").is_file() {
            // One edition: the vocabulary is in the parent directory.
            let parent = match dir.file_name() {
                Some(_) => dir.parent().map(Path::to_path_buf).unwrap_or_default(),
                None => dir.join(".."),
            };
            (parent.join("vocabulary.yaml"), vec![dir.to_path_buf()])
        } else {
            (vocabulary, entries(dir, |p| p.is_dir() && !is_hidden(p) && !p.ends_with(SOURCES_DIR))?)
        };
        let mut set = SourceSet { files: vec![read_file(&vocabulary, None)?] };
        read_registry(vocabulary.parent().unwrap_or(dir), &mut set)?;
        for edition_dir in editions {
            let name = edition_dir
                .canonicalize()
                .ok()
                .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                .unwrap_or_else(|| edition_dir.display().to_string());
            let files = entries(&edition_dir, is_yaml)?;
            if files.is_empty() {
                return Err(Box::new(
                    Diagnostic::error(
                        Code::Io,
                        format!("edition directory {} holds no law files (*.yaml)", edition_dir.display()),
                    )
                    .help("add edition.yaml and the clause files, or remove the directory"),
                ));
            }
            for path in files {
                set.files.push(read_file(&path, Some(name.clone()))?);
            }
        }
        Ok(set)
    }

    /// Builds a source set from files already in memory, as embedded in the
    /// engine: `(path, text)` pairs where path is `<dir>/vocabulary.yaml` or
    /// `<dir>/<edition>/<file>.yaml`.
    pub fn from_embedded(files: &[(&str, &str)]) -> SourceSet {
        let files = files
            .iter()
            .map(|(path, text)| {
                let parts: Vec<&str> = path.rsplit('/').collect();
                let edition = (parts.len() >= 3
                    && !matches!(parts[0], "vocabulary.yaml" | "sources.yaml")
                    && parts[1] != SOURCES_DIR)
                    .then(|| parts[1].to_string());
                SourceFile::new(path.to_string(), text.to_string(), edition)
            })
            .collect();
        SourceSet { files }
    }

    /// The location of a YAML marker, underlining `len` characters.
    pub fn location(&self, marker: &Marker, len: usize) -> Location {
        let file = &self.files[marker.source()];
        let offset = file.offset(marker);
        Location {
            file: marker.source(),
            line: marker.line(),
            column: marker.column(),
            offset,
            len: advance(&file.text, offset, len) - offset,
        }
    }

    /// The location of a spanned value's start, underlining the whole span.
    pub fn span_location(&self, span: &Span) -> Option<Location> {
        let mut location = self.location(span.start()?, 1);
        if let Some(end) = span.end() {
            let end = self.files[end.source()].offset(end);
            if end > location.offset {
                location.len = end - location.offset;
            }
        }
        Some(location)
    }

    /// The location of a string scalar, underlining its value.
    pub fn value_location(&self, value: &Spanned<String>) -> Option<Location> {
        value.span().start().map(|m| self.location(m, value.chars().count().max(1)))
    }

    /// The location of byte `offset` inside a spanned string scalar,
    /// underlining `len` characters, for errors inside an expression. Quoted
    /// scalars are skipped over their opening quote; if the scalar does not
    /// appear verbatim in the file (it was folded over lines), the scalar's
    /// start is used.
    pub fn offset_in(&self, value: &Spanned<String>, offset: usize, len: usize) -> Option<Location> {
        let start = value.span().start()?;
        let file = &self.files[start.source()];
        let begin = file.offset(start);
        let rest = &file.text[begin..];
        let shift = if rest.starts_with(value.as_str()) {
            0
        } else if (rest.starts_with('"') || rest.starts_with('\'')) && rest[1..].starts_with(value.as_str()) {
            1
        } else {
            return Some(self.location(start, value.chars().count()));
        };
        let at = advance(&file.text, begin + shift + offset.min(value.len()), 0);
        let (line, column) = file.lines.line_col(&file.text, at);
        Some(Location { file: start.source(), line, column, offset: at, len: advance(&file.text, at, len) - at })
    }
}

/// The directory of the held source documents, beside the registry `sources.yaml`.
pub const SOURCES_DIR: &str = "sources";

/// Reads `sources.yaml` and the held documents in `sources/`, if present (the
/// checker reports a missing registry).
fn read_registry(dir: &Path, set: &mut SourceSet) -> Result<(), Box<Diagnostic>> {
    let registry = dir.join("sources.yaml");
    if registry.exists() {
        set.files.push(read_file(&registry, None)?);
    }
    let held = dir.join(SOURCES_DIR);
    if !held.is_dir() {
        return Ok(());
    }
    for path in entries(&held, |p| p.is_file() && !is_hidden(p))? {
        set.files.push(read_file(&path, None)?);
    }
    Ok(())
}

impl SourceFile {
    /// A held source document, not YAML.
    pub fn is_held_document(&self) -> bool {
        let parts: Vec<&str> = self.path.rsplit('/').collect();
        self.edition.is_none() && parts.len() >= 2 && parts[1] == SOURCES_DIR
    }

    /// The path relative to the law directory: `sources/x.txt`, `1987/edition.yaml`.
    pub fn relative_path(&self) -> String {
        let parts: Vec<&str> = self.path.rsplit('/').take(2).collect();
        match parts.as_slice() {
            [name, dir] if *dir == SOURCES_DIR || self.edition.as_deref() == Some(dir) => format!("{dir}/{name}"),
            [name, ..] => name.to_string(),
            [] => String::new(),
        }
    }
}

/// The deserialized content of one source file.
#[derive(Debug)]
pub enum Parsed {
    Vocabulary(VocabularyFile),
    Registry(RegistryFile),
    Edition(String, EditionFile),
    Clauses(String, Vec<ClauseSrc>),
}

/// Whether the interface is generated from `file` (`generate_interface`): the vocabulary, or an
/// edition's `edition.yaml`.
pub fn is_interface_file(file: &SourceFile) -> bool {
    let name = Path::new(&file.path).file_name().and_then(|n| n.to_str());
    match file.edition {
        None => name == Some("vocabulary.yaml"),
        Some(_) => name == Some("edition.yaml"),
    }
}

/// Parses every file of the set. Each clause is deserialized on its own, so
/// that one malformed clause does not hide the errors of the others.
pub fn parse(set: &SourceSet, diagnostics: &mut Vec<Diagnostic>) -> Vec<Parsed> {
    let mut parsed = Vec::new();
    for (index, file) in set.files.iter().enumerate() {
        if file.is_held_document() {
            continue;
        }
        let node = match load_yaml(index, &file.text) {
            Ok(node) => node,
            Err(e) => {
                diagnostics.push(load_error(set, index, e));
                continue;
            }
        };
        let Some(edition) = &file.edition else {
            if file.path.ends_with("sources.yaml") {
                if let Some(r) =
                    deserialize::<RegistryFile>(set, node.as_mapping().map(|_| &node), &node, None, diagnostics)
                {
                    parsed.push(Parsed::Registry(r));
                }
                continue;
            }
            if let Some(v) =
                deserialize::<VocabularyFile>(set, node.as_mapping().map(|_| &node), &node, None, diagnostics)
            {
                parsed.push(Parsed::Vocabulary(v));
            }
            continue;
        };
        let Some(mapping) = node.as_mapping() else {
            continue;
        };
        if file.path.ends_with("edition.yaml") {
            if let Some(e) = deserialize::<EditionFile>(set, Some(&node), &node, None, diagnostics) {
                parsed.push(Parsed::Edition(edition.clone(), e));
            }
            continue;
        }
        for key in mapping.keys() {
            if key.as_str() != "clauses" {
                let suggestion = did_you_mean(key.as_str(), ["clauses"]);
                diagnostics.push(unknown_key(set, key.span(), key.as_str(), &["clauses"], suggestion, None));
            }
        }
        let Some(list) = mapping.get_sequence("clauses") else {
            diagnostics.push(
                Diagnostic::error(Code::YamlStructure, "a clause file must have a `clauses:` list")
                    .at(set.span_location(node.span()))
                    .help("write `clauses:` followed by one `- id: ...` entry per clause"),
            );
            continue;
        };
        let mut clauses = Vec::new();
        for item in list.iter() {
            let id = item.as_mapping().and_then(|m| m.get_scalar("id")).map(|s| s.as_str().to_string());
            if let Some(clause) = deserialize::<ClauseSrc>(set, Some(item), item, id.as_deref(), diagnostics) {
                clauses.push(clause);
            }
        }
        parsed.push(Parsed::Clauses(edition.clone(), clauses));
    }
    parsed
}

fn deserialize<T: serde::de::DeserializeOwned>(
    set: &SourceSet,
    node: Option<&marked_yaml::Node>,
    whole: &marked_yaml::Node,
    clause: Option<&str>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<T> {
    let Some(node) = node else {
        diagnostics
            .push(Diagnostic::error(Code::YamlStructure, "expected a mapping").at(set.span_location(whole.span())));
        return None;
    };
    match marked_yaml::from_node::<T>(node) {
        Ok(v) => Some(v),
        Err(e) => {
            let fallback = set.span_location(node.span());
            let d = match e.into_inner() {
                marked_yaml::Error::UnknownFieldError(field, expected, span) => {
                    let suggestion = did_you_mean(&field, expected.iter().copied());
                    let span = find_key(node, &field).unwrap_or(span);
                    let mut d = unknown_key(set, &span, &field, expected, suggestion, clause);
                    d.location = d.location.or(fallback);
                    d
                }
                other => {
                    let location = other.start_mark().map(|m| set.location(&m, 1)).or(fallback);
                    let mut d = Diagnostic::error(Code::YamlStructure, other.to_string())
                        .at(location)
                        .help("compare the entry with the format in docs/authoring.md");
                    if let Some(c) = clause {
                        d = d.clause(c);
                    }
                    d
                }
            };
            diagnostics.push(d);
            None
        }
    }
}

/// The span of the first mapping key named `name` in `node` or below it.
fn find_key(node: &marked_yaml::Node, name: &str) -> Option<Span> {
    match node {
        marked_yaml::Node::Mapping(m) => {
            m.iter().find_map(|(k, v)| if k.as_str() == name { Some(*k.span()) } else { find_key(v, name) })
        }
        marked_yaml::Node::Sequence(s) => s.iter().find_map(|v| find_key(v, name)),
        marked_yaml::Node::Scalar(_) => None,
    }
}

fn unknown_key(
    set: &SourceSet,
    span: &Span,
    field: &str,
    expected: &[&str],
    suggestion: Option<&str>,
    clause: Option<&str>,
) -> Diagnostic {
    let help = match suggestion {
        Some(s) => format!("did you mean `{s}`?"),
        None => format!("expected one of: {}", expected.join(", ")),
    };
    let mut d = Diagnostic::error(Code::UnknownKey, format!("unknown key `{field}`"))
        .at(span.start().map(|m| set.location(m, field.chars().count())))
        .help(help);
    if let Some(c) = clause {
        d = d.clause(c);
    }
    d
}

fn load_error(set: &SourceSet, file: usize, e: marked_yaml::LoadError) -> Diagnostic {
    let marker = load_error_marker(&e);
    let len = match &e {
        marked_yaml::LoadError::DuplicateKey(inner) => inner.key.as_str().chars().count().max(1),
        _ => 1,
    };
    let location =
        marker.map(|m| set.location(&m, len)).unwrap_or(Location { file, line: 1, column: 1, offset: 0, len: 1 });
    let (code, help) = match &e {
        marked_yaml::LoadError::DuplicateKey(_) => {
            (Code::DuplicateKey, "a key may be given once in a mapping: remove one of the two, or merge them")
        }
        _ => (Code::YamlSyntax, "fix the YAML syntax; indentation and `key: value` pairs are the usual culprits"),
    };
    Diagnostic::error(code, load_error_message(&e)).at(Some(location)).help(help)
}
