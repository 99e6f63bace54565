//! Settings v3 flows: question-type switching, presentSingleAsMulti, the guarded reset with
//! host time, the notifications toggle, and empty editors that never swallow keys.

use ask_contract::{QuestionType, text::PRESENTED_AS_MULTI_NOTE};
use ask_keymap::{
    Keymap,
    behaviour::{Behaviour, BehaviourSetting},
};
use ask_state::{
    Effect, Tab,
    model::{EditorTarget, RESET_WINDOW_MS, SettingsRow},
    scripted::scripted_result,
};
use serde_json::json;

use crate::support::{answers, behaviour, drive, flow, preview, single, two};

#[test]
fn t_switches_single_to_multi_and_back_with_a_notice() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "t");
    assert_eq!(f.presented_type(0), Some(QuestionType::Multi));
    assert_eq!(f.hint(), Some("Switched to multi-select."));
    drive(&mut f, "space down space");
    assert_eq!(
        f.answer(0).map(|a| a.values),
        Some(vec!["pg".into(), "sqlite".into()])
    );
    assert_eq!(f.hint(), None, "the notice lasts one step");
    // Two answers: the switch back needs the key twice, then clears the options.
    drive(&mut f, "t");
    assert_eq!(f.presented_type(0), Some(QuestionType::Multi));
    assert_eq!(
        f.hint(),
        Some("Press t again to switch to single-select; this clears the selected options.")
    );
    drive(&mut f, "t");
    assert_eq!(f.presented_type(0), Some(QuestionType::Single));
    assert_eq!(f.answer(0), None);
    assert_eq!(f.hint(), Some("Switched to single-select."));
}

#[test]
fn any_other_action_clears_a_pending_switch_and_one_answer_switches_at_once() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "tab 1 2 t down");
    assert_eq!(f.hint(), None);
    drive(&mut f, "t");
    assert_eq!(
        f.presented_type(1),
        Some(QuestionType::Multi),
        "the first t again only arms"
    );
    let mut f = flow(two(), behaviour());
    drive(&mut f, "tab 2 t");
    assert_eq!(
        f.presented_type(1),
        Some(QuestionType::Single),
        "one answer: no confirmation"
    );
    assert_eq!(
        f.answer(1).map(|a| a.values),
        Some(vec!["y".into()]),
        "and it is kept"
    );
}

#[test]
fn a_committed_free_form_answer_survives_the_switch_to_single() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "tab 1 4 \"mine\" enter t t");
    let d = f.draft(1).expect("draft");
    assert_eq!(d.presented, QuestionType::Single);
    assert_eq!(d.selected, [false, false, false]);
    assert_eq!(
        f.answer(1).and_then(|a| a.custom_text).as_deref(),
        Some("mine")
    );
}

#[test]
fn preview_goes_to_multi_and_comes_back_to_preview() {
    let mut f = flow(preview(), behaviour());
    drive(&mut f, "t");
    assert_eq!(f.presented_type(0), Some(QuestionType::Multi));
    drive(&mut f, "t");
    assert_eq!(f.presented_type(0), Some(QuestionType::Preview));
}

#[test]
fn results_carry_presented_type_and_the_note_line_only_when_it_differs() {
    let mut f = flow(two(), behaviour());
    let (r, _) = drive(&mut f, "t space down space enter enter 1 1");
    let r = r.expect("submitted");
    let q = serde_json::to_value(&r.details.questions).expect("json");
    assert_eq!(q[0]["type"], "single");
    assert_eq!(q[0]["presentedType"], "multi");
    assert!(q[1].get("presentedType").is_none(), "{q}");
    assert_eq!(answers(&r)["q1"]["values"], json!(["a", "b"]));
    assert!(
        r.text().ends_with(&format!("\n{PRESENTED_AS_MULTI_NOTE}")),
        "{}",
        r.text()
    );

    let mut f = flow(two(), behaviour());
    let (r, _) = drive(&mut f, "1 1 enter 1 1");
    assert!(!r.expect("submitted").text().contains("Note:"));
}

#[test]
fn present_single_as_multi_opens_new_flows_as_multi_only() {
    let as_multi = behaviour().with(BehaviourSetting::SingleAsMulti, true);
    let f = flow(two(), as_multi);
    assert_eq!(f.presented_type(0), Some(QuestionType::Multi));
    assert_eq!(f.presented_type(1), Some(QuestionType::Multi));
    let mut f = flow(single(), behaviour());
    let _ = f.apply(ask_state::Command::ApplyBehaviour(as_multi));
    assert_eq!(
        f.presented_type(0),
        Some(QuestionType::Single),
        "an open flow keeps its types"
    );
}

#[test]
fn scripted_answers_accept_the_presented_type() {
    let script = json!({"answers": {"db": {"values": ["pg", "mysql"], "presentedType": "multi"}}});
    let r = scripted_result(&single(), &script).expect("valid");
    assert_eq!(answers(&r)["db"]["values"], json!(["pg", "mysql"]));
    assert!(r.text().ends_with(PRESENTED_AS_MULTI_NOTE));
    let bad = json!({"answers": {"layout": {"values": ["grid"], "presentedType": "single"}}});
    let err = scripted_result(&preview(), &bad).unwrap_err().to_string();
    assert!(err.contains("cannot be presented as single"), "{err}");
}

