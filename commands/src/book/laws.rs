//! The law pages: one per law of each edition, holding its clauses and its
//! commentary, each with its texts and source, its rules as decision tables,
//! the overrides between rules, its cross-references both ways, the cases
//! whose rulings cite it, and what differs in the other editions.

use super::html::{self, escape, UniqueIds};
use super::{decision, href, Book, EditionPages, LawPage, SiteFile};
use bridgelaw_compiler::diff::{ClauseChange, RowGroup, Verdict};
use bridgelaw_compiler::model::{self, Authority, Edition, OutcomeKind, Program};
use std::collections::BTreeSet;
use std::fmt::Write;

/// Ids a law page uses for its own sections.
const SECTION_IDS: [&str; 2] = ["clauses", "other-editions"];

/// The byte range of the first run of digits in a clause id: the law's number.
fn law_number(id: &str) -> Option<(usize, usize)> {
    let start = id.find(|c: char| c.is_ascii_digit())?;
    let len = id[start..].find(|c: char| !c.is_ascii_digit()).unwrap_or(id.len() - start);
    Some((start, start + len))
}

/// The law a clause belongs to: its number (`Law 30B2` and `Commentary 30.4`
/// both belong to `30`), or the id itself when it has none.
fn law_key(id: &str) -> &str {
    law_number(id).map_or(id, |(start, end)| &id[start..end])
}

/// Groups an edition's clauses into law pages under `dir` and gives every
/// clause and rule its anchor.
pub(super) fn plan(e: &Edition, dir: &str) -> EditionPages {
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    let in_book_order = e
        .clauses
        .iter()
        .enumerate()
        .filter(|(_, c)| c.authority == Authority::Law)
        .chain(e.clauses.iter().enumerate().filter(|(_, c)| c.authority != Authority::Law));
    for (ci, c) in in_book_order {
        let key = law_key(&c.id);
        match groups.iter_mut().find(|(k, _)| k == key) {
            Some((_, members)) => members.push(ci),
            None => groups.push((key.to_string(), vec![ci])),
        }
    }
    groups.sort_by_key(|(key, _)| {
        let number = key.parse::<u128>().ok();
        (number.is_none(), number, key.clone())
    });
    let mut files = UniqueIds::default();
    let mut pages = EditionPages {
        laws: Vec::with_capacity(groups.len()),
        clause_page: vec![0; e.clauses.len()],
        clause_anchor: vec![String::new(); e.clauses.len()],
        rule_anchor: vec![String::new(); e.rules.len()],
        cited_by: vec![Vec::new(); e.clauses.len()],
    };
    for (key, clauses) in groups {
        let heading_clause = clauses
            .iter()
            .map(|&ci| &e.clauses[ci])
            .find(|c| c.authority == Authority::Law && law_number(&c.id).is_some_and(|(_, end)| end == c.id.len()));
        let heading = match heading_clause {
            Some(c) => c.id.clone(),
            None => {
                let first = &e.clauses[clauses[0]].id;
                law_number(first).map_or_else(|| first.clone(), |(_, end)| first[..end].to_string())
            }
        };
        let mut anchors: Vec<&str> = html::FRAME_IDS.to_vec();
        anchors.extend(SECTION_IDS);
        let mut anchors = UniqueIds::reserving(&anchors);
        let li = pages.laws.len();
        for &ci in &clauses {
            pages.clause_page[ci] = li;
            pages.clause_anchor[ci] = anchors.claim(&e.clauses[ci].id);
        }
        for &ci in &clauses {
            for (ri, rule) in e.rules.iter().enumerate().filter(|(_, r)| r.clause == ci) {
                pages.rule_anchor[ri] = anchors.claim(&format!("rule {}", rule.id));
            }
        }
        let path = format!("{dir}/{}.html", files.claim(&heading));
        pages.laws.push(LawPage { key, title: heading_clause.map(|c| c.title.clone()), heading, path, clauses });
    }
    pages
}

/// The full heading of a law page: `Law 30 — Pass out of rotation`.
pub(super) fn law_heading(law: &LawPage) -> String {
    match &law.title {
        Some(t) => format!("{} — {t}", law.heading),
        None => law.heading.clone(),
    }
}

