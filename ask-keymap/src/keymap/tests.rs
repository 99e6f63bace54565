use super::*;
use serde_json::json;

fn key(id: &str) -> Key {
    id.parse().unwrap()
}

#[test]
fn defaults_and_lookup_by_context() {
    let km = Keymap::default();
    assert_eq!(
        km.action_in(Context::Main, &key("enter")),
        Some(Action::Confirm)
    );
    assert_eq!(
        km.action_in(Context::Main, &key("ctrl+c")),
        Some(Action::Dismiss)
    );
    assert_eq!(
        km.action_in(Context::Main, &Key::char('N')),
        Some(Action::QuestionNote)
    );
    assert_eq!(
        km.action_in(Context::Main, &key("right")),
        Some(Action::NextTab)
    );
    assert_eq!(
        km.action_in(Context::Editor, &key("enter")),
        Some(Action::EditorSubmit)
    );
    assert_eq!(
        km.action_in(Context::Editor, &key("ctrl+c")),
        Some(Action::Dismiss)
    );
    assert_eq!(
        km.action_in(Context::NoteEditor, &key("esc")),
        Some(Action::NoteClose)
    );
    // The settings overlay has its own keys only: ctrl+c closes it instead of dismissing.
    assert_eq!(
        km.action_in(Context::SettingsModal, &key("ctrl+c")),
        Some(Action::SettingsClose)
    );
    assert_eq!(km.action_in(Context::SettingsModal, &key("t")), None);
    assert_eq!(km.action_in(Context::Main, &key("x")), None);
    assert_eq!(km.label(Action::NextTab), "Tab/→");
    assert_eq!(km.first_label(Action::NextTab), "Tab");
    assert_eq!(km.label(Action::QuestionNote), "Shift+N");
    assert_eq!(Keymap::from_json(&km.to_json()).unwrap(), km);
    assert_eq!(km.to_json()["main"]["nextTab"], json!(["tab", "right"]));
    assert_eq!(
        km.to_json()["settingsModal"]["close"],
        json!(["esc", "ctrl+c", "?"])
    );
}

#[test]
fn names_are_unique_per_context_and_round_trip() {
    for &action in Action::ALL {
        assert_eq!(
            Action::from_name(action.context(), action.config_name()),
            Some(action)
        );
        assert_eq!(
            action.qualified_name(),
            format!(
                "{}.{}",
                action.context().config_name(),
                action.config_name()
            )
        );
        assert!(!action.default_keys().is_empty(), "{action:?}");
    }
}

#[test]
fn a_single_key_id_or_an_array_of_aliases() {
    let mut value = Keymap::default().to_json();
    value["main"]["confirm"] = json!("ctrl+s");
    value["main"]["toggle"] = json!(["space", "x", "x"]);
    value["main"]["changeQuestionType"] = json!([]);
    let km = Keymap::from_json(&value).unwrap();
    assert_eq!(km.keys(Action::Confirm), [key("ctrl+s")]);
    assert_eq!(km.keys(Action::Toggle), [key("space"), key("x")]);
    assert!(km.keys(Action::ChangeQuestionType).is_empty());
    assert_eq!(km.label(Action::ChangeQuestionType), "");
    assert_eq!(km.action_in(Context::Main, &key("enter")), None);
}

#[test]
fn validation_names_the_problem() {
    let err = |value: &Value| Keymap::from_json(value).unwrap_err().to_string();
    let base = Keymap::default().to_json();

    let mut v = base.clone();
    v["main"]["toggle"] = json!("enter");
    assert_eq!(
        err(&v),
        "keymap actions \"main.confirm\" and \"main.toggle\" are both bound to \"enter\"; \
         keys must differ within a context and between global and main, editor or noteEditor"
    );
    let mut v = base.clone();
    v["editor"]["close"] = json!(["esc", "ctrl+c"]);
    assert!(
        err(&v).contains("\"global.dismiss\" and \"editor.close\" are both bound to \"ctrl+c\""),
        "{}",
        err(&v)
    );
    // The same key in different contexts (other than global) is fine.
    let mut v = base.clone();
    v["editor"]["submit"] = json!("esc");
    v["editor"]["close"] = json!("enter");
    assert!(Keymap::from_json(&v).is_ok());
    let mut v = base.clone();
    v["main"]["toggle"] = json!("3");
    assert!(err(&v).starts_with("keymap action \"main.toggle\" uses the reserved key \"3\""));
    let mut v = base.clone();
    v["editor"]["submit"] = json!("@");
    assert!(err(&v).contains("\"editor.submit\" uses the reserved key \"@\""));
    let mut v = base.clone();
    v["main"]["optionNote"] = json!("@");
    assert!(Keymap::from_json(&v).is_ok(), "@ is free outside editors");
    let mut v = base.clone();
    v["main"]["toggle"] = json!("hyper+x");
    assert!(err(&v).contains("\"main.toggle\" has an invalid key \"hyper+x\""));
    let mut v = base.clone();
    v["main"]["toggle"] = json!(["space", 3]);
    assert!(err(&v).contains("\"main.toggle\" has an invalid key 3"));
    let mut v = base.clone();
    v["main"].as_object_mut().unwrap().remove("toggle");
    assert!(err(&v).contains("missing the \"main.toggle\" action"));
    let mut v = base.clone();
    v.as_object_mut().unwrap().remove("noteEditor");
    assert!(err(&v).contains("missing the \"noteEditor\" context"));
    let mut v = base.clone();
    v["global"] = json!(1);
    assert!(err(&v).contains("keymaps.global should be an object"));
    assert!(err(&json!([])).contains("found an array"));
}

#[test]
fn unknown_names_are_listed() {
    let mut v = Keymap::default().to_json();
    v["main"]["fly"] = json!("f");
    v["extra"] = json!({});
    assert_eq!(Keymap::unknown_names(&v), ["extra", "main.fly"]);
}

#[test]
fn with_rebinds_and_validates() {
    let km = Keymap::default()
        .with(Action::Confirm, &[key("ctrl+s")])
        .unwrap();
    assert_eq!(
        km.action_in(Context::Main, &key("ctrl+s")),
        Some(Action::Confirm)
    );
    assert!(km.with(Action::Toggle, &[key("ctrl+s")]).is_err());
    assert!(km.with(Action::Toggle, &[key("1")]).is_err());
    assert!(km.with(Action::Toggle, &[key("ctrl+c")]).is_err());
}

#[test]
fn reserved_keys() {
    for id in ["1", "5", "9"] {
        assert!(is_reserved(Context::Main, &key(id)), "{id}");
    }
    assert!(is_reserved(Context::Editor, &key("@")));
    assert!(!is_reserved(Context::Main, &key("@")));
    for id in ["0", "?", "tab", "left", "alt+1", "ctrl+1", "n"] {
        assert!(!is_reserved(Context::Main, &key(id)), "{id}");
    }
}
