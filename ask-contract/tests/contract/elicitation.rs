//! MCP form elicitation: every example of the 2025-11-25 specification
//! (`tests/fixtures/elicitation/`) becomes a form (golden files), broken requests give
//! issues that name the property and the rule (`tests/fixtures/elicitation_invalid/`), and
//! results map back to accept, decline and cancel.

use ask_contract::{
    QuestionType,
    elicitation::{ElicitationEnd, ElicitationForm},
    result::{Answer, AskDetails, AskResult},
};
use serde_json::{Value, json};

use crate::input_rules::Outcome;

fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).expect("fixture is readable")
}

#[test]
fn spec_examples_become_forms() {
    insta::glob!("../fixtures", "elicitation/*.json", |path| {
        let text = read(path);
        let from_text = ElicitationForm::from_request_str(&text).expect("spec examples are valid");
        let value: Value = serde_json::from_str(&text).unwrap();
        let from_value = ElicitationForm::from_request(&value).expect("valid as a value too");
        assert_eq!(
            from_text.form().questions.len(),
            from_value.form().questions.len()
        );
        insta::assert_snapshot!(crate::pretty(&Outcome::Form(from_text.form().to_params())));
    });
}

#[test]
fn broken_requests_name_the_property_and_the_rule() {
    insta::glob!("../fixtures", "elicitation_invalid/*.json", |path| {
        let err = ElicitationForm::from_request_str(&read(path)).expect_err("invalid request");
        assert!(
            err.to_string().starts_with("invalid elicitation: "),
            "{err}"
        );
        insta::assert_json_snapshot!(Outcome::Issues(err.issues().to_vec()));
    });
}

#[test]
fn properties_keep_the_order_of_the_request_text() {
    let text = read(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/elicitation/structured_data.json"),
    );
    let form = ElicitationForm::from_request_str(&text).unwrap();
    let ids: Vec<&str> = form
        .form()
        .questions
        .iter()
        .map(|q| q.id.as_str())
        .collect();
    assert_eq!(ids, ["name", "email", "age"]);
    let kinds: Vec<QuestionType> = form.form().questions.iter().map(|q| q.kind).collect();
    assert_eq!(
        kinds,
        [QuestionType::Text, QuestionType::Text, QuestionType::Number]
    );
    assert_eq!(
        form.form().title.as_deref(),
        Some("Please provide your contact information")
    );
    assert!(form.form().questions[0].required && !form.form().questions[2].required);
    assert_eq!(form.required_ids().collect::<Vec<_>>(), ["name", "email"]);
}

fn answered(form: &ElicitationForm, answers: &[(&str, Answer)]) -> AskResult {
    let mut details = AskDetails::for_form(form.form());
    for (id, a) in answers {
        details.answers.insert((*id).to_owned(), a.clone());
    }
    AskResult::from_details(details)
}

fn typed(text: &str, value: Value) -> Answer {
    Answer::new([text], [text], [])
        .with_custom_text(text)
        .with_value(value)
}

#[test]
fn results_map_to_the_three_actions() {
    let text = read(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/elicitation/structured_data.json"),
    );
    let form = ElicitationForm::from_request_str(&text).unwrap();
    let result = answered(
        &form,
        &[
            ("name", typed("Monalisa Octocat", json!("Monalisa Octocat"))),
            (
                "email",
                typed("octocat@github.com", json!("octocat@github.com")),
            ),
            ("age", typed("30", json!(30))),
        ],
    );
    let end = ElicitationEnd::from_result(&result, false);
    assert_eq!(end, ElicitationEnd::Submitted);
    assert_eq!(
        form.result(&result, end).unwrap().to_json(),
        json!({"action": "accept", "content": {"name": "Monalisa Octocat", "email": "octocat@github.com", "age": 30}})
    );
    let mut cancelled = result.clone();
    cancelled.details.cancelled = true;
    assert_eq!(
        ElicitationEnd::from_result(&cancelled, false),
        ElicitationEnd::Declined
    );
    assert_eq!(
        ElicitationEnd::from_result(&cancelled, true),
        ElicitationEnd::Dismissed
    );
    assert_eq!(
        form.result(&cancelled, ElicitationEnd::Declined)
            .unwrap()
            .to_json(),
        json!({"action": "decline"})
    );
    assert_eq!(
        form.result(&cancelled, ElicitationEnd::Dismissed)
            .unwrap()
            .to_json(),
        json!({"action": "cancel"})
    );
    // A required property left out cannot be accepted.
    let missing = answered(&form, &[("name", typed("x", json!("x")))]);
    let err = form
        .result(&missing, ElicitationEnd::Submitted)
        .unwrap_err();
    assert_eq!(err.issues()[0].path, "content.email");
}

#[test]
fn typed_text_on_an_enum_is_not_sent() {
    let text = read(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/elicitation/enum_titled.json"),
    );
    let form = ElicitationForm::from_request_str(&text).unwrap();
    let result = answered(
        &form,
        &[(
            "value",
            Answer::new(["Pink"], ["Pink"], []).with_custom_text("Pink"),
        )],
    );
    let err = form.result(&result, ElicitationEnd::Submitted).unwrap_err();
    assert!(
        err.issues()[0]
            .message
            .contains("only accepts one of its choices"),
        "{err}"
    );
    let chosen = answered(
        &form,
        &[("value", Answer::new(["#00FF00"], ["Green"], [2]))],
    );
    assert_eq!(
        form.result(&chosen, ElicitationEnd::Submitted)
            .unwrap()
            .to_json(),
        json!({"action": "accept", "content": {"value": "#00FF00"}})
    );
}

#[test]
fn a_request_without_properties_is_a_yes_or_no() {
    let form = ElicitationForm::from_request(&json!({"message": "Proceed with the deploy?", "requestedSchema": {"type": "object", "properties": {}}})).unwrap();
    let q = &form.form().questions[0];
    assert_eq!(
        (q.kind, q.prompt.as_str()),
        (QuestionType::Confirm, "Proceed with the deploy?")
    );
    let yes = answered(
        &form,
        &[(
            "confirm",
            Answer::new(["yes"], Vec::<String>::new(), [1]).with_value(json!(true)),
        )],
    );
    assert_eq!(
        form.result(&yes, ElicitationEnd::Submitted)
            .unwrap()
            .to_json(),
        json!({"action": "accept", "content": {}})
    );
    let no = answered(
        &form,
        &[(
            "confirm",
            Answer::new(["no"], Vec::<String>::new(), [2]).with_value(json!(false)),
        )],
    );
    assert_eq!(
        form.result(&no, ElicitationEnd::Submitted)
            .unwrap()
            .to_json(),
        json!({"action": "decline"})
    );
}

#[test]
fn text_that_is_not_json_is_one_issue() {
    let err = ElicitationForm::from_request_str("{nope").unwrap_err();
    assert_eq!(err.issues()[0].path, "request");
    let err = ElicitationForm::from_request(&json!({"method": "tools/call"})).unwrap_err();
    assert_eq!(err.issues()[0].path, "method");
}
