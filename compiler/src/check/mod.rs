//! Stage 3, checking: resolves every name and cross-reference, type-checks
//! the DSL, then (in `tables`) proves each decision table complete and
//! unambiguous. Every problem becomes a diagnostic; checking goes on after
//! an error so that one run reports them all.

mod graph;
pub(crate) mod interface;
mod names;
mod sources;
mod tables;
mod templates;

use crate::diagnostic::{did_you_mean, Code, Diagnostic, Location};
use crate::model::*;
use crate::source::{ClauseSrc, EditionFile, Parsed, SourceSet, VocabularyFile, S};
use crate::syntax::{self, Expr, Literal};
use std::collections::HashMap;
use templates::Scope;

/// Resolves a clause reference: `(checker, id, position, referring clause)`.
type ClauseRef<'a> = dyn Fn(&mut Checker, &S, Option<Location>, &str) -> Option<usize> + 'a;

/// Names of the built-in outcome that hands a decision to another table.
pub const DELEGATE: &str = "delegate";

struct Checker<'a> {
    set: &'a SourceSet,
    diagnostics: &'a mut Vec<Diagnostic>,
}

impl Checker<'_> {
    fn error(&mut self, code: Code, at: Option<Location>, clause: Option<&str>, msg: String, help: impl Into<String>) {
        let mut d = Diagnostic::error(code, msg).at(at).help(help);
        if let Some(c) = clause {
            d = d.clause(c);
        }
        self.diagnostics.push(d);
    }

    fn loc(&self, s: &S) -> Option<Location> {
        self.set.value_location(s)
    }

    fn inner(&self, s: &S, range: &std::ops::Range<usize>) -> Option<Location> {
        self.set.offset_in(s, range.start, s[range.clone()].chars().count().max(1))
    }

    /// Resolves a name against a list, reporting an unknown one with a suggestion.
    fn lookup<'n>(
        &mut self,
        kind: &str,
        name: &str,
        names: impl Iterator<Item = &'n str> + Clone,
        at: Option<Location>,
        clause: Option<&str>,
    ) -> Option<usize> {
        if let Some(i) = names.clone().position(|n| n == name) {
            return Some(i);
        }
        let help = match did_you_mean(name, names.clone()) {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("known {kind}s: {}", names.collect::<Vec<_>>().join(", ")),
        };
        self.error(Code::UnknownName, at, clause, format!("unknown {kind} `{name}`"), help);
        None
    }
}

/// Checks the parsed sources and builds the program. Returns `None` when
/// errors make a program impossible; the diagnostics say why.
pub fn check(set: &SourceSet, parsed: Vec<Parsed>, diagnostics: &mut Vec<Diagnostic>) -> Option<Program> {
    let mut c = Checker { set, diagnostics };
    let mut vocabulary = None;
    let mut registry_file = None;
    let mut editions: Vec<(String, Option<EditionFile>, Vec<ClauseSrc>)> = Vec::new();
    let edition_of = |editions: &mut Vec<(String, Option<EditionFile>, Vec<ClauseSrc>)>, name: &str| {
        if let Some(i) = editions.iter().position(|e| e.0 == name) {
            i
        } else {
            editions.push((name.to_string(), None, Vec::new()));
            editions.len() - 1
        }
    };
    for p in parsed {
        match p {
            Parsed::Vocabulary(v) => vocabulary = Some(v),
            Parsed::Registry(r) => registry_file = Some(r),
            Parsed::Edition(name, file) => {
                let i = edition_of(&mut editions, &name);
                editions[i].1 = Some(file);
            }
            Parsed::Clauses(name, clauses) => {
                let i = edition_of(&mut editions, &name);
                editions[i].2.extend(clauses);
            }
        }
    }
    let vocabulary = check_vocabulary(&mut c, vocabulary?)?;
    let mut program = vocabulary;
    let registry = sources::registry(&mut c, registry_file);
    program.documents = registry.documents.clone();
    let named: Vec<(String, Option<Location>)> =
        editions.iter().map(|(name, file, _)| (name.clone(), file.as_ref().and_then(|f| c.loc(&f.title)))).collect();
    names::editions(&mut c, &named);
    for (name, file, clauses) in editions {
        let Some(file) = file else {
            c.error(
                Code::YamlStructure,
                None,
                None,
                format!("edition `{name}` has no edition.yaml"),
                format!("add {name}/edition.yaml with the edition's title and documents"),
            );
            continue;
        };
        // An edition whose clause files failed to load has had its errors reported.
        let failed = c.diagnostics.iter().any(|d| {
            d.is_error() && d.location.is_some_and(|l| set.files[l.file].edition.as_deref() == Some(name.as_str()))
        });
        if clauses.is_empty() && !failed {
            c.error(
                Code::EmptyEdition,
                c.loc(&file.title),
                None,
                format!("edition `{name}` has no clauses"),
                format!("add clause files (a `clauses:` list) beside {name}/edition.yaml, or remove the edition"),
            );
            continue;
        }
        if clauses.is_empty() {
            continue;
        }
        let documents = sources::edition_documents(&mut c, &registry, &file);
        if let Some(mut edition) = check_edition(&mut c, &program, name, file, documents, clauses) {
            edition.verified_in_source = sources::drift(&mut c, &registry, &edition);
            program.editions.push(edition);
        }
    }
    if c.diagnostics.iter().any(Diagnostic::is_error) {
        return None;
    }
    for e in 0..program.editions.len() {
        let analyses = tables::analyse(&program, &program.editions[e], c.diagnostics);
        program.editions[e].analyses = analyses;
    }
    (!c.diagnostics.iter().any(Diagnostic::is_error)).then_some(program)
}

