//! The seven configurable actions, their bindings and the reserved keys.

use serde_json::{Map, Value};

use crate::{Key, KeyCode, KeymapError, Modifiers};

/// A configurable action of the ask flow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Close the editor keeping the draft; outside editors, cancel the flow (default `esc`).
    Cancel,
    /// End the whole flow at once (default `ctrl+c`).
    Dismiss,
    /// Toggle the option under the cursor (default `space`).
    Toggle,
    /// Confirm, select and advance, or save the editor (default `enter`).
    Confirm,
    /// Edit the note of the option under the cursor (default `n`).
    OptionNote,
    /// Edit the note of the current question (default `shift+n`).
    QuestionNote,
    /// Fold the form to one status line to read the conversation above it, and
    /// back (default `alt+o`). The terminal front end handles it, not the flow.
    Peek,
}

impl Action {
    /// Every action, in the order of the settings file.
    pub const ALL: [Action; 7] = [
        Action::Cancel,
        Action::Dismiss,
        Action::Toggle,
        Action::Confirm,
        Action::OptionNote,
        Action::QuestionNote,
        Action::Peek,
    ];

    /// The action's name in the `keymaps` section of the settings file.
    pub const fn config_name(self) -> &'static str {
        match self {
            Action::Cancel => "cancel",
            Action::Dismiss => "dismiss",
            Action::Toggle => "toggle",
            Action::Confirm => "confirm",
            Action::OptionNote => "optionNote",
            Action::QuestionNote => "questionNote",
            Action::Peek => "peek",
        }
    }

    /// The key bound to the action by default.
    pub const fn default_key(self) -> Key {
        match self {
            Action::Cancel => Key::plain(KeyCode::Esc),
            Action::Dismiss => Key::ctrl('c'),
            Action::Toggle => Key::plain(KeyCode::Space),
            Action::Confirm => Key::plain(KeyCode::Enter),
            Action::OptionNote => Key::char('n'),
            Action::QuestionNote => Key::new(KeyCode::Char('n'), Modifiers::SHIFT),
            Action::Peek => Key::new(KeyCode::Char('o'), Modifiers::ALT),
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// True for the keys with a fixed meaning that no action may be bound to:
/// `?`, `tab`, `shift+tab`, `left`, `right`, `up`, `down` and `1`..`9`.
pub fn is_reserved(key: &Key) -> bool {
    let plain = key.mods.is_empty();
    match key.code {
        KeyCode::Tab => plain || key.mods == Modifiers::SHIFT,
        KeyCode::Left | KeyCode::Right | KeyCode::Up | KeyCode::Down => plain,
        KeyCode::Char(c) => plain && (c == '?' || ('1'..='9').contains(&c)),
        _ => false,
    }
}

/// The bindings of the seven configurable actions: one key each, all distinct, none reserved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Keymap {
    keys: [Key; 7],
}

impl Default for Keymap {
    /// `esc`, `ctrl+c`, `space`, `enter`, `n`, `shift+n`, `alt+o`.
    fn default() -> Self {
        Keymap {
            keys: Action::ALL.map(Action::default_key),
        }
    }
}

impl Keymap {
    /// The key bound to `action`.
    pub fn key(&self, action: Action) -> Key {
        self.keys[action.index()]
    }

    /// The action bound to `key`, if any.
    pub fn action_for(&self, key: &Key) -> Option<Action> {
        Action::ALL.into_iter().find(|a| self.key(*a) == *key)
    }

    /// The human label of the key bound to `action`, e.g. `Esc` or `Ctrl+C`.
    pub fn label(&self, action: Action) -> String {
        self.key(action).label()
    }

    /// A copy with `action` bound to `key`, validated like a loaded keymap.
    pub fn with(&self, action: Action, key: Key) -> Result<Keymap, KeymapError> {
        let mut next = self.clone();
        next.keys[action.index()] = key;
        next.validate()?;
        Ok(next)
    }

    /// Reads the `keymaps` section: an object mapping each action name to a key id string.
    /// The six actions of the first keymap must be present; `peek` (added later) may be
    /// missing and then keeps its default. Every key must parse, none may be reserved,
    /// all must be distinct. Unknown action names are ignored.
    pub fn from_json(value: &Value) -> Result<Keymap, KeymapError> {
        let Some(obj) = value.as_object() else {
            return Err(KeymapError::KeymapNotObject {
                found: describe(value),
            });
        };
        let mut keys = Action::ALL.map(Action::default_key);
        for action in Action::ALL {
            let name = action.config_name();
            let Some(raw) = obj.get(name) else {
                if action == Action::Peek {
                    continue;
                }
                return Err(KeymapError::MissingAction {
                    action: name,
                    example: action.default_key().to_string(),
                });
            };
            let Some(text) = raw.as_str() else {
                return Err(KeymapError::InvalidActionKey {
                    action: name,
                    input: raw.to_string(),
                    reason: format!(
                        "expected a key id string such as {:?}",
                        action.default_key().to_string()
                    ),
                });
            };
            let key = text
                .parse::<Key>()
                .map_err(|err| KeymapError::InvalidActionKey {
                    action: name,
                    input: format!("{text:?}"),
                    reason: match err {
                        KeymapError::InvalidKey { reason, .. } => reason,
                        other => other.to_string(),
                    },
                })?;
            keys[action.index()] = key;
        }
        let keymap = Keymap { keys };
        keymap.validate()?;
        Ok(keymap)
    }

    /// The `keymaps` section: each action name mapped to its canonical key id.
    pub fn to_json(&self) -> Value {
        let mut obj = Map::new();
        for action in Action::ALL {
            obj.insert(
                action.config_name().to_owned(),
                Value::String(self.key(action).to_string()),
            );
        }
        Value::Object(obj)
    }

    fn validate(&self) -> Result<(), KeymapError> {
        for action in Action::ALL {
            let key = self.key(action);
            if is_reserved(&key) {
                return Err(KeymapError::ReservedKey {
                    action: action.config_name(),
                    key: key.to_string(),
                });
            }
        }
        for (i, first) in Action::ALL.iter().enumerate() {
            for second in Action::ALL.iter().skip(i + 1) {
                if self.key(*first) == self.key(*second) {
                    return Err(KeymapError::DuplicateKey {
                        key: self.key(*first).to_string(),
                        first: first.config_name(),
                        second: second.config_name(),
                    });
                }
            }
        }
        Ok(())
    }
}

/// A short description of a JSON value for messages: its type, plus the value when it is short.
pub(crate) fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) if s.chars().count() <= 40 => format!("the string {s:?}"),
        Value::String(_) => "a string".to_owned(),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_and_lookup() {
        let km = Keymap::default();
        assert_eq!(km.key(Action::Confirm), Key::plain(KeyCode::Enter));
        assert_eq!(km.action_for(&Key::ctrl('c')), Some(Action::Dismiss));
        assert_eq!(km.action_for(&Key::char('N')), Some(Action::QuestionNote));
        assert_eq!(km.action_for(&Key::char('x')), None);
        let labels: Vec<String> = Action::ALL.iter().map(|a| km.label(*a)).collect();
        assert_eq!(
            labels,
            ["Esc", "Ctrl+C", "Space", "Enter", "n", "Shift+N", "Alt+O"]
        );
        assert_eq!(
            km.to_json(),
            json!({"cancel": "esc", "dismiss": "ctrl+c", "toggle": "space",
                   "confirm": "enter", "optionNote": "n", "questionNote": "shift+n",
                   "peek": "alt+o"})
        );
        assert_eq!(Keymap::from_json(&km.to_json()).unwrap(), km);
    }

    #[test]
    fn peek_may_be_missing_from_older_files_but_is_validated_like_the_rest() {
        let mut value = Keymap::default().to_json();
        value.as_object_mut().unwrap().remove("peek");
        let km = Keymap::from_json(&value).unwrap();
        assert_eq!(km.key(Action::Peek), "alt+o".parse().unwrap());
        value["peek"] = json!("ctrl+o");
        let km = Keymap::from_json(&value).unwrap();
        assert_eq!(km.action_for(&Key::ctrl('o')), Some(Action::Peek));
        value["peek"] = json!("n");
        let err = Keymap::from_json(&value).unwrap_err().to_string();
        assert!(err.contains("\"optionNote\" and \"peek\""), "{err}");
        value["peek"] = json!("down");
        let err = Keymap::from_json(&value).unwrap_err().to_string();
        assert!(err.contains("\"peek\" uses the reserved key"), "{err}");
    }

    #[test]
    fn reserved_keys() {
        for id in [
            "?",
            "tab",
            "shift+tab",
            "left",
            "right",
            "up",
            "down",
            "1",
            "5",
            "9",
        ] {
            assert!(is_reserved(&id.parse().unwrap()), "{id}");
        }
        for id in ["0", "ctrl+up", "shift+/", "alt+1", "n", "enter", "ctrl+tab"] {
            assert!(!is_reserved(&id.parse().unwrap()), "{id}");
        }
    }

    #[test]
    fn validation_names_action_and_key() {
        let mut value = Keymap::default().to_json();
        value["toggle"] = json!("Enter");
        let err = Keymap::from_json(&value).unwrap_err().to_string();
        assert_eq!(
            err,
            "keymap actions \"toggle\" and \"confirm\" are both bound to \"enter\"; each action needs its own key"
        );
        value["toggle"] = json!("tab");
        let err = Keymap::from_json(&value).unwrap_err().to_string();
        assert!(
            err.starts_with("keymap action \"toggle\" uses the reserved key \"tab\""),
            "{err}"
        );
        value["toggle"] = json!("hyper+x");
        let err = Keymap::from_json(&value).unwrap_err().to_string();
        assert!(
            err.contains("\"toggle\"") && err.contains("\"hyper+x\""),
            "{err}"
        );
        value["toggle"] = json!(3);
        let err = Keymap::from_json(&value).unwrap_err().to_string();
        assert!(err.contains("\"toggle\" has an invalid key 3"), "{err}");
        value.as_object_mut().unwrap().remove("toggle");
        let err = Keymap::from_json(&value).unwrap_err().to_string();
        assert!(err.contains("missing the \"toggle\" action"), "{err}");
        let err = Keymap::from_json(&json!([])).unwrap_err().to_string();
        assert!(err.contains("found an array"), "{err}");
    }

    #[test]
    fn with_rebinds_and_validates() {
        let km = Keymap::default()
            .with(Action::Confirm, Key::ctrl('s'))
            .unwrap();
        assert_eq!(km.action_for(&Key::ctrl('s')), Some(Action::Confirm));
        assert_eq!(km.action_for(&Key::plain(KeyCode::Enter)), None);
        assert!(km.with(Action::Toggle, Key::ctrl('s')).is_err());
        assert!(km.with(Action::Toggle, Key::char('?')).is_err());
    }
}
