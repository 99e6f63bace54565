//! The agent-facing texts of docs/contract.md ("Agent-facing texts"), each with the full result it belongs
//! to. Details are built by hand here: the state machine that fills them in a
//! real flow lives in ask-state.

use ask_contract::{
    ParseOptions, parse_params,
    result::{
        Answer, AskDetails, AskResult, Continuation, ContinuationStrategy, Elaboration,
        ElaborationItem, ElaborationTarget, Mode, NextAction, QuestionDetail, QuestionState,
        QuestionStatus,
    },
    text::{
        CANCELLED_TEXT, ELABORATION_INSTRUCTION, EMPTY_SUBMIT_TEXT, TIMED_OUT_TEXT, elaborate_text,
        invalid_payload_text, non_interactive_text, submit_text,
    },
};
use indexmap::IndexMap;
use serde_json::json;

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// Four questions: single, multi, preview and a free-form-only question.
pub(crate) fn form() -> ask_contract::AskForm {
    parse_params(
        &json!({
            "title": "Service setup",
            "questions": [
                {"id": "db", "label": "Database", "prompt": "Which database should the service use?",
                 "options": [
                    {"value": "pg", "label": "PostgreSQL", "description": "Relational, already in staging"},
                    {"value": "sqlite", "label": "SQLite"}
                 ]},
                {"id": "features", "label": "Features", "prompt": "Which features ship in v1?", "type": "multi",
                 "options": [
                    {"value": "auth", "label": "Auth"},
                    {"value": "billing", "label": "Billing"},
                    {"value": "search", "label": "Search"}
                 ]},
                {"id": "layout", "label": "Layout", "prompt": "Which module layout?", "type": "preview",
                 "options": [
                    {"value": "flat", "label": "Flat", "preview": "src/\n  main.rs\n  db.rs"},
                    {"value": "nested", "label": "Nested", "preview": "src/\n  db/\n    mod.rs"}
                 ]},
                {"id": "name", "prompt": "What should the crate be called?",
                 "options": [{"value": "answer", "label": "Type your answer", "freeform": true}]}
            ]
        }),
        ParseOptions::with_freeform(),
    )
    .expect("the text-test form is valid")
}

fn db_answer() -> Answer {
    Answer::new(["pg"], ["PostgreSQL"], [1])
        .with_note("we already run Postgres in staging")
        .with_option_notes(IndexMap::from([(
            "pg".to_owned(),
            "only if it is the managed one".to_owned(),
        )]))
}

fn features_answer() -> Answer {
    Answer::new(
        ["auth", "search", "rate limiting"],
        ["Auth", "Search", "rate limiting"],
        [1, 3],
    )
    .with_custom_text("rate limiting")
    .with_option_notes(IndexMap::from([(
        "search".to_owned(),
        "full-text only".to_owned(),
    )]))
}

fn name_answer() -> Answer {
    Answer::new(["ask"], ["ask"], []).with_custom_text("ask")
}

fn details(answers: Vec<(&str, Answer)>) -> AskDetails {
    let mut d = AskDetails::for_form(&form());
    d.answers = answers
        .into_iter()
        .map(|(id, a)| (id.to_owned(), a))
        .collect();
    d
}

fn question(id: &str) -> QuestionDetail {
    QuestionDetail::from(form().question(id).expect("question exists"))
}

fn states(pairs: &[(&str, QuestionState)]) -> IndexMap<String, QuestionStatus> {
    pairs
        .iter()
        .map(|(id, status)| ((*id).to_owned(), QuestionStatus { status: *status }))
        .collect()
}