/// Checks the vocabulary and the editions' names and titles only (their `edition.yaml`),
/// for the interface: the program of the vocabulary, without editions, and each edition's
/// name and title in order. `None` when there were errors.
pub fn check_interface(
    set: &SourceSet,
    parsed: Vec<Parsed>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<(Program, Vec<(String, String)>)> {
    let mut c = Checker { set, diagnostics };
    let mut vocabulary = None;
    let mut editions = Vec::new();
    for p in parsed {
        match p {
            Parsed::Vocabulary(v) => vocabulary = Some(v),
            Parsed::Edition(name, file) => editions.push((name, file)),
            Parsed::Registry(_) | Parsed::Clauses(..) => {}
        }
    }
    let program = check_vocabulary(&mut c, vocabulary?)?;
    let named: Vec<(String, Option<Location>)> =
        editions.iter().map(|(name, f)| (name.clone(), c.loc(&f.title))).collect();
    names::editions(&mut c, &named);
    let editions = editions.into_iter().map(|(name, f)| (name, f.title.as_str().to_string())).collect();
    (!c.diagnostics.iter().any(Diagnostic::is_error)).then_some((program, editions))
}

/// Analyses every table of every edition of a program again, as `check` does, for a program
/// edited after its check (the mutation tests); returns the findings.
pub fn analyse_program(program: &mut Program) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for e in 0..program.editions.len() {
        let analyses = tables::analyse(program, &program.editions[e], &mut diagnostics);
        program.editions[e].analyses = analyses;
    }
    diagnostics
}

/// Rust's keywords, strict and reserved: a name becomes a Rust field or
/// function, so it may not be one of them.
const RUST_KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern", "fn", "for", "gen",
    "if", "impl", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "self", "static", "struct",
    "super", "trait", "type", "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

fn check_name(c: &mut Checker, s: &S, what: &str) {
    let ok = s.chars().next().is_some_and(|ch| ch.is_ascii_lowercase())
        && s.chars().all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '_')
        && !["and", "or", "not", "in", "per", "true", "false", DELEGATE].contains(&s.as_str());
    if !ok {
        c.error(
            Code::YamlStructure,
            c.loc(s),
            None,
            format!("`{}` is not a valid {what} name", s.as_str()),
            "names are snake_case, start with a letter and are not DSL keywords",
        );
    } else if RUST_KEYWORDS.contains(&s.as_str()) {
        c.error(
            Code::NameCollision,
            c.loc(s),
            None,
            format!("{what} name `{}` is a Rust keyword, which the generated code cannot use", s.as_str()),
            "choose another name",
        );
    }
}

fn check_unique<'s>(c: &mut Checker, what: &str, names: impl Iterator<Item = &'s S>) {
    let mut seen: HashMap<&str, &S> = HashMap::new();
    for n in names {
        if let Some(first) = seen.insert(n.as_str(), n) {
            let first = c.loc(first).map(|l| format!("first declared at line {}", l.line)).unwrap_or_default();
            c.error(Code::DuplicateId, c.loc(n), None, format!("{what} `{}` is declared twice", n.as_str()), first);
        }
    }
}

