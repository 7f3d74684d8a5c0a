//! The law book (`bridgelaw docs`): a snapshot of one law page, every internal
//! link resolving, cases that cannot be ruled shown with their errors, other
//! editions compared, and the site driven in headless Chromium from disk.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw::book::{self, CaseSource, Site};
use bridgelaw_compiler::{Program, SourceSet};
use bridgelaw_editions as _; // rules with the built-in laws
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use bridgelaw_test_support::workspace;

fn embedded_laws() -> SourceSet {
    SourceSet::from_embedded(bridgelaw_runtime::tables::sources())
}

fn program() -> Program {
    bridgelaw_compiler::compile(&embedded_laws()).program.expect("the embedded laws compile")
}

fn corpus() -> Vec<CaseSource> {
    book::read_cases(&workspace().join("tests/cases")).expect("the case corpus is readable")
}

/// A fresh directory under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("book-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// Writes the site of the embedded laws and the corpus into a scratch directory.
fn written_site(name: &str) -> PathBuf {
    let out = scratch(name);
    let summary = book::generate(&embedded_laws(), &workspace().join("tests/cases"), &out)
        .unwrap_or_else(|e| panic!("the book generates: {e:?}"));
    assert!(summary.law_pages > 0 && summary.case_pages > 0, "{summary:?}");
    out
}

#[test]
fn law_30_page_of_1987() {
    let site = book::build(&program(), &corpus());
    let page = site.file("laws/1987/law-30.html").expect("a page for Law 30 of 1987");
    insta::assert_snapshot!("law-30-1987", page);
}

#[test]
fn the_site_is_deterministic_and_has_a_page_per_law_and_case() {
    let program = program();
    let cases = corpus();
    let site = book::build(&program, &cases);
    let again = book::build(&program, &cases);
    assert_eq!(
        site.files.iter().map(|f| (&f.path, &f.content)).collect::<Vec<_>>(),
        again.files.iter().map(|f| (&f.path, &f.content)).collect::<Vec<_>>()
    );
    for e in &program.editions {
        for c in &e.clauses {
            let anchored = site
                .files
                .iter()
                .filter(|f| f.path.starts_with(&format!("laws/{}/", e.name)))
                .filter(|f| f.content.contains(&format!("<span class=\"cid\">{}</span>", book::html::escape(&c.id))))
                .count();
            assert_eq!(anchored, 1, "clause {} of {} must be on exactly one law page", c.id, e.name);
        }
    }
    let case_pages = site.files.iter().filter(|f| f.path.starts_with("cases/")).count();
    assert_eq!(case_pages, cases.len());
    assert_eq!(site.page_count(), site.files.iter().filter(|f| f.path.ends_with(".html")).count());
}

