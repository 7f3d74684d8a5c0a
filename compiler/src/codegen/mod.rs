//! Stage 4, code generation: writes the checked program as Rust with the
//! `codegen` crate, in two parts: the interface (`interface`: the vocabulary's
//! types and `Edition`), compiled into `bridgelaw-tables` beside the support types
//! and the `Laws` trait, and the editions (`editions`), compiled into
//! `bridgelaw-editions` against that interface. Each edition is static
//! data: its clauses, its rules (each with its clause heading as a comment)
//! and, per table, its decisions as static data (`interp::decisions`: per
//! verdict, the tables asked, the rectifications and their deduplicated
//! traces, and for a delegation a decision per verdict of the delegated
//! table) and a dense index from the facts the table tests to its decision,
//! with `decide`, the decision with its delegations resolved at build time,
//! so that the code grows with the rules and the data with the combinations.

use crate::interp::decisions::{self, Node};
use crate::interp::Decided;
use crate::model::*;
use codegen::{Block, Scope};

/// `snake_case` to `CamelCase`.
pub fn camel(name: &str) -> String {
    name.split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect()
}

/// The Rust constant that holds a clause: `Law 30B2(a)` becomes `LAW_30B2_A`.
pub(crate) fn clause_const(clauses: &[Clause], i: usize) -> String {
    let base = |id: &str| {
        let mut s: String =
            id.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_uppercase() } else { '_' }).collect();
        while s.contains("__") {
            s = s.replace("__", "_");
        }
        s.trim_matches('_').to_string()
    };
    let name = base(&clauses[i].id);
    if clauses.iter().enumerate().any(|(j, c)| j != i && base(&c.id) == name) {
        format!("{name}_{i}")
    } else {
        name
    }
}

/// The `Edition` variant of an edition directory: `1987` becomes `E1987`.
pub(crate) fn edition_variant(name: &str) -> String {
    format!("E{}", camel(&name.replace(|c: char| !c.is_ascii_alphanumeric(), "_").to_lowercase()))
}

pub(crate) fn edition_mod(name: &str) -> String {
    format!("e{}", name.replace(|c: char| !c.is_ascii_alphanumeric(), "_").to_lowercase())
}

fn fact_type(f: &FactDef) -> String {
    if f.is_bool {
        "bool".into()
    } else {
        camel(&f.name)
    }
}

fn rust_str(s: &str) -> String {
    format!("{s:?}")
}

fn opt_str(s: &Option<String>) -> String {
    s.as_ref().map(|s| format!("Some({})", rust_str(s))).unwrap_or_else(|| "None".into())
}

/// A finite enum with `ALL`, `name()` and `from_name()`.
fn finite_enum(scope: &mut Scope, name: &str, doc: &str, values: &[Value]) {
    let variant_name = |v: &Value| {
        if name == "Edition" {
            edition_variant(&v.name)
        } else {
            camel(&v.name)
        }
    };
    let e = scope.new_enum(name).vis("pub").doc(doc);
    for d in ["Clone", "Copy", "Debug", "PartialEq", "Eq", "Hash", "PartialOrd", "Ord", "Default"] {
        e.derive(d);
    }
    for (i, v) in values.iter().enumerate() {
        let variant = e.new_variant(variant_name(v));
        if !v.doc.is_empty() {
            variant.doc(&v.doc);
        }
        if i == 0 {
            variant.annotation("#[default]");
        }
    }
    let variants: Vec<String> = values.iter().map(|v| format!("{name}::{}", variant_name(v))).collect();
    let names: Vec<String> = values.iter().map(|v| rust_str(&v.name)).collect();
    let imp = scope.new_impl(name);
    imp.associate_const("ALL", format!("[{name}; {}]", values.len()), format!("[{}]", variants.join(", ")), "pub");
    // `#[inline]` on the small lookups, so that the runtime, another crate, inlines them.
    imp.new_fn("name")
        .vis("pub")
        .doc("The name used in law sources and case files.")
        .attr("inline")
        .arg_self()
        .ret("&'static str")
        .line(format!("const NAMES: [&str; {}] = [{}];", names.len(), names.join(", ")))
        .line("NAMES[self as usize]");
    let mut by_name = Block::new("match name");
    for (v, n) in variants.iter().zip(&names) {
        by_name.line(format!("{n} => Some({v}),"));
    }
    by_name.line("_ => None,");
    imp.new_fn("from_name").vis("pub").arg("name", "&str").ret("Option<Self>").push_block(by_name);
}

/// The Rust of a checked program, in two parts, so that a law edit rebuilds only what it changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The vocabulary's types and the editions' names (`interface`): what the runtime is written
    /// against, in `bridgelaw-tables`.
    pub interface: String,
    /// The editions' clauses, rules, decisions and texts (`editions`), in `bridgelaw-editions`.
    pub editions: String,
}

