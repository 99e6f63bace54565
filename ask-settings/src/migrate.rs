//! Schema migrations of the settings file: version 1 to 2 (the `answer` section), version 2
//! to 3 (context keymaps and notifications), and the shared conversion of flat six-action
//! keymaps into contexts that the pi-ask import also uses.

#[cfg(test)]
use ask_keymap::Keymap;
use ask_keymap::{Action, Context, Key};

use crate::config::answer_to_json;
use crate::doc::{Node, Obj};
use crate::schema::{AnswerSettings, Notifications};

/// Version 2 added the `answer` section.
pub(crate) fn v1_to_v2(old: Obj) -> Obj {
    let mut doc = Obj::new();
    doc.insert("schemaVersion".to_owned(), Node::from(2));
    let answer = old
        .get("answer")
        .cloned()
        .unwrap_or_else(|| answer_to_json(&AnswerSettings::default()));
    doc.insert("answer".to_owned(), answer);
    for (k, v) in old {
        if k != "schemaVersion" && k != "answer" {
            doc.insert(k, v);
        }
    }
    doc
}

/// Version 3 turned the flat keymap into contexts and added `notifications`. Every other
/// field is kept as it was.
pub(crate) fn v2_to_v3(mut doc: Obj) -> Obj {
    doc.insert("schemaVersion".to_owned(), Node::from(3));
    if let Some(Node::Object(flat)) = doc.get("keymaps") {
        let contexts = flat_to_contexts(flat);
        doc.insert("keymaps".to_owned(), contexts);
    }
    if !doc.contains_key("notifications") {
        doc.insert(
            "notifications".to_owned(),
            Notifications::default().to_node(),
        );
    }
    doc
}

/// Where each flat (version 2) action goes in the context keymap.
const FLAT_TARGETS: [(&str, &[Action]); 6] = [
    ("dismiss", &[Action::Dismiss]),
    (
        "confirm",
        &[Action::Confirm, Action::EditorSubmit, Action::NoteSave],
    ),
    (
        "cancel",
        &[Action::Cancel, Action::EditorClose, Action::NoteClose],
    ),
    ("toggle", &[Action::Toggle]),
    ("optionNote", &[Action::OptionNote]),
    ("questionNote", &[Action::QuestionNote]),
];

/// Converts a flat six-action keymap (`{"confirm": "enter", ...}`) into the context keymap:
/// `dismiss` -> `global.dismiss`; `confirm` -> `main.confirm`, `editor.submit`,
/// `noteEditor.save`; `cancel` -> `main.cancel`, `editor.close`, `noteEditor.close`;
/// `toggle`, `optionNote`, `questionNote` -> `main.*`; every other action gets its default.
/// The user's values are copied verbatim (validation happens when the keymap is read); a
/// default key that one of them now uses is left out of the new action, so custom bindings
/// never make the migrated keymap invalid.
pub(crate) fn flat_to_contexts(flat: &Obj) -> Node {
    let mut custom: Vec<(Action, Node)> = Vec::new();
    for (name, targets) in FLAT_TARGETS {
        if let Some(value) = flat.get(name) {
            for action in targets {
                custom.push((*action, value.clone()));
            }
        }
    }
    fill_contexts(&custom)
}

/// Reads a context keymap, keeping the given actions' values verbatim and giving every
/// action that is absent its default keys minus those a kept value uses in a context that
/// clashes with it.
pub(crate) fn complete_contexts(value: &Obj) -> Node {
    let mut custom: Vec<(Action, Node)> = Vec::new();
    for &action in Action::ALL {
        let found = value
            .get(action.context().config_name())
            .and_then(Node::as_object)
            .and_then(|section| section.get(action.config_name()));
        if let Some(v) = found {
            custom.push((action, v.clone()));
        }
    }
    fill_contexts(&custom)
}

fn fill_contexts(custom: &[(Action, Node)]) -> Node {
    let used = |context: Context| -> Vec<Key> {
        custom
            .iter()
            .filter(|(a, _)| clashes(a.context(), context))
            .flat_map(|(_, v)| keys_of(v))
            .collect()
    };
    let mut out = Obj::new();
    for &context in Context::ALL {
        let taken = used(context);
        let mut section = Obj::new();
        for action in context.actions() {
            let value = if let Some((_, v)) = custom.iter().find(|(a, _)| *a == action) {
                v.clone()
            } else {
                let keys: Vec<Node> = action
                    .default_keys()
                    .iter()
                    .filter(|k| !taken.contains(k))
                    .map(|k| Node::String(k.to_string()))
                    .collect();
                Node::Array(keys)
            };
            section.insert(action.config_name().to_owned(), value);
        }
        out.insert(context.config_name().to_owned(), Node::Object(section));
    }
    Node::Object(out)
}

fn clashes(a: Context, b: Context) -> bool {
    a == b
        || (a == Context::Global && b.includes_global())
        || (b == Context::Global && a.includes_global())
}

fn keys_of(value: &Node) -> Vec<Key> {
    match value {
        Node::String(s) => s.parse().ok().into_iter().collect(),
        Node::Array(items) => items
            .iter()
            .filter_map(|item| match item {
                Node::String(s) => s.parse().ok(),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn v2_keymap_spreads_into_contexts() {
        let flat = json!({"cancel": "q", "dismiss": "ctrl+d", "toggle": "t",
                          "confirm": "ctrl+s", "optionNote": "o", "questionNote": "shift+o"});
        let Node::Object(flat) = Node::from(flat) else {
            unreachable!()
        };
        let v: Value = flat_to_contexts(&flat).to_value();
        assert_eq!(v["global"]["dismiss"], "ctrl+d");
        assert_eq!(v["global"]["settings"], json!(["?"]));
        for (ctx, name) in [
            ("main", "confirm"),
            ("editor", "submit"),
            ("noteEditor", "save"),
        ] {
            assert_eq!(v[ctx][name], "ctrl+s", "{ctx}.{name}");
        }
        for ctx in ["editor", "noteEditor"] {
            assert_eq!(v[ctx]["close"], "q");
        }
        assert_eq!(v["main"]["cancel"], "q");
        assert_eq!(v["main"]["toggle"], "t");
        // `t` was the user's toggle, so the new action does not get it.
        assert_eq!(v["main"]["changeQuestionType"], json!([]));
        assert_eq!(v["main"]["nextTab"], json!(["tab", "right"]));
        let keymap = Keymap::from_json(&v).unwrap();
        assert_eq!(keymap.keys(Action::Toggle), [Key::char('t')]);
    }
}
