//! `bridgelaw`: checks law sources, prints the generated tables, explains
//! clauses, and rules on case files with the embedded laws.

use bridgelaw::laws::{self, LoadedLaws, RuleError, Rulebook};
use bridgelaw::{book, coverage, diff, explain};
use bridgelaw_compiler::{diagnostic, SourceSet};
use bridgelaw_runtime::tables;
use clap::{Parser, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "bridgelaw", version, about = "The Laws of Duplicate Bridge as data: check, explain and rule.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum CheckFormat {
    Human,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum RulingFormat {
    Text,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Check a law directory and print every diagnostic; exits 1 on errors.
    Check {
        /// The law directory; the embedded laws when omitted.
        dir: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "human")]
        format: CheckFormat,
    },
    /// Print the Rust generated from a law directory.
    Emit {
        /// The law directory; the embedded laws when omitted.
        dir: Option<PathBuf>,
    },
    /// Show a clause: its text, summary, rules and cross-references both ways.
    Explain {
        /// The clause id, such as "Law 30B2" or "Commentary 30.5".
        clause: String,
        /// Only this edition.
        #[arg(long)]
        edition: Option<String>,
        /// The law directory; the embedded laws when omitted.
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// List the clauses that no case under DIR exercises.
    Coverage {
        /// The case directory, searched recursively.
        #[arg(default_value = "tests/cases")]
        dir: PathBuf,
        /// The edition whose clauses to list.
        #[arg(long, default_value = "1987")]
        edition: String,
        /// Rule with this law directory, interpreted (no rebuild); the built-in laws when omitted.
        #[arg(long)]
        laws: Option<PathBuf>,
    },
    /// Report what changes between two editions: the rulings of the cases, and the laws.
    Diff {
        /// The old edition.
        #[arg(long)]
        from: String,
        /// The new edition.
        #[arg(long)]
        to: String,
        /// Case files or directories; `tests/cases` by default.
        cases: Vec<PathBuf>,
        #[arg(long, value_enum, default_value = "text")]
        format: RulingFormat,
        /// The law directory, for the static report and, interpreted (no rebuild), for the
        /// rulings; the embedded laws when omitted.
        #[arg(long)]
        laws: Option<PathBuf>,
    },
    /// Rule on a case file, with the clause trace of every rectification.
    Rule {
        case: PathBuf,
        #[arg(long, value_enum, default_value = "text")]
        format: RulingFormat,
        /// Rule under this edition, whatever the case file names; the newest by default.
        #[arg(long)]
        edition: Option<String>,
        /// Rule with this law directory, interpreted (no rebuild); the built-in laws when omitted.
        #[arg(long)]
        laws: Option<PathBuf>,
    },
    /// Write the law book: a static HTML site of every law, rule and case, readable offline.
    Docs {
        /// The directory to write the site into; created if missing.
        #[arg(long)]
        out: PathBuf,
        /// The law directory, its cases ruled by the interpreter (no rebuild); the embedded laws
        /// when omitted.
        #[arg(long)]
        laws: Option<PathBuf>,
        /// The case directory, searched recursively.
        #[arg(long, default_value = "tests/cases")]
        cases: PathBuf,
    },
}

/// Exit status for input with errors (law diagnostics, a malformed case).
const INPUT_ERRORS: u8 = 1;
/// Exit status for a file that cannot be read.
const IO_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check { dir, format } => check(dir.as_deref(), format),
        Command::Emit { dir } => emit(dir.as_deref()),
        Command::Explain { clause, edition, dir } => {
            let Some(set) = sources(dir.as_deref()) else {
                return ExitCode::from(IO_ERROR);
            };
            explain::run(&set, &clause, edition.as_deref())
        }
        Command::Rule { case, format, edition, laws } => rule(&case, format, edition.as_deref(), laws.as_deref()),
        Command::Coverage { dir, edition, laws } => coverage_report(&dir, &edition, laws.as_deref()),
        Command::Diff { from, to, cases, format, laws } => diff_report(&from, &to, cases, format, laws.as_deref()),
        Command::Docs { out, laws, cases } => docs(&out, laws.as_deref(), &cases),
    }
}