fn check_vocabulary(c: &mut Checker, v: VocabularyFile) -> Option<Program> {
    names::vocabulary(c, &v);
    check_unique(c, "type", v.types.iter().map(|t| &t.name));
    check_unique(c, "fact", v.facts.iter().map(|f| &f.name));
    check_unique(c, "rectification", v.rectifications.iter().map(|r| &r.name));
    check_unique(c, "table", v.tables.iter().map(|t| &t.name));
    let values = |vs: &[crate::source::ValueSrc], c: &mut Checker| {
        check_unique(c, "value", vs.iter().map(|v| &v.name));
        vs.iter()
            .map(|v| {
                check_name(c, &v.name, "value");
                Value { name: v.name.to_string(), doc: v.doc.to_string() }
            })
            .collect::<Vec<_>>()
    };
    let types: Vec<TypeDef> = v
        .types
        .iter()
        .map(|t| {
            check_name(c, &t.name, "type");
            TypeDef { name: t.name.to_string(), doc: t.doc.to_string(), values: values(&t.values, c) }
        })
        .collect();
    let mut facts = Vec::new();
    for f in &v.facts {
        check_name(c, &f.name, "fact");
        let source = match FactSource::NAMES.iter().position(|n| *n == f.source.as_str()) {
            Some(0) => FactSource::Derived,
            Some(1) => FactSource::Judgement,
            Some(_) => FactSource::Choice,
            None => {
                c.lookup("fact source", &f.source, FactSource::NAMES.iter().copied(), c.loc(&f.source), None);
                FactSource::Derived
            }
        };
        let is_bool = match &f.ty {
            Some(t) if t.as_str() == "bool" => {
                if !f.values.is_empty() {
                    c.error(
                        Code::TypeError,
                        c.loc(t),
                        None,
                        format!("bool fact `{}` lists values", f.name.as_str()),
                        "drop `values:` or drop `type: bool`",
                    );
                }
                true
            }
            Some(t) => {
                c.error(
                    Code::TypeError,
                    c.loc(t),
                    None,
                    format!("unknown fact type `{}`", t.as_str()),
                    "a fact is `type: bool` or lists its `values:`",
                );
                false
            }
            None => {
                if f.values.len() < 2 {
                    c.error(
                        Code::TypeError,
                        c.loc(&f.name),
                        None,
                        format!("fact `{}` needs `type: bool` or at least two values", f.name.as_str()),
                        "list the values under `values:`",
                    );
                }
                false
            }
        };
        let vals = if is_bool {
            ["false", "true"].iter().map(|n| Value { name: n.to_string(), doc: String::new() }).collect()
        } else {
            values(&f.values, c)
        };
        facts.push(FactDef { name: f.name.to_string(), doc: f.doc.to_string(), source, is_bool, values: vals });
    }
    let mut rectifications = Vec::new();
    for r in &v.rectifications {
        check_name(c, &r.name, "rectification");
        check_unique(c, "parameter", r.params.iter().map(|p| &p.name));
        for param in &r.params {
            check_name(c, &param.name, "parameter");
        }
        let params = r
            .params
            .iter()
            .filter_map(|p| {
                let ty = c.lookup("type", &p.ty, types.iter().map(|t| t.name.as_str()), c.loc(&p.ty), None)?;
                Some(Param { name: p.name.to_string(), ty, optional: p.optional.as_ref().is_some_and(|o| **o) })
            })
            .collect();
        // Without a `text:`, the ruling text is the doc, as it stands.
        let doc = Template { source: r.doc.to_string(), pieces: vec![Piece::Text(r.doc.to_string())] };
        let mut def =
            RectificationDef { name: r.name.to_string(), doc: r.doc.to_string(), params, text: doc, standing: None };
        if let Some(text) = &r.text {
            if let Some(t) = templates::check(c, &types, &def, text, &r.name, Scope::Text) {
                def.text = t;
            }
        }
        if let Some(text) = &r.standing {
            def.standing = templates::check(c, &types, &def, text, &r.name, Scope::Standing);
        }
        rectifications.push(def);
    }
    check_unique(c, "heading of entry", v.headings.iter().map(|h| &h.entry));
    let mut headings = Vec::new();
    for h in &v.headings {
        check_name(c, &h.entry, "entry");
        if let Some(t) = templates::check(c, &types, &heading_context(&h.entry), &h.text, &h.entry, Scope::Text) {
            headings.push((h.entry.to_string(), t));
        }
    }
    check_unique(c, "summary", v.summaries.iter().map(|s| &s.name));
    let mut summaries = Vec::new();
    for s in &v.summaries {
        if let Some(t) = summary(c, &types, &s.name, &s.text) {
            summaries.push((s.name.to_string(), t));
        }
    }
    let mut program = Program {
        types,
        documents: Vec::new(),
        facts,
        rectifications,
        tables: Vec::new(),
        headings,
        summaries,
        editions: Vec::new(),
    };
    for t in &v.tables {
        check_name(c, &t.name, "table");
        let assume = t
            .assume
            .iter()
            .filter_map(|a| {
                let when = condition(c, &program, &a.when, None)?;
                Some(Assumption { when, text: a.when.to_string(), because: a.because.to_string() })
            })
            .collect();
        let produces = t.produces.as_ref().map(|names| {
            let known = program.rectifications.iter().map(|r| r.name.as_str());
            names.iter().filter_map(|n| c.lookup("rectification", n, known.clone(), c.loc(n), None)).collect()
        });
        let questions = t.questions.as_ref().is_none_or(|q| **q);
        program.tables.push(TableDef { name: t.name.to_string(), doc: t.doc.to_string(), assume, produces, questions });
    }
    Some(program)
}

