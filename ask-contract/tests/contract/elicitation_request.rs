//! Our form as an MCP request (`ElicitationRequest`): read back by our own reader of MCP
//! requests (`ElicitationForm`), every answer field keeps its question's type and rules;
//! content comes back as scripted answers with every problem at its property.

use ask_contract::{
    ParseOptions, QuestionType,
    elicitation::{ElicitationForm, ElicitationRequest},
    parse_params,
};
use serde_json::json;

fn form() -> ask_contract::AskForm {
    parse_params(
        &json!({"title": "Deploy", "questions": [
            {"id": "name", "type": "text", "prompt": "Name?", "minLength": 3, "maxLength": 20, "format": "email", "default": "a@b.co"},
            {"id": "n", "type": "number", "prompt": "How many?", "min": 1, "max": 10, "integer": true, "default": 3},
            {"id": "x", "type": "number", "prompt": "How much?", "min": 0.5},
            {"id": "ok", "type": "confirm", "prompt": "Go?"},
            {"id": "dir", "type": "path", "prompt": "Where?"},
            {"id": "envs", "type": "multi", "prompt": "Which?", "minItems": 1, "maxItems": 2, "options": [
                {"value": "dev", "label": "Dev"}, {"value": "prod", "label": "Prod"}, {"value": "qa", "label": "QA"}]},
            {"id": "db", "prompt": "DB?", "options": [{"value": "pg", "label": "PG"}, {"value": "lite", "label": "Lite"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap()
}

#[test]
fn our_own_reader_reads_the_request_back_with_each_type_and_rule() {
    let form = form();
    let request = ElicitationRequest::for_form(&form);
    let back = ElicitationForm::from_request_str(&request.params_text()).expect("a valid request");
    let by_id = |id: &str| {
        back.form()
            .question(id)
            .unwrap_or_else(|| panic!("{id} read back"))
    };
    let kinds: Vec<(String, QuestionType)> = request
        .fields()
        .iter()
        .map(|f| (f.answer.clone(), by_id(&f.answer).kind))
        .collect();
    assert_eq!(
        kinds.iter().map(|(_, k)| *k).collect::<Vec<_>>(),
        [
            QuestionType::Text,
            QuestionType::Number,
            QuestionType::Number,
            // Yes or no is a choice: a boolean would be an unticked box that sends "no".
            QuestionType::Single,
            QuestionType::Text,
            QuestionType::Multi,
            QuestionType::Single
        ]
    );
    for (asked, (id, _)) in form.questions.iter().zip(&kinds) {
        let read = &by_id(id).rules;
        let r = &asked.rules;
        assert_eq!(
            (read.min_length, read.max_length, read.format),
            (r.min_length, r.max_length, r.format),
            "{id}"
        );
        assert_eq!(
            (read.min_items, read.max_items),
            (r.min_items, r.max_items),
            "{id}"
        );
        assert_eq!(
            (&read.min, &read.max, read.integer),
            (&r.min, &r.max, r.integer),
            "{id}"
        );
        if asked.kind.is_typed_input() {
            assert_eq!(read.default, r.default, "{id}");
        }
    }
    let options: Vec<&str> = by_id("q06_answer")
        .options
        .iter()
        .map(|o| o.value.as_str())
        .collect();
    assert_eq!(options, ["dev", "prod", "qa"]);
    assert_eq!(back.form().title.as_deref(), Some(request.message()));
    // Nothing is required: a field left empty is a question left unanswered.
    assert_eq!(back.required_ids().count(), 0);
    let yes_no: Vec<&str> = by_id("q04_answer")
        .options
        .iter()
        .map(|o| o.value.as_str())
        .collect();
    assert_eq!(yes_no, ["yes", "no"]);
    assert!(back.form().question("to_agent").is_some());
}

#[test]
fn content_becomes_scripted_answers_and_every_problem_names_its_property() {
    let request = ElicitationRequest::for_form(&form());
    let answers = request
        .answers(
            &json!({"q01_answer": "x@y.org", "q02_answer": 4, "q04_answer": "yes",
            "q06_answer": ["qa", "dev"], "q07_answer": "pg", "to_agent": " mysql? "}),
        )
        .unwrap();
    // The note goes with the first question left unanswered (x, the third).
    assert_eq!(
        answers,
        json!({"mode": "elaborate", "answers": {
            "name": {"value": "x@y.org"}, "n": {"value": 4}, "x": {"note": "mysql?"}, "ok": {"value": true},
            "envs": {"values": ["dev", "qa"]}, "db": {"values": ["pg"]}}})
    );
    let answers = request
        .answers(&json!({"q04_answer": "no", "to_agent": "  "}))
        .unwrap();
    assert_eq!(
        answers,
        json!({"mode": "submit", "answers": {"ok": {"value": false}}})
    );
    let err = request
        .answers(
            &json!({"q01_answer": 5, "q04_answer": true, "q07_answer": "oracle", "q07_custom": "x",
            "extra": "?", "to_agent": 1}),
        )
        .unwrap_err();
    let paths: Vec<&str> = err.issues().iter().map(|i| i.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "content.extra",
            "content.q07_custom",
            "content.to_agent",
            "content.q01_answer",
            "content.q04_answer",
            "content.q07_answer"
        ]
    );
}
