//! Fuzz target: a case file, read with positions and ruled by the referee
//! under its edition. Any text gets a ruling or positioned errors.
#![no_main]

use bridgelaw_editions as _; // rules with the built-in laws
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(case) = bridgelaw::case_file::parse(text) {
        let _ = bridgelaw_runtime::rule(&case);
    }
});