/// Parses and type-checks one condition string.
fn condition(c: &mut Checker, p: &Program, text: &S, clause: Option<&str>) -> Option<Cond> {
    match syntax::parse_condition(text) {
        Ok(e) => typed(c, p, text, &e, clause),
        Err(e) if e.too_deep => {
            let at = c.set.offset_in(text, e.offset, 1);
            let help = "name the inner part as a fact or split the rule; see the nesting limit in docs/dsl.md";
            c.error(Code::NestingTooDeep, at, clause, e.message, help);
            None
        }
        Err(e) => {
            let at = c.set.offset_in(text, e.offset, 1);
            c.error(
                Code::DslSyntax,
                at,
                clause,
                format!("syntax error in condition: {}", e.message),
                "conditions use facts with `==`, `!=`, `in {..}`, `and`, `or`, `not` and parentheses",
            );
            None
        }
    }
}

fn typed(c: &mut Checker, p: &Program, text: &S, e: &Expr, clause: Option<&str>) -> Option<Cond> {
    let fact = |c: &mut Checker, id: &syntax::Ident| {
        c.lookup("fact", &id.name, p.facts.iter().map(|f| f.name.as_str()), c.inner(text, &id.span), clause)
    };
    let value = |c: &mut Checker, f: usize, id: &syntax::Ident| {
        let fd = &p.facts[f];
        if fd.is_bool {
            c.error(
                Code::TypeError,
                c.inner(text, &id.span),
                clause,
                format!("`{}` is a bool fact; compare it with true or false", fd.name),
                format!("write `{}` or `not {}`", fd.name, fd.name),
            );
            return None;
        }
        let at = c.inner(text, &id.span);
        c.lookup(&format!("`{}` value", fd.name), &id.name, fd.values.iter().map(|v| v.name.as_str()), at, clause)
    };
    let all = |cs: &[Expr], c: &mut Checker| -> Option<Vec<Cond>> {
        let typed: Vec<Option<Cond>> = cs.iter().map(|e| typed(c, p, text, e, clause)).collect();
        typed.into_iter().collect()
    };
    Some(match e {
        Expr::Fact(id) => {
            let f = fact(c, id)?;
            if !p.facts[f].is_bool {
                let values: Vec<_> = p.facts[f].values.iter().map(|v| v.name.as_str()).collect();
                c.error(
                    Code::TypeError,
                    c.inner(text, &id.span),
                    clause,
                    format!("`{}` is not a bool fact", id.name),
                    format!("compare it with one of its values: {}", values.join(", ")),
                );
                return None;
            }
            Cond::In { fact: f, values: vec![1] }
        }
        Expr::Compare { fact: id, equal, value: lit } => {
            let f = fact(c, id)?;
            let v = match lit {
                Literal::Bool(b, span) => {
                    if !p.facts[f].is_bool {
                        c.error(
                            Code::TypeError,
                            c.inner(text, span),
                            clause,
                            format!("`{}` is not a bool fact", id.name),
                            "compare it with one of its values",
                        );
                        return None;
                    }
                    usize::from(*b)
                }
                Literal::Value(v) => value(c, f, v)?,
            };
            let cond = Cond::In { fact: f, values: vec![v] };
            if *equal {
                cond
            } else {
                Cond::Not(Box::new(cond))
            }
        }
        Expr::In { fact: id, negated, values } => {
            let f = fact(c, id)?;
            let vs: Option<Vec<usize>> =
                values.iter().map(|v| value(c, f, v)).collect::<Vec<_>>().into_iter().collect();
            let cond = Cond::In { fact: f, values: vs? };
            if *negated {
                Cond::Not(Box::new(cond))
            } else {
                cond
            }
        }
        Expr::Not(e) => Cond::Not(Box::new(typed(c, p, text, e, clause)?)),
        Expr::And(es) => Cond::And(all(es, c)?),
        Expr::Or(es) => Cond::Or(all(es, c)?),
    })
}