/// The law sources: a directory, or the ones embedded at build time.
fn sources(dir: Option<&Path>) -> Option<SourceSet> {
    match dir {
        None => Some(SourceSet::from_embedded(tables::SOURCES)),
        Some(dir) => match SourceSet::read_dir(dir) {
            Ok(set) => Some(set),
            Err(d) => {
                eprint!("{}", diagnostic::render_human(&[*d], &SourceSet::default()));
                None
            }
        },
    }
}

fn check(dir: Option<&Path>, format: CheckFormat) -> ExitCode {
    let Some(set) = sources(dir) else {
        return ExitCode::from(IO_ERROR);
    };
    let compiled = bridgelaw_compiler::compile(&set);
    let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).count();
    match format {
        CheckFormat::Json => println!("{}", diagnostic::render_json(&compiled.diagnostics, &set)),
        CheckFormat::Human => {
            print!("{}", diagnostic::render_human(&compiled.diagnostics, &set));
            match &compiled.program {
                Some(p) => {
                    for e in &p.editions {
                        let tables: Vec<&str> = e.analyses.iter().map(|a| p.tables[a.table].name.as_str()).collect();
                        println!(
                            "edition {}: {} clauses, {} rules; tables {} are complete, free of conflicts and of dead rules",
                            e.name,
                            e.clauses.len(),
                            e.rules.len(),
                            tables.join(", ")
                        );
                    }
                }
                None => println!("{errors} error(s)"),
            }
        }
    }
    if errors > 0 {
        ExitCode::from(INPUT_ERRORS)
    } else {
        ExitCode::SUCCESS
    }
}

fn emit(dir: Option<&Path>) -> ExitCode {
    let Some(dir) = dir else {
        print!("{}", tables::GENERATED);
        return ExitCode::SUCCESS;
    };
    let Some(set) = sources(Some(dir)) else {
        return ExitCode::from(IO_ERROR);
    };
    match bridgelaw_compiler::generate(&set) {
        Ok(code) => {
            print!("{code}");
            ExitCode::SUCCESS
        }
        Err(diagnostics) => {
            eprint!("{}", diagnostic::render_human(&diagnostics, &set));
            ExitCode::from(INPUT_ERRORS)
        }
    }
}

/// Loads `--laws DIR` to rule with, interpreted; `Err` is the exit status after the message.
fn load(dir: Option<&Path>) -> Result<Option<LoadedLaws>, ExitCode> {
    let Some(dir) = dir else { return Ok(None) };
    match laws::load(dir) {
        Ok(l) => Ok(Some(l)),
        Err(e @ laws::LoadError::RebuildNeeded { .. }) => {
            eprintln!("error: {}: {e}", dir.display());
            Err(ExitCode::from(INPUT_ERRORS))
        }
        Err(laws::LoadError::Laws { diagnostics, sources }) => {
            eprint!("{}", diagnostic::render_human(&diagnostics, &sources));
            let io = diagnostics.iter().any(|d| d.code == diagnostic::Code::Io);
            Err(ExitCode::from(if io { IO_ERROR } else { INPUT_ERRORS }))
        }
    }
}

fn rulebook(loaded: &Option<LoadedLaws>) -> Rulebook<'_> {
    loaded.as_ref().map_or(Rulebook::BuiltIn, Rulebook::Loaded)
}

