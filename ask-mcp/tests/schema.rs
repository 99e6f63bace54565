//! Every `structuredContent` the server can return validates against the tool's
//! `outputSchema`.

use ask_contract::{AskResult, ParseOptions, parse_params};
use serde_json::{Value, json};

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(ask_mcp::OUTPUT_SCHEMA).unwrap();
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
        check(&ask_state::scripted_result(&form, &answers).unwrap());
    }
}

#[test]
fn results_the_server_makes_itself_validate_too() {
    let form = form();
    check(&AskResult::non_interactive(&form));
    check(&ask_mcp::no_form_result(&form));
    check(&ask_mcp::cancelled_result(&form));
    let err =
        parse_params(&json!({"questions": [{"id": 1}]}), ParseOptions::default()).unwrap_err();
    check(&AskResult::invalid(err.issues().to_vec()));
    let mut timed_out = ask_mcp::cancelled_result(&form);
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
        let result = ask_state::scripted_result(&form, &answers).unwrap();
        check(&result);
        let mut via = result.clone();
        via.details.answered_via = Some(ask_contract::AnsweredVia::Browser);
        check(&via);
    }
    check(&ask_mcp::no_form_result(&form));
}
