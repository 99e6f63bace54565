//! One key plus a full frame on a text and on a number question (typed input checked
//! on every key, the inline rule re-laid out) at 120x40, inside the same 30-question
//! form as `frame.rs` (budget: <= 200 µs median per key and frame).

use std::hint::black_box;

use ask_contract::{ParseOptions, parse_params};
use ask_keymap::{Key, KeyCode, Keymap, behaviour::Behaviour};
use ask_render::{RenderOptions, render};
use ask_state::{Flow, FlowOptions};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

/// 28 choice questions with 40 options each, then a text and a number question.
fn form() -> Value {
    let mut questions: Vec<Value> = (0..28)
        .map(|q| {
            let options: Vec<Value> = (0..40)
                .map(|o| json!({"value": format!("v{o}"), "label": format!("Option {o} of question {q}"),
                                "description": "A description long enough to wrap at narrow widths"}))
                .collect();
            json!({"id": format!("q{q}"), "prompt": format!("Which option for question {q}?"), "options": options})
        })
        .collect();
    questions.push(json!({"id": "name", "label": "Name", "prompt": "What should the project be called?",
        "type": "text", "placeholder": "my-project", "minLength": 3, "maxLength": 64, "format": "email",
        "default": "someone@example.com"}));
    questions.push(
        json!({"id": "replicas", "label": "Replicas", "prompt": "How many replicas?",
        "type": "number", "min": 1, "max": 10000, "integer": true, "unit": "pods", "default": 3}),
    );
    json!({"title": "Typed questions", "questions": questions})
}

/// A flow on question `tab` (0-based) with its editor holding some text.
fn flow_on(tab: usize) -> Flow {
    let form = parse_params(&form(), ParseOptions::default()).expect("valid bench form");
    let mut flow = Flow::new(
        form,
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default(),
    );
    for _ in 0..tab {
        let _ = flow.apply(ask_state::Command::NextTab);
    }
    flow
}

fn bench(c: &mut Criterion) {
    let options = RenderOptions::new(120, 40);
    // Text: type a character and delete it again, so the text (and its format check)
    // stays the same size across iterations.
    let mut text = flow_on(28);
    let keys = [Key::char('x'), Key::plain(KeyCode::Backspace)];
    let mut n = 0usize;
    c.bench_function("text_key_plus_frame_120x40", |b| {
        b.iter(|| {
            n += 1;
            let command = text.handle_key(keys[n % 2]);
            let _ = text.apply(command);
            black_box(render(black_box(&text), &options))
        });
    });
    // Number: a digit in and out, crossing the max and back, so the rule line flips
    // between the rule and the broken rule.
    let mut number = flow_on(29);
    let _ = number.apply(ask_state::Command::Edit(
        ask_state::model::EditCommand::Insert("9999".into()),
    ));
    let keys = [Key::char('9'), Key::plain(KeyCode::Backspace)];
    c.bench_function("number_key_plus_frame_120x40", |b| {
        b.iter(|| {
            n += 1;
            let command = number.handle_key(keys[n % 2]);
            let _ = number.apply(command);
            black_box(render(black_box(&number), &options))
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
