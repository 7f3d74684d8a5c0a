//! Helpers shared by the end-to-end tests: where the fixtures are, and how to
//! rule on a case file.

use bridgelaw_runtime::Ruling;
use std::path::{Path, PathBuf};

/// The `tests/` directory.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The case files of a directory of `tests/cases`, sorted by name.
pub fn cases(edition: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("cases").join(edition))
        .expect("the case corpus exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

/// Rules on a case file; panics with the file's errors if it is malformed.
pub fn rule_file(path: &Path) -> Ruling {
    let text = std::fs::read_to_string(path).expect("readable case file");
    let case = bridgelaw::case_file::parse(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
    bridgelaw_runtime::rule(&case).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Reads a law directory under `tests/`, with paths shown relative to the
/// workspace so that diagnostics are the same on every machine.
pub fn read_laws(relative: &str) -> bridgelaw_compiler::SourceSet {
    let workspace = root().join("..");
    let mut set = bridgelaw_compiler::SourceSet::read_dir(&workspace.join(relative)).expect("readable law directory");
    for f in &mut set.files {
        let path = Path::new(&f.path);
        f.path = path.strip_prefix(&workspace).unwrap_or(path).display().to_string();
    }
    set
}

/// Every case file of the corpus: the auction and play cases of 1987, and the 2017 cases.
pub fn corpus() -> Vec<PathBuf> {
    ["1987", "1987-play", "2017"].iter().flat_map(|d| cases(d)).collect()
}