impl Generated {
    /// Both parts, as `bridgelaw emit` prints them.
    pub fn whole(&self) -> String {
        format!("{}\n{}", self.interface, self.editions)
    }
}

/// Generates the Rust source of the whole program. `sources` lists the law
/// files for the `@generated` header of the editions.
pub fn generate(p: &Program, sources: &[String]) -> Generated {
    let names: Vec<(String, String)> = p.editions.iter().map(|e| (e.name.clone(), e.title.clone())).collect();
    Generated { interface: interface(p, &names), editions: editions(p, sources) }
}

/// The header of a generated file.
fn header(from: &str, sources: &[String]) -> String {
    format!(
        "// @generated by bridgelaw-compiler from {from}. Do not edit;\n// change the sources and rebuild.\n{}\n",
        sources.iter().map(|s| format!("//   {s}")).collect::<Vec<_>>().join("\n")
    )
}

/// The interface: the vocabulary's types (`Facts`, `FactId`, `Rectification`, `Table` and the
/// value enums) and `Edition`, one variant per edition of `editions` (name, title), in order.
/// It depends on the vocabulary and the editions' names only, so that the runtime, written
/// against it, is not rebuilt when a clause changes.
pub fn interface(p: &Program, editions: &[(String, String)]) -> String {
    let mut scope = Scope::new();
    let names: Vec<String> = editions.iter().map(|(name, _)| name.clone()).collect();
    let header =
        header("the vocabulary and the editions' names", &[format!("vocabulary; editions {}", names.join(", "))]);

    for t in &p.types {
        finite_enum(&mut scope, &camel(&t.name), &t.doc, &t.values);
    }
    for f in p.facts.iter().filter(|f| !f.is_bool) {
        finite_enum(&mut scope, &camel(&f.name), &f.doc, &f.values);
    }

    // Facts, and access to them by id for enumeration of unknown facts.
    let facts = scope.new_struct("Facts").vis("pub").doc("Every fact a table may test.");
    for d in ["Clone", "Copy", "Debug", "PartialEq", "Eq", "Hash", "Default"] {
        facts.derive(d);
    }
    for f in &p.facts {
        facts.new_field(&f.name, fact_type(f)).vis("pub").doc(&f.doc);
    }
    let fact_ids: Vec<Value> = p.facts.iter().map(|f| Value { name: f.name.clone(), doc: f.doc.clone() }).collect();
    finite_enum(&mut scope, "FactId", "The facts, by name.", &fact_ids);
    let imp = scope.new_impl("FactId");
    let sources_list: Vec<String> = p.facts.iter().map(|f| format!("FactSource::{}", camel(f.source.name()))).collect();
    imp.new_fn("source")
        .vis("pub")
        .doc("Where the engine learns this fact.")
        .attr("inline")
        .arg_self()
        .ret("FactSource")
        .line(format!("const SOURCES: [FactSource; {}] = [{}];", sources_list.len(), sources_list.join(", ")))
        .line("SOURCES[self as usize]");
    let value_lists: Vec<String> = p
        .facts
        .iter()
        .map(|f| format!("&[{}]", f.values.iter().map(|v| rust_str(&v.name)).collect::<Vec<_>>().join(", ")))
        .collect();
    imp.new_fn("values")
        .vis("pub")
        .doc("The names of the fact's values, in index order.")
        .attr("inline")
        .arg_self()
        .ret("&'static [&'static str]")
        .line(format!("const VALUES: [&[&str]; {}] = [{}];", p.facts.len(), value_lists.join(", ")))
        .line("VALUES[self as usize]");
    let imp = scope.new_impl("Facts");
    let mut get = Block::new("match fact");
    let mut set = Block::new("match fact");
    for f in &p.facts {
        let id = format!("FactId::{}", camel(&f.name));
        if f.is_bool {
            get.line(format!("{id} => usize::from(self.{}),", f.name));
            set.line(format!("{id} => self.{} = value == 1,", f.name));
        } else {
            get.line(format!("{id} => self.{} as usize,", f.name));
            set.line(format!("{id} => self.{} = {}::ALL[value],", f.name, camel(&f.name)));
        }
    }
    imp.new_fn("get")
        .vis("pub")
        .doc("The index of a fact's value.")
        .attr("inline")
        .arg_ref_self()
        .arg("fact", "FactId")
        .ret("usize")
        .push_block(get);
    imp.new_fn("set")
        .vis("pub")
        .doc("Sets a fact by value index.\n\n# Panics\nIf `value` is not below `fact.values().len()`.")
        .arg_mut_self()
        .arg("fact", "FactId")
        .arg("value", "usize")
        .push_block(set);

    // Rectifications.
    let e = scope.new_enum("Rectification").vis("pub").doc("The rectifications that rules produce.");
    for d in ["Clone", "Copy", "Debug", "PartialEq", "Eq", "Hash"] {
        e.derive(d);
    }
    for r in &p.rectifications {
        let v = e.new_variant(camel(&r.name));
        v.doc(&r.doc);
        for param in &r.params {
            v.named(&param.name, camel(&p.types[param.ty].name));
        }
    }
    let mut name_block = Block::new("match self");
    for r in &p.rectifications {
        let pat = if r.params.is_empty() { "" } else { " { .. }" };
        name_block.line(format!("Rectification::{}{pat} => {},", camel(&r.name), rust_str(&r.name)));
    }
    scope
        .new_impl("Rectification")
        .new_fn("name")
        .vis("pub")
        .doc("The name used in law sources.")
        .attr("inline")
        .arg_ref_self()
        .ret("&'static str")
        .push_block(name_block);

    let tables: Vec<Value> = p.tables.iter().map(|t| Value { name: t.name.clone(), doc: t.doc.clone() }).collect();
    finite_enum(&mut scope, "Table", "The decision tables.", &tables);
    let undefined: Vec<String> = p
        .tables
        .iter()
        .map(|t| {
            format!(
                "    Decided {{ rules: &[], outcomes: &[], trace_len: 0, steps: &[Step {{ table: Table::{}, verdict: Verdict::Undefined }}], then: None }},",
                camel(&t.name)
            )
        })
        .collect();
    scope.raw(format!(
        "/// The decision of each table in an edition that does not define it, by `Table` order.\npub static UNDEFINED: [Decided; {}] = [\n{}\n];",
        undefined.len(),
        undefined.join("\n")
    ));
    let editions: Vec<Value> =
        editions.iter().map(|(name, title)| Value { name: name.clone(), doc: title.clone() }).collect();
    finite_enum(&mut scope, "Edition", "The editions of the Laws, one per directory.", &editions);
    let names: Vec<String> = editions.iter().map(|v| rust_str(&v.name)).collect();
    scope.new_impl("Edition").associate_const(
        "NAMES",
        format!("[&'static str; {}]", names.len()),
        format!("[{}]", names.join(", ")),
        "pub",
    );
    rectification_signatures(&mut scope, p);
    rectification_arguments(&mut scope, p);
    format!("{header}\n{}\n", scope.to_string())
}

