//! Typed questions in the accessible mode: (payload, typed lines) -> what is said and the
//! result, which is the scripted-answers result of the same choices.

use ask_contract::{AskResult, ParseOptions, parse_params};
use serde_json::json;

use super::{Linear, Step};

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
    let mut flow = Linear::new(typed_form(), ask_host::Locale::En);
    let mut out = flow.start();
    for line in lines {
        match flow.line(line) {
            Step::Ask(text) => out.push_str(&text),
            Step::Done(text, result) => {
                out.push_str(&text);
                return (out, Some(*result));
            }
        }
    }
    (out, None)
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
    let expected = ask_state::scripted_result(&typed_form(), &json!({"mode": "submit", "answers": {
        "ok": {"value": false}, "n": {"value": 7}, "name": {"value": "demo"}, "tags": {"values": ["a", "c"]}}}))
    .unwrap();
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
