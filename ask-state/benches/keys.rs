//! Applying keys on a large form: 30 questions x 40 options.

use std::hint::black_box;

use ask_contract::{ParseOptions, parse_params};
use ask_keymap::{Key, Keymap, behaviour::Behaviour};
use ask_state::{Flow, FlowOptions};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;

fn large_flow() -> Flow {
    let questions: Vec<_> = (0..30)
        .map(|i| {
            let options: Vec<_> = (0..40)
                .map(|j| json!({"value": format!("v{j}"), "label": format!("Option {j} of question {i}"),
                    "description": "A longer description that explains the trade-offs of this option.",
                    "preview": (0..20).map(|l| format!("line {l}: fn example() {{ let x = {j}; }}")).collect::<Vec<_>>().join("\n")}))
                .collect();
            let kind = ["single", "multi", "preview"][i % 3];
            json!({"id": format!("q{i}"), "prompt": format!("Question {i}?"), "type": kind, "options": options})
        })
        .collect();
    let form =
        parse_params(&json!({"questions": questions}), ParseOptions::default()).expect("valid");
    Flow::new(
        form,
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default(),
    )
}

fn bench(c: &mut Criterion) {
    let keys: Vec<Key> = [
        "down",
        "space",
        "down",
        "tab",
        "3",
        "n",
        "x",
        "enter",
        "shift+tab",
        "up",
    ]
    .iter()
    .map(|k| k.parse().expect("key"))
    .collect();
    let base = large_flow();
    c.bench_function("state: 10 keys on 30x40 form", |b| {
        b.iter_batched(
            || base.clone(),
            |mut flow| {
                for key in &keys {
                    let command = flow.handle_key(*key);
                    let _ = black_box(flow.apply(command));
                }
                flow
            },
            criterion::BatchSize::SmallInput,
        );
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
