//! Long forms: the review list scrolls by pages, and a preview longer than a line
//! index chunk scrolls exactly as far as its lines go.

use ask_keymap::{Key, Keymap, behaviour::Behaviour};
use ask_state::{
    Command, Flow, FlowOptions, Tab,
    model::{FormText, LINE_INDEX_CHUNK},
};
use serde_json::{Value, json};

use crate::support::form;

fn flow(payload: &Value) -> Flow {
    Flow::new(
        form(payload),
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default(),
    )
}

fn press(flow: &mut Flow, key: &str) {
    let key: Key = key.parse().expect("key");
    let command = flow.handle_key(key);
    let _ = flow.apply(command);
}

#[test]
fn page_keys_scroll_the_review_list_by_ten_questions_within_the_form() {
    let questions: Vec<Value> = (0..25)
        .map(|n| json!({"id": format!("q{n}"), "prompt": "?", "options": [{"value": "y", "label": "Y"}]}))
        .collect();
    let mut f = flow(&json!({ "questions": questions }));
    // On a question tab the page keys scroll the preview, never the review list.
    press(&mut f, "pageDown");
    assert_eq!(f.review_scroll(), 0);
    press(&mut f, "shift+tab");
    assert_eq!(f.tab(), Tab::Review);
    press(&mut f, "pageDown");
    assert_eq!(f.review_scroll(), 10);
    for _ in 0..5 {
        press(&mut f, "pageDown");
    }
    assert_eq!(f.review_scroll(), 24, "stops at the last question");
    press(&mut f, "pageUp");
    assert_eq!(f.review_scroll(), 14);
    assert!(f.apply(Command::ScrollReview(-100)).is_changed());
    assert_eq!(f.review_scroll(), 0);
    assert!(!f.apply(Command::ScrollReview(-1)).is_changed());
}

#[test]
fn a_long_preview_scrolls_to_its_last_line_and_no_further() {
    for end in ["", "\n"] {
        let lines = LINE_INDEX_CHUNK / 2;
        let text = format!("{}last{end}", "ab\n".repeat(lines - 1));
        let mut f = flow(
            &json!({"questions": [{"id": "q", "prompt": "?", "type": "preview",
            "options": [{"value": "a", "label": "A", "preview": text}, {"value": "b", "label": "B", "preview": "b"}]}]}),
        );
        let index = f.line_index(FormText::Preview {
            question: 0,
            option: 0,
        });
        assert_eq!(index.map(|i| i.lines(&text)), Some(lines));
        assert!(
            f.line_index(FormText::Prompt(0)).is_none(),
            "short texts get no index"
        );
        let _ = f.apply(Command::ScrollPreview(i32::MAX));
        assert_eq!(f.draft(0).map(|d| d.preview_scroll), Some(lines - 1));
        press(&mut f, "pageUp");
        assert_eq!(f.draft(0).map(|d| d.preview_scroll), Some(lines - 11));
    }
}

/// The questions with notes, as the flow keeps them, against every draft.
fn noted(f: &Flow) -> Vec<usize> {
    let listed: Vec<usize> = f.questions_with_notes().collect();
    let walked: Vec<usize> = (0..f.form().questions.len())
        .filter(|i| {
            f.draft(*i)
                .is_some_and(ask_state::model::QuestionDraft::has_notes)
        })
        .collect();
    assert_eq!(listed, walked);
    assert_eq!(f.has_notes(), !listed.is_empty());
    listed
}

#[test]
fn the_questions_with_notes_follow_saved_cleared_and_restored_notes() {
    let questions: Vec<Value> = (0..4)
        .map(|n| json!({"id": format!("q{n}"), "prompt": "?", "options": [{"value": "y", "label": "Y"}, {"value": "n", "label": "N"}]}))
        .collect();
    let mut f = flow(&json!({ "questions": questions }));
    assert!(noted(&f).is_empty());
    // An option note on q0 (n), a question note on q2 (shift+n).
    for key in ["n", "x", "enter", "tab", "tab", "shift+n", "y", "enter"] {
        press(&mut f, key);
    }
    assert_eq!(noted(&f), [0, 2]);
    let snapshot = f.snapshot();
    // Clearing the option note's text removes q0.
    press(&mut f, "shift+tab");
    press(&mut f, "shift+tab");
    for key in ["n", "backspace", "enter"] {
        press(&mut f, key);
    }
    assert_eq!(noted(&f), [2]);
    f.restore(&snapshot)
        .expect("the snapshot fits its own form");
    assert_eq!(noted(&f), [0, 2]);
}
