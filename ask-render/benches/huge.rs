//! The per-key budget on huge payloads: one key plus a full 120x40 frame costs at
//! most 5 ms whatever the payload (up to 10 MB) holds: a prompt of newlines, one
//! huge line, a huge description, a huge preview (at its top and scrolled to its
//! middle), many options, or an editor holding 1 MB of text.

use std::fmt::Write as _;

use ask_keymap::{Key, KeyCode};
use ask_render::RenderOptions;
use ask_state::Command;
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

mod support;
use support::{flow, key_and_frame};

const MB: usize = 1 << 20;

fn options(n: usize) -> Vec<Value> {
    (0..n)
        .map(|o| json!({"value": format!("v{o}"), "label": format!("Option {o}")}))
        .collect()
}

/// `len` bytes of prose: words and spaces, no newline.
fn one_line(len: usize) -> String {
    "lorem ipsum dolor sit amet ".repeat(len / 27 + 1)[..len].to_owned()
}

fn bench(c: &mut Criterion) {
    let size = RenderOptions::new(120, 40);
    let up_down = [Key::plain(KeyCode::Down), Key::plain(KeyCode::Up)];
    let newlines = flow(
        &json!({"questions": [{"id": "q", "prompt": format!("Why?{}end", "\n".repeat(10 * MB)),
        "options": options(3)}]}),
    );
    key_and_frame(
        c,
        "key_frame_10mb_prompt_of_newlines",
        newlines,
        &up_down,
        &size,
    );

    let line = flow(
        &json!({"questions": [{"id": "q", "prompt": one_line(10 * MB),
        "options": options(3)}]}),
    );
    key_and_frame(
        c,
        "key_frame_10mb_single_line_prompt",
        line,
        &up_down,
        &size,
    );

    let mut described = options(3);
    described[0]["description"] = json!("x".repeat(10 * MB));
    let description = flow(&json!({"questions": [{"id": "q", "prompt": "Pick one",
        "options": described}]}));
    key_and_frame(
        c,
        "key_frame_10mb_description_word",
        description,
        &up_down,
        &size,
    );

    let mut code = String::new();
    for l in 0.. {
        let line = format!("    let value_{l} = compute(input, {l}); // line {l} of the preview\n");
        if code.len() + line.len() > 10 * MB {
            break;
        }
        code.push_str(&line);
    }
    let preview = flow(
        &json!({"questions": [{"id": "q", "type": "preview", "prompt": "Which one?",
        "options": [{"value": "a", "label": "A", "preview": code},
                    {"value": "b", "label": "B", "preview": "fn b() {}"}]}]}),
    );
    let page = [Key::plain(KeyCode::PageDown), Key::plain(KeyCode::PageUp)];
    let mut deep = preview.clone();
    key_and_frame(c, "key_frame_10mb_preview_scroll", preview, &page, &size);
    // Scrolled to the middle of its 150,000 lines: finding the shown line looks at one
    // chunk of the line index, not at every line above it.
    let _ = deep.apply(Command::ScrollPreview(75_000));
    key_and_frame(
        c,
        "key_frame_10mb_preview_scroll_middle",
        deep,
        &page,
        &size,
    );

    let mut many = flow(&json!({"questions": [{"id": "q", "prompt": "Pick one",
        "options": options(10 * MB / 40)}]}));
    for _ in 0..1000 {
        let _ = many.apply(Command::MoveCursor(1));
    }
    key_and_frame(c, "key_frame_10mb_many_options", many, &up_down, &size);

    // An editor holding 1 MB of 80-column lines, the cursor in the middle: type a
    // character, then delete it, so the buffer keeps its size.
    let mut editor = flow(&json!({"questions": [{"id": "q", "prompt": "Why?",
        "options": options(2)}]}));
    let text = (0..MB / 81).fold(String::new(), |mut s, l| {
        let _ = writeln!(s, "{:<80}", format!("line {l} of the pasted text"));
        s
    });
    let _ = editor.apply(Command::Paste(text));
    for _ in 0..MB / 81 / 2 {
        let _ = editor.apply(Command::Edit(ask_state::model::EditCommand::Up));
    }
    let typing = [Key::char('x'), Key::plain(KeyCode::Backspace)];
    key_and_frame(c, "key_frame_1mb_editor_typing", editor, &typing, &size);
}

criterion_group!(benches, bench);
criterion_main!(benches);
