//! The bridgelaw law compiler: reads the YAML law sources, checks them, and
//! generates the Rust decision tables. One module per pipeline stage:
//! `source` (read) → `syntax` (parse the DSL) → `check` (resolve, type, and
//! analyse the tables) → `codegen` (emit Rust). `interp` decides the checked
//! tables directly, for ruling a law directory without a rebuild.

pub mod build;
pub mod check;
pub mod codegen;
pub mod diagnostic;
pub mod diff;
pub mod interp;
pub mod model;
pub mod source;
pub mod syntax;

pub use diagnostic::{Diagnostic, Severity};
pub use model::Program;
pub use source::SourceSet;

/// The result of compiling a law directory.
pub struct Compiled {
    /// The checked program; `None` when there were errors.
    pub program: Option<Program>,
    /// Every finding, errors and warnings, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads, parses and checks every source of the set.
pub fn compile(set: &SourceSet) -> Compiled {
    let mut diagnostics = Vec::new();
    let parsed = source::parse(set, &mut diagnostics);
    let program = check::check(set, parsed, &mut diagnostics);
    diagnostics.sort_by_key(|d| d.location.map(|l| (l.file, l.offset)).unwrap_or((usize::MAX, 0)));
    Compiled { program, diagnostics }
}

/// Compiles and generates Rust in one step, for the editions' build script and `emit`.
pub fn generate(set: &SourceSet) -> Result<codegen::Generated, Vec<Diagnostic>> {
    let compiled = compile(set);
    match compiled.program {
        Some(p) => {
            let paths: Vec<String> = set.files.iter().map(|f| f.path.clone()).collect();
            Ok(codegen::generate(&p, &paths))
        }
        None => Err(compiled.diagnostics),
    }
}

/// Generates the interface (`codegen::interface`) from the vocabulary and the editions'
/// `edition.yaml` files of `set` alone, for the interface's build script: the other files of
/// `set` are not read, so that a clause edit leaves the interface as it was.
/// Its diagnostics locate files by their index in `set`, as `compile`'s do.
pub fn generate_interface(set: &SourceSet) -> Result<String, Vec<Diagnostic>> {
    let kept: Vec<usize> = (0..set.files.len()).filter(|&i| source::is_interface_file(&set.files[i])).collect();
    let interface_files = SourceSet { files: kept.iter().map(|&i| set.files[i].clone()).collect() };
    let mut diagnostics = Vec::new();
    let parsed = source::parse(&interface_files, &mut diagnostics);
    match check::check_interface(&interface_files, parsed, &mut diagnostics) {
        Some((program, editions)) => Ok(codegen::interface(&program, &editions)),
        None => {
            for location in diagnostics.iter_mut().filter_map(|d| d.location.as_mut()) {
                location.file = kept.get(location.file).copied().unwrap_or(location.file);
            }
            diagnostics.sort_by_key(|d| d.location.map(|l| (l.file, l.offset)).unwrap_or((usize::MAX, 0)));
            Err(diagnostics)
        }
    }
}
