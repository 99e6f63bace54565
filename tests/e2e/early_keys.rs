//! The first-paint guard: keys waiting on the terminal when the form opens, and keys within
//! 150 ms of its first paint, are dropped and the form says so.

use crate::pty::{RUN, Session};
use crate::support::SMALL;

const IGNORED: &str = "Keys typed before the form opened were ignored.";

#[test]
fn keys_right_after_the_first_paint_are_dropped_visibly() {
    let mut s = Session::start(SMALL, RUN, 80, 24);
    s.wait_for("Which database?");
    // A person still typing in the chat: "1" would pick PostgreSQL and move on.
    s.send_early(b"1");
    s.wait_for(IGNORED);
    assert!(
        s.screen().contains("Which database?"),
        "still on the first question"
    );
    s.wait_past_guard();
    s.send("2");
    s.wait_for("Which features?");
    assert!(
        !s.screen().contains(IGNORED),
        "the next key clears the notice"
    );
    s.send("\t");
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        serde_json::json!(["sqlite"]),
        "{result}"
    );
    s.assert_restored();
}

#[test]
fn input_waiting_when_the_form_opens_is_dropped() {
    let mut s =
        Session::start_with_env(SMALL, RUN, 80, 24, &[("ASK_TEST_STARTUP_PAUSE_MS", "600")]);
    s.wait_for("start-up pause");
    // Typed before the form is up: Enter would select PostgreSQL.
    s.send_early(b"\r1");
    s.wait_for("Which database?");
    s.wait_for(IGNORED);
    s.wait_past_guard();
    s.send("\x1b[B\r");
    s.wait_for("Which features?");
    s.send("\t11");
    assert_eq!(s.finish(), 0);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["values"],
        serde_json::json!(["sqlite"])
    );
}

#[test]
fn the_setting_turns_the_guard_off() {
    let dir_config = r#"{"schemaVersion": 3, "behaviour": {"ignoreEarlyKeysMs": 0}}"#;
    let mut s = Session::start_after(
        &format!("printf '%s' '{dir_config}' > ask-user.json"),
        0,
        SMALL,
        RUN,
        80,
        24,
        &[],
    );
    s.wait_for("Which database?");
    s.send_early(b"2");
    s.wait_for("Which features?");
    assert!(!s.screen().contains(IGNORED));
    s.send("\x03\x03");
    assert_eq!(s.finish(), 1);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["values"],
        serde_json::json!(["sqlite"])
    );
}
