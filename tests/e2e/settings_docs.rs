//! `docs/settings.md` matches the code (here, not in ask-settings, because the doc is
//! outside that package and its packaged tests must not read it): every context, action with its default keys,
//! behaviour key, notification channel and the schema version are documented.

use ask_keymap::{Action, Context, behaviour::BehaviourSetting};
use ask_settings::{AskConfig, schema::SCHEMA_VERSION};

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
            ask_keymap::behaviour::Behaviour::default().get(setting)
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
    // `mcp` is not among the defaults (it is written only when set), so it has a section
    // of its own.
    assert!(AskConfig::default().to_json().get("mcp").is_none());
    assert!(
        doc.contains("## `mcp`") && doc.contains("| `launch` | none |"),
        "lacks the mcp section"
    );
}

/// The doc's word on letter case is what the parser does: `N` is `n`, `shift+n` differs.
#[test]
fn key_ids_ignore_case_as_the_doc_says() {
    let doc = doc();
    assert!(doc.contains("Key ids ignore case, as in pi-tui: `N` is the same id as `n`"));
    let parse = |s: &str| s.parse::<ask_keymap::Key>().expect("parses");
    assert_eq!(parse("N"), parse("n"));
    assert_ne!(parse("shift+n"), parse("n"));
    assert_eq!(parse("shift+n").to_string(), "shift+n");
}

/// A file without schemaVersion is read as version 1 and upgraded with a notice, as the
/// doc says (not backed up as invalid).
#[test]
fn a_file_without_schema_version_is_version_1_as_documented() {
    let doc = doc();
    assert!(doc.contains("A file without\n`schemaVersion` is read as version 1"));
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("ask-user.json");
    std::fs::write(&path, r#"{"behaviour": {"showFooterHints": false}}"#).expect("write");
    let (store, loaded) = ask_settings::ConfigStore::open(path.clone()).expect("opens");
    assert!(
        !store.config().behaviour.show_footer_hints,
        "the value is kept"
    );
    let notices: Vec<String> = loaded.notices.iter().map(ToString::to_string).collect();
    assert!(
        notices
            .iter()
            .any(|n| n.contains("from schema version 1 to 3")),
        "{notices:?}"
    );
    let backups = std::fs::read_dir(dir.path())
        .expect("dir")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().contains(".bak"))
        })
        .count();
    assert_eq!(backups, 0, "not backed up as invalid");
}
