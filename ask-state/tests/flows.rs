//! (form, behaviour, key script) -> expected answers, one line per behaviour.

use ask_contract::result::Mode;
use ask_keymap::{
    Action, Key, Keymap,
    behaviour::{Behaviour, BehaviourSetting},
};
use ask_state::{Flow, FlowOptions, Tab, model::EditorTarget};
use serde_json::json;

use crate::support::{answers, behaviour, drive, flow, freeform, keys, preview, run, single, two};

fn no_double() -> Behaviour {
    behaviour().with(BehaviourSetting::DoublePress, false)
}

#[test]
fn single_select_confirm_selects_and_advances_then_enter_submits() {
    let r = run(single(), behaviour(), "down enter enter");
    assert_eq!(
        answers(&r),
        json!({"db": {"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]}})
    );
    assert_eq!(r.details.mode, Mode::Submit);
    assert!(!r.details.cancelled);
    assert_eq!(r.text(), "Database: SQLite");
}

#[test]
fn digits_select_on_questions_and_need_a_double_press_on_review() {
    let mut f = flow(single(), behaviour());
    let (result, _) = drive(&mut f, "3 1");
    assert!(result.is_none(), "first review digit only arms");
    assert_eq!(f.armed_hint().as_deref(), Some("Press 1 again to Submit."));
    let (result, _) = drive(&mut f, "1");
    assert_eq!(
        answers(&result.expect("second press submits"))["db"]["values"],
        json!(["mysql"])
    );
}

#[test]
fn any_other_key_disarms_the_review_shortcut() {
    let mut f = flow(single(), behaviour());
    let (result, _) = drive(&mut f, "1 2 down 2");
    assert!(result.is_none());
    assert_eq!(
        f.armed_hint().as_deref(),
        Some("Press 2 again to Elaborate.")
    );
    drive(&mut f, "up");
    assert_eq!(f.armed(), None);
}

#[test]
fn with_double_press_off_a_review_digit_acts_at_once() {
    let r = run(single(), no_double(), "1 2");
    assert_eq!(r.details.mode, Mode::Elaborate);
    let r = run(single(), no_double(), "1 3");
    assert!(r.details.cancelled);
    assert_eq!(
        answers(&r)["db"]["values"],
        json!(["pg"]),
        "cancel keeps committed answers"
    );
}

#[test]
fn toggle_on_single_selects_or_clears_without_advancing() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "space");
    assert_eq!(f.tab(), Tab::Question(0));
    assert_eq!(f.draft(0).expect("draft").selected, [true, false, false]);
    drive(&mut f, "down space");
    assert_eq!(f.draft(0).expect("draft").selected, [false, true, false]);
    drive(&mut f, "space");
    assert_eq!(f.draft(0).expect("draft").selected, [false, false, false]);
}

#[test]
fn multi_toggles_keep_declaration_order_and_confirm_advances_without_toggling() {
    let r = run(two(), behaviour(), "1 3 1 enter enter");
    assert_eq!(
        answers(&r)["q2"],
        json!({"values": ["x", "z"], "labels": ["Xray", "Zulu"], "indices": [1, 3]})
    );
    let r = run(two(), behaviour(), "1 enter enter");
    assert!(
        r.details.answers.get("q2").is_none(),
        "confirm on multi does not toggle"
    );
}

#[test]
fn multi_free_form_stays_on_the_tab_marks_the_row_and_comes_last() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "1 down down down");
    assert_eq!(
        f.editor().map(|e| e.target),
        Some(EditorTarget::Custom),
        "landing on the empty custom row opens its editor"
    );
    drive(&mut f, "\"  hello  \" enter");
    assert_eq!(f.tab(), Tab::Question(1));
    assert!(f.editor().is_none());
    let (r, _) = drive(&mut f, "1 tab enter");
    let r = r.expect("submitted");
    assert_eq!(
        answers(&r)["q2"],
        json!({"values": ["x", "hello"], "labels": ["Xray", "hello"], "indices": [1], "customText": "hello"})
    );
}

#[test]
fn multi_toggle_on_saved_custom_text_selects_and_deselects_without_the_editor() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "1 down down down \"mine\" enter up down");
    assert!(
        f.editor().is_none(),
        "row with saved text does not open the editor"
    );
    drive(&mut f, "space");
    assert!(f.editor().is_none());
    assert!(!f.draft(1).expect("draft").custom_selected);
    assert_eq!(
        f.draft(1).expect("draft").custom_text.as_deref(),
        Some("mine"),
        "text kept"
    );
    drive(&mut f, "space");
    assert!(f.draft(1).expect("draft").custom_selected);
}

#[test]
fn saving_empty_free_form_text_never_clears_option_selections() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "1 2 down down enter");
    assert_eq!(f.draft(1).expect("draft").selected, [false, true, false]);
    assert_eq!(f.draft(1).expect("draft").custom_text, None);
}

