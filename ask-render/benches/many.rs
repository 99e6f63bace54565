//! The per-key budget on forms with many questions: one key plus a full 80x24 frame
//! costs at most 5 ms with 10,000 questions and with 200,000 (about what a 16 MiB
//! payload holds): switching tabs in the middle of the form, and moving and paging
//! on the review tab.

use ask_keymap::{Key, KeyCode, Modifiers};
use ask_render::RenderOptions;
use ask_state::{Command, Flow};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

mod support;
use support::key_and_frame;

fn flow(questions: usize) -> Flow {
    let questions: Vec<Value> = (1..=questions)
        .map(|n| {
            json!({"id": format!("q{n}"), "prompt": format!("Question {n}?"),
                        "options": [{"value": "y", "label": "Yes"}, {"value": "n", "label": "No"}]})
        })
        .collect();
    support::flow(&json!({ "questions": questions }))
}

fn bench(c: &mut Criterion) {
    let size = RenderOptions::new(80, 24);
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
            &size,
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
            &size,
        );
        key_and_frame(
            c,
            &format!("key_frame_{name}_questions_review_page"),
            review,
            &pages,
            &size,
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
