//! Robustness on stable Rust, beside the cargo-fuzz targets in `fuzz/`: arbitrary
//! text and arbitrary structured YAML, as case files (read and ruled) and as law
//! files (checked with the real vocabulary). Every input gets a ruling, a
//! positioned error or diagnostics: no panic, no hang, and each input within a
//! generous time bound that only a hang or a blow-up can exceed.

use bridgelaw_compiler::SourceSet;
use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::tables::{sources, FactId, Table};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// Far above any real input's time (microseconds to milliseconds): only a hang or a
/// super-linear blow-up reaches it.
const BOUND: Duration = Duration::from_secs(5);

fn within_bound<T>(what: &str, input: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let out = f();
    let took = start.elapsed();
    assert!(took < BOUND, "{what} took {took:?} on:\n{input}");
    out
}

fn rule_case_text(text: &str) {
    within_bound("reading and ruling a case", text, || {
        if let Ok(case) = bridgelaw::case_file::parse(text) {
            let _ = bridgelaw_runtime::rule(&case);
        }
    });
}

fn check_law_text(text: &str) {
    let keep = |path: &str| path.ends_with("vocabulary.yaml") || path.ends_with("2017/edition.yaml");
    let mut files: Vec<(&str, &str)> = sources().iter().copied().filter(|(p, _)| keep(p)).collect();
    files.push(("laws/2017/generated.yaml", text));
    let set = SourceSet::from_embedded(&files);
    within_bound("checking a law file", text, || {
        let compiled = bridgelaw_compiler::compile(&set);
        assert!(
            compiled.program.is_some() || !compiled.diagnostics.is_empty(),
            "a rejected law file gets at least one diagnostic:\n{text}"
        );
    });
}

/// A YAML scalar: plausible words of either format, numbers, or noise.
fn scalar() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "N", "E", "S", "W", "pass", "1H", "7NT", "8C", "X", "XX", "D5", "5D", "10D", "SA", "\"1987\"", "\"2017\"",
            "1987", "true", "null", "~", "''", "natural", "accept", "4S by N", "[N]", "{a: 1}", "&x a", "*x",
        ])
        .prop_map(str::to_string),
        "[a-zA-Z0-9 _:.-]{0,12}",
        any::<i64>().prop_map(|n| n.to_string()),
    ]
}

/// A YAML value nested up to a few levels, rendered in flow style.
fn value() -> impl Strategy<Value = String> {
    scalar().prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(", "))),
            prop::collection::vec((key(), inner), 0..4).prop_map(|kv| format!(
                "{{{}}}",
                kv.into_iter().map(|(k, v)| format!("{k}: {v}")).collect::<Vec<_>>().join(", ")
            )),
        ]
    })
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "edition",
            "dealer",
            "vulnerability",
            "deal",
            "contract",
            "events",
            "expect",
            "director",
            "N",
            "E",
            "S",
            "W",
            "together",
            "simultaneous",
            "ask",
            "claim",
            "lead_choice",
            "pass_meaning",
            "edition",
        ])
        .prop_map(str::to_string),
        "[a-z_]{1,10}",
    ]
}

/// A case file: known and unknown keys (repeats included), with events among them.
fn case_text() -> impl Strategy<Value = String> {
    let event = prop_oneof![
        (prop::sample::select(vec!["N", "E", "S", "W"]), scalar()).prop_map(|(s, v)| format!("  - {s}: {v}")),
        value().prop_map(|v| format!("  - director: {v}")),
        (key(), value()).prop_map(|(k, v)| format!("  - {k}: {v}")),
    ];
    (prop::collection::vec((key(), value()), 0..6), prop::collection::vec(event, 0..30)).prop_map(|(fields, events)| {
        let mut text: String = fields.into_iter().map(|(k, v)| format!("{k}: {v}\n")).collect();
        text += "events:\n";
        text += &events.join("\n");
        text
    })
}

/// A DSL condition over the real facts, with nesting, negation and nonsense mixed in.
fn condition() -> impl Strategy<Value = String> {
    let atom = (0..FactId::ALL.len(), 0usize..8, any::<bool>()).prop_map(|(f, v, eq)| {
        let fact = FactId::ALL[f];
        let values = fact.values();
        format!("{} {} {}", fact.name(), if eq { "==" } else { "!=" }, values[v % values.len()])
    });
    let atom = prop_oneof![8 => atom, 1 => "[a-z_(){} ,=!]{0,12}"];
    atom.prop_recursive(6, 32, 3, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("{a} and {b}")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a} or {b})")),
            inner.prop_map(|a| format!("not ({a})")),
        ]
    })
}

/// A law file of a few clauses with rules in real tables, real or made-up outcomes.
fn law_text() -> impl Strategy<Value = String> {
    let outcome = prop_oneof![
        prop::sample::select(vec![
            "cancel_call",
            "no_further_rectification",
            "must_pass(offender, throughout)",
            "must_pass(offender)",
            "delegate(irregularity)",
            "unknown_thing per \"Law 1\"",
        ])
        .prop_map(str::to_string),
        "[a-z_(), \"]{0,16}",
    ];
    let rule = (0..Table::ALL.len(), condition(), prop::collection::vec(outcome, 0..3), any::<bool>()).prop_map(
        |(t, when, then, overrides)| {
            let then: Vec<String> = then.into_iter().map(|o| format!("'{}'", o.replace('\'', "''"))).collect();
            let over = if overrides { "\n        overrides: [Law 90]" } else { "" };
            format!(
                "      - table: {}\n        when: '{}'\n        then: [{}]{over}",
                Table::ALL[t].name(),
                when.replace('\'', "''"),
                then.join(", ")
            )
        },
    );
    let clause = (1u32..100, prop::collection::vec(rule, 0..3), value()).prop_map(|(n, rules, extra)| {
        let rules = if rules.is_empty() { String::new() } else { format!("\n    rules:\n{}", rules.join("\n")) };
        format!(
            "  - id: Law {n}\n    title: T\n    authority: law\n    source: {{document: 002_96f57dc98754fd8c.txt}}\n    certainty: summarized\n    summary: S\n    note: {extra}{rules}"
        )
    });
    prop::collection::vec(clause, 0..4).prop_map(|c| format!("clauses:\n{}\n", c.join("\n")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_as_a_case_file(text in "\\PC{0,400}") {
        rule_case_text(&text);
    }

    #[test]
    fn structured_yaml_as_a_case_file(text in case_text()) {
        rule_case_text(&text);
    }

    #[test]
    fn mutated_corpus_case_files(index in 0usize..1000, at in 0usize..4000, junk in "\\PC{0,8}") {
        let files = corpus();
        let text = &files[index % files.len()];
        let mut cut = at % (text.len() + 1);
        while !text.is_char_boundary(cut) { cut -= 1; }
        rule_case_text(&format!("{}{junk}{}", &text[..cut], &text[cut..]));
    }
}

proptest! {
    // Each input checks the whole vocabulary with it: fewer cases keep the run short.
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_as_a_law_file(text in "\\PC{0,400}") {
        check_law_text(&text);
    }

    #[test]
    fn structured_yaml_as_a_law_file(text in law_text()) {
        check_law_text(&text);
    }

}

fn corpus() -> &'static [String] {
    static CORPUS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    CORPUS.get_or_init(|| {
        let mut texts = Vec::new();
        for edition in ["1987", "1987-play", "2017"] {
            for path in bridgelaw_tests::cases(edition) {
                texts.push(std::fs::read_to_string(path).expect("a readable case file"));
            }
        }
        texts
    })
}
