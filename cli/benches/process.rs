//! Criterion benchmark of `bridgelaw rule` as a whole process: start-up,
//! reading the case file, ruling, printing.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw_editions as _; // rules with the built-in laws
use criterion::{criterion_group, criterion_main, Criterion};
use std::process::Command;

fn bench(c: &mut Criterion) {
    let case = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cases/1987/law30-b2-partner-turn.yaml");
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_bridgelaw")).args(["rule", case]).output().expect("the binary runs");
        assert!(out.status.success());
        out
    };
    run();
    let mut group = c.benchmark_group("process");
    group.sample_size(30);
    group.bench_function("bridgelaw rule on a case file", |b| b.iter(run));
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cases");
    let diff = || {
        let out = Command::new(env!("CARGO_BIN_EXE_bridgelaw"))
            .args(["diff", "--from", "1987", "--to", "2017", corpus])
            .output()
            .expect("the binary runs");
        assert!(out.status.success());
        out
    };
    group.sample_size(10);
    group.bench_function("bridgelaw diff 1987 -> 2017 over the whole corpus", |b| b.iter(diff));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
