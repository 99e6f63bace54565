//! Transcript texts of calls and results.

use ask_contract::{Issue, result::AskResult};
use ask_render::transcript::render_call;
use ask_render::transcript::render_result;
use ask_state::model::ReviewAction;
use serde_json::json;

use crate::support::{db_form, flow, freeform_form, press};

#[test]
fn call_lists_labels_and_counts() {
    assert_eq!(
        render_call(&db_form()),
        "ask_user 3 questions (Database, Features, Layout)"
    );
    assert_eq!(
        render_call(&json!({"questions": [{"id": "a", "label": "  "}]})),
        "ask_user 1 question (Q1)"
    );
    let long = json!({"questions": [
        {"label": "A very long label that goes on and on"}, {"label": "Another long label here"}]});
    let text = render_call(&long);
    assert_eq!(
        text,
        "ask_user 2 questions (A very long label that goes on and on, Another lo…)"
    );
    assert_eq!(
        render_call(&json!({"questions": []})),
        "ask_user 0 questions"
    );
    assert_eq!(
        render_call(&json!({"questions": "nope"})),
        "ask_user (invalid input)"
    );
    assert_eq!(render_call(&json!(null)), "ask_user (invalid input)");
    assert_eq!(
        render_call(&json!({"questions": [{"label": 42}, "junk"]})),
        "ask_user 2 questions (Q1, Q2)"
    );
}

#[test]
fn submitted_answers_with_notes() {
    let mut f = flow(&db_form());
    press(&mut f, &["n", "text:licence?", "enter", "enter"]);
    press(
        &mut f,
        &[
            "space",
            "n",
            "text:SSO too",
            "enter",
            "down",
            "down",
            "space",
            "enter",
        ],
    );
    press(&mut f, &["shift+n", "text:ask the team", "enter"]);
    insta::assert_snapshot!(render_result(&f.result_for(ReviewAction::Submit)), @r"
    ✓ Database: PostgreSQL
      PostgreSQL note: licence?
    ✓ Features: Authentication, Full-text search
      Authentication note: SSO too
    • Layout: (no answer)
      note: ask the team
    ");
}

#[test]
fn free_form_answers_say_wrote() {
    let mut f = flow(&freeform_form());
    press(
        &mut f,
        &[
            "text:ask-user",
            "enter",
            "down",
            "down",
            "text:Zig",
            "enter",
        ],
    );
    // The open question reads as a text question: its typed answer is the answer itself.
    insta::assert_snapshot!(render_result(&f.result_for(ReviewAction::Submit)), @r"
    ✓ Name: ask-user
    ✓ Language: (wrote) Zig
    ");
}

#[test]
fn empty_cancelled_and_invalid_results() {
    let f = flow(&db_form());
    assert_eq!(
        render_result(&f.result_for(ReviewAction::Submit)),
        "Submitted"
    );
    assert_eq!(
        render_result(&f.result_for(ReviewAction::Cancel)),
        "Cancelled"
    );
    assert_eq!(
        render_result(&f.result_for(ReviewAction::Elaborate)),
        "Elaboration requested"
    );
    let invalid = AskResult::invalid(vec![Issue::new(
        "questions",
        "must have at least one question",
    )]);
    assert_eq!(
        render_result(&invalid),
        "Invalid input\n  - questions: must have at least one question"
    );
}

#[test]
fn elaborate_results_list_each_note() {
    let mut f = flow(&db_form());
    press(&mut f, &["n", "text:licence?", "enter", "2"]);
    insta::assert_snapshot!(render_result(&f.result_for(ReviewAction::Elaborate)), @r#"User asked to elaborate on question "Which database should the new billing service use for its primary store?" option "PostgreSQL" after current answer "SQLite" with note "licence?""#);
    let mut f = flow(&db_form());
    press(&mut f, &["2"]);
    insta::assert_snapshot!(render_result(&f.result_for(ReviewAction::Elaborate)), @r#"User asked to elaborate on question "Which database should the new billing service use for its primary store?" after current answer "SQLite""#);
}

#[test]
fn a_question_presented_as_another_type_carries_the_note_line_like_the_content() {
    let mut f = flow(&db_form());
    // `t` switches Database to multi; pick PostgreSQL there.
    press(&mut f, &["t", "space"]);
    let result: AskResult = f.result_for(ReviewAction::Submit);
    let note = ask_contract::text::PRESENTED_AS_MULTI_NOTE;
    assert!(
        result.text().lines().any(|l| l == note),
        "{}",
        result.text()
    );
    let transcript = render_result(&result);
    assert!(transcript.lines().any(|l| l == note), "{transcript}");
    assert!(
        transcript.starts_with("✓ Database: PostgreSQL"),
        "{transcript}"
    );
    let elaborate = f.result_for(ReviewAction::Elaborate);
    if elaborate.text().lines().any(|l| l == note) {
        assert!(render_result(&elaborate).lines().any(|l| l == note));
    }
    let plain = flow(&db_form()).result_for(ReviewAction::Submit);
    assert!(!render_result(&plain).contains("Note:"));
}
