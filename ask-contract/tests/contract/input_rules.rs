//! Every input rule and its issue path, plus normalization, as golden files.

use std::path::Path;

use ask_contract::{
    AskForm, ContractError, Issue, ParseOptions, parse_params, parse_params_str, payload::AskParams,
};
use serde::Serialize;
use serde_json::{Value, json};

/// The observable outcome of parsing: `{"form": <normalized payload>}` or `{"issues": [...]}`,
/// fields in the order the typed payload and issues serialize them.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Outcome {
    Form(AskParams),
    Issues(Vec<Issue>),
}

pub(crate) fn outcome(result: &Result<AskForm, ContractError>) -> Outcome {
    match result {
        Ok(form) => Outcome::Form(form.to_params()),
        Err(err) => Outcome::Issues(err.issues().to_vec()),
    }
}

/// Parses a fixture as text and, when it is JSON, as a value too: both ways
/// must agree.
fn parse_fixture(path: &Path, options: ParseOptions) -> Outcome {
    let text = std::fs::read_to_string(path).expect("fixture is readable");
    let from_text = parse_params_str(&text, options);
    if let Ok(value) = serde_json::from_str::<Value>(&text) {
        assert_eq!(
            from_text,
            parse_params(&value, options),
            "parse_params_str and parse_params disagree on {}",
            path.display()
        );
    }
    outcome(&from_text)
}

#[test]
fn public_payloads() {
    insta::glob!("../fixtures", "input/*", |path| {
        // Printed by serde_json, not insta's serializer: with serde_json's
        // arbitrary_precision a number is a private one-key object to any other serializer.
        insta::assert_snapshot!(crate::pretty(&parse_fixture(path, ParseOptions::default())));
    });
}

#[test]
fn freeform_payloads() {
    insta::glob!("../fixtures", "freeform/*", |path| {
        insta::assert_json_snapshot!(parse_fixture(path, ParseOptions::with_freeform()));
    });
}

#[test]
fn not_json_is_one_payload_issue() {
    for text in ["", "{", "questions: []", "[1, 2", "\u{feff}{}"] {
        let err = parse_params_str(text, ParseOptions::default()).unwrap_err();
        assert_eq!(err.issues().len(), 1, "{text:?}");
        assert_eq!(err.issues()[0].path, "payload", "{text:?}");
        assert!(
            err.issues()[0].message.contains("not valid JSON"),
            "{text:?}"
        );
    }
}

#[test]
fn non_object_roots_are_one_payload_issue() {
    for value in [
        json!(null),
        json!(true),
        json!(1),
        json!("questions"),
        json!([]),
        json!([{"questions": []}]),
    ] {
        let err = parse_params(&value, ParseOptions::default()).unwrap_err();
        assert_eq!(err.issues().len(), 1, "{value}");
        assert_eq!(err.issues()[0].path, "payload", "{value}");
    }
}

#[test]
fn preview_issue_tells_how_to_fix() {
    let payload = json!({"questions": [{"id": "layout", "prompt": "Which layout?", "type": "preview",
        "options": [{"value": "flat", "label": "Flat", "description": "All in src/"}]}]});
    let err = parse_params(&payload, ParseOptions::default()).unwrap_err();
    let [issue] = err.issues() else {
        panic!("expected exactly one issue, got {:?}", err.issues());
    };
    assert_eq!(issue.path, "questions[0].options[0].preview");
    assert!(
        issue.message.contains("add preview text"),
        "{}",
        issue.message
    );
    assert!(
        issue.message.contains("type \"single\""),
        "{}",
        issue.message
    );
}

#[test]
fn same_payload_as_single_is_valid() {
    let payload = json!({"questions": [{"id": "layout", "prompt": "Which layout?", "type": "single",
        "options": [{"value": "flat", "label": "Flat", "description": "All in src/"}]}]});
    assert!(parse_params(&payload, ParseOptions::default()).is_ok());
}

#[test]
fn freeform_only_question_has_no_declared_options() {
    let payload = json!({"questions": [{"id": "name", "prompt": "Crate name?",
        "options": [{"value": "answer", "label": "Type your answer", "freeform": true}]}]});
    let form = parse_params(&payload, ParseOptions::with_freeform()).unwrap();
    assert!(form.questions[0].freeform);
    assert!(form.questions[0].options.is_empty());
    let err = parse_params(&payload, ParseOptions::default()).unwrap_err();
    assert_eq!(err.issues()[0].path, "questions[0].options");
}

#[test]
fn error_display_lists_every_issue() {
    let err = parse_params(
        &json!({"questions": [{"id": " ", "prompt": "p", "options": []}]}),
        ParseOptions::default(),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid ask_user payload: questions[0].id: must not be empty or whitespace; \
         questions[0].options: must contain at least one option"
    );
}

#[test]
fn question_lookup_by_id() {
    let form = parse_params(
        &json!({"questions": [
            {"id": "a", "prompt": "A?", "options": [{"value": "x", "label": "X"}]},
            {"id": "b", "prompt": "B?", "options": [{"value": "y", "label": "Y"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap();
    assert_eq!(form.question("b").map(|q| q.prompt.as_str()), Some("B?"));
    assert!(form.question("c").is_none());
}
