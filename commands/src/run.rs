//! The `bridgelaw` command line: checks law sources, prints the generated tables, explains
//! clauses, and rules on case files with the embedded laws (those of `bridgelaw-editions`,
//! which the binary links).

use crate::laws::{self, LoadedLaws, RuleError, Rulebook};
use crate::report::{self, Reported};
use crate::{book, coverage, diff, explain, serve, test_cmd};
use bridgelaw_compiler::model::Certainty;
use bridgelaw_compiler::{diagnostic, SourceSet};
use bridgelaw_runtime::tables;
use clap::{Parser, Subcommand, ValueEnum};
use std::fmt::Write as _;
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
    #[command(after_help = "Example:\n  bridgelaw check laws\n  bridgelaw check laws --format json")]
    Check {
        /// The law directory; the embedded laws when omitted.
        dir: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "human")]
        format: CheckFormat,
    },
    /// Print the Rust generated from a law directory.
    #[command(after_help = "Example:\n  bridgelaw emit laws > tables.rs")]
    Emit {
        /// The law directory; the embedded laws when omitted.
        dir: Option<PathBuf>,
    },
    /// Show a clause: its text, summary, rules and cross-references both ways.
    #[command(after_help = "Example:\n  bridgelaw explain \"Law 30B2\" --edition 1987")]
    Explain {
        /// The clause id, such as "Law 30B2" or "Commentary 30.5".
        clause: String,
        /// Only this edition; every edition that has the clause by default.
        #[arg(long)]
        edition: Option<String>,
        /// The law directory; the embedded laws when omitted.
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// List the clauses that no case under DIR exercises.
    #[command(after_help = "Example:\n  bridgelaw coverage tests/cases --edition 2017")]
    Coverage {
        /// The case directory, searched recursively for .yaml and .yml files (relative to the
        /// working directory).
        #[arg(default_value = DEFAULT_CASES)]
        dir: PathBuf,
        /// The edition whose clauses to list; only the cases written for it are ruled.
        #[arg(long, default_value = "1987")]
        edition: String,
        /// Rule with this law directory, interpreted (no rebuild); the built-in laws when omitted.
        #[arg(long)]
        laws: Option<PathBuf>,
    },
    /// Report what changes between two editions: the rulings of the cases, and the laws.
    #[command(after_help = "Example:\n  bridgelaw diff --from 1987 --to 2017 tests/cases/1987")]
    Diff {
        /// The old edition.
        #[arg(long)]
        from: String,
        /// The new edition.
        #[arg(long)]
        to: String,
        /// Case files or directories, searched recursively for .yaml and .yml files;
        /// `tests/cases` (relative to the working directory) by default.
        cases: Vec<PathBuf>,
        #[arg(long, value_enum, default_value = "text")]
        format: RulingFormat,
        /// The law directory, for the static report and, interpreted (no rebuild), for the
        /// rulings; the embedded laws when omitted.
        #[arg(long)]
        laws: Option<PathBuf>,
    },
    /// Rule on a case file, with the clause trace of every rectification.
    #[command(after_help = "Example:\n  bridgelaw rule tests/cases/1987/law30-b2-partner-turn.yaml --format json")]
    Rule {
        /// The case file (format: docs/case-files.md).
        case: PathBuf,
        /// `json` follows docs/ruling-json.md, errors included.
        #[arg(long, value_enum, default_value = "text")]
        format: RulingFormat,
        /// Rule under this edition, whatever the case file names; by default the case's own
        /// `edition:`, else the newest edition built in.
        #[arg(long)]
        edition: Option<String>,
        /// Rule with this law directory, interpreted (no rebuild); the built-in laws when omitted.
        #[arg(long)]
        laws: Option<PathBuf>,
    },
    /// Rule every case under PATHS against its `expect:` block; exits 1 on any failure.
    #[command(after_help = "Example:\n  bridgelaw test tests/cases/1987")]
    Test {
        /// Case files or directories, searched recursively; `tests/cases` by default.
        paths: Vec<PathBuf>,
        /// Rule with the interpreted laws of this directory instead of the compiled tables.
        #[arg(long)]
        laws: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "text")]
        format: RulingFormat,
    },
    /// Write the law book: a static HTML site of every law, rule and case, readable offline.
    #[command(after_help = "Example:\n  bridgelaw docs --out site && xdg-open site/index.html")]
    Docs {
        /// The directory to write the site into; created if missing.
        #[arg(long)]
        out: PathBuf,
        /// The law directory, its cases ruled by the interpreter (no rebuild); the embedded laws
        /// when omitted.
        #[arg(long)]
        laws: Option<PathBuf>,
        /// The case directory, searched recursively for .yaml and .yml files (relative to the
        /// working directory).
        #[arg(long, default_value = DEFAULT_CASES)]
        cases: PathBuf,
    },
    /// Serve the director's web app, the law book and the JSON API (see docs/serve.md).
    #[command(after_help = "Example:\n  bridgelaw serve --addr 127.0.0.1:8080 --cases tests/cases")]
    Serve {
        /// The address to listen on; 0.0.0.0:8080 serves a club's network.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The case directory the law book shows (tests/cases when present).
        #[arg(long)]
        cases: Option<PathBuf>,
        /// The largest request body, in bytes.
        #[arg(long, default_value_t = 64 * 1024)]
        body_limit: usize,
        /// The longest a request may take, in seconds.
        #[arg(long, default_value_t = 10)]
        request_timeout: u64,
        /// The most requests handled at once.
        #[arg(long, default_value_t = 256)]
        concurrency: usize,
        /// The longest a client may take to send its request headers, in seconds.
        #[arg(long, default_value_t = 10)]
        header_timeout: u64,
        /// A law directory to rule with, interpreted; the built-in laws when omitted.
        #[arg(long)]
        laws: Option<PathBuf>,
    },
}

