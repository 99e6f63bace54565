//! Settings parsing speed. No design budget names it; it runs on every settings load and
//! reload, so this keeps an eye on it.

use std::hint::black_box;

use ask_settings::AskConfig;
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let config = AskConfig::default().to_json();
    c.bench_function("settings from_json", |b| {
        b.iter(|| AskConfig::from_json(black_box(&config)));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
