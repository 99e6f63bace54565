//! Notes, the review tab, elaboration, the dismiss guard, auto-submit and settings.

use ask_contract::result::Mode;
use ask_keymap::behaviour::BehaviourSetting;
use ask_state::{
    Command, Effect, Outcome, Tab,
    model::{EditorTarget, ReviewAction},
};
use serde_json::json;

use crate::support::{answers, behaviour, drive, flow, run, single, two};

#[test]
fn option_notes_never_select_and_only_selected_ones_reach_answers() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down n");
    assert_eq!(
        f.editor().map(|e| e.target),
        Some(EditorTarget::OptionNote(1))
    );
    drive(&mut f, "\"why this one?\" enter");
    assert!(f.editor().is_none());
    assert_eq!(f.draft(0).expect("draft").selected, [false, false, false]);
    let (r, _) = drive(&mut f, "1 1 1");
    let r = r.expect("submitted");
    assert_eq!(
        answers(&r)["db"],
        json!({"values": ["pg"], "labels": ["PostgreSQL"], "indices": [1]})
    );

    let r = run(single(), behaviour(), "down n \"fast?\" enter enter enter");
    assert_eq!(
        answers(&r)["db"]["optionNotes"],
        json!({"sqlite": "fast?"}),
        "a selected option keeps its note"
    );
    assert_eq!(r.text(), "Database: SQLite\nDatabase / SQLite note: fast?");
}

#[test]
fn option_notes_are_not_offered_on_the_custom_row() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down esc n");
    assert!(f.editor().is_none());
}

#[test]
fn question_notes_alone_are_kept_in_submit_mode() {
    let r = run(
        single(),
        behaviour(),
        "shift+n \"context matters\" enter tab enter",
    );
    assert_eq!(
        answers(&r),
        json!({"db": {"values": [], "labels": [], "indices": [], "note": "context matters"}})
    );
    assert_eq!(r.text(), "Database note: context matters");
}

#[test]
fn saving_an_empty_note_deletes_it() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "shift+n \"x\" enter shift+n backspace enter");
    assert_eq!(f.draft(0).expect("draft").note, None);
}

#[test]
fn elaborate_result_carries_continuation_and_items_in_order() {
    // q1: Alpha + question note + note on unselected Beta; q2: Xray, no notes.
    let r = run(
        two(),
        behaviour(),
        "shift+n \"is alpha stable?\" enter down n \"and beta?\" enter up enter 1 enter 2 2",
    );
    assert_eq!(r.details.mode, Mode::Elaborate);
    insta::assert_json_snapshot!("elaborate_with_notes", r);
}

#[test]
fn elaborate_without_notes_asks_about_the_committed_answers() {
    let r = run(single(), behaviour(), "2 2 2");
    let elaboration = r.details.elaboration.as_ref().expect("elaboration");
    assert!(elaboration.items.is_empty());
    assert_eq!(
        serde_json::to_value(elaboration.next_action).expect("json"),
        json!("clarify")
    );
    assert!(r.text().starts_with(
        "User asked to elaborate on question \"Which database?\" after current answer \"SQLite\""
    ));
}

#[test]
fn note_only_questions_move_to_elaboration_items_in_elaborate_mode() {
    let r = run(single(), behaviour(), "shift+n \"unsure\" enter tab 2 2");
    assert!(r.details.answers.is_empty(), "only committed answers");
    let elaboration = r.details.elaboration.as_ref().expect("elaboration");
    assert_eq!(elaboration.items.len(), 1);
    assert!(!elaboration.items[0].answered);
    let states = serde_json::to_value(&r.details.continuation).expect("json");
    assert_eq!(
        states["questionStates"]["db"]["status"],
        json!("needs_clarification")
    );
    assert_eq!(
        r.text().lines().next(),
        Some("User asked to elaborate on question \"Which database?\" with note \"unsure\"")
    );
}

#[test]
fn dirty_cancel_warns_first_and_a_second_cancel_discards() {
    let mut f = flow(single(), behaviour());
    let (r, _) = drive(&mut f, "1 esc");
    assert!(r.is_none());
    assert!(f.dismiss_warning());
    let (r, _) = drive(&mut f, "ctrl+c");
    let r = r.expect("second dismiss discards");
    assert!(r.details.cancelled);
    assert_eq!(answers(&r)["db"]["values"], json!(["pg"]));
}

