//! Checks `laws/` and compiles its editions into Rust decision tables at build time (the
//! interface they implement is `bridgelaw-tables`'), and embeds the law sources so that the
//! CLI can check and explain the laws it was built with.

#![allow(clippy::expect_used, reason = "cargo sets the variables, and a failed write to OUT_DIR should fail the build")]

use bridgelaw_compiler::build::{fail, workspace_laws};
use std::path::PathBuf;

fn headline(errors: usize) -> String {
    format!("The law sources have {errors} error(s), so the decision tables cannot be built.")
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    // Paths in the generated header and in diagnostics are relative to the workspace.
    let (set, relative) = workspace_laws(&manifest, headline);
    let code = match bridgelaw_compiler::generate(&relative) {
        Ok(code) => code.editions,
        Err(diagnostics) => fail(&diagnostics, &relative, headline),
    };
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("editions.rs"), code).expect("OUT_DIR is writable");
    let embedded: Vec<String> = relative
        .files
        .iter()
        .zip(&set.files)
        .map(|(r, f)| format!("({:?}, include_str!({:?}))", r.path, f.path))
        .collect();
    let sources = format!(
        "/// The law sources the tables were generated from: (path, text).\npub static SOURCES: [(&str, &str); {}] = [{}];\n",
        embedded.len(),
        embedded.join(", ")
    );
    std::fs::write(out.join("sources.rs"), sources).expect("OUT_DIR is writable");
    // Only on success: cargo reruns a failed build script anyway, and on failure
    // it prints this output, where the diagnostics should stand alone.
    println!("cargo:rerun-if-changed={}", manifest.join("../laws").display());
    for f in &set.files {
        println!("cargo:rerun-if-changed={}", f.path);
    }
}
