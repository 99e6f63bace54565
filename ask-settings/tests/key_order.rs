//! The settings file keeps its key order: ours when we write it, the user's when we rewrite
//! theirs, whether or not `serde_json`'s `preserve_order` feature is on in the build.

use std::fs;

use ask_keymap::behaviour::BehaviourSetting;
use ask_settings::{AskConfig, ConfigStore};
use indexmap::IndexMap;
use serde_json::Value;

/// The top-level keys of a settings file, in file order.
fn top_keys(text: &str) -> Vec<String> {
    serde_json::from_str::<IndexMap<String, Value>>(text)
        .unwrap()
        .into_keys()
        .collect()
}

#[test]
fn the_defaults_are_written_in_the_documented_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    ConfigStore::open(path.clone()).unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(
        text,
        format!(
            "{}\n",
            serde_json::to_string_pretty(&AskConfig::default()).unwrap()
        )
    );
    assert_eq!(
        top_keys(&text),
        [
            "schemaVersion",
            "answer",
            "behaviour",
            "keymaps",
            "notifications"
        ]
    );
    assert!(
        text.contains(
            "\"extractionModels\": [],\n    \"extractionTimeoutMs\": 30000,\n    \"extractionRetries\": 1"
        ),
        "{text}"
    );
    assert!(
        text.contains("\"notifications\": {\n    \"enabled\": true,\n    \"channels\": ["),
        "{text}"
    );
}

#[test]
fn saves_rewrite_only_the_changed_values_in_the_users_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    let defaults = AskConfig::default().behaviour;
    // Every behaviour setting, in the reverse of the order we write them.
    let behaviour: Vec<String> = BehaviourSetting::ALL
        .iter()
        .rev()
        .map(|s| format!("    \"{}\": {}", s.config_name(), defaults.get(*s)))
        .collect();
    let text = format!(
        "{{\n  \"zzFirst\": \"mine\",\n  \"notifications\": {{\n    \"channels\": [\n      \"bell\"\n    ],\n    \
         \"enabled\": true\n  }},\n  \"behaviour\": {{\n{}\n  }},\n  \"schemaVersion\": 3,\n  \
         \"aaLast\": {{\n    \"z\": 1,\n    \"a\": 2\n  }}\n}}\n",
        behaviour.join(",\n")
    );
    fs::write(&path, &text).unwrap();

    let (mut store, loaded) = ConfigStore::open(path.clone()).unwrap();
    assert!(loaded.notices.is_empty(), "{:?}", loaded.notices);
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        text,
        "opening rewrites nothing"
    );
    let changed = loaded
        .config
        .behaviour
        .with(BehaviourSetting::AutoSubmit, true);
    store.save_behaviour(&changed).unwrap();
    store.save_notifications_enabled(false).unwrap();

    let expected = text
        .replace(
            "\"autoSubmitWhenAnsweredWithoutNotes\": false",
            "\"autoSubmitWhenAnsweredWithoutNotes\": true",
        )
        .replace("\"enabled\": true", "\"enabled\": false");
    assert_ne!(expected, text, "the saves change something");
    assert_eq!(fs::read_to_string(&path).unwrap(), expected);
}

#[test]
fn an_upgrade_puts_the_version_first_and_keeps_the_users_keys_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    fs::write(
        &path,
        r#"{"zz": {"y": 1, "b": 2}, "behaviour": {"showFooterHints": false, "inline": false}, "schemaVersion": 1, "aa": 3}"#,
    )
    .unwrap();
    let (_, loaded) = ConfigStore::open(path.clone()).unwrap();
    assert!(!loaded.config.behaviour.get(BehaviourSetting::FooterHints));
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(
        top_keys(&text),
        [
            "schemaVersion",
            "answer",
            "zz",
            "behaviour",
            "aa",
            "notifications"
        ]
    );
    assert!(text.contains("\"y\": 1,\n    \"b\": 2"), "{text}");
    assert!(
        text.contains("\"showFooterHints\": false,\n    \"inline\": false"),
        "{text}"
    );
}
