//! `docs/settings.md` matches the code (here, not in ask-keymap, because the doc is
//! outside that package and its packaged tests must not read it): every context, action with its default keys,
//! behaviour key, notification channel and the schema version are documented.

use ask_keymap::{Action, AskConfig, BehaviourSetting, Context, SCHEMA_VERSION};

fn doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/settings.md");
    std::fs::read_to_string(path).expect("docs/settings.md exists")
}

#[test]
fn every_action_appears_with_its_default_keys() {
    let doc = doc();
    for &action in Action::ALL {
        let keys: Vec<String> = action
            .default_keys()
            .iter()
            .map(|k| format!("`{k}`"))
            .collect();
        let row = format!("| `{}` | {} |", action.qualified_name(), keys.join(", "));
        assert!(doc.contains(&row), "docs/settings.md lacks the row {row:?}");
    }
    for &context in Context::ALL {
        assert!(
            doc.contains(&format!("| `{}` |", context.config_name())),
            "context {} undocumented",
            context.config_name()
        );
    }
}

#[test]
fn the_documented_defaults_are_the_defaults() {
    let doc = doc();
    let start = doc.find("```json\n").expect("a JSON block") + 8;
    let end = start + doc[start..].find("```").expect("closed");
    let documented: serde_json::Value = serde_json::from_str(&doc[start..end]).expect("valid JSON");
    assert_eq!(documented, AskConfig::default().to_json());
    assert_eq!(documented["schemaVersion"], SCHEMA_VERSION);
    for &setting in BehaviourSetting::ALL {
        let row = format!(
            "| `{}` | `{}` |",
            setting.config_name(),
            ask_keymap::Behaviour::default().get(setting)
        );
        assert!(doc.contains(&row), "lacks {row:?}");
    }
    for channel in [
        "`\"bell\"`",
        "`\"osc9\"`",
        "`\"osc777\"`",
        "\"type\": \"command\"",
    ] {
        assert!(doc.contains(channel), "lacks channel {channel}");
    }
}
