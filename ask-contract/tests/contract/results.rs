//! The result types serialize to exactly the contract's "Output" shape.

use ask_contract::{
    Issue, QuestionType,
    result::{Answer, AskDetails, AskResult, ElaborationTarget, Mode, TextContent},
};
use indexmap::IndexMap;
use serde_json::json;

#[test]
fn answer_omits_absent_optional_fields() {
    let answer = Answer::new(["pg"], ["PostgreSQL"], [1]);
    assert_eq!(
        serde_json::to_value(&answer).unwrap(),
        json!({"values": ["pg"], "labels": ["PostgreSQL"], "indices": [1]})
    );
}

#[test]
fn answer_uses_camel_case_names() {
    let answer = Answer::new(["x"], ["x"], [])
        .with_custom_text("x")
        .with_note("n")
        .with_option_notes(IndexMap::from([("a".to_owned(), "b".to_owned())]));
    assert_eq!(
        serde_json::to_value(&answer).unwrap(),
        json!({"values": ["x"], "labels": ["x"], "indices": [], "customText": "x",
               "note": "n", "optionNotes": {"a": "b"}})
    );
}

#[test]
fn answers_keep_question_order_not_key_order() {
    let details = {
        let mut d = AskDetails::default();
        d.answers = IndexMap::from([
            ("zeta".to_owned(), Answer::default()),
            ("alpha".to_owned(), Answer::default()),
        ]);
        d
    };
    let text = serde_json::to_string(&details).unwrap();
    let zeta = text.find("\"zeta\"").unwrap();
    let alpha = text.find("\"alpha\"").unwrap();
    assert!(zeta < alpha, "{text}");
}

#[test]
fn minimal_details_shape() {
    assert_eq!(
        serde_json::to_value(AskDetails::default()).unwrap(),
        json!({"cancelled": false, "outcome": "submitted", "mode": "submit", "questions": [], "answers": {}})
    );
}

/// `outcome` says in one word what happened, also where `cancelled` and `mode` alone
/// would read alike (a cancel is `mode: "submit"` too); it follows from the other fields,
/// so reading ignores it.
#[test]
fn outcome_follows_from_the_details() {
    use ask_contract::{
        payload::{AskParams, QuestionParams},
        result::{NeedsInput, Outcome},
    };
    let form = AskParams::new()
        .question(QuestionParams::new("db", "Which db?").options([("pg", "PostgreSQL")]))
        .validate()
        .unwrap();
    let outcome = |d: &AskDetails| serde_json::to_value(d).unwrap()["outcome"].clone();
    let mut d = AskDetails::for_form(&form);
    assert_eq!(
        (d.outcome(), outcome(&d)),
        (Outcome::Submitted, json!("submitted"))
    );
    d.mode = Mode::Elaborate;
    assert_eq!(
        (d.outcome(), outcome(&d)),
        (Outcome::Elaborate, json!("elaborate"))
    );
    d.mode = Mode::Submit;
    d.cancelled = true;
    assert_eq!(
        (d.outcome(), outcome(&d)),
        (Outcome::Cancelled, json!("cancelled"))
    );
    d.timed_out = true;
    assert_eq!(
        (d.outcome(), outcome(&d)),
        (Outcome::TimedOut, json!("timed_out"))
    );
    d.needs_input = Some(NeedsInput::for_form(&form).with_url("http://127.0.0.1:1/f"));
    assert_eq!(
        (d.outcome(), outcome(&d)),
        (Outcome::NeedsInput, json!("needs_input"))
    );
    assert_eq!(Outcome::NeedsInput.as_str(), "needs_input");
    let invalid = AskResult::invalid(vec![]);
    assert_eq!(invalid.details.outcome(), Outcome::InvalidInput);
    // Read back, with or without the outcome: the same details.
    let mut value = serde_json::to_value(&d).unwrap();
    assert_eq!(value["needsInput"]["url"], "http://127.0.0.1:1/f");
    assert_eq!(
        serde_json::from_value::<AskDetails>(value.clone()).unwrap(),
        d
    );
    value["outcome"] = json!("submitted");
    assert_eq!(
        serde_json::from_value::<AskDetails>(value)
            .unwrap()
            .outcome(),
        Outcome::NeedsInput
    );
    let non_interactive = AskResult::non_interactive(&form);
    let needs = non_interactive.details.needs_input.as_ref().unwrap();
    assert!(needs.instruction.contains("Ask the user directly"));
    assert_eq!(needs.questions[0].options[0].value, "pg");
}

