//! What the build scripts of `tables/` and `editions/` share: the workspace's `laws/` read with
//! paths relative to the workspace, and a failed build reported by its diagnostics alone.

use crate::source::SourceFile;
use crate::{diagnostic, Diagnostic, SourceSet};
use std::path::Path;

/// The law directory `laws/` beside the crate at `manifest` (`CARGO_MANIFEST_DIR`), as read
/// (paths for `include_str!` and `rerun-if-changed`) and with its paths relative to the
/// workspace (for the generated headers and the diagnostics). Fails the build, as [`fail`]
/// with `headline`, if it cannot be read.
pub fn workspace_laws(manifest: &Path, headline: fn(usize) -> String) -> (SourceSet, SourceSet) {
    let set = match SourceSet::read_dir(&manifest.join("../laws")) {
        Ok(set) => set,
        Err(d) => fail(&[*d], &SourceSet::default(), headline),
    };
    let workspace = manifest.join("..");
    let relative = SourceSet {
        files: set
            .files
            .iter()
            .map(|f| {
                let path = Path::new(&f.path).strip_prefix(&workspace).map(|p| p.display().to_string());
                SourceFile { path: path.unwrap_or_else(|_| f.path.clone()), ..f.clone() }
            })
            .collect(),
    };
    (set, relative)
}

/// Prints the diagnostics once, then `headline` of their number of errors with how to check
/// the laws without a build, and fails the build without a panic or a backtrace.
pub fn fail(diagnostics: &[Diagnostic], set: &SourceSet, headline: fn(usize) -> String) -> ! {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    eprint!("{}", diagnostic::render_human(diagnostics, set));
    eprintln!(
        "\n{}\n\
         Check the laws without building the tables (docs/authoring.md):\n    \
         cargo run -p bridgelaw-compiler --bin bridgelaw-check -- laws",
        headline(errors)
    );
    std::process::exit(1);
}