/// The page of law `li` of edition `ei`.
pub(super) fn page(book: &Book, ei: usize, li: usize) -> SiteFile {
    let p = book.program;
    let e = &p.editions[ei];
    let pages = &book.editions[ei];
    let law = &pages.laws[li];
    let from = law.path.as_str();
    let mut body = String::new();
    let neighbour = |i: Option<usize>, label: &dyn Fn(&str) -> String| -> String {
        i.and_then(|i| pages.laws.get(i))
            .map(|l| format!(" · {}", html::link(&href(from, &l.path), &label(&l.heading))))
            .unwrap_or_default()
    };
    let _ = writeln!(
        body,
        "<nav class=\"crumbs\">{}{}{}</nav>",
        html::link(
            &href(from, &format!("index.html#{}", super::index::edition_anchor(book, ei))),
            &format!("Edition {}", e.name)
        ),
        neighbour(li.checked_sub(1), &|heading| format!("‹ {heading}")),
        neighbour(Some(li + 1), &|heading| format!("{heading} ›"))
    );
    let rules = law.clauses.iter().map(|&ci| e.rules.iter().filter(|r| r.clause == ci).count()).sum::<usize>();
    let mut cases: Vec<usize> = law.clauses.iter().flat_map(|&ci| pages.cited_by[ci].iter().copied()).collect();
    cases.sort_unstable();
    cases.dedup();
    let _ = writeln!(
        body,
        "<h1>{}</h1>\n<p class=\"lead\">{} (edition {}). {} clause(s), {} rule(s); {} case(s) of the corpus cite this law.</p>",
        escape(&law_heading(law)),
        escape(&e.title),
        escape(&e.name),
        law.clauses.len(),
        rules,
        cases.len()
    );
    body.push_str("<nav class=\"toc\" aria-label=\"Clauses\"><ul>\n");
    for &ci in &law.clauses {
        let c = &e.clauses[ci];
        let _ = writeln!(
            body,
            "<li><a href=\"#{}\">{}</a> {}</li>",
            pages.clause_anchor[ci],
            escape(&c.id),
            escape(&c.title)
        );
    }
    body.push_str("</ul></nav>\n<div id=\"clauses\">\n");
    for &ci in &law.clauses {
        clause(book, from, ei, ci, &mut body);
    }
    body.push_str("</div>\n");
    other_editions(book, from, ei, li, &mut body);
    SiteFile {
        path: law.path.clone(), content: html::page(from, &format!("{} · {}", law_heading(law), e.name), &body)
    }
}

fn clause(book: &Book, from: &str, ei: usize, ci: usize, out: &mut String) {
    let p = book.program;
    let e = &p.editions[ei];
    let c = &e.clauses[ci];
    let kind = c.authority.name();
    let _ = writeln!(
        out,
        "<section class=\"clause {kind}\" id=\"{}\">\n<h2><span class=\"cid\">{}</span> {}</h2>",
        book.editions[ei].clause_anchor[ci],
        escape(&c.id),
        escape(&c.title)
    );
    let document = e.documents.iter().find(|d| d.id == c.document);
    let _ = writeln!(
        out,
        "<p class=\"source\"><span class=\"certainty {0}\">{0}</span> {kind}; source: <cite{1}>{2}</cite>{3}</p>",
        c.certainty.name(),
        document.map(|d| format!(" title=\"{}\"", escape(&d.held))).unwrap_or_default(),
        escape(&document.map(|d| d.citation()).unwrap_or_else(|| c.document.clone())),
        escape(&c.place())
    );
    if let Some(note) = &c.note {
        let _ = writeln!(out, "<p class=\"note\"><strong>Note:</strong> {}</p>", escape(note));
    }
    out.push_str("<div class=\"texts\">\n<div class=\"original\"><h3>Original text</h3>");
    match &c.text {
        Some(t) => {
            let _ = write!(out, "<blockquote>{}</blockquote>", escape(t));
        }
        None => out.push_str("<p class=\"muted\">No original text is recorded for this clause.</p>"),
    }
    let _ = writeln!(out, "</div>\n<div class=\"summary\"><h3>Summary</h3><p>{}</p></div>\n</div>", escape(&c.summary));
    rules(book, from, ei, ci, out);
    references(book, from, ei, ci, out);
    clause_cases(book, from, ei, ci, out);
    clause_in_other_editions(book, from, ei, ci, out);
    out.push_str("</section>\n");
}

