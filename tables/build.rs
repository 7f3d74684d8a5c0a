//! Generates the interface of the decision tables from `laws/vocabulary.yaml` and the editions'
//! `edition.yaml` files alone (`bridgelaw_compiler::generate_interface`): the vocabulary's types
//! and the `Edition` enum. Only those files are watched, so that a clause edit rebuilds the
//! editions' data (`bridgelaw-editions`) and not this crate or the runtime written against it.

use bridgelaw_compiler::{diagnostic, SourceSet};
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let laws = manifest.join("../laws");
    let set = match SourceSet::read_dir(&laws) {
        Ok(set) => set,
        Err(d) => fail(&[*d], &SourceSet::default()),
    };
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
    let code = match bridgelaw_compiler::generate_interface(&relative) {
        Ok(code) => code,
        Err(diagnostics) => fail(&diagnostics, &relative),
    };
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("interface.rs"), code).expect("OUT_DIR is writable");
    // A new edition directory is not seen until one of these changes: the editions' build
    // checks at compile time that it lists the same editions, and says to touch the vocabulary.
    println!("cargo:rerun-if-changed=build.rs");
    for f in set.files.iter().filter(|f| bridgelaw_compiler::source::is_interface_file(f)) {
        println!("cargo:rerun-if-changed={}", f.path);
    }
}

/// Prints the diagnostics once, with how to check the laws without a build,
/// and fails the build without a panic or a backtrace.
fn fail(diagnostics: &[bridgelaw_compiler::Diagnostic], set: &SourceSet) -> ! {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    eprint!("{}", diagnostic::render_human(diagnostics, set));
    eprintln!(
        "\nThe vocabulary has {errors} error(s), so the tables' interface cannot be built.\n\
         Check the laws without building the tables (docs/authoring.md):\n    \
         cargo run -p bridgelaw-compiler --bin bridgelaw-check -- laws"
    );
    std::process::exit(1);
}