/// Exit status for input with errors (law diagnostics, a malformed case).
const INPUT_ERRORS: u8 = 1;
/// Exit status for a file that cannot be read or written, or wrong arguments.
const IO_ERROR: u8 = 2;

/// What a command prints on standard output, and its exit status. Messages for standard
/// error are written as they arise (`report!`).
struct Done {
    out: String,
    status: u8,
}

impl Done {
    fn ok(out: String) -> Done {
        Done { out, status: 0 }
    }

    fn fail(status: u8) -> Done {
        Done { out: String::new(), status }
    }
}

/// Writes to standard error; a closed or full standard error is not worth a panic.
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

/// Runs the command line's arguments; the binary's `main`.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let done = match cli.command {
        Command::Serve { addr, cases, body_limit, request_timeout, concurrency, header_timeout, laws } => {
            let cases = cases.or_else(|| Some(PathBuf::from("tests/cases")).filter(|d| d.is_dir()));
            let limits = serve::Limits {
                body: body_limit,
                request_time: std::time::Duration::from_secs(request_timeout.max(1)),
                concurrency: concurrency.max(1),
                header_time: std::time::Duration::from_secs(header_timeout.max(1)),
            };
            return match load(laws.as_deref()) {
                Ok(loaded) => serve::run(loaded, serve::Config { addr, limits, cases }),
                Err(status) => ExitCode::from(status),
            };
        }
        Command::Check { dir, format } => check(dir.as_deref(), format),
        Command::Emit { dir } => emit(dir.as_deref()),
        Command::Explain { clause, edition, dir } => match sources(dir.as_deref()) {
            None => Done::fail(IO_ERROR),
            Some(set) => match explain::run(&set, &clause, edition.as_deref()) {
                Ok(out) => Done::ok(out),
                Err((status, message)) => {
                    report!("{message}");
                    Done::fail(status)
                }
            },
        },
        Command::Rule { case, format, edition, laws } => rule(&case, format, edition.as_deref(), laws.as_deref()),
        Command::Coverage { dir, edition, laws } => coverage_report(&dir, &edition, laws.as_deref()),
        Command::Diff { from, to, cases, format, laws } => diff_report(&from, &to, cases, format, laws.as_deref()),
        Command::Docs { out, laws, cases } => docs(&out, laws.as_deref(), &cases),
        Command::Test { paths, laws, format } => test(paths, laws.as_deref(), format),
    };
    finish(done)
}

