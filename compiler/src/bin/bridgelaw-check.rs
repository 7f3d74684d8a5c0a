//! `bridgelaw-check`: checks a law directory with the compiler alone, without
//! building the generated tables, so that it works on broken laws:
//! `cargo run -p bridgelaw-compiler --bin bridgelaw-check -- laws`.

use bridgelaw_compiler::{diagnostic, SourceSet};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: bridgelaw-check [DIR] [--format human|json]
Checks the law directory DIR (default `laws`), or one edition directory of it,
and prints every diagnostic; exits 1 on errors, 2 when DIR cannot be read.";

fn main() -> ExitCode {
    let mut dir = None;
    let mut json = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--format" => match args.next().as_deref() {
                Some("json") => json = true,
                Some("human") => json = false,
                _ => return usage(),
            },
            "--format=json" => json = true,
            "--format=human" => json = false,
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            a if a.starts_with('-') || dir.is_some() => return usage(),
            a => dir = Some(PathBuf::from(a)),
        }
    }
    let dir = dir.unwrap_or_else(|| PathBuf::from("laws"));
    let set = match SourceSet::read_dir(&dir) {
        Ok(set) => set,
        Err(d) => {
            eprint!("{}", diagnostic::render_human(&[*d], &SourceSet::default()));
            return ExitCode::from(2);
        }
    };
    let compiled = bridgelaw_compiler::compile(&set);
    let errors = compiled.diagnostics.iter().filter(|d| d.is_error()).count();
    let mut report = if json {
        diagnostic::render_json(&compiled.diagnostics, &set) + "\n"
    } else {
        diagnostic::render_human(&compiled.diagnostics, &set)
    };
    if !json {
        match &compiled.program {
            Some(p) => {
                for e in &p.editions {
                    let (clauses, rules, tables) = (e.clauses.len(), e.rules.len(), e.analyses.len());
                    report += &format!(
                        "edition {}: {clauses} clauses, {rules} rules, {tables} tables: complete, free of conflicts and of dead rules\n",
                        e.name
                    );
                }
            }
            None => report += &format!("{errors} error(s)\n"),
        }
    }
    // A closed pipe (`| head`) ends the output quietly; another write error is reported.
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(report.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("error: cannot write the report: {e}");
            return ExitCode::from(2);
        }
    }
    ExitCode::from(u8::from(errors > 0))
}

fn usage() -> ExitCode {
    eprintln!("{USAGE}");
    ExitCode::from(2)
}