/// The editions: a module of static data per edition, with its `Laws`, and `EDITIONS`, their
/// laws in order, as `bridgelaw-editions` links them for `Edition::laws`, with a compile-time
/// check that they are the interface's editions in its order.
pub fn editions(p: &Program, sources: &[String]) -> String {
    let mut scope = Scope::new();
    let header = header("the law sources below", sources);
    for e in &p.editions {
        edition_module(&mut scope, p, e);
    }
    let laws: Vec<String> = p.editions.iter().map(|e| format!("&{}::BuiltIn", edition_mod(&e.name))).collect();
    let names: Vec<String> = p.editions.iter().map(|e| rust_str(&e.name)).collect();
    scope.raw(format!(
        "/// The editions' laws, in `Edition::ALL` order.\npub static EDITIONS: [&dyn Laws; {n}] = [{}];\n\n\
         const _: () = assert!(\n    editions_are(&[{}]),\n    \"the editions are not the interface's: an edition directory was added or removed since \\\n     bridgelaw-tables was built; touch laws/vocabulary.yaml and rebuild\"\n);",
        laws.join(", "),
        names.join(", "),
        n = laws.len(),
    ));
    format!("{header}\n{}\n", scope.to_string())
}

/// `Rectification::SIGNATURES` and `Rectification::from_parts`, by which the
/// law interpreter maps a law directory's rectifications onto the built ones.
fn rectification_signatures(scope: &mut Scope, p: &Program) {
    let sigs: Vec<String> = p
        .rectifications
        .iter()
        .map(|r| {
            let params: Vec<String> = r
                .params
                .iter()
                .map(|param| {
                    let values: Vec<String> = p.types[param.ty].values.iter().map(|v| rust_str(&v.name)).collect();
                    format!("({}, &[{}])", rust_str(&param.name), values.join(", "))
                })
                .collect();
            format!("({}, &[{}])", rust_str(&r.name), params.join(", "))
        })
        .collect();
    let mut from = Block::new("Some(match index");
    for (i, r) in p.rectifications.iter().enumerate() {
        let fields: Vec<String> = r
            .params
            .iter()
            .enumerate()
            .map(|(k, param)| {
                let arg = if k == 0 { "args.first()".to_string() } else { format!("args.get({k})") };
                format!("{}: *{}::ALL.get(*{arg}?)?", param.name, camel(&p.types[param.ty].name))
            })
            .collect();
        let value = if fields.is_empty() {
            format!("Rectification::{}", camel(&r.name))
        } else {
            format!("Rectification::{} {{ {} }}", camel(&r.name), fields.join(", "))
        };
        from.line(format!("{i} => {value},"));
    }
    from.line("_ => return None,");
    from.after(")");
    let imp = scope.new_impl("Rectification");
    imp.associate_const("SIGNATURES", format!("[Signature; {}]", sigs.len()), format!("[{}]", sigs.join(", ")), "pub");
    imp.new_fn("from_parts")
        .vis("pub")
        .doc("The rectification of signature `index` with these argument value indices; `None` if out of range.")
        .arg("index", "usize")
        .arg("args", "&[usize]")
        .ret("Option<Self>")
        .push_block(from);
}

