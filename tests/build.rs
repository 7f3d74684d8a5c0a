//! Generates one `#[test]` per case file under `tests/cases` (a module per
//! directory), so that `cargo test` names the failing case file and one
//! failure does not hide the rest. The tests are included by `cases.rs`.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn case_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("readable directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            case_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "yaml") {
            out.push(p);
        }
    }
}

/// A Rust identifier for a file or directory name.
fn ident(name: &str) -> String {
    let s: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        format!("e{s}")
    } else {
        s
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("cases");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    case_files(&root, &mut files);
    let mut code = String::new();
    let mut current: Option<String> = None;
    for file in &files {
        let relative = file.strip_prefix(&root).expect("under tests/cases");
        let module = relative.parent().map(|p| p.display().to_string()).unwrap_or_default();
        if current.as_ref() != Some(&module) {
            if current.is_some() {
                code.push_str("}\n");
            }
            writeln!(code, "mod {} {{\n    use super::check;", ident(if module.is_empty() { "top" } else { &module }))
                .unwrap();
            current = Some(module);
        }
        let stem = file.file_stem().expect("a file name").to_string_lossy();
        writeln!(
            code,
            "    #[test]\n    fn {}() {{\n        check({:?});\n    }}",
            ident(&stem),
            relative.display().to_string()
        )
        .unwrap();
    }
    if current.is_some() {
        code.push_str("}\n");
    }
    writeln!(code, "const CASE_FILES: usize = {};", files.len()).unwrap();
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("case_tests.rs");
    std::fs::write(out, code).expect("writable OUT_DIR");
}
