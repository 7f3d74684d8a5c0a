//! `bridgelaw explain`: a clause with its text, summary, rules, and the
//! cross-references from it and to it, compiled from the law sources.

use bridgelaw_compiler::model::{OutcomeKind, Program};
use bridgelaw_compiler::{diagnostic, SourceSet};
use std::fmt::Write;

/// `bridgelaw explain`: the explanation, or the exit status and the message for
/// standard error (1: the laws have errors; 2: no such edition or clause).
pub fn run(set: &SourceSet, clause: &str, edition: Option<&str>) -> Result<String, (u8, String)> {
    let compiled = bridgelaw_compiler::compile(set);
    let Some(program) = compiled.program else {
        return Err((1, diagnostic::render_human(&compiled.diagnostics, set)));
    };
    explain(&program, clause, edition).map_err(|e| (2, format!("error: {e}\n")))
}

/// The explanation of `clause` in every edition that has it (or in `edition`).
pub fn explain(p: &Program, clause: &str, edition: Option<&str>) -> Result<String, String> {
    let mut out = String::new();
    let editions: Vec<_> = p.editions.iter().filter(|e| edition.is_none_or(|n| n == e.name)).collect();
    if editions.is_empty() {
        let known: Vec<&str> = p.editions.iter().map(|e| e.name.as_str()).collect();
        return Err(format!("no edition `{}`; known: {}", edition.unwrap_or_default(), known.join(", ")));
    }
    for e in editions {
        let Some(ci) = e.clauses.iter().position(|c| c.id.eq_ignore_ascii_case(clause)) else {
            continue;
        };
        let c = &e.clauses[ci];
        let _ = writeln!(out, "{} — {} ({}, edition {})", c.id, c.title, c.authority.name(), e.name);
        let source = e.documents.iter().find(|d| d.id == c.document).map(|d| d.citation());
        let _ =
            writeln!(out, "Source: {}{}; {}", source.as_deref().unwrap_or(&c.document), c.place(), c.certainty.name());
        if let Some(n) = &c.note {
            let _ = writeln!(out, "Note: {n}");
        }
        if let Some(t) = &c.text {
            let _ = writeln!(out, "\nText:\n  {t}");
        }
        let _ = writeln!(out, "\nSummary:\n  {}", c.summary);
        if let Some(i) = c.interprets {
            let _ = writeln!(out, "\nInterprets: {}", e.clauses[i].id);
        }
        let rules: Vec<_> = e.rules.iter().filter(|r| r.clause == ci).collect();
        if !rules.is_empty() {
            let _ = writeln!(out, "\nRules:");
            for r in rules {
                let _ = writeln!(out, "  {} (table {})", r.id, p.tables[r.table].name);
                let _ = writeln!(out, "    when {}", r.when_text.trim());
                for o in &r.outcomes {
                    let what = match o.kind {
                        OutcomeKind::Delegate { table } => {
                            format!("the decision is delegated to table {}", p.tables[table].name)
                        }
                        OutcomeKind::Rectify { .. } => o.text.clone(),
                    };
                    let _ = writeln!(out, "    then {what}");
                }
                if !r.overrides.is_empty() {
                    let ids: Vec<&str> = r.overrides.iter().map(|&o| e.rules[o].id.as_str()).collect();
                    let _ = writeln!(out, "    overrides {}", ids.join(", "));
                }
            }
        }
        let refs: Vec<&str> = c.refs.iter().map(|&r| e.clauses[r].id.as_str()).collect();
        let _ = writeln!(out, "\nRefers to: {}", if refs.is_empty() { "nothing".into() } else { refs.join(", ") });
        let by: Vec<&str> = e.referrers(ci).into_iter().map(|r| e.clauses[r].id.as_str()).collect();
        let _ = writeln!(out, "Referred to by: {}", if by.is_empty() { "nothing".into() } else { by.join(", ") });
        out.push('\n');
    }
    if out.is_empty() {
        return Err(not_found(p, clause, edition));
    }
    Ok(out)
}

/// The message for a clause that no edition asked about has: the editions that do have it,
/// or else the nearest clause id of those editions (never the id asked about itself).
fn not_found(p: &Program, clause: &str, edition: Option<&str>) -> String {
    let has = |e: &&bridgelaw_compiler::model::Edition| e.clauses.iter().any(|c| c.id.eq_ignore_ascii_case(clause));
    let elsewhere: Vec<&str> = p.editions.iter().filter(has).map(|e| e.name.as_str()).collect();
    if let (Some(asked), false) = (edition, elsewhere.is_empty()) {
        let plural = if elsewhere.len() > 1 { "s" } else { "" };
        return format!("no clause `{clause}` in edition {asked}; it is in edition{plural} {}", elsewhere.join(", "));
    }
    let asked = p.editions.iter().filter(|e| edition.is_none_or(|n| n == e.name));
    let ids = asked.flat_map(|e| e.clauses.iter().map(|c| c.id.as_str())).filter(|id| !id.eq_ignore_ascii_case(clause));
    let hint = diagnostic::did_you_mean(clause, ids).map(|s| format!("; did you mean `{s}`?")).unwrap_or_default();
    format!("no clause `{clause}`{hint}")
}
