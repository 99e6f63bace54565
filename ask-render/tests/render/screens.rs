//! Whole-frame snapshots of every screen at widths 40, 80 and 120.

use ask_keymap::behaviour::{Behaviour, BehaviourSetting};
use ask_state::{Command, Completion, Flow};

use crate::support::{
    apply, db_form, flow, flow_with, frame_at, freeform_form, long_list_form, many_tabs_form,
    press, snapshot,
};

const WIDTHS: [usize; 3] = [40, 80, 120];

fn snap_all(name: &str, flow: &Flow, height: usize) {
    for width in WIDTHS {
        let frame = frame_at(flow, width, height);
        insta::assert_snapshot!(format!("{name}_{width}"), snapshot(&frame, width));
    }
}

#[test]
fn single_select() {
    let mut f = flow(&db_form());
    press(&mut f, &["down"]);
    snap_all("single", &f, 30);
}

#[test]
fn multi_select() {
    let mut f = flow(&db_form());
    press(&mut f, &["tab", "space", "down", "down", "space", "up"]);
    snap_all("multi", &f, 30);
}

#[test]
fn preview_side_by_side_and_stacked() {
    let mut f = flow(&db_form());
    press(&mut f, &["tab", "tab", "down"]);
    snap_all("preview", &f, 30);
}

#[test]
fn preview_scrolled() {
    let mut f = flow(&db_form());
    press(&mut f, &["tab", "tab", "down", "pageDown"]);
    snap_all("preview_scrolled", &f, 24);
}

#[test]
fn freeform_only_question() {
    let mut f = flow(&freeform_form());
    press(&mut f, &["text:ask-user in Rust"]);
    snap_all("freeform", &f, 24);
}

#[test]
fn notes_open() {
    let mut f = flow(&db_form());
    press(&mut f, &["n", "text:Is the licence OK?"]);
    snap_all("option_note_open", &f, 30);
    press(
        &mut f,
        &["enter", "shift+n", "text:We already run Postgres 15"],
    );
    snap_all("question_note_open", &f, 30);
}

#[test]
fn notes_saved() {
    let mut f = flow(&db_form());
    press(
        &mut f,
        &[
            "n",
            "text:Is the licence OK?",
            "enter",
            "shift+n",
            "text:We already run Postgres 15",
            "enter",
        ],
    );
    snap_all("notes_saved", &f, 30);
}

#[test]
fn custom_answer_editing_and_saved() {
    let mut f = flow(&db_form());
    press(
        &mut f,
        &[
            "down",
            "down",
            "down",
            "text:CockroachDB, because we need multi-region writes",
            "left",
            "left",
        ],
    );
    snap_all("custom_editing", &f, 30);
    let mut f = flow(&db_form());
    press(
        &mut f,
        &[
            "down",
            "down",
            "down",
            "text:CockroachDB",
            "enter",
            "shift+tab",
        ],
    );
    snap_all("custom_saved", &f, 30);
}

#[test]
fn completion_list_under_the_editor() {
    let mut f = flow(&db_form());
    press(&mut f, &["n", "text:see @src/"]);
    let items = (0..12)
        .map(|n| {
            let path = format!("src/file_{n}.rs");
            if n == 0 {
                Completion::dir(path)
            } else {
                Completion::file(path)
            }
        })
        .collect();
    apply(&mut f, Command::SetCompletions(items));
    apply(&mut f, Command::CompletionMove(1));
    snap_all("completion", &f, 30);
}

fn answered_with_notes() -> Flow {
    let mut f = flow(&db_form());
    // Note on PostgreSQL, then pick SQLite (the PostgreSQL note stays, unselected).
    press(&mut f, &["n", "text:Is the licence OK?", "enter", "2"]);
    // Features: Authentication with a note; Search noted but not selected.
    press(
        &mut f,
        &[
            "space",
            "n",
            "text:SSO too",
            "enter",
            "down",
            "down",
            "n",
            "text:later?",
            "enter",
            "enter",
        ],
    );
    // Layout: unanswered, with a question note.
    press(
        &mut f,
        &["shift+n", "text:Depends on the team size", "enter", "tab"],
    );
    f
}