fn edition_module(scope: &mut Scope, p: &Program, e: &Edition) {
    let m = scope.new_module(edition_mod(&e.name)).vis("pub").doc(format!("{} (edition `{}`).", e.title, e.name));
    m.import("super", "*");
    let s = m.scope();
    let consts: Vec<String> = (0..e.clauses.len()).map(|i| clause_const(&e.clauses, i)).collect();
    for (i, c) in e.clauses.iter().enumerate() {
        s.raw(format!(
            "/// {}: {}\npub const {}: Clause = Clause {{ id: {}, edition: {}, title: {}, document: {}, page: {}, paragraph: {}, summary: {} }};",
            c.id,
            c.title,
            consts[i],
            rust_str(&c.id),
            rust_str(&e.name),
            rust_str(&c.title),
            rust_str(&c.document),
            opt_str(&c.page),
            opt_str(&c.paragraph),
            rust_str(&c.summary),
        ));
    }
    s.raw(format!(
        "/// Every clause of the edition, in source order.\npub static CLAUSES: [Clause; {}] = [{}];",
        consts.len(),
        consts.join(", ")
    ));
    let rules: Vec<String> = e.rules.iter().map(|r| rule_item(p, e, &consts, r)).collect();
    s.raw(format!(
        "/// Every rule of the edition, in source order.\npub static RULES: [Rule; {}] = [\n{}\n];",
        rules.len(),
        rules.join("\n")
    ));
    edition_texts(s, p, e);
    let mut index = Block::new("match table");
    let mut decisions = Block::new("match table");
    let mut entry = Block::new("match table");
    let mut decide = Block::new("match table");
    let mut tests = Block::new("match table");
    for a in &e.analyses {
        table_module(s, p, e, a);
        let variant = camel(&p.tables[a.table].name);
        index.line(format!("Table::{variant} => {}::index(facts),", p.tables[a.table].name));
        decisions.line(format!("Table::{variant} => &{}::DECISIONS,", p.tables[a.table].name));
        let name = &p.tables[a.table].name;
        entry.line(format!("Table::{variant} => &{name}::DECISIONS[{name}::index(facts)],"));
        decide.line(format!("Table::{variant} => {name}::decide(facts),"));
        let own: Vec<String> = a.facts.iter().map(|&f| format!("FactId::{}", camel(&p.facts[f].name))).collect();
        tests.line(format!("Table::{variant} => &[{}],", own.join(", ")));
    }
    if e.analyses.len() < p.tables.len() {
        index.line("_ => 0,");
        decisions.line("_ => std::slice::from_ref(&UNDEFINED[table as usize]),");
        entry.line("_ => &UNDEFINED[table as usize],");
        decide.line("_ => &UNDEFINED[table as usize],");
        tests.line("_ => &[],");
    }
    s.raw(format!(
"/// The tables of edition `{}`.\npub struct BuiltIn;\n\nimpl Laws for BuiltIn {{\n    fn name(&self) -> &'static str {{\n        {}\n    }}\n\n    fn title(&self) -> &'static str {{\n        {}\n    }}\n\n    fn clauses(&self) -> &'static [Clause] {{\n        &CLAUSES\n    }}\n\n    #[inline]\n    fn index(&self, table: Table, facts: &Facts) -> usize {{\n        {}\n    }}\n\n    #[inline]\n    fn decisions(&self, table: Table) -> &'static [Decided] {{\n        {}\n    }}\n\n    #[inline]\n    fn entry(&self, table: Table, facts: &Facts) -> &'static Decided {{\n        {}\n    }}\n\n    #[inline]\n    fn decide(&self, table: Table, facts: &Facts) -> Decision {{\n        Decision::new({})\n    }}\n\n    fn tests(&self, table: Table) -> &'static [FactId] {{\n        {}\n    }}\n\n    fn text(&self, rectification: Rectification) -> &'static Template {{\n        &TEXTS[rectification.index()]\n    }}\n\n    fn standing(&self, rectification: Rectification) -> Option<&'static Template> {{\n        STANDING[rectification.index()].as_ref()\n    }}\n\n    fn heading(&self, entry: &str) -> Option<&'static Template> {{\n        heading_index(entry).map(|i| &HEADINGS[i].1)\n    }}\n\n    fn summary(&self, name: &str) -> Option<&'static Template> {{\n        SUMMARIES.iter().find(|(n, _)| *n == name).map(|(_, t)| t)\n    }}\n}}",
        e.name,
        rust_str(&e.name),
        rust_str(&e.title),
        indent_block(&index),
        indent_block(&decisions),
        indent_block(&entry),
        indent_block(&decide),
        indent_block(&tests),
    ));
}

