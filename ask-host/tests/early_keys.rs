//! The early-key guard in an embedded session: keys typed the moment the form is shown
//! are dropped and the form says so; after `behaviour.ignoreEarlyKeysMs` they work; the
//! setting turns it off, and a session never shown is not guarded.

use ask_host::{
    Session,
    config::AskConfig,
    contract::{AskForm, ParseOptions, parse_params_str},
    keymap::Key,
    settings::Settings,
};

const IGNORED: &str = "Keys typed before the form opened were ignored.";

fn form() -> AskForm {
    parse_params_str(
        r#"{"questions": [{"id": "db", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]}]}"#,
        ParseOptions::default(),
    )
    .unwrap()
}

fn session(window_ms: u64) -> Session {
    let mut config = AskConfig::default();
    config.behaviour.ignore_early_keys_ms = window_ms;
    Session::new(form(), Settings::in_memory(config))
}

fn key(id: &str) -> Key {
    id.parse().unwrap()
}

fn screen(s: &Session) -> String {
    s.frame_sized(70, 0).to_plain_text()
}

#[test]
fn keys_typed_at_once_into_a_shown_session_are_ignored_visibly() {
    // A long window, so the keys typed right after `shown` land in it on any machine.
    let mut s = session(2000);
    s.shown();
    assert!(s.ignores_early_keys());
    assert!(s.key(key("1")), "the hint appears");
    assert!(!s.paste("PostgreSQL"), "dropped, the hint already shows");
    s.key(key("enter"));
    assert!(!s.is_over());
    let text = screen(&s);
    assert!(text.contains(IGNORED), "{text}");
    assert!(text.contains("Which database?"));
}

#[test]
fn keys_after_the_window_work_and_clear_the_hint() {
    let mut s = session(150);
    s.shown_at(1_000);
    assert!(s.ignores_early_keys_at(1_149));
    s.key_at(key("1"), 1_010);
    assert!(screen(&s).contains(IGNORED));
    // Later paints do not restart the window.
    s.shown_at(1_100);
    assert!(!s.ignores_early_keys_at(1_150));
    s.key_at(key("2"), 1_160);
    assert!(!screen(&s).contains(IGNORED), "the next key clears it");
    s.key_at(key("enter"), 1_170);
    assert!(s.is_over());
    assert_eq!(s.result().unwrap().details.answers["db"].values, ["lite"]);
}

#[test]
fn hidden_and_shown_again_starts_a_new_window() {
    let mut s = session(150);
    s.shown_at(0);
    s.hidden();
    assert!(!s.ignores_early_keys_at(10), "not on screen");
    s.shown_at(5_000);
    assert!(s.ignores_early_keys_at(5_100));
    s.key_at(key("2"), 5_100);
    assert!(screen(&s).contains(IGNORED));
    assert!(s.wants_key(&key("enter")));
}

#[test]
fn zero_turns_the_guard_off_and_an_unshown_session_is_not_guarded() {
    let mut off = session(0);
    off.shown_at(0);
    assert!(!off.ignores_early_keys_at(0));
    off.key_at(key("2"), 0);
    off.key_at(key("enter"), 0);
    assert!(off.is_over());
    // Headless (never shown): the default window does not apply.
    let mut headless = Session::new(form(), Settings::in_memory(AskConfig::default()));
    headless.key(key("1"));
    headless.key(key("enter"));
    assert_eq!(
        headless.result().unwrap().details.answers["db"].values,
        ["pg"]
    );
}
