//! The director's page in headless Chromium (Debian's `chromium` and
//! `chromium-driver`), driven through WebDriver at phone size (360 px wide),
//! as a director would: a bid out of rotation at partner's turn, "Director",
//! the open question answered, the clause link followed to the law book; an
//! opening lead out of turn with declarer's choice; a reload that keeps the
//! case; and the case downloaded as a YAML case file that rules the same.
//! Screenshots are saved under `target/serve-screenshots/`.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
mod serve_support;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use serve_support::Server;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const DEAL: &str = "N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432";

fn program(name: &str) -> PathBuf {
    let on_path =
        std::env::var_os("PATH").and_then(|p| std::env::split_paths(&p).map(|d| d.join(name)).find(|c| c.is_file()));
    on_path.or_else(|| Some(PathBuf::from("/usr/bin").join(name)).filter(|p| p.is_file())).unwrap_or_else(|| {
        panic!(
            "`{name}` is not installed, and the director's page browser test needs it: install Debian's \
             `chromium` and `chromium-driver` (`apt-get install -y chromium chromium-driver`; .ci/run does this)"
        )
    })
}

/// chromedriver on a free loopback port, killed when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    fn start() -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(program("chromedriver"))
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen on port {port}");
            std::thread::sleep(Duration::from_millis(100));
        }
        Driver { child, url: format!("http://127.0.0.1:{port}") }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn screenshots() -> PathBuf {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).parent().expect("the target directory").join("serve-screenshots");
    std::fs::create_dir_all(&dir).expect("a directory for the screenshots");
    dir
}

struct Page {
    client: Client,
}

impl Page {
    async fn el(&self, css: &str) -> fantoccini::elements::Element {
        match self.client.wait().at_most(Duration::from_secs(15)).for_element(Locator::Css(css)).await {
            Ok(e) => e,
            Err(e) => panic!("no `{css}` on the page: {e}\n{}", self.body().await),
        }
    }

    /// Taps `css`. The page re-renders when a ruling comes back, so an element
    /// found just before that is replaced: it is found again and tapped.
    async fn tap(&self, css: &str) {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            match self.el(css).await.click().await {
                Ok(()) => return,
                Err(e) if e.is_stale_element_reference() && Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(e) => panic!("cannot tap `{css}`: {e}"),
            }
        }
    }

    /// The text of `css`. The page re-renders when a ruling comes back, so an
    /// element found just before that is replaced: it is found again and read.
    async fn text(&self, css: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            match self.el(css).await.text().await {
                Ok(text) => return text,
                Err(e) if e.is_stale_element_reference() && Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(e) => panic!("cannot read `{css}`: {e}"),
            }
        }
    }

    async fn body(&self) -> String {
        match self.client.find(Locator::Css("main")).await {
            Ok(m) => m.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    /// Waits until the `n`th event is listed and its ruling has come back.
    async fn event(&self, n: usize) {
        self.el(&format!("#events li[data-event=\"{n}\"]")).await;
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let busy =
                self.client.execute("return document.getElementById('ruling').hasAttribute('aria-busy')", vec![]).await;
            if busy.ok() == Some(json!(false)) {
                return;
            }
            assert!(Instant::now() < deadline, "the ruling of event {n} did not come back");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn call(&self, seat: &str, call: &str, n: usize) {
        self.tap(&format!("#seats [data-seat={seat}]")).await;
        match call.as_bytes() {
            [level @ b'1'..=b'7', strain @ ..] => {
                self.tap(&format!("#calls [data-level=\"{}\"]", *level as char)).await;
                self.tap(&format!("#calls [data-strain={}]", std::str::from_utf8(strain).unwrap())).await;
            }
            _ => self.tap(&format!("#calls [data-call=\"{call}\"]")).await,
        }
        self.event(n).await;
    }

    async fn shot(&self, name: &str, scroll_to: &str) {
        let script = format!("document.querySelector({scroll_to:?}).scrollIntoView({{block: 'start'}})");
        self.client.execute(&script, vec![]).await.expect("scrolled");
        let png = self.client.screenshot().await.expect("a screenshot");
        assert!(png.starts_with(b"\x89PNG"), "a PNG");
        std::fs::write(screenshots().join(name), png).expect("the screenshot is saved");
    }

    async fn no_horizontal_scroll(&self) {
        let wide = self.client.execute("return document.documentElement.scrollWidth", vec![]).await.unwrap();
        assert!(wide.as_f64().unwrap() <= 360.0, "the page scrolls sideways: {wide} px wide");
    }
}

async fn open_page(driver: &Driver, server: &Server) -> Page {
    let profile = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-chromium-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    let caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": program("chromium"),
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-background-networking", "--disable-component-update", "--no-first-run",
                     format!("--user-data-dir={}", profile.display())],
            "mobileEmulation": {"deviceMetrics": {"width": 360, "height": 780, "pixelRatio": 2, "touch": true}}
        }
    });
    let Value::Object(caps) = caps else { unreachable!() };
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a WebDriver session with Chromium");
    client.goto(&format!("http://{}/", server.addr)).await.expect("the page loads");
    Page { client }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_director_rules_at_the_table_on_a_phone() {
    let server = Server::start(&[]);
    let driver = Driver::start();
    let page = open_page(&driver, &server).await;
    let result = scenario(&page).await;
    let _ = page.client.close().await;
    result
}

