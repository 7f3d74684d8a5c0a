//! The Rust names code generation derives from law names must not collide:
//! `draft-1` and `draft_1` both become the module `edraft_1`, the facts
//! `a_1` and `a1` both become the type `A1`, the clause `Entry` and the table
//! `entry` both become the static `ENTRY`, and so on. Each collision is a
//! diagnostic at the second item, naming the first, so that `check` fails
//! where the build would. Names that are Rust keywords are refused earlier,
//! in `check_name`.

use super::Checker;
use crate::codegen::{camel, clause_const, edition_mod, edition_variant};
use crate::diagnostic::{Code, Location};
use crate::model::{Clause, Program, Rule};
use crate::source::{ValueSrc, VocabularyFile};
use std::collections::HashMap;

/// The items that the generated code defines at the top level besides the
/// vocabulary's, and the standard names it relies on.
const RESERVED_TYPES: &[&str] = &[
    "Facts",
    "FactId",
    "FactSource",
    "Rectification",
    "Table",
    "Edition",
    "Clause",
    "Decision",
    "Traced",
    "Option",
    "Some",
    "None",
    "Result",
    "Vec",
    "String",
    "Box",
    "Self",
    "Default",
    "Clone",
    "Copy",
    "Debug",
    "PartialEq",
    "Eq",
    "Hash",
    "PartialOrd",
    "Ord",
    "Iterator",
];

/// Items that share one Rust namespace: generated name → (item, position).
#[derive(Default)]
struct Namespace(HashMap<String, (String, Option<Location>)>);

impl Namespace {
    /// Claims `rust` for `item`; false (and a diagnostic) if another item has it.
    fn claim(&mut self, c: &mut Checker, rust: String, item: String, at: Option<Location>) -> bool {
        match self.0.get(&rust) {
            None => {
                self.0.insert(rust, (item, at));
                true
            }
            // The same item twice is a duplicate id, reported as such.
            Some((first, _)) if *first == item => true,
            Some((first, first_at)) => {
                let (message, help) = match first_at {
                    Some(l) => (
                        format!("{item} and {first} both become `{rust}` in the generated Rust"),
                        format!("rename one of them ({first} is at {}:{})", c.set.files[l.file].path, l.line),
                    ),
                    None => (
                        format!("{item} becomes `{rust}`, which the generated Rust defines already"),
                        "rename it".to_string(),
                    ),
                };
                c.error(Code::NameCollision, at, None, message, help);
                false
            }
        }
    }
}

/// Collisions among the vocabulary's generated types, variants and fields.
pub(super) fn vocabulary(c: &mut Checker, v: &VocabularyFile) {
    let mut types = Namespace::default();
    for r in RESERVED_TYPES {
        types.0.insert(r.to_string(), (format!("`{r}`"), None));
    }
    let values = |c: &mut Checker, owner: &str, vs: &[ValueSrc]| {
        let mut ns = Namespace::default();
        for val in vs {
            ns.claim(c, camel(&val.name), format!("value `{}` of `{owner}`", val.name.as_str()), c.loc(&val.name));
        }
    };
    for t in &v.types {
        types.claim(c, camel(&t.name), format!("type `{}`", t.name.as_str()), c.loc(&t.name));
        values(c, &t.name, &t.values);
    }
    let mut fact_ids = Namespace::default();
    for f in &v.facts {
        let at = c.loc(&f.name);
        fact_ids.claim(c, camel(&f.name), format!("fact `{}`", f.name.as_str()), at);
        if f.ty.as_ref().is_none_or(|t| t.as_str() != "bool") {
            types.claim(c, camel(&f.name), format!("fact `{}`", f.name.as_str()), at);
            values(c, &f.name, &f.values);
        }
    }
    let mut rectifications = Namespace::default();
    for r in &v.rectifications {
        let item = format!("rectification `{}`", r.name.as_str());
        rectifications.claim(c, camel(&r.name), item, c.loc(&r.name));
    }
    let mut tables = Namespace::default();
    for t in &v.tables {
        tables.claim(c, camel(&t.name), format!("table `{}`", t.name.as_str()), c.loc(&t.name));
    }
}

/// Collisions among editions: each becomes a module and an `Edition` variant.
pub(super) fn editions(c: &mut Checker, editions: &[(String, Option<Location>)]) {
    let (mut modules, mut variants) = (Namespace::default(), Namespace::default());
    for (name, at) in editions {
        if modules.claim(c, edition_mod(name), format!("edition `{name}`"), *at) {
            variants.claim(c, edition_variant(name), format!("edition `{name}`"), *at);
        }
    }
}

/// Collisions inside one edition's module, whose functions, statics and
/// constants share one namespace: a function and a static per table that
/// has rules, a constant per clause, and the module's own items.
pub(super) fn edition(c: &mut Checker, p: &Program, clauses: &[Clause], rules: &[Rule]) {
    let mut values = Namespace::default();
    for own in ["CLAUSES", "RULES", "verdict"] {
        values.0.insert(own.into(), (format!("`{own}`"), None));
    }
    for t in 0..p.tables.len() {
        if let Some(r) = rules.iter().find(|r| r.table == t) {
            let name = &p.tables[t].name;
            values.claim(c, name.clone(), format!("table `{name}`"), r.location);
            values.claim(c, name.to_uppercase(), format!("table `{name}`"), r.location);
        }
    }
    for (i, name) in clause_consts(clauses).into_iter().enumerate() {
        values.claim(c, name, format!("clause `{}`", clauses[i].id), clauses[i].location);
    }
}

/// `clause_const` of every clause in linear time: the name of a clause on
/// its own, with its index appended where another clause shares it.
fn clause_consts(clauses: &[Clause]) -> Vec<String> {
    let bases: Vec<String> = clauses.iter().map(|cl| clause_const(std::slice::from_ref(cl), 0)).collect();
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for b in &bases {
        *counts.entry(b).or_default() += 1;
    }
    bases.iter().enumerate().map(|(i, b)| if counts[b.as_str()] > 1 { format!("{b}_{i}") } else { b.clone() }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Authority, Certainty};

    #[test]
    fn clause_constants_are_those_code_generation_writes() {
        let clause = |id: &str| Clause {
            id: id.into(),
            title: String::new(),
            authority: Authority::Law,
            document: String::new(),
            page: None,
            paragraph: None,
            certainty: Certainty::Summarized,
            note: None,
            text: None,
            summary: String::new(),
            interprets: None,
            refs: vec![],
            file: String::new(),
            location: None,
        };
        let clauses: Vec<Clause> = ["Law 1", "Law 1.", "Law 1 1", "Law 30B2(a)", "Commentary 30.2"].map(clause).into();
        let expected: Vec<String> = (0..clauses.len()).map(|i| clause_const(&clauses, i)).collect();
        assert_eq!(clause_consts(&clauses), expected);
        assert_eq!(expected[2], "LAW_1_1", "and `Law 1.` is LAW_1_1 too: a collision to report");
        assert_eq!(expected[1], "LAW_1_1");
    }
}
