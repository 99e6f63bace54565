//! The control channel's additions for hosts: a command that should end the form but
//! cannot is refused with `notReady` and changes nothing; `folded` and `unfold` hand the
//! terminal between the form and its host; prefilled answers wait for confirmation.

use ask_contract::{
    AskForm, ParseOptions, parse_params,
    result::{AnsweredVia, AskDetails},
};
use ask_host::{Notice, Session, control::ControlHandle, settings::Settings};
use ask_keymap::Key;
use ask_settings::AskConfig;
use serde_json::{Value, json};

fn form() -> AskForm {
    let payload = json!({"questions": [
        {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "feat", "label": "Features", "prompt": "Which features?", "type": "multi",
         "minItems": 2, "options": [
            {"value": "auth", "label": "Auth"}, {"value": "search", "label": "Search"},
            {"value": "pay", "label": "Payments"}]}]});
    parse_params(&payload, ParseOptions::default()).unwrap()
}

fn session() -> Session {
    Session::new(form(), Settings::in_memory(AskConfig::default()))
}

fn drain(client: &ControlHandle) -> Vec<Value> {
    let mut lines = Vec::new();
    while let Ok(Some(event)) = client.try_recv() {
        lines.push(serde_json::from_str(&event.to_line()).unwrap());
    }
    lines
}

#[test]
fn an_ending_command_the_rules_refuse_is_not_ready_and_changes_nothing() {
    // Closed answers (an MCP elicitation form): a typed answer on a choice question
    // cannot be sent, so a submit carrying one cannot end the form.
    let mut s = session().with_closed_answers();
    let client = s.controller().connect(AnsweredVia::Control);
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"db":{"values":["pg"]}}}"#)
        .unwrap();
    s.pump_control();
    client
        .send_line(r#"{"v":1,"type":"answer","mode":"submit","answers":{"db":{"customText":"Oracle"},"feat":{"values":["auth","pay"]}}}"#)
        .unwrap();
    s.pump_control();
    let events = drain(&client);
    let last = events.last().unwrap();
    assert_eq!(last["type"], "error", "{events:?}");
    assert_eq!(last["code"], "notReady");
    assert!(
        last["message"].as_str().unwrap().contains("Database"),
        "{last}"
    );
    assert!(!s.is_over());
    // The answers given with the refused command are gone again.
    let db = s.flow().draft(0).unwrap();
    assert_eq!(db.selected, [true, false], "db keeps PostgreSQL");
    assert!(db.custom_text.is_none());
    assert!(!s.flow().draft(1).unwrap().is_answered());
}

#[test]
fn a_submit_while_an_answer_breaks_a_rule_is_not_ready() {
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Control);
    // On the terminal: one feature where the question wants two.
    for key in ["tab", "space"] {
        s.key(key.parse::<Key>().unwrap());
    }
    client.send_line(r#"{"v":1,"type":"submit"}"#).unwrap();
    s.pump_control();
    let events = drain(&client);
    assert!(events.iter().any(|e| e["code"] == "notReady"), "{events:?}");
    assert!(!s.is_over());
    // Once the answers fit, the same submit ends the form.
    client
        .send_line(r#"{"v":1,"type":"answer","mode":"submit","answers":{"feat":{"values":["auth","pay"]}}}"#)
        .unwrap();
    s.pump_control();
    let events = drain(&client);
    assert_eq!(events.last().unwrap()["type"], "completed", "{events:?}");
}

#[test]
fn folded_goes_to_every_client_and_unfold_is_taken_once() {
    let mut s = session();
    let first = s.controller().connect(AnsweredVia::Control);
    let second = s.controller().connect(AnsweredVia::Control);
    s.pump_control();
    assert!(!s.take_unfold());
    s.notify_folded(false);
    for client in [&first, &second] {
        let events = drain(client);
        assert_eq!(
            events.last().unwrap(),
            &json!({"v": 1, "type": "folded", "redraw": false}),
            "{events:?}"
        );
    }
    s.notify_folded(true);
    assert_eq!(drain(&first).last().unwrap()["redraw"], true);
    second.send_line(r#"{"v":1,"type":"unfold"}"#).unwrap();
    assert!(!s.take_unfold(), "taken only by a pump");
    s.pump_control();
    assert!(s.take_unfold());
    assert!(!s.take_unfold(), "once");
    // Commands still work while folded.
    first
        .send_line(r#"{"v":1,"type":"answer","mode":"cancel","answers":{}}"#)
        .unwrap();
    s.pump_control();
    assert!(s.is_over());
}

#[test]
fn prefilled_answers_show_a_notice_and_wait_for_confirmation() {
    let last: AskDetails = serde_json::from_value(json!({
        "cancelled": false, "mode": "submit",
        "questions": [
            {"id": "db", "label": "Database", "prompt": "Which database?", "type": "single"},
            {"id": "feat", "label": "Features", "prompt": "Which features?", "type": "multi"},
            {"id": "gone", "label": "Gone", "prompt": "Removed?", "type": "single"}],
        "answers": {
            "db": {"values": ["my own"], "labels": ["my own"], "indices": [],
                   "customText": "my own", "note": "keep it small"},
            "feat": {"values": ["auth", "pay"], "labels": ["Auth", "Payments"], "indices": [1, 3],
                     "optionNotes": {"pay": "later"}},
            "gone": {"values": ["x"], "labels": ["X"], "indices": [1]}}}))
    .unwrap();
    let mut s = session().with_prefill(&last);
    assert!(
        s.notices()
            .iter()
            .any(|n| matches!(n, Notice::Prefilled { dropped } if dropped.is_empty())),
        "{:?}",
        s.notices()
    );
    assert!(
        s.frame()
            .to_plain_text()
            .contains("prefilled from your last answers")
    );
    assert!(!s.is_over(), "nothing is submitted for the user");
    for key in ["tab", "tab", "enter"] {
        s.key(key.parse::<Key>().unwrap());
    }
    let result = s.result().expect("confirmed on the review tab");
    assert_eq!(
        result.details.answers["db"].custom_text.as_deref(),
        Some("my own")
    );
    assert_eq!(
        result.details.answers["db"].note.as_deref(),
        Some("keep it small")
    );
    assert_eq!(result.details.answers["feat"].values, ["auth", "pay"]);
    assert_eq!(
        result.details.answers["feat"]
            .option_notes
            .as_ref()
            .unwrap()["pay"],
        "later"
    );
}

#[test]
fn an_answer_that_no_longer_fits_is_left_out_and_named() {
    let last: AskDetails = serde_json::from_value(json!({
        "cancelled": false, "mode": "submit",
        "questions": [{"id": "db", "label": "Database", "prompt": "Which database?", "type": "single"}],
        "answers": {"db": {"values": ["x"], "labels": ["X"], "indices": [7]}}}))
    .unwrap();
    let s = session().with_prefill(&last);
    let dropped = s.notices().iter().find_map(|n| match n {
        Notice::Prefilled { dropped } => Some(dropped.clone()),
        _ => None,
    });
    let dropped = dropped.expect("a prefill notice");
    assert_eq!(dropped.len(), 1, "{dropped:?}");
    assert!(dropped[0].contains("db"), "{dropped:?}");
    assert!(!s.flow().draft(0).unwrap().is_answered());
}

#[test]
fn the_schema_names_the_host_lines_and_the_new_code() {
    let schema: Value = serde_json::from_str(ask_host::control::CONTROL_SCHEMA).unwrap();
    let text = schema.to_string();
    for name in ["\"unfold\"", "\"folded\"", "\"notReady\""] {
        assert!(text.contains(name), "{name} missing");
    }
}
