//! `pattern` on text questions and MCP string properties: checked as the person types
//! (the rule inline, Enter refused while it does not match), on scripted answers
//! (`--answers`), and on the answers to an elicitation request, whose content then
//! validates against the schema with the `jsonschema` crate as the oracle.

use ask_contract::{
    AskForm,
    elicitation::{ElicitationEnd, ElicitationForm},
};
use ask_keymap::Keymap;
use ask_state::{Flow, FlowOptions, Tab, scripted::scripted_result};
use serde_json::json;

use crate::support::{answers, behaviour, drive, flow, form};

fn slug() -> AskForm {
    form(
        &json!({"questions": [{"id": "slug", "prompt": "Project slug?", "type": "text",
        "pattern": "^[a-z][a-z0-9-]*$", "maxLength": 20}]}),
    )
}

#[test]
fn the_rule_shows_and_typing_is_checked_against_the_pattern() {
    let form = slug();
    assert_eq!(
        form.questions[0].rule_text().as_deref(),
        Some("At most 20 characters, matching ^[a-z][a-z0-9-]*$")
    );
    let mut f = flow(form, behaviour());
    drive(&mut f, "\"My\"");
    assert_eq!(
        f.input_problem(0).as_deref(),
        Some("does not match ^[a-z][a-z0-9-]*$")
    );
    drive(&mut f, "enter");
    assert_eq!(
        f.tab(),
        Tab::Question(0),
        "a text that does not match stays"
    );
    assert_eq!(
        f.hint(),
        Some("Not accepted: does not match ^[a-z][a-z0-9-]*$.")
    );
    assert!(f.answer(0).is_none());
    // Fixed as typed: the problem goes as soon as the text matches.
    drive(&mut f, "backspace backspace \"my-app\"");
    assert_eq!(f.input_problem(0), None);
    let (result, _) = drive(&mut f, "enter enter");
    assert_eq!(
        answers(&result.expect("submitted"))["slug"]["value"],
        "my-app"
    );
}

#[test]
fn scripted_answers_that_do_not_match_are_refused_with_the_pattern() {
    let err = scripted_result(
        &slug(),
        &json!({"answers": {"slug": {"value": "Not A Slug"}}}),
    )
    .expect_err("refused");
    assert!(
        err.to_string()
            .contains("\"Not A Slug\" is not accepted: does not match ^[a-z][a-z0-9-]*$"),
        "{err}"
    );
    let err = scripted_result(
        &slug(),
        &json!({"answers": {"slug": {"customText": "9lives"}}}),
    )
    .expect_err("customText is checked too");
    assert!(err.to_string().contains("does not match"), "{err}");
    let ok = scripted_result(&slug(), &json!({"answers": {"slug": {"value": "ok-1"}}})).unwrap();
    assert_eq!(ok.details.answers["slug"].value, Some(json!("ok-1")));
}

#[test]
fn an_elicitation_pattern_is_checked_and_the_content_meets_the_schema() {
    let schema = json!({"type": "object", "properties": {
        "repo": {"type": "string", "pattern": "^[a-z0-9-]+$", "default": "my-repo"},
        "ticket": {"type": "string", "pattern": "[A-Z]+-\\d+"}}, "required": ["repo"]});
    let request = ElicitationForm::from_request(
        &json!({"message": "Name the repository", "requestedSchema": schema}),
    )
    .expect("a valid request");
    let oracle = jsonschema::validator_for(&schema).expect("a valid schema");
    // The oracle does check patterns: what the form refuses, it refuses too.
    assert!(!oracle.is_valid(&json!({"repo": "Not OK"})));
    let err = scripted_result(
        request.form(),
        &json!({"answers": {"repo": {"value": "Not OK"}}}),
    )
    .expect_err("refused");
    assert!(
        err.to_string().contains("does not match ^[a-z0-9-]+$"),
        "{err}"
    );

    // In the form: the default is a suggestion that matches; the ticket is checked as typed.
    let mut f = Flow::new(
        request.form().clone(),
        behaviour(),
        Keymap::default(),
        FlowOptions::default().closed(true),
    );
    let ticket = request
        .form()
        .questions
        .iter()
        .position(|q| q.id == "ticket")
        .expect("ticket");
    let repo = 1 - ticket;
    if ticket == 0 {
        drive(&mut f, "\"ask 21\"");
        assert_eq!(
            f.input_problem(0).as_deref(),
            Some("does not match [A-Z]+-\\d+")
        );
        drive(&mut f, "ctrl+a ctrl+k \"see ASK-21\" enter enter");
    } else {
        drive(&mut f, "enter \"ask 21\"");
        assert_eq!(
            f.input_problem(1).as_deref(),
            Some("does not match [A-Z]+-\\d+")
        );
        drive(&mut f, "ctrl+a ctrl+k \"see ASK-21\" enter");
    }
    assert_eq!(f.tab(), Tab::Review);
    let (result, _) = drive(&mut f, "1 1");
    let result = result.expect("submitted");
    let mcp = request
        .result(&result, ElicitationEnd::from_result(&result, f.dismissed()))
        .unwrap()
        .to_json();
    assert_eq!(
        mcp,
        json!({"action": "accept", "content": {"repo": "my-repo", "ticket": "see ASK-21"}}),
        "question {repo} is the repo"
    );
    assert!(oracle.is_valid(&mcp["content"]), "{mcp}");
}