/// Writes a command's output. A closed pipe (`| head`) ends the command quietly with its own
/// status; any other write error (a full disk) is an error with exit status 2.
fn finish(done: Done) -> ExitCode {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(done.out.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::from(done.status),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(done.status),
        Err(e) => {
            report!("error: cannot write the output: {e}\n");
            ExitCode::from(IO_ERROR)
        }
    }
}

/// The law sources: a directory, or the ones embedded at build time.
fn sources(dir: Option<&Path>) -> Option<SourceSet> {
    match dir {
        None => Some(SourceSet::from_embedded(tables::sources())),
        Some(dir) => match SourceSet::read_dir(dir) {
            Ok(set) => Some(set),
            Err(d) => {
                report!("{}", diagnostic::render_human(&[*d], &SourceSet::default()));
                None
            }
        },
    }
}

/// Loads `--laws DIR` to rule with, interpreted; `Err` is the exit status after the message.
fn load(dir: Option<&Path>) -> Result<Option<LoadedLaws>, u8> {
    let Some(dir) = dir else { return Ok(None) };
    match laws::load(dir) {
        Ok(l) => Ok(Some(l)),
        Err(e @ laws::LoadError::RebuildNeeded { .. }) => {
            report!("error: {}: {e}\n", dir.display());
            Err(INPUT_ERRORS)
        }
        Err(laws::LoadError::Laws { diagnostics, sources }) => {
            report!("{}", diagnostic::render_human(&diagnostics, &sources));
            let io = diagnostics.iter().any(|d| d.code == diagnostic::Code::Io);
            Err(if io { IO_ERROR } else { INPUT_ERRORS })
        }
    }
}

fn rulebook(loaded: &Option<LoadedLaws>) -> Rulebook<'_> {
    loaded.as_ref().map_or(Rulebook::BuiltIn, Rulebook::Loaded)
}

fn check(dir: Option<&Path>, format: CheckFormat) -> Done {
    let Some(set) = sources(dir) else {
        return Done::fail(IO_ERROR);
    };
    let compiled = bridgelaw_compiler::compile(&set);
    let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).count();
    let mut out = String::new();
    match format {
        CheckFormat::Json => {
            let _ = writeln!(out, "{}", diagnostic::render_json(&compiled.diagnostics, &set));
        }
        CheckFormat::Human => {
            out.push_str(&diagnostic::render_human(&compiled.diagnostics, &set));
            match &compiled.program {
                Some(p) => {
                    for e in &p.editions {
                        let tables: Vec<&str> = e.analyses.iter().map(|a| p.tables[a.table].name.as_str()).collect();
                        let _ = writeln!(
                            out,
                            "edition {}: {} clauses, {} rules; tables {} are complete, free of conflicts and of dead rules",
                            e.name,
                            e.clauses.len(),
                            e.rules.len(),
                            tables.join(", ")
                        );
                        let verified = e.clauses.iter().filter(|c| c.certainty == Certainty::Verified).count();
                        let _ = writeln!(
                            out,
                            "edition {}: {} of {} verified clauses found in their held source documents at the cited page",
                            e.name, e.verified_in_source, verified
                        );
                    }
                }
                None => {
                    let _ = writeln!(out, "{errors} error(s)");
                }
            }
        }
    }
    Done { out, status: if errors > 0 { INPUT_ERRORS } else { 0 } }
}

fn emit(dir: Option<&Path>) -> Done {
    let Some(dir) = dir else {
        return Done::ok(tables::generated());
    };
    let Some(set) = sources(Some(dir)) else {
        return Done::fail(IO_ERROR);
    };
    match bridgelaw_compiler::generate(&set) {
        Ok(code) => Done::ok(code.whole()),
        Err(diagnostics) => {
            report!("{}", diagnostic::render_human(&diagnostics, &set));
            Done::fail(INPUT_ERRORS)
        }
    }
}

