//! The case pages: each case file of the corpus as written, and its ruling
//! with every rectification's clauses linked to the law pages. A case that
//! does not parse or cannot be ruled is shown with its errors.

use super::html::{self, escape};
use super::{href, Book, CaseSource, RuledCase, SiteFile};
use crate::laws::{RuleError, Rulebook};
use bridgelaw_runtime::ruling::{IrregularityRuling, Rectified};
use bridgelaw_runtime::Ruling;
use std::collections::BTreeSet;
use std::fmt::Write;

/// Parses and rules every case, and gives each its page path.
pub(super) fn rule_all<'s>(sources: &'s [CaseSource], book: Rulebook) -> Vec<RuledCase<'s>> {
    let mut taken = BTreeSet::new();
    sources
        .iter()
        .map(|source| {
            let components: Vec<&str> = source.path.split('/').collect();
            let (file, dirs) = components.split_last().unwrap_or((&"", &[]));
            let name = file.strip_suffix(".yaml").or_else(|| file.strip_suffix(".yml")).unwrap_or(file).to_string();
            let mut base: String = dirs.iter().map(|d| format!("{}/", html::slug(d))).collect();
            base.push_str(&html::slug(&name));
            let mut path = format!("cases/{base}.html");
            let mut n = 2;
            while !taken.insert(path.clone()) {
                path = format!("cases/{base}-{n}.html");
                n += 1;
            }
            let ruling = match book.rule_text(&source.text, None) {
                Ok(ruling) => Ok(ruling),
                Err(RuleError::Case(errors)) => {
                    Err(errors.iter().map(|e| format!("line {}, column {}: {}", e.line, e.column, e.message)).collect())
                }
                Err(RuleError::Edition(e)) => Err(vec![e]),
                Err(RuleError::Referee(errors)) => Err(errors.iter().map(|e| format!("The referee: {e}")).collect()),
            };
            RuledCase { source, name, scenario: scenario(&source.text), path, ruling }
        })
        .collect()
}