fn check_edition(
    c: &mut Checker,
    p: &Program,
    name: String,
    file: EditionFile,
    documents: Vec<Document>,
    srcs: Vec<ClauseSrc>,
) -> Option<Edition> {
    let errors_before = c.diagnostics.iter().filter(|d| d.is_error()).count();
    check_unique(c, "clause", srcs.iter().map(|s| &s.id));
    let ids: Vec<&str> = srcs.iter().map(|s| s.id.as_str()).collect();
    let mut id_index: HashMap<&str, usize> = HashMap::new();
    for (i, id) in ids.iter().enumerate() {
        id_index.entry(id).or_insert(i);
    }
    let clause_ref = |c: &mut Checker, s: &S, at: Option<Location>, owner: &str| -> Option<usize> {
        if let Some(&i) = id_index.get(s.as_str()) {
            return Some(i);
        }
        let help = match did_you_mean(s, ids.iter().copied()) {
            Some(sug) => format!("did you mean `{sug}`? Otherwise add the clause to laws/{name}/"),
            None => format!("add a clause `{}` to laws/{name}/, or fix the reference", s.as_str()),
        };
        c.error(
            Code::DanglingReference,
            at,
            Some(owner),
            format!("reference to unknown clause `{}`", s.as_str()),
            help,
        );
        None
    };
    let mut clauses = Vec::new();
    for s in &srcs {
        let id = s.id.as_str();
        if id.trim().is_empty() {
            let help = "write the clause's number as the Laws give it, such as `id: Law 30B2`";
            c.error(Code::YamlStructure, c.loc(&s.id), None, "a clause id must not be empty".into(), help);
        }
        let authority = match s.authority.as_str() {
            "law" => Authority::Law,
            "commentary" => Authority::Commentary,
            other => {
                c.lookup("authority", other, ["law", "commentary"].into_iter(), c.loc(&s.authority), Some(id));
                Authority::Law
            }
        };
        let certainty = match Certainty::NAMES.iter().position(|n| *n == s.certainty.as_str()) {
            Some(0) => Certainty::Verified,
            Some(1) => Certainty::Summarized,
            Some(_) => Certainty::Uncertain,
            None => {
                c.lookup("certainty", &s.certainty, Certainty::NAMES.iter().copied(), c.loc(&s.certainty), Some(id));
                Certainty::Uncertain
            }
        };
        if certainty == Certainty::Verified && s.text.is_none() {
            c.error(
                Code::YamlStructure,
                c.loc(&s.certainty),
                Some(id),
                "a verified clause must quote its `text`".into(),
                "quote the text of a held source document, or mark the clause `summarized`",
            );
        }
        if certainty == Certainty::Uncertain && s.note.is_none() {
            c.error(
                Code::YamlStructure,
                c.loc(&s.certainty),
                Some(id),
                "an uncertain clause must say why in a `note`".into(),
                "add `note:` explaining what is unsure and how to check it",
            );
        }
        if !documents.iter().any(|d| d.id == s.source.document.as_str()) {
            let known = documents.iter().map(|d| d.id.as_str());
            c.lookup("document", &s.source.document, known, c.loc(&s.source.document), Some(id));
        }
        if authority == Authority::Commentary && s.interprets.is_none() {
            c.error(
                Code::YamlStructure,
                c.loc(&s.id),
                Some(id),
                "a commentary clause must say which clause it `interprets`".into(),
                "add `interprets: Law NN`",
            );
        }
        let interprets = s.interprets.as_ref().and_then(|i| clause_ref(c, i, c.loc(i), id));
        let refs = s.refs.iter().filter_map(|r| clause_ref(c, r, c.loc(r), id)).collect();
        clauses.push(Clause {
            id: id.to_string(),
            title: s.title.to_string(),
            authority,
            document: s.source.document.to_string(),
            page: s.source.page.as_ref().map(|p| p.to_string()),
            paragraph: s.source.paragraph.as_ref().map(|p| p.to_string()),
            certainty,
            note: s.note.as_ref().map(|n| n.to_string()),
            text: s.text.as_ref().map(|t| t.trim_end().to_string()),
            summary: s.summary.trim_end().to_string(),
            interprets,
            refs,
            file: s.id.span().start().map(|m| c.set.files[m.source()].path.clone()).unwrap_or_default(),
            location: c.loc(&s.id),
        });
    }
    // Rules: ids first, so that `overrides` can point forwards.
    let mut rule_ids: Vec<(String, Option<Location>)> = Vec::new();
    let mut first_use: HashMap<String, Option<Location>> = HashMap::new();
    for s in &srcs {
        for r in &s.rules {
            let id = match &r.id {
                Some(rid) if rid.trim().is_empty() => {
                    let help =
                        "leave `id:` out when the clause has one rule; otherwise name the rule, such as `Law 30B1 (1)`";
                    c.error(Code::YamlStructure, c.loc(rid), Some(&s.id), "a rule id must not be empty".into(), help);
                    rid.to_string()
                }
                Some(rid) => rid.to_string(),
                None if s.rules.len() == 1 => s.id.to_string(),
                None => {
                    c.error(
                        Code::YamlStructure,
                        c.loc(&r.table),
                        Some(&s.id),
                        "a clause with several rules must give each an `id`".into(),
                        format!("add `id: {} (1)` and so on", s.id.as_str()),
                    );
                    format!("{} #{}", s.id.as_str(), rule_ids.len())
                }
            };
            let at = r.id.as_ref().map(|i| c.loc(i)).unwrap_or_else(|| c.loc(&s.id));
            if let Some(first) = first_use.get(&id).filter(|_| !id.trim().is_empty()) {
                let help = first.map(|l| format!("first used at line {}", l.line)).unwrap_or_default();
                c.error(Code::DuplicateId, at, Some(&s.id), format!("rule id `{id}` is used twice"), help);
            }
            first_use.entry(id.clone()).or_insert(at);
            rule_ids.push((id, at));
        }
    }
    let tables = p.tables.iter().map(|t| t.name.as_str());
    let mut rules = Vec::new();
    for (ci, s) in srcs.iter().enumerate() {
        let cid = s.id.as_str();
        for r in &s.rules {
            let (id, location) = rule_ids[rules.len()].clone();
            let table = c.lookup("table", &r.table, tables.clone(), c.loc(&r.table), Some(cid));
            let when = condition(c, p, &r.when, Some(cid));
            let mut outcomes = Vec::new();
            for o in &r.then {
                if let Some(o) = outcome(c, p, o, cid, &clause_ref) {
                    outcomes.push(o);
                }
            }
            if r.then.is_empty() {
                c.error(
                    Code::YamlStructure,
                    c.loc(&r.when),
                    Some(cid),
                    "a rule needs at least one outcome in `then`".into(),
                    "list the rectifications the rule decides",
                );
            }
            let overrides = r
                .overrides
                .iter()
                .filter_map(|o| {
                    let at = c.loc(o);
                    let i = c.lookup("rule", o, rule_ids.iter().map(|(r, _)| r.as_str()), at, Some(cid));
                    if i == Some(rules.len()) {
                        c.error(
                            Code::Cycle,
                            at,
                            Some(cid),
                            format!("rule `{id}` overrides itself"),
                            "remove it from `overrides`",
                        );
                    }
                    i
                })
                .collect();
            let (Some(table), Some(when)) = (table, when) else {
                rules.push(Rule {
                    id,
                    clause: ci,
                    table: usize::MAX,
                    when: Cond::And(vec![]),
                    when_text: String::new(),
                    outcomes,
                    overrides,
                    location,
                });
                continue;
            };
            rules.push(Rule {
                id,
                clause: ci,
                table,
                when,
                when_text: r.when.to_string(),
                outcomes,
                overrides,
                location,
            });
        }
    }
    // Overrides must stay within a table; delegations must reach tables this edition defines, without cycles.
    for r in &rules {
        for &o in &r.overrides {
            if rules[o].table != r.table && r.table != usize::MAX && rules[o].table != usize::MAX {
                c.error(
                    Code::TypeError,
                    r.location,
                    Some(&clauses[r.clause].id),
                    format!("rule `{}` overrides `{}`, which belongs to another table", r.id, rules[o].id),
                    "a rule may only override rules of its own table",
                );
            }
        }
    }
    for cycle in graph::override_cycles(&rules) {
        let ids: Vec<String> = cycle.iter().map(|&r| format!("`{}`", rules[r].id)).collect();
        let last = &rules[cycle[cycle.len() - 1]];
        c.error(
            Code::Cycle,
            last.location,
            Some(&clauses[last.clause].id),
            format!("rules {} override one another in a cycle", ids.join(", ")),
            format!("remove `{}` from the `overrides` of `{}`", rules[cycle[0]].id, last.id),
        );
    }
    let defines = |t: usize| rules.iter().any(|r| r.table == t);
    for r in &rules {
        for o in &r.outcomes {
            if let OutcomeKind::Delegate { table } = o.kind {
                if !defines(table) {
                    c.error(
                        Code::DanglingReference,
                        r.location,
                        Some(&clauses[r.clause].id),
                        format!(
                            "rule `{}` delegates to table `{}`, which has no rules in edition {name}",
                            r.id, p.tables[table].name
                        ),
                        "add the rules of that table, or delegate elsewhere",
                    );
                }
            }
        }
    }
    for t in 0..p.tables.len() {
        if let Some(path) = delegation_cycle(&rules, t) {
            let names: Vec<&str> = path.iter().map(|&t| p.tables[t].name.as_str()).collect();
            let culprit = rules.iter().find(|r| {
                r.table == path[path.len() - 2]
                    && r.outcomes.iter().any(|o| matches!(o.kind, OutcomeKind::Delegate { table } if table == t))
            });
            c.error(
                Code::Cycle,
                culprit.and_then(|r| r.location),
                culprit.map(|r| clauses[r.clause].id.as_str()),
                format!("tables delegate in a cycle: {}", names.join(" -> ")),
                "break the cycle; a delegation must reach a table that decides by itself",
            );
            break;
        }
    }
    names::edition(c, p, &clauses, &rules);
    if c.diagnostics.iter().filter(|d| d.is_error()).count() == errors_before {
        interface::check(c, p, &rules, &clauses, &name);
    }
    let (texts, standings) = edition_texts(c, p, &file);
    let headings = edition_headings(c, p, &file);
    let summaries = edition_summaries(c, p, &file);
    let errors_after = c.diagnostics.iter().filter(|d| d.is_error()).count();
    let files = {
        let mut f: Vec<String> = clauses.iter().map(|c| c.file.clone()).collect();
        f.dedup();
        f
    };
    (errors_after == errors_before).then(|| Edition {
        name,
        title: file.title.to_string(),
        documents,
        files,
        clauses,
        rules,
        analyses: Vec::new(),
        verified_in_source: 0,
        texts,
        standings,
        headings,
        summaries,
    })
}

