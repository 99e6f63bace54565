//! Typed questions in the accessible mode: (payload, typed lines) -> what is said and the
//! result, which is the scripted-answers result of the same choices.

use ask_contract::{ParseOptions, parse_params, result::AskResult};
use serde_json::json;

use super::tests::{accessible, over, type_into, via_terminal};
use {
    crate::setup::{Completions, OutputKind, Setup},
    ask_i18n::Locale,
};

fn typed_form() -> ask_contract::AskForm {
    parse_params(
        &json!({"questions": [
            {"id": "ok", "label": "Deploy", "prompt": "Deploy now?", "type": "confirm"},
            {"id": "n", "label": "Replicas", "prompt": "How many replicas?", "type": "number", "min": 1, "max": 10},
            {"id": "name", "label": "Name", "prompt": "Project name?", "type": "text", "maxLength": 8,
             "placeholder": "my-app", "default": "ask-user"},
            {"id": "tags", "label": "Tags", "prompt": "Which tags?", "type": "multi", "maxItems": 2,
             "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}, {"value": "c", "label": "C"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap()
}

fn type_lines(lines: &[&str]) -> (String, Option<AskResult>) {
    type_into(accessible(typed_form(), Locale::En), lines)
}

#[test]
fn confirm_asks_yes_or_no_and_numbers_say_their_range() {
    let (out, _) = type_lines(&[]);
    assert!(out.contains("Question 1 of 4: Deploy (yes or no)"), "{out}");
    assert!(out.contains("Yes or no (y/n)?"), "{out}");
    assert!(!out.contains("o. Type your own"), "{out}");
    let (out, _) = type_lines(&["maybe", "y"]);
    assert!(
        out.contains("This question is answered yes or no: type y or n."),
        "{out}"
    );
    assert!(out.contains("A number from 1 to 10"), "{out}");
}

#[test]
fn typed_input_out_of_its_rules_is_refused_and_asked_again() {
    let (out, result) = type_lines(&[
        "n",
        "12",
        "7",
        "much-too-long",
        "demo",
        "1 2 3",
        "1 3",
        "submit",
    ]);
    assert!(
        out.contains("Not accepted: at most 10. A number from 1 to 10."),
        "{out}"
    );
    assert!(
        out.contains("Not accepted: at most 8 characters (13 now)."),
        "{out}"
    );
    assert!(
        out.contains("Not accepted: choose at most 2 (3 chosen)."),
        "{out}"
    );
    assert!(
        out.contains("For example: my-app") && out.contains("Suggested: ask-user"),
        "{out}"
    );
    let result = result.expect("submitted");
    let expected = via_terminal(
        &typed_form(),
        &json!({"mode": "submit", "answers": {
        "ok": {"value": false}, "n": {"value": 7}, "name": {"value": "demo"}, "tags": {"values": ["a", "c"]}}}),
    );
    assert_eq!(result, expected);
    assert_eq!(result.details.answers["n"].value, Some(json!(7)));
}

#[test]
fn an_untouched_default_is_not_an_answer() {
    let (_, result) = type_lines(&["y", "3", "", "", "submit"]);
    let answers = result.expect("submitted").details.answers;
    assert!(!answers.contains_key("name"), "{answers:?}");
    assert_eq!(answers["ok"].value, Some(json!(true)));
}

fn elicitation() -> ask_contract::elicitation::ElicitationForm {
    ask_contract::elicitation::ElicitationForm::from_request_str(
        r#"{"message": "Contact details", "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"},
            "email": {"type": "string", "title": "Email", "format": "email"},
            "plan": {"type": "string", "title": "Plan", "enum": ["free", "pro"]},
            "age": {"type": "integer", "title": "Age", "minimum": 18}},
            "required": ["name", "email", "plan"]}}"#,
    )
    .unwrap()
}

#[test]
fn a_closed_form_holds_submit_back_while_required_questions_are_unanswered() {
    let form = elicitation().form().clone();
    let setup = Setup::new().output(OutputKind::Elicitation(Box::new(
        elicitation().into_parts().1,
    )));
    let closed = || over(form.clone(), &setup);
    // Only the optional age answered: Submit says which required questions are missing
    // and goes back to the first of them.
    let (out, result) = type_into(closed(), &["", "", "", "30", "submit"]);
    assert!(result.is_none(), "not submitted: {out}");
    assert!(
        out.contains("Question 1 of 4: Name (type your answer, required)"),
        "{out}"
    );
    assert!(out.contains("Name: unanswered (required)"), "{out}");
    assert!(
        out.contains(
            "Not submitted yet: Name (question 1): required: answer it. Back to question 1."
        ),
        "{out}"
    );
    assert!(
        out.ends_with("Question 1 of 4: Name (type your answer, required)\nName\n> "),
        "back on the first of them: {out}"
    );
    // A typed answer on the choice question cannot be sent; its options can.
    let (out, result) = type_into(
        closed(),
        &["Ada", "ada@example.com", "o enterprise", "2", "", "submit"],
    );
    assert!(
        out.contains("Not accepted: pick one of the options (a typed answer cannot be sent here)."),
        "{out}"
    );
    let result = result.expect("submitted once all required questions are answered");
    let expected = via_terminal(
        &form,
        &json!({"mode": "submit", "answers": {
            "name": {"value": "Ada"}, "email": {"value": "ada@example.com"}, "plan": {"values": ["pro"]}}}),
    );
    assert_eq!(result, expected);
    let mcp = elicitation()
        .result(
            &result,
            ask_contract::elicitation::ElicitationEnd::from_result(&result, false),
        )
        .unwrap()
        .to_json();
    assert_eq!(
        mcp,
        json!({"action": "accept", "content": {"name": "Ada", "email": "ada@example.com", "plan": "pro"}})
    );
    // Not closed (a plain payload): required is information only and never blocks.
    let (_, result) = type_into(accessible(form, Locale::En), &["", "", "", "", "submit"]);
    assert!(result.is_some());
}

#[test]
fn a_path_that_must_exist_is_looked_up_by_the_session_and_asked_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/main.rs"), "fn main() {}\n").unwrap();
    let form = parse_params(
        &json!({"questions": [
            {"id": "file", "label": "File", "prompt": "Which file?", "type": "path", "pathKind": "file", "mustExist": true},
            {"id": "out", "label": "Out", "prompt": "Output folder?", "type": "path", "pathKind": "dir"}]}),
        ParseOptions::default(),
    )
    .unwrap();
    // The path is looked up where the terminal looks it up: the session's completion
    // source over `--cwd`.
    let root = Completions::Deterministic(dir.path().to_path_buf());
    let flow = over(form, &Setup::new().completions(Some(root)));
    let (out, result) = type_into(
        flow,
        &[
            "src/nope.rs",
            "src",
            "src/main.rs",
            "src/main.rs",
            "target",
            "submit",
        ],
    );
    assert!(out.contains("An existing file"), "the rule is said: {out}");
    assert!(
        out.contains("Not accepted: no such file or directory. An existing file."),
        "{out}"
    );
    assert!(
        out.contains("Not accepted: a directory, not a file. An existing file."),
        "{out}"
    );
    assert!(
        out.contains("Not accepted: a file, not a directory. A directory path."),
        "{out}"
    );
    let answers = result.expect("submitted").details.answers;
    assert_eq!(answers["file"].value, Some(json!("src/main.rs")));
    // A folder that does not exist yet is fine when it need not exist.
    assert_eq!(answers["out"].value, Some(json!("target")));
}
