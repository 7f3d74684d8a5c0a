//! Helpers shared by the end-to-end tests: where the fixtures are, and how to
//! rule on a case file.

use bridgelaw_runtime::Ruling;
use std::path::{Path, PathBuf};

/// The `tests/` directory.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The case files of an edition, sorted by name.
pub fn cases(edition: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("cases").join(edition))
        .expect("the case corpus exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

/// Rules on a case file; panics with the file's errors if it is malformed.
pub fn rule_file(path: &Path) -> Ruling {
    let text = std::fs::read_to_string(path).expect("readable case file");
    let case = bridgelaw::case_file::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
    bridgelaw_runtime::rule(&case).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads a law directory under `tests/`, with paths shown relative to the
/// workspace so that diagnostics are the same on every machine.
pub fn read_laws(relative: &str) -> bridgelaw_compiler::SourceSet {
    let workspace = root().join("..");
    let mut set = bridgelaw_compiler::SourceSet::read_dir(&workspace.join(relative)).expect("readable law directory");
    for f in &mut set.files {
        let path = Path::new(&f.path);
        f.path = path.strip_prefix(&workspace).unwrap_or(path).display().to_string();
    }
    set
}

/// Hand-derived expectations of rulings, and the check that compares them
/// with the engine's ruling.
pub mod expect {
    use bridgelaw_runtime::Ruling;

    /// One case's hand-derived ruling:
    /// - the deciding rules of all its irregularities, in order;
    /// - each rectification as `name [SEATS] [duration] @clause`, where SEATS joins seats with
    ///   `+` and `clause` must appear in the rectification's trace;
    /// - the contract (`2H by North`), `passed out`, or `open`;
    /// - each lead restriction as `SEAT status [kind] [suit]`.
    pub struct Expected {
        pub case: &'static str,
        pub rules: &'static [&'static str],
        pub rectifications: &'static [&'static str],
        pub contract: &'static str,
        pub leads: &'static [&'static str],
    }

    pub const fn e(
        case: &'static str,
        rules: &'static [&'static str],
        rectifications: &'static [&'static str],
        contract: &'static str,
        leads: &'static [&'static str],
    ) -> Expected {
        Expected { case, rules, rectifications, contract, leads }
    }

    pub fn contract_text(ruling: &Ruling) -> String {
        match (&ruling.contract, ruling.auction_over) {
            (Some(c), _) => c.to_string(),
            (None, true) => "passed out".into(),
            (None, false) => "open".into(),
        }
    }

    /// Rules every case of `tests/cases/<dir>` and checks it against its expectation,
    /// requiring one expectation per case file; returns the rulings by case name.
    pub fn check_corpus(dir: &str, expected: &[Expected]) -> Vec<(String, Ruling)> {
        let files = crate::cases(dir);
        assert_eq!(files.len(), expected.len(), "one expectation per case file of {dir}");
        files
            .iter()
            .map(|path| {
                let stem = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
                let e =
                    expected.iter().find(|e| e.case == stem).unwrap_or_else(|| panic!("no expected ruling for {stem}"));
                let ruling = crate::rule_file(path);
                check(&ruling, e);
                (stem, ruling)
            })
            .collect()
    }

    pub fn check(ruling: &Ruling, e: &Expected) {
        let rules: Vec<&str> = ruling.irregularities.iter().flat_map(|i| i.rules.iter().copied()).collect();
        assert_eq!(rules, e.rules, "{}: deciding rules", e.case);
        let got: Vec<_> = ruling.irregularities.iter().flat_map(|i| i.rectifications.iter()).collect();
        assert_eq!(got.len(), e.rectifications.len(), "{}: {:#?}", e.case, got);
        for (r, expected) in got.iter().zip(e.rectifications) {
            let (shape, clause) = expected.split_once(" @").expect("`name ... @clause`");
            let mut actual = r.rectification.to_string();
            if !r.seats.is_empty() {
                actual += &format!(" {}", r.seats.iter().map(|s| format!("{s:?}")).collect::<Vec<_>>().join("+"));
            }
            if let Some(d) = &r.duration {
                actual += &format!(" {d}");
            }
            assert_eq!(actual, shape, "{}", e.case);
            assert!(r.clauses.contains(&clause), "{}: {shape} must cite {clause}; cites {:?}", e.case, r.clauses);
            assert!(
                r.clauses.first().is_some_and(|c| r.rule.starts_with(c)),
                "{}: the deciding clause comes first: {} cites {:?}",
                e.case,
                r.rule,
                r.clauses
            );
        }
        assert_eq!(contract_text(ruling), e.contract, "{}: contract", e.case);
        let leads: Vec<String> = ruling
            .lead_restrictions
            .iter()
            .map(|l| {
                let mut s = format!("{:?} {}", l.seat, l.status);
                if let Some(k) = l.kind.filter(|k| l.status != "lapsed" || *k == "no_lead_restriction") {
                    s += &format!(" {k}");
                }
                if let Some(suit) = &l.suit {
                    s += &format!(" {suit}");
                }
                s
            })
            .collect();
        assert_eq!(leads, e.leads, "{}: lead restrictions", e.case);
    }
}

