//! Criterion benchmark of generating the whole law book: compiling the
//! embedded laws, ruling every case of the corpus, rendering every page and
//! writing the site to disk.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw::book;
use bridgelaw_compiler::SourceSet;
use bridgelaw_editions as _; // rules with the built-in laws
use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;

fn bench(c: &mut Criterion) {
    let laws = SourceSet::from_embedded(bridgelaw_runtime::tables::sources());
    let cases = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/cases"));
    let out = std::env::temp_dir().join(format!("bridgelaw-book-bench-{}", std::process::id()));
    let generate = || book::generate(&laws, cases, &out).unwrap_or_else(|e| panic!("the book generates: {e:?}"));
    let summary = generate();
    println!(
        "the law book: {} pages ({} law pages, {} case pages)",
        summary.pages, summary.law_pages, summary.case_pages
    );
    let mut group = c.benchmark_group("book");
    group.sample_size(20);
    group.bench_function("generating the whole law book", |b| b.iter(generate));
    group.finish();
    let _ = std::fs::remove_dir_all(&out);
}

criterion_group!(benches, bench);
criterion_main!(benches);
