//! Typed questions in the browser: the view model names each native input with its rules,
//! and text sent as the page sends it (`"draft": true`) is judged by the form with the
//! terminal's own checks, the view saying the problem.

use ask_contract::{ParseOptions, parse_params};
use ask_host::view::ViewModel;
use ask_host::{Session, settings::Settings};
use ask_settings::AskConfig;
use serde_json::json;

fn session() -> Session {
    let payload = json!({"questions": [
        {"id": "name", "label": "Name", "type": "text", "prompt": "Project name?", "minLength": 3,
         "maxLength": 20, "placeholder": "my-app", "default": "demo"},
        {"id": "notes", "type": "text", "prompt": "Anything else?", "multiline": true},
        {"id": "mail", "type": "text", "prompt": "Mail?", "format": "email", "pattern": "@example\\.com$"},
        {"id": "day", "type": "text", "prompt": "Day?", "format": "date"},
        {"id": "at", "type": "text", "prompt": "When?", "format": "date-time"},
        {"id": "site", "type": "text", "prompt": "Site?", "format": "uri"},
        {"id": "n", "type": "number", "prompt": "How many?", "min": 1, "max": 10, "integer": true, "unit": "pods"},
        {"id": "x", "type": "number", "prompt": "How much?", "min": 0.5},
        {"id": "ok", "type": "confirm", "prompt": "Go?", "yesLabel": "Deploy", "noLabel": "Wait", "default": true},
        {"id": "dir", "type": "path", "prompt": "Where?", "pathKind": "dir"},
        {"id": "envs", "type": "multi", "prompt": "Which?", "minItems": 2, "options": [
            {"value": "dev", "label": "Dev"}, {"value": "prod", "label": "Prod"}, {"value": "qa", "label": "QA"}]}
    ]});
    let form = parse_params(&payload, ParseOptions::default()).unwrap();
    Session::new(form, Settings::in_memory(AskConfig::default()))
}

#[test]
fn the_view_model_names_each_native_input_and_its_rules() {
    let mut s = session();
    let controller = s.controller();
    let view = serde_json::to_value(ViewModel::new(controller.form(), &controller.live())).unwrap();
    let q = |i: usize| &view["questions"][i];
    let controls: Vec<&str> = (0..10)
        .map(|i| q(i)["input"]["control"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(
        controls,
        [
            "text",
            "textarea",
            "email",
            "date",
            "datetime-local",
            "url",
            "number",
            "number",
            "-",
            "path"
        ]
    );
    let name = &q(0)["input"];
    assert_eq!(
        (name["minLength"].as_u64(), name["maxLength"].as_u64()),
        (Some(3), Some(20))
    );
    assert_eq!(name["placeholder"], "my-app");
    assert_eq!(name["prefill"], "demo");
    assert_eq!(q(0)["rule"], "3 to 20 characters");
    assert_eq!(
        q(0)["suggestion"],
        "demo",
        "the review names the untouched default"
    );
    assert_eq!(
        q(0)["answered"],
        false,
        "a default is never an answer by itself"
    );
    let n = &q(6)["input"];
    assert_eq!(
        (n["min"].as_i64(), n["max"].as_i64(), n["step"].as_str()),
        (Some(1), Some(10), Some("1"))
    );
    assert_eq!(n["unit"], "pods");
    assert_eq!(q(7)["input"]["step"], "any");
    assert_eq!(q(6)["rule"], "A whole number from 1 to 10 (pods)");
    // confirm: two options, no "Type your own" row, the default only suggested.
    assert_eq!(q(8)["customRow"], false);
    assert_eq!(q(8)["rule"], "Yes or no");
    let labels: Vec<&str> = q(8)["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["Deploy", "Wait"]);
    assert!(
        q(8)["options"]
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["selected"] == false)
    );
    assert_eq!(q(8)["suggestion"], "Deploy");
    assert_eq!(q(9)["rule"], "A directory path");
    assert_eq!(q(10)["customRow"], true);
    assert_eq!(q(10)["rule"], "Choose at least 2");
    assert!(
        q(10).get("problem").is_none(),
        "nothing chosen is no problem"
    );
}

#[test]
fn a_multi_question_outside_its_count_carries_the_terminals_problem() {
    let mut s = session();
    let controller = s.controller();
    let handle = controller.connect(ask_contract::result::AnsweredVia::Control);
    // Scripted answers refuse a count outside the rules; the terminal shows it inline.
    let refused =
        handle.send_line(r#"{"v":1,"type":"answer","answers":{"envs":{"values":["qa"]}}}"#);
    s.pump_control();
    assert!(refused.is_err() || !s.flow().draft(10).unwrap().is_answered());
    handle
        .send_line(r#"{"v":1,"type":"focus","question":"envs"}"#)
        .unwrap();
    s.pump_control();
    assert!(s.key("1".parse().unwrap()));
    s.pump_control();
    let view = serde_json::to_value(ViewModel::new(controller.form(), &controller.live())).unwrap();
    assert_eq!(
        view["questions"][10]["problem"],
        "choose at least 2 (1 chosen)"
    );
}

#[test]
fn typed_text_sent_as_the_page_sends_it_is_judged_by_the_terminals_checks() {
    let mut s = session();
    let client = s
        .controller()
        .connect(ask_contract::result::AnsweredVia::Browser);
    let index = |id: &str| {
        [
            "name", "notes", "mail", "day", "at", "site", "n", "x", "ok", "dir", "envs",
        ]
        .iter()
        .position(|q| *q == id)
        .unwrap()
    };
    for (question, text, problem) in [
        ("n", "12", Some("at most 10")),
        ("n", "2.5", Some("a whole number")),
        ("n", "?", Some("not a number")),
        ("n", " 4 ", None),
        ("name", "ab", Some("at least 3 characters (2 now)")),
        ("mail", "someone@example.com", None),
        (
            "mail",
            "someone@example.org",
            Some("does not match @example\\.com$"),
        ),
        ("at", "2026-12-01T09:30:00+02:00", None),
    ] {
        let line = json!({"v": 1, "type": "answer", "answers": {question: {"value": text, "draft": true}}});
        client.send_line(&line.to_string()).unwrap();
        s.pump_control();
        let view = client.live().view;
        let q = &view.questions[index(question)];
        assert_eq!(q.problem.as_deref(), problem, "{question} {text:?}");
        assert_eq!(q.answered, problem.is_none(), "{question} {text:?}");
        assert_eq!(
            q.custom_text.as_deref(),
            Some(text.trim()),
            "{question} {text:?}"
        );
    }
    // The rule the view says is the one Submit is held back by (the first question's).
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"name":{"value":"ab","draft":true}}}"#)
        .unwrap();
    s.pump_control();
    let blocked = client.live().view.blocked.clone().expect("held back");
    assert_eq!(
        (blocked.question.as_str(), blocked.problem.as_str()),
        ("name", "at least 3 characters (2 now)")
    );
    // Blank text is no answer and no problem.
    client
        .send_line(r#"{"v":1,"type":"answer","answers":{"name":{"value":"   ","draft":true},"mail":{"value":"","draft":true}}}"#)
        .unwrap();
    s.pump_control();
    let view = client.live().view;
    assert_eq!(
        (
            view.questions[0].answered,
            view.questions[0].problem.as_deref()
        ),
        (false, None)
    );
    assert!(view.blocked.is_none(), "{:?}", view.blocked);
}