#[test]
fn review_submit_highlighted() {
    let f = answered_with_notes();
    snap_all("review_submit", &f, 40);
}

#[test]
fn review_elaborate_highlighted() {
    let mut f = answered_with_notes();
    press(&mut f, &["down"]);
    snap_all("review_elaborate", &f, 40);
}

#[test]
fn review_double_press_hint() {
    let mut f = answered_with_notes();
    press(&mut f, &["2"]);
    assert_eq!(
        f.armed_hint().as_deref(),
        Some("Press 2 again to Elaborate.")
    );
    snap_all("review_armed", &f, 40);
}

#[test]
fn dirty_dismiss_warning() {
    let mut f = flow(&db_form());
    press(&mut f, &["space", "esc"]);
    assert!(f.dismiss_warning());
    snap_all("dirty_warning", &f, 30);
}

#[test]
fn settings_overlay() {
    let mut f = flow(&db_form());
    press(&mut f, &["?", "down", "space"]);
    snap_all("settings", &f, 30);
}

#[test]
fn tab_overflow_windows_around_the_active_tab_with_counted_markers() {
    let mut f = flow(&many_tabs_form());
    press(&mut f, &["tab", "tab", "tab", "tab", "tab", "tab"]);
    snap_all("tab_overflow", &f, 20);
}

#[test]
fn long_option_list_scrolled() {
    let mut f = flow(&long_list_form());
    for _ in 0..15 {
        press(&mut f, &["down"]);
    }
    snap_all("long_list", &f, 20);
}

#[test]
fn footer_hints_can_be_hidden() {
    let behaviour = Behaviour::default().with(BehaviourSetting::FooterHints, false);
    let f = flow_with(&db_form(), behaviour);
    let frame = frame_at(&f, 80, 30);
    let text = frame.to_plain_text();
    assert!(!text.contains("settings"), "{text}");
    let with_hints = frame_at(&flow(&db_form()), 80, 30).to_plain_text();
    assert!(with_hints.contains("? settings"), "{with_hints}");
}

#[test]
fn wide_and_combining_text() {
    let payload = serde_json::json!({"questions": [
        {"id": "ui", "label": "界面语言", "prompt": "界面应该使用哪种语言？请选择一个选项，或者输入你自己的答案。",
         "options": [
            {"value": "zh", "label": "中文（简体）", "description": "默认语言 👩\u{200d}💻 适合大多数用户"},
            {"value": "fr", "label": "Franc\u{327}ais 🇫🇷", "description": "Cafe\u{301} cre\u{300}me"},
            {"value": "ko", "label": "한국어"}
         ]},
        {"id": "emoji", "label": "👨\u{200d}👩\u{200d}👧 Family", "prompt": "Pick one", "options": [{"value": "a", "label": "👍🏽 yes"}]}
    ]});
    let mut f = flow(&payload);
    press(&mut f, &["down", "n", "text:ok"]);
    snap_all("wide_text", &f, 24);
}

#[test]
fn notice_shows_above_the_hints() {
    let mut f = flow(&db_form());
    apply(
        &mut f,
        Command::SetNotice(Some(
            "Settings file was unreadable; backed up to ask-user.1.bak.json".into(),
        )),
    );
    let frame = frame_at(&f, 60, 30);
    let styled = frame.to_styled_text();
    assert!(
        styled.contains("[warning]Settings file was unreadable; backed up to[/]\n[warning]ask-user.1.bak.json[/]\n[muted]Enter select"),
        "{styled}"
    );
}

