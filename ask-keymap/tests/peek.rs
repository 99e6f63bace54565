//! `global.peek` (default `alt+o`): validated like every other action, and optional in
//! version 3 files written before it existed.

use ask_keymap::{Action, Context, Key, KeyCode, Keymap, Modifiers};
use serde_json::json;

fn alt_o() -> Key {
    Key::new(KeyCode::Char('o'), Modifiers::ALT)
}

#[test]
fn peek_is_a_global_action_bound_to_alt_o() {
    let keymap = Keymap::default();
    assert_eq!(Action::Peek.qualified_name(), "global.peek");
    assert_eq!(keymap.keys(Action::Peek), &[alt_o()]);
    for context in [Context::Main, Context::Editor, Context::NoteEditor] {
        assert_eq!(keymap.action_in(context, &alt_o()), Some(Action::Peek));
    }
    assert_eq!(keymap.action_in(Context::SettingsModal, &alt_o()), None);
    assert_eq!(keymap.to_json()["global"]["peek"], json!(["alt+o"]));
}

#[test]
fn a_version_3_keymap_without_peek_keeps_its_default() {
    let mut doc = Keymap::default().to_json();
    doc["global"].as_object_mut().unwrap().remove("peek");
    let keymap = Keymap::from_json(&doc).expect("loads without global.peek");
    assert_eq!(keymap.keys(Action::Peek), &[alt_o()]);
}

#[test]
fn peek_is_validated_like_the_other_actions() {
    let mut doc = Keymap::default().to_json();
    doc["global"]["peek"] = json!(["hyper+x"]);
    let err = Keymap::from_json(&doc).unwrap_err().to_string();
    assert!(err.contains("hyper+x"), "{err}");

    doc["global"]["peek"] = json!(["5"]);
    let err = Keymap::from_json(&doc).unwrap_err().to_string();
    assert!(err.contains("global.peek"), "{err}");

    doc["global"]["peek"] = json!(["n"]);
    let err = Keymap::from_json(&doc).unwrap_err().to_string();
    assert!(
        err.contains("global.peek") && err.contains("main.optionNote"),
        "{err}"
    );

    let rebound = Keymap::default()
        .with(Action::Peek, &[Key::ctrl('o')])
        .expect("ctrl+o is free");
    assert!(rebound.is(Action::Peek, &Key::ctrl('o')));
    assert!(!rebound.is(Action::Peek, &alt_o()));
    assert!(
        Keymap::default()
            .with(Action::Peek, &[Key::ctrl('c')])
            .is_err()
    );
}
