//! (payload, typed lines) -> the result, compared with scripted answers.

use ask_contract::{AskForm, AskResult, ParseOptions, parse_params};
use serde_json::{Value, json};

use super::{Linear, Step};

fn form() -> AskForm {
    parse_params(
        &json!({"title": "Setup", "questions": [
            {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
                {"value": "pg", "label": "PostgreSQL", "description": "already in staging", "recommended": true},
                {"value": "sqlite", "label": "SQLite"}]},
            {"id": "features", "label": "Features", "type": "multi", "prompt": "Which features?", "options": [
                {"value": "auth", "label": "Auth"},
                {"value": "billing", "label": "Billing"},
                {"value": "search", "label": "Search"}]},
            {"id": "layout", "label": "Layout", "type": "preview", "prompt": "Which layout?", "options": [
                {"value": "a", "label": "Sidebar", "preview": "+--+----+\n|  |    |"},
                {"value": "b", "label": "Tabs", "preview": "[a][b][c]"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap()
}

/// Types `lines`; returns everything printed and the result, if the flow ended.
fn type_lines(lines: &[&str]) -> (String, Option<AskResult>) {
    let mut flow = Linear::new(form());
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

fn scripted(script: &Value) -> AskResult {
    ask_state::scripted_result(&form(), script).unwrap()
}

#[test]
fn numbers_notes_and_own_answers_give_the_scripted_result() {
    let (out, result) = type_lines(&[
        "1",
        "n 3 only for admins",
        "1, 3",
        "q which one loads faster?",
        "o both, behind a flag",
        "submit",
    ]);
    let expected = scripted(&json!({"mode": "submit", "answers": {
        "db": {"values": ["pg"]},
        "features": {"values": ["auth", "search"], "optionNotes": {"search": "only for admins"}},
        "layout": {"customText": "both, behind a flag", "note": "which one loads faster?"}
    }}));
    assert_eq!(result.unwrap(), expected);
    assert!(
        out.contains("1. PostgreSQL (Recommended) - already in staging"),
        "{out}"
    );
    assert!(
        out.contains("    +--+----+"),
        "previews are indented text: {out}"
    );
    assert!(
        out.contains("Features: Auth, Search\n  Search note: only for admins"),
        "{out}"
    );
}

#[test]
fn back_skip_and_elaborate() {
    let (_, result) = type_lines(&["2", "", "b", "b", "1", "", "q why two?", "", "elaborate"]);
    let expected = scripted(&json!({"mode": "elaborate", "answers": {
        "db": {"values": ["pg"]},
        "layout": {"note": "why two?"}
    }}));
    assert_eq!(result.unwrap(), expected);
}

#[test]
fn mistakes_are_explained_and_change_nothing() {
    let mut flow = Linear::new(form());
    for (line, says) in [
        ("7", "\"7\" is not an option number; use 1 to 2"),
        ("1,2", "Pick one option on this question."),
        ("o", "Type your answer after o"),
        ("n 9 hi", "is not an option number"),
    ] {
        match flow.line(line) {
            Step::Ask(text) => assert!(text.contains(says), "{line}: {text}"),
            Step::Done(..) => panic!("{line} ended the flow"),
        }
    }
    assert_eq!(flow.cancelled(), scripted(&json!({"mode": "cancel"})));
}

#[test]
fn cancel_keeps_the_answers_and_payload_text_is_sanitized() {
    let (_, result) = type_lines(&["2", "2 1", "", "cancel"]);
    let expected = scripted(&json!({"mode": "cancel", "answers": {
        "db": {"values": ["sqlite"]},
        "features": {"values": ["auth", "billing"]}
    }}));
    assert_eq!(result.unwrap(), expected);

    let evil = parse_params(
        &json!({"questions": [{"id": "x", "prompt": "Pick \u{1b}[2J\u{1b}]0;pwned\u{7} \u{202e}evil",
            "options": [{"value": "a", "label": "A\u{9b}1;1H"}]}]}),
        ParseOptions::default(),
    )
    .unwrap();
    let text = Linear::new(evil).start();
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\n' || ('\u{202a}'..='\u{202e}').contains(&c)),
        "{text:?}"
    );
}