/// The value of every `href="…"` and `src="…"` in an HTML text, unescaped.
fn references(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attribute in ["href=\"", "src=\""] {
        let mut rest = html;
        while let Some(at) = rest.find(attribute) {
            rest = &rest[at + attribute.len()..];
            let end = rest.find('"').expect("a closed attribute");
            out.push(rest[..end].replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&"));
            rest = &rest[end..];
        }
    }
    out
}

/// Every `id="…"` of an HTML text.
fn ids(html: &str) -> Vec<&str> {
    html.split(" id=\"").skip(1).filter_map(|s| s.split('"').next()).collect()
}

/// Checks that `reference`, found in the file at `from`, names an existing
/// file of the site and, if it has a `#fragment`, an id in that file.
fn check_reference(site: &Path, from: &Path, reference: &str) -> Result<(), String> {
    if reference.contains("://") || reference.starts_with("//") || reference.starts_with("data:") {
        return Err(format!("{}: `{reference}` leaves the site", from.display()));
    }
    let (path, fragment) = reference.split_once('#').unwrap_or((reference, ""));
    let path = path.split_once('?').map_or(path, |(p, _)| p);
    let target = if path.is_empty() { from.to_path_buf() } else { from.parent().expect("a directory").join(path) };
    let target = target.canonicalize().map_err(|e| format!("{}: `{reference}`: {e}", from.display()))?;
    if !target.starts_with(site.canonicalize().expect("the site exists")) || !target.is_file() {
        return Err(format!("{}: `{reference}` is not a file of the site", from.display()));
    }
    if !fragment.is_empty() {
        let text = std::fs::read_to_string(&target).expect("readable page");
        if !ids(&text).contains(&fragment) {
            return Err(format!("{}: `{reference}`: no id `{fragment}` in {}", from.display(), target.display()));
        }
    }
    Ok(())
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn every_internal_link_resolves() {
    let site = written_site("links");
    let mut files = Vec::new();
    files_under(&site, &mut files);
    let mut checked = 0;
    let mut broken = Vec::new();
    for file in files.iter().filter(|f| f.extension().is_some_and(|x| x == "html")) {
        let text = std::fs::read_to_string(file).expect("readable page");
        let page_ids = ids(&text);
        let mut unique = page_ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), page_ids.len(), "{}: an id is used twice", file.display());
        for reference in references(&text) {
            checked += 1;
            if let Err(e) = check_reference(&site, file, &reference) {
                broken.push(e);
            }
        }
    }
    // The search results link from the index page, with the hrefs of the search index.
    let script = std::fs::read_to_string(site.join("search-index.js")).expect("the search index");
    let json = script.split_once("= ").and_then(|(_, j)| j.trim_end().strip_suffix(';')).expect("an assignment");
    let index: serde_json::Value = serde_json::from_str(json).expect("the search index is JSON");
    let hrefs = ["clauses", "cases"]
        .iter()
        .flat_map(|list| index[list].as_array().expect("a list").iter())
        .map(|entry| entry["href"].as_str().expect("an href").to_string());
    for href in hrefs {
        checked += 1;
        if let Err(e) = check_reference(&site, &site.join("index.html"), &href) {
            broken.push(e);
        }
    }
    assert!(broken.is_empty(), "{} broken link(s):\n{}", broken.len(), broken.join("\n"));
    assert!(checked > 1000, "only {checked} links checked");
}

#[test]
fn a_case_that_cannot_be_ruled_is_shown_with_its_error() {
    let good = corpus().into_iter().next().expect("the corpus has cases");
    let cases = vec![
        good,
        CaseSource { path: "odd/malformed.yaml".into(), text: "dealer: Q\nevents:\n  - N: 9Q\n".into() },
        CaseSource {
            path: "odd/director-without-irregularity.yaml".into(),
            text: "edition: \"1987\"\ndealer: N\nevents:\n  - director: {pass_meaning: natural}\n".into(),
        },
    ];
    let site = book::build(&program(), &cases);
    let malformed = site.file("cases/odd/malformed.html").expect("a page for the malformed case");
    assert!(malformed.contains("This case could not be ruled"), "{malformed}");
    assert!(malformed.contains("line 1, column 9: `Q` is not a seat"), "{malformed}");
    assert!(malformed.contains("line 3, column 8: `9Q` is not a call"), "{malformed}");
    let unruled = site.file("cases/odd/director-without-irregularity.html").expect("a page for the unruled case");
    assert!(unruled.contains("no irregularity awaits a ruling"), "{unruled}");
    let index = site.file("index.html").expect("an index");
    assert_eq!(index.matches("not ruled").count(), 2, "{index}");
}