fn diff_report(from: &str, to: &str, cases: Vec<PathBuf>, format: RulingFormat, laws: Option<&Path>) -> Done {
    let loaded = match load(laws) {
        Ok(l) => l,
        Err(status) => return Done::fail(status),
    };
    let compiled;
    let program = match &loaded {
        Some(l) => l.program(),
        #[allow(clippy::expect_used, reason = "the build compiled the embedded laws into the tables")]
        None => {
            let set = SourceSet::from_embedded(tables::sources());
            compiled = bridgelaw_compiler::compile(&set);
            compiled.program.as_ref().expect("the embedded laws compile")
        }
    };
    let law_report = match bridgelaw_compiler::diff::diff(program, from, to) {
        Ok(r) => r,
        Err(e) => {
            report!("error: {e}\n");
            return Done::fail(IO_ERROR);
        }
    };
    let cases = if cases.is_empty() { vec![PathBuf::from(DEFAULT_CASES)] } else { cases };
    let ruling_report = match diff::rulings_with(rulebook(&loaded), from, to, &cases) {
        Ok(r) => r,
        Err(e) => {
            report!("error: {e}\n");
            return Done::fail(IO_ERROR);
        }
    };
    let mut status = 0;
    if let Ok(r) = &ruling_report {
        for m in &r.malformed {
            for e in &m.errors {
                report!("error: {}:{e}\n", m.case);
            }
            status = INPUT_ERRORS;
        }
    }
    let mut out = String::new();
    match format {
        RulingFormat::Text => {
            match &ruling_report {
                Ok(r) => out.push_str(&r.to_text()),
                Err(e) => {
                    let _ = writeln!(out, "Ruling report unavailable: {e}");
                }
            }
            out.push('\n');
            out.push_str(&law_report.to_text());
        }
        RulingFormat::Json => {
            let json = serde_json::json!({
                "rulings": ruling_report.as_ref().ok(),
                "rulings_unavailable": ruling_report.as_ref().err(),
                "laws": law_report,
            });
            let _ = writeln!(out, "{}", pretty_json(&json));
        }
    }
    Done { out, status }
}

/// The case directory of `diff`, `coverage` and `docs` when none is given: the repository's
/// corpus, relative to the working directory.
const DEFAULT_CASES: &str = "tests/cases";

fn coverage_report(dir: &Path, edition: &str, laws: Option<&Path>) -> Done {
    let loaded = match load(laws) {
        Ok(l) => l,
        Err(status) => return Done::fail(status),
    };
    let book = rulebook(&loaded);
    let c = match coverage::measure_with(dir, book, edition) {
        Ok(Some(c)) => c,
        Ok(None) => {
            report!("error: {}\n", book.edition(edition).err().unwrap_or_default());
            return Done::fail(IO_ERROR);
        }
        Err(e) => {
            report!("error: {e}\n");
            return Done::fail(IO_ERROR);
        }
    };
    for e in &c.errors {
        report!("error: {e}\n");
    }
    let uncovered = c.uncovered();
    let total = c.clauses.len();
    let mut out = format!(
        "{} {}; {} of {total} clauses of edition {} cited by some ruling\n",
        c.cases,
        if c.cases == 1 { "case" } else { "cases" },
        total - uncovered.len(),
        c.edition
    );
    if !uncovered.is_empty() {
        out.push_str("Not exercised by any case:\n");
        for id in &uncovered {
            let _ = writeln!(out, "  {id}");
        }
    }
    Done { out, status: if c.errors.is_empty() { 0 } else { INPUT_ERRORS } }
}

/// Reports the errors of `rule` in the chosen format: diagnostics on standard error, or one
/// JSON document on standard output (`docs/ruling-json.md`).
fn rule_errors(path: &Path, text: Option<&str>, format: RulingFormat, errors: &[Reported], status: u8) -> Done {
    let file = path.display().to_string();
    match format {
        RulingFormat::Text => {
            report!("{}", report::render_text(&file, text, errors));
            Done::fail(status)
        }
        RulingFormat::Json => {
            let list: Vec<serde_json::Value> = errors.iter().map(|e| e.to_json(&file)).collect();
            let json =
                serde_json::json!({ "schema_version": bridgelaw_runtime::ruling::SCHEMA_VERSION, "errors": list });
            let out = pretty_json(&json) + "\n";
            Done { out, status }
        }
    }
}