fn open_reset_row() -> ask_state::Flow {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "? down down down down down down down down down");
    assert_eq!(
        f.settings_rows()[f.settings_cursor().expect("open")],
        SettingsRow::Reset,
        "the cursor stops on the last row"
    );
    f
}

#[test]
fn the_settings_cursor_stops_at_both_ends() {
    let mut f = open_reset_row();
    let last = f.settings_cursor();
    drive(&mut f, "down");
    assert_eq!(f.settings_cursor(), last, "no wrap at the bottom");
    drive(&mut f, "? ? up");
    assert_eq!(f.settings_cursor(), Some(0), "no wrap at the top");
}

#[test]
fn reset_needs_a_second_press_within_three_seconds_of_host_time() {
    let mut f = open_reset_row();
    drive(
        &mut f,
        "clock:1000 ? ? down down down down down down down down down",
    );
    let (_, effects) = drive(&mut f, "clock:1000 enter");
    assert!(effects.is_empty());
    assert!(f.reset_armed());
    assert_eq!(f.hint(), Some("Press Enter again to reset all settings."));
    let late = 1000 + RESET_WINDOW_MS + 1;
    drive(&mut f, &format!("clock:{late}"));
    assert!(
        !f.reset_armed(),
        "the window passed: disarmed by the clock alone"
    );
    assert_eq!(f.hint(), None);
    let (_, effects) = drive(
        &mut f,
        &format!("clock:{late} enter clock:{} enter", late + 2900),
    );
    assert_eq!(effects, [Effect::ResetSettings]);
    assert_eq!(f.keymap(), &Keymap::default());
    assert_eq!(f.behaviour(), &Behaviour::default());
}

#[test]
fn any_other_key_disarms_the_reset_and_the_reset_applies_defaults() {
    let tweaked = behaviour().with(BehaviourSetting::FooterHints, false);
    let mut f = flow(single(), tweaked).with_notifications_enabled(false);
    drive(&mut f, "? down down down down down down down down down");
    let (_, effects) = drive(&mut f, "enter up down enter");
    assert!(effects.is_empty(), "up disarmed it: {effects:?}");
    let (_, effects) = drive(&mut f, "enter");
    assert_eq!(effects, [Effect::ResetSettings]);
    assert!(f.behaviour().show_footer_hints);
    assert!(f.notifications_enabled());
}

#[test]
fn the_notifications_row_toggles_and_asks_to_persist() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "? down down down down down down down");
    assert_eq!(f.settings_rows()[7], SettingsRow::Notifications);
    let (_, effects) = drive(&mut f, "space");
    assert_eq!(effects, [Effect::PersistNotifications(false)]);
    assert!(!f.notifications_enabled());
}

#[test]
fn enter_in_an_empty_auto_opened_editor_keeps_it_open_with_a_hint() {
    let mut f = flow(single(), behaviour());
    drive(&mut f, "down down down");
    assert_eq!(f.editor().map(|e| e.target), Some(EditorTarget::Custom));
    drive(&mut f, "enter");
    assert_eq!(
        f.editor().map(|e| e.target),
        Some(EditorTarget::Custom),
        "still open"
    );
    assert_eq!(f.hint(), Some("Type an answer, or move away."));
    assert_eq!(f.tab(), Tab::Question(0));
    drive(&mut f, "up");
    assert!(f.editor().is_none(), "moving away still works");
}

#[test]
fn space_in_an_empty_editor_does_nothing_and_arrows_still_leave_on_multi() {
    let mut f = flow(two(), behaviour());
    drive(&mut f, "tab down down down");
    assert!(f.editor().is_some());
    drive(&mut f, "space space");
    assert!(
        f.editor().is_some_and(|e| e.buffer.is_empty()),
        "no invisible space"
    );
    drive(&mut f, "up");
    assert!(f.editor().is_none());
    assert_eq!(f.draft(1).map(|d| d.cursor), Some(2));
}

#[test]
fn the_language_row_cycles_auto_and_every_language_and_persists_each_step() {
    use ask_i18n::{Locale, LocaleSetting};
    let mut f = flow(single(), behaviour());
    assert_eq!(f.locale(), Locale::En, "auto with an English system");
    drive(&mut f, "? down down down down down down down down");
    assert_eq!(
        f.settings_rows()[f.settings_cursor().expect("open")],
        SettingsRow::Locale
    );
    let mut seen = Vec::new();
    for _ in 0..=Locale::ALL.len() {
        let (_, effects) = drive(&mut f, "enter");
        assert_eq!(effects, [Effect::PersistBehaviour(*f.behaviour())]);
        seen.push(f.behaviour().locale);
    }
    assert_eq!(seen[1], LocaleSetting::Fixed(Locale::Es));
    assert_eq!(*seen.last().unwrap(), LocaleSetting::Auto);
    // Hints follow the language at once; `auto` takes the host's language.
    let german = behaviour().with_locale(LocaleSetting::Fixed(Locale::De));
    let mut f = flow(single(), german);
    drive(&mut f, "t");
    assert_eq!(f.locale(), Locale::De);
    assert_eq!(f.hint(), Some("Zu Mehrfachauswahl gewechselt."));
    let options = ask_state::FlowOptions::default().system_locale(Locale::Ja);
    let f = ask_state::Flow::new(f.form().clone(), behaviour(), Keymap::default(), options);
    assert_eq!(f.locale(), Locale::Ja);
}
