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

mod raw;

pub use raw::*;

use crate::diagnostic::{did_you_mean, Code, Diagnostic, Location};
use marked_yaml::{Marker, Span, Spanned};
use std::path::Path;

/// One law source file held in memory.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Path as shown in diagnostics, relative to the law directory's parent.
    pub path: String,
    pub text: String,
    /// The edition directory it belongs to; `None` for the vocabulary, the
    /// registry and the held source documents.
    pub edition: Option<String>,
}

/// Every file of a law directory.
#[derive(Clone, Debug, Default)]
pub struct SourceSet {
    pub files: Vec<SourceFile>,
}

impl SourceSet {
    /// Reads a law directory from disk. Files are ordered by path, so that
    /// diagnostics and generated code are stable.
    pub fn read_dir(dir: &Path) -> Result<SourceSet, Box<Diagnostic>> {
        let io_error = |path: &Path, e: std::io::Error| {
            Box::new(
                Diagnostic::error(Code::Io, format!("cannot read {}: {e}", path.display()))
                    .help("pass the path of a law directory holding vocabulary.yaml and one directory per edition"),
            )
        };
        let display = |p: &Path| p.display().to_string();
        let mut set = SourceSet::default();
        let vocabulary = dir.join("vocabulary.yaml");
        let text = std::fs::read_to_string(&vocabulary).map_err(|e| io_error(&vocabulary, e))?;
        set.files.push(SourceFile { path: display(&vocabulary), text, edition: None });
        read_registry(dir, &mut set).map_err(|(p, e)| io_error(&p, e))?;
        let mut editions: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| io_error(dir, e))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.is_dir() && !p.ends_with(SOURCES_DIR))
            .collect();
        editions.sort();
        for edition_dir in editions {
            let edition = edition_dir.file_name().unwrap_or_default().to_string_lossy().into_owned();
            let mut files: Vec<_> = std::fs::read_dir(&edition_dir)
                .map_err(|e| io_error(&edition_dir, e))?
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
                .collect();
            files.sort();
            for path in files {
                let text = std::fs::read_to_string(&path).map_err(|e| io_error(&path, e))?;
                set.files.push(SourceFile { path: display(&path), text, edition: Some(edition.clone()) });
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
                let edition = (parts.len() >= 3 && parts[0] != "vocabulary.yaml" && parts[1] != SOURCES_DIR)
                    .then(|| parts[1].to_string());
                SourceFile { path: path.to_string(), text: text.to_string(), edition }
            })
            .collect();
        SourceSet { files }
    }

    /// The location of a YAML marker, underlining `len` characters.
    pub fn location(&self, marker: &Marker, len: usize) -> Location {
        Location {
            file: marker.source(),
            line: marker.line(),
            column: marker.column(),
            offset: marker.character(),
            len,
        }
    }

    /// The location of a spanned value's start.
    pub fn span_location(&self, span: &Span) -> Option<Location> {
        span.start().map(|m| self.location(m, span_len(span)))
    }

    /// The location of the character at `offset` inside a spanned string
    /// scalar, for errors inside an expression. Quoted scalars are skipped
    /// over their opening quote; if the scalar does not appear verbatim in
    /// the file (it was folded over lines), the scalar's start is used.
    pub fn offset_in(&self, value: &Spanned<String>, offset: usize, len: usize) -> Option<Location> {
        let start = value.span().start()?;
        let file = &self.files[start.source()].text;
        let raw: String = file.chars().skip(start.character()).take(value.chars().count() + 1).collect();
        let (shift, verbatim) = if raw.starts_with(value.as_str()) {
            (0, true)
        } else if (raw.starts_with('"') || raw.starts_with('\'')) && raw[1..].starts_with(value.as_str()) {
            (1, true)
        } else {
            (0, false)
        };
        if !verbatim {
            return Some(self.location(start, value.chars().count()));
        }
        let chars = value[..offset.min(value.len())].chars().count() + shift;
        Some(Location {
            file: start.source(),
            line: start.line(),
            column: start.column() + chars,
            offset: start.character() + chars,
            len,
        })
    }
}

/// The directory of the held source documents, beside the registry `sources.yaml`.
pub const SOURCES_DIR: &str = "sources";

/// Reads `sources.yaml` and the held documents in `sources/`, if present (the
/// checker reports a missing registry).
fn read_registry(dir: &Path, set: &mut SourceSet) -> Result<(), (std::path::PathBuf, std::io::Error)> {
    let registry = dir.join("sources.yaml");
    if registry.exists() {
        let text = std::fs::read_to_string(&registry).map_err(|e| (registry.clone(), e))?;
        set.files.push(SourceFile { path: registry.display().to_string(), text, edition: None });
    }
    let held = dir.join(SOURCES_DIR);
    if !held.is_dir() {
        return Ok(());
    }
    let mut files: Vec<_> =
        std::fs::read_dir(&held).map_err(|e| (held.clone(), e))?.filter_map(Result::ok).map(|e| e.path()).collect();
    files.sort();
    for path in files.into_iter().filter(|p| p.is_file()) {
        let text = std::fs::read_to_string(&path).map_err(|e| (path.clone(), e))?;
        set.files.push(SourceFile { path: path.display().to_string(), text, edition: None });
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

fn span_len(span: &Span) -> usize {
    match (span.start(), span.end()) {
        (Some(s), Some(e)) if e.character() > s.character() => e.character() - s.character(),
        _ => 1,
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

/// Parses every file of the set. Each clause is deserialized on its own, so
/// that one malformed clause does not hide the errors of the others.
pub fn parse(set: &SourceSet, diagnostics: &mut Vec<Diagnostic>) -> Vec<Parsed> {
    let mut parsed = Vec::new();
    for (index, file) in set.files.iter().enumerate() {
        if file.is_held_document() {
            continue;
        }
        let node = match marked_yaml::parse_yaml(index, &file.text) {
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

/// Where a YAML load error happened, if the parser says.
pub fn load_error_marker(e: &marked_yaml::LoadError) -> Option<Marker> {
    use marked_yaml::LoadError::*;
    match e {
        TopLevelMustBeMapping(m)
        | TopLevelMustBeSequence(m)
        | UnexpectedAnchor(m)
        | MappingKeyMustBeScalar(m)
        | UnexpectedTag(m)
        | ScanError(m, _) => Some(*m),
        DuplicateKey(inner) => inner.key.span().start().copied(),
    }
}

fn load_error(set: &SourceSet, file: usize, e: marked_yaml::LoadError) -> Diagnostic {
    let marker = load_error_marker(&e);
    let location =
        marker.map(|m| set.location(&m, 1)).unwrap_or(Location { file, line: 1, column: 1, offset: 0, len: 1 });
    Diagnostic::error(Code::YamlSyntax, format!("{e}"))
        .at(Some(location))
        .help("fix the YAML syntax; indentation and `key: value` pairs are the usual culprits")
}