/// A block formatted for an inner position of a raw item.
fn indent_block(b: &Block) -> String {
    let mut out = String::new();
    let mut f = codegen::Formatter::new(&mut out);
    b.fmt(&mut f).expect("formatting to a string");
    out.trim_end().replace('\n', "\n        ")
}

/// One `Rule` of the static `RULES`: its id, the facts it tests, its outcomes with their clauses.
fn rule_item(p: &Program, e: &Edition, consts: &[String], r: &Rule) -> String {
    let clause = &e.clauses[r.clause];
    let mut facts = Vec::new();
    r.when.facts(&mut facts);
    facts.sort();
    let facts: Vec<String> = facts.iter().map(|&f| format!("FactId::{}", camel(&p.facts[f].name))).collect();
    let outcomes: Vec<String> = r
        .outcomes
        .iter()
        .map(|o| {
            let mut trace = vec![consts[r.clause].clone()];
            trace.extend(o.citations.iter().filter(|&&c| c != r.clause).map(|&c| consts[c].clone()));
            let clauses = format!("&[{}]", trace.join(", "));
            match &o.kind {
                OutcomeKind::Delegate { table } => {
                    format!(
                        "Outcome::Delegate {{ table: Table::{}, clauses: {clauses} }}",
                        camel(&p.tables[*table].name)
                    )
                }
                OutcomeKind::Rectify { rectification, args } => {
                    format!(
                        "Outcome::Rectify {{ rectification: {}, clauses: {clauses} }}",
                        rectification_expr(p, *rectification, args)
                    )
                }
            }
        })
        .collect();
    format!(
        "    // {}: {} (when `{}`)\n    Rule {{ id: {}, facts: &[{}], outcomes: &[{}] }},",
        clause.id,
        clause.title,
        r.when_text.trim().replace('\n', " "),
        rust_str(&r.id),
        facts.join(", "),
        outcomes.join(", ")
    )
}

/// A rectification with its arguments, as a Rust value.
fn rectification_expr(p: &Program, rectification: usize, args: &[usize]) -> String {
    let def = &p.rectifications[rectification];
    let fields: Vec<String> = def
        .params
        .iter()
        .zip(args)
        .map(|(param, &v)| {
            let ty = &p.types[param.ty];
            format!("{}: {}::{}", param.name, camel(&ty.name), camel(&ty.values[v].name))
        })
        .collect();
    if fields.is_empty() {
        format!("Rectification::{}", camel(&def.name))
    } else {
        format!("Rectification::{} {{ {} }}", camel(&def.name), fields.join(", "))
    }
}

/// A decision of the tree `interp::decisions` builds, as a static `Decided`. Where it
/// delegates, its decisions per verdict of the delegated table are the static `name`
/// (pushed on `items`, theirs named `{name}_{k}`).
fn node_expr(p: &Program, e: &Edition, node: &Node, name: &str, items: &mut Vec<String>) -> String {
    let steps: Vec<String> = node
        .steps
        .iter()
        .map(|&(t, v)| {
            let verdict = match v {
                Decided::Rule(r) => format!("Verdict::Rule(&RULES[{r}])"),
                Decided::Assumed => "Verdict::Assumed".into(),
                Decided::Undefined => "Verdict::Undefined".into(),
            };
            format!("Step {{ table: Table::{}, verdict: {verdict} }}", camel(&p.tables[t].name))
        })
        .collect();
    let outcomes: Vec<String> = node
        .outcomes
        .iter()
        .map(|o| {
            let rule = &e.rules[o.rule];
            let OutcomeKind::Rectify { rectification, args } = &rule.outcomes[o.outcome].kind else {
                unreachable!("a decision's outcomes are rectifications")
            };
            let clauses: Vec<String> = o.trace.iter().map(|c| format!("&CLAUSES[{c}]")).collect();
            format!(
                "Traced {{ rectification: {}, rule: {}, clauses: &[{}] }}",
                rectification_expr(p, *rectification, args),
                rust_str(&rule.id),
                clauses.join(", ")
            )
        })
        .collect();
    let then = match &node.then {
        None => "None".to_string(),
        Some((t, nodes)) => {
            let nodes: Vec<String> = nodes
                .iter()
                .enumerate()
                .map(|(k, n)| format!("    {},", node_expr(p, e, n, &format!("{name}_{k}"), items)))
                .collect();
            items.push(format!(
                "/// The decisions after a delegation to `{}`, one per verdict of it.\npub static {name}: [Decided; {}] = [\n{}\n];",
                p.tables[*t].name,
                nodes.len(),
                nodes.join("\n")
            ));
            format!("Some((Table::{}, &{name}))", camel(&p.tables[*t].name))
        }
    };
    let rules: Vec<String> = if node.then.is_some() {
        Vec::new()
    } else {
        node.steps
            .iter()
            .filter_map(|&(_, v)| match v {
                Decided::Rule(r) => Some(rust_str(&e.rules[r].id)),
                _ => None,
            })
            .collect()
    };
    let trace_len: usize = node.outcomes.iter().map(|o| o.trace.len()).sum();
    format!(
        "Decided {{ rules: &[{}], outcomes: &[{}], trace_len: {trace_len}, steps: &[{}], then: {then} }}",
        rules.join(", "),
        outcomes.join(", "),
        steps.join(", ")
    )
}

