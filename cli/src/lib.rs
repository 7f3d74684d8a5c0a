//! The commands of `bridgelaw-cli`, re-exported with the built-in laws of `bridgelaw-editions`
//! linked, for the binary's tests and benches and for the case tests (`bridgelaw::test_cmd`).

pub use bridgelaw_cli::*;
use bridgelaw_editions as _;
