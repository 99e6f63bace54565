//! Type-to-filter on 1,000 options: one filter keystroke (typing narrows, Backspace
//! widens and rescans every option) plus a full 120x40 frame must stay under 1 ms.

use std::hint::black_box;

use ask_contract::{ParseOptions, parse_params};
use ask_keymap::{Key, KeyCode, Keymap, behaviour::Behaviour};
use ask_render::{RenderOptions, render};
use ask_state::{Flow, FlowOptions};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;

const WORDS: [&str; 12] = [
    "alpha", "billing", "cache", "search", "server", "queue", "worker", "gateway", "storage",
    "metrics", "auth", "router",
];
const PLACES: [&str; 6] = [
    "Frankfurt",
    "Tokyo",
    "Oregon",
    "Mumbai",
    "São Paulo",
    "Dublin",
];

/// 1,000 options with two-word labels and a description each.
fn flow() -> Flow {
    let options: Vec<_> = (0..1000)
        .map(|n| {
            let (a, b) = (WORDS[n % 12], WORDS[(n / 12) % 12]);
            json!({
                "value": format!("v{n}"),
                "label": format!("{a}-{b} {n}"),
                "description": format!("Runs the {b} {a} service in {}", PLACES[n % 6]),
            })
        })
        .collect();
    let payload =
        json!({"questions": [{"id": "svc", "prompt": "Which service?", "options": options}]});
    let form = parse_params(&payload, ParseOptions::default()).expect("valid bench payload");
    let mut flow = Flow::new(
        form,
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default(),
    );
    let _ = flow.apply(flow.handle_key(Key::char('/')));
    flow
}

/// Presses `keys` in turn (one per iteration) and renders a frame after each.
fn keys_and_frame(c: &mut Criterion, name: &str, keys: &[Key]) {
    let mut flow = flow();
    let size = RenderOptions::new(120, 40);
    let mut n = 0usize;
    c.bench_function(name, |b| {
        b.iter(|| {
            let command = flow.handle_key(keys[n % keys.len()]);
            n += 1;
            let _ = flow.apply(command);
            black_box(render(black_box(&flow), &size))
        });
    });
}

fn bench(c: &mut Criterion) {
    let back = Key::plain(KeyCode::Backspace);
    // Types `serv`, then deletes it: four narrowing keys, four widening ones.
    let typed: Vec<Key> = "serv".chars().map(Key::char).collect();
    let mut cycle = typed.clone();
    cycle.extend([back; 4]);
    keys_and_frame(c, "filter_key_frame_1000_options", &cycle);
    // The worst key: one character, so every option is scored and most of them match.
    keys_and_frame(
        c,
        "filter_one_char_key_frame_1000_options",
        &[Key::char('e'), back],
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
