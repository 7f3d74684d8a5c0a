//! The JSON API of `bridgelaw serve`, in process: every endpoint and every
//! error status, the fields at fault located, the law book served from memory
//! only, and every response checked against the OpenAPI document.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
mod serve_support;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use bridgelaw::serve::{self, App, Limits};
use bridgelaw_compiler::SourceSet;
use serde_json::{json, Value};
use serve_support::{check_response, openapi, LAW_30B2_CASE};
use std::sync::{Arc, OnceLock};
use tower::ServiceExt;

fn app() -> Arc<App> {
    static APP: OnceLock<Arc<App>> = OnceLock::new();
    APP.get_or_init(|| {
        let set = SourceSet::from_embedded(bridgelaw_runtime::tables::sources());
        Arc::new(App::new(&set, &[], Limits::default().body).expect("the embedded laws compile"))
    })
    .clone()
}

struct Answer {
    status: u16,
    headers: axum::http::HeaderMap,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

async fn send(method: &str, uri: &str, body: impl Into<Body>) -> Answer {
    let router = serve::router(app(), Limits::default());
    let request = Request::builder().method(method).uri(uri).body(body.into()).expect("a request");
    let response = router.oneshot(request).await.expect("the router answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body").to_vec();
    Answer { status, headers, body }
}

/// Sends, checks the answer against the OpenAPI document under `template`, and returns it.
async fn api(method: &str, uri: &str, template: &str, body: impl Into<Body>) -> Answer {
    let answer = send(method, uri, body).await;
    check_response(&openapi(), template, &method.to_ascii_lowercase(), answer.status, &answer.json())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(answer.headers["content-type"], "application/json", "{uri}");
    answer
}

const RULE: &str = "/api/v1/rule";

#[tokio::test]
async fn a_ruling_on_an_irregular_auction() {
    let r = api("POST", RULE, RULE, LAW_30B2_CASE).await.json();
    assert_eq!(r["edition"], "1987");
    assert_eq!(r["schema_version"], bridgelaw_runtime::ruling::SCHEMA_VERSION);
    let ir = &r["irregularities"][0];
    assert_eq!(ir["irregularity"], "pass_out_of_rotation");
    assert_eq!(ir["event"], 3);
    let names: Vec<&str> =
        ir["rectifications"].as_array().unwrap().iter().map(|x| x["rectification"].as_str().unwrap()).collect();
    assert_eq!(names[..2], ["cancel_call", "must_pass"], "{ir:#}");
    assert_eq!(ir["rectifications"][1]["clauses"][0], "Law 30B2");
    // North bid hearts first: 2H by North (as `bridgelaw rule` says of this case).
    assert_eq!(r["contract"]["declarer"], "N");
}

#[tokio::test]
async fn the_same_ruling_as_the_command_line() {
    let case = bridgelaw::case_file::parse(LAW_30B2_CASE).expect("the case parses");
    let expected = serde_json::to_value(bridgelaw_runtime::rule(&case).expect("it is ruled").versioned()).unwrap();
    assert_eq!(api("POST", RULE, RULE, LAW_30B2_CASE).await.json(), expected);
}

#[tokio::test]
async fn an_open_question_lists_the_alternatives() {
    let case = r#"{"edition":"1987","dealer":"N","events":[{"N":"1H"},{"N":"2H"},"director"]}"#;
    let r = api("POST", RULE, RULE, case).await.json();
    let ir = &r["irregularities"][0];
    assert_eq!(ir["open_questions"], json!(["change_intent", "change_choice"]));
    assert!(ir["alternatives"].as_array().unwrap().len() >= 2, "{ir:#}");
    assert_eq!(r["next_to_call"], Value::Null);
}

#[tokio::test]
async fn the_edition_query_overrides_the_case() {
    let r = api("POST", "/api/v1/rule?edition=2017", RULE, LAW_30B2_CASE).await.json();
    assert_eq!(r["edition"], "2017");
    let e = api("POST", "/api/v1/rule?edition=1066", RULE, LAW_30B2_CASE).await;
    assert_eq!(e.status, 404);
    assert_eq!(e.json()["error"], "not_found");
    assert!(e.json()["message"].as_str().unwrap().contains("1066"));
    let e = api("POST", RULE, RULE, r#"{"edition": "1066", "dealer": "N", "events": []}"#).await;
    assert_eq!((e.status, e.json()["error"].as_str()), (404, Some("not_found")), "{}", e.text());
}

#[tokio::test]
async fn malformed_json_is_located() {
    let e = api("POST", RULE, RULE, "{\"dealer\": \"N\",\n \"events\": [ {\"N\": \"1H\"} }").await;
    assert_eq!(e.status, 400);
    let j = e.json();
    assert_eq!(j["error"], "malformed_json");
    assert_eq!((j["errors"][0]["line"].as_u64(), j["errors"][0]["column"].as_u64()), (Some(2), Some(26)), "{j:#}");
    // YAML that is not JSON is refused too: the API takes JSON.
    let e = api("POST", RULE, RULE, "dealer: N\nevents: []\n").await;
    assert_eq!((e.status, e.json()["error"].as_str()), (400, Some("malformed_json")));
}

#[tokio::test]
async fn a_bad_field_is_named_with_its_position() {
    let body = "{\"dealer\": \"N\",\n \"events\": [{\"N\": \"1H\"}, {\"E\": \"9Q\"}],\n \"dealr\": \"N\"}";
    let j = api("POST", RULE, RULE, body).await.json();
    assert_eq!(j["error"], "invalid_case");
    let errors = j["errors"].as_array().unwrap();
    let call = errors.iter().find(|e| e["message"].as_str().unwrap().contains("9Q")).expect("the bad call");
    assert_eq!((call["line"].as_u64(), call["column"].as_u64()), (Some(2), Some(32)), "{j:#}");
    assert_eq!(call["field"], "/events/1/E");
    let key = errors.iter().find(|e| e["message"].as_str().unwrap().contains("dealr")).expect("the unknown key");
    assert_eq!(key["field"], "/dealr");
    assert_eq!(key["line"], 3);
}

#[tokio::test]
async fn a_case_the_laws_reject_names_the_event() {
    // South cannot play a card he does not hold.
    let case = json!({
        "edition": "1987", "dealer": "N",
        "deal": "N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432",
        "contract": "4S by N",
        "events": [{"E": "DA"}, {"S": "SA"}]
    });
    let e = api("POST", RULE, RULE, case.to_string()).await;
    assert_eq!(e.status, 422, "{}", e.text());
    let j = e.json();
    assert_eq!(j["error"], "rejected_case");
    assert_eq!(j["event"], 2);
    assert_eq!(j["at"], json!({"S": "SA"}));
    // Every independent error, each with its kind, event, position and field: West's C9 (event
    // 4) is South's too.
    let mut case = case;
    case["events"] = json!([{"E": "DA"}, {"S": "SA"}, {"W": "D2"}, {"W": "C9"}]);
    let text = serde_json::to_string_pretty(&case).unwrap();
    let j = api("POST", RULE, RULE, text.clone()).await.json();
    let errors = j["errors"].as_array().expect("the errors");
    assert_eq!(errors.len(), 2, "{j:#}");
    for (e, (event, card)) in errors.iter().zip([(2, "\"S\": \"SA\""), (4, "\"W\": \"C9\"")]) {
        assert_eq!(e["kind"], "malformed", "{j:#}");
        assert_eq!(e["event"], event);
        assert_eq!(e["field"], format!("/events/{}", event - 1));
        // The event's mapping starts at its first key.
        let line = 1 + text.lines().position(|l| l.contains(card)).unwrap();
        assert_eq!(e["line"], line, "{j:#}\n{text}");
        assert!(e["message"].as_str().unwrap().contains("does not hold"), "{j:#}");
    }
}

#[tokio::test]
async fn the_ruling_carries_the_engine_s_tricks() {
    // East leads DA, South D5, West D2, North DJ: diamonds led and no spade (trumps) played, so
    // East's ace wins trick 1; East then leads H8, the trick in progress, with no winner yet.
    let case = json!({
        "edition": "1987", "dealer": "N",
        "deal": "N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432",
        "contract": "4S by N",
        "events": [{"E": "DA"}, {"S": "D5"}, {"W": "D2"}, {"N": "DJ"}, {"E": "H8"}]
    });
    let r = api("POST", RULE, RULE, case.to_string()).await.json();
    let card = |seat: &str, card: &str| json!({"seat": seat, "card": card});
    assert_eq!(
        r["play"]["tricks"],
        json!([
            {"leader": "E", "cards": [card("E", "DA"), card("S", "D5"), card("W", "D2"), card("N", "DJ")], "winner": "E"},
            {"leader": "E", "cards": [card("E", "H8")], "winner": null}
        ]),
        "{r:#}"
    );
    // A card led out of turn and refused is not in any trick of the engine: West's H2 at East's
    // turn, the lead refused (it goes back to West's hand, as a penalty card).
    let case = json!({
        "edition": "1987", "dealer": "N",
        "deal": "N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432",
        "contract": "4S by N",
        "events": [{"W": "H2"}, {"director": {"lead_choice": "reject", "declarer_saw_dummy": "false"}}]
    });
    let r = api("POST", RULE, RULE, case.to_string()).await.json();
    assert_eq!(r["play"]["tricks"], json!([]), "{r:#}");
}

/// The defective-trick events in the JSON form the director's app records them
/// (`{"extra_card": {"W": "D3"}}`, `{"no_card": "W"}`) are ruled by the `defective_trick` table.
#[tokio::test]
async fn the_app_s_defective_trick_events_are_ruled() {
    // East leads DA, South D5, West plays no card, North DJ; the director is called before
    // trick 2 (Law 67A1): West supplies D2, and East's ace wins trick 1 with four cards.
    let deal = "N:AKQJ.AKQJ.KQJ.KQ T98.T98.AT98.AJT 7654.765.765.987 32.432.432.65432";
    let omitted = json!({
        "edition": "2017", "dealer": "N", "deal": deal, "contract": "4S by N",
        "events": [{"E": "DA"}, {"S": "D5"}, {"no_card": "W"}, {"N": "DJ"}, "director", {"W": "D2"}]
    });
    let r = api("POST", RULE, RULE, omitted.to_string()).await.json();
    assert_eq!(r["irregularities"][0]["irregularity"], "defective_trick_card_omitted", "{r:#}");
    assert_eq!(r["play"]["tricks"][0]["cards"].as_array().map(Vec::len), Some(4), "{r:#}");
    assert_eq!(r["play"]["tricks"][0]["winner"], "E", "{r:#}");
    // West's D3 goes to trick 1 with his D2, unnoticed: a defective trick with too many cards.
    let extra = json!({
        "edition": "2017", "dealer": "N", "deal": deal, "contract": "4S by N",
        "events": [{"E": "DA"}, {"S": "D5"}, {"W": "D2"}, {"extra_card": {"W": "D3"}}, {"N": "DJ"}, "director"]
    });
    let r = api("POST", RULE, RULE, extra.to_string()).await.json();
    assert_eq!(r["irregularities"][0]["irregularity"], "defective_trick", "{r:#}");
}

#[tokio::test]
async fn a_body_over_the_limit_is_413() {
    let big = format!("{{\"dealer\": \"N\", \"events\": [], \"pad\": \"{}\"}}", "x".repeat(70 * 1024));
    let e = api("POST", RULE, RULE, big.clone()).await;
    assert_eq!(e.status, 413);
    assert_eq!(e.json()["error"], "body_too_large");
    let e = api("POST", "/api/v1/case", "/api/v1/case", big).await;
    assert_eq!(e.status, 413);
}

#[tokio::test]
async fn invalid_utf8_and_deep_nesting_are_400() {
    let e = api("POST", RULE, RULE, b"{\"dealer\": \"N\xff\"}".to_vec()).await;
    assert_eq!((e.status, e.json()["error"].as_str()), (400, Some("malformed_json")));
    assert_eq!(e.json()["errors"][0]["column"], 14, "the byte 0xFF is the 14th");
    let deep = format!("{{\"dealer\": \"N\", \"events\": {}{}}}", "[".repeat(5000), "]".repeat(5000));
    let e = api("POST", RULE, RULE, deep).await;
    // Well-formed JSON, but nested beyond what the case reader descends into.
    assert_eq!(e.status, 400, "{}", e.text());
    assert!(e.json()["message"].as_str().unwrap().contains("recursion limit"), "{}", e.text());
}

#[tokio::test]
async fn a_case_file_reads_into_its_json_form() {
    let yaml = std::fs::read_to_string(serve_support::workspace().join("tests/cases/1987/law30-b2-partner-turn.yaml"))
        .unwrap();
    let j = api("POST", "/api/v1/case", "/api/v1/case", yaml).await.json();
    assert_eq!(j["edition"], "1987");
    assert_eq!(j["events"][3], json!({"director": {"pass_meaning": "natural"}}));
    // Its JSON form is a case the rule endpoint takes, with the same ruling.
    let from_json = api("POST", RULE, RULE, j.to_string()).await.json();
    assert_eq!(from_json, api("POST", RULE, RULE, LAW_30B2_CASE).await.json());
    let e = api("POST", "/api/v1/case", "/api/v1/case", "dealer: Q\nevents: []\n").await;
    assert_eq!((e.status, e.json()["errors"][0]["field"].as_str()), (400, Some("/dealer")));
}

#[tokio::test]
async fn editions_facts_and_the_document() {
    let j = api("GET", "/api/v1/editions", "/api/v1/editions", Body::empty()).await.json();
    let names: Vec<&str> = j["editions"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"1987") && names.contains(&"2017"), "{j}");
    assert_eq!(j["newest"], *names.last().unwrap());
    let f = api("GET", "/api/v1/facts", "/api/v1/facts", Body::empty()).await.json();
    let pass = f["facts"].as_array().unwrap().iter().find(|x| x["name"] == "pass_meaning").expect("pass_meaning");
    assert_eq!(pass["source"], "judgement");
    assert_eq!(pass["values"].as_array().unwrap().len(), 3);
    assert!(!f["facts"].as_array().unwrap().iter().any(|x| x["source"] == "derived"));
    let d = api("GET", "/api/v1/openapi.json", "/api/v1/openapi.json", Body::empty()).await.json();
    assert_eq!(d["openapi"], "3.1.0");
}

#[tokio::test]
async fn a_clause_and_its_place_in_the_book() {
    let template = "/api/v1/clauses/{edition}/{id}";
    let c = api("GET", "/api/v1/clauses/1987/Law%2030B2", template, Body::empty()).await.json();
    assert_eq!(c["id"], "Law 30B2");
    assert_eq!(c["refers_to"], json!(["Law 30B2(a)", "Law 30B2(b)"]));
    assert_eq!(c["rules"][0]["id"], "Law 30B2");
    let book = c["book"].as_str().expect("a link into the book");
    let (page, anchor) = book.split_once('#').expect("an anchor");
    let html = send("GET", page, Body::empty()).await;
    assert_eq!(html.status, 200);
    assert!(html.text().contains(&format!("id=\"{anchor}\"")), "{book}");
    for (uri, what) in [("/api/v1/clauses/1066/Law%2030", "1066"), ("/api/v1/clauses/1987/Law%2099Z", "Law 99Z")] {
        let e = api("GET", uri, template, Body::empty()).await;
        assert_eq!(e.status, 404);
        assert!(e.json()["message"].as_str().unwrap().contains(what));
    }
    // The page's clause links redirect to the book.
    let r = send("GET", "/clause/1987/Law%2030B2", Body::empty()).await;
    assert_eq!((r.status, r.headers["location"].to_str().unwrap()), (303, book));
    assert_eq!(send("GET", "/clause/1987/Law%2099Z", Body::empty()).await.status, 404);
}

#[tokio::test]
async fn wrong_methods_and_unknown_paths() {
    let e = send("GET", RULE, Body::empty()).await;
    assert_eq!((e.status, e.json()["error"].as_str()), (405, Some("method_not_allowed")));
    serve_support::check_error(&openapi(), &e.json()).unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(e.headers["allow"], "POST");
    let e = send("DELETE", "/api/v1/editions", Body::empty()).await;
    assert_eq!((e.status, e.json()["error"].as_str()), (405, Some("method_not_allowed")));
    serve_support::check_error(&openapi(), &e.json()).unwrap_or_else(|m| panic!("{m}"));
    let e = send("GET", "/api/v1/nothing", Body::empty()).await;
    assert_eq!((e.status, e.json()["error"].as_str()), (404, Some("not_found")));
    serve_support::check_error(&openapi(), &e.json()).unwrap_or_else(|m| panic!("{m}"));
}

#[tokio::test]
async fn the_book_is_served_from_memory_only() {
    let index = send("GET", "/book/", Body::empty()).await;
    assert_eq!(index.status, 200);
    assert!(index.text().contains("<html"));
    assert_eq!(send("GET", "/book/laws/1987/law-30.html", Body::empty()).await.status, 200);
    assert_eq!(send("GET", "/book/style.css", Body::empty()).await.headers["content-type"], "text/css; charset=utf-8");
    for path in [
        "/book/../Cargo.toml",
        "/book/%2e%2e/%2e%2e/etc/passwd",
        "/book/..%2f..%2fCargo.toml",
        "/book//etc/passwd",
        "/book/laws/1987/../../../../Cargo.toml",
        "/book/laws/1987/",
    ] {
        let r = send("GET", path, Body::empty()).await;
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        assert!(!r.text().contains("[workspace]") && !r.text().contains("root:"), "{path}");
    }
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    for (method, uri) in
        [("GET", "/"), ("GET", "/app.js"), ("GET", "/book/"), ("GET", "/api/v1/editions"), ("GET", "/nothing")]
    {
        let r = send(method, uri, Body::empty()).await;
        assert_eq!(r.headers["content-security-policy"], serve::CSP, "{uri}");
        assert!(serve::CSP.starts_with("default-src 'self'"));
        assert_eq!(r.headers["x-content-type-options"], "nosniff", "{uri}");
    }
    let page = send("GET", "/", Body::empty()).await.text();
    assert!(!page.contains("http://") && !page.contains("https://"), "the page loads nothing from elsewhere");
    assert!(!page.contains("<script>") && !page.contains(" style="), "no inline script or style (CSP)");
}

#[tokio::test]
async fn responses_are_compressed_when_asked() {
    let router = serve::router(app(), Limits::default());
    let request = Request::builder()
        .method("POST")
        .uri(RULE)
        .header("accept-encoding", "gzip")
        .body(Body::from(LAW_30B2_CASE))
        .unwrap();
    let response = router.oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

#[test]
fn every_documented_endpoint_is_served() {
    let doc = openapi();
    let served = [
        "/api/v1/rule",
        "/api/v1/case",
        "/api/v1/editions",
        "/api/v1/facts",
        "/api/v1/clauses/{edition}/{id}",
        "/api/v1/openapi.json",
    ];
    let documented: Vec<&String> = doc["paths"].as_object().unwrap().keys().collect();
    assert_eq!(documented.len(), served.len(), "{documented:?}");
    for p in served {
        assert!(doc["paths"].get(p).is_some(), "{p} is not documented");
    }
}

#[tokio::test]
async fn a_law_directory_rules_through_the_interpreter_as_the_built_in_laws_do() {
    let loaded = bridgelaw::laws::load(&serve_support::workspace().join("laws")).expect("the laws load");
    let loaded: &'static bridgelaw::laws::LoadedLaws = Box::leak(Box::new(loaded));
    let app = Arc::new(App::loaded(loaded, &[], Limits::default().body));
    let request = |uri: &str, body: &'static str| {
        let router = serve::router(app.clone(), Limits::default());
        let request = Request::builder().method("POST").uri(uri).body(Body::from(body)).unwrap();
        async move {
            let response = router.oneshot(request).await.unwrap();
            let status = response.status().as_u16();
            let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
            (status, serde_json::from_slice::<Value>(&body).unwrap())
        }
    };
    let (status, interpreted) = request(RULE, LAW_30B2_CASE).await;
    assert_eq!(status, 200, "{interpreted}");
    assert_eq!(interpreted, api("POST", RULE, RULE, LAW_30B2_CASE).await.json());
    let (status, e) = request("/api/v1/rule?edition=1066", LAW_30B2_CASE).await;
    assert_eq!((status, e["error"].as_str()), (404, Some("not_found")));
    let (status, e) = request(RULE, r#"{"edition": "1066", "dealer": "N", "events": []}"#).await;
    assert_eq!((status, e["error"].as_str()), (404, Some("not_found")), "{e}");
    let (status, e) = request(RULE, r#"{"edition": "1987", "dealer": "N", "events": [{"N": "1Z"}]}"#).await;
    assert_eq!((status, e["errors"][0]["field"].as_str()), (400, Some("/events/0/N")), "{e}");
}

#[tokio::test]
async fn a_key_given_twice_is_an_error_at_the_second() {
    // The last value is not taken: the duplicate is the error, located, not "unknown edition 3000".
    let body = "{\"edition\": \"1987\",\n \"edition\": \"3000\", \"dealer\": \"N\", \"events\": []}";
    let e = api("POST", RULE, RULE, body).await;
    let j = e.json();
    assert_eq!((e.status, j["error"].as_str()), (400, Some("invalid_case")), "{j:#}");
    assert_eq!((j["errors"][0]["line"].as_u64(), j["errors"][0]["column"].as_u64()), (Some(2), Some(2)), "{j:#}");
    assert!(j["errors"][0]["message"].as_str().unwrap().contains("duplicate key `edition`"), "{j:#}");
    // In an event's director entry too.
    let body = r#"{"dealer": "N", "events": [{"N": "1H"}, {"W": "pass"}, {"director": {"pass_meaning": "natural", "pass_meaning": "conventional"}}]}"#;
    let j = api("POST", RULE, RULE, body).await.json();
    assert!(j["errors"][0]["message"].as_str().unwrap().contains("duplicate key `pass_meaning`"), "{j:#}");
    // A case file opened on the page, with a byte-order mark, reads as without.
    let e = api("POST", "/api/v1/case", "/api/v1/case", "\u{feff}dealer: N\nevents: []\n").await;
    assert_eq!((e.status, e.json()["dealer"].as_str()), (200, Some("N")), "{}", e.text());
    let e = api("POST", "/api/v1/case", "/api/v1/case", "dealer: N\nevents: []\ndealer: S\n").await;
    assert_eq!((e.status, e.json()["errors"][0]["line"].as_u64()), (400, Some(3)), "{}", e.text());
}

/// Every case of the corpus, in its JSON form, is read alike by the fast path and by the
/// YAML reader, and ruled alike through the endpoint.
#[tokio::test]
async fn every_corpus_case_reads_the_same_by_both_paths() {
    let files = bridgelaw::case_file::discover(&[serve_support::workspace().join("tests/cases")]).unwrap();
    assert!(files.len() > 100, "{}", files.len());
    let mut fast = 0;
    for f in &files {
        let yaml = std::fs::read_to_string(f).unwrap();
        let json = serve::to_json(&bridgelaw_compiler::source::load_yaml(0, &yaml).unwrap()).to_string();
        let slow = bridgelaw::case_file::parse_with(&json, None);
        let quick = serve::read_fast(&json, None);
        match (&slow, &quick) {
            (Ok(s), Some(q)) => {
                assert_eq!(s, q, "{}", f.display());
                assert_eq!(bridgelaw_runtime::rule(s), bridgelaw_runtime::rule(q), "{}", f.display());
                fast += 1;
            }
            // A body the fast path does not take is read by the YAML reader alone.
            (_, None) => {}
            (Err(e), Some(_)) => panic!("{}: the fast path takes what the reader rejects: {e:?}", f.display()),
        }
        let answer = send("POST", RULE, json.clone()).await;
        let expected = match &slow {
            Ok(case) => bridgelaw_runtime::rule(case).map(|r| serde_json::to_value(r.versioned()).unwrap()).ok(),
            Err(_) => None,
        };
        if let Some(expected) = expected {
            assert_eq!((answer.status, answer.json()), (200, expected), "{}", f.display());
        }
    }
    // Almost every case takes the fast path (those with an escape in a string do not).
    assert!(fast * 10 >= files.len() * 9, "{fast} of {}", files.len());
}
