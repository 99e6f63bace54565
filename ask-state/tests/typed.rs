//! Typed questions in the flow, as (payload, key script, expected result): text with
//! lengths and formats, confirm with y/n, numbers checked as typed, paths completed from
//! the first character and checked by the host, multi-select item counts, defaults that
//! are suggestions until confirmed, and invalid input that survives switching questions
//! and drafts without ever being submitted.

use ask_contract::AskForm;
use ask_state::{
    Command, Completion, Tab, paths::PathStatus, scripted::scripted_result, snapshot::FlowSnapshot,
};
use serde_json::{Value, json};

use crate::support::{answers, behaviour, drive, flow, form, run};

fn one(question: Value) -> AskForm {
    let mut q = question;
    q["id"] = json!("q");
    q["prompt"] = json!("Question?");
    form(&json!({"questions": [q]}))
}

#[test]
fn text_answers_carry_their_value_and_keep_the_free_form_shape() {
    let result = run(
        one(json!({"type": "text", "placeholder": "my-project"})),
        behaviour(),
        "\"hello\" enter enter",
    );
    assert_eq!(
        answers(&result),
        json!({"q": {"values": ["hello"], "labels": ["hello"], "indices": [], "customText": "hello", "value": "hello"}})
    );
    assert_eq!(result.details.questions[0].kind.as_str(), "text");
}

#[test]
fn text_over_max_length_stays_in_the_editor_with_the_rule_inline() {
    let mut f = flow(one(json!({"type": "text", "maxLength": 5})), behaviour());
    drive(&mut f, "\"toolong\"");
    assert_eq!(
        f.input_problem(0).as_deref(),
        Some("at most 5 characters (7 now)")
    );
    drive(&mut f, "enter");
    assert_eq!(
        f.tab(),
        Tab::Question(0),
        "nothing out of its rules is accepted"
    );
    assert_eq!(
        f.hint(),
        Some("Not accepted: at most 5 characters (7 now).")
    );
    assert!(f.answer(0).is_none());
    let (result, _) = drive(&mut f, "backspace backspace enter enter");
    assert_eq!(answers(&result.expect("submitted"))["q"]["value"], "toolo");
}

#[test]
fn text_formats_are_checked_before_the_answer_is_taken() {
    let mut f = flow(one(json!({"type": "text", "format": "email"})), behaviour());
    drive(&mut f, "\"me\" enter");
    assert_eq!(
        f.hint(),
        Some("Not accepted: not an e-mail address like name@example.com.")
    );
    let (result, _) = drive(&mut f, "\"@example.com\" enter enter");
    assert_eq!(
        answers(&result.expect("submitted"))["q"]["value"],
        "me@example.com"
    );
}

#[test]
fn confirm_answers_with_y_and_n_and_has_no_type_your_own_row() {
    let payload = json!({"type": "confirm", "yesLabel": "Deploy", "noLabel": "Wait"});
    let yes = run(one(payload.clone()), behaviour(), "y enter");
    assert_eq!(
        answers(&yes),
        json!({"q": {"values": ["yes"], "labels": ["Deploy"], "indices": [1], "value": true}})
    );
    let no = run(one(payload.clone()), behaviour(), "n enter");
    assert_eq!(answers(&no)["q"]["value"], false);
    assert_eq!(answers(&no)["q"]["labels"], json!(["Wait"]));
    // Two rows only: the cursor stops on No, digit 3 picks nothing, paste opens nothing.
    let mut f = flow(one(payload), behaviour());
    drive(&mut f, "down down down 3");
    assert_eq!(f.draft(0).map(|d| d.cursor), Some(1));
    assert!(f.answer(0).is_none() && f.editor().is_none());
    let _ = f.apply(Command::Paste("text".into()));
    assert!(f.editor().is_none());
    let (result, _) = drive(&mut f, "enter enter");
    assert_eq!(answers(&result.expect("submitted"))["q"]["value"], false);
}

#[test]
fn only_multiline_text_takes_the_newline_key() {
    let mut f = flow(one(json!({"type": "text"})), behaviour());
    drive(&mut f, "\"a\" shift+enter \"b\"");
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()).as_deref(),
        Some("ab")
    );
    let mut f = flow(one(json!({"type": "text", "multiline": true})), behaviour());
    drive(&mut f, "\"a\" shift+enter \"b\"");
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()).as_deref(),
        Some("a\nb")
    );
}

