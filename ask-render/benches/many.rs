//! The per-key budget on forms with many questions: one key plus a full 80x24 frame
//! costs at most 5 ms with 10,000 questions and with 200,000 (about what a 16 MiB
//! payload holds): switching tabs in the middle of the form, and moving and paging
//! on the review tab.

use std::hint::black_box;

use ask_contract::{ParseOptions, parse_params};
use ask_keymap::{Behaviour, Key, KeyCode, Keymap, Modifiers};
use ask_render::{RenderOptions, render};
use ask_state::{Command, Flow, FlowOptions};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

fn flow(questions: usize) -> Flow {
    let questions: Vec<Value> = (1..=questions)
        .map(|n| {
            json!({"id": format!("q{n}"), "prompt": format!("Question {n}?"),
                        "options": [{"value": "y", "label": "Yes"}, {"value": "n", "label": "No"}]})
        })
        .collect();
    let form = parse_params(&json!({ "questions": questions }), ParseOptions::default())
        .expect("valid bench payload");
    Flow::new(
        form,
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default(),
    )
}

/// Presses `keys` in turn (one per iteration) and renders a frame after each.
fn key_and_frame(c: &mut Criterion, name: &str, mut flow: Flow, keys: &[Key]) {
    let size = RenderOptions::new(80, 24);
    let mut n = 0usize;
    c.bench_function(name, |b| {
        b.iter(|| {
            n += 1;
            let command = flow.handle_key(keys[n % keys.len()]);
            let _ = flow.apply(command);
            black_box(render(black_box(&flow), &size))
        });
    });
}

fn bench(c: &mut Criterion) {
    let tabs = [
        Key::plain(KeyCode::Tab),
        Key::new(KeyCode::Tab, Modifiers::SHIFT),
    ];
    let moves = [Key::plain(KeyCode::Down), Key::plain(KeyCode::Up)];
    let pages = [
        Key::plain(KeyCode::PageDown),
        Key::plain(KeyCode::PageDown),
        Key::plain(KeyCode::PageUp),
        Key::plain(KeyCode::PageUp),
    ];
    for (count, name) in [(10_000, "10k"), (200_000, "200k")] {
        // The middle of the form, every other question answered.
        let mut middle = flow(count);
        for q in 0..count / 2 {
            let _ = middle.apply(if q % 2 == 0 {
                Command::Digit(1)
            } else {
                Command::NextTab
            });
        }
        key_and_frame(
            c,
            &format!("key_frame_{name}_questions_tab_switch"),
            middle.clone(),
            &tabs,
        );
        // The review tab, its list scrolled to the middle.
        let mut review = middle;
        let _ = review.apply(Command::PrevTab);
        while review.tab() != ask_state::Tab::Review {
            let _ = review.apply(Command::PrevTab);
        }
        let _ = review.apply(Command::ScrollReview(i32::try_from(count / 2).unwrap_or(0)));
        key_and_frame(
            c,
            &format!("key_frame_{name}_questions_review_move"),
            review.clone(),
            &moves,
        );
        key_and_frame(
            c,
            &format!("key_frame_{name}_questions_review_page"),
            review,
            &pages,
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