/// The expression of `node`'s decision, its delegations followed: `&{path}` for a node that
/// delegates no further, else the decision its delegated table's verdict chooses among
/// `name` (the node's static decisions per verdict, as `node_expr` names them), each that
/// delegates again followed in turn.
fn resolved(p: &Program, node: &Node, path: &str, name: &str) -> String {
    let Some((t, nodes)) = &node.then else { return format!("&{path}") };
    let table = &p.tables[*t].name;
    let again: Vec<String> = nodes
        .iter()
        .enumerate()
        .filter(|(_, n)| n.then.is_some())
        .map(|(k, n)| format!("{k} => {}", resolved(p, n, &format!("{name}[{k}]"), &format!("{name}_{k}"))))
        .collect();
    if again.is_empty() {
        format!("&{name}[{table}::index(facts)]")
    } else {
        format!("match {table}::index(facts) {{ {}, j => &{name}[j] }}", again.join(", "))
    }
}

/// How a table's dense index stores decision numbers: `u8` while the table has fewer than
/// 255 rules (its decisions: each rule, then an excluded combination), else `u16`.
fn index_type(rules: usize) -> &'static str {
    if rules < 255 {
        "u8"
    } else {
        "u16"
    }
}

/// A table as a module of static data and two functions: its decisions (one per verdict:
/// each rule, then an excluded combination, as `interp::decisions` builds them; after a
/// delegation, one per verdict of the delegated table, in statics `THEN_{k}`), a dense
/// index, in which the facts the table tests give a position in a static array of decision
/// numbers, in mixed-radix order (the last fact varies fastest), `index`, which reads it, and
/// `decide`, the decision with its delegations followed: a decision that delegates picks
/// among its `THEN_{k}` by the delegated table's `index`, resolved here at build time. A
/// `const` check makes every entry of the index a decision of the table, in place of a
/// `match`'s exhaustiveness check. The index is branch-free: on facts that vary at random a
/// `match` on them mispredicts (measured: README, "Static decisions at the limit").
fn table_module(s: &mut Scope, p: &Program, e: &Edition, a: &Analysis) {
    let table = &p.tables[a.table];
    let radix: Vec<usize> = a.facts.iter().map(|&f| p.facts[f].values.len()).collect();
    let total: usize = radix.iter().product();
    let mut strides = vec![1usize; radix.len()];
    for i in (0..radix.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * radix[i + 1];
    }
    let rules = decisions::table_rules(e, a.table);
    let ty = index_type(rules.len());
    let mut entries = vec![rules.len(); total];
    for (values, verdict) in &a.verdicts {
        let i: usize = values.iter().zip(&strides).map(|(v, s)| v * s).sum();
        if let Verdict::Decided(r) = verdict {
            entries[i] = decisions::local(&rules, Decided::Rule(*r));
        }
    }
    let data = if ty == "u8" {
        let bytes: String = entries.iter().map(|&b| format!("\\x{b:02x}")).collect();
        format!("pub static INDEX: [u8; {total}] = *b\"{bytes}\";")
    } else {
        let list: Vec<String> = entries.iter().map(|v| v.to_string()).collect();
        format!("pub static INDEX: [u16; {total}] = [{}];", list.join(","))
    };
    let mut items = Vec::new();
    let all = decisions::decisions(e, a.table);
    let nodes: Vec<String> = all
        .iter()
        .zip(decisions::verdicts(e, a.table))
        .enumerate()
        .map(|(k, (n, v))| {
            let what = match v {
                Decided::Rule(r) => format!("{} ({})", e.rules[r].id, e.clauses[e.rules[r].clause].title),
                _ => "an excluded combination".to_string(),
            };
            format!("    // {what}\n    {},", node_expr(p, e, n, &format!("THEN_{k}"), &mut items))
        })
        .collect();
    let count = nodes.len();
    // In Horner's form, `(f0 * r1 + f1) * r2 + f2`: a multiplication by a small radix is one
    // `lea` or two, where a stride was an `imul`.
    let index = a.facts.iter().zip(&radix).fold(String::new(), |acc, (&f, &r)| {
        let v = format!("facts.{} as usize", p.facts[f].name);
        if acc.is_empty() {
            v
        } else {
            format!("({acc}) * {r} + {v}")
        }
    });
    let index = if index.is_empty() { "0".to_string() } else { index };
    let delegating: Vec<String> = all
        .iter()
        .enumerate()
        .filter(|(_, n)| n.then.is_some())
        .map(|(k, n)| format!("        {k} => {},", resolved(p, n, &format!("DECISIONS[{k}]"), &format!("THEN_{k}"))))
        .collect();
    let decide = if delegating.is_empty() {
        "&DECISIONS[index(facts)]".to_string()
    } else {
        format!("match index(facts) {{\n{}\n        k => &DECISIONS[k],\n    }}", delegating.join("\n"))
    };
    let because: Vec<&str> = table.assume.iter().map(|a| a.because.trim()).collect();
    let doc = if because.is_empty() {
        format!("Table `{}`: {}", table.name, table.doc.trim())
    } else {
        format!("Table `{}`: {}\n\nExcluded: {}", table.name, table.doc.trim(), because.join(" ").replace('\n', " "))
    };
    let m = s.new_module(&table.name).vis("pub").doc(doc);
    m.import("super", "*");
    let then = if items.is_empty() { String::new() } else { format!("\n\n{}", items.join("\n\n")) };
    m.scope().raw(format!(
        "/// The decisions of the table, one per verdict: each rule, then an excluded combination.\npub static DECISIONS: [Decided; {count}] = [\n{}\n];{then}\n\n/// The decision number of each combination of the table's facts.\n{data}\nconst _: () = {{\n    let mut i = 0;\n    while i < {total} {{\n        assert!((INDEX[i] as usize) < {count});\n        i += 1;\n    }}\n}};\n\n/// The number of the table's decision on `facts` among `DECISIONS`.\n#[inline]\npub fn index(facts: &Facts) -> usize {{\n    INDEX[{index}] as usize\n}}\n\n/// The table's decision on `facts`, its delegations followed.\n#[inline]\npub fn decide(facts: &Facts) -> &'static Decided {{\n    {decide}\n}}",
        nodes.join("\n")
    ));
}