#[test]
fn the_dismiss_warning_stays_until_the_tab_changes() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "space esc down up");
    assert!(f.dismiss_warning(), "moving options keeps the warning");
    drive(&mut f, "tab");
    assert!(!f.dismiss_warning());
    let (r, _) = drive(&mut f, "esc");
    assert!(r.is_none(), "after a tab change the guard asks again");
}

#[test]
fn clean_flows_and_confirm_dismiss_off_cancel_at_once() {
    assert!(run(single(), behaviour(), "esc").details.cancelled);
    let b = behaviour().with(BehaviourSetting::ConfirmDismiss, false);
    assert!(run(single(), b, "1 esc").details.cancelled);
}

#[test]
fn the_review_cancel_action_needs_no_dirty_warning() {
    let r = run(single(), behaviour(), "1 3 3");
    assert!(r.details.cancelled);
    let r = run(single(), behaviour(), "1 down down enter");
    assert!(r.details.cancelled);
}

#[test]
fn editor_text_makes_the_flow_dirty() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down \"x\" ctrl+c");
    assert!(f.dismiss_warning());
    assert!(!f.is_done());
}

#[test]
fn auto_submit_completes_when_review_is_reached_fully_answered_without_notes() {
    let auto = behaviour().with(BehaviourSetting::AutoSubmit, true);
    let mut f = flow(single(), auto);
    let (r, _) = drive(&mut f, "2");
    assert_eq!(
        answers(&r.expect("a digit on the last question auto-submits"))["db"]["values"],
        json!(["sqlite"])
    );

    let mut f = flow(two(), auto);
    let (r, _) = drive(&mut f, "1 2 tab");
    assert!(r.is_some(), "tab onto review auto-submits");

    let mut f = flow(single(), auto);
    let (r, _) = drive(&mut f, "shift+n \"hmm\" enter 1");
    assert!(r.is_none(), "notes prevent auto-submit");
    assert_eq!(f.tab(), Tab::Review);
}

#[test]
fn turning_auto_submit_on_in_the_overlay_persists_and_completes() {
    let mut f = flow(single(), behaviour());
    let (r, _) = drive(&mut f, "1 ?");
    assert!(r.is_none());
    let (r, effects) = drive(&mut f, "space");
    assert!(
        matches!(&effects[0], Effect::PersistBehaviour(b) if b.auto_submit_when_answered_without_notes)
    );
    assert_eq!(r.expect("completed").details.mode, Mode::Submit);
}

#[test]
fn settings_changed_on_disk_apply_to_the_open_flow() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "1");
    let auto = behaviour().with(BehaviourSetting::AutoSubmit, true);
    let outcome = f.apply(Command::ApplyBehaviour(auto));
    assert!(outcome.is_done());

    let mut f = flow(single(), behaviour());
    drive(&mut f, "1");
    let single_press = behaviour().with(BehaviourSetting::DoublePress, false);
    assert_eq!(
        f.apply(Command::ApplyBehaviour(single_press)),
        Outcome::Changed
    );
    let (r, _) = drive(&mut f, "1");
    assert!(
        r.is_some(),
        "double press switched off on disk applies at once"
    );
}

#[test]
fn settings_overlay_toggles_in_contract_order_and_closes_with_esc_ctrl_c_and_question_mark() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "?");
    let labels: Vec<&str> = f.settings_rows().iter().map(|r| r.label()).collect();
    assert_eq!(
        labels,
        [
            "Auto-submit when answered without notes",
            "Confirm dismiss when dirty",
            "Double-press review shortcuts",
            "Present single-select as multi-select",
            "Show footer hints",
            "Open the form inline",
            "Accessible mode (next form)",
            "Notifications",
            "Language",
            "Reset settings to defaults"
        ]
    );
    let (_, effects) = drive(&mut f, "down enter");
    assert!(matches!(&effects[..], [Effect::PersistBehaviour(b)] if !b.confirm_dismiss_when_dirty));
    for close in ["esc", "ctrl+c", "?"] {
        assert!(f.settings_cursor().is_some());
        let (r, _) = drive(&mut f, close);
        assert!(r.is_none(), "{close} closes the overlay, not the flow");
        assert_eq!(f.settings_cursor(), None);
        drive(&mut f, "?");
    }
}

#[test]
fn review_enter_triggers_the_highlighted_action() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "1 down");
    assert_eq!(f.review_cursor(), ReviewAction::Elaborate);
    let (r, _) = drive(&mut f, "enter");
    assert_eq!(r.expect("done").details.mode, Mode::Elaborate);
}
