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

/// A terminal host's work for one key: the key, its frame, the frame painted.
struct Host {
    session: Session,
    painter: Painter,
    out: Vec<u8>,
    keys: Vec<Key>,
    pressed: usize,
}

impl Host {
    fn new() -> Self {
        Self {
            session: session(),
            painter: Painter::fullscreen(Theme::default()),
            out: Vec::with_capacity(64 * 1024),
            keys: keys(),
            pressed: 0,
        }
    }

    /// The next key and its frame, painted when `paint`.
    fn key(&mut self, paint: bool) {
        let key = self.keys[self.pressed % self.keys.len()];
        self.pressed += 1;
        self.session.key(key);
        let frame = self.session.frame();
        if paint {
            self.out.clear();
            self.painter
                .paint(&mut self.out, &frame, COLS, ROWS)
                .expect("a buffer takes every byte");
        }
        black_box((frame, self.out.len()));
    }
}

fn key_path(c: &mut Criterion) {
    let mut group = c.benchmark_group("key_path_30x40");
    group.bench_function("key+frame", |b| {
        let mut host = Host::new();
        b.iter(|| host.key(false));
    });
    group.bench_function("key+frame+paint", |b| {
        let mut host = Host::new();
        b.iter(|| host.key(true));
    });
    group.bench_function("key+frame+paint, cold", |b| {
        let mut host = Host::new();
        let mut elsewhere = vec![0u8; 32 << 20];
        b.iter_batched(
            || {
                // Other work on the core: every cache line of 32 MiB written.
                for chunk in elsewhere.chunks_mut(64) {
                    chunk[0] = chunk[0].wrapping_add(1);
                }
                black_box(&elsewhere);
            },
            |()| host.key(true),
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

criterion_group!(benches, key_path);
criterion_main!(benches);
