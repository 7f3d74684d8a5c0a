//! Generates the interface of the decision tables from `laws/vocabulary.yaml` and the editions'
//! `edition.yaml` files alone (`bridgelaw_compiler::generate_interface`): the vocabulary's types
//! and the `Edition` enum. Only those files are watched, so that a clause edit rebuilds the
//! editions' data (`bridgelaw-editions`) and not this crate or the runtime written against it.

use bridgelaw_compiler::build::{fail, workspace_laws};
use std::path::PathBuf;

fn headline(errors: usize) -> String {
    format!("The vocabulary has {errors} error(s), so the tables' interface cannot be built.")
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let (set, relative) = workspace_laws(&manifest, headline);
    let code = match bridgelaw_compiler::generate_interface(&relative) {
        Ok(code) => code,
        Err(diagnostics) => fail(&diagnostics, &relative, headline),
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