#[test]
fn single_free_form_replaces_the_selection_and_advances() {
    let r = run(
        single(),
        behaviour(),
        "1 shift+tab down down down \"Redis\" enter enter",
    );
    assert_eq!(
        answers(&r)["db"],
        json!({"values": ["Redis"], "labels": ["Redis"], "indices": [], "customText": "Redis"})
    );
    assert_eq!(r.text(), "Database: Redis");
}

#[test]
fn passing_over_the_custom_row_keeps_a_single_select_answer() {
    let r = run(
        single(),
        behaviour(),
        "1 shift+tab down down down up tab enter",
    );
    assert_eq!(answers(&r)["db"]["values"], json!(["pg"]));
}

#[test]
fn selecting_an_option_after_free_form_drops_the_free_form_answer() {
    let r = run(
        single(),
        behaviour(),
        "down down down \"Redis\" enter shift+tab 2 enter",
    );
    assert_eq!(
        answers(&r)["db"],
        json!({"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]})
    );
}

#[test]
fn the_close_key_commits_free_form_text_like_submit_but_never_advances() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "1 shift+tab down down down \"  draft  \" esc");
    assert!(f.editor().is_none());
    assert_eq!(f.tab(), Tab::Question(0), "close never advances");
    let d = f.draft(0).expect("draft");
    assert_eq!(d.custom_text.as_deref(), Some("draft"), "trimmed");
    assert!(d.custom_selected, "committed as the answer");
    assert_eq!(
        d.selected,
        [false, false, false],
        "single: it replaces the option"
    );
    let (r, _) = drive(&mut f, "tab enter");
    assert_eq!(
        answers(&r.expect("done"))["db"]["customText"],
        json!("draft"),
        "a later Submit keeps it"
    );
}

#[test]
fn closing_an_emptied_editor_removes_the_free_form_answer_but_never_options() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "tab 1 4 \"mine\" esc");
    assert_eq!(
        f.answer(1).map(|a| a.values),
        Some(vec!["x".to_owned(), "mine".to_owned()])
    );
    drive(&mut f, "enter ctrl+u esc");
    let d = f.draft(1).expect("draft");
    assert_eq!((d.custom_text.clone(), d.custom_selected), (None, false));
    assert_eq!(d.selected, [true, false, false], "option selections stay");
}

#[test]
fn confirm_on_a_saved_custom_row_reopens_its_editor_prefilled() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down \"abc\" esc enter");
    let editor = f.editor().expect("editor reopened");
    assert_eq!(editor.buffer.text(), "abc");
    assert_eq!(editor.buffer.cursor(), 3, "cursor at the end");
}

#[test]
fn dismiss_in_an_editor_ends_the_flow_without_the_draft() {
    let b = behaviour().with(BehaviourSetting::ConfirmDismiss, false);
    let r = run(single(), b, "down down down \"abc\" ctrl+c");
    assert!(r.details.cancelled);
    assert!(r.details.answers.is_empty());
    assert_eq!(r.text(), "User cancelled the ask flow.");
}

#[test]
fn empty_editor_lets_navigation_through_and_text_keeps_arrows_in_the_editor() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "down down");
    assert!(f.editor().is_some());
    drive(&mut f, "up");
    assert!(
        f.editor().is_none(),
        "up on an empty editor moves the option cursor"
    );
    assert_eq!(f.draft(0).expect("draft").cursor, 1);
    drive(&mut f, "down tab");
    assert_eq!(
        f.tab(),
        Tab::Question(1),
        "tab on an empty editor changes tabs"
    );

    let mut f = flow(two(), behaviour());
    drive(&mut f, "down down \"ab\" left tab up right");
    assert_eq!(f.tab(), Tab::Question(0));
    let editor = f.editor().expect("still editing");
    assert_eq!(editor.buffer.text(), "ab");
}

#[test]
fn question_mark_opens_settings_only_from_an_empty_editor() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down \"x\" ?");
    assert_eq!(f.editor().expect("editor").buffer.text(), "x?");
    assert_eq!(f.settings_cursor(), None);
    drive(&mut f, "backspace backspace ?");
    assert_eq!(f.settings_cursor(), Some(0));
}

#[test]
fn a_remapped_confirm_key_submits_editors_and_enter_then_types_a_newline() {
    let ctrl_s: Key = "ctrl+s".parse().expect("key");
    let keymap = Keymap::default()
        .with(Action::Confirm, &[ctrl_s])
        .and_then(|k| k.with(Action::EditorSubmit, &[ctrl_s]))
        .expect("valid keymap");
    let mut f = Flow::new(single(), behaviour(), keymap, FlowOptions::default());
    drive(&mut f, "down down down \"a\" enter \"b\"");
    assert_eq!(f.editor().expect("editor").buffer.text(), "a\nb");
    drive(&mut f, "ctrl+s");
    assert_eq!(f.tab(), Tab::Review);
    assert_eq!(
        f.draft(0).expect("draft").custom_text.as_deref(),
        Some("a\nb")
    );
}

#[test]
fn shift_enter_inserts_a_newline_in_editors() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down \"a\" shift+enter \"b\"");
    assert_eq!(f.editor().expect("editor").buffer.text(), "a\nb");
}