/// The program's first edition alone, and with a copy of it under another
/// name in which the first clause has a new summary and another is missing.
fn with_a_revised_edition() -> (Program, Program, String, String) {
    let mut single = program();
    single.editions.truncate(1);
    let mut revised = single.editions[0].clone();
    revised.name = "revised".into();
    let changed = revised.clauses[0].id.clone();
    revised.clauses[0].summary = "A revised summary.".into();
    // Remove a section that no rule belongs to or cites, keeping the indices right; its law (a
    // clause whose id begins its id) stays, so the law's page says what is missing.
    let section = |c: usize| {
        let id = &revised.clauses[c].id;
        revised.clauses.iter().any(|o| o.id != *id && id.starts_with(&o.id))
    };
    let unruled =
        |c: usize| revised.rules.iter().all(|r| r.clause != c && r.outcomes.iter().all(|o| !o.citations.contains(&c)));
    let dropped = (1..revised.clauses.len())
        .rev()
        .find(|&c| section(c) && unruled(c))
        .expect("a section no rule belongs to or cites");
    let dropped_id = revised.clauses[dropped].id.clone();
    let shift = |i: &mut usize| {
        if *i > dropped {
            *i -= 1;
        }
    };
    revised.clauses.remove(dropped);
    for c in &mut revised.clauses {
        c.refs.retain(|&i| i != dropped);
        c.interprets = c.interprets.filter(|&i| i != dropped);
        c.refs.iter_mut().for_each(shift);
        c.interprets.iter_mut().for_each(shift);
    }
    for r in &mut revised.rules {
        shift(&mut r.clause);
        r.outcomes.iter_mut().for_each(|o| o.citations.iter_mut().for_each(shift));
    }
    let mut two = single.clone();
    two.editions.push(revised);
    (single, two, changed, dropped_id)
}

/// The content of the law page of `edition` that shows clause `id`.
fn page_showing(site: &Site, edition: &str, id: &str) -> String {
    site.files
        .iter()
        .find(|f| {
            f.path.starts_with(&format!("laws/{edition}/"))
                && f.content.contains(&format!("<span class=\"cid\">{}</span>", book::html::escape(id)))
        })
        .map(|f| f.content.clone())
        .unwrap_or_else(|| panic!("no page of edition {edition} shows {id}"))
}

#[test]
fn law_pages_say_what_differs_in_another_edition() {
    let (single, two, changed, dropped) = with_a_revised_edition();
    let first = single.editions[0].name.clone();
    let site = book::build(&two, &[]);
    let page = page_showing(&site, &first, &changed);
    let changed_html = book::html::escape(&changed);
    assert!(
        page.contains(&format!("{changed_html}</a> differs in summary. Summary there: A revised summary.")),
        "{page}"
    );
    assert!(page.contains("the same.</li>"), "{page}");
    let page = page_showing(&site, &first, &dropped);
    assert!(page.contains(&format!("Edition revised: no clause {}.", book::html::escape(&dropped))), "{page}");
    assert!(page.contains("Not there: "), "{page}");
    // With one edition, each page says so once and compares nothing.
    let site = book::build(&single, &[]);
    let page = page_showing(&site, &first, &changed);
    assert!(page.contains("<p>No other edition.</p>"), "{page}");
    assert!(!page.contains("In other editions"), "{page}");
}

fn run_binary(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bridgelaw")).args(args).current_dir(workspace()).output().expect("the binary runs")
}

#[test]
fn docs_command_writes_the_site_and_reports_bad_paths() {
    let out = scratch("command");
    let o = run_binary(&["docs", "--out", out.to_str().expect("a UTF-8 path")]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("wrote "), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(out.join("index.html").is_file() && out.join("style.css").is_file() && out.join("search.js").is_file());
    let o = run_binary(&["docs", "--out", out.to_str().expect("a UTF-8 path"), "--cases", "no/such/cases"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no/such/cases"), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run_binary(&["docs", "--out", out.to_str().expect("a UTF-8 path"), "--laws", "tests/broken/gap"]);
    assert_eq!(o.status.code(), Some(1));
    let o = run_binary(&["docs", "--out", out.to_str().expect("a UTF-8 path"), "--laws", "no/such/laws"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
}

// The browser test: headless Chromium opens the site from disk.

/// The Chromium binary; the test fails, rather than passes, without it.
fn chromium() -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join("chromium")).find(|c| c.is_file()))
        .unwrap_or_default();
    on_path.or_else(|| Some(PathBuf::from("/usr/bin/chromium")).filter(|p| p.is_file())).unwrap_or_else(|| {
        panic!(
            "Chromium is not installed, and the law book's browser test needs it: install the Debian package \
             `chromium` (`apt-get install -y chromium`; .ci/run does this)"
        )
    })
}

/// A `file://` URL for an absolute path, with an optional query.
fn file_url(path: &Path, query: &str) -> String {
    let mut url = String::from("file://");
    for byte in path.to_string_lossy().bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'_' | b'.' | b'~' => url.push(byte as char),
            _ => url.push_str(&format!("%{byte:02X}")),
        }
    }
    url.push_str(query);
    url
}

