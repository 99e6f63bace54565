//! A session tells its host when it needs the clock: an idle form with watched (or no)
//! settings needs no ticks at all; a timeout, a put-off draft save or an unwatched
//! settings file do. A watched file is reloaded on the host's word.

use ask_contract::{ParseOptions, parse_params};
use ask_host::{Session, settings::Settings};
use ask_keymap::Key;
use ask_settings::{AskConfig, paths::ConfigPaths};
use serde_json::json;

fn form() -> ask_contract::AskForm {
    let payload = json!({"questions": [
        {"id": "db", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "os", "prompt": "Which system?", "options": [
            {"value": "linux", "label": "Linux"}, {"value": "mac", "label": "macOS"}]}]});
    parse_params(&payload, ParseOptions::default()).unwrap()
}

#[test]
fn an_idle_session_needs_no_ticks_unless_something_waits_for_the_clock() {
    let s = Session::new(form(), Settings::in_memory(AskConfig::default()));
    assert!(!s.needs_ticks(), "nothing waits for the clock");
    let s = Session::new(form(), Settings::in_memory(AskConfig::default())).with_idle_timeout(30);
    assert!(s.needs_ticks(), "the timeout counts");

    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::new(form(), Settings::in_memory(AskConfig::default()))
        .with_draft(dir.path().join("d.json"), false);
    assert!(!s.needs_ticks(), "the draft is saved");
    s.key_at("down".parse::<Key>().unwrap(), 100);
    assert!(s.needs_ticks(), "a save waits for its interval");
    s.tick_at(100 + ask_host::draft::DRAFT_SAVE_INTERVAL_MS);
    assert!(!s.needs_ticks(), "saved");
}

#[test]
fn a_watched_settings_file_is_read_on_reload_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    let mut s = Session::new(form(), Settings::open(&ConfigPaths::file(path.clone())));
    assert!(s.needs_ticks(), "an unwatched file is polled on ticks");
    s.set_settings_watched(true);
    assert_eq!(s.settings_path(), Some(path.as_path()));
    assert!(!s.needs_ticks());

    let mut doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    doc["behaviour"]["autoSubmitWhenAnsweredWithoutNotes"] = true.into();
    std::fs::write(&path, doc.to_string()).unwrap();
    // Ticks leave a watched file alone...
    s.tick_at(10_000);
    assert!(!s.flow().behaviour().auto_submit_when_answered_without_notes);
    // ...the host's reload reads it.
    assert!(s.reload_settings());
    assert!(s.flow().behaviour().auto_submit_when_answered_without_notes);
}

/// A source whose answers grew since the flow was given candidates needs a tick to pass
/// them on, even once it is settled; after that, none.
#[test]
fn completions_that_grew_since_the_last_query_need_a_tick() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};

    struct Growing(Arc<AtomicU64>);
    impl ask_host::setup::CompletionSource for Growing {
        fn complete(&mut self, _query: &str) -> Vec<ask_host::state::Completion> {
            let n = self.0.load(Ordering::SeqCst);
            (0..n)
                .map(|i| ask_host::state::Completion::file(format!("f{i}.rs")))
                .collect()
        }
        fn revision(&self) -> u64 {
            self.0.load(Ordering::SeqCst)
        }
    }
    let size = Arc::new(AtomicU64::new(0));
    let mut s = Session::new(form(), Settings::in_memory(AskConfig::default()))
        .with_completions(Growing(Arc::clone(&size)));
    for key in ["down", "down", "enter", "@"] {
        s.key(key.parse::<Key>().unwrap());
    }
    assert!(!s.needs_ticks(), "asked, nothing new");
    size.store(3, Ordering::SeqCst);
    assert!(s.needs_ticks(), "the source grew: the flow must be told");
    s.tick();
    assert!(s.frame().to_plain_text().contains("f2.rs"));
    assert!(!s.needs_ticks());
}
