//! Fuzz target: the JSON API's case parser, as `POST /api/v1/rule` runs it
//! (`serve::rule_json`: the serde_json fast path, the YAML reader as
//! fallback, the ruling and its errors). Any body gets a ruling or an error;
//! and whatever case the fast path reads, the YAML reader reads the same.
#![no_main]

use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw::serve::{self, App};
use bridgelaw_compiler::SourceSet;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn app() -> &'static App {
    static APP: OnceLock<App> = OnceLock::new();
    APP.get_or_init(|| {
        let set = SourceSet::from_embedded(bridgelaw_runtime::tables::sources());
        App::new(&set, &[], 64 * 1024).expect("the embedded laws compile")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = serve::rule_json(app(), text, None);
    if let Some(fast) = serve::read_fast(text, None) {
        let slow = bridgelaw::case_file::parse_with(text, None);
        assert_eq!(slow.as_ref().ok(), Some(&fast), "the fast path and the YAML reader differ on {text:?}");
    }
});
