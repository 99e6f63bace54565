//! A keymap: the keys bound to each configurable action, read from and written as the
//! settings file's `keymaps` section, validated against reserved keys and clashes.

use serde_json::Value;

use crate::action::{ADDED_LATER, Action, Context, is_reserved};
use crate::{Key, KeymapError};

/// The bindings of every configurable action: one key or several aliases each (an empty list
/// leaves the action unbound), validated against the reserved keys and duplicates.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Keymap {
    keys: Vec<Vec<Key>>,
}

impl Default for Keymap {
    /// The defaults listed on each [`Action`].
    fn default() -> Self {
        Keymap {
            keys: Action::ALL
                .iter()
                .map(|a| a.default_keys().to_vec())
                .collect(),
        }
    }
}

impl Keymap {
    /// The keys bound to `action` (empty when unbound).
    pub fn keys(&self, action: Action) -> &[Key] {
        self.keys.get(action.index()).map_or(&[], Vec::as_slice)
    }

    /// The action `key` triggers in `context`: the context's own actions, then the `global`
    /// ones where they apply (see [`Context::includes_global`]).
    pub fn action_in(&self, context: Context, key: &Key) -> Option<Action> {
        let own = context.actions().find(|a| self.keys(*a).contains(key));
        own.or_else(|| {
            context
                .includes_global()
                .then(|| {
                    Context::Global
                        .actions()
                        .find(|a| self.keys(*a).contains(key))
                })
                .flatten()
        })
    }

    /// True when `key` triggers `action`.
    pub fn is(&self, action: Action, key: &Key) -> bool {
        self.keys(action).contains(key)
    }

    /// The human labels of the keys bound to `action`, joined with `/`, e.g. `Tab/→`; empty
    /// when unbound.
    pub fn label(&self, action: Action) -> String {
        let labels: Vec<String> = self.keys(action).iter().map(Key::label).collect();
        labels.join("/")
    }

    /// The label of the first key bound to `action`, e.g. `Tab`; empty when unbound.
    pub fn first_label(&self, action: Action) -> String {
        self.keys(action)
            .first()
            .map(Key::label)
            .unwrap_or_default()
    }

    /// A copy with `action` bound to exactly `keys`, validated like a loaded keymap.
    pub fn with(&self, action: Action, keys: &[Key]) -> Result<Keymap, KeymapError> {
        let mut next = self.clone();
        if let Some(slot) = next.keys.get_mut(action.index()) {
            *slot = dedup(keys.to_vec());
        }
        next.validate()?;
        Ok(next)
    }

    /// Reads the `keymaps` section (schema version 3): an object of contexts, each an object
    /// mapping every action name of that context to a key id or an array of key ids. Every
    /// context and action must be present (except `global.peek` and `main.filter`, added
    /// later, which keep their defaults when missing, less any key the file binds where it
    /// would clash); keys must parse, must not be reserved, and must not
    /// repeat within a context or between `global` and `main`, `editor` or `noteEditor`.
    /// Unknown names are ignored (see [`Keymap::unknown_names`]).
    pub fn from_json(value: &Value) -> Result<Keymap, KeymapError> {
        let Some(obj) = value.as_object() else {
            return Err(KeymapError::KeymapNotObject {
                found: describe_json(value),
            });
        };
        let mut keys = Vec::with_capacity(Action::ALL.len());
        let mut missing = Vec::new();
        for &action in Action::ALL {
            let context = action.context();
            let section =
                obj.get(context.config_name())
                    .ok_or_else(|| KeymapError::MissingContext {
                        context: context.config_name(),
                    })?;
            let Some(section) = section.as_object() else {
                return Err(KeymapError::ContextNotObject {
                    context: context.config_name(),
                    found: describe_json(section),
                });
            };
            let Some(raw) = section.get(action.config_name()) else {
                if ADDED_LATER.contains(&action) {
                    // Added after schema 3 shipped: files written before it keep the default.
                    missing.push(action);
                    keys.push(Vec::new());
                    continue;
                }
                return Err(KeymapError::MissingAction {
                    action: action.qualified_name(),
                    example: example(action),
                });
            };
            keys.push(parse_keys(action, raw)?);
        }
        let mut keymap = Keymap { keys };
        for action in missing {
            // A default key the file already binds where it would clash stays out.
            let free: Vec<Key> = action
                .default_keys()
                .iter()
                .filter(|k| {
                    !Action::ALL.iter().any(|other| {
                        clash(action.context(), other.context()) && keymap.keys(*other).contains(k)
                    })
                })
                .copied()
                .collect();
            if let Some(slot) = keymap.keys.get_mut(action.index()) {
                *slot = free;
            }
        }
        keymap.validate()?;
        Ok(keymap)
    }

