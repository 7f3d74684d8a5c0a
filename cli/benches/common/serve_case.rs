//! The case `POST /api/v1/rule` is measured with, shared by `cli/benches/serve.rs` (criterion)
//! and `cli/benches/serve_counts.rs` (instruction counts): the Law 30B2 auction of 1987, as
//! `scripts/load-test.lua` posts it.

/// North opens, East passes, North passes at South's turn (Law 30B2), the director rules and
/// the auction ends.
pub const CASE: &str = r#"{"edition":"1987","dealer":"N","events":[{"N":"1H"},{"E":"pass"},{"N":"pass"},{"director":{"pass_meaning":"natural"}},{"S":"2H"},{"W":"pass"},{"N":"pass"},{"E":"pass"}]}"#;