/// TEMPORARY: writes hand-derived expectations into the case files (issue 13 §2).
pub mod transcribe {
    use std::fmt::Write;

    fn plain_ok(s: &str) -> bool {
        let first = s.chars().next().unwrap_or(' ');
        !s.is_empty()
            && (first.is_ascii_alphabetic())
            && !s.contains(": ")
            && !s.contains(" #")
            && !s.ends_with(':')
            && !["null", "true", "false", "yes", "no", "on", "off", "none", "y", "n"]
                .contains(&s.to_ascii_lowercase().as_str())
    }

    fn q(s: &str) -> String {
        if plain_ok(s) {
            s.to_string()
        } else {
            serde_json::to_string(s).unwrap()
        }
    }

    fn flow(items: &[&str]) -> String {
        format!("[{}]", items.iter().map(|s| serde_json::to_string(s).unwrap()).collect::<Vec<_>>().join(", "))
    }

    fn block(out: &mut String, name: &str, items: &[&str]) {
        if items.is_empty() {
            writeln!(out, "    {name}: []").unwrap();
        } else {
            writeln!(out, "    {name}:").unwrap();
            for i in items {
                writeln!(out, "      - {}", q(i)).unwrap();
            }
        }
    }

    /// The fields of one edition's expectation.
    pub struct Fields<'a> {
        pub rules: &'a [&'a str],
        pub rectifications: &'a [&'a str],
        pub open_questions: Option<&'a [&'a str]>,
        pub contract: &'a str,
        pub leads: &'a [&'a str],
        pub penalty_cards: Option<&'a [&'a str]>,
        pub revokes: Option<&'a [&'a str]>,
        pub won: Option<(usize, usize)>,
        pub adjusted: Option<Option<(usize, usize)>>,
    }

    pub fn yaml(edition: &str, f: &Fields) -> String {
        let mut out = String::new();
        writeln!(out, "  \"{edition}\":").unwrap();
        writeln!(out, "    rules: {}", flow(f.rules)).unwrap();
        block(&mut out, "rectifications", f.rectifications);
        if let Some(o) = f.open_questions {
            writeln!(out, "    open_questions: {}", flow(o)).unwrap();
        }
        writeln!(out, "    contract: {}", q(f.contract)).unwrap();
        block(&mut out, "leads", f.leads);
        if let Some(p) = f.penalty_cards {
            block(&mut out, "penalty_cards", p);
        }
        if let Some(r) = f.revokes {
            block(&mut out, "revokes", r);
        }
        if let Some((a, b)) = f.won {
            writeln!(out, "    won: [{a}, {b}]").unwrap();
        }
        match f.adjusted {
            Some(Some((a, b))) => writeln!(out, "    adjusted: [{a}, {b}]").unwrap(),
            Some(None) => writeln!(out, "    adjusted: null").unwrap(),
            None => {}
        }
        out
    }

    /// Appends an `expect:` block for `edition` to the case file.
    pub fn append(dir: &str, case: &str, edition: &str, f: &Fields) {
        let path = crate::root().join("cases").join(dir).join(format!("{case}.yaml"));
        let mut text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("\nexpect:"), "{case} already has expectations");
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text += "expect:\n";
        text += &yaml(edition, f);
        std::fs::write(&path, text).unwrap();
    }
}
