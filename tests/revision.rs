//! The revision tutorial (docs/revising.md), followed step by step on a
//! temporary copy of the laws, and the reports of the 1987 -> 2017 revision.

use bridgelaw_compiler::diff::{diff, ClauseChange};
use bridgelaw_compiler::SourceSet;
use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_test_support::{copy_dir, laws_copy};
use bridgelaw_tests::{root, rule_file};
use std::path::Path;

/// The fenced block of docs/revising.md whose info string is `tag`.
fn block(doc: &str, tag: &str) -> String {
    let start = doc.find(&format!("```{tag}\n")).unwrap_or_else(|| panic!("no ```{tag} block")) + tag.len() + 4;
    let end = start + doc[start..].find("```").expect("closed block");
    doc[start..end].to_string()
}

#[test]
fn the_tutorial_draft_changes_exactly_what_it_says() {
    let doc = std::fs::read_to_string(root().join("../docs/revising.md")).unwrap();
    let laws = laws_copy("revision", |_| {});
    // 1. Copy an edition into a draft.
    copy_dir(&laws.join("2017"), &laws.join("draft"));
    // 2. Change a clause, exactly as the tutorial shows.
    let file = laws.join("draft/laws.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    let (before, after) = (block(&doc, "yaml before"), block(&doc, "yaml after"));
    assert_eq!(text.matches(&before).count(), 1, "the tutorial's `before` text is in the 2017 laws");
    std::fs::write(&file, text.replace(&before, &after)).unwrap();
    // 3. Check: no diagnostics; build: the generator accepts the draft.
    let set = SourceSet::read_dir(&laws).unwrap();
    let compiled = bridgelaw_compiler::compile(&set);
    assert!(compiled.diagnostics.is_empty(), "{:#?}", compiled.diagnostics);
    let code = bridgelaw_compiler::generate(&set).unwrap();
    assert!(code.editions.contains("pub mod edraft"), "the draft becomes an edition of the engine");
    assert!(code.interface.contains("EDraft"), "and a variant of the interface's `Edition`");
    // 4. The static report shows exactly the intended change.
    let report = diff(compiled.program.as_ref().unwrap(), "2017", "draft").unwrap();
    assert_eq!(report.clauses, [("Law 30A".to_string(), ClauseChange::Reworded(vec!["summary", "rules"]))]);
    let changed: Vec<_> = report.tables.iter().filter(|t| !t.changed.is_empty()).collect();
    assert_eq!(changed.len(), 1);
    assert_eq!(changed[0].table, "pass_out_of_rotation");
    let groups = &changed[0].changed;
    assert_eq!(groups.len(), 1, "{groups:#?}");
    let g = &groups[0];
    assert!(g.when.contains(&("turn".to_string(), vec!["rho".to_string()])), "{:?}", g.when);
    assert!(g.when.contains(&("pass_meaning".to_string(), vec!["natural".to_string()])), "{:?}", g.when);
    assert_eq!(g.from.as_ref().unwrap().outcomes, ["must_pass(offender, next_turn)"]);
    assert_eq!(g.to.as_ref().unwrap().outcomes, ["must_pass(offender, throughout)"]);
    let text = report.to_text();
    assert!(text.contains("draft: Law 30A: must_pass(offender, throughout)"), "{text}");
    let _ = std::fs::remove_dir_all(&laws);
}

#[test]
fn static_report_1987_to_2017() {
    let set = SourceSet::from_embedded(bridgelaw_runtime::tables::sources());
    let program = bridgelaw_compiler::compile(&set).program.unwrap();
    let report = diff(&program, "1987", "2017").unwrap();
    // Laws 34 and 17D3: the 2017 retention of the right to call is Law 17D3.
    assert!(report.clauses.contains(&("Law 17D3".to_string(), ClauseChange::Added)));
    // 2017 Law 30 no longer distinguishes "before anyone has bid": a pass at partner's turn
    // before any bid now falls under 30B1 (the comparable call) instead of 30A.
    let pass = report.tables.iter().find(|t| t.table == "pass_out_of_rotation").unwrap();
    assert!(pass.changed.iter().any(|g| g.from.as_ref().is_some_and(|v| v.rule == "Law 30A")
        && g.to.as_ref().is_some_and(|v| v.rule == "Law 30B1(b)(ii)")));
    insta::assert_snapshot!("static-1987-2017", report.to_text());
}

#[test]
fn ruling_report_1987_to_2017() {
    use bridgelaw_runtime::tables::Edition;
    let report = bridgelaw::diff::rulings(Edition::E1987, Edition::E2017, &[root().join("cases")]).unwrap();
    let corpus: usize =
        ["1987", "1987-play", "2017", "2017-play"].iter().map(|d| bridgelaw_tests::cases(d).len()).sum();
    assert_eq!(report.cases, corpus);
    let changed = |name: &str| report.changed.iter().any(|c| c.case.ends_with(&format!("{name}.yaml")));
    // Unchanged by the revision: a legal auction, an accepted pass, simultaneous calls in order.
    assert!(!changed("legal-auction-no-irregularity"));
    assert!(!changed("law29-lho-accepts"));
    assert!(!changed("law33-simultaneous-both-in-order"));
    // Changed: the 1987 bar throughout after a pass at partner's turn becomes, in 2017, a
    // question of comparability (Law 30B1).
    assert!(changed("law30-b2-partner-turn"));
    // Changed: a bid above seven condoned by LHO bars the offending side in 2017 (Law 38).
    assert!(changed("law35c-bid-above-seven-condoned"));
    let mut text = report.to_text();
    text = text.replace(&root().display().to_string(), "tests");
    insta::assert_snapshot!("rulings-1987-2017", text);
}

/// The reviewed revision report of the 1987 play corpus (docs/revision-1987-to-2017-play.md)
/// states how many cases change and has a row for each: both must match the report as the
/// engine makes it now, so a case added or a ruling changed sends the reviewer back to it.
#[test]
fn the_play_revision_report_reviews_every_changed_case() {
    use bridgelaw_runtime::tables::Edition;
    let report = bridgelaw::diff::rulings(Edition::E1987, Edition::E2017, &[root().join("cases/1987-play")]).unwrap();
    let doc = std::fs::read_to_string(root().join("../docs/revision-1987-to-2017-play.md")).unwrap();
    let figure = format!("**{} of {} cases change**", report.changed.len(), report.cases);
    assert!(doc.contains(&figure), "the report's figure is not {figure}");
    for c in &report.changed {
        let name = std::path::Path::new(&c.case).file_stem().unwrap().to_string_lossy().into_owned();
        assert!(doc.contains(&format!("| {name} ")), "{name} changes, but the report has no row for it");
    }
}

/// Copies the workspace's sources (not its build output) to `to`.
fn copy_workspace(to: &Path) {
    let workspace = root().join("..");
    for item in ["Cargo.toml", "Cargo.lock", "rustfmt.toml"] {
        std::fs::copy(workspace.join(item), to.join(item)).unwrap();
    }
    for dir in ["compiler", "tables", "editions", "runtime", "commands", "cli", "laws", "tests", "support"] {
        copy_dir(&workspace.join(dir), &to.join(dir));
    }
}

#[test]
fn the_tutorial_rebuilds_the_engine_with_the_draft_and_reports_its_rulings() {
    // Steps 1-3 of docs/revising.md on a copy of the whole workspace, including `cargo build`.
    let doc = std::fs::read_to_string(root().join("../docs/revising.md")).unwrap();
    let copy = root().join("../target/tutorial-workspace");
    let _ = std::fs::remove_dir_all(&copy);
    std::fs::create_dir_all(&copy).unwrap();
    copy_workspace(&copy);
    copy_dir(&copy.join("laws/2017"), &copy.join("laws/draft"));
    let file = copy.join("laws/draft/laws.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace(&block(&doc, "yaml before"), &block(&doc, "yaml after"))).unwrap();
    // A target directory of its own, kept between runs so that only the workspace rebuilds.
    let target = root().join("../target/tutorial-engine");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let build = std::process::Command::new(cargo)
        .args(["build", "--quiet", "--offline", "-p", "bridgelaw"])
        .current_dir(&copy)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .unwrap();
    assert!(build.status.success(), "cargo build failed: {}", String::from_utf8_lossy(&build.stderr));
    let bridgelaw = target.join("debug/bridgelaw");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(&bridgelaw).args(args).current_dir(&copy).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // The draft is an edition of the rebuilt engine: it rules, and it is the newest.
    let ruled = run(&["rule", "--edition", "draft", "tests/cases/2017/law30a-rho-turn.yaml"]);
    assert!(ruled.contains("South must pass throughout the auction (Law 30A"), "{ruled}");
    // Step 4: the ruling report shows exactly the cases the change touches.
    let report = run(&["diff", "--from", "2017", "--to", "draft", "tests/cases/2017"]);
    // The draft changes only what Law 30A decides, so exactly the cases where 2017's Law 30A
    // decides change.
    let expected: Vec<String> = bridgelaw_tests::cases("2017")
        .iter()
        .filter(|path| rule_file(path).irregularities.iter().any(|i| i.rules.contains(&"Law 30A")))
        .map(|path| format!("tests/cases/2017/{}", path.file_name().unwrap().to_string_lossy()))
        .collect();
    assert!(expected.len() >= 3, "{expected:?}");
    let changed: Vec<&str> = report.lines().filter(|l| l.starts_with("tests/cases/")).collect();
    assert_eq!(changed, expected, "{report}");
    assert!(report.contains("must pass throughout the auction"), "{report}");
    assert!(report.contains("draft: Law 30A: must_pass(offender, throughout)"), "{report}");
}
