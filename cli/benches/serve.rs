//! Criterion benchmark of what `POST /api/v1/rule` does for a typical
//! irregular auction (Law 30B2 of 1987, 8 events), without the network: the
//! ruling alone, then reading the JSON case (with the case-file reader, and
//! with the fast path `POST /api/v1/rule` takes) and writing the JSON ruling
//! around it, then the whole service (layers and router) in process. The
//! load test over loopback (`scripts/load-test.sh`) adds the HTTP connection.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use axum::body::Body;
use axum::http::Request;
use bridgelaw::serve::{self, App, Limits};
use bridgelaw_compiler::SourceSet;
use bridgelaw_editions as _; // rules with the built-in laws
use criterion::{criterion_group, criterion_main, Criterion};
use std::sync::Arc;
use tower::ServiceExt;

#[path = "common/serve_case.rs"]
mod serve_case;

use serve_case::CASE;

fn bench(c: &mut Criterion) {
    let case = bridgelaw::case_file::parse(CASE).expect("the case parses");
    let mut group = c.benchmark_group("serve");
    group.bench_function("rule only (parsed case)", |b| b.iter(|| bridgelaw_runtime::rule(&case).expect("it rules")));
    group.bench_function("read the JSON case (case_file)", |b| {
        b.iter(|| bridgelaw::case_file::parse(CASE).expect("it parses"))
    });
    group.bench_function("read the JSON case (serve's fast path)", |b| {
        b.iter(|| serve::read_fast(CASE, None).expect("it parses"))
    });
    let ruling = bridgelaw_runtime::rule(&case).expect("it rules");
    group.bench_function("write the JSON ruling", |b| {
        b.iter(|| serde_json::to_vec(&ruling.versioned()).expect("it serializes"))
    });
    let set = SourceSet::from_embedded(bridgelaw_runtime::tables::sources());
    let app = Arc::new(App::new(&set, &[], Limits::default().body).expect("the laws compile"));
    group.bench_function("JSON case in, JSON ruling out", |b| {
        b.iter(|| serve::rule_json(&app, CASE, None).expect("it rules"))
    });
    let router = serve::router(app, Limits::default());
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    group.bench_function("the whole service in process (no socket)", |b| {
        b.iter(|| {
            runtime.block_on(async {
                let request = Request::post("/api/v1/rule").body(Body::from(CASE)).expect("a request");
                let response = router.clone().oneshot(request).await.expect("an answer");
                assert!(response.status().is_success());
                axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body")
            })
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
