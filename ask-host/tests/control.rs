//! The control channel through its public API: every command and event, bad commands
//! that change nothing, the first ender winning, and `details.answeredVia`.

use std::time::Duration;

use ask_contract::{AskForm, ParseOptions, parse_params, result::AnsweredVia};
use ask_host::{
    Session,
    control::{ControlCommand, ControlError, ControlHandle},
    settings::Settings,
};
use ask_keymap::Key;
use ask_settings::AskConfig;
use serde_json::{Value, json};

fn form() -> AskForm {
    let payload = json!({"title": "Setup", "questions": [
        {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite",
             "preview": "fn main() {}"}]},
        {"id": "feat", "prompt": "Which features?", "type": "multi", "options": [
            {"value": "auth", "label": "Auth"}, {"value": "search", "label": "Search"}]}]});
    parse_params(&payload, ParseOptions::default()).unwrap()
}

fn session() -> Session {
    Session::new(form(), Settings::in_memory(AskConfig::default()))
}

/// Every event waiting for `client`, as protocol lines parsed back, without the `view`
/// that `started` and the last `changed` of a batch carry (`view.rs` tests it).
fn drain(client: &ControlHandle) -> Vec<Value> {
    let mut lines = Vec::new();
    while let Ok(Some(event)) = client.try_recv() {
        let mut line: Value = serde_json::from_str(&event.to_line()).unwrap();
        if let Some(fields) = line.as_object_mut() {
            fields.remove("view");
        }
        lines.push(line);
    }
    lines
}

fn types(events: &[Value]) -> Vec<&str> {
    events.iter().map(|e| e["type"].as_str().unwrap()).collect()
}

#[test]
fn started_carries_the_normalized_form_and_what_is_answered() {
    let mut s = session();
    s.key("1".parse::<Key>().unwrap());
    let client = s.controller().connect(AnsweredVia::Control);
    s.pump_control();
    let events = drain(&client);
    assert_eq!(types(&events), ["started"]);
    let started = &events[0];
    assert_eq!(started["v"], 1);
    assert_eq!(started["form"]["title"], "Setup");
    assert_eq!(started["form"]["questions"][0]["id"], "db");
    assert_eq!(
        started["form"]["questions"][0]["options"][1]["preview"],
        "fn main() {}"
    );
    assert_eq!(started["answered"], json!(["db"]));
}

#[test]
fn answer_changes_only_the_named_questions_and_says_which_without_text() {
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Control);
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"feat":{"values":["auth","search"],"note":"secret plan"}}}"#)
        .unwrap();
    assert!(s.pump_control(), "the screen changed");
    let events = drain(&client);
    assert_eq!(types(&events), ["started", "changed"]);
    assert_eq!(
        events[1],
        json!({"v": 1, "type": "changed", "question": "feat", "index": 1, "answered": true})
    );
    assert!(
        !events[1].to_string().contains("secret"),
        "no typed text in the event's own fields"
    );
    // The terminal shows it, and the first question is untouched.
    assert!(s.flow().draft(1).unwrap().is_answered());
    assert!(!s.flow().draft(0).unwrap().is_answered());
    // Clearing an answer is a change too.
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"feat":{}}}"#)
        .unwrap();
    s.pump_control();
    assert_eq!(
        drain(&client),
        [json!({"v": 1, "type": "changed", "question": "feat", "index": 1, "answered": false})]
    );
}

#[test]
fn keys_on_the_terminal_are_changes_for_clients() {
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Control);
    s.pump_control();
    drain(&client);
    s.key("2".parse::<Key>().unwrap());
    s.pump_control();
    let events = drain(&client);
    assert_eq!(
        events,
        [json!({"v": 1, "type": "changed", "question": "db", "index": 0, "answered": true})]
    );
    assert_eq!(client.live().snapshot.questions[0].selected, [1]);
}

