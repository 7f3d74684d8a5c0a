//! Criterion benchmark of `bridgelaw test` on the whole case corpus as a
//! whole process: start-up, reading every case file and its `expect:` block,
//! ruling it under each edition it names, comparing, printing the summary;
//! with the compiled tables, and with `--laws` (the laws read, checked and
//! interpreted in the process).

use criterion::{criterion_group, criterion_main, Criterion};
use std::process::Command;

fn bench(c: &mut Criterion) {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cases");
    let run = || {
        let out =
            Command::new(env!("CARGO_BIN_EXE_bridgelaw")).args(["test", corpus]).output().expect("the binary runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
        out
    };
    run();
    let mut group = c.benchmark_group("process");
    group.sample_size(20);
    group.bench_function("bridgelaw test over the whole corpus", |b| b.iter(run));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
