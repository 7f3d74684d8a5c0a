//! Fuzz target: the rule DSL's parser and tree builder, on conditions and on
//! outcomes. Any text gets a tree or a syntax error; nothing panics or
//! overflows the stack.
#![no_main]

use bridgelaw_editions as _; // rules with the built-in laws
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = bridgelaw_compiler::syntax::parse_condition(text);
        let _ = bridgelaw_compiler::syntax::parse_outcome(text);
    }
});
