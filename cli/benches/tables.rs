//! One table evaluation, three ways, on one random stream of the 1987
//! `bid_out_of_rotation` table's fact combinations (6 of its 9 facts vary; 4,096 of
//! them, and their first 256, which L1 holds):
//! the generated table as the referee asks it (its decision, the
//! delegations followed, its rule and its trace's length; also with each
//! rectification visited for its trace), a hand-written `match`
//! of the same table returning the rule, and the law interpreter through the
//! same interface. Lives with the CLI because the interpreter is the
//! compiler's, which the runtime never depends on.
#![allow(clippy::unwrap_used, clippy::expect_used, reason = "test code: a failed unwrap is a failed test")]

use bridgelaw::laws;
use bridgelaw_compiler::SourceSet;
use bridgelaw_editions as _; // rules with the built-in laws
use bridgelaw_runtime::tables::{self, Edition, Facts, Laws, Table};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// The stream the runtime's instruction counts use (`counts table`).
#[path = "../../runtime/benches/common/table_stream.rs"]
mod table_stream;

use table_stream::{by_hand, table_stream};

/// The table as the referee asks it: the decision, its rule and its trace's length (the
/// clauses of every rectification, counted at build time: `Decision::trace_len`).
fn as_the_referee_asks(laws: &dyn Laws, f: &Facts) -> (&'static str, usize) {
    let d = tables::decide(laws, Table::BidOutOfRotation, f);
    let rule = d.rules().next().unwrap_or("");
    (rule, d.trace_len())
}

/// The same, the trace's length summed over the rectifications, each visited, as the referee
/// visits each to apply it (what `as_the_referee_asks` measured before `trace_len`).
fn outcomes_walked(laws: &dyn Laws, f: &Facts) -> (&'static str, usize) {
    let d = tables::decide(laws, Table::BidOutOfRotation, f);
    let rule = d.rules().next().unwrap_or("");
    (rule, d.outcomes().map(|t| t.trace().count()).sum())
}

fn bench(c: &mut Criterion) {
    let loaded = laws::from_sources(SourceSet::from_embedded(tables::sources())).expect("the embedded laws load");
    let interpreted = loaded.edition("1987").expect("1987");
    let generated = Edition::E1987.laws();
    // 4,096 combinations, more `Facts` than this machine's L1 holds, and the stream's first 256,
    // which L1 holds as it holds the referee's one `Facts`: the evaluation with its facts'
    // loads missing L1 and with them hitting it.
    for (name, n) in [("L2-resident", 4096), ("L1-resident", 256)] {
        let facts = table_stream(n);
        for f in &facts {
            let (rule, _) = as_the_referee_asks(generated, f);
            assert_eq!(rule, by_hand(f), "{f:?}");
            assert_eq!(as_the_referee_asks(interpreted, f), as_the_referee_asks(generated, f));
            assert_eq!(outcomes_walked(generated, f), as_the_referee_asks(generated, f));
            assert_eq!(outcomes_walked(interpreted, f), as_the_referee_asks(generated, f));
        }
        let title = format!("bid_out_of_rotation (1987), one evaluation, {n} combinations ({name})");
        let mut group = c.benchmark_group(title);
        let mut run = |name: &str, eval: &dyn Fn(&Facts) -> usize| {
            group.bench_function(name, |b| {
                let mut i = 0;
                b.iter(|| {
                    i = (i + 1) & (n - 1);
                    eval(black_box(&facts[i]))
                })
            });
        };
        run("generated, as the referee asks it (trace included)", &|f| as_the_referee_asks(generated, f).1);
        run("generated, each rectification visited", &|f| outcomes_walked(generated, f).1);
        run("generated, verdict only", &|f| {
            usize::from(matches!(generated.ask(Table::BidOutOfRotation, f), tables::Verdict::Rule(_)))
        });
        run("hand-written match returning the rule", &|f| by_hand(f).len());
        run("interpreter, as the referee asks it (trace included)", &|f| as_the_referee_asks(interpreted, f).1);
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
