//! The typed payload (`AskParams`) and serde on the form: what a Rust harness builds
//! serializes to the contract's JSON, validates like that JSON, and round-trips.

use std::path::Path;

use ask_contract::{
    AskForm, ParseOptions, QuestionType, parse_params, parse_params_str,
    payload::{AskParams, OptionParams, QuestionParams},
};
use serde_json::json;

fn built() -> AskParams {
    AskParams::new()
        .title("Service setup")
        .question(
            QuestionParams::new("db", "Which database should the service use?")
                .label("Database")
                .required(true)
                .option(OptionParams::new("pg", "PostgreSQL").description("Already in staging"))
                .option(OptionParams::new("sqlite", "SQLite").recommended()),
        )
        .question(
            QuestionParams::new("layout", "Which layout?")
                .kind(QuestionType::Preview)
                .option(OptionParams::new("a", "Sidebar").preview("┌──┬────┐"))
                .option(OptionParams::new("b", "Tabs").preview("┌───────┐")),
        )
}

#[test]
fn built_payload_serializes_to_the_contract_json_in_contract_order() {
    let text = serde_json::to_string(&built()).unwrap();
    assert_eq!(
        text,
        concat!(
            r#"{"title":"Service setup","questions":["#,
            r#"{"id":"db","label":"Database","prompt":"Which database should the service use?","required":true,"options":["#,
            r#"{"value":"pg","label":"PostgreSQL","description":"Already in staging"},{"value":"sqlite","label":"SQLite","recommended":true}]},"#,
            r#"{"id":"layout","prompt":"Which layout?","type":"preview","options":["#,
            r#"{"value":"a","label":"Sidebar","preview":"┌──┬────┐"},{"value":"b","label":"Tabs","preview":"┌───────┐"}]}]}"#,
        )
    );
}

#[test]
fn built_payload_validates_like_its_json() {
    let params = built();
    let form = params.validate().unwrap();
    assert_eq!(
        parse_params(&params.to_json(), ParseOptions::default()).unwrap(),
        form
    );
    let text = serde_json::to_string(&params).unwrap();
    assert_eq!(
        parse_params_str(&text, ParseOptions::default()).unwrap(),
        form
    );
    assert_eq!(form.questions[1].label, "Q2");
    assert_eq!(form.questions[1].kind, QuestionType::Preview);
    assert!(form.questions[0].required);
    assert!(form.questions[0].options[1].recommended);
}

#[test]
fn built_payload_round_trips_through_json() {
    let params = built();
    let back: AskParams = serde_json::from_value(params.to_json()).unwrap();
    assert_eq!(back, params);
}

#[test]
fn invalid_built_payloads_report_contract_paths() {
    let err = AskParams::new().validate().unwrap_err();
    assert_eq!(err.issues()[0].path, "questions");

    let err = AskParams::new()
        .question(
            QuestionParams::new("q", "Pick")
                .kind(QuestionType::Preview)
                .option(OptionParams::new("a", "A").description("no preview")),
        )
        .validate()
        .unwrap_err();
    assert_eq!(err.issues()[0].path, "questions[0].options[0].preview");

    let freeform = AskParams::new()
        .question(QuestionParams::new("q", "What else?").option(OptionParams::freeform()));
    let err = freeform.validate().unwrap_err();
    assert_eq!(err.issues()[0].path, "questions[0].options");
    assert!(
        err.issues()[0]
            .message
            .contains("internal to /answer extraction")
    );
    let form = freeform
        .validate_with(ParseOptions::with_freeform())
        .unwrap();
    assert!(form.questions[0].freeform);
}

/// Every valid fixture: the normalized payload validates back to the same form, and the
/// form itself round-trips through serde (deserializing validates again).
#[test]
fn every_valid_fixture_round_trips_as_params_and_as_form() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut checked = 0;
    for sub in ["input", "freeform"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            let Ok(form) = parse_params_str(&text, ParseOptions::with_freeform()) else {
                continue;
            };
            let params = form.to_params();
            assert_eq!(AskForm::try_from(params.clone()).unwrap(), form);
            assert_eq!(params.to_json(), form.to_params_json());

            let json = serde_json::to_string(&form).unwrap();
            assert_eq!(json, serde_json::to_string(&params).unwrap());
            let back: AskForm = serde_json::from_str(&json).unwrap();
            assert_eq!(back, form);

            for question in &form.questions {
                let json = serde_json::to_value(question).unwrap();
                assert_eq!(json["type"], question.kind.as_str());
                assert_eq!(
                    serde_json::from_value::<ask_contract::Question>(json).unwrap(),
                    *question
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} valid fixtures");
}

#[test]
fn deserializing_a_form_validates_it() {
    let err = serde_json::from_value::<AskForm>(json!({"questions": [{"id": "a", "prompt": " "}]}))
        .unwrap_err()
        .to_string();
    assert!(err.contains("questions[0].prompt"), "{err}");
}