#[test]
fn free_form_only_questions_open_their_editor_at_once() {
    let mut f = flow(freeform(), behaviour());
    assert_eq!(f.editor().map(|e| e.target), Some(EditorTarget::Custom));
    let (r, _) = drive(&mut f, "\"  Nova  \" enter enter");
    assert_eq!(
        answers(&r.expect("done"))["name"],
        json!({"values": ["Nova"], "labels": ["Nova"], "indices": [], "customText": "Nova", "value": "Nova"}),
        "the /answer free-form marker reads as a text question, whose answers carry value"
    );
}

#[test]
fn tabs_wrap_around_and_remember_their_cursor() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "shift+tab");
    assert_eq!(f.tab(), Tab::Review);
    drive(&mut f, "right");
    assert_eq!(f.tab(), Tab::Question(0));
    drive(&mut f, "down tab tab shift+tab shift+tab");
    assert_eq!(f.draft(0).expect("draft").cursor, 1);
    drive(&mut f, "up up up");
    assert_eq!(f.draft(0).expect("draft").cursor, 0, "up clamps at the top");
}

#[test]
fn paste_outside_an_editor_writes_the_free_form_answer() {
    let mut f = flow(single(), behaviour());
    let command = ask_state::Command::Paste("line one\r\nline two".into());
    let _ = f.apply(command);
    let editor = f.editor().expect("paste opened the editor");
    assert_eq!(editor.buffer.text(), "line one\nline two");
}

#[test]
fn preview_questions_select_like_single_and_scroll_their_pane() {
    let mut f = flow(preview(), behaviour());
    drive(&mut f, "pageDown");
    assert_eq!(f.draft(0).expect("draft").preview_scroll, 10);
    drive(&mut f, "pageDown");
    assert_eq!(
        f.draft(0).expect("draft").preview_scroll,
        12,
        "clamped to the last line"
    );
    drive(&mut f, "down");
    assert_eq!(
        f.draft(0).expect("draft").preview_scroll,
        0,
        "moving resets the scroll"
    );
    let (r, _) = drive(&mut f, "enter enter");
    assert_eq!(
        answers(&r.expect("done"))["layout"]["values"],
        json!(["list"])
    );
}

#[test]
fn keys_parse_for_every_script_token_used_here() {
    assert_eq!(keys("shift+tab \"Ab\"").len(), 3);
    assert_eq!(keys("ctrl+c")[0], Key::ctrl('c'));
}

#[test]
fn the_digit_after_the_last_option_picks_the_custom_row() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "4");
    assert_eq!(
        f.editor().map(|e| e.target),
        Some(EditorTarget::Custom),
        "no saved text: the editor opens"
    );
    drive(&mut f, "\"Redis\" esc 1 shift+tab 4");
    let editor = f
        .editor()
        .expect("saved text on single: the digit opens the editor");
    assert_eq!(editor.buffer.text(), "Redis", "prefilled");
    assert_eq!(editor.buffer.cursor(), 5, "cursor at the end");
    assert_eq!(f.answer(0).map(|a| a.values), Some(vec!["pg".to_owned()]));
    drive(&mut f, "enter");
    assert_eq!(f.tab(), Tab::Review);
    assert_eq!(
        f.answer(0).and_then(|a| a.custom_text).as_deref(),
        Some("Redis")
    );
    let mut f = flow(two(), behaviour());
    drive(&mut f, "1 4 \"mine\" enter 2 4");
    let d = f.draft(1).expect("draft");
    assert_eq!(
        (d.selected.clone(), d.custom_selected),
        (vec![false, true, false], false),
        "multi: the digit toggles saved text"
    );
}

#[test]
fn paste_moves_the_cursor_to_the_custom_row_it_writes() {
    let mut f = flow(two(), behaviour());
    let _ = f.apply(ask_state::Command::Paste("pasted".into()));
    assert_eq!(
        f.draft(0).expect("draft").cursor,
        2,
        "the editor is shown under its row"
    );
}

#[test]
fn reopening_the_open_editor_keeps_what_was_typed() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "shift+n \"abc\"");
    let _ = f.apply(ask_state::Command::OpenQuestionNote);
    assert_eq!(f.editor().expect("editor").buffer.text(), "abc");
    drive(&mut f, "esc n \"x\"");
    let _ = f.apply(ask_state::Command::OpenQuestionNote);
    assert_eq!(
        f.editor().expect("editor").buffer.text(),
        "abc",
        "switching editors saves the first"
    );
    assert_eq!(
        f.draft(0)
            .expect("draft")
            .option_notes
            .get(&0)
            .map(String::as_str),
        Some("x")
    );
}

#[test]
fn the_custom_row_scrolls_the_preview_it_shows() {
    let mut f = flow(preview(), behaviour());
    drive(&mut f, "space down down esc pageDown");
    assert_eq!(
        f.draft(0).expect("draft").preview_scroll,
        10,
        "the selected option's preview scrolls"
    );
}
