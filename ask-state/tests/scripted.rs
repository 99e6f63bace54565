//! Scripted answers give the same result as the UI, and mismatches are errors.

use ask_state::scripted_result;
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
