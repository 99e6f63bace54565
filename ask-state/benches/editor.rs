//! Typing into an editor that holds 1 MB of text (budget: <= 5 ms per key, state
//! only; the frame is measured in ask-render's `huge` bench).

use std::fmt::Write as _;

use std::hint::black_box;

use ask_contract::{ParseOptions, parse_params};
use ask_keymap::{Key, KeyCode, Keymap, behaviour::Behaviour};
use ask_state::{
    Command, Flow, FlowOptions,
    model::{EditCommand, TextBuffer},
};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::json;

const MB: usize = 1 << 20;

/// 1 MB of 80-column lines.
fn text() -> String {
    (0..MB / 81).fold(String::new(), |mut s, l| {
        let _ = writeln!(s, "{:<80}", format!("line {l} of the pasted text"));
        s
    })
}

fn bench(c: &mut Criterion) {
    let form = parse_params(
        &json!({"questions": [{"id": "q", "prompt": "Why?",
            "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]}),
        ParseOptions::default(),
    )
    .expect("valid bench payload");
    let mut flow = Flow::new(
        form,
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default(),
    );
    let _ = flow.apply(Command::Paste(text()));
    for _ in 0..MB / 81 / 2 {
        let _ = flow.apply(Command::Edit(EditCommand::Up));
    }
    // Type a character, then delete it, so the buffer keeps its size.
    let keys = [Key::char('x'), Key::plain(KeyCode::Backspace)];
    let mut n = 0usize;
    c.bench_function("state_key_1mb_editor_middle", |b| {
        b.iter(|| {
            n += 1;
            let command = flow.handle_key(keys[n % 2]);
            black_box(flow.apply(command))
        });
    });

    // The buffer alone: a typed word at the end of one 1 MB line.
    let mut buffer = TextBuffer::with_text(&"word ".repeat(MB / 5));
    let edits = [
        EditCommand::Insert("y".into()),
        EditCommand::Insert(" ".into()),
        EditCommand::Backspace,
        EditCommand::Backspace,
    ];
    c.bench_function("buffer_edit_1mb_single_line_end", |b| {
        b.iter(|| {
            n += 1;
            black_box(buffer.apply(&edits[n % edits.len()]))
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