#[test]
fn bad_commands_get_an_error_and_change_nothing() {
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Control);
    s.pump_control();
    drain(&client);
    // Lines that do not parse never reach the session.
    for (line, code) in [
        ("not json", "badLine"),
        ("[1]", "badLine"),
        (r#"{"type":"submit"}"#, "unsupportedVersion"),
        (r#"{"v":2,"type":"submit"}"#, "unsupportedVersion"),
        (r#"{"v":1,"type":"launch"}"#, "unknownCommand"),
        (r#"{"v":1,"type":"answer"}"#, "badCommand"),
        (
            r#"{"v":1,"type":"answer","answers":{},"mode":"later"}"#,
            "badCommand",
        ),
        (r#"{"v":1,"type":"focus"}"#, "badCommand"),
    ] {
        let err = client.send_line(line).unwrap_err();
        assert_eq!(err.code(), code, "{line}: {err}");
    }
    // Lines that parse but do not fit the form come back as error events.
    let snapshot = s.flow().snapshot();
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"db":{"values":["pg","lite"]},"feat":{"values":["auth"]}}}"#)
        .unwrap();
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"nope":{"values":["x"]}}}"#)
        .unwrap();
    client
        .send_line(r#"{"v":1,"type":"focus","question":"nope"}"#)
        .unwrap();
    s.pump_control();
    let events = drain(&client);
    assert_eq!(types(&events), ["error", "error", "error"]);
    assert_eq!(events[0]["code"], "badAnswers");
    assert!(
        events[0]["message"].as_str().unwrap().contains("\"db\""),
        "{}",
        events[0]
    );
    assert_eq!(events[1]["code"], "badAnswers");
    assert_eq!(events[2]["code"], "unknownQuestion");
    // All or nothing: the valid "feat" answer of the first command was not applied either.
    assert_eq!(s.flow().snapshot(), snapshot);
    assert!(!s.is_over());
}

#[test]
fn focus_shows_a_question_or_the_review_tab() {
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Control);
    client
        .send(ControlCommand::parse_line(r#"{"v":1,"type":"focus","question":"feat"}"#).unwrap())
        .unwrap();
    s.pump_control();
    assert_eq!(s.flow().tab(), ask_state::Tab::Question(1));
    client
        .send_line(r#"{"v":1,"type":"focus","review":true}"#)
        .unwrap();
    s.pump_control();
    assert_eq!(s.flow().tab(), ask_state::Tab::Review);
    assert_eq!(
        types(&drain(&client)),
        ["started"],
        "focus is not an answer change"
    );
}

#[test]
fn submit_elaborate_and_cancel_end_the_form_as_the_client() {
    for (line, mode, cancelled) in [
        (r#"{"v":1,"type":"submit"}"#, "submit", false),
        (r#"{"v":1,"type":"elaborate"}"#, "elaborate", false),
        (r#"{"v":1,"type":"cancel"}"#, "submit", true),
    ] {
        let mut s = session();
        let client = s.controller().connect(AnsweredVia::Control);
        client
            .send_line(
                r#"{"v":1,"type":"answer","answers":{"db":{"values":["lite"],"note":"why?"}}}"#,
            )
            .unwrap();
        client.send_line(line).unwrap();
        s.pump_control();
        assert!(s.is_over(), "{line}");
        let events = drain(&client);
        assert_eq!(
            types(&events),
            ["started", "changed", "completed"],
            "{line}"
        );
        let details = &events[2]["result"]["details"];
        assert_eq!(details["mode"], mode, "{line}");
        assert_eq!(details["cancelled"], cancelled, "{line}");
        assert_eq!(details["answeredVia"], "control", "{line}");
        assert_eq!(details["answers"]["db"]["values"], json!(["lite"]));
        assert_eq!(
            serde_json::to_value(s.result().unwrap()).unwrap(),
            events[2]["result"]
        );
    }
}

#[test]
fn answer_with_a_mode_equals_the_scripted_result() {
    let script = json!({"mode": "elaborate", "answers": {
        "db": {"values": ["pg"], "optionNotes": {"pg": "which version?"}},
        "feat": {"indices": [2], "customText": "sso", "presentedType": "multi"}}});
    let expected = ask_state::scripted::scripted_result(&form(), &script).unwrap();
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Browser);
    let mut line = script.clone();
    line["v"] = json!(1);
    line["type"] = json!("answer");
    client.send_line(&line.to_string()).unwrap();
    s.pump_control();
    let mut result = s.result().unwrap().clone();
    assert_eq!(result.details.answered_via, Some(AnsweredVia::Browser));
    result.details.answered_via = None;
    assert_eq!(result, expected);
}

#[test]
fn the_first_to_end_wins_and_the_others_are_told() {
    let mut s = session();
    let controller = s.controller();
    let a = controller.connect(AnsweredVia::Control);
    let b = controller.connect(AnsweredVia::Browser);
    a.send(ControlCommand::Submit).unwrap();
    b.send(ControlCommand::Cancel).unwrap();
    s.pump_control();
    let result = s.result().unwrap();
    assert!(!result.details.cancelled, "the submit came first");
    assert_eq!(result.details.answered_via, Some(AnsweredVia::Control));
    assert_eq!(types(&drain(&a)), ["started", "completed"]);
    let told = drain(&b);
    assert_eq!(types(&told), ["started", "error", "completed"]);
    assert_eq!(told[1]["code"], "alreadyCompleted");
    assert!(
        told[1]["message"]
            .as_str()
            .unwrap()
            .contains("by a control client"),
        "{}",
        told[1]
    );
    // Afterwards a command is refused at once, and a new client learns the end.
    let err = b.send(ControlCommand::Submit).unwrap_err();
    assert!(matches!(err, ControlError::AlreadyCompleted(_)), "{err}");
    let late = controller.connect(AnsweredVia::Control);
    s.pump_control();
    assert_eq!(types(&drain(&late)), ["completed"]);
}

#[test]
fn the_terminal_winning_is_named_and_clients_learn_it() {
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Browser);
    s.pump_control();
    // Pick PostgreSQL, go to the review tab, press Submit.
    for key in ["1", "tab", "enter"] {
        s.key(key.parse::<Key>().unwrap());
    }
    assert!(s.is_over());
    s.pump_control();
    let events = drain(&client);
    let completed = events.iter().find(|e| e["type"] == "completed").unwrap();
    assert_eq!(completed["result"]["details"]["answeredVia"], "terminal");
    assert_eq!(
        client.send(ControlCommand::Submit).unwrap_err().to_string(),
        "the form was already answered in the terminal"
    );
}

#[test]
fn a_dropped_session_closes_its_handles_and_a_dropped_handle_is_forgotten() {
    let mut s = session();
    let controller = s.controller();
    let gone = controller.connect(AnsweredVia::Control);
    drop(gone);
    let client = controller.connect(AnsweredVia::Control);
    s.pump_control();
    drain(&client);
    drop(s);
    assert!(matches!(client.recv(), Err(ControlError::Disconnected)));
    assert!(matches!(
        client.send(ControlCommand::Submit),
        Err(ControlError::Disconnected)
    ));
}

#[test]
fn close_control_sends_a_result_decided_outside_the_flow() {
    let mut s = session();
    let client = s.controller().connect(AnsweredVia::Control);
    s.pump_control();
    drain(&client);
    let cancelled = s.cancelled();
    s.close_control(&cancelled);
    let events = drain(&client);
    assert_eq!(types(&events), ["completed"]);
    assert_eq!(events[0]["result"]["details"]["cancelled"], true);
    assert!(events[0]["result"]["details"].get("answeredVia").is_none());
}

#[test]
fn wait_for_change_wakes_on_a_new_revision() {
    let mut s = session();
    let controller = s.controller();
    let seen = controller.live().revision;
    let (waiting, ready) = std::sync::mpsc::channel();
    let waiter = std::thread::spawn({
        let controller = controller.clone();
        move || {
            waiting.send(()).unwrap();
            controller.wait_for_change(seen, Duration::from_secs(10))
        }
    });
    // Fence: the waiter is on its way into the wait before the key changes the form.
    ready.recv().unwrap();
    s.key("1".parse::<Key>().unwrap());
    s.pump_control();
    assert!(waiter.join().unwrap() > seen);
    // Nothing new: returns after the timeout with the same revision.
    let now = controller.live().revision;
    assert_eq!(
        controller.wait_for_change(now, Duration::from_millis(20)),
        now
    );
}

#[test]
fn the_schema_is_json_and_names_every_command_and_event() {
    let schema: Value = serde_json::from_str(ask_host::control::CONTROL_SCHEMA).unwrap();
    let text = schema.to_string();
    for name in [
        "answer",
        "submit",
        "elaborate",
        "cancel",
        "focus",
        "started",
        "changed",
        "completed",
        "error",
    ] {
        assert!(text.contains(&format!("\"{name}\"")), "{name} missing");
    }
}

#[test]
fn remote_answers_restart_the_idle_timeout() {
    let mut s = session().with_idle_timeout(10);
    let client = s.controller().connect(AnsweredVia::Browser);
    s.tick_at(9_000);
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"db":{"values":["pg"]}}}"#)
        .unwrap();
    s.pump_control();
    // 9 s after the remote answer the form is still open; 10 s after it, it times out.
    s.tick_at(18_000);
    assert!(!s.is_over(), "the remote answer counted as input");
    s.tick_at(19_500);
    let result = s.result().expect("timed out");
    assert!(result.details.timed_out);
    assert_eq!(result.details.answered_via, None, "nobody ended it");
}

/// `wait_taken`, what an HTTP API or a tool answers each command with: a command that
/// submitted the form was taken even though the session is gone by the time the front
/// end looks (the MCP App's Submit was answered 410 before this); a command the session
/// never read is `closed`; a refused one gives the session's error.
#[test]
fn wait_taken_tells_a_command_that_ended_the_form_from_one_never_read() {
    let within = Duration::from_secs(5);
    let mut s = session();
    let controller = s.controller();
    let refused = controller.connect(AnsweredVia::Control);
    refused
        .send_line(r#"{"v": 1, "type": "focus", "question": "nope"}"#)
        .unwrap();
    s.pump_control();
    let err = refused.wait_taken(within).unwrap_err();
    assert!(err.to_line().contains("nope"), "{}", err.to_line());

    let submitting = controller.connect(AnsweredVia::Control);
    submitting
        .send_line(r#"{"v": 1, "type": "answer", "mode": "submit", "answers": {"db": {"values": ["pg"]}}}"#)
        .unwrap();
    s.pump_control();
    assert!(s.result().is_some(), "the answer submitted the form");
    drop(s);
    assert_eq!(submitting.wait_taken(within), Ok(()));

    let mut unread = session();
    let late = unread.controller().connect(AnsweredVia::Control);
    late.send(ControlCommand::Cancel).unwrap();
    drop(unread);
    let never = late.wait_taken(within).unwrap_err();
    assert!(
        never.to_line().contains("\"closed\""),
        "{}",
        never.to_line()
    );
}
