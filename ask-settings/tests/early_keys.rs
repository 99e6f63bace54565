//! `behaviour.ignoreEarlyKeysMs`: the first-paint key guard's setting.

use ask_keymap::behaviour::{DEFAULT_IGNORE_EARLY_KEYS_MS, MAX_IGNORE_EARLY_KEYS_MS};
use ask_settings::{AskConfig, ConfigStore};
use serde_json::{Value, json};

fn read(v: &Value) -> (AskConfig, Vec<String>) {
    AskConfig::from_json(&json!({"schemaVersion": 3, "behaviour": {"ignoreEarlyKeysMs": v}}))
}

#[test]
fn defaults_to_150_ms_and_is_written_with_the_defaults() {
    assert_eq!(AskConfig::default().behaviour.ignore_early_keys_ms, 150);
    assert_eq!(DEFAULT_IGNORE_EARLY_KEYS_MS, 150);
    let json = AskConfig::default().to_json();
    assert_eq!(json["behaviour"]["ignoreEarlyKeysMs"], 150);
}

#[test]
fn zero_turns_it_off_and_bad_values_fall_back_with_a_notice() {
    let (config, notices) = read(&json!(0));
    assert_eq!(config.behaviour.ignore_early_keys_ms, 0);
    assert!(notices.is_empty());
    let (config, _) = read(&json!(400));
    assert_eq!(config.behaviour.ignore_early_keys_ms, 400);
    for bad in [
        json!(-1),
        json!(2.5),
        json!("150"),
        json!(MAX_IGNORE_EARLY_KEYS_MS + 1),
    ] {
        let (config, notices) = read(&bad);
        assert_eq!(config.behaviour.ignore_early_keys_ms, 150, "{bad}");
        assert_eq!(notices.len(), 1, "{bad}");
        assert!(
            notices[0].contains("ignoreEarlyKeysMs should be a whole number of milliseconds"),
            "{}",
            notices[0]
        );
    }
}

#[test]
fn a_saved_behaviour_change_keeps_the_guard_the_file_set() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("config.json");
    std::fs::write(
        &path,
        r#"{"schemaVersion": 3, "behaviour": {"ignoreEarlyKeysMs": 0}}"#,
    )
    .expect("write");
    let (mut store, _) = ConfigStore::open(path.clone()).expect("opens");
    assert_eq!(store.config().behaviour.ignore_early_keys_ms, 0);
    let mut behaviour = store.config().behaviour;
    behaviour.show_footer_hints = false;
    store.save_behaviour(&behaviour).expect("saves");
    let text = std::fs::read_to_string(&path).expect("read back");
    let json: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(json["behaviour"]["ignoreEarlyKeysMs"], 0, "{text}");
}
