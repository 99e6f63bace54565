//! `mcp.launch`: the command `ask mcp` runs to open a terminal for a form, a typed part of
//! the settings file like the other sections.

use ask_keymap::behaviour::BehaviourSetting;
use ask_settings::{AskConfig, ConfigNotice, ConfigStore, paths::ConfigPaths};
use serde_json::json;

fn read(mcp: serde_json::Value) -> (AskConfig, Vec<String>) {
    let mut doc = json!({"schemaVersion": 3});
    doc["mcp"] = mcp;
    AskConfig::from_json(&doc)
}

#[test]
fn a_command_is_read_and_blank_or_absent_means_none() {
    let (config, notices) = read(json!({"launch": "tmux new-window -n ask"}));
    assert_eq!(config.mcp.launch.as_deref(), Some("tmux new-window -n ask"));
    assert!(notices.is_empty(), "{notices:?}");
    for unset in [json!({"launch": "  "}), json!({"launch": null}), json!({})] {
        let (config, notices) = read(unset.clone());
        assert_eq!(config.mcp.launch, None, "{unset}");
        assert!(notices.is_empty(), "{unset}: {notices:?}");
    }
    let (config, notices) = AskConfig::from_json(&json!({"schemaVersion": 3}));
    assert_eq!(config.mcp.launch, None);
    assert!(notices.is_empty(), "{notices:?}");
}

#[test]
fn a_bad_value_is_ignored_with_a_notice_that_quotes_it_and_says_how_to_fix_it() {
    let (config, notices) = read(json!({"launch": 5}));
    assert_eq!(config.mcp.launch, None);
    assert_eq!(
        notices,
        [
            "mcp.launch should be a shell command as a string, e.g. \"tmux new-window -n ask\", \
             found the number 5; using no launcher (pass --launch CMD, or fix the setting)"
        ]
    );
    let (config, notices) = read(json!({"launch": ["tmux", "new-window"]}));
    assert_eq!(config.mcp.launch, None);
    assert!(notices[0].contains("found an array"), "{notices:?}");
    let (config, notices) = read(json!("tmux new-window"));
    assert_eq!(config.mcp.launch, None);
    assert!(
        notices[0].starts_with("mcp should be an object such as {\"launch\": "),
        "{notices:?}"
    );
    assert!(
        notices[0].contains("found the string \"tmux new-window\""),
        "{notices:?}"
    );
}

#[test]
fn the_section_is_written_only_when_set_and_kept_by_saves() {
    let defaults = AskConfig::default().to_json();
    assert!(defaults.get("mcp").is_none(), "{defaults}");
    let (config, _) = read(json!({"launch": "wezterm start --"}));
    assert_eq!(
        config.to_json()["mcp"],
        json!({"launch": "wezterm start --"})
    );
    let (again, notices) = AskConfig::from_json(&config.to_json());
    assert_eq!(again, config);
    assert!(notices.is_empty(), "{notices:?}");

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    std::fs::write(
        &path,
        r#"{"schemaVersion": 3, "mcp": {"launch": "tmux new-window -n ask"}}"#,
    )
    .unwrap();
    let (mut store, loaded) = ConfigStore::open(path.clone()).unwrap();
    assert_eq!(
        loaded.config.mcp.launch.as_deref(),
        Some("tmux new-window -n ask")
    );
    let behaviour = store
        .config()
        .behaviour
        .with(BehaviourSetting::FooterHints, false);
    store.save_behaviour(&behaviour).unwrap();
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(saved["mcp"]["launch"], "tmux new-window -n ask", "{saved}");
}

#[test]
fn reading_the_file_read_only_names_the_file_and_the_bad_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    let text = r#"{"schemaVersion": 3, "mcp": {"launch": true}}"#;
    std::fs::write(&path, text).unwrap();
    let paths = ConfigPaths::file(path.clone());
    let loaded = ConfigStore::load_read_only(&paths).unwrap();
    assert_eq!(loaded.config.mcp.launch, None);
    let [ConfigNotice::Fallback { path: at, problem }] = loaded.notices.as_slice() else {
        panic!("one fallback notice: {:?}", loaded.notices);
    };
    assert_eq!(at, &path);
    assert!(problem.contains("found the boolean true"), "{problem}");
    assert!(
        loaded.notices[0]
            .to_string()
            .contains(&path.display().to_string()),
        "{}",
        loaded.notices[0]
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "never rewritten"
    );
}