#[test]
fn numbers_are_checked_as_typed_and_out_of_range_is_never_submitted() {
    let mut f = flow(
        one(json!({"type": "number", "min": 1, "max": 10, "integer": true})),
        behaviour(),
    );
    drive(&mut f, "1 2");
    assert_eq!(f.input_problem(0).as_deref(), Some("at most 10"));
    drive(&mut f, "enter");
    assert_eq!(f.tab(), Tab::Question(0));
    drive(&mut f, "backspace backspace \"2.5\"");
    assert_eq!(f.input_problem(0).as_deref(), Some("a whole number"));
    drive(&mut f, "backspace backspace backspace \"abc\"");
    assert_eq!(f.input_problem(0).as_deref(), Some("not a number"));
    let (result, _) = drive(&mut f, "backspace backspace backspace 7 enter enter");
    let a = answers(&result.expect("submitted"));
    assert_eq!(a["q"]["value"], json!(7));
    assert!(a["q"]["value"].is_i64(), "whole numbers are JSON integers");
    let decimal = run(
        one(json!({"type": "number", "max": 3.5})),
        behaviour(),
        "\"2.5\" enter enter",
    );
    assert_eq!(answers(&decimal)["q"]["value"], json!(2.5));
}

#[test]
fn invalid_input_survives_switching_questions_and_is_never_submitted() {
    let payload = json!({"questions": [
        {"id": "n", "prompt": "How many?", "type": "number", "max": 10},
        {"id": "s", "prompt": "Pick", "options": [{"value": "a", "label": "A"}]}]});
    let mut f = flow(form(&payload), behaviour());
    // Esc closes the editor (keeping the text), Tab moves on.
    drive(&mut f, "1 2 esc tab");
    assert_eq!(f.tab(), Tab::Question(1));
    assert_eq!(
        f.draft(0).and_then(|d| d.custom_text.as_deref()),
        Some("12")
    );
    assert!(f.answer(0).is_none());
    assert_eq!(f.input_problem(0).as_deref(), Some("at most 10"));
    // Back on the question the text is still there (saved, shown with its problem), and
    // Enter reopens it in the editor.
    drive(&mut f, "shift+tab");
    assert_eq!(f.tab(), Tab::Question(0));
    assert_eq!(f.input_problem(0).as_deref(), Some("at most 10"));
    drive(&mut f, "enter");
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()).as_deref(),
        Some("12")
    );
    // Submit is held back while the number breaks its rule, saying which and why.
    let (result, _) = drive(&mut f, "esc tab 1 1 1");
    assert!(result.is_none(), "an invalid number is never submitted");
    assert_eq!(f.blocking_problem(), Some((0, "at most 10".to_owned())));
    assert!(
        f.hint().is_some_and(|h| h.contains("at most 10")),
        "{:?}",
        f.hint()
    );
    // Fixed, it is the answer and Submit goes through.
    let (result, _) = drive(&mut f, "shift+tab shift+tab enter backspace enter tab 1 1");
    let result = result.expect("submitted");
    assert_eq!(answers(&result)["n"]["value"], json!(1));
    assert_eq!(answers(&result)["s"]["values"], json!(["a"]));
}

#[test]
fn a_prefilled_default_is_only_a_suggestion_until_enter() {
    let text = || one(json!({"type": "text", "default": "ask-user"}));
    // Untouched and left: no answer, and leaving is as easy as from an empty editor.
    let mut f = flow(text(), behaviour());
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()).as_deref(),
        Some("ask-user")
    );
    assert!(!f.is_dirty(), "a suggestion is nothing to lose");
    drive(&mut f, "tab");
    assert_eq!(f.tab(), Tab::Review);
    assert!(f.answer(0).is_none());
    assert_eq!(
        f.form().questions[0].suggestion().as_deref(),
        Some("ask-user")
    );
    // Esc does not accept it either.
    let mut f = flow(text(), behaviour());
    drive(&mut f, "esc");
    assert!(f.answer(0).is_none() && f.draft(0).is_some_and(|d| d.custom_text.is_none()));
    // Enter confirms it; an edit and Enter gives the edited text.
    let confirmed = run(text(), behaviour(), "enter enter");
    assert_eq!(answers(&confirmed)["q"]["value"], "ask-user");
    let edited = run(text(), behaviour(), "backspace enter enter");
    assert_eq!(answers(&edited)["q"]["value"], "ask-use");
    // A number default is prefilled as its text.
    let number = run(
        one(json!({"type": "number", "default": 3})),
        behaviour(),
        "enter enter",
    );
    assert_eq!(answers(&number)["q"]["value"], json!(3));
}

