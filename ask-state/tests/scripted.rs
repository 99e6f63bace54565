//! Scripted answers give the same result as the UI, and mismatches are errors.

use ask_state::scripted::scripted_result;
use serde_json::json;

use crate::support::{behaviour, run, two};

#[test]
fn scripted_answers_match_the_ui_result() {
    let ui = run(
        two(),
        behaviour(),
        "shift+n \"is alpha stable?\" enter 1 3 1 enter 1 1",
    );
    let scripted = scripted_result(
        &two(),
        &json!({"mode": "submit", "answers": {
            "q1": {"values": ["a"], "note": "is alpha stable?"},
            "q2": {"indices": [3, 1]}
        }}),
    )
    .expect("fits the form");
    assert_eq!(scripted, ui);
}

#[test]
fn scripted_elaborate_and_cancel_modes() {
    let r = scripted_result(
        &two(),
        &json!({"mode": "elaborate", "answers": {
        "q1": {"values": ["a"], "optionNotes": {"b": "and beta?"}}}}),
    )
    .expect("fits");
    assert_eq!(r.details.elaboration.expect("elaboration").items.len(), 1);
    let r = scripted_result(&two(), &json!({"mode": "cancel"})).expect("fits");
    assert!(r.details.cancelled);
}

#[test]
fn every_mismatch_is_reported_with_the_question_and_value() {
    let err = scripted_result(
        &two(),
        &json!({"answers": {
            "nope": {"values": ["a"]},
            "q1": {"values": ["a", "b"]},
            "q2": {"values": ["w"], "indices": [9]}
        }}),
    )
    .expect_err("does not fit");
    let text = err.to_string();
    for needle in [
        "unknown question id \"nope\"",
        "question \"q1\" is single",
        "unknown option value \"w\"",
        "index 9 is out of range",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from {text}");
    }
}

#[test]
fn mismatches_are_reported_in_question_order_then_unknown_ids() {
    // Ids that sort the other way round from the form's order.
    let form = crate::support::form(&json!({"questions": [
        {"id": "zeta", "prompt": "Z?", "options": [{"value": "a", "label": "A"}]},
        {"id": "alpha", "prompt": "A?", "options": [{"value": "a", "label": "A"}]}
    ]}));
    let err = scripted_result(
        &form,
        &json!({"answers": {
            "alpha": {"values": ["x"]},
            "nope": {"values": ["a"]},
            "zeta": {"values": ["y"]}
        }}),
    )
    .expect_err("does not fit");
    let ask_state::StateError::AnswersMismatch { problems } = err else {
        panic!("a mismatch: {err}");
    };
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems[0].starts_with("question \"zeta\""), "{problems:?}");
    assert!(
        problems[1].starts_with("question \"alpha\""),
        "{problems:?}"
    );
    assert!(
        problems[2].starts_with("unknown question id \"nope\""),
        "{problems:?}"
    );
}