/// The names of the summaries, with the values each may name.
const SUMMARIES: [(&str, Scope); 2] = [("revoke", Scope::Revoke), ("play", Scope::Play)];

/// A summary's template, checked against what it summarizes (`None` on an error).
fn summary(c: &mut Checker, types: &[TypeDef], name: &S, text: &S) -> Option<Template> {
    let i = c.lookup("summary", name, SUMMARIES.iter().map(|s| s.0), c.loc(name), None)?;
    templates::check(c, types, &heading_context(name), text, name, SUMMARIES[i].1)
}

/// An edition's summaries in place of the vocabulary's, each checked as the vocabulary's are.
fn edition_summaries(c: &mut Checker, p: &Program, file: &EditionFile) -> Texts {
    check_unique(c, "summary", file.summaries.iter().map(|s| &s.name));
    let mut out = Vec::new();
    for s in &file.summaries {
        let known = p.summaries.iter().map(|(n, _)| n.as_str());
        let Some(i) = c.lookup("summary", &s.name, known, c.loc(&s.name), None) else { continue };
        if let Some(t) = summary(c, &p.types, &s.name, &s.text) {
            out.push((i, t));
        }
    }
    out
}

/// What a heading's template is checked against: the context of a ruling entry, with no
/// parameters.
fn heading_context(entry: &str) -> RectificationDef {
    let empty = Template { source: String::new(), pieces: Vec::new() };
    RectificationDef { name: entry.to_string(), doc: String::new(), params: Vec::new(), text: empty, standing: None }
}

