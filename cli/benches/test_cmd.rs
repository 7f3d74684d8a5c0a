//! Criterion benchmark of `bridgelaw test` on the whole case corpus as a
//! whole process: start-up, reading every case file and its `expect:` block,
//! ruling it under each edition it names, comparing, printing the summary;
//! with the compiled tables, and with `--laws` (the laws read, checked and
//! interpreted in the process).
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
use criterion::{criterion_group, criterion_main, Criterion};
use std::process::Command;

fn bench(c: &mut Criterion) {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cases");
    let laws = concat!(env!("CARGO_MANIFEST_DIR"), "/../laws");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_bridgelaw")).args(args).output().expect("the binary runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
        out
    };
    run(&["test", corpus]);
    run(&["test", "--laws", laws, corpus]);
    let mut group = c.benchmark_group("process");
    group.sample_size(20);
    group.bench_function("bridgelaw test over the whole corpus", |b| b.iter(|| run(&["test", corpus])));
    // The committee's loop: the laws read, checked and interpreted, then the corpus (target: 500 ms).
    group.bench_function("bridgelaw test --laws laws over the whole corpus", |b| {
        b.iter(|| run(&["test", "--laws", laws, corpus]))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
