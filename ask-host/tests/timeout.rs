//! The idle timeout through a session, with a fake clock: the countdown in the frame, one
//! notification per countdown, and the timed-out result.

use ask_contract::{AskForm, ParseOptions, parse_params};
use ask_host::{Session, settings::Settings};
use ask_keymap::Key;
use ask_render::notification::TIMEOUT_COUNTDOWN_EVENT;
use ask_settings::AskConfig;
use serde_json::json;

fn form() -> AskForm {
    let payload = json!({"questions": [
        {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "os", "label": "System", "prompt": "Which system?", "options": [
            {"value": "linux", "label": "Linux"}, {"value": "mac", "label": "macOS"}]}]});
    parse_params(&payload, ParseOptions::default()).unwrap()
}

fn key(s: &str) -> Key {
    s.parse().unwrap()
}

#[test]
fn countdown_notification_once_per_countdown_then_timed_out_result() {
    let mut s =
        Session::new(form(), Settings::in_memory(AskConfig::default())).with_idle_timeout(90);
    assert!(s.key_at(key("2"), 1_000), "SQLite picked");
    s.tick_at(30_000);
    assert!(s.take_countdown_notification().is_none(), "61 s left");
    assert!(s.tick_at(31_000));
    assert!(
        s.frame()
            .to_plain_text()
            .contains("Closing in 60 s - press any key to stay")
    );
    let (_, note) = s.take_countdown_notification().expect("countdown started");
    assert_eq!(note.event, TIMEOUT_COUNTDOWN_EVENT);
    assert!(note.message.contains("Closing in 60 s"), "{}", note.message);
    s.tick_at(40_000);
    assert!(
        s.take_countdown_notification().is_none(),
        "once per countdown"
    );
    // A key restarts the clock; the next countdown notifies again.
    s.key_at(key("down"), 50_000);
    assert!(!s.frame().to_plain_text().contains("Closing in"));
    s.tick_at(80_000);
    assert!(s.take_countdown_notification().is_some());
    assert!(!s.is_over());
    s.tick_at(140_000);
    assert!(s.is_over());
    let result = s.result().expect("timed out");
    assert!(result.details.cancelled && result.details.timed_out);
    assert_eq!(result.details.answers["db"].values, ["lite"]);
    assert!(
        !result.details.answers.contains_key("os"),
        "nothing picked for the user"
    );
    assert!(result.text().contains("did not answer in time"));
}

#[test]
fn the_setting_applies_unless_the_flag_overrides_it() {
    let mut config = AskConfig::default();
    config.behaviour.idle_timeout_seconds = 5;
    let mut s = Session::new(form(), Settings::in_memory(config.clone()));
    s.tick_at(5_000);
    assert!(s.result().is_some_and(|r| r.details.timed_out));

    let mut off = Session::new(form(), Settings::in_memory(config)).with_idle_timeout(0);
    off.tick_at(1_000_000);
    assert!(!off.is_over(), "--timeout 0 turns the setting off");
    // A key that arrives after the deadline does not answer: the flow already timed out.
    let mut late =
        Session::new(form(), Settings::in_memory(AskConfig::default())).with_idle_timeout(1);
    late.key_at(key("1"), 2_000);
    let result = late.result().expect("timed out before the key");
    assert!(result.details.answers.is_empty());
}

/// An idle form with a timeout and nothing else to do asks its host to wake only when the
/// timeout changes something: at the countdown's start, then once a second.
#[test]
fn a_timeout_asks_for_a_tick_only_when_the_countdown_changes() {
    use std::time::Duration;
    let mut s =
        Session::new(form(), Settings::in_memory(AskConfig::default())).with_idle_timeout(90);
    assert_eq!(s.tick_due_in(), Some(Duration::from_secs(30)));
    s.tick_at(30_000);
    assert_eq!(s.tick_due_in(), Some(Duration::from_secs(1)));
    s.tick_at(30_400);
    assert_eq!(s.tick_due_in(), Some(Duration::from_millis(600)));
    s.tick_at(90_000);
    assert!(s.is_over());
    assert_eq!(s.tick_due_in(), None);
    // Without a timeout (and the settings file in memory) an idle form needs no tick.
    let idle = Session::new(form(), Settings::in_memory(AskConfig::default()));
    assert_eq!(idle.tick_due_in(), None);
    assert!(!idle.needs_ticks());
}

/// The headless runner (the browser form alone, `ask mcp`'s browser presenter) ends a
/// form whose idle timeout passed, though nobody sends it anything.
#[test]
fn the_headless_runner_ends_a_form_at_its_timeout() {
    let mut s =
        Session::new(form(), Settings::in_memory(AskConfig::default())).with_idle_timeout(1);
    let result = s.run_headless(|| false).expect("ended by the clock");
    assert!(result.details.cancelled && result.details.timed_out);
}