async fn scenario(page: &Page) {
    // The newest edition (2017) by default. North opens, East passes, and North bids
    // again at South's turn: a bid out of rotation at partner's turn.
    page.el(".ok").await;
    assert_eq!(page.el("#edition").await.prop("value").await.unwrap().as_deref(), Some("2017"));
    page.call("N", "1H", 1).await;
    page.call("E", "pass", 2).await;
    let turn = page.text("#turn").await;
    assert!(turn.starts_with("South's turn"), "{turn}");
    page.call("N", "2H", 3).await;
    page.tap("#director").await;
    page.event(4).await;
    // 2017 Law 23: whether a comparable call replaces it is the director's judgement.
    let question = page.text(".question[data-fact=replacement_comparable]").await;
    assert!(question.to_lowercase().contains("director's judgement"));
    assert_eq!(page.client.find_all(Locator::Css(".alternative")).await.unwrap().len(), 2, "alternatives side by side");
    page.no_horizontal_scroll().await;
    page.shot("1-open-question.png", "#ruling-box").await;

    page.tap(".question[data-fact=replacement_comparable] [data-answer=false]").await;
    page.el(".irregularity [data-rectification=must_pass]").await;
    let ruling = page.text("#ruling").await;
    assert!(ruling.contains("South must pass at the next turn to call"), "{ruling}");
    assert!(ruling.contains("North's 2H is cancelled"), "{ruling}");
    let entry = page.text("#events li[data-event=\"4\"]").await;
    assert!(entry.contains("replacement comparable: false"), "the answer is recorded in the director entry: {entry}");
    page.shot("2-ruling.png", "#ruling-box").await;

    // The clause link opens its law page at the clause.
    let link = page.el(".irregularity [data-rectification=must_pass] a.clause").await;
    let clause = link.text().await.unwrap();
    link.click().await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    let url = loop {
        let url = page.client.current_url().await.unwrap();
        if url.path().starts_with("/book/") {
            break url;
        }
        assert!(Instant::now() < deadline, "the clause link did not open the book: {url}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let anchor = url.fragment().expect("the link goes to the clause's anchor").to_string();
    let target = page.el(&format!("[id=\"{anchor}\"]")).await;
    assert!(target.text().await.unwrap().contains(&clause), "{clause} at #{anchor} of {url}");
    page.shot("3-law-page.png", &format!("[id=\"{anchor}\"]")).await;
    page.client.back().await.unwrap();

    // Reloading keeps the case.
    page.client.refresh().await.unwrap();
    page.event(4).await;
    page.el(".irregularity [data-rectification=must_pass]").await;
    assert_eq!(page.client.find_all(Locator::Css("#events li")).await.unwrap().len(), 4);

    play(page).await;
    downloaded_case_rules_the_same(page).await;
    opens_a_case_file(page).await;
}

/// "Open a file" reads a case file of the corpus into the page.
async fn opens_a_case_file(page: &Page) {
    let file = serve_support::workspace().join("tests/cases/1987/law30-b2-partner-turn.yaml");
    let file = file.canonicalize().expect("the case file exists");
    page.el("#open").await.send_keys(&file.display().to_string()).await.expect("a file is chosen");
    page.event(8).await;
    page.el(".irregularity [data-rectification=must_pass]").await;
    assert_eq!(page.el("#edition").await.prop("value").await.unwrap().as_deref(), Some("1987"));
    let ruling = page.text("#ruling").await;
    assert!(ruling.contains("North must pass throughout the auction"), "{ruling}");
    assert!(ruling.contains("Contract 2♥ by North"), "{ruling}");
    page.shot("7-case-file-opened.png", "#record").await;
}

/// A new case in 1987: a deal, 4S by North, and West leads at East's turn.
async fn play(page: &Page) {
    page.tap("#new").await;
    page.client.accept_alert().await.expect("the page asks before dropping the case");
    page.el(".ok").await;
    page.el("#edition").await.select_by_value("1987").await.unwrap();
    page.tap("[data-tab=play]").await;
    page.tap("#deal-box summary").await;
    page.el("#pbn").await.send_keys(DEAL).await.unwrap();
    page.tap("#use-deal").await;
    page.el("#hands [data-hand=N]").await;
    let contract = page.el("#contract").await;
    contract.send_keys("4S by N\u{E007}").await.unwrap(); // Enter records it
    let deadline = Instant::now() + Duration::from_secs(15);
    while !page.text("#play-turn").await.starts_with("East to play") {
        assert!(Instant::now() < deadline, "East is not shown to lead: {}", page.body().await);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    page.tap("#play-seats [data-seat=W]").await;
    page.tap("#hand [data-card=H4]").await;
    page.event(1).await;
    page.tap("#director").await;
    page.event(2).await;
    let question = page.text(".question[data-fact=lead_choice]").await;
    assert!(question.to_lowercase().contains("players' choice"));
    page.no_horizontal_scroll().await;
    page.shot("4-lead-out-of-turn.png", "#ruling-box").await;
    page.tap(".question[data-fact=lead_choice] [data-answer=reject]").await;
    // No card of dummy's is exposed: the laws presume declarer could not have seen any (Law
    // 54C, the `dummy_sight` table), so `declarer_saw_dummy` is not asked.
    assert!(page.client.find(Locator::Css(".question[data-fact=declarer_saw_dummy]")).await.is_err());
    page.el(".irregularity [data-rectification=lead_from_correct_hand]").await;
    let ruling = page.text("#ruling").await;
    assert!(
        ruling.contains("the lead is made from the correct hand, East's")
            || ruling.contains("The lead is made from the correct hand, East's"),
        "{ruling}"
    );
    assert!(ruling.contains("West's ♥4 (major)"), "{ruling}");
    // The entry's heading is the laws' (the ruling's `heading`), its card in symbols.
    assert!(ruling.contains("Lead out of turn by West (♥4) at East's turn"), "{ruling}");
    // West's H4 is back in his hand, as a penalty card; East is to lead.
    page.tap("#play-seats [data-seat=W]").await;
    page.el("#hand .card.penalty[data-card=H4]").await;
    page.shot("5-penalty-card.png", "#ruling-box").await;
    page.shot("6-hands.png", "#hands").await;
    page.client.refresh().await.unwrap();
    page.event(2).await;
    page.el(".irregularity [data-rectification=lead_from_correct_hand]").await;
    // East leads his DA. The tricks shown are the engine's: none yet, since West's H4 went back
    // to his hand as a penalty card and East's lead awaits declarer's penalty-card choice (the
    // cards in the order tapped would show trick 1 as West's H4 and East's DA).
    page.tap("[data-tab=play]").await;
    page.tap("#play-seats [data-seat=E]").await;
    page.tap("#hand [data-card=DA]").await;
    page.event(3).await;
    page.el(".question[data-fact=penalty_card_lead]").await;
    assert!(page.client.find_all(Locator::Css("#tricks li")).await.unwrap().is_empty(), "{}", page.body().await);
}

/// The case the page would download, as YAML, is a case file that rules as the page shows.
async fn downloaded_case_rules_the_same(page: &Page) {
    let yaml = page
        .client
        .execute_async(
            "const done = arguments[0]; import('/case.js').then(m => done(m.toYaml(m.load(), 'from the browser test')));",
            vec![],
        )
        .await
        .expect("the page writes its YAML");
    let yaml = yaml.as_str().expect("YAML text").to_string();
    assert!(yaml.contains("contract: \"4S by N\"") && yaml.contains("  - W: H4"), "{yaml}");
    let case = bridgelaw::case_file::parse(&yaml).unwrap_or_else(|e| panic!("{e:?}\n{yaml}"));
    let ruling = bridgelaw_runtime::rule(&case).expect("it rules");
    let ir = &ruling.irregularities[0];
    assert_eq!(ir.irregularity, "lead_out_of_turn");
    assert!(ir.open_questions.is_empty(), "{yaml}");
    assert!(ir.rectifications.iter().any(|r| r.rectification == "lead_from_correct_hand"));
}
