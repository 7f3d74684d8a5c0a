//! Fixed work for instruction counts of what `POST /api/v1/rule` does
//! (`valgrind --tool=callgrind --toggle-collect='serve_counts::run*'`):
//! `serve_counts json N` rules the Law 30B2 case of the load test N times from
//! its JSON text to the JSON ruling (`serve::rule_json`); `serve_counts service
//! N` sends it N times through the whole service (router and layers), without a
//! socket; `serve_counts rule N` rules the parsed case alone, and `serve_counts
//! write N` writes its JSON ruling alone, so that the HTTP and JSON overheads
//! can be told apart.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "benchmark code: a failed unwrap is a failed benchmark")]

use axum::body::Body;
use axum::http::Request;
use bridgelaw::serve::{self, App, Limits};
use bridgelaw_compiler::SourceSet;
use bridgelaw_editions as _; // rules with the built-in laws
use std::hint::black_box;
use std::sync::Arc;
use tower::ServiceExt;

#[path = "common/serve_case.rs"]
mod serve_case;

use serve_case::CASE;

#[inline(never)]
fn run_json(app: &App, n: usize) -> usize {
    (0..n).map(|_| black_box(serve::rule_json(app, black_box(CASE), None).unwrap()).len()).sum()
}

#[inline(never)]
fn run_rule(case: &bridgelaw_runtime::Case, n: usize) -> usize {
    (0..n).map(|_| black_box(bridgelaw_runtime::rule(black_box(case)).unwrap()).irregularities.len()).sum()
}

#[inline(never)]
fn run_write(ruling: &bridgelaw_runtime::Ruling, n: usize) -> usize {
    (0..n).map(|_| black_box(serde_json::to_vec(&ruling.versioned()).unwrap()).len()).sum()
}

#[inline(never)]
fn run_service(router: &axum::Router, runtime: &tokio::runtime::Runtime, n: usize) -> usize {
    let mut total = 0;
    for _ in 0..n {
        total += runtime.block_on(async {
            let request = Request::post("/api/v1/rule").body(Body::from(CASE)).unwrap();
            let response = router.clone().oneshot(request).await.unwrap();
            assert!(response.status().is_success());
            axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap().len()
        });
    }
    total
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // `cargo test --benches` runs this with `--bench`-less test arguments: do a little of each.
    let what = args.get(1).map_or("all", String::as_str);
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let set = SourceSet::from_embedded(bridgelaw_runtime::tables::sources());
    let app = Arc::new(App::new(&set, &[], Limits::default().body).expect("the laws compile"));
    let case = bridgelaw::case_file::parse(CASE).expect("the case parses");
    let ruling = bridgelaw_runtime::rule(&case).expect("it rules");
    let total = match what {
        "json" => run_json(&app, n),
        "rule" => run_rule(&case, n),
        "write" => run_write(&ruling, n),
        "service" => {
            let router = serve::router(app, Limits::default());
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            run_service(&router, &runtime, n)
        }
        _ => {
            let router = serve::router(app.clone(), Limits::default());
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
            run_json(&app, 1) + run_rule(&case, 1) + run_write(&ruling, 1) + run_service(&router, &runtime, 1)
        }
    };
    println!("{what} {n}: {total}");
}
