//! The elicitation mapping: form to requestedSchema, reply to the scripted result.

use crate::elicit::{self, Reply};
use ask_contract::{ParseOptions, parse_params};
use rmcp::model::ElicitationSchema;
use serde_json::{Value, json};

fn form() -> ask_contract::AskForm {
    parse_params(
        &json!({"title": "Setup", "questions": [
            {"id": "submit_as", "label": "DB", "prompt": "Which database?", "options": [
                {"value": "pg", "label": "PostgreSQL", "recommended": true, "description": "a server"},
                {"value": "lite", "label": "SQLite"}]},
            {"id": "q01_note", "label": "Features", "type": "multi", "prompt": "Which features?", "options": [
                {"value": "a", "label": "Auth"}, {"value": "b", "label": "Billing"}, {"value": "c", "label": "Chat"}]},
            {"id": "look", "type": "preview", "prompt": "Which layout?", "options": [
                {"value": "x", "label": "X", "preview": "left | right"}, {"value": "y", "label": "Y", "preview": "top\nbottom"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap()
}

#[test]
fn the_form_maps_to_one_flat_schema_the_sdk_accepts_in_form_order() {
    let request = elicit::request(&form());
    assert!(
        request.message().starts_with("Setup\n"),
        "{}",
        request.message()
    );
    let parsed: ElicitationSchema = serde_json::from_str(request.requested_schema_text()).unwrap();
    let wire = serde_json::to_value(&parsed).unwrap();
    let schema: Value = serde_json::from_str(request.requested_schema_text()).unwrap();
    assert_eq!(&schema, request.requested_schema());
    // The SDK's typed schema keeps every field and its meaning: one per question and
    // the note, nothing required, no choice preset.
    assert_eq!(wire["properties"].as_object().unwrap().len(), 4);
    assert_eq!(
        wire["properties"]["q01_answer"]["oneOf"][0]["title"],
        "PostgreSQL (Recommended)"
    );
    assert_eq!(
        wire["properties"]["q02_answer"]["items"]["anyOf"][1]["const"],
        "b"
    );
    let order: Vec<&str> = {
        let text = request.requested_schema_text();
        let mut names: Vec<(usize, &str)> = ["q01_answer", "q02_answer", "q03_answer", "to_agent"]
            .iter()
            .filter_map(|n| text.find(&format!("\"{n}\":")).map(|at| (at, *n)))
            .collect();
        names.sort_unstable();
        names.into_iter().map(|(_, n)| n).collect()
    };
    assert_eq!(
        order,
        ["q01_answer", "q02_answer", "q03_answer", "to_agent"]
    );
    // Sorted by name (as serde_json and some clients do), the fields stay in form order.
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, order);
    for (name, field) in schema["properties"].as_object().unwrap() {
        assert!(field.get("default").is_none(), "{name} presets {field}");
    }
    assert!(schema.get("required").is_none(), "{schema}");
    let single = &schema["properties"]["q01_answer"];
    assert_eq!(single["type"], "string");
    assert_eq!(
        single["oneOf"][0],
        json!({"const": "pg", "title": "PostgreSQL (Recommended)"})
    );
    assert!(
        single["description"]
            .as_str()
            .unwrap()
            .contains("PostgreSQL: a server")
    );
    let multi = &schema["properties"]["q02_answer"];
    assert_eq!(multi["type"], "array");
    assert_eq!(
        multi["items"]["anyOf"][2],
        json!({"const": "c", "title": "Chat"})
    );
    assert!(
        schema["properties"]["q03_answer"]["description"]
            .as_str()
            .unwrap()
            .contains("top\nbottom")
    );
    // Question ids never become property names, so "submit_as" and "q01_note" as ids collide with nothing.
    assert_eq!(schema["properties"]["to_agent"]["type"], "string");
    assert!(
        request.message().contains("the last field asks the agent"),
        "{}",
        request.message()
    );
}

#[test]
fn an_accepted_reply_gives_the_result_of_the_same_scripted_answers() {
    let form = form();
    let reply =
        json!({"q01_answer": "lite", "q02_answer": ["c", "a"], "q03_answer": "y", "to_agent": ""});
    let result = elicit::reply_result(&elicit::request(&form), &Reply::Accept(reply)).unwrap();
    let scripted = ask_state::scripted::scripted_result(
        &form,
        &json!({"mode": "submit", "answers": {
        "submit_as": {"values": ["lite"]},
        "q01_note": {"values": ["a", "c"]},
        "look": {"values": ["y"]}}}),
    )
    .unwrap();
    assert_eq!(result, scripted);
    assert_eq!(result.details.answers["q01_note"].values, ["a", "c"]);
    assert_eq!(
        result.details.outcome(),
        ask_contract::result::Outcome::Submitted
    );
}

#[test]
fn an_untouched_form_answers_nothing() {
    // Accept on a form nobody filled in: every question unanswered, nothing chosen.
    let form = form();
    let result = elicit::reply_result(&elicit::request(&form), &Reply::Accept(json!({}))).unwrap();
    assert!(
        result.details.answers.is_empty(),
        "{:?}",
        result.details.answers
    );
    assert_eq!(result.details.mode, ask_contract::result::Mode::Submit);
    assert_eq!(result.text(), ask_contract::text::EMPTY_SUBMIT_TEXT);
}

#[test]
fn a_note_elaborates_on_the_first_unanswered_question() {
    let form = form();
    let reply = json!({"q01_answer": "pg", "to_agent": " which auth is cheaper? "});
    let result = elicit::reply_result(&elicit::request(&form), &Reply::Accept(reply)).unwrap();
    let scripted = ask_state::scripted::scripted_result(
        &form,
        &json!({"mode": "elaborate", "answers": {
        "submit_as": {"values": ["pg"]},
        "q01_note": {"note": "which auth is cheaper?"}}}),
    )
    .unwrap();
    assert_eq!(result, scripted);
    assert_eq!(
        result.details.outcome(),
        ask_contract::result::Outcome::Elaborate
    );
    let elaboration = result.details.elaboration.as_ref().unwrap();
    assert_eq!(elaboration.items.len(), 1);
    assert_eq!(elaboration.items[0].question.id, "q01_note");
    // Every question answered: the note is a remark on the first one.
    let reply =
        json!({"q01_answer": "pg", "q02_answer": ["a"], "q03_answer": "x", "to_agent": "ship it"});
    let result = elicit::reply_result(&elicit::request(&form), &Reply::Accept(reply)).unwrap();
    assert_eq!(
        result.details.answers["submit_as"].note.as_deref(),
        Some("ship it")
    );
    assert_eq!(result.details.mode, ask_contract::result::Mode::Elaborate);
}

#[test]
fn decline_and_cancel_give_the_cancelled_result() {
    let form = form();
    for reply in [Reply::Decline, Reply::Cancel] {
        let result = elicit::reply_result(&elicit::request(&form), &reply).unwrap();
        assert!(result.details.cancelled);
        assert!(result.details.answers.is_empty());
        assert_eq!(result.text(), ask_contract::text::CANCELLED_TEXT);
        assert_eq!(
            result.details.outcome(),
            ask_contract::result::Outcome::Cancelled
        );
    }
}

#[test]
fn replies_that_break_the_schema_are_refused_with_every_problem() {
    let form = form();
    let reply = json!({"q01_answer": "mysql", "q02_answer": "a", "q03_answer": 3, "q09_answer": "x", "submit_as": "submit", "to_agent": 7});
    let err = elicit::reply_result(&elicit::request(&form), &Reply::Accept(reply)).unwrap_err();
    let text = err.to_string();
    for needle in [
        "\"mysql\"",
        "content.q02_answer: is \"a\"",
        "content.q03_answer: is 3",
        "content.q09_answer: is not a requested property",
        "content.submit_as: is not a requested property",
        "content.to_agent: is 7",
    ] {
        assert!(text.contains(needle), "{needle} not in {text}");
    }
    let request = elicit::request(&form);
    let err = request.answers(&json!(["q01_answer"])).unwrap_err();
    assert!(err.to_string().contains("must be an object"), "{err}");
    let err = request
        .answers(&json!({"q02_answer": ["a", "a"]}))
        .unwrap_err();
    assert!(err.to_string().contains("twice"), "{err}");
}

#[test]
fn free_form_only_questions_map_to_one_text_field() {
    let form = parse_params(
        &json!({"questions": [{"id": "why", "prompt": "Why?", "options": [{"value": "freeform", "label": "x", "freeform": true}]}]}),
        ParseOptions::default().freeform(true),
    )
    .unwrap();
    assert!(form.questions[0].freeform);
    let request = elicit::request(&form);
    let schema = request.requested_schema();
    assert_eq!(schema["properties"]["q01_answer"]["type"], "string");
    assert!(schema["properties"].get("q01_custom").is_none());
    let result = elicit::reply_result(
        &elicit::request(&form),
        &Reply::Accept(json!({"q01_answer": "because"})),
    )
    .unwrap();
    assert_eq!(
        result.details.answers["why"].custom_text.as_deref(),
        Some("because")
    );
}