/// An edition's headings in place of the vocabulary's, each checked as the vocabulary's are.
fn edition_headings(c: &mut Checker, p: &Program, file: &EditionFile) -> Texts {
    check_unique(c, "heading of entry", file.headings.iter().map(|h| &h.entry));
    let mut out = Vec::new();
    for h in &file.headings {
        let known = p.headings.iter().map(|(n, _)| n.as_str());
        let Some(i) = c.lookup("heading of entry", &h.entry, known, c.loc(&h.entry), None) else { continue };
        if let Some(t) = templates::check(c, &p.types, &heading_context(&h.entry), &h.text, &h.entry, Scope::Text) {
            out.push((i, t));
        }
    }
    out
}

/// An edition's ruling texts in place of the vocabulary's, each checked as the vocabulary's are.
type Texts = Vec<(usize, Template)>;

/// An edition's ruling texts and `standing` texts in place of the vocabulary's, each checked as
/// the vocabulary's are.
fn edition_texts(c: &mut Checker, p: &Program, file: &EditionFile) -> (Texts, Texts) {
    check_unique(c, "text of rectification", file.texts.iter().map(|t| &t.rectification));
    let (mut texts, mut standings) = (Vec::new(), Vec::new());
    for t in &file.texts {
        let known = p.rectifications.iter().map(|r| r.name.as_str());
        let Some(r) = c.lookup("rectification", &t.rectification, known, c.loc(&t.rectification), None) else {
            continue;
        };
        if t.text.is_none() && t.standing.is_none() {
            let message = format!("the entry for `{}` gives no text", t.rectification.as_str());
            let help = "give the edition's `text:`, its `standing:`, or both";
            c.error(Code::YamlStructure, c.loc(&t.rectification), None, message, help);
        }
        let def = &p.rectifications[r];
        if let Some(template) =
            t.text.as_ref().and_then(|s| templates::check(c, &p.types, def, s, &t.rectification, Scope::Text))
        {
            texts.push((r, template));
        }
        if let Some(template) =
            t.standing.as_ref().and_then(|s| templates::check(c, &p.types, def, s, &t.rectification, Scope::Standing))
        {
            standings.push((r, template));
        }
    }
    (texts, standings)
}