fn diff_report(from: &str, to: &str, cases: Vec<PathBuf>, format: RulingFormat, laws: Option<&Path>) -> ExitCode {
    let loaded = match load(laws) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let compiled;
    let program = match &loaded {
        Some(l) => l.program(),
        None => {
            let set = SourceSet::from_embedded(tables::SOURCES);
            compiled = bridgelaw_compiler::compile(&set);
            compiled.program.as_ref().expect("the embedded laws compile")
        }
    };
    let law_report = match bridgelaw_compiler::diff::diff(program, from, to) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(IO_ERROR);
        }
    };
    let cases = if cases.is_empty() { vec![PathBuf::from("tests/cases")] } else { cases };
    let ruling_report = match diff::rulings_with(rulebook(&loaded), from, to, &cases) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot read the cases: {e}");
            return ExitCode::from(IO_ERROR);
        }
    };
    match format {
        RulingFormat::Text => {
            match &ruling_report {
                Ok(r) => print!("{}", r.to_text()),
                Err(e) => println!("Ruling report unavailable: {e}"),
            }
            println!();
            print!("{}", law_report.to_text());
        }
        RulingFormat::Json => {
            let json = serde_json::json!({
                "rulings": ruling_report.as_ref().ok(),
                "rulings_unavailable": ruling_report.as_ref().err(),
                "laws": law_report,
            });
            println!("{}", serde_json::to_string_pretty(&json).expect("reports serialize"));
        }
    }
    ExitCode::SUCCESS
}

fn coverage_report(dir: &Path, edition: &str, laws: Option<&Path>) -> ExitCode {
    let loaded = match load(laws) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let book = rulebook(&loaded);
    let c = match coverage::measure_with(dir, book, edition) {
        Ok(Some(c)) => c,
        Ok(None) => {
            eprintln!("error: {}", book.edition(edition).err().unwrap_or_default());
            return ExitCode::from(IO_ERROR);
        }
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", dir.display());
            return ExitCode::from(IO_ERROR);
        }
    };
    for e in &c.errors {
        eprintln!("error: {e}");
    }
    let uncovered = c.uncovered();
    let total = c.clauses.len();
    println!(
        "{} cases; {} of {total} clauses of edition {} cited by some ruling",
        c.cases,
        total - uncovered.len(),
        c.edition
    );
    if !uncovered.is_empty() {
        println!("Not exercised by any case:");
        for id in &uncovered {
            println!("  {id}");
        }
    }
    if c.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(INPUT_ERRORS)
    }
}

fn rule(path: &Path, format: RulingFormat, edition: Option<&str>, laws: Option<&Path>) -> ExitCode {
    let loaded = match load(laws) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let book = rulebook(&loaded);
    if let Some(Err(message)) = edition.map(|e| book.edition(e)) {
        eprintln!("error: {message}");
        return ExitCode::from(IO_ERROR);
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return ExitCode::from(IO_ERROR);
        }
    };
    match book.rule_text(&text, edition) {
        Ok(ruling) => {
            match format {
                RulingFormat::Text => print!("{}", ruling.to_text()),
                RulingFormat::Json => {
                    println!("{}", serde_json::to_string_pretty(&ruling).expect("a ruling serializes"))
                }
            }
            ExitCode::SUCCESS
        }
        Err(RuleError::Case(errors)) => {
            for e in errors {
                eprintln!("error: {}:{}:{}: {}", path.display(), e.line, e.column, e.message);
            }
            ExitCode::from(INPUT_ERRORS)
        }
        Err(RuleError::Edition(message)) => {
            eprintln!("error: {}: {message}", path.display());
            ExitCode::from(INPUT_ERRORS)
        }
        Err(RuleError::Referee(e)) => {
            eprintln!("error: {}: {e}", path.display());
            ExitCode::from(INPUT_ERRORS)
        }
    }
}

/// `docs`: the law book, from the laws (embedded, or `--laws` interpreted) and the case directory.
fn docs(out: &Path, laws: Option<&Path>, cases: &Path) -> ExitCode {
    match load(laws) {
        Ok(Some(loaded)) => book::run_loaded(&loaded, cases, out),
        Ok(None) => book::run(&SourceSet::from_embedded(tables::SOURCES), cases, out),
        Err(code) => code,
    }
}
