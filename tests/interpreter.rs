//! The law interpreter against the generated tables, and law edits against
//! the runtime:
//! - exhaustive differential test: every edition, every table, every
//!   combination of the facts the table tests, interpreted and generated,
//!   must give the same rule, outcomes and clauses (the count is printed);
//! - mutation property test: random edits of the checked laws that the
//!   analysis accepts, after each of which the whole corpus is ruled with the
//!   interpreter, without a panic;
//! - the interface's checks: a law directory with a new edition rules with no
//!   rebuild, a new vocabulary name asks for one, and the compiler rejects a
//!   rule that produces what its table does not declare, or a judgement in a
//!   table asked without questions;
//! - the dependency invariant: the runtime never depends on the compiler, and
//!   the tables only at build time.

use bridgelaw::laws::{self, LoadError, LoadedLaws, Rulebook};
use bridgelaw_compiler::model::{Cond, Outcome, OutcomeKind, Program, Rule};
use bridgelaw_compiler::SourceSet;
use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::tables::{self, Edition, Facts, Laws, Table, Verdict};
use bridgelaw_test_support::{copy_dir, each_decision, laws_copy, replace_once};
use bridgelaw_tests::root;
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn embedded() -> &'static LoadedLaws {
    static LAWS: OnceLock<LoadedLaws> = OnceLock::new();
    LAWS.get_or_init(|| {
        laws::from_sources(SourceSet::from_embedded(tables::sources())).unwrap_or_else(|e| panic!("{e}"))
    })
}

/// What a verdict says, by value: the rule, the facts it tests, and each outcome with its clauses.
fn describe(v: Verdict) -> String {
    match v {
        Verdict::Rule(r) => {
            let outcomes: Vec<String> = r
                .outcomes
                .iter()
                .map(|o| match o {
                    tables::Outcome::Rectify { rectification, clauses } => {
                        let ids: Vec<&str> = clauses.iter().map(|c| c.id).collect();
                        format!("{rectification:?} {ids:?}")
                    }
                    tables::Outcome::Delegate { table, clauses } => {
                        let ids: Vec<&str> = clauses.iter().map(|c| c.id).collect();
                        format!("delegate {table:?} {ids:?}")
                    }
                })
                .collect();
            format!("{} {:?} {outcomes:?}", r.id, r.facts)
        }
        Verdict::Assumed => "assumed".into(),
        Verdict::Undefined => "undefined".into(),
    }
}

/// Evaluates every combination of the facts `table` tests under both laws; returns the count.
fn compare_table(generated: &dyn Laws, interpreted: &dyn Laws, table: Table) -> usize {
    let facts = generated.tests(table);
    assert_eq!(facts, interpreted.tests(table), "{} {table:?}: the facts tested", generated.name());
    let total: usize = facts.iter().map(|f| f.values().len()).product();
    for n in 0..total {
        let mut values = Facts::default();
        let mut rest = n;
        for f in facts.iter().rev() {
            values.set(*f, rest % f.values().len());
            rest /= f.values().len();
        }
        let (g, i) = (generated.ask(table, &values), interpreted.ask(table, &values));
        assert_eq!(describe(g), describe(i), "{} {table:?} on {values:?}", generated.name());
    }
    if facts.is_empty() && generated.ask(table, &Facts::default()) == Verdict::Undefined {
        0
    } else {
        total
    }
}

