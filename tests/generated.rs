//! The generated decision tables: reproducible from the embedded sources,
//! headed `@generated`, the interface from the vocabulary alone, and kept reviewable as a
//! snapshot.

use bridgelaw_compiler::SourceSet;
use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::tables::{self, Facts, Table, Turn};

#[test]
fn generated_code_is_reproducible_from_the_embedded_sources() {
    let set = SourceSet::from_embedded(tables::sources());
    let code = bridgelaw_compiler::generate(&set).expect("embedded laws compile");
    assert_eq!(code.interface, tables::INTERFACE);
    assert_eq!(code.editions, tables::built_in().generated);
    assert_eq!(code.whole(), tables::generated());
    assert!(code.interface.starts_with("// @generated"));
    assert!(code.editions.starts_with("// @generated"));
    for f in tables::sources() {
        assert!(code.editions.contains(&format!("//   {}", f.0)), "header names {}", f.0);
    }
}

/// The interface is generated from the vocabulary and the editions' `edition.yaml` alone, as
/// its build script watches them: with every other file emptied, it is the same, so a clause
/// edit cannot change it (and does not rebuild the runtime written against it).
#[test]
fn the_interface_depends_on_the_vocabulary_and_the_edition_files_only() {
    let set = SourceSet::from_embedded(tables::sources());
    assert_eq!(bridgelaw_compiler::generate_interface(&set).expect("the interface generates"), tables::INTERFACE);
    let mut emptied = set.clone();
    let mut kept = 0;
    for f in &mut emptied.files {
        if bridgelaw_compiler::source::is_interface_file(f) {
            kept += 1;
        } else {
            f.text = "this is not a law file: [".to_string();
        }
    }
    assert_eq!(kept, 1 + tables::Edition::ALL.len());
    assert_eq!(bridgelaw_compiler::generate_interface(&emptied).expect("the interface generates"), tables::INTERFACE);
    // And a vocabulary edit does change it.
    let vocabulary = emptied.files.iter_mut().find(|f| f.edition.is_none() && f.path.ends_with("vocabulary.yaml"));
    let vocabulary = vocabulary.expect("the vocabulary is embedded");
    vocabulary.text = vocabulary.text.replace("A member or members of the offending side.", "The offending side.");
    assert_ne!(bridgelaw_compiler::generate_interface(&emptied).expect("the interface generates"), tables::INTERFACE);
}

/// A vocabulary error fails the interface with a diagnostic located in the vocabulary, by the
/// file's index in the whole set (as the interface's build script renders it), not in the
/// subset of files the interface reads.
#[test]
fn the_interface_locates_a_vocabulary_error_in_the_whole_set() {
    let mut set = SourceSet::from_embedded(tables::sources());
    let at = set.files.iter().position(|f| f.edition.is_none() && f.path.ends_with("vocabulary.yaml"));
    let at = at.expect("the vocabulary is embedded");
    set.files.swap(0, at);
    let moved = set.files.len() - 1;
    set.files.swap(0, moved);
    let vocabulary = &mut set.files[moved];
    vocabulary.text = vocabulary.text.replacen("  - name: party\n", "  - name: party\n    bogus_key: 1\n", 1);
    let errors = bridgelaw_compiler::generate_interface(&set).expect_err("an unknown key is an error");
    assert!(!errors.is_empty());
    for e in errors.iter().filter(|e| e.is_error()) {
        let location = e.location.expect("located");
        assert_eq!(location.file, moved, "{e:?}");
        assert!(set.files[location.file].path.ends_with("vocabulary.yaml"));
    }
}

/// The editions are linked in the order of the interface's `Edition::ALL`.
#[test]
fn each_edition_finds_its_own_laws() {
    for e in tables::Edition::ALL {
        assert_eq!(e.laws().name(), e.name());
        assert!(!e.clauses().is_empty());
        assert!(e.title().contains(e.name()), "{}", e.title());
    }
    assert!(!tables::editions_are(&["1987"]));
    assert!(!tables::editions_are(&["2017", "1987"]));
    assert!(tables::editions_are(&tables::Edition::NAMES));
}

#[test]
fn generated_code_snapshot() {
    insta::assert_snapshot!("tables", tables::generated());
}

#[test]
fn tables_are_callable_directly_and_name_their_deciding_rule() {
    // Law 30B2 decides a pass at partner's turn after a bid, whatever the other facts.
    let facts = Facts { turn: Turn::Partner, anyone_has_bid: true, ..Facts::default() };
    let out = tables::decide(tables::Edition::E1987.laws(), Table::PassOutOfRotation, &facts);
    assert_eq!(out.rules().collect::<Vec<_>>(), ["Law 30B2"]);
    assert_eq!(out.tables().collect::<Vec<_>>(), [Table::PassOutOfRotation]);
    assert!(out.outcomes().count() > 0);
    assert!(out.outcomes().all(|o| o.clauses[0].id == "Law 30B2"));
}

#[test]
fn assumed_impossible_cases_are_reported_not_decided() {
    // After a bid, a player who has never called cannot be at his LHO's turn.
    let facts = Facts { turn: Turn::Lho, anyone_has_bid: true, offender_has_called: false, ..Facts::default() };
    let out = tables::decide(tables::Edition::E1987.laws(), Table::PassOutOfRotation, &facts);
    assert_eq!(out.rules().count(), 0);
    assert_eq!(out.unprovided().collect::<Vec<_>>(), [Table::PassOutOfRotation]);
}

/// A clause edit rebuilds `bridgelaw-editions` and the programs that link it, not the crates
/// written against the interface: neither the interface, nor the runtime, nor the CLI's library
/// depends on the editions, through normal or build dependencies, by cargo's own graph.
#[test]
fn only_the_binaries_depend_on_the_editions() {
    let tree = |package: &str| {
        let out = std::process::Command::new(env!("CARGO"))
            .args(["tree", "--offline", "--edges", "normal,build", "--prefix", "none", "--package", package])
            .current_dir(bridgelaw_test_support::workspace())
            .output()
            .expect("cargo runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("cargo tree prints UTF-8")
    };
    for package in ["bridgelaw-tables", "bridgelaw-runtime", "bridgelaw-cli"] {
        let deps = tree(package);
        assert!(deps.contains(&format!("{package} v")), "{deps}");
        assert!(!deps.contains("bridgelaw-editions"), "{package} depends on the editions:\n{deps}");
    }
    assert!(tree("bridgelaw-runtime").contains("bridgelaw-tables v"));
    assert!(tree("bridgelaw").contains("bridgelaw-editions v"));
}
