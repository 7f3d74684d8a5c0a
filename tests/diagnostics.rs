//! Diagnostics on deliberately broken law directories, one per class of
//! error. Each test asserts the class, the clause and the position by hand,
//! and snapshots the rendered report.

use bridgelaw_compiler::diagnostic::{render_human, render_json, Code};
use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_tests::read_laws;

/// (directory, expected (code, clause, line, column) of each error, in order).
type Case = (&'static str, &'static [(Code, Option<&'static str>, usize, usize)]);

const CASES: &[Case] = &[
    ("yaml-syntax", &[(Code::YamlSyntax, None, 13, 1)]),
    ("unknown-key", &[(Code::UnknownKey, Some("Law 1"), 8, 5)]),
    ("yaml-structure", &[(Code::YamlStructure, Some("Law 1"), 2, 7), (Code::YamlStructure, Some("Law 2"), 20, 15)]),
    // `when: turn == rho and`: the error is at the end of the string, column 30.
    // `must_pass(offender`: the missing `)` is at column 35.
    ("dsl-syntax", &[(Code::DslSyntax, Some("Law 1"), 10, 30), (Code::DslSyntax, Some("Law 2"), 21, 35)]),
    (
        "unknown-name",
        &[
            (Code::UnknownName, Some("Law 1"), 10, 15),
            (Code::UnknownName, Some("Law 1"), 11, 16),
            (Code::UnknownName, Some("Law 2"), 20, 23),
        ],
    ),
    (
        "type-error",
        &[
            (Code::TypeError, Some("Law 1"), 10, 49),
            (Code::TypeError, Some("Law 2"), 21, 17),
            (Code::TypeError, Some("Law 3"), 30, 15),
        ],
    ),
    ("duplicate-id", &[(Code::DuplicateId, None, 12, 9), (Code::DuplicateId, Some("Law 1"), 12, 9)]),
    (
        "dangling-reference",
        &[(Code::DanglingReference, Some("Law 1"), 8, 12), (Code::DanglingReference, Some("Law 2"), 22, 16)],
    ),
    ("gap", &[(Code::Gap, Some("Law 1"), 2, 9)]),
    ("conflict", &[(Code::Conflict, Some("Law 2"), 12, 9)]),
    ("dead-rule", &[(Code::DeadRule, Some("Law 2"), 23, 13), (Code::DeadRule, Some("Law 2"), 27, 13)]),
    ("cycle", &[(Code::Cycle, Some("Law 2"), 12, 9)]),
    // After block scalars of Russian text the excerpt must show the line of the header.
    // `when: not anyone_has_bdi`: the fact is at column 19 of line 17; `partnre` at column 42 of line 30.
    ("cyrillic-text", &[(Code::UnknownName, Some("Law 30A"), 17, 19), (Code::UnknownName, Some("Law 30B"), 30, 42)]),
    // The second `doc` of a fact, the second `when` of a rule, the second `title` of an edition.
    (
        "duplicate-key",
        &[(Code::DuplicateKey, None, 10, 5), (Code::DuplicateKey, None, 12, 9), (Code::DuplicateKey, None, 5, 1)],
    ),
    // The 65th `(` is at column 15 + 64; the 65th `not` at column 15 + 20 (`turn == partner and `) + 4 * 64.
    ("deep-nesting", &[(Code::NestingTooDeep, Some("Law 1"), 10, 79), (Code::NestingTooDeep, Some("Law 2"), 20, 291)]),
    // Three rules that hold everywhere: each conflicts, none is reported as never applying.
    ("always-conflict", &[(Code::Conflict, Some("Law 2"), 12, 9), (Code::Conflict, Some("Law 3"), 22, 9)]),
    // Two rules that override each other but never overlap: still a cycle, at the one that closes it.
    ("override-cycle", &[(Code::Cycle, Some("Law 2"), 13, 9)]),
    // Facts `bid_1` and `bid1` both become `Bid1`; a type `facts` becomes the generated `Facts`;
    // the clause `Entry` and the table `entry` both become the static `ENTRY`, in each edition;
    // editions `draft-1` and `draft_1` both become the module `edraft_1`.
    (
        "name-collision",
        &[
            (Code::NameCollision, None, 16, 11),
            (Code::NameCollision, None, 21, 11),
            (Code::NameCollision, None, 2, 9),
            (Code::NameCollision, None, 2, 9),
            (Code::NameCollision, None, 1, 8),
        ],
    ),
    // 1987 holds only edition.yaml; 2017 an empty `clauses:` list.
    ("empty-edition", &[(Code::EmptyEdition, None, 1, 8), (Code::EmptyEdition, None, 1, 8)]),
    // `id: ""` on a clause, `id: ''` on a rule.
    ("empty-id", &[(Code::YamlStructure, None, 2, 9), (Code::YamlStructure, Some("Law 2"), 19, 13)]),
];

#[test]
fn each_broken_directory_reports_its_errors_where_they_are() {
    for (name, expected) in CASES {
        let set = read_laws(&format!("tests/broken/{name}"));
        let compiled = bridgelaw_compiler::compile(&set);
        assert!(compiled.program.is_none(), "{name}: errors must stop compilation");
        let got: Vec<(Code, Option<&str>, usize, usize)> = compiled
            .diagnostics
            .iter()
            .map(|d| {
                let l = d.location.unwrap_or_else(|| panic!("{name}: {} has no location", d.message));
                (d.code, d.clause.as_deref(), l.line, l.column)
            })
            .collect();
        assert_eq!(got, *expected, "{name}: {:#?}", compiled.diagnostics);
        assert!(compiled.diagnostics.iter().all(|d| d.help.is_some()), "{name}: every diagnostic has a help line");
        insta::assert_snapshot!(format!("human-{name}"), render_human(&compiled.diagnostics, &set));
    }
}

#[test]
fn suggestions_name_the_likely_intent() {
    let compiled = bridgelaw_compiler::compile(&read_laws("tests/broken/unknown-name"));
    let helps: Vec<&str> = compiled.diagnostics.iter().filter_map(|d| d.help.as_deref()).collect();
    assert_eq!(helps, ["did you mean `turn`?", "did you mean `cancel_call`?", "did you mean `partner`?"]);
    let compiled = bridgelaw_compiler::compile(&read_laws("tests/broken/unknown-key"));
    assert_eq!(compiled.diagnostics[0].help.as_deref(), Some("did you mean `summary`?"));
}

#[test]
fn json_diagnostics_carry_file_line_column_and_clause() {
    let set = read_laws("tests/broken/dsl-syntax");
    let compiled = bridgelaw_compiler::compile(&set);
    let json: serde_json::Value = serde_json::from_str(&render_json(&compiled.diagnostics, &set)).unwrap();
    assert_eq!(json[0]["code"], "dsl-syntax");
    assert_eq!(json[0]["clause"], "Law 1");
    assert_eq!(json[0]["location"]["file"], "tests/broken/dsl-syntax/1987/clauses.yaml");
    assert_eq!(json[0]["location"]["line"], 10);
    assert_eq!(json[0]["location"]["column"], 30);
}

#[test]
fn the_shipped_laws_have_no_diagnostics() {
    let compiled = bridgelaw_compiler::compile(&read_laws("laws"));
    assert!(compiled.diagnostics.is_empty(), "{:#?}", compiled.diagnostics);
    let p = compiled.program.unwrap();
    let e = &p.editions[0];
    // Every table with rules was analysed over its whole fact domain.
    for a in &e.analyses {
        let size: usize = a.facts.iter().map(|&f| p.facts[f].values.len()).product();
        assert_eq!(a.verdicts.len(), size, "table {}", p.tables[a.table].name);
    }
}

#[test]
fn a_byte_order_mark_changes_nothing() {
    let plain = read_laws("tests/broken/unknown-name");
    let files: Vec<(String, String)> =
        plain.files.iter().map(|f| (f.path.clone(), format!("\u{feff}{}", f.text))).collect();
    let pairs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
    let with_bom = bridgelaw_compiler::SourceSet::from_embedded(&pairs);
    let render = |set: &bridgelaw_compiler::SourceSet| render_human(&bridgelaw_compiler::compile(set).diagnostics, set);
    assert_eq!(render(&with_bom), render(&plain));
    let shipped = read_laws("laws");
    let files: Vec<(String, String)> =
        shipped.files.iter().map(|f| (f.path.clone(), format!("\u{feff}{}", f.text))).collect();
    let pairs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
    let compiled = bridgelaw_compiler::compile(&bridgelaw_compiler::SourceSet::from_embedded(&pairs));
    assert!(compiled.diagnostics.is_empty(), "{:#?}", compiled.diagnostics);
}

/// The shipped laws, with each edition's files under the new edition names given.
fn laws_with_editions(names: &[&str]) -> bridgelaw_compiler::SourceSet {
    let shipped = read_laws("laws");
    let mut files = Vec::new();
    for f in &shipped.files {
        match f.path.strip_prefix("laws/2017/") {
            Some(rest) => files.extend(names.iter().map(|n| (format!("l/{n}/{rest}"), f.text.clone()))),
            None if f.edition.is_none() => files.push((f.path.replacen("laws/", "l/", 1), f.text.clone())),
            None => {}
        }
    }
    let pairs: Vec<(&str, &str)> = files.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
    bridgelaw_compiler::SourceSet::from_embedded(&pairs)
}

#[test]
fn editions_whose_rust_names_collide_are_refused_before_code_generation() {
    let set = laws_with_editions(&["draft-1", "draft_1"]);
    let Err(diagnostics) = bridgelaw_compiler::generate(&set) else { panic!("colliding editions compiled") };
    let collisions: Vec<&str> =
        diagnostics.iter().filter(|d| d.code == Code::NameCollision).map(|d| d.message.as_str()).collect();
    assert_eq!(collisions, ["edition `draft_1` and edition `draft-1` both become `edraft_1` in the generated Rust"]);
    // Two distinct names generate.
    assert!(bridgelaw_compiler::generate(&laws_with_editions(&["draft1", "draft2"])).is_ok());
}

#[test]
fn one_edition_directory_is_checked_with_the_vocabulary_of_its_parent() {
    let set = read_laws("laws/1987");
    assert_eq!(set.files[0].path, "laws/vocabulary.yaml");
    let compiled = bridgelaw_compiler::compile(&set);
    assert!(compiled.diagnostics.is_empty(), "{:#?}", compiled.diagnostics);
    let editions: Vec<String> = compiled.program.unwrap().editions.iter().map(|e| e.name.clone()).collect();
    assert_eq!(editions, ["1987"]);
}

#[test]
fn an_empty_edition_directory_is_an_error() {
    let dir = std::env::temp_dir().join(format!("bridgelaw-empty-edition-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("1987")).unwrap();
    std::fs::create_dir_all(dir.join("2017")).unwrap();
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    let shipped = read_laws("laws");
    std::fs::write(dir.join("vocabulary.yaml"), &shipped.files[0].text).unwrap();
    std::fs::write(dir.join("1987/edition.yaml"), "title: T\ndocuments: []\n").unwrap();
    let err = bridgelaw_compiler::SourceSet::read_dir(&dir).unwrap_err();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(err.message.contains("2017 holds no law files"), "{}", err.message);
    assert!(err.help.is_some());
}