fn rule(path: &Path, format: RulingFormat, edition: Option<&str>, laws: Option<&Path>) -> Done {
    let plain = |message: String| [Reported::plain(message)];
    let loaded = match load(laws) {
        Ok(l) => l,
        Err(status) => return Done::fail(status),
    };
    let book = rulebook(&loaded);
    if let Some(Err(message)) = edition.map(|e| book.edition(e)) {
        return rule_errors(path, None, format, &plain(message), IO_ERROR);
    }
    let text = match crate::case_file::read_file(path) {
        Ok(t) => t,
        Err(message) => return rule_errors(path, None, format, &plain(message), IO_ERROR),
    };
    let (located, ruling) = book.rule_located(&text, edition);
    if let Some(l) = &located {
        let warnings: Vec<String> = l
            .warnings
            .iter()
            .map(|w| format!("warning: {}:{}:{}: {}\n", path.display(), w.line, w.column, w.message))
            .collect();
        report!("{}", warnings.concat());
    }
    let text = Some(text.as_str());
    match ruling {
        Ok(ruling) => Done::ok(match format {
            RulingFormat::Text => ruling.to_text(),
            RulingFormat::Json => pretty_json(&ruling.versioned()) + "\n",
        }),
        Err(RuleError::Case(errors)) => {
            let errors: Vec<Reported> = errors.into_iter().map(Reported::case).collect();
            rule_errors(path, text, format, &errors, INPUT_ERRORS)
        }
        Err(RuleError::Edition(message)) => rule_errors(path, text, format, &plain(message), INPUT_ERRORS),
        Err(RuleError::Referee(errors)) => {
            let errors: Vec<Reported> = errors.iter().map(|e| Reported::referee(e, located.as_ref())).collect();
            rule_errors(path, text, format, &errors, INPUT_ERRORS)
        }
    }
}

/// `docs`: the law book, from the laws (embedded or `--laws`) and the case directory.
fn docs(out: &Path, laws: Option<&Path>, cases: &Path) -> Done {
    let loaded = match load(laws) {
        Ok(l) => l,
        Err(status) => return Done::fail(status),
    };
    let embedded = SourceSet::from_embedded(tables::sources());
    let (result, set) = match &loaded {
        Some(l) => (book::write_book(l.program(), Rulebook::Loaded(l), cases, out), l.sources()),
        None => (book::generate(&embedded, cases, out), &embedded),
    };
    match result {
        Ok(s) => {
            let mut text = format!(
                "wrote {} pages to {} ({} law pages, {} case pages); open {}\n",
                s.pages,
                out.display(),
                s.law_pages,
                s.case_pages,
                out.join("index.html").display()
            );
            if s.unruled_cases > 0 {
                let _ = writeln!(text, "{} case(s) could not be ruled; their pages show the error", s.unruled_cases);
            }
            Done::ok(text)
        }
        Err(book::BookError::Laws(diagnostics)) => {
            report!("{}", diagnostic::render_human(&diagnostics, set));
            Done::fail(INPUT_ERRORS)
        }
        Err(book::BookError::Io { path, error }) => {
            report!("error: cannot write {}: {error}\n", path.display());
            Done::fail(IO_ERROR)
        }
        Err(book::BookError::Cases(message)) => {
            report!("error: {message}\n");
            Done::fail(IO_ERROR)
        }
    }
}

/// `test`: every case under `paths` against its `expect:` block, with the built-in
/// tables or the laws of `--laws`, interpreted.
fn test(paths: Vec<PathBuf>, laws: Option<&Path>, format: RulingFormat) -> Done {
    let loaded = match load(laws) {
        Ok(l) => l,
        Err(status) => return Done::fail(status),
    };
    let paths = if paths.is_empty() { vec![PathBuf::from("tests/cases")] } else { paths };
    let report = match test_cmd::run(&paths, &rulebook(&loaded)) {
        Ok(r) => r,
        Err(e) => {
            report!("error: {e}\n");
            return Done::fail(IO_ERROR);
        }
    };
    let out = match format {
        RulingFormat::Text => report.to_text(),
        RulingFormat::Json => pretty_json(&report) + "\n",
    };
    Done { out, status: if report.failed > 0 { INPUT_ERRORS } else { 0 } }
}

/// Pretty JSON of a value whose map keys are strings, which therefore serializes; should it
/// not, the output says so as JSON instead of panicking.
fn pretty_json(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value)
        .unwrap_or_else(|e| serde_json::json!({ "error": format!("cannot serialize the output: {e}") }).to_string())
}