#[test]
fn a_choice_default_is_recommended_never_preselected() {
    let f = flow(
        one(json!({"type": "confirm", "default": false})),
        behaviour(),
    );
    let q = &f.form().questions[0];
    assert!(!q.options[0].recommended && q.options[1].recommended);
    assert!(f.answer(0).is_none(), "nothing is chosen for the user");
    assert_eq!(q.suggestion().as_deref(), Some("No"));
    let single = flow(
        one(
            json!({"default": "b", "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}),
        ),
        behaviour(),
    );
    assert!(single.form().questions[0].options[1].recommended);
    assert!(single.answer(0).is_none());
    let result = run(
        one(
            json!({"default": "b", "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}),
        ),
        behaviour(),
        "tab 1 1",
    );
    assert!(result.details.answers.is_empty());
    assert_eq!(result.details.questions[0].recommended, ["b"]);
}

#[test]
fn multi_item_counts_are_enforced_inline_and_keep_submit_back() {
    let payload = json!({"type": "multi", "minItems": 2, "maxItems": 2, "options": [
        {"value": "a", "label": "A"}, {"value": "b", "label": "B"}, {"value": "c", "label": "C"}]});
    let mut f = flow(one(payload), behaviour());
    drive(&mut f, "1");
    assert_eq!(
        f.input_problem(0).as_deref(),
        Some("choose at least 2 (1 chosen)")
    );
    drive(&mut f, "tab 1 1");
    assert!(!f.is_done(), "Submit waits for the minimum");
    assert_eq!(
        f.hint(),
        Some("Q1: choose at least 2 (1 chosen). Fix it before you submit.")
    );
    drive(&mut f, "shift+tab 2 3");
    assert_eq!(f.hint(), Some("Choose at most 2: deselect one first."));
    assert_eq!(
        f.draft(0).map(|d| d.selected.clone()),
        Some(vec![true, true, false])
    );
    assert!(f.input_problem(0).is_none());
    let (result, _) = drive(&mut f, "tab 1 1");
    let a = answers(&result.expect("submitted"));
    assert_eq!(
        a,
        json!({"q": {"values": ["a", "b"], "labels": ["A", "B"], "indices": [1, 2]}})
    );
    // Cancel is never held back.
    let mut f = flow(
        one(json!({"type": "multi", "minItems": 2, "options": [
        {"value": "a", "label": "A"}, {"value": "b", "label": "B"}]})),
        behaviour(),
    );
    let (result, _) = drive(&mut f, "1 tab 3 3");
    assert!(result.expect("cancelled").details.cancelled);
}

#[test]
fn paths_complete_from_the_first_character_without_an_at() {
    let mut f = flow(
        one(json!({"type": "path", "pathKind": "file", "mustExist": true})),
        behaviour(),
    );
    drive(&mut f, "s");
    assert_eq!(f.completion_query(), Some("s"));
    let _ = f.apply(Command::SetCompletions(vec![Completion::dir("src")]));
    drive(&mut f, "tab");
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()).as_deref(),
        Some("src/")
    );
    assert_eq!(f.completion_query(), Some("src/"));
    let _ = f.apply(Command::SetCompletions(vec![Completion::file(
        "src/main.rs",
    )]));
    drive(&mut f, "tab");
    assert_eq!(
        f.editor().map(|e| e.buffer.text().to_owned()).as_deref(),
        Some("src/main.rs")
    );
    // The host checks the path: missing is refused, a file is taken.
    assert_eq!(f.path_check_query(), Some("src/main.rs"));
    let _ = f.apply(Command::PathStatus {
        path: "src/main.rs".into(),
        status: PathStatus::Missing,
    });
    assert_eq!(f.path_check_query(), None, "reported once per text");
    drive(&mut f, "enter");
    assert_eq!(f.hint(), Some("Not accepted: no such file or directory."));
    let _ = f.apply(Command::PathStatus {
        path: "src/main.rs".into(),
        status: PathStatus::Dir,
    });
    assert_eq!(
        f.input_problem(0).as_deref(),
        Some("a directory, not a file")
    );
    let _ = f.apply(Command::PathStatus {
        path: "src/main.rs".into(),
        status: PathStatus::File,
    });
    let (result, _) = drive(&mut f, "enter enter");
    assert_eq!(
        answers(&result.expect("submitted"))["q"]["value"],
        "src/main.rs"
    );
}

#[test]
fn typed_drafts_round_trip_through_a_snapshot() {
    let payload = json!({"questions": [
        {"id": "n", "prompt": "How many?", "type": "number", "max": 10},
        {"id": "c", "prompt": "Sure?", "type": "confirm"},
        {"id": "t", "prompt": "Name?", "type": "text", "default": "x"}]});
    let mut f = flow(form(&payload), behaviour());
    drive(&mut f, "1 2 esc tab y");
    let snap = f.snapshot();
    let back: FlowSnapshot = serde_json::from_str(&serde_json::to_string(&snap).unwrap()).unwrap();
    let mut fresh = flow(form(&payload), behaviour());
    fresh.restore(&back).expect("same form");
    assert_eq!(fresh.snapshot(), snap);
    assert_eq!(
        fresh
            .draft(0)
            .and_then(|d| d.custom_text.clone())
            .as_deref(),
        Some("12")
    );
    assert!(
        fresh.answer(0).is_none(),
        "the invalid number stays a draft"
    );
    assert_eq!(fresh.answer(1).and_then(|a| a.value), Some(json!(true)));
    assert_eq!(
        fresh
            .editor()
            .map(|e| e.buffer.text().to_owned())
            .as_deref(),
        Some("x")
    );
    assert!(
        fresh.answer(2).is_none(),
        "the restored default is still only a suggestion"
    );
}

#[test]
fn scripted_answers_take_value_and_check_the_rules() {
    let payload = json!({"questions": [
        {"id": "n", "prompt": "How many?", "type": "number", "min": 1, "max": 10},
        {"id": "c", "prompt": "Sure?", "type": "confirm"},
        {"id": "t", "prompt": "Mail?", "type": "text", "format": "email"},
        {"id": "m", "prompt": "Pick", "type": "multi", "maxItems": 1,
         "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]});
    let f = form(&payload);
    let ok = scripted_result(&f, &json!({"answers": {
        "n": {"value": 4}, "c": {"value": false}, "t": {"value": "me@example.com"}, "m": {"values": ["b"]}}}))
    .expect("valid answers");
    let a = answers(&ok);
    assert_eq!(a["n"]["value"], json!(4));
    assert_eq!(a["n"]["customText"], "4");
    assert_eq!(
        a["c"],
        json!({"values": ["no"], "labels": ["No"], "indices": [2], "value": false})
    );
    assert_eq!(a["t"]["value"], "me@example.com");
    assert!(
        a["m"].get("value").is_none(),
        "multi answers keep their shape"
    );
    let err = scripted_result(&f, &json!({"answers": {
        "n": {"value": 11}, "c": {"value": "yes"}, "t": {"customText": "nope"}, "m": {"values": ["a", "b"]}}}))
    .expect_err("broken rules");
    let text = err.to_string();
    for needle in [
        "\"11\" is not accepted: at most 10",
        "value must be true or false",
        "not an e-mail address",
        "choose at most 1 (2 chosen)",
    ] {
        assert!(text.contains(needle), "{needle} in {text}");
    }
}

#[test]
fn stored_freeform_payloads_replay_as_text_questions() {
    let f = form(&json!({"questions": [{"id": "name", "prompt": "Name?",
        "options": [{"value": "answer", "label": "Type your answer", "freeform": true}]}]}));
    assert_eq!(f.questions[0].kind.as_str(), "text");
    let result = run(f, behaviour(), "\"demo\" enter enter");
    assert_eq!(answers(&result)["name"]["value"], "demo");
    assert_eq!(result.details.questions[0].kind.as_str(), "text");
}
