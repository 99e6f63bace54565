//! Every `structuredContent` the server can return validates against the tool's
//! `outputSchema`.

use ask_contract::{ParseOptions, parse_params, result::AskResult};
use serde_json::{Value, json};

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(crate::OUTPUT_SCHEMA).unwrap();
    jsonschema::validator_for(&schema).unwrap()
}

fn form() -> ask_contract::AskForm {
    parse_params(
        &json!({"title": "Setup", "questions": [
            {"id": "db", "label": "DB", "prompt": "Which database?", "options": [
                {"value": "pg", "label": "PostgreSQL", "recommended": true, "description": "server"},
                {"value": "lite", "label": "SQLite"}]},
            {"id": "feat", "type": "multi", "prompt": "Which features?", "options": [
                {"value": "a", "label": "Auth"}, {"value": "b", "label": "Billing"}]},
            {"id": "look", "type": "preview", "prompt": "Which layout?", "options": [
                {"value": "x", "label": "X", "preview": "a\nb"}, {"value": "y", "label": "Y", "preview": "c"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap()
}

fn check(result: &AskResult) {
    let details = serde_json::to_value(&result.details).unwrap();
    let validator = validator();
    let errors: Vec<String> = validator
        .iter_errors(&details)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}\n{details:#}");
}

#[test]
fn submitted_elaborated_and_cancelled_results_validate_against_the_output_schema() {
    let form = form();
    for answers in [
        json!({"mode": "submit", "answers": {"db": {"values": ["pg"], "note": "keep it simple"},
            "feat": {"values": ["a", "b"], "customText": "Chat", "optionNotes": {"a": "OAuth"}},
            "look": {"indices": [2]}}}),
        json!({"mode": "elaborate", "answers": {"db": {"values": ["lite"], "note": "why not pg?"},
            "feat": {"values": ["a"], "optionNotes": {"a": "which provider?"}}}}),
        json!({"mode": "elaborate", "answers": {}}),
        json!({"mode": "cancel", "answers": {"db": {"values": ["pg"]}}}),
        json!({"mode": "submit", "answers": {"db": {"values": ["pg", "lite"], "presentedType": "multi"}}}),
    ] {
        check(&ask_state::scripted::scripted_result(&form, &answers).unwrap());
    }
}

#[test]
fn results_the_server_makes_itself_validate_too() {
    let form = form();
    check(&AskResult::non_interactive(&form));
    check(&crate::no_form_result(&form));
    check(&crate::cancelled_result(&form));
    let err =
        parse_params(&json!({"questions": [{"id": 1}]}), ParseOptions::default()).unwrap_err();
    check(&AskResult::invalid(err.issues().to_vec()));
    let mut timed_out = crate::cancelled_result(&form);
    timed_out.details.timed_out = true;
    check(&AskResult::from_details(timed_out.details));
}

#[test]
fn the_output_schema_rejects_details_that_break_the_contract() {
    let validator = validator();
    assert!(
        !validator.is_valid(
            &json!({"cancelled": "no", "mode": "submit", "questions": [], "answers": {}})
        )
    );
    assert!(
        !validator.is_valid(
            &json!({"cancelled": false, "mode": "later", "questions": [], "answers": {}})
        )
    );
    assert!(!validator.is_valid(
        &json!({"cancelled": false, "mode": "submit", "questions": [],
        "answers": {"db": {"values": ["pg"], "labels": ["PG"], "indices": [0]}}})
    ));
}

#[test]
fn results_of_typed_questions_validate_too() {
    let form = parse_params(
        &json!({"questions": [
            {"id": "name", "type": "text", "prompt": "Name?", "maxLength": 20},
            {"id": "n", "type": "number", "prompt": "How many?", "min": 1, "max": 10},
            {"id": "ok", "type": "confirm", "prompt": "Go?"},
            {"id": "dir", "type": "path", "prompt": "Where?"},
            {"id": "envs", "type": "multi", "prompt": "Which?", "maxItems": 2, "options": [
                {"value": "dev", "label": "Dev"}, {"value": "prod", "label": "Prod"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap();
    for answers in [
        json!({"mode": "submit", "answers": {"name": {"value": "svc"}, "n": {"value": 3},
            "ok": {"value": true}, "dir": {"value": "src"}, "envs": {"values": ["dev"]}}}),
        json!({"mode": "elaborate", "answers": {"n": {"value": 2.5, "note": "why not 3?"}, "ok": {"value": false}}}),
    ] {
        let result = ask_state::scripted::scripted_result(&form, &answers).unwrap();
        check(&result);
        let mut via = result.clone();
        via.details.answered_via = Some(ask_contract::result::AnsweredVia::Browser);
        check(&via);
    }
    check(&crate::no_form_result(&form));
}

/// What a client that forwards only `structuredContent` (Claude Code) gives its model.
fn details_of(result: &AskResult) -> Value {
    serde_json::to_value(&result.details).unwrap()
}

#[test]
fn details_alone_say_what_happened_and_how_to_answer() {
    let form = form();
    let scripted = |answers: Value| ask_state::scripted::scripted_result(&form, &answers).unwrap();
    // A cancel no longer reads as a submit: outcome tells them apart.
    let cancelled = details_of(&scripted(json!({"mode": "cancel", "answers": {}})));
    assert_eq!(
        (&cancelled["cancelled"], &cancelled["outcome"]),
        (&json!(true), &json!("cancelled"))
    );
    assert_eq!(
        details_of(&crate::cancelled_result(&form))["outcome"],
        "cancelled"
    );
    let submitted = details_of(&scripted(
        json!({"mode": "submit", "answers": {"db": {"values": ["pg"]}}}),
    ));
    assert_eq!(submitted["outcome"], "submitted");
    let elaborate = details_of(&scripted(
        json!({"mode": "elaborate", "answers": {"db": {"note": "why pg?"}}}),
    ));
    assert_eq!(elaborate["outcome"], "elaborate");
    assert!(
        elaborate["elaboration"]["instruction"]
            .as_str()
            .unwrap()
            .starts_with("Answer the user's")
    );
    let mut timed_out = crate::cancelled_result(&form);
    timed_out.details.timed_out = true;
    assert_eq!(details_of(&timed_out)["outcome"], "timed_out");
    let err =
        parse_params(&json!({"questions": [{"id": 1}]}), ParseOptions::default()).unwrap_err();
    assert_eq!(
        details_of(&AskResult::invalid(err.issues().to_vec()))["outcome"],
        "invalid_input"
    );
    // "Needs user input": what to do, every question with its option values, and what
    // would open a form, all of it in details (the text content never reaches the model).
    let needs = details_of(&crate::no_form_result(&form));
    assert_eq!(needs["outcome"], "needs_input");
    let guidance = &needs["needsInput"];
    assert!(
        guidance["instruction"]
            .as_str()
            .unwrap()
            .contains("Ask the user directly"),
        "{guidance}"
    );
    assert_eq!(guidance["questions"][0]["options"][1]["value"], "lite");
    assert_eq!(guidance["questions"][2]["options"][0]["preview"], "a\nb");
    assert_eq!(guidance["hint"], crate::NO_FORM_HINT);
    // Read back, the details are the same (outcome follows from the other fields).
    let back: ask_contract::result::AskDetails = serde_json::from_value(needs.clone()).unwrap();
    assert_eq!(details_of(&AskResult::from_details(back)), needs);
}