#[test]
fn the_interpreter_agrees_with_the_generated_tables_on_every_combination() {
    let loaded = embedded();
    let mut checked = 0;
    for edition in Edition::ALL {
        let interpreted = loaded.edition(edition.name()).expect("the embedded laws have every built edition");
        assert_eq!(interpreted.clauses(), edition.laws().clauses());
        let mut in_edition = 0;
        for table in Table::ALL {
            in_edition += compare_table(edition.laws(), interpreted, table);
        }
        let analysed: usize = loaded
            .program()
            .editions
            .iter()
            .find(|e| e.name == edition.name())
            .map(|e| e.analyses.iter().map(|a| a.verdicts.len()).sum())
            .unwrap_or(0);
        assert_eq!(in_edition, analysed, "edition {}: every analysed combination is compared", edition.name());
        println!("edition {}: {in_edition} fact combinations, interpreted and generated, agree", edition.name());
        checked += in_edition;
    }
    println!("{checked} fact combinations checked in all");
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn every_combination_maps_to_a_rule_or_to_an_assumption() {
    // The dense index is checked entry by entry at compile time; here, against the analysis.
    let loaded = embedded();
    for e in &loaded.program().editions {
        let laws = Edition::from_name(&e.name).expect("built in").laws();
        for a in &e.analyses {
            let table = Table::from_name(&loaded.program().tables[a.table].name).expect("built in");
            for (values, verdict) in &a.verdicts {
                let mut facts = Facts::default();
                for (&f, &v) in a.facts.iter().zip(values) {
                    facts.set(tables::FactId::from_name(&loaded.program().facts[f].name).expect("built in"), v);
                }
                match (verdict, laws.ask(table, &facts)) {
                    (bridgelaw_compiler::model::Verdict::Decided(r), Verdict::Rule(rule)) => {
                        assert_eq!(rule.id, e.rules[*r].id)
                    }
                    (bridgelaw_compiler::model::Verdict::Assumed, Verdict::Assumed) => {}
                    (v, w) => panic!("{} {table:?} {values:?}: analysis {v:?}, table {w:?}", e.name),
                }
            }
        }
    }
}

/// A decision by value: per step its table and verdict, then each rectification with its
/// rule and trace.
fn describe_decision(d: tables::Decision) -> String {
    let steps: Vec<String> = d.steps().map(|s| format!("{:?} {}", s.table, describe_verdict_id(s.verdict))).collect();
    let outcomes: Vec<String> = d
        .outcomes()
        .map(|t| format!("{:?} {} {:?}", t.rectification, t.rule, t.trace().map(|c| c.id).collect::<Vec<_>>()))
        .collect();
    format!("{steps:?} {outcomes:?}")
}

fn describe_verdict_id(v: Verdict) -> &'static str {
    match v {
        Verdict::Rule(r) => r.id,
        Verdict::Assumed => "assumed",
        Verdict::Undefined => "undefined",
    }
}

/// The decision as the runtime followed it before decisions were static data: each table
/// asked (`ask`) in depth-first order of the delegations, at most `MAX_STEPS`, and each
/// rectification's trace its own clauses, then those of the delegating outcome not among them.
fn followed(laws: &dyn Laws, table: Table, facts: &Facts) -> String {
    fn visit(
        laws: &dyn Laws,
        table: Table,
        facts: &Facts,
        via: &[tables::Clause],
        out: &mut (Vec<String>, Vec<String>),
    ) {
        let verdict = laws.ask(table, facts);
        out.0.push(format!("{table:?} {}", describe_verdict_id(verdict)));
        let Verdict::Rule(rule) = verdict else { return };
        for o in rule.outcomes {
            match *o {
                tables::Outcome::Rectify { rectification, clauses } => {
                    let mut ids: Vec<&str> = clauses.iter().map(|c| c.id).collect();
                    ids.extend(via.iter().filter(|v| !clauses.iter().any(|c| c.id == v.id)).map(|c| c.id));
                    out.1.push(format!("{rectification:?} {} {ids:?}", rule.id));
                }
                tables::Outcome::Delegate { table, clauses } => {
                    if out.0.len() < tables::MAX_STEPS {
                        visit(laws, table, facts, clauses, out);
                    }
                }
            }
        }
    }
    let mut out = (Vec::new(), Vec::new());
    visit(laws, table, facts, &[], &mut out);
    format!("{:?} {:?}", out.0, out.1)
}

/// Compares the generated decision on `values` with the data followed table by table and
/// with the interpreted decision.
fn check(laws: [&dyn Laws; 2], table: Table, values: &Facts) {
    let (generated, interpreted) = (laws[0], laws[1]);
    let g = describe_decision(tables::decide(generated, table, values));
    assert_eq!(g, followed(generated, table, values), "{} {table:?} on {values:?}", generated.name());
    let i = describe_decision(tables::decide(interpreted, table, values));
    assert_eq!(g, i, "{} {table:?} on {values:?}: generated, interpreted", generated.name());
}

#[test]
fn static_decisions_are_the_delegations_followed_on_every_combination() {
    // Every combination of the facts of the tables a decision asks, table by table along
    // each path of delegations: the generated and the interpreted static decisions, and the
    // decision followed table by table as the runtime did before, agree.
    let loaded = embedded();
    let mut checked = 0usize;
    for edition in Edition::ALL {
        let interpreted = loaded.edition(edition.name()).expect("the embedded laws have every built edition");
        for table in Table::ALL {
            let laws = [edition.laws(), interpreted];
            checked += each_decision(laws[0], table, Facts::default(), &[], &mut |f| check(laws, table, f));
        }
    }
    println!("{checked} decisions, along every path of delegations, checked");
    assert!(checked > 10_000, "{checked}");
}

fn case_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable corpus") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            case_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "yaml") {
            out.push(path);
        }
    }
}

fn corpus() -> &'static [(PathBuf, String)] {
    static CORPUS: OnceLock<Vec<(PathBuf, String)>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut files = Vec::new();
        case_files(&root().join("cases"), &mut files);
        files.sort();
        files.into_iter().map(|p| (p.clone(), std::fs::read_to_string(&p).expect("readable case"))).collect()
    })
}

