//! Checks `laws/` and compiles its editions into Rust decision tables at build time (the
//! interface they implement is `bridgelaw-tables`'), and embeds the law sources so that the
//! CLI can check and explain the laws it was built with.

#![allow(clippy::expect_used, reason = "cargo sets the variables, and a failed write to OUT_DIR should fail the build")]

use bridgelaw_compiler::{diagnostic, SourceSet};
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let laws = manifest.join("../laws");
    let set = match SourceSet::read_dir(&laws) {
        Ok(set) => set,
        Err(d) => fail(&[*d], &SourceSet::default()),
    };
    // Paths in the generated header and in diagnostics are relative to the workspace.
    let relative = SourceSet {
        files: set
            .files
            .iter()
            .map(|f| {
                let path = Path::new(&f.path).strip_prefix(manifest.join("..")).map(|p| p.display().to_string());
                bridgelaw_compiler::source::SourceFile { path: path.unwrap_or_else(|_| f.path.clone()), ..f.clone() }
            })
            .collect(),
    };
    let code = match bridgelaw_compiler::generate(&relative) {
        Ok(code) => code.editions,
        Err(diagnostics) => fail(&diagnostics, &relative),
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
    println!("cargo:rerun-if-changed={}", laws.display());
    for f in &set.files {
        println!("cargo:rerun-if-changed={}", f.path);
    }
}

/// Prints the diagnostics once, with how to check the laws without a build,
/// and fails the build without a panic or a backtrace.
fn fail(diagnostics: &[bridgelaw_compiler::Diagnostic], set: &SourceSet) -> ! {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    eprint!("{}", diagnostic::render_human(diagnostics, set));
    eprintln!(
        "\nThe law sources have {errors} error(s), so the decision tables cannot be built.\n\
         Check the laws without building the tables (docs/authoring.md):\n    \
         cargo run -p bridgelaw-compiler --bin bridgelaw-check -- laws"
    );
    std::process::exit(1);
}
