//! Fuzz target: the PBN `Deal` tag parser. Any text gets a deal of four
//! thirteen-card hands or an error.
#![no_main]

use bridgelaw_editions as _; // rules with the built-in laws
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(deal) = bridgelaw_runtime::play::Deal::from_pbn(text) {
            let _ = format!("{deal:?}");
        }
    }
});
