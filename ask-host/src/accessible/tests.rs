//! (payload, typed lines) -> the result, compared with scripted answers.

use ask_contract::{
    AskForm, ParseOptions, parse_params,
    result::{AnsweredVia, AskResult},
};
use ask_settings::AskConfig;
use serde_json::{Value, json};

use super::{Accessible, AccessibleStep as Step};
use {
    crate::{settings::Settings, setup::Setup},
    ask_i18n::Locale,
};

/// The accessible mode over the session `setup` makes for `form`, in memory.
pub(super) fn over(form: AskForm, setup: &Setup) -> Accessible {
    Accessible::new(setup.session(form, Settings::in_memory(AskConfig::default())))
}

/// The accessible mode on `form` with `auto` standing for `locale`.
pub(super) fn accessible(form: AskForm, locale: Locale) -> Accessible {
    over(form, &Setup::new().system_locale(locale))
}

/// Types `lines` into `ask`; returns everything printed (prompts too) and the result,
/// if the form ended.
pub(super) fn type_into(mut ask: Accessible, lines: &[&str]) -> (String, Option<AskResult>) {
    let mut out = ask.start();
    out.push_str(&ask.prompt());
    for line in lines {
        match ask.line(line) {
            Step::Ask(text) => {
                out.push_str(&text);
                out.push_str(&ask.prompt());
            }
            Step::Done(text) => {
                out.push_str(&text);
                return (out, ask.session().result().cloned());
            }
        }
    }
    (out, None)
}

/// The scripted result, answered on the terminal.
pub(super) fn via_terminal(form: &AskForm, script: &Value) -> AskResult {
    let mut result = ask_state::scripted::scripted_result(form, script).unwrap();
    result.details.answered_via = Some(AnsweredVia::Terminal);
    result
}

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
    type_into(accessible(form(), Locale::En), lines)
}

fn scripted(script: &Value) -> AskResult {
    via_terminal(&form(), script)
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
    let mut flow = accessible(form(), Locale::En);
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
    let mut cancelled = scripted(&json!({"mode": "cancel"}));
    cancelled.details.answered_via = None;
    assert_eq!(flow.session().cancelled(), cancelled);
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
    let text = accessible(evil, Locale::En).start();
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\n' || ('\u{202a}'..='\u{202e}').contains(&c)),
        "{text:?}"
    );
}

/// A flow after typing `lines` (none may end it).
fn after(lines: &[&str]) -> Accessible {
    let mut flow = accessible(form(), Locale::En);
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
fn submitted(mut flow: Accessible) -> AskResult {
    let Step::Done(_) = flow.line("submit") else {
        unreachable!("submit on the review ends the flow")
    };
    flow.session().result().cloned().expect("submitted")
}

/// The accessible mode on a session that resumes `snapshot` from a draft file (kept in
/// the returned folder), as `--draft FILE --resume` does.
fn resumed_from(snapshot: &ask_state::snapshot::FlowSnapshot) -> (tempfile::TempDir, Accessible) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("draft.json");
    std::fs::write(&path, serde_json::to_vec(snapshot).unwrap()).unwrap();
    let ask = over(form(), &Setup::new().draft(Some(path), true)).resumed(true);
    (dir, ask)
}

/// `result` as the full form gives it, answered on the terminal.
fn on_terminal(mut result: AskResult) -> AskResult {
    result.details.answered_via = Some(AnsweredVia::Terminal);
    result
}

#[test]
fn a_draft_comes_back_at_the_same_question_with_the_same_answers() {
    let lines = ["2", "n 1 only for admins", "q later maybe", "1,3"];
    let (dir, mut restored) = resumed_from(&after(&lines).snapshot());
    let start = restored.start();
    assert!(
        start.contains("Your answers from the draft are back."),
        "{start}"
    );
    assert!(start.contains("Question 3 of 3: Layout"), "{start}");
    assert!(matches!(restored.line("1"), Step::Ask(_)));
    // The session keeps the draft on disk as the person answers.
    let kept: ask_state::snapshot::FlowSnapshot =
        serde_json::from_slice(&std::fs::read(dir.path().join("draft.json")).unwrap()).unwrap();
    assert_eq!(kept.tab, 3, "on the review now");
    assert_eq!(
        submitted(restored),
        submitted(after(&[&lines[..], &["1"]].concat()))
    );
}

#[test]
fn an_accessible_draft_opens_in_the_full_form_with_the_same_result_and_back() {
    let typed = after(&["2", "n 1 only for admins", "1,3", "o both"]);
    let mut full = full_flow();
    full.restore(&typed.snapshot()).unwrap();
    assert_eq!(
        on_terminal(full.result_for(ask_state::model::ReviewAction::Submit)),
        submitted(after(&["2", "n 1 only for admins", "1,3", "o both"]))
    );

    // The full form's draft, with a single question switched to multi and text left
    // in an open editor, comes back in the accessible mode as the full form would keep it.
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
    let (_dir, mut accessible) = resumed_from(&snapshot);
    let start = accessible.start();
    assert!(start.contains("Question 2 of 3: Features"), "{start}");
    let mut switched = snapshot.clone();
    switched.editor = None;
    switched.questions[1].note = Some("which is cheaper?".into());
    full.restore(&switched).unwrap();
    assert_eq!(
        accessible.session().cancelled(),
        full.result_for(ask_state::model::ReviewAction::Cancel)
    );
    let Step::Ask(text) = accessible.line("b") else {
        unreachable!("b goes back")
    };
    assert!(text.contains("(choose any, as you switched it"), "{text}");
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
    let (_dir, mut fresh) = resumed_from(&snapshot);
    let start = fresh.start();
    assert!(start.contains("other questions"), "{start}");
    assert!(!start.contains("are back"), "{start}");
    assert!(start.contains("Question 1 of 3"), "{start}");
    assert_eq!(
        fresh.session().cancelled(),
        accessible(form(), Locale::En).session().cancelled()
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