/// The opening comment of a case file, without its `#` marks.
fn scenario(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .take_while(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The page of case `ci`.
pub(super) fn page(book: &Book, ci: usize) -> SiteFile {
    let case = &book.cases[ci];
    let from = case.path.as_str();
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<nav class=\"crumbs\">{}</nav>\n<h1>Case {}</h1>",
        html::link(&href(from, "index.html#cases"), "Cases"),
        escape(&case.name)
    );
    if !case.scenario.is_empty() {
        let _ = writeln!(body, "<p class=\"lead\">{}</p>", escape(&case.scenario));
    }
    body.push_str("<p><a href=\"#ruling\">The ruling</a> · <a href=\"#case-file\">The case file</a></p>\n");
    let _ = writeln!(
        body,
        "<section id=\"case-file\">\n<h2>The case file</h2>\n<p class=\"muted\">{}</p>\n<pre class=\"yaml\">{}</pre>\n</section>",
        escape(&case.source.path),
        escape(&case.source.text)
    );
    body.push_str("<section id=\"ruling\">\n<h2>The ruling</h2>\n");
    match &case.ruling {
        Ok(ruling) => ruling_html(book, from, ruling, &mut body),
        Err(errors) => {
            body.push_str("<p class=\"error\">This case could not be ruled:</p>\n<ul class=\"errors\">\n");
            for e in errors {
                let _ = writeln!(body, "<li>{}</li>", escape(e));
            }
            body.push_str("</ul>\n");
        }
    }
    body.push_str("</section>\n");
    SiteFile { path: case.path.clone(), content: html::page(from, &format!("Case {}", case.name), &body) }
}

/// The clause ids as links to the law pages of the ruling's edition.
fn clause_links<C: AsRef<str>>(book: &Book, from: &str, ruling: &Ruling, ids: impl IntoIterator<Item = C>) -> String {
    ids.into_iter().map(|id| book.clause_link_by_id(from, ruling.edition, id.as_ref())).collect::<Vec<_>>().join("; ")
}

fn rectification_list(book: &Book, from: &str, ruling: &Ruling, list: &[Rectified], out: &mut String) {
    out.push_str("<ul class=\"rectifications\">\n");
    for r in list {
        let _ = writeln!(
            out,
            "<li>{} <span class=\"per\">({}; rule {})</span></li>",
            escape(&r.text()),
            clause_links(book, from, ruling, r.clauses.iter()),
            book.rule_link_by_id(from, ruling.edition, r.rule)
        );
    }
    out.push_str("</ul>\n");
}

fn irregularity(book: &Book, from: &str, ruling: &Ruling, ir: &IrregularityRuling, out: &mut String) {
    let _ = writeln!(
        out,
        "<div class=\"irregularity\">\n<h3>Event {}: {} by {} ({}) at {}'s turn</h3>",
        ir.event,
        escape(&ir.irregularity.replace('_', " ")),
        ir.offender,
        escape(&ir.act()),
        ir.turn_of
    );
    if !ir.facts.is_empty() {
        out.push_str("<p class=\"facts\">Facts: ");
        let facts: Vec<String> = ir
            .facts
            .iter()
            .map(|(fact, value)| {
                let name = match book.program.facts.iter().position(|f| f.name == *fact) {
                    Some(f) => book.vocabulary_link(from, &book.vocabulary.facts[f], fact),
                    None => escape(fact),
                };
                format!("{name} = {}", escape(value))
            })
            .collect();
        out.push_str(&facts.join(", "));
        out.push_str("</p>\n");
    }
    rectification_list(book, from, ruling, &ir.rectifications, out);
    if !ir.open_questions.is_empty() {
        let _ = writeln!(
            out,
            "<p class=\"open\">The director must establish: {}.</p>",
            escape(&ir.open_questions.join(", "))
        );
        for alt in &ir.alternatives {
            let when: Vec<String> = alt.when.iter().map(|(f, v)| format!("{f} is {}", v.join(" or "))).collect();
            let _ = writeln!(
                out,
                "<p class=\"alternative\">If {}:</p>",
                escape(&if when.is_empty() { "otherwise".into() } else { when.join(" and ") })
            );
            rectification_list(book, from, ruling, &alt.rectifications, out);
        }
    }
    for table in &ir.unprovided {
        let _ = writeln!(
            out,
            "<p class=\"error\">The tables of this edition have no rule for this case ({}); the director must rule without them.</p>",
            escape(table)
        );
    }
    out.push_str("</div>\n");
}

/// The ruling as HTML, then as the text a director reads out.
fn ruling_html(book: &Book, from: &str, ruling: &Ruling, out: &mut String) {
    let edition = match book.edition_named(ruling.edition) {
        Some(ei) => html::link(
            &href(from, &format!("index.html#{}", super::index::edition_anchor(book, ei))),
            &format!("Edition {}", ruling.edition),
        ),
        None => escape(&format!("Edition {}", ruling.edition)),
    };
    let _ = writeln!(out, "<p>{edition}; dealer {}.</p>", ruling.dealer);
    out.push_str("<p class=\"auction\">Auction: ");
    if ruling.auction.is_empty() {
        out.push_str("no calls");
    }
    let calls: Vec<String> = ruling
        .auction
        .iter()
        .map(|m| {
            let call = format!("{} ({})", m.call, m.seat);
            if m.cancelled {
                format!("<del title=\"cancelled\">{}</del>", escape(&call))
            } else {
                escape(&call)
            }
        })
        .collect();
    out.push_str(&calls.join(", "));
    out.push_str("</p>\n");
    if ruling.irregularities.is_empty() {
        out.push_str("<p>No irregularity.</p>\n");
    }
    for ir in &ruling.irregularities {
        irregularity(book, from, ruling, ir, out);
    }
    out.push_str("<div class=\"outcome\">\n");
    match (&ruling.contract, ruling.auction_over) {
        (Some(c), true) => {
            let leader = ruling.opening_leader.map(|s| format!("; opening lead by {s}")).unwrap_or_default();
            let _ = writeln!(out, "<p>Final contract: <strong>{}</strong>{}.</p>", escape(&c.to_string()), leader);
        }
        (None, true) => out.push_str("<p>The deal is passed out.</p>\n"),
        _ => match ruling.next_to_call {
            Some(s) => {
                let _ = writeln!(out, "<p>Next to call: {s}.</p>");
            }
            None => out.push_str("<p>The auction cannot continue until the open questions are settled.</p>\n"),
        },
    }
    for o in &ruling.obligations {
        let _ =
            writeln!(out, "<p>Obligation: {} ({}).</p>", escape(&o.text), clause_links(book, from, ruling, &o.clauses));
    }
    for l in &ruling.lead_restrictions {
        let _ = writeln!(
            out,
            "<p>Lead restriction, {}: {} ({}).</p>",
            escape(l.status.name()),
            escape(&l.text),
            clause_links(book, from, ruling, &l.clauses)
        );
    }
    for d in &ruling.damage_reviews {
        let _ = writeln!(
            out,
            "<p>Director to review: {} ({}).</p>",
            escape(&d.review.text()),
            clause_links(book, from, ruling, d.review.clauses.iter())
        );
    }
    if let Some(play) = &ruling.play {
        let _ = writeln!(out, "<p>{}</p>", escape(&play.summary()));
        for r in &play.revokes {
            let _ = writeln!(out, "<p>{}</p>", escape(&r.description()));
            rectification_list(book, from, ruling, &r.rectifications, out);
        }
        if let Some((declarer_side, defenders)) = play.adjusted {
            let _ = writeln!(
                out,
                "<p>Tricks after adjustment: {} and {} {declarer_side}, the defenders {defenders}.</p>",
                play.declarer, play.dummy
            );
        }
    }
    if ruling.unevaluated_events > 0 {
        let _ = writeln!(
            out,
            "<p class=\"open\">{} later event(s) not evaluated while a question is open.</p>",
            ruling.unevaluated_events
        );
    }
    out.push_str("</div>\n");
    if !ruling.trace.is_empty() {
        let _ = writeln!(out, "<p class=\"trace\">Trace: {}.</p>", clause_links(book, from, ruling, &ruling.trace));
    }
    let _ = writeln!(
        out,
        "<details><summary>The ruling as text</summary><pre>{}</pre></details>",
        escape(&ruling.to_text())
    );
}
