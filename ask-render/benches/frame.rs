//! One key plus a full frame on a 30-question x 40-option form with 20-line
//! previews at 120x40 (budget: <= 200 µs median).

use std::hint::black_box;

use ask_contract::{ParseOptions, parse_params};
use ask_keymap::{Key, KeyCode, Keymap, behaviour::Behaviour};
use ask_render::{RenderOptions, render};
use ask_state::{Flow, FlowOptions};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

fn large_form() -> Value {
    let questions: Vec<Value> = (0..30)
        .map(|q| {
            let options: Vec<Value> = (0..40)
                .map(|o| {
                    let preview: Vec<String> = (0..20)
                        .map(|l| format!("    fn handler_{q}_{o}_{l}(request: Request) -> Response {{ respond(request, \"line {l} of a long preview\") }}"))
                        .collect();
                    json!({"value": format!("v{o}"), "label": format!("Option {o} of question {q}"),
                           "description": "A description long enough to wrap at narrow widths of the option column",
                           "preview": preview.join("\n")})
                })
                .collect();
            json!({"id": format!("q{q}"), "label": format!("Question {q}"), "type": "preview",
                   "prompt": format!("Which implementation should question {q} use for the service layer?"),
                   "options": options})
        })
        .collect();
    json!({"title": "Large form", "questions": questions})
}

fn bench(c: &mut Criterion) {
    let form = parse_params(&large_form(), ParseOptions::default()).expect("valid bench form");
    let mut flow = Flow::new(
        form,
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default(),
    );
    // Start mid-list on a middle question so scrolling, markers and tabs all work.
    for key in [KeyCode::Tab; 15].into_iter().chain([KeyCode::Down; 20]) {
        let command = flow.handle_key(Key::plain(key));
        let _ = flow.apply(command);
    }
    let options = RenderOptions::new(120, 40);
    let keys = [Key::plain(KeyCode::Down), Key::plain(KeyCode::Up)];
    let mut n = 0usize;
    c.bench_function("key_plus_frame_30x40_120x40", |b| {
        b.iter(|| {
            n += 1;
            let command = flow.handle_key(keys[n % 2]);
            let _ = flow.apply(command);
            black_box(render(black_box(&flow), &options))
        });
    });
    c.bench_function("frame_only_30x40_120x40", |b| {
        b.iter(|| black_box(render(black_box(&flow), &options)));
    });
    c.bench_function("key_only_30x40", |b| {
        b.iter(|| {
            n += 1;
            let command = flow.handle_key(keys[n % 2]);
            black_box(flow.apply(command))
        });
    });
    // The same in Japanese: every text from the catalogue, two columns a character.
    let japanese = ask_i18n::LocaleSetting::Fixed(ask_i18n::Locale::Ja);
    let _ = flow.apply(ask_state::Command::ApplyBehaviour(
        Behaviour::default().with_locale(japanese),
    ));
    c.bench_function("key_plus_frame_30x40_120x40_ja", |b| {
        b.iter(|| {
            n += 1;
            let command = flow.handle_key(keys[n % 2]);
            let _ = flow.apply(command);
            black_box(render(black_box(&flow), &options))
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