/// A fact value as a reader expects it: `yes`/`no` for a `bool` fact.
fn value_label(p: &Program, fact: usize, value: usize) -> &str {
    let f = &p.facts[fact];
    match (f.is_bool, value) {
        (true, 0) => "no",
        (true, _) => "yes",
        (false, _) => f.values.get(value).map_or("?", |v| v.name.as_str()),
    }
}

/// The clause's rules, one decision table per table they belong to: the
/// facts as columns, one or more rows per rule for the combinations it
/// decides, its outcomes with the clauses they cite; then each rule's
/// condition and its exceptions.
fn rules(book: &Book, from: &str, ei: usize, ci: usize, out: &mut String) {
    let p = book.program;
    let e = &p.editions[ei];
    let own: Vec<usize> = (0..e.rules.len()).filter(|&r| e.rules[r].clause == ci).collect();
    if own.is_empty() {
        return;
    }
    out.push_str("<h3>Rules</h3>\n");
    let mut tables: Vec<usize> = own.iter().map(|&r| e.rules[r].table).collect();
    tables.dedup();
    tables.sort_unstable();
    tables.dedup();
    for t in tables {
        let table = &p.tables[t];
        let rules: Vec<usize> = own.iter().copied().filter(|&r| e.rules[r].table == t).collect();
        let _ = writeln!(
            out,
            "<p class=\"table-name\">In table {}: {}</p>",
            book.vocabulary_link(from, &book.vocabulary.tables[t], &table.name),
            escape(&table.doc)
        );
        if let Some(analysis) = e.analyses.iter().find(|a| a.table == t) {
            // The columns: the facts these rules and the rules overriding them test. Whether a
            // rule decides a case depends on nothing else, save the table's assumptions.
            let mut tested = Vec::new();
            for &r in &rules {
                e.rules[r].when.facts(&mut tested);
                for overrider in e.rules.iter().filter(|o| o.overrides.contains(&r)) {
                    overrider.when.facts(&mut tested);
                }
            }
            let projected: Vec<usize> =
                (0..analysis.facts.len()).filter(|&i| tested.contains(&analysis.facts[i])).collect();
            let facts: Vec<usize> = projected.iter().map(|&i| analysis.facts[i]).collect();
            let project = |values: &[usize]| -> Vec<usize> { projected.iter().map(|&i| values[i]).collect() };
            let admissible: BTreeSet<Vec<usize>> = analysis
                .verdicts
                .iter()
                .filter(|(_, v)| *v != model::Verdict::Assumed)
                .map(|(values, _)| project(values))
                .collect();
            let sizes: Vec<usize> = facts.iter().map(|&f| p.facts[f].values.len()).collect();
            let rows: Vec<Vec<decision::Row>> = rules
                .iter()
                .map(|&r| {
                    let decided: Vec<Vec<usize>> = analysis
                        .verdicts
                        .iter()
                        .filter(|(_, v)| *v == model::Verdict::Decided(r))
                        .map(|(values, _)| project(values))
                        .collect();
                    decision::widen(decision::merge(&decided), &sizes, |c| admissible.contains(c))
                })
                .collect();
            let all_rows: Vec<decision::Row> = rows.iter().flatten().cloned().collect();
            let columns = decision::telling_columns(&all_rows, &sizes);
            out.push_str("<div class=\"scroll\"><table class=\"decision\">\n<thead><tr>");
            for &col in &columns {
                let f = facts[col];
                let fact = &p.facts[f];
                let _ = write!(
                    out,
                    "<th scope=\"col\">{}<span class=\"fact-source\">{}</span></th>",
                    book.vocabulary_link(from, &book.vocabulary.facts[f], &fact.name),
                    fact.source.name()
                );
            }
            out.push_str("<th scope=\"col\">Outcome</th><th scope=\"col\">Rule</th></tr></thead>\n<tbody>\n");
            for (&r, rule_rows) in rules.iter().zip(&rows) {
                let span = rule_rows.len().max(1);
                let outcome = outcomes(book, from, ei, r);
                let rule_cell =
                    format!("<a href=\"#{}\">{}</a>", book.editions[ei].rule_anchor[r], escape(&e.rules[r].id));
                if rule_rows.is_empty() {
                    let _ = writeln!(
                        out,
                        "<tr><td colspan=\"{}\" class=\"muted\">decides no combination</td><td>{outcome}</td><td>{rule_cell}</td></tr>",
                        columns.len().max(1)
                    );
                    continue;
                }
                for (i, row) in rule_rows.iter().enumerate() {
                    out.push_str("<tr>");
                    for &col in &columns {
                        let f = facts[col];
                        let cell = &row[col];
                        if cell.len() == sizes[col] {
                            out.push_str("<td class=\"any\">any</td>");
                        } else {
                            let labels: Vec<&str> = cell.iter().map(|&v| value_label(p, f, v)).collect();
                            let _ = write!(out, "<td>{}</td>", escape(&labels.join(" or ")));
                        }
                    }
                    if i == 0 {
                        let _ =
                            write!(out, "<td rowspan=\"{span}\">{outcome}</td><td rowspan=\"{span}\">{rule_cell}</td>");
                    }
                    out.push_str("</tr>\n");
                }
            }
            out.push_str("</tbody></table></div>\n");
            let decided = |r: usize| analysis.verdicts.iter().filter(|(_, v)| *v == model::Verdict::Decided(r)).count();
            let admissible = analysis.verdicts.iter().filter(|(_, v)| *v != model::Verdict::Assumed).count();
            rule_details(book, from, ei, &rules, Some((&decided, admissible)), out);
        } else {
            out.push_str("<p class=\"muted\">This table has no analysis in this edition.</p>\n");
            rule_details(book, from, ei, &rules, None, out);
        }
    }
}