fn delegation_cycle(rules: &[Rule], start: usize) -> Option<Vec<usize>> {
    fn visit(rules: &[Rule], t: usize, start: usize, path: &mut Vec<usize>) -> bool {
        for r in rules.iter().filter(|r| r.table == t) {
            for o in &r.outcomes {
                if let OutcomeKind::Delegate { table } = o.kind {
                    if table == start {
                        path.push(table);
                        return true;
                    }
                    if !path.contains(&table) {
                        path.push(table);
                        if visit(rules, table, start, path) {
                            return true;
                        }
                        path.pop();
                    }
                }
            }
        }
        false
    }
    let mut path = vec![start];
    visit(rules, start, start, &mut path).then_some(path)
}

fn outcome(c: &mut Checker, p: &Program, text: &S, clause: &str, clause_ref: &ClauseRef) -> Option<Outcome> {
    let o = match syntax::parse_outcome(text) {
        Ok(o) => o,
        Err(e) => {
            let at = c.set.offset_in(text, e.offset, 1);
            c.error(
                Code::DslSyntax,
                at,
                Some(clause),
                format!("syntax error in outcome: {}", e.message),
                "an outcome is `rectification(arg, ...)`, optionally followed by `per \"Clause id\", ...`",
            );
            return None;
        }
    };
    let citations: Vec<usize> = o
        .citations
        .iter()
        .filter_map(|cit| {
            let at = c.inner(text, &cit.span);
            let s = marked_yaml::Spanned::new(*text.span(), cit.id.clone());
            clause_ref(c, &s, at, clause)
        })
        .collect();
    let head_at = c.inner(text, &o.head.span);
    if o.head.name == DELEGATE {
        let [arg] = o.args.as_slice() else {
            c.error(
                Code::TypeError,
                head_at,
                Some(clause),
                format!("`delegate` takes one table, not {}", o.args.len()),
                "write `delegate(table_name)`",
            );
            return None;
        };
        let at = c.inner(text, &arg.span);
        let table = c.lookup("table", &arg.name, p.tables.iter().map(|t| t.name.as_str()), at, Some(clause))?;
        return Some(Outcome { kind: OutcomeKind::Delegate { table }, citations, text: text.to_string() });
    }
    let names = p.rectifications.iter().map(|r| r.name.as_str()).chain([DELEGATE]);
    let r = c.lookup("rectification", &o.head.name, names, head_at, Some(clause))?;
    let def = &p.rectifications[r];
    if def.params.len() != o.args.len() {
        let sig: Vec<String> = def.params.iter().map(|pa| format!("{}: {}", pa.name, p.types[pa.ty].name)).collect();
        c.error(
            Code::TypeError,
            head_at,
            Some(clause),
            format!("`{}` takes {} argument(s), not {}", def.name, def.params.len(), o.args.len()),
            format!("write `{}({})`", def.name, sig.join(", ")),
        );
        return None;
    }
    let mut args = Vec::new();
    for (param, arg) in def.params.iter().zip(&o.args) {
        let ty = &p.types[param.ty];
        let at = c.inner(text, &arg.span);
        args.push(c.lookup(
            &format!("{} (type `{}`)", param.name, ty.name),
            &arg.name,
            ty.values.iter().map(|v| v.name.as_str()),
            at,
            Some(clause),
        )?);
    }
    Some(Outcome { kind: OutcomeKind::Rectify { rectification: r, args }, citations, text: text.to_string() })
}
