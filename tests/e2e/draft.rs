//! Drafts in a real terminal: SIGKILL mid-answer keeps the draft, `--resume` restores the
//! answers and tab, a normal end deletes the draft, and a draft for other questions is
//! refused with the reason.

use std::time::Duration;

use crate::pty::Session;

const PAYLOAD: &str = r#"{"questions": [
  {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
  {"id": "os", "label": "System", "prompt": "Which system?", "options": [
    {"value": "linux", "label": "Linux"}, {"value": "mac", "label": "macOS"}]}]}"#;

#[test]
fn sigkill_keeps_the_draft_and_resume_restores_the_answers() {
    let keep = tempfile::tempdir().expect("temp dir");
    let draft = keep.path().join("draft.json");
    let args = format!(
        "run --input p.json --output r.json --draft '{}'",
        draft.display()
    );
    let mut s = Session::start(PAYLOAD, &args, 80, 24);
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which system?");
    // The tab change saved at once; give a loaded machine a moment.
    std::thread::sleep(Duration::from_millis(600));
    s.signal("KILL");
    s.finish();
    assert!(draft.exists(), "SIGKILL keeps the draft");

    let mut s = Session::start(PAYLOAD, &format!("{args} --resume"), 80, 24);
    s.wait_for("Which system?");
    s.send("1");
    s.wait_for("Submit");
    s.send("1");
    s.send("1");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        serde_json::json!(["lite"]),
        "restored from the draft: {result}"
    );
    assert_eq!(
        result["details"]["answers"]["os"]["values"],
        serde_json::json!(["linux"])
    );
    assert!(!draft.exists(), "a normal end deletes the draft");
}

#[test]
fn a_draft_for_other_questions_starts_fresh_and_says_why() {
    let keep = tempfile::tempdir().expect("temp dir");
    let draft = keep.path().join("draft.json");
    let args = format!(
        "run --input p.json --output r.json --draft '{}'",
        draft.display()
    );
    let mut s = Session::start(PAYLOAD, &args, 100, 24);
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which system?");
    std::thread::sleep(Duration::from_millis(600));
    s.signal("KILL");
    s.finish();

    let other = PAYLOAD.replace("Which database?", "Which store?");
    let mut s = Session::start(&other, &format!("{args} --resume"), 100, 24);
    s.wait_for("Which store?");
    s.wait_for("other questions");
    s.send("\x03\x03");
    assert_eq!(s.finish(), 1);
    assert!(
        s.result()["details"]["answers"]
            .as_object()
            .is_some_and(serde_json::Map::is_empty)
    );
}

/// A closed terminal (SIGHUP) and a crash end the ask with the cancelled result, and
/// keep the draft, unlike a cancel the user chose: `--resume` brings the answers back.
#[test]
fn a_closed_terminal_and_a_crash_keep_the_draft() {
    let env = [("ASK_TEST_PANIC_KEY", "x"), ("RUST_BACKTRACE", "0")];
    for end in ["HUP", "panic"] {
        let keep = tempfile::tempdir().expect("temp dir");
        let draft = keep.path().join("draft.json");
        let args = format!(
            "run --input p.json --output r.json --draft '{}'",
            draft.display()
        );
        let mut s = Session::start_with_env(PAYLOAD, &args, 80, 24, &env);
        s.wait_for("Which database?");
        s.send("2");
        s.wait_for("Which system?");
        std::thread::sleep(Duration::from_millis(600));
        match end {
            "panic" => s.send("x"),
            signal => s.signal(signal),
        }
        assert_eq!(s.finish(), 1, "{end}");
        assert_eq!(s.result()["details"]["cancelled"], true, "{end}");
        assert!(draft.exists(), "{end} keeps the draft");

        let mut s = Session::start(PAYLOAD, &format!("{args} --resume"), 80, 24);
        s.wait_for("Which system?");
        s.send("\x03\x03");
        assert_eq!(s.finish(), 1, "{end}");
        assert_eq!(
            s.result()["details"]["answers"]["db"]["values"],
            serde_json::json!(["lite"]),
            "{end}: restored from the draft"
        );
        assert!(!draft.exists(), "{end}: the chosen cancel deletes it");
    }
}
