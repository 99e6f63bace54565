//! `behaviour.resumeUnanswered`: what a host does with a form left open when it stopped.

use ask_keymap::behaviour::ResumeUnanswered;
use ask_settings::{AskConfig, ConfigStore};
use serde_json::json;

#[test]
fn defaults_to_notify_reads_open_and_falls_back_with_a_notice() {
    assert_eq!(
        AskConfig::default().behaviour.resume_unanswered,
        ResumeUnanswered::Notify
    );
    assert_eq!(
        AskConfig::default().to_json()["behaviour"]["resumeUnanswered"],
        "notify"
    );
    let read = |v: serde_json::Value| {
        AskConfig::from_json(&json!({"schemaVersion": 3, "behaviour": {"resumeUnanswered": v}}))
    };
    let (config, notices) = read(json!("open"));
    assert_eq!(config.behaviour.resume_unanswered, ResumeUnanswered::Open);
    assert!(notices.is_empty(), "{notices:?}");
    for bad in [json!("always"), json!(true), json!(1)] {
        let (config, notices) = read(bad.clone());
        assert_eq!(config.behaviour.resume_unanswered, ResumeUnanswered::Notify);
        assert!(
            notices[0].contains("resumeUnanswered should be \"notify\" or \"open\""),
            "{bad}: {notices:?}"
        );
    }
}

#[test]
fn a_toggle_saved_from_the_overlay_keeps_the_setting() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ask-user.json");
    std::fs::write(
        &path,
        r#"{"schemaVersion": 3, "behaviour": {"resumeUnanswered": "open"}}"#,
    )
    .unwrap();
    let (mut store, _) = ConfigStore::open(path.clone()).unwrap();
    assert_eq!(
        store.config().behaviour.resume_unanswered,
        ResumeUnanswered::Open
    );
    let mut behaviour = store.config().behaviour;
    behaviour.show_footer_hints = false;
    store.save_behaviour(&behaviour).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let saved: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(saved["behaviour"]["resumeUnanswered"], "open", "{text}");
    assert_eq!(saved["behaviour"]["showFooterHints"], false, "{text}");
}