/// Runs headless Chromium with `args` after the fixed flags, with a time
/// limit, and returns what it printed.
fn headless(profile: &Path, args: &[String]) -> String {
    let stdout_path = profile.with_extension("stdout");
    let stdout = std::fs::File::create(&stdout_path).expect("a file for Chromium's output");
    let mut child = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::null())
        .spawn()
        .expect("Chromium starts");
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        if let Some(status) = child.try_wait().expect("Chromium can be waited for") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("Chromium did not finish within 90 s: {args:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "Chromium failed ({status}): {args:?}");
    std::fs::read_to_string(&stdout_path).expect("Chromium's output")
}

/// The anchors of a DOM: `(href, text)` of each `<a …>` with an href.
fn anchors(dom: &str) -> Vec<(String, String)> {
    dom.split("<a ")
        .skip(1)
        .filter_map(|a| {
            let (attributes, rest) = a.split_once('>')?;
            let href = attributes.split("href=\"").nth(1)?.split('"').next()?.replace("&amp;", "&");
            let text = rest.split("</a>").next()?.replace("&amp;", "&").replace("&#39;", "'");
            Some((href, text))
        })
        .collect()
}

#[test]
fn browser_search_finds_a_clause_and_follows_a_case_to_its_ruling() {
    let site = written_site("browser");
    let profile = scratch("chromium-profile");
    let query = "?q=Law+30B2";
    let dom = headless(&profile, &["--dump-dom".into(), file_url(&site.join("index.html"), query)]);
    let links = anchors(&dom);
    assert!(dom.contains("class=\"count\""), "the search did not run on load:\n{dom}");
    let (clause_href, _) = links
        .iter()
        .find(|(_, text)| text.starts_with("Law 30B2 — "))
        .unwrap_or_else(|| panic!("no search result for Law 30B2:\n{dom}"));
    let clause_page = headless(
        &profile,
        &["--dump-dom".into(), file_url(&site.join(clause_href.split('#').next().unwrap_or_default()), "")],
    );
    let fragment = clause_href.split_once('#').map(|(_, f)| f).expect("a clause link has a fragment");
    assert!(clause_page.contains(&format!("id=\"{fragment}\"")), "{clause_href} has no anchor {fragment}");
    let (case_href, _) = links
        .iter()
        .find(|(_, text)| text == "law30-b2-partner-turn")
        .unwrap_or_else(|| panic!("the result for Law 30B2 does not link its case:\n{dom}"));
    let case_page = headless(&profile, &["--dump-dom".into(), file_url(&site.join(case_href), "")]);
    assert!(case_page.contains("id=\"ruling\""), "{case_page}");
    assert!(case_page.contains("North must pass throughout the auction"), "{case_page}");
    assert!(case_page.contains("Final contract: <strong>2H by North</strong>"), "{case_page}");

    let screenshot =
        Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("the target directory").join("book-screenshot.png");
    let _ = std::fs::remove_file(&screenshot);
    headless(
        &profile,
        &[
            format!("--screenshot={}", screenshot.display()),
            "--window-size=412,900".into(),
            file_url(&site.join("index.html"), query),
        ],
    );
    let png = std::fs::read(&screenshot).expect("Chromium wrote the screenshot");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 10_000, "{} bytes", png.len());
}