#[test]
fn settings_only_flow_shows_the_overlay() {
    let f = ask_state::Flow::new(
        crate::support::form(&db_form()),
        Behaviour::default(),
        ask_keymap::Keymap::default(),
        ask_state::FlowOptions::default()
            .config_path(crate::support::CONFIG_PATH)
            .settings_only(true),
    );
    let text = frame_at(&f, 80, 24).to_plain_text();
    assert!(text.contains("Ask settings"), "{text}");
    assert!(
        text.contains("❯ Auto-submit when answered without notes  off"),
        "{text}"
    );
    assert!(text.contains(crate::support::CONFIG_PATH), "{text}");
    assert!(!text.contains("Database"), "{text}");
}

#[test]
fn editor_cursor_follows_lines_wide_chars_and_wrapping() {
    let mut f = flow(&db_form());
    press(
        &mut f,
        &["shift+n", "text:ab", "shift+enter", "text:中x", "left"],
    );
    let frame = frame_at(&f, 40, 30);
    let ask_render::Cursor { row, column: col } = frame.cursor.expect("editor cursor");
    assert_eq!(frame.lines[row].plain(), "│ 中x");
    assert_eq!(col, 2 + 2, "after the bar and the two-column 中");
    assert_eq!(frame.focus_row, row);
    // Typing past the width wraps at a space; the cursor moves to the new row's end.
    press(&mut f, &["end", "text: and some more words to wrap"]);
    let frame = frame_at(&f, 20, 30);
    let ask_render::Cursor { row, column: col } = frame.cursor.expect("editor cursor");
    let line = frame.lines[row].plain();
    assert_eq!(
        col,
        ask_render::text::display_width(&line),
        "cursor at the end of {line:?}"
    );
    assert!(line.ends_with("wrap"), "{line:?}");
}

#[test]
fn footer_hints_follow_the_live_keymap() {
    use ask_keymap::{Action, Keymap};
    let mut f = flow(&db_form());
    let key = |id: &str| -> ask_keymap::Key { id.parse().expect("key") };
    let keymap = Keymap::default()
        .with(Action::Confirm, &[key("ctrl+s")])
        .and_then(|k| k.with(Action::OptionNote, &[key("o")]))
        .and_then(|k| k.with(Action::Settings, &[key("f1"), key("?")]))
        .and_then(|k| k.with(Action::ChangeQuestionType, &[]))
        .expect("valid keymap");
    apply(&mut f, Command::ApplyKeymap(keymap));
    let text = frame_at(&f, 120, 30).to_plain_text();
    assert!(text.contains("Ctrl+S select"), "{text}");
    assert!(text.contains("o/Shift+N notes"), "{text}");
    assert!(text.contains("F1/? settings"), "{text}");
    assert!(!text.contains("Enter select"), "{text}");
    assert!(
        !text.contains(" multi"),
        "an unbound action has no hint: {text}"
    );
    press(&mut f, &["f1"]);
    let text = frame_at(&f, 120, 30).to_plain_text();
    assert!(text.contains("Confirm: Ctrl+S"), "{text}");
    assert!(text.contains("Option note: o"), "{text}");
    assert!(
        text.contains("Change question type: (unbound)"),
        "actions in words: {text}"
    );
}

#[test]
fn recommended_marker_on_the_option_and_in_review_never_preselected() {
    let payload = serde_json::json!({"questions": [
        {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL", "recommended": true},
            {"value": "sqlite", "label": "SQLite"}]},
        {"id": "features", "label": "Features", "type": "multi", "prompt": "Which features?", "options": [
            {"value": "auth", "label": "Auth", "recommended": true},
            {"value": "search", "label": "Search", "recommended": true}]}
    ]});
    let mut f = flow(&payload);
    // Nothing is chosen on the user's behalf: the first frame shows no selection.
    let first = frame_at(&f, 80, 20).to_plain_text();
    assert!(first.contains("1. PostgreSQL (Recommended)"), "{first}");
    assert!(!first.contains('✓'), "{first}");
    snap_all("recommended", &f, 20);
    press(&mut f, &["1", "2", "tab"]);
    snap_all("recommended_review", &f, 20);
}
