//! The key path of a terminal host in process (issue 33): on a 30-question x 40-option
//! form with previews at 120x40, the same moves `tests/pty-bench/key_path.py` presses
//! (down, down, up, up, tab, shift+tab), each as
//!
//! - `key+frame`: the key and the frame it leads to, what `ask run --script` does per key
//!   (the headless figure);
//! - `key+frame+paint`: the same, painted full screen into a buffer, what the terminal
//!   loop does per key before its one `write`;
//! - `key+frame+paint, cold`: the same after 32 MiB were written elsewhere (not timed),
//!   as when the process slept between keys and other work ran on its core: what a key
//!   costs with cold caches, which the pty run pays and a headless run of keys in a row
//!   does not.
//!
//! The difference is the painter's share of a key; the pty figure adds the kernel's
//! (`poll`, `read`, `write` on the terminal). A measurement, not a test.

use std::hint::black_box;

use ask_contract::{ParseOptions, parse_params};
use ask_host::Session;
use ask_host::render::theme::Theme;
use ask_host::settings::Settings;
use ask_host::term::Painter;
use ask_keymap::Key;
use ask_settings::AskConfig;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

const COLS: u16 = 120;
const ROWS: u16 = 40;
const KEYS: [&str; 6] = ["down", "down", "up", "up", "tab", "shift+tab"];

/// The form of `key_path.py`: 30 questions of 40 options, each with a 20-line preview.
fn large_form() -> Value {
    let questions: Vec<Value> = (0..30)
        .map(|q| {
            let options: Vec<Value> = (0..40)
                .map(|o| {
                    let preview: Vec<String> = (0..20)
                        .map(|l| format!("fn option_{o}_line_{l}() {{ /* preview of question {q} */ }}"))
                        .collect();
                    json!({"value": format!("v{o}"), "label": format!("Option {o} of question {q}"),
                           "description": "A description long enough to wrap on a narrow terminal window",
                           "preview": preview.join("\n")})
                })
                .collect();
            let kind = ["preview", "multi", "single"][q % 3];
            json!({"id": format!("q{q}"), "prompt": format!("Question {q}: which option fits best?"),
                   "type": kind, "options": options})
        })
        .collect();
    json!({"title": "Large form", "questions": questions})
}

fn session() -> Session {
    let form = parse_params(&large_form(), ParseOptions::default()).expect("a valid form");
    let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
    session.resize(COLS, ROWS);
    session
}

fn keys() -> Vec<Key> {
    KEYS.iter().map(|k| k.parse().expect("a key")).collect()
}

fn key_path(c: &mut Criterion) {
    let keys = keys();
    let mut group = c.benchmark_group("key_path_30x40");
    group.bench_function("key+frame", |b| {
        let mut session = session();
        let mut i = 0;
        b.iter(|| {
            session.key(keys[i % keys.len()]);
            i += 1;
            black_box(session.frame());
        });
    });
    group.bench_function("key+frame+paint", |b| {
        let mut session = session();
        let mut painter = Painter::fullscreen(Theme::default());
        let mut out = Vec::with_capacity(64 * 1024);
        let mut i = 0;
        b.iter(|| {
            session.key(keys[i % keys.len()]);
            i += 1;
            out.clear();
            painter
                .paint(&mut out, &session.frame(), COLS, ROWS)
                .expect("a buffer takes every byte");
            black_box(out.len());
        });
    });
    group.bench_function("key+frame+paint, cold", |b| {
        let mut session = session();
        let mut painter = Painter::fullscreen(Theme::default());
        let mut out = Vec::with_capacity(64 * 1024);
        let mut elsewhere = vec![0u8; 32 << 20];
        let mut i = 0;
        b.iter_batched(
            || {
                // Other work on the core: every cache line of 32 MiB written.
                for chunk in elsewhere.chunks_mut(64) {
                    chunk[0] = chunk[0].wrapping_add(1);
                }
                black_box(&elsewhere);
            },
            |()| {
                session.key(keys[i % keys.len()]);
                i += 1;
                out.clear();
                painter
                    .paint(&mut out, &session.frame(), COLS, ROWS)
                    .expect("a buffer takes every byte");
                black_box(out.len());
            },
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

criterion_group!(benches, key_path);
criterion_main!(benches);