#[test]
fn invalid_payload() {
    let err = parse_params(
        &json!({"title": "", "questions": [
            {"id": "db", "prompt": "Which database?", "options": "pg"},
            {"id": "db", "prompt": " ", "type": "preview",
             "options": [{"value": "a", "label": "A", "description": "no preview"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap_err();
    let result = AskResult::invalid(err.issues().to_vec());
    assert_eq!(result.text(), invalid_payload_text(err.issues()));
    assert!(result.details.cancelled);
    insta::assert_snapshot!("invalid_text", result.text());
    insta::assert_json_snapshot!("invalid_result", result);
    // from_details picks the invalid text whenever an error is present.
    assert_eq!(AskResult::from_details(result.details.clone()), result);
}

#[test]
fn non_interactive() {
    let form = form();
    let result = AskResult::non_interactive(&form);
    assert_eq!(result.text(), non_interactive_text(&form));
    assert!(result.details.cancelled);
    assert!(result.details.answers.is_empty());
    assert!(result.text().starts_with("Needs user input:"));
    insta::assert_snapshot!("non_interactive_text", result.text());
    insta::assert_json_snapshot!("non_interactive_result", result);
}

#[test]
fn submit_with_notes_and_option_notes() {
    let details = details(vec![
        ("db", db_answer()),
        ("features", features_answer()),
        ("name", name_answer()),
    ]);
    let result = AskResult::from_details(details.clone());
    assert_eq!(result.text(), submit_text(&details));
    insta::assert_snapshot!("submit_text", result.text());
    insta::assert_json_snapshot!("submit_result", result);
}

#[test]
fn submit_note_only_answer() {
    let note_only = Answer::default().with_note("either is fine, pick the cheaper one");
    let text = submit_text(&details(vec![("db", note_only)]));
    assert_eq!(text, "Database note: either is fine, pick the cheaper one");
}

#[test]
fn submit_without_answers() {
    let result = AskResult::from_details(details(Vec::new()));
    assert_eq!(result.text(), EMPTY_SUBMIT_TEXT);
    // An entry with nothing in it is no answer either.
    assert_eq!(
        submit_text(&details(vec![("db", Answer::default())])),
        EMPTY_SUBMIT_TEXT
    );
    insta::assert_json_snapshot!("submit_empty_result", result);
}

#[test]
fn cancel_keeps_committed_answers() {
    let details = details(vec![("db", db_answer())]).with_cancelled(true);
    let result = AskResult::from_details(details);
    assert_eq!(result.text(), CANCELLED_TEXT);
    insta::assert_json_snapshot!("cancel_result", result);
}

#[test]
fn timeout_says_so_and_lists_what_was_answered() {
    let result = AskResult::from_details({
        let mut d = details(vec![("db", db_answer())]);
        d.cancelled = true;
        d.timed_out = true;
        d
    });
    assert!(
        result.text().starts_with(TIMED_OUT_TEXT),
        "{}",
        result.text()
    );
    assert!(result.text().contains("Answered before the timeout:"));
    assert!(result.text().contains("Database: "), "{}", result.text());
    let json = serde_json::to_value(&result).expect("serializes");
    assert_eq!(json["details"]["timedOut"], json!(true));
    assert_eq!(json["details"]["cancelled"], json!(true));

    let nothing = AskResult::from_details({
        let mut d = details(Vec::new());
        d.cancelled = true;
        d.timed_out = true;
        d
    });
    assert!(nothing.text().ends_with("No question was answered."));
    // Every other result leaves the field out.
    let cancelled = serde_json::to_value(AskResult::from_details({
        let mut d = details(Vec::new());
        d.cancelled = true;
        d
    }))
    .expect("serializes");
    assert!(cancelled["details"].get("timedOut").is_none());
}

fn elaborate_details() -> AskDetails {
    let db = db_answer();
    let layout = question("layout");
    let nested = layout.options[1].clone();
    let items = vec![
        ElaborationItem {
            target: ElaborationTarget::Question,
            question: question("db"),
            question_in_item: None,
            option: None,
            selected: None,
            answered: true,
            answer: Some(db.clone()),
            note: "we already run Postgres in staging".into(),
        },
        ElaborationItem {
            target: ElaborationTarget::Option {
                option_value: "pg".into(),
            },
            question: question("db"),
            question_in_item: None,
            option: question("db").options.first().cloned(),
            selected: Some(true),
            answered: true,
            answer: Some(db.clone()),
            note: "only if it is the managed one".into(),
        },
        ElaborationItem {
            target: ElaborationTarget::Question,
            question: layout.clone(),
            question_in_item: None,
            option: None,
            selected: None,
            answered: false,
            answer: None,
            note: "what does \"above\" mean for tests?".into(),
        },
        ElaborationItem {
            target: ElaborationTarget::Option {
                option_value: "nested".into(),
            },
            question: layout,
            question_in_item: None,
            option: Some(nested),
            selected: Some(false),
            answered: false,
            answer: None,
            note: "why this one?".into(),
        },
    ];
    {
        let mut d = details(vec![("db", db), ("features", features_answer())]);
        d.mode = Mode::Elaborate;
        d.continuation = Some(Continuation {
            strategy: ContinuationStrategy::RefineOnly,
            affected_question_ids: strings(&["db", "layout"]),
            preserved_answers: IndexMap::from([("features".to_owned(), features_answer())]),
            question_states: states(&[
                ("db", QuestionState::NeedsClarification),
                ("features", QuestionState::Answered),
                ("layout", QuestionState::NeedsClarification),
                ("name", QuestionState::Unanswered),
            ]),
        });
        d.elaboration = Some(Elaboration {
            instruction: ELABORATION_INSTRUCTION.into(),
            next_action: NextAction::ClarifyThenReask,
            items,
        });
        d
    }
}

#[test]
fn elaborate_with_notes() {
    let details = elaborate_details();
    let result = AskResult::from_details(details.clone());
    assert_eq!(result.text(), elaborate_text(&details));
    insta::assert_snapshot!("elaborate_text", result.text());
    insta::assert_json_snapshot!("elaborate_result", result);
}

#[test]
fn elaborate_without_notes_uses_committed_answers() {
    let details = {
        let mut d = details(vec![("db", db_answer()), ("name", name_answer())]);
        d.mode = Mode::Elaborate;
        d.continuation = Some(Continuation {
            strategy: ContinuationStrategy::RefineOnly,
            affected_question_ids: Vec::new(),
            preserved_answers: IndexMap::from([
                ("db".to_owned(), db_answer()),
                ("name".to_owned(), name_answer()),
            ]),
            question_states: states(&[
                ("db", QuestionState::Answered),
                ("features", QuestionState::Unanswered),
                ("layout", QuestionState::Unanswered),
                ("name", QuestionState::Answered),
            ]),
        });
        d.elaboration = Some(Elaboration {
            instruction: ELABORATION_INSTRUCTION.into(),
            next_action: NextAction::Clarify,
            items: Vec::new(),
        });
        d
    };
    let result = AskResult::from_details(details);
    insta::assert_snapshot!("elaborate_no_notes_text", result.text());
    insta::assert_json_snapshot!("elaborate_no_notes_result", result);
}

#[test]
fn elaborate_with_nothing_answered() {
    let details = {
        let mut d = details(Vec::new());
        d.mode = Mode::Elaborate;
        d.continuation = Some(Continuation {
            strategy: ContinuationStrategy::RefineOnly,
            affected_question_ids: Vec::new(),
            preserved_answers: IndexMap::new(),
            question_states: states(&[
                ("db", QuestionState::Unanswered),
                ("features", QuestionState::Unanswered),
                ("layout", QuestionState::Unanswered),
                ("name", QuestionState::Unanswered),
            ]),
        });
        d.elaboration = Some(Elaboration {
            instruction: ELABORATION_INSTRUCTION.into(),
            next_action: NextAction::Clarify,
            items: Vec::new(),
        });
        d
    };
    let text = elaborate_text(&details);
    assert_eq!(
        text,
        format!("User asked to elaborate on the ask flow.\n\n{ELABORATION_INSTRUCTION}")
    );
    insta::assert_snapshot!("elaborate_nothing_answered_text", text);
}

#[test]
fn elaboration_instruction_says_what_to_do() {
    let lower = ELABORATION_INSTRUCTION.to_lowercase();
    assert!(lower.contains("directly first"));
    assert!(lower.contains("not final answers"));
    assert!(lower.contains("re-ask only the affected questions"));
    assert!(lower.contains("ask_user"));
}
