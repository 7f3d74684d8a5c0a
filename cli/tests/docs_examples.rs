//! The examples of the hand-written documents run, so that the documents
//! cannot drift: the clause of `docs/authoring.md` is checked in place of the
//! edition's own clause in a copy of `laws/`, and the cases of
//! `docs/case-files.md` parse and are ruled, and match their `expect:` blocks. (`docs/dsl.md` is tested by the
//! compiler's `docs_examples_parse`.)
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_test_support::{laws_copy, workspace};

/// The fenced blocks of `language` in a Markdown document.
fn fenced(document: &str, language: &str) -> Vec<String> {
    let text = std::fs::read_to_string(workspace().join(document)).expect("readable document");
    let opening = format!("```{language}");
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match &mut current {
            None if line.trim_end() == opening => current = Some(String::new()),
            Some(block) if line.trim_end() == "```" => {
                blocks.push(std::mem::take(block));
                current = None;
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    blocks
}

/// `text` without the list item `- id: <id>` and its lines, or `None` if it has no such item.
fn without_clause(text: &str, id: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let start = lines.iter().position(|l| l.trim() == format!("- id: {id}"))?;
    let depth = indent(lines[start]);
    let end = (start + 1..lines.len())
        .find(|&i| {
            let l = lines[i];
            !l.trim().is_empty() && (indent(l) < depth || (indent(l) == depth && l.trim_start().starts_with("- ")))
        })
        .unwrap_or(lines.len());
    let mut kept: Vec<&str> = lines[..start].to_vec();
    kept.extend(&lines[end..]);
    Some(kept.join("\n") + "\n")
}

#[test]
fn the_authoring_guide_clause_checks_in_place_of_its_own() {
    let blocks = fenced("docs/authoring.md", "yaml");
    let example = blocks.first().expect("docs/authoring.md has a YAML clause example");
    // A clause file holding the example alone, as it will be checked.
    let indented: String = example.lines().map(|l| format!("  {l}\n")).collect();
    let clause_file = format!("clauses:\n{indented}");
    let root = marked_yaml::parse_yaml(0, clause_file.as_str()).expect("the example is YAML");
    let clause = root
        .as_mapping()
        .and_then(|m| m.get_sequence("clauses"))
        .and_then(|s| s.first())
        .and_then(|c| c.as_mapping())
        .expect("a list of one clause");
    let id = clause.get_scalar("id").expect("the clause has an id").as_str().to_string();
    let title = clause.get_scalar("title").expect("the clause has a title").as_str().to_string();
    let document = clause
        .get_mapping("source")
        .and_then(|s| s.get_scalar("document"))
        .expect("the clause cites a document")
        .as_str()
        .to_string();

    let laws = laws_copy("authoring-example", |_| {});
    // The edition that cites the example's document and has a clause of that id: the example
    // takes that clause's place.
    let mut replaced = None;
    for edition in std::fs::read_dir(&laws).expect("the copy").map(|e| e.expect("an entry").path()) {
        let Ok(meta) = std::fs::read_to_string(edition.join("edition.yaml")) else { continue };
        if !meta.contains(&document) {
            continue;
        }
        for file in std::fs::read_dir(&edition).expect("an edition").map(|e| e.expect("an entry").path()) {
            let text = std::fs::read_to_string(&file).expect("a law file");
            if let Some(rest) = without_clause(&text, &id) {
                std::fs::write(&file, rest).expect("rewritten law file");
                std::fs::write(edition.join("zz-authoring-example.yaml"), &clause_file).expect("the example file");
                replaced = Some(edition.file_name().expect("a name").to_string_lossy().into_owned());
            }
        }
    }
    let edition = replaced.unwrap_or_else(|| panic!("no edition citing {document} has a clause `{id}`"));

    let set = bridgelaw_compiler::SourceSet::read_dir(&laws).expect("readable copy");
    let compiled = bridgelaw_compiler::compile(&set);
    let errors: Vec<_> = compiled.diagnostics.iter().filter(|d| d.is_error()).cloned().collect();
    assert!(errors.is_empty(), "{}", bridgelaw_compiler::diagnostic::render_human(&errors, &set));
    let program = compiled.program.expect("a checked program");
    let checked = program.editions.iter().find(|e| e.name == edition).and_then(|e| e.clause(&id)).expect("the clause");
    assert_eq!(checked.title, title);
    assert!(checked.file.ends_with("zz-authoring-example.yaml"), "{}", checked.file);
    let _ = std::fs::remove_dir_all(&laws);
}

#[test]
fn the_case_file_reference_examples_are_ruled() {
    let blocks = fenced("docs/case-files.md", "yaml");
    assert!(!blocks.is_empty(), "docs/case-files.md has YAML case examples");
    for example in &blocks {
        let case = bridgelaw::case_file::parse(example).unwrap_or_else(|e| panic!("{example}\ndoes not parse: {e:?}"));
        let ruling = bridgelaw_runtime::rule(&case).unwrap_or_else(|e| panic!("{example}\nis not ruled: {e}"));
        assert!(!ruling.to_text().is_empty());
        // An example with an `expect:` block must match it.
        let result = bridgelaw::test_cmd::check_case("docs/case-files.md", example, &bridgelaw::test_cmd::BuiltIn);
        assert!(
            result.failures.is_empty() && result.errors.is_empty(),
            "{example}
{}",
            result.lines().join("\n")
        );
    }
    let expecting = blocks.iter().filter(|b| bridgelaw::expect::read(b).ok().flatten().is_some()).count();
    assert!(expecting >= 1, "docs/case-files.md has an example with an `expect:` block");
    // The first example is a pass out of rotation, ruled with its rectifications.
    let case = bridgelaw::case_file::parse(&blocks[0]).expect("the first example parses");
    let ruling = bridgelaw_runtime::rule(&case).expect("the first example is ruled");
    assert_eq!(ruling.irregularities.len(), 1, "{}", ruling.to_text());
    assert!(!ruling.irregularities[0].rectifications.is_empty(), "{}", ruling.to_text());
}

#[test]
fn a_clause_item_is_cut_up_to_the_next_item() {
    let text = "clauses:\n  - id: A\n    title: a\n\n  - id: B\n    title: b\n";
    assert_eq!(without_clause(text, "A").as_deref(), Some("clauses:\n  - id: B\n    title: b\n"));
    assert_eq!(without_clause(text, "B").as_deref(), Some("clauses:\n  - id: A\n    title: a\n\n"));
    assert_eq!(without_clause(text, "C"), None);
}
