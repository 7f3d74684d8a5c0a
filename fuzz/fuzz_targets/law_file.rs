//! Fuzz target: one law file's text, checked with the real vocabulary and
//! edition file of the embedded 2017 laws, through the whole compiler
//! (reading, the DSL, typing, the table analysis, code generation).
#![no_main]

use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_compiler::SourceSet;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let embedded = bridgelaw_runtime::tables::sources();
    let keep = |path: &str| path.ends_with("vocabulary.yaml") || path.ends_with("2017/edition.yaml");
    let mut files: Vec<(&str, &str)> = embedded.iter().copied().filter(|(p, _)| keep(p)).collect();
    files.push(("laws/2017/fuzzed.yaml", text));
    let set = SourceSet::from_embedded(&files);
    let _ = bridgelaw_compiler::generate(&set);
});
