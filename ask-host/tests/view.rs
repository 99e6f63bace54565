//! The one view model through the control channel: `started` and the last `changed` of a
//! batch carry it, with `required`, the labels in the form's language, each question's
//! problem as the terminal says it and what keeps Submit back; and `mustExist` and
//! `pathKind` hold on every way an answer comes in (a control answer, a draft answer, a
//! prefill), looked up where the terminal looks.

use ask_contract::{
    AskForm, ParseOptions, parse_params,
    result::{AnsweredVia, AskDetails},
};
use ask_host::{
    Notice, Session, control::ControlHandle, settings::Settings, setup::CompletionSource,
    state::Completion,
};
use ask_settings::AskConfig;
use ask_state::paths::PathStatus;
use serde_json::{Value, json};

fn form() -> AskForm {
    parse_params(
        &json!({"questions": [
            {"id": "cfg", "prompt": "Which config?", "type": "path", "mustExist": true,
             "pathKind": "file", "required": true},
            {"id": "go", "prompt": "Ship it?", "type": "confirm"},
            {"id": "n", "prompt": "How many?", "type": "number", "max": 10}]}),
        ParseOptions::default(),
    )
    .unwrap()
}

/// A file system with `Cargo.toml` (a file) and `src` (a folder).
struct Disk;
impl CompletionSource for Disk {
    fn complete(&mut self, _query: &str) -> Vec<Completion> {
        Vec::new()
    }
    fn path_status(&mut self, path: &str) -> Option<PathStatus> {
        Some(match path {
            "Cargo.toml" => PathStatus::File,
            "src" => PathStatus::Dir,
            _ => PathStatus::Missing,
        })
    }
}

fn session() -> Session {
    Session::new(form(), Settings::in_memory(AskConfig::default())).with_completions(Disk)
}

fn drain(client: &ControlHandle) -> Vec<Value> {
    let mut lines = Vec::new();
    while let Ok(Some(event)) = client.try_recv() {
        lines.push(serde_json::from_str(&event.to_line()).unwrap());
    }
    lines
}

/// `event` checked against the control schema's definition `name`.
fn fits(name: &str, event: &Value) {
    let schema: Value = serde_json::from_str(ask_host::control::CONTROL_SCHEMA).unwrap();
    let one = json!({"$ref": format!("#/$defs/{name}"), "$defs": schema["$defs"]});
    let validator = jsonschema::validator_for(&one).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(event)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{name}: {errors:?}\n{event}");
}

#[test]
fn started_carries_the_view_with_required_labels_and_the_submit_block() {
    let mut s = Session::new(form(), Settings::in_memory(AskConfig::default()))
        .with_system_locale(ask_host::i18n::Locale::Es)
        .with_completions(Disk);
    let client = s.controller().connect(AnsweredVia::Control);
    s.pump_control();
    let events = drain(&client);
    let view = &events[0]["view"];
    fits("started", &events[0]);
    assert_eq!(view["questions"][0]["required"], true);
    assert_eq!(view["questions"][1]["required"], false);
    // The made-up yes/no labels in the form's language; the values stay English.
    assert_eq!(view["questions"][1]["options"][0]["label"], "Sí");
    assert_eq!(view["questions"][1]["options"][0]["value"], "yes");
    assert_eq!(view["locale"], "es");
    assert!(
        view.get("blocked").is_none(),
        "nothing keeps Submit back yet"
    );
}

#[test]
fn a_control_answer_with_a_missing_path_is_refused_with_the_terminals_text() {
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Control);
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"cfg":{"value":"nope.toml"}}}"#)
        .unwrap();
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"cfg":{"value":"src"}}}"#)
        .unwrap();
    s.pump_control();
    let events = drain(&client);
    let errors: Vec<&Value> = events.iter().filter(|e| e["type"] == "error").collect();
    assert_eq!(errors.len(), 2, "{events:?}");
    assert_eq!(errors[0]["code"], "badAnswers");
    let missing = errors[0]["message"].as_str().unwrap();
    assert!(
        missing.contains("\"nope.toml\" is not accepted: no such file or directory"),
        "{missing}"
    );
    let folder = errors[1]["message"].as_str().unwrap();
    assert!(folder.contains("\"src\" is not accepted: "), "{folder}");
    assert!(!s.flow().draft(0).unwrap().is_answered());
    // A file that is there is the answer.
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"cfg":{"value":"Cargo.toml"}}}"#)
        .unwrap();
    s.pump_control();
    assert!(s.flow().draft(0).unwrap().is_answered());
}

#[test]
fn a_draft_answer_keeps_the_text_and_the_view_says_the_problem_and_blocks_submit() {
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Browser);
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"cfg":{"value":"nope.toml","draft":true},"n":{"value":"12","draft":true}}}"#)
        .unwrap();
    s.pump_control();
    let events = drain(&client);
    let changed: Vec<&Value> = events.iter().filter(|e| e["type"] == "changed").collect();
    assert_eq!(changed.len(), 2, "{events:?}");
    assert!(
        changed[0].get("view").is_none(),
        "only the last of a batch carries it"
    );
    let view = &changed[1]["view"];
    fits("changed", changed[1]);
    let cfg = &view["questions"][0];
    assert_eq!(cfg["customText"], "nope.toml");
    assert_eq!(cfg["answered"], false);
    assert_eq!(cfg["problem"], "no such file or directory");
    assert_eq!(view["questions"][2]["problem"], "at most 10");
    assert_eq!(
        view["blocked"],
        json!({"question": "cfg", "index": 0, "problem": "no such file or directory"})
    );
    // Submit is refused with the review's words, and the form stays open.
    client.send_line(r#"{"v":1,"type":"submit"}"#).unwrap();
    s.pump_control();
    let refused = drain(&client);
    assert_eq!(refused[0]["code"], "notReady", "{refused:?}");
    assert!(
        refused[0]["message"]
            .as_str()
            .unwrap()
            .contains("no such file or directory")
    );
    assert!(!s.is_over());
}

#[test]
fn a_prefilled_path_that_is_not_there_is_left_out_with_a_notice() {
    let last: AskDetails = serde_json::from_value(json!({
        "mode": "submit", "cancelled": false,
        "questions": [{"id": "cfg", "label": "cfg", "prompt": "Which config?", "type": "path"}],
        "answers": {"cfg": {"values": ["gone.toml"], "labels": ["gone.toml"], "indices": [],
                            "customText": "gone.toml", "value": "gone.toml"}}}))
    .unwrap();
    let s = session().with_prefill(&last);
    assert!(!s.flow().draft(0).unwrap().is_answered(), "not prefilled");
    let dropped = s
        .notices()
        .iter()
        .find_map(|n| match n {
            Notice::Prefilled { dropped } => Some(dropped.join("; ")),
            _ => None,
        })
        .expect("a prefill notice");
    assert!(dropped.contains("no such file or directory"), "{dropped}");
}