    /// The names in a `keymaps` value that are not contexts or actions (`main.foo`,
    /// `extra`), for notices.
    pub fn unknown_names(value: &Value) -> Vec<String> {
        let mut out = Vec::new();
        let Some(obj) = value.as_object() else {
            return out;
        };
        for (name, section) in obj {
            let Some(context) = Context::ALL
                .iter()
                .copied()
                .find(|c| c.config_name() == name)
            else {
                out.push(name.clone());
                continue;
            };
            if let Some(section) = section.as_object() {
                for action in section.keys() {
                    if Action::from_name(context, action).is_none() {
                        out.push(format!("{name}.{action}"));
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// The `keymaps` section: every context with every action mapped to an array of key ids.
    /// Serializing the keymap gives the same content with contexts and actions in the
    /// documented order.
    pub fn to_json(&self) -> Value {
        let mut obj = serde_json::Map::new();
        for &context in Context::ALL {
            let mut section = serde_json::Map::new();
            for action in context.actions() {
                section.insert(action.config_name().to_owned(), self.ids(action).into());
            }
            obj.insert(context.config_name().to_owned(), Value::Object(section));
        }
        Value::Object(obj)
    }

    /// The key ids bound to `action`, in canonical notation.
    fn ids(&self, action: Action) -> Vec<String> {
        self.keys(action).iter().map(Key::to_string).collect()
    }

    fn validate(&self) -> Result<(), KeymapError> {
        for &action in Action::ALL {
            for key in self.keys(action) {
                if is_reserved(action.context(), key) {
                    return Err(KeymapError::ReservedKey {
                        action: action.qualified_name(),
                        key: key.to_string(),
                    });
                }
            }
        }
        for (i, first) in Action::ALL.iter().enumerate() {
            for second in Action::ALL.iter().skip(i + 1) {
                if !clash(first.context(), second.context()) {
                    continue;
                }
                if let Some(key) = self
                    .keys(*first)
                    .iter()
                    .find(|k| self.keys(*second).contains(k))
                {
                    return Err(KeymapError::DuplicateKey {
                        key: key.to_string(),
                        first: first.qualified_name(),
                        second: second.qualified_name(),
                    });
                }
            }
        }
        Ok(())
    }
}

/// Whether bindings in these two contexts may not share a key.
fn clash(a: Context, b: Context) -> bool {
    a == b
        || (a == Context::Global && b.includes_global())
        || (b == Context::Global && a.includes_global())
}

fn dedup(keys: Vec<Key>) -> Vec<Key> {
    let mut out: Vec<Key> = Vec::with_capacity(keys.len());
    for key in keys {
        if !out.contains(&key) {
            out.push(key);
        }
    }
    out
}

fn example(action: Action) -> String {
    action
        .default_keys()
        .first()
        .map_or_else(|| "ctrl+x".to_owned(), ToString::to_string)
}

fn parse_keys(action: Action, raw: &Value) -> Result<Vec<Key>, KeymapError> {
    let items: Vec<&Value> = match raw {
        Value::Array(items) => items.iter().collect(),
        one => vec![one],
    };
    let mut keys = Vec::with_capacity(items.len());
    for item in items {
        let Some(text) = item.as_str() else {
            return Err(KeymapError::InvalidActionKey {
                action: action.qualified_name(),
                input: item.to_string(),
                reason: format!(
                    "expected a key id string such as {:?} or an array of them",
                    example(action)
                ),
            });
        };
        let key = text
            .parse::<Key>()
            .map_err(|err| KeymapError::InvalidActionKey {
                action: action.qualified_name(),
                input: format!("{text:?}"),
                reason: match err {
                    KeymapError::InvalidKey { reason, .. } => reason,
                    other => other.to_string(),
                },
            })?;
        keys.push(key);
    }
    Ok(dedup(keys))
}

/// A short description of a JSON value for messages about the settings file: its type,
/// plus the value when it is short (`the string "x"`, `the number 3`, `an array`). The
/// keymaps and every other section of the file (ask-settings) say it the same way.
///
/// ```
/// assert_eq!(ask_keymap::describe_json(&serde_json::json!("x")), "the string \"x\"");
/// assert_eq!(ask_keymap::describe_json(&serde_json::json!([1])), "an array");
/// ```
pub fn describe_json(value: &Value) -> String {
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
mod tests;

/// With serde a keymap is the `keymaps` section of the settings file (one object per
/// context, each action a key id or an array of aliases), validated when deserialized
/// exactly like [`Keymap::from_json`].
impl serde::Serialize for Keymap {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        /// One context's actions, in the documented order.
        struct Section<'a>(&'a Keymap, Context);
        impl serde::Serialize for Section<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut map = serializer.serialize_map(None)?;
                for action in self.1.actions() {
                    map.serialize_entry(action.config_name(), &self.0.ids(action))?;
                }
                map.end()
            }
        }
        let mut map = serializer.serialize_map(Some(Context::ALL.len()))?;
        for &context in Context::ALL {
            map.serialize_entry(context.config_name(), &Section(self, context))?;
        }
        map.end()
    }
}

impl<'de> serde::Deserialize<'de> for Keymap {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Keymap::from_json(&value).map_err(serde::de::Error::custom)
    }
}
