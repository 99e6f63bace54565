//! (payload, typed lines) -> the result, compared with scripted answers.

use ask_contract::{AskForm, ParseOptions, parse_params, result::AskResult};
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
    let mut flow = Linear::new(form(), ask_host::i18n::Locale::En);
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
    ask_state::scripted::scripted_result(&form(), script).unwrap()
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
    assert!(
        out.contains("Database: PostgreSQL (Recommended)\n"),
        "the review marks the recommended option as the full form does: {out}"
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
    let mut flow = Linear::new(form(), ask_host::i18n::Locale::En);
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
    let text = Linear::new(evil, ask_host::i18n::Locale::En).start();
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\n' || ('\u{202a}'..='\u{202e}').contains(&c)),
        "{text:?}"
    );
}

/// A flow after typing `lines` (none may end it).
fn after(lines: &[&str]) -> Linear {
    let mut flow = Linear::new(form(), ask_host::i18n::Locale::En);
    for line in lines {
        assert!(
            matches!(flow.line(line), Step::Ask(_)),
            "{line} ended the flow"
        );
    }
    flow
}

/// The full form's flow on the same payload.
fn full_flow() -> ask_state::Flow {
    ask_state::Flow::new(
        form(),
        ask_keymap::behaviour::Behaviour::default(),
        ask_keymap::Keymap::default(),
        ask_state::FlowOptions::default(),
    )
}

/// The submitted result of `flow`.
fn submitted(mut flow: Linear) -> AskResult {
    let Step::Done(_, result) = flow.line("submit") else {
        unreachable!("submit on the review ends the flow")
    };
    *result
}

#[test]
fn a_draft_comes_back_at_the_same_question_with_the_same_answers() {
    let lines = ["2", "n 1 only for admins", "q later maybe", "1,3"];
    let mut restored = Linear::new(form(), ask_host::i18n::Locale::En);
    restored.restore(&after(&lines).snapshot()).unwrap();
    assert!(restored.start().contains("Question 3 of 3: Layout"));
    assert!(matches!(restored.line("1"), Step::Ask(_)));
    assert_eq!(
        submitted(restored),
        submitted(after(&[&lines[..], &["1"]].concat()))
    );
}

#[test]
fn a_linear_draft_opens_in_the_full_form_with_the_same_result_and_back() {
    let typed = after(&["2", "n 1 only for admins", "1,3", "o both"]);
    let mut full = full_flow();
    full.restore(&typed.snapshot()).unwrap();
    assert_eq!(
        full.result_for(ask_state::model::ReviewAction::Submit),
        submitted(after(&["2", "n 1 only for admins", "1,3", "o both"]))
    );

    // The full form's draft, with a single question switched to multi and text left
    // in an open editor, comes back in the linear mode as the full form would keep it.
    let mut snapshot = full.snapshot();
    snapshot.questions[0].selected = vec![0, 1];
    snapshot.questions[0].presented = ask_contract::QuestionType::Multi;
    snapshot.tab = 1;
    snapshot.editor = Some(ask_state::snapshot::EditorSnapshot {
        question: 1,
        target: "questionNote".into(),
        option: None,
        text: " which is cheaper? ".into(),
    });
    let mut linear = Linear::new(form(), ask_host::i18n::Locale::En);
    linear.restore(&snapshot).unwrap();
    assert!(linear.start().contains("(choose any)"));
    let mut switched = snapshot.clone();
    switched.editor = None;
    switched.questions[1].note = Some("which is cheaper?".into());
    full.restore(&switched).unwrap();
    assert_eq!(
        linear.cancelled(),
        full.result_for(ask_state::model::ReviewAction::Cancel)
    );
    let first = linear.line("b");
    let Step::Ask(text) = first else {
        unreachable!("b goes back")
    };
    assert!(
        text.contains("1. PostgreSQL (Recommended) (selected)"),
        "{text}"
    );
    assert!(text.contains("2. SQLite (selected)"), "{text}");
}

#[test]
fn a_draft_of_other_questions_is_refused_and_changes_nothing() {
    let typed = after(&["2"]);
    let mut snapshot = typed.snapshot();
    snapshot.form_hash = Some("0".repeat(16));
    let mut fresh = Linear::new(form(), ask_host::i18n::Locale::En);
    let err = fresh.restore(&snapshot).unwrap_err();
    assert!(err.contains("other questions"), "{err}");
    assert!(fresh.start().contains("Question 1 of 3"));
    assert_eq!(
        fresh.cancelled(),
        Linear::new(form(), ask_host::i18n::Locale::En).cancelled()
    );
}

#[test]
fn the_review_says_a_note_on_an_unselected_option_is_sent_only_with_elaborate() {
    let (out, result) = type_lines(&["1", "n 2 maybe later", "1", "", "submit"]);
    assert!(
        out.contains("Billing (not selected, sent only with Elaborate) note: maybe later"),
        "{out}"
    );
    let result = result.expect("submitted");
    let features = &result.details.answers["features"];
    assert_eq!(features.values, ["auth"]);
    assert!(
        features.option_notes.is_none(),
        "Submit drops it, as the review said"
    );
}
