//! Forms, flows and the snapshot format shared by the tests.

use std::fmt::Write as _;

use ask_contract::{AskForm, ParseOptions, parse_params};
use ask_keymap::{Key, Keymap, behaviour::Behaviour};
use ask_render::{Frame, RenderOptions, render};
use ask_state::{Command, Flow, FlowOptions};
use serde_json::{Value, json};

pub(crate) const CONFIG_PATH: &str = "/home/u/.pi/agent/extensions/ask-user.json";

pub(crate) fn form(payload: &Value) -> AskForm {
    parse_params(payload, ParseOptions::with_freeform()).expect("test payload is valid")
}

pub(crate) fn flow(payload: &Value) -> Flow {
    flow_with(payload, Behaviour::default())
}

pub(crate) fn flow_with(payload: &Value, behaviour: Behaviour) -> Flow {
    Flow::new(
        form(payload),
        behaviour,
        Keymap::default(),
        FlowOptions::default().config_path(CONFIG_PATH),
    )
}

/// Presses keys given in pi-tui notation; `text:` prefixes type text key by key.
pub(crate) fn press(flow: &mut Flow, keys: &[&str]) {
    for k in keys {
        if let Some(text) = k.strip_prefix("text:") {
            for c in text.chars() {
                let key = if c == ' ' {
                    "space".parse::<Key>().expect("space")
                } else if c.is_ascii_uppercase() {
                    format!("shift+{}", c.to_ascii_lowercase())
                        .parse()
                        .expect("shift key")
                } else {
                    Key::char(c)
                };
                let command = flow.handle_key(key);
                let _ = flow.apply(command);
            }
            continue;
        }
        let key: Key = k.parse().unwrap_or_else(|e| panic!("bad key {k:?}: {e}"));
        let command = flow.handle_key(key);
        let _ = flow.apply(command);
    }
}

pub(crate) fn apply(flow: &mut Flow, command: Command) {
    let _ = flow.apply(command);
}

/// The frame as a box (so widths and trailing spaces show), then the styled dump,
/// then cursor and focus.
pub(crate) fn snapshot(frame: &Frame, width: usize) -> String {
    let mut out = String::new();
    let border = "─".repeat(width);
    let _ = writeln!(out, "┌{border}┐");
    for line in &frame.lines {
        let text = line.plain();
        let pad = width.saturating_sub(line.width());
        let _ = writeln!(out, "│{text}{}│", " ".repeat(pad));
    }
    let _ = writeln!(out, "└{border}┘");
    let _ = writeln!(
        out,
        "cursor: {:?}  focus_row: {}",
        frame.cursor.map(|c| (c.row, c.column)),
        frame.focus_row
    );
    out.push_str("--- styled ---\n");
    out.push_str(&frame.to_styled_text());
    out
}

/// Renders at `width` x `height` and checks the invariants every frame must keep.
pub(crate) fn frame_at(flow: &Flow, width: usize, height: usize) -> Frame {
    let frame = render(flow, &RenderOptions::new(width, height));
    check_invariants(&frame, width);
    frame
}

pub(crate) fn check_invariants(frame: &Frame, width: usize) {
    for (row, line) in frame.lines.iter().enumerate() {
        assert!(
            line.width() <= width.max(1),
            "row {row} is {} wide at width {width}: {:?}",
            line.width(),
            line.plain()
        );
        for span in &line.spans {
            assert!(!span.text.contains('\n'), "newline in span {:?}", span.text);
        }
    }
    assert!(
        frame.focus_row < frame.lines.len().max(1),
        "focus row {} outside {} rows",
        frame.focus_row,
        frame.lines.len()
    );
    if let Some(ask_render::Cursor { row, column: col }) = frame.cursor {
        assert!(
            row < frame.lines.len(),
            "cursor row {row} outside the frame"
        );
        assert!(
            col < width.max(1),
            "cursor column {col} outside width {width}"
        );
    }
}

pub(crate) fn db_form() -> Value {
    json!({
        "title": "Service setup",
        "questions": [
            {"id": "db", "label": "Database", "prompt": "Which database should the new billing service use for its primary store?",
             "options": [
                {"value": "pg", "label": "PostgreSQL", "description": "Mature relational database with strong consistency and JSON support"},
                {"value": "sqlite", "label": "SQLite", "description": "Embedded, zero-ops"},
                {"value": "mysql", "label": "MySQL"}
             ]},
            {"id": "features", "label": "Features", "type": "multi", "prompt": "Which features ship in the first release?",
             "options": [
                {"value": "auth", "label": "Authentication"},
                {"value": "billing", "label": "Billing", "description": "Stripe integration"},
                {"value": "search", "label": "Full-text search"}
             ]},
            {"id": "layout", "label": "Layout", "type": "preview", "prompt": "Which module layout do you prefer?",
             "options": [
                {"value": "flat", "label": "Flat", "preview": "src/\n  main.rs\n  db.rs\n  billing.rs\n  search.rs"},
                {"value": "nested", "label": "Nested by domain", "preview": (1..=16).map(|n| format!("line {n}: src/domain_{n}/mod.rs — handlers, models and tests for domain number {n}")).collect::<Vec<_>>().join("\n")}
             ]}
        ]
    })
}

pub(crate) fn freeform_form() -> Value {
    json!({"questions": [
        {"id": "name", "label": "Name", "prompt": "What should the project be called?",
         "options": [{"value": "answer", "label": "Type your answer", "freeform": true}]},
        {"id": "lang", "label": "Language", "prompt": "Which language?",
         "options": [{"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]}
    ]})
}

pub(crate) fn long_list_form() -> Value {
    let options: Vec<Value> = (1..=30)
        .map(|n| json!({"value": format!("v{n}"), "label": format!("Region number {n}")}))
        .collect();
    json!({"questions": [{"id": "region", "label": "Region", "prompt": "Where should it run?", "options": options}]})
}

pub(crate) fn many_tabs_form() -> Value {
    let questions: Vec<Value> = (1..=12)
        .map(|n| json!({"id": format!("q{n}"), "label": format!("Question {n}"), "prompt": format!("Prompt {n}?"),
                         "options": [{"value": "a", "label": "Yes"}, {"value": "b", "label": "No"}]}))
        .collect();
    json!({"questions": questions})
}