/// A rule's outcomes as a list, each with the clauses it cites.
fn outcomes(book: &Book, from: &str, ei: usize, r: usize) -> String {
    let p = book.program;
    let e = &p.editions[ei];
    let mut out = String::from("<ul class=\"outcomes\">");
    for o in &e.rules[r].outcomes {
        out.push_str("<li>");
        match &o.kind {
            OutcomeKind::Rectify { rectification, args } => {
                let def = &p.rectifications[*rectification];
                let _ = write!(
                    out,
                    "<span title=\"{}\">{}</span>",
                    escape(&def.doc),
                    book.vocabulary_link(
                        from,
                        &book.vocabulary.rectifications[*rectification],
                        &def.name.replace('_', " ")
                    )
                );
                let args: Vec<&str> = def
                    .params
                    .iter()
                    .zip(args)
                    .map(|(param, &a)| p.types[param.ty].values.get(a).map_or("?", |v| v.name.as_str()))
                    .collect();
                if !args.is_empty() {
                    let _ = write!(out, " ({})", escape(&args.join(", ")));
                }
            }
            OutcomeKind::Delegate { table } => {
                let _ = write!(
                    out,
                    "decided by table {}",
                    book.vocabulary_link(from, &book.vocabulary.tables[*table], &p.tables[*table].name)
                );
            }
        }
        if !o.citations.is_empty() {
            let cited: Vec<String> = o.citations.iter().map(|&c| book.clause_link(from, ei, c)).collect();
            let _ = write!(out, " <span class=\"per\">per {}</span>", cited.join(", "));
        }
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    out
}

/// Each rule's condition as written, how much of the table it decides, and
/// its exceptions both ways.
fn rule_details(
    book: &Book,
    from: &str,
    ei: usize,
    rules: &[usize],
    decided: Option<(&dyn Fn(usize) -> usize, usize)>,
    out: &mut String,
) {
    let e = &book.program.editions[ei];
    out.push_str("<dl class=\"rules\">\n");
    for &r in rules {
        let rule = &e.rules[r];
        let _ = writeln!(out, "<dt id=\"{}\">Rule {}</dt>", book.editions[ei].rule_anchor[r], escape(&rule.id));
        let _ = write!(out, "<dd>When <code>{}</code>.", escape(rule.when_text.trim()));
        if let Some((count, total)) = decided {
            let _ = write!(out, " Decides {} of the table's {total} admissible fact combinations.", count(r));
        }
        let rule_link = |o: usize| html::link(&href(from, &book.rule_target(ei, o)), &e.rules[o].id);
        if !rule.overrides.is_empty() {
            let list: Vec<String> = rule.overrides.iter().map(|&o| rule_link(o)).collect();
            let _ = write!(out, " <span class=\"exception\">Overrides {} where both apply.</span>", list.join(", "));
        }
        let overridden_by: Vec<String> =
            (0..e.rules.len()).filter(|&o| e.rules[o].overrides.contains(&r)).map(rule_link).collect();
        if !overridden_by.is_empty() {
            let _ = write!(
                out,
                " <span class=\"exception\">Overridden by {} where both apply.</span>",
                overridden_by.join(", ")
            );
        }
        out.push_str("</dd>\n");
    }
    out.push_str("</dl>\n");
}

fn references(book: &Book, from: &str, ei: usize, ci: usize, out: &mut String) {
    let e = &book.program.editions[ei];
    let c = &e.clauses[ci];
    let list = |clauses: &[usize]| -> String {
        if clauses.is_empty() {
            "nothing".into()
        } else {
            clauses.iter().map(|&r| book.clause_link(from, ei, r)).collect::<Vec<_>>().join(", ")
        }
    };
    out.push_str("<h3>Cross-references</h3>\n<ul class=\"refs\">\n");
    if let Some(i) = c.interprets {
        let _ = writeln!(out, "<li>Interprets {}</li>", book.clause_link(from, ei, i));
    }
    let _ = writeln!(out, "<li>Refers to {}</li>", list(&c.refs));
    let _ = writeln!(out, "<li>Referred to by {}</li>", list(&e.referrers(ci)));
    out.push_str("</ul>\n");
}

fn clause_cases(book: &Book, from: &str, ei: usize, ci: usize, out: &mut String) {
    let cited_by = &book.editions[ei].cited_by[ci];
    out.push_str("<h3>Cases</h3>\n");
    if cited_by.is_empty() {
        out.push_str("<p class=\"muted\">No case of the corpus has a ruling that cites this clause.</p>\n");
        return;
    }
    out.push_str("<ul class=\"cases\">\n");
    for &k in cited_by {
        let case = &book.cases[k];
        let page = href(from, &case.path);
        let _ = writeln!(
            out,
            "<li><a href=\"{page}#case-file\" title=\"{}\">{}</a> · <a href=\"{page}#ruling\">ruling</a></li>",
            escape(&case.scenario),
            escape(&case.name)
        );
    }
    out.push_str("</ul>\n");
}

/// At most this many changed decisions are listed per clause and edition.
const MAX_CHANGED_DECISIONS: usize = 6;

/// The clause in each other edition: missing, the same, or how it differs
/// (from the compiler's static diff), with the decisions of its rules that change.
fn clause_in_other_editions(book: &Book, from: &str, ei: usize, ci: usize, out: &mut String) {
    let p = book.program;
    if p.editions.len() < 2 {
        return;
    }
    let e = &p.editions[ei];
    let c = &e.clauses[ci];
    let own_rules: Vec<&str> = e.rules.iter().filter(|r| r.clause == ci).map(|r| r.id.as_str()).collect();
    out.push_str("<h3>In other editions</h3>\n<ul class=\"editions\">\n");
    for (oi, other) in p.editions.iter().enumerate().filter(|(oi, _)| *oi != ei) {
        let Some(diff) = &book.diffs[ei][oi] else { continue };
        let Some(oc) = other.clauses.iter().position(|x| x.id == c.id) else {
            let _ = writeln!(out, "<li>Edition {}: no clause {}.</li>", escape(&other.name), escape(&c.id));
            continue;
        };
        let link = book.clause_link(from, oi, oc);
        let fields = diff.clauses.iter().find(|(id, _)| *id == c.id).and_then(|(_, change)| match change {
            ClauseChange::Reworded(fields) => Some(fields),
            ClauseChange::Added | ClauseChange::Removed => None,
        });
        let Some(fields) = fields else {
            let _ = writeln!(out, "<li>Edition {}: {link}, the same.</li>", escape(&other.name));
            continue;
        };
        let names: Vec<&str> = fields.iter().map(|&f| if f == "text" { "original text" } else { f }).collect();
        let _ = write!(out, "<li>Edition {}: {link} differs in {}.", escape(&other.name), names.join(", "));
        let there = &other.clauses[oc];
        if fields.contains(&"title") {
            let _ = write!(out, " Title there: <em>{}</em>.", escape(&there.title));
        }
        if fields.contains(&"summary") {
            let _ = write!(out, " Summary there: {}", escape(&there.summary));
        }
        let changes: Vec<(&str, &RowGroup)> = diff
            .tables
            .iter()
            .flat_map(|t| t.changed.iter().map(move |g| (t.table.as_str(), g)))
            .filter(|(_, g)| g.from.as_ref().is_some_and(|v| own_rules.contains(&v.rule.as_str())))
            .collect();
        if !changes.is_empty() {
            out.push_str("<ul class=\"changes\">");
            for (table, group) in changes.iter().take(MAX_CHANGED_DECISIONS) {
                let when: Vec<String> = group.when.iter().map(|(f, v)| format!("{f} is {}", v.join(" or "))).collect();
                let verdict = |v: &Option<Verdict>| match v {
                    Some(v) => format!("{}: {}", v.rule, v.outcomes.join("; ")),
                    None => "no rule decides".into(),
                };
                let _ = write!(
                    out,
                    "<li>In table {}, {} ({} combination(s)): here <code>{}</code>; there <code>{}</code>.</li>",
                    escape(table),
                    escape(&if when.is_empty() { "in every case".into() } else { format!("when {}", when.join(", ")) }),
                    group.rows,
                    escape(&verdict(&group.from)),
                    escape(&verdict(&group.to))
                );
            }
            if changes.len() > MAX_CHANGED_DECISIONS {
                let _ = write!(
                    out,
                    "<li>{} more; <code>bridgelaw diff --from {} --to {}</code> lists them all.</li>",
                    changes.len() - MAX_CHANGED_DECISIONS,
                    escape(&e.name),
                    escape(&other.name)
                );
            }
            out.push_str("</ul>");
        }
        out.push_str("</li>\n");
    }
    out.push_str("</ul>\n");
}

/// The page's closing section: this law in the other editions, with the
/// clauses one edition has and the other lacks.
fn other_editions(book: &Book, from: &str, ei: usize, li: usize, out: &mut String) {
    let p = book.program;
    let e = &p.editions[ei];
    let law = &book.editions[ei].laws[li];
    out.push_str("<section id=\"other-editions\">\n<h2>Other editions</h2>\n");
    if p.editions.len() < 2 {
        out.push_str("<p>No other edition.</p>\n</section>\n");
        return;
    }
    out.push_str("<ul class=\"editions\">\n");
    for (oi, other) in p.editions.iter().enumerate().filter(|(oi, _)| *oi != ei) {
        let Some(there) = book.editions[oi].laws.iter().find(|l| l.key == law.key) else {
            let _ = writeln!(out, "<li>Edition {} has no {}.</li>", escape(&other.name), escape(&law.heading));
            continue;
        };
        let _ = write!(
            out,
            "<li>{} in edition {}.",
            html::link(&href(from, &there.path), &law_heading(there)),
            escape(&other.name)
        );
        let only_there: Vec<String> = there
            .clauses
            .iter()
            .filter(|&&oc| e.clause(&other.clauses[oc].id).is_none())
            .map(|&oc| book.clause_link(from, oi, oc))
            .collect();
        if !only_there.is_empty() {
            let _ = write!(out, " Only there: {}.", only_there.join(", "));
        }
        let only_here: Vec<String> = law
            .clauses
            .iter()
            .filter(|&&ci| other.clause(&e.clauses[ci].id).is_none())
            .map(|&ci| book.clause_link(from, ei, ci))
            .collect();
        if !only_here.is_empty() {
            let _ = write!(out, " Not there: {}.", only_here.join(", "));
        }
        out.push_str("</li>\n");
    }
    out.push_str("</ul>\n</section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clauses_and_commentary_share_their_law_number() {
        assert_eq!(law_key("Law 30B2(a)"), "30");
        assert_eq!(law_key("Commentary 30.4"), "30");
        assert_eq!(law_key("Law 7"), "7");
        assert_eq!(law_key("Preamble"), "Preamble");
        assert_eq!(law_number("Law 30"), Some((4, 6)));
    }
}