/// `Rectification::index` (its position in the vocabulary) and `Rectification::arg` (the
/// value index of a parameter), by which the runtime finds and fills a ruling text.
fn rectification_arguments(scope: &mut Scope, p: &Program) {
    let mut index = Block::new("match self");
    let mut arg = Block::new("match self");
    for (i, r) in p.rectifications.iter().enumerate() {
        let names: Vec<&str> = r.params.iter().map(|param| param.name.as_str()).collect();
        let pat = if r.params.is_empty() { String::new() } else { format!(" {{ {} }}", names.join(", ")) };
        index.line(format!(
            "Rectification::{}{} => {i},",
            camel(&r.name),
            if r.params.is_empty() { "" } else { " { .. }" }
        ));
        if !r.params.is_empty() {
            let values: Vec<String> = names.iter().map(|n| format!("*{n} as usize")).collect();
            arg.line(format!(
                "Rectification::{}{pat} => [{}].get(k).copied().unwrap_or(0),",
                camel(&r.name),
                values.join(", ")
            ));
        }
    }
    arg.line("_ => 0,");
    let imp = scope.new_impl("Rectification");
    imp.new_fn("index")
        .vis("pub")
        .doc("The rectification kind's position in the vocabulary, and in each edition's `TEXTS`.")
        .arg_ref_self()
        .ret("usize")
        .push_block(index);
    imp.new_fn("arg")
        .vis("pub")
        .doc("The value index of parameter `k`; 0 if it has none.")
        .arg_ref_self()
        .arg("k", "usize")
        .ret("usize")
        .push_block(arg);
}