#[test]
fn elaboration_targets() {
    assert_eq!(
        serde_json::to_value(ElaborationTarget::Question).unwrap(),
        json!({"kind": "question"})
    );
    assert_eq!(
        serde_json::to_value(ElaborationTarget::Option {
            option_value: "pg".into()
        })
        .unwrap(),
        json!({"kind": "option", "optionValue": "pg"})
    );
}

#[test]
fn enums_use_contract_spellings() {
    assert_eq!(
        serde_json::to_value(Mode::Elaborate).unwrap(),
        json!("elaborate")
    );
    assert_eq!(
        serde_json::to_value(QuestionType::Preview).unwrap(),
        json!("preview")
    );
    assert_eq!(QuestionType::Multi.as_str(), "multi");
    assert_eq!(QuestionType::default(), QuestionType::Single);
}

/// A result written by another implementation of the contract (as the
/// TypeScript extension would write it) reads into the Rust types.
#[test]
fn reads_contract_shaped_json() {
    let text = json!({
        "content": [{"type": "text", "text": "User asked to elaborate on question \"Which db?\" option \"SQLite\" with note \"why?\""}],
        "details": {
            "title": "Setup",
            "cancelled": false,
            "mode": "elaborate",
            "questions": [{"id": "db", "label": "Q1", "prompt": "Which db?", "type": "single"}],
            "answers": {},
            "continuation": {
                "strategy": "refine_only",
                "affectedQuestionIds": ["db"],
                "preservedAnswers": {},
                "questionStates": {"db": {"status": "needs_clarification"}}
            },
            "elaboration": {
                "instruction": "Answer first.",
                "nextAction": "clarify_then_reask",
                "items": [{
                    "target": {"kind": "option", "optionValue": "sqlite"},
                    "question": {"id": "db", "label": "Q1", "prompt": "Which db?", "type": "single",
                                 "options": [{"value": "pg", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}]},
                    "option": {"value": "sqlite", "label": "SQLite"},
                    "selected": false,
                    "answered": false,
                    "note": "why?"
                }]
            }
        }
    });
    let result: AskResult = serde_json::from_value(text.clone()).unwrap();
    assert_eq!(result.details.mode, Mode::Elaborate);
    assert_eq!(result.details.title.as_deref(), Some("Setup"));
    let items = &result.details.elaboration.as_ref().unwrap().items;
    assert_eq!(items[0].selected, Some(false));
    // And writes it back the same, with the computed outcome.
    let mut expected = text.clone();
    expected["details"]["outcome"] = json!("elaborate");
    assert_eq!(serde_json::to_value(&result).unwrap(), expected);
}

#[test]
fn text_content_and_issue_helpers() {
    assert_eq!(
        serde_json::to_value(TextContent::text("hi")).unwrap(),
        json!({"type": "text", "text": "hi"})
    );
    let issue = Issue::new("questions[0].id", "must not be empty or whitespace");
    assert_eq!(
        issue.to_string(),
        "questions[0].id: must not be empty or whitespace"
    );
    let empty = AskResult {
        content: Vec::new(),
        details: AskDetails::default(),
    };
    assert_eq!(empty.text(), "");
}

#[test]
fn answer_predicates() {
    let mut answer = Answer::default();
    assert!(!answer.is_committed());
    assert!(!answer.has_notes());
    answer.option_notes = Some(IndexMap::new());
    assert!(!answer.has_notes(), "an empty optionNotes map is no note");
    answer.note = Some("n".into());
    assert!(answer.has_notes());
    answer.values.push("x".into());
    assert!(answer.is_committed());
}

#[test]
fn result_questions_keep_the_recommended_flag_and_omit_it_when_absent() {
    let form = ask_contract::parse_params(
        &json!({"questions": [
            {"id": "db", "prompt": "Which database?", "options": [
                {"value": "pg", "label": "PostgreSQL", "recommended": true},
                {"value": "sqlite", "label": "SQLite"}]},
            {"id": "cache", "prompt": "Cache?", "options": [{"value": "yes", "label": "Yes"}]}
        ]}),
        ask_contract::ParseOptions::default(),
    )
    .unwrap();
    let details = serde_json::to_value(AskDetails::for_form(&form)).unwrap();
    assert_eq!(details["questions"][0]["recommended"], json!(["pg"]));
    assert!(details["questions"][1].get("recommended").is_none());
    // The normalized payload keeps the flag on the option, so a replayed form has it too.
    let params = form.to_params_json();
    assert_eq!(
        params["questions"][0]["options"][0]["recommended"],
        json!(true)
    );
    assert!(
        params["questions"][0]["options"][1]
            .get("recommended")
            .is_none()
    );
}