#[test]
fn the_interpreted_laws_rule_the_corpus_as_the_built_ones() {
    let loaded = embedded();
    for (path, text) in corpus() {
        for edition in Edition::ALL {
            let built = Rulebook::BuiltIn.rule_text(text, Some(edition.name()));
            let interpreted = Rulebook::Loaded(loaded).rule_text(text, Some(edition.name()));
            assert_eq!(
                built.map(|r| r.to_text()).map_err(|e| e.to_string()),
                interpreted.map(|r| r.to_text()).map_err(|e| e.to_string()),
                "{} under {}",
                path.display(),
                edition.name()
            );
        }
    }
}

#[test]
fn a_new_edition_directory_is_ruled_without_a_rebuild() {
    let dir = laws_copy("draft", |d| {
        copy_dir(&d.join("2017"), &d.join("draft"));
        replace_once(&d.join("draft/edition.yaml"), "title:", "title: Draft of");
    });
    let loaded = laws::load(&dir).unwrap_or_else(|e| panic!("{e}"));
    let draft = Rulebook::Loaded(&loaded);
    assert_eq!(draft.names().last(), Some(&"draft"));
    let (_, text) =
        corpus().iter().find(|(p, _)| p.ends_with("2017/law27b2-not-comparable.yaml")).expect("the 2017 case");
    let under_draft = draft.rule_text(text, Some("draft")).unwrap_or_else(|e| panic!("{e}"));
    let under_2017 = Rulebook::BuiltIn.rule_text(text, Some("2017")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(under_draft.edition, "draft");
    assert_eq!(under_draft.to_text().replacen("Edition draft", "Edition 2017", 1), under_2017.to_text());
    // A case file naming the draft edition is ruled under it.
    let named = text.replacen("edition: \"2017\"", "edition: \"draft\"", 1);
    assert_eq!(draft.rule_text(&named, None).expect("rules").edition, "draft");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_name_the_built_runtime_does_not_know_asks_for_a_rebuild() {
    let dir = laws_copy("new-names", |d| {
        replace_once(
            &d.join("vocabulary.yaml"),
            "\nfacts:\n",
            "\nfacts:\n  - name: new_fact\n    doc: A fact the runtime does not derive.\n    source: derived\n    type: bool\n",
        );
        replace_once(
            &d.join("vocabulary.yaml"),
            "\nrectifications:\n",
            "\nrectifications:\n  - name: new_rectification\n    doc: A rectification the runtime cannot apply.\n",
        );
    });
    match laws::load(&dir) {
        Err(e @ LoadError::RebuildNeeded { .. }) => {
            let LoadError::RebuildNeeded { names } = &e else { unreachable!() };
            assert_eq!(names, &["fact `new_fact`", "rectification `new_rectification`"]);
            assert!(e.to_string().contains("rebuild"), "{e}");
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("laws with new names must not be ruled by this build"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn check_errors(dir: &Path) -> Vec<String> {
    let set = SourceSet::read_dir(dir).expect("readable");
    let compiled = bridgelaw_compiler::compile(&set);
    compiled
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let at = d.location.map(|l| format!("{}:{}:{}", set.files[l.file].path, l.line, l.column));
            format!("{} @ {}", d.message, at.unwrap_or_default())
        })
        .collect()
}

#[test]
fn a_rule_may_produce_only_what_its_table_declares() {
    let dir = laws_copy("produces", |d| {
        // Law 50: a penalty card becomes a transfer of tricks.
        replace_once(&d.join("1987/play-50-60.yaml"), "major_penalty_card", "transfer_tricks(one, revoke_trick_on)");
    });
    let errors = check_errors(&dir);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0].starts_with("rule `Law 50")
            && errors[0].contains("produces `transfer_tricks`, which table `penalty_card` does not declare"),
        "{errors:?}"
    );
    assert!(errors[0].contains("1987/play-50-60.yaml:"), "a position: {errors:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_asked_without_questions_tests_no_judgement() {
    let dir = laws_copy("questions", |d| {
        replace_once(
            &d.join("vocabulary.yaml"),
            "  - name: lead_restriction\n",
            "  - name: lead_restriction\n    questions: false\n",
        );
    });
    let errors = check_errors(&dir);
    assert!(!errors.is_empty());
    // The table's judgements: 2017's comparable call, 1987's meaning of a repeated call.
    let judgement = |e: &String| {
        e.contains("tests the judgement `replacement_comparable`")
            || e.contains("tests the judgement `repeated_call_meaning`")
    };
    assert!(
        errors
            .iter()
            .all(|e| judgement(e) && e.contains("asks table `lead_restriction` where it cannot put a question")),
        "{errors:?}"
    );
    assert!(errors.iter().any(|e| e.contains("`repeated_call_meaning`")), "{errors:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_runtime_never_depends_on_the_compiler() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(root().join(".."))
        .output()
        .expect("cargo metadata runs");
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let deps = |package: &str| -> Vec<(String, String)> {
        let p = meta["packages"].as_array().unwrap().iter().find(|p| p["name"] == package).expect("package");
        p["dependencies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| (d["name"].as_str().unwrap().to_string(), d["kind"].as_str().unwrap_or("normal").to_string()))
            .collect()
    };
    let runtime = deps("bridgelaw-runtime");
    assert!(!runtime.iter().any(|(n, _)| n == "bridgelaw-compiler"), "{runtime:?}");
    let tables_deps = deps("bridgelaw-tables");
    assert_eq!(
        tables_deps.iter().filter(|(n, _)| n == "bridgelaw-compiler").map(|(_, k)| k.as_str()).collect::<Vec<_>>(),
        ["build"]
    );
}

// --- Mutations ---

/// A random edit of a checked program, or `None` when the edit does not apply.
fn mutate(p: &mut Program, kind: u8, pick: &[usize]) -> Option<String> {
    let e = pick[0] % p.editions.len();
    let n = p.editions[e].rules.len();
    let r = pick[1] % n;
    let rule = p.editions[e].rules[r].clone();
    match kind % 3 {
        0 => {
            // Swap an outcome for another rectification of the table's declared set.
            let produces = p.tables[rule.table].produces.clone()?;
            let k = rule.outcomes.iter().position(|o| matches!(o.kind, OutcomeKind::Rectify { .. }))?;
            let rectification = produces[pick[2] % produces.len()];
            let args = p.rectifications[rectification]
                .params
                .iter()
                .enumerate()
                .map(|(i, param)| pick[3 + i % 3] % p.types[param.ty].values.len())
                .collect();
            p.editions[e].rules[r].outcomes[k].kind = OutcomeKind::Rectify { rectification, args };
            Some(format!(
                "{}: `{}` now produces `{}`",
                p.editions[e].name, rule.id, p.rectifications[rectification].name
            ))
        }
        1 => {
            // Negate a condition; a default rule, overridden by every other rule, fills the gap.
            p.editions[e].rules[r].when = Cond::Not(Box::new(rule.when.clone()));
            p.editions[e].rules[r].when_text = format!("not ({})", rule.when_text);
            if !bridgelaw_compiler::check::analyse_program(p).iter().any(|d| d.is_error()) {
                return Some(format!("{}: `{}` negated", p.editions[e].name, rule.id));
            }
            let default = p.editions[e].rules.len();
            let outcomes: Vec<Outcome> = rule.outcomes.clone();
            p.editions[e].rules.push(Rule {
                id: format!("{} (default)", rule.id),
                when: Cond::And(Vec::new()),
                when_text: "true".into(),
                outcomes,
                overrides: Vec::new(),
                ..rule.clone()
            });
            for (i, other) in p.editions[e].rules.iter_mut().enumerate() {
                if i != default && other.table == rule.table {
                    other.overrides.push(default);
                }
            }
            Some(format!("{}: `{}` negated, with a default rule", p.editions[e].name, rule.id))
        }
        _ => {
            // Drop an override.
            let with: Vec<usize> = (0..n).filter(|&i| !p.editions[e].rules[i].overrides.is_empty()).collect();
            let r = *with.get(pick[1] % with.len().max(1))?;
            let o = pick[2] % p.editions[e].rules[r].overrides.len();
            let dropped = p.editions[e].rules[r].overrides.remove(o);
            Some(format!(
                "{}: `{}` no longer overrides `{}`",
                p.editions[e].name, p.editions[e].rules[r].id, p.editions[e].rules[dropped].id
            ))
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn law_edits_that_check_accepts_rule_the_corpus_without_a_panic(
        edits in proptest::collection::vec((0u8..3, proptest::collection::vec(0usize..1000, 6)), 1..3)
    ) {
        let mut program = embedded().program().clone();
        let mut what = Vec::new();
        for (kind, pick) in &edits {
            if let Some(w) = mutate(&mut program, *kind, pick) {
                what.push(w);
            }
        }
        let errors = bridgelaw_compiler::check::analyse_program(&mut program);
        // Only edits the check accepts are ruled with.
        prop_assume!(!what.is_empty() && !errors.iter().any(|d| d.is_error()));
        let loaded = laws::from_program(program, SourceSet::default()).expect("the vocabulary is unchanged");
        let book = Rulebook::Loaded(&loaded);
        for (path, text) in corpus() {
            for edition in book.names() {
                let ruled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| book.rule_text(text, Some(edition)).map(|r| r.to_text())));
                prop_assert!(ruled.is_ok(), "{} under {edition} panics after {what:?}", path.display());
            }
        }
    }
}
