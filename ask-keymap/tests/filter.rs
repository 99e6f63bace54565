//! `main.filter` (default `/`): validated like every other action, and optional in
//! version 3 files written before it existed (without taking a key such a file binds).

use ask_keymap::{Action, Context, Key, Keymap};
use serde_json::json;

#[test]
fn filter_is_a_main_action_bound_to_slash() {
    let keymap = Keymap::default();
    assert_eq!(Action::Filter.qualified_name(), "main.filter");
    assert_eq!(keymap.keys(Action::Filter), &[Key::char('/')]);
    assert_eq!(
        keymap.action_in(Context::Main, &Key::char('/')),
        Some(Action::Filter)
    );
    // Editors type the slash.
    assert_eq!(keymap.action_in(Context::Editor, &Key::char('/')), None);
    assert_eq!(keymap.to_json()["main"]["filter"], json!(["/"]));
    assert_eq!("/".parse::<Key>().expect("a key id"), Key::char('/'));
}

#[test]
fn a_version_3_keymap_without_filter_keeps_its_default() {
    let mut doc = Keymap::default().to_json();
    doc["main"].as_object_mut().unwrap().remove("filter");
    let keymap = Keymap::from_json(&doc).expect("loads without main.filter");
    assert_eq!(keymap.keys(Action::Filter), &[Key::char('/')]);
}

#[test]
fn a_file_that_already_binds_slash_keeps_it_and_filter_stays_unbound() {
    let mut doc = Keymap::default().to_json();
    doc["main"].as_object_mut().unwrap().remove("filter");
    doc["main"]["toggle"] = json!(["space", "/"]);
    let keymap = Keymap::from_json(&doc).expect("no clash with the missing action");
    assert!(keymap.keys(Action::Filter).is_empty());
    assert!(keymap.is(Action::Toggle, &Key::char('/')));

    // A global binding of `/` clashes with main too.
    let mut doc = Keymap::default().to_json();
    doc["main"].as_object_mut().unwrap().remove("filter");
    doc["global"]["settings"] = json!(["/"]);
    let keymap = Keymap::from_json(&doc).expect("no clash");
    assert!(keymap.keys(Action::Filter).is_empty());
}

#[test]
fn filter_is_validated_like_the_other_actions() {
    let mut doc = Keymap::default().to_json();
    doc["main"]["filter"] = json!(["5"]);
    let err = Keymap::from_json(&doc).unwrap_err().to_string();
    assert!(err.contains("main.filter"), "{err}");

    doc["main"]["filter"] = json!(["n"]);
    let err = Keymap::from_json(&doc).unwrap_err().to_string();
    assert!(
        err.contains("main.filter") && err.contains("main.optionNote"),
        "{err}"
    );
    let rebound = Keymap::default()
        .with(Action::Filter, &[Key::ctrl('f')])
        .expect("ctrl+f is free");
    assert!(rebound.is(Action::Filter, &Key::ctrl('f')));
}