/// The edition's ruling texts, one per rectification kind in vocabulary order: its own where
/// it overrides the vocabulary's.
fn edition_texts(s: &mut Scope, p: &Program, e: &Edition) {
    let texts: Vec<String> = (0..p.rectifications.len())
        .map(|r| {
            let t = p.text(e, r);
            format!(
                "    // {}\n    Template {{ source: {}, pieces: {} }},",
                p.rectifications[r].name,
                rust_str(&t.source),
                pieces_expr(&t.pieces)
            )
        })
        .collect();
    s.raw(format!(
        "/// The ruling text of each rectification kind, by `Rectification::index`.\npub static TEXTS: [Template; {}] = [\n{}\n];",
        texts.len(),
        texts.join("\n")
    ));
    let standing: Vec<String> = (0..p.rectifications.len())
        .map(|r| match p.standing(e, r) {
            Some(t) => format!(
                "    // {}\n    Some(Template {{ source: {}, pieces: {} }}),",
                p.rectifications[r].name,
                rust_str(&t.source),
                pieces_expr(&t.pieces)
            ),
            None => format!("    // {}\n    None,", p.rectifications[r].name),
        })
        .collect();
    s.raw(format!(
        "/// The words of what each rectification kind leaves standing, if its own.\npub static STANDING: [Option<Template>; {}] = [\n{}\n];",
        standing.len(),
        standing.join("\n")
    ));
    // Sorted by name (`heading_index` gives the position).
    let mut order: Vec<usize> = (0..p.headings.len()).collect();
    order.sort_by(|&a, &b| p.headings[a].0.cmp(&p.headings[b].0));
    let headings: Vec<String> = order
        .into_iter()
        .map(|h| {
            let t = p.heading(e, h);
            format!(
                "    ({}, Template {{ source: {}, pieces: {} }}),",
                rust_str(&p.headings[h].0),
                rust_str(&t.source),
                pieces_expr(&t.pieces)
            )
        })
        .collect();
    s.raw(format!(
        "/// The heading of each ruling entry, by the entry's name (sorted).\npub static HEADINGS: [(&str, Template); {}] = [\n{}\n];",
        headings.len(),
        headings.join("\n")
    ));
    s.raw(heading_index(p));
    let summaries: Vec<String> = (0..p.summaries.len())
        .map(|i| {
            let t = p.summary(e, i);
            format!(
                "    ({}, Template {{ source: {}, pieces: {} }}),",
                rust_str(&p.summaries[i].0),
                rust_str(&t.source),
                pieces_expr(&t.pieces)
            )
        })
        .collect();
    s.raw(format!(
        "/// The summaries of the play's ruling, by name.\npub static SUMMARIES: [(&str, Template); {}] = [\n{}\n];",
        summaries.len(),
        summaries.join("\n")
    ));
}

/// `heading_index`: the position of an entry's heading in the sorted `HEADINGS`, by a `match`
/// on the name's length, then on the name (a jump and a comparison or two, where a binary
/// search compared about six strings).
fn heading_index(p: &Program) -> String {
    let mut names: Vec<&str> = p.headings.iter().map(|h| h.0.as_str()).collect();
    names.sort();
    let mut by_length: std::collections::BTreeMap<usize, Vec<(usize, &str)>> = std::collections::BTreeMap::new();
    for (i, name) in names.iter().enumerate() {
        by_length.entry(name.len()).or_default().push((i, name));
    }
    let mut arms = String::new();
    for (length, names) in &by_length {
        let inner: Vec<String> = names.iter().map(|(i, name)| format!("{} => Some({i}),", rust_str(name))).collect();
        arms.push_str(&format!(
            "        {length} => match entry {{\n            {}\n            _ => None,\n        }},\n",
            inner.join("\n            ")
        ));
    }
    format!(
        "/// The position of `entry`'s heading in `HEADINGS`.\n#[inline]\nfn heading_index(entry: &str) -> Option<usize> {{\n    match entry.len() {{\n{arms}        _ => None,\n    }}\n}}"
    )
}

fn pieces_expr(pieces: &[Piece]) -> String {
    format!("&[{}]", pieces.iter().map(piece_expr).collect::<Vec<_>>().join(", "))
}

fn piece_expr(piece: &Piece) -> String {
    match piece {
        Piece::Text(t) => format!("Piece::Text({})", rust_str(t)),
        Piece::Seat { base, turns } => format!("Piece::Seat {{ base: Base::{base:?}, turns: {turns} }}"),
        Piece::Seats => "Piece::Seats".into(),
        Piece::Party { param } => format!("Piece::Party {{ param: {param} }}"),
        Piece::Act => "Piece::Act".into(),
        Piece::Suit { singular, fallback } => {
            format!("Piece::Suit {{ singular: {singular}, fallback: {} }}", pieces_expr(fallback))
        }
        Piece::Strain { fallback } => format!("Piece::Strain {{ fallback: {} }}", pieces_expr(fallback)),
        Piece::RestrictionSuit { fallback } => {
            format!("Piece::RestrictionSuit {{ fallback: {} }}", pieces_expr(fallback))
        }
        Piece::Choose { on, arms } => {
            let on = match on {
                Selector::Param(k) => format!("Selector::Param({k})"),
                other => format!("Selector::{other:?}"),
            };
            let arms: Vec<String> = arms.iter().map(|a| pieces_expr(a)).collect();
            format!("Piece::Choose {{ on: {on}, arms: &[{}] }}", arms.join(", "))
        }
        Piece::Number(n) => format!("Piece::Number(Number::{n:?})"),
        Piece::SuitLed => "Piece::SuitLed".into(),
    }
}
