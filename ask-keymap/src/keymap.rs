//! The configurable actions, grouped by the context they apply in, and their bindings.

use serde_json::Value;

use crate::doc::{Node, Obj};
use crate::{Key, KeyCode, KeymapError, Modifiers};

/// Where an action applies: the part of the UI that has the keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Context {
    /// Everywhere except the settings overlay (on the question and review tabs and in editors).
    Global,
    /// The question and review tabs, when no editor is open.
    Main,
    /// The "Type your own" (free-form answer) editor.
    Editor,
    /// The question-note and option-note editors.
    NoteEditor,
    /// The settings overlay.
    SettingsModal,
}

impl Context {
    /// Every context, in the order of the settings file.
    pub const ALL: [Context; 5] = [
        Context::Global,
        Context::Main,
        Context::Editor,
        Context::NoteEditor,
        Context::SettingsModal,
    ];

    /// The context's name in the `keymaps` section of the settings file.
    pub const fn config_name(self) -> &'static str {
        match self {
            Context::Global => "global",
            Context::Main => "main",
            Context::Editor => "editor",
            Context::NoteEditor => "noteEditor",
            Context::SettingsModal => "settingsModal",
        }
    }

    /// The actions of this context, in the order of the settings file.
    pub fn actions(self) -> impl Iterator<Item = Action> {
        Action::ALL.into_iter().filter(move |a| a.context() == self)
    }

    /// True when the `global` actions also apply in this context.
    pub const fn includes_global(self) -> bool {
        matches!(self, Context::Main | Context::Editor | Context::NoteEditor)
    }
}

/// A configurable action. Each belongs to one [`Context`]; its settings-file name is
/// `<context>.<name>`, e.g. `main.confirm`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Action {
    /// `global.dismiss`: end the whole flow at once (default `ctrl+c`).
    Dismiss,
    /// `global.settings`: open the settings overlay (default `?`; in an editor only while it is empty).
    Settings,
    /// `global.peek`: fold the form to one status line to read the conversation above it, and
    /// back (default `alt+o`). The terminal front end handles it, not the flow.
    Peek,
    /// `main.confirm`: select and advance, open the custom editor, or trigger a review action (default `enter`).
    Confirm,
    /// `main.cancel`: cancel the flow (default `esc`).
    Cancel,
    /// `main.toggle`: toggle the option under the cursor (default `space`).
    Toggle,
    /// `main.changeQuestionType`: switch the question between single/preview and multi (default `t`).
    ChangeQuestionType,
    /// `main.nextTab` (default `tab`, `right`).
    NextTab,
    /// `main.previousTab` (default `shift+tab`, `left`).
    PreviousTab,
    /// `main.nextOption` (default `down`).
    NextOption,
    /// `main.previousOption` (default `up`).
    PreviousOption,
    /// `main.optionNote`: edit the note of the option under the cursor (default `n`).
    OptionNote,
    /// `main.questionNote`: edit the note of the current question (default `shift+n`).
    QuestionNote,
    /// `main.filter`: open the type-to-filter line on a question's options (default `/`).
    /// While it is open, keys that type text go into the filter.
    Filter,
    /// `editor.submit`: commit the text as the free-form answer and advance (default `enter`).
    EditorSubmit,
    /// `editor.close`: commit the text and close the editor without advancing (default `esc`).
    EditorClose,
    /// `editor.nextTabWhenEmpty` (default `tab`, `right`).
    EditorNextTab,
    /// `editor.previousTabWhenEmpty` (default `shift+tab`, `left`).
    EditorPreviousTab,
    /// `editor.nextOptionWhenEmpty` (default `down`).
    EditorNextOption,
    /// `editor.previousOptionWhenEmpty` (default `up`).
    EditorPreviousOption,
    /// `noteEditor.save`: save the note and close the editor (default `enter`).
    NoteSave,
    /// `noteEditor.close`: save the note and close the editor (default `esc`).
    NoteClose,
    /// `noteEditor.nextTabWhenEmpty` (default `tab`, `right`).
    NoteNextTab,
    /// `noteEditor.previousTabWhenEmpty` (default `shift+tab`, `left`).
    NotePreviousTab,
    /// `noteEditor.nextOptionWhenEmpty` (default `down`).
    NoteNextOption,
    /// `noteEditor.previousOptionWhenEmpty` (default `up`).
    NotePreviousOption,
    /// `settingsModal.close` (default `esc`, `ctrl+c`, `?`).
    SettingsClose,
    /// `settingsModal.nextOption` (default `down`).
    SettingsNext,
    /// `settingsModal.previousOption` (default `up`).
    SettingsPrevious,
    /// `settingsModal.toggle`: flip the row under the cursor (default `enter`, `space`).
    SettingsToggle,
}

const ENTER: Key = Key::plain(KeyCode::Enter);
const ESC: Key = Key::plain(KeyCode::Esc);
const SPACE: Key = Key::plain(KeyCode::Space);
const TAB: Key = Key::plain(KeyCode::Tab);
const SHIFT_TAB: Key = Key::new(KeyCode::Tab, Modifiers::SHIFT);
const LEFT: Key = Key::plain(KeyCode::Left);
const RIGHT: Key = Key::plain(KeyCode::Right);
const UP: Key = Key::plain(KeyCode::Up);
const DOWN: Key = Key::plain(KeyCode::Down);
const CTRL_C: Key = Key::ctrl('c');
const QUESTION: Key = Key::char('?');
const T: Key = Key::char('t');
const N: Key = Key::char('n');
const SHIFT_N: Key = Key::new(KeyCode::Char('n'), Modifiers::SHIFT);
const ALT_O: Key = Key::new(KeyCode::Char('o'), Modifiers::ALT);
const SLASH: Key = Key::char('/');

/// Actions added after schema version 3 shipped: a file without them keeps their defaults
/// (minus any key the file already uses where it would clash).
const ADDED_LATER: [Action; 2] = [Action::Peek, Action::Filter];

/// One row of the action table: context, name in the file, default keys.
struct Spec(Context, &'static str, &'static str, &'static [Key]);

impl Action {
    /// Every action, in the order of the settings file (grouped by context).
    pub const ALL: [Action; 30] = [
        Action::Dismiss,
        Action::Settings,
        Action::Peek,
        Action::Confirm,
        Action::Cancel,
        Action::Toggle,
        Action::ChangeQuestionType,
        Action::NextTab,
        Action::PreviousTab,
        Action::NextOption,
        Action::PreviousOption,
        Action::OptionNote,
        Action::QuestionNote,
        Action::Filter,
        Action::EditorSubmit,
        Action::EditorClose,
        Action::EditorNextTab,
        Action::EditorPreviousTab,
        Action::EditorNextOption,
        Action::EditorPreviousOption,
        Action::NoteSave,
        Action::NoteClose,
        Action::NoteNextTab,
        Action::NotePreviousTab,
        Action::NoteNextOption,
        Action::NotePreviousOption,
        Action::SettingsClose,
        Action::SettingsNext,
        Action::SettingsPrevious,
        Action::SettingsToggle,
    ];

    #[allow(clippy::enum_glob_use)]
    const fn spec(self) -> Spec {
        use Action::*;
        use Context as C;
        match self {
            Dismiss => Spec(C::Global, "dismiss", "global.dismiss", &[CTRL_C]),
            Settings => Spec(C::Global, "settings", "global.settings", &[QUESTION]),
            Peek => Spec(C::Global, "peek", "global.peek", &[ALT_O]),
            Confirm => Spec(C::Main, "confirm", "main.confirm", &[ENTER]),
            Cancel => Spec(C::Main, "cancel", "main.cancel", &[ESC]),
            Toggle => Spec(C::Main, "toggle", "main.toggle", &[SPACE]),
            ChangeQuestionType => Spec(
                C::Main,
                "changeQuestionType",
                "main.changeQuestionType",
                &[T],
            ),
            NextTab => Spec(C::Main, "nextTab", "main.nextTab", &[TAB, RIGHT]),
            PreviousTab => Spec(
                C::Main,
                "previousTab",
                "main.previousTab",
                &[SHIFT_TAB, LEFT],
            ),
            NextOption => Spec(C::Main, "nextOption", "main.nextOption", &[DOWN]),
            PreviousOption => Spec(C::Main, "previousOption", "main.previousOption", &[UP]),
            OptionNote => Spec(C::Main, "optionNote", "main.optionNote", &[N]),
            QuestionNote => Spec(C::Main, "questionNote", "main.questionNote", &[SHIFT_N]),
            Filter => Spec(C::Main, "filter", "main.filter", &[SLASH]),
            EditorSubmit => Spec(C::Editor, "submit", "editor.submit", &[ENTER]),
            EditorClose => Spec(C::Editor, "close", "editor.close", &[ESC]),
            EditorNextTab => Spec(
                C::Editor,
                "nextTabWhenEmpty",
                "editor.nextTabWhenEmpty",
                &[TAB, RIGHT],
            ),
            EditorPreviousTab => Spec(
                C::Editor,
                "previousTabWhenEmpty",
                "editor.previousTabWhenEmpty",
                &[SHIFT_TAB, LEFT],
            ),
            EditorNextOption => Spec(
                C::Editor,
                "nextOptionWhenEmpty",
                "editor.nextOptionWhenEmpty",
                &[DOWN],
            ),
            EditorPreviousOption => Spec(
                C::Editor,
                "previousOptionWhenEmpty",
                "editor.previousOptionWhenEmpty",
                &[UP],
            ),
            NoteSave => Spec(C::NoteEditor, "save", "noteEditor.save", &[ENTER]),
            NoteClose => Spec(C::NoteEditor, "close", "noteEditor.close", &[ESC]),
            NoteNextTab => Spec(
                C::NoteEditor,
                "nextTabWhenEmpty",
                "noteEditor.nextTabWhenEmpty",
                &[TAB, RIGHT],
            ),
            NotePreviousTab => Spec(
                C::NoteEditor,
                "previousTabWhenEmpty",
                "noteEditor.previousTabWhenEmpty",
                &[SHIFT_TAB, LEFT],
            ),
            NoteNextOption => Spec(
                C::NoteEditor,
                "nextOptionWhenEmpty",
                "noteEditor.nextOptionWhenEmpty",
                &[DOWN],
            ),
            NotePreviousOption => Spec(
                C::NoteEditor,
                "previousOptionWhenEmpty",
                "noteEditor.previousOptionWhenEmpty",
                &[UP],
            ),
            SettingsClose => Spec(
                C::SettingsModal,
                "close",
                "settingsModal.close",
                &[ESC, CTRL_C, QUESTION],
            ),
            SettingsNext => Spec(
                C::SettingsModal,
                "nextOption",
                "settingsModal.nextOption",
                &[DOWN],
            ),
            SettingsPrevious => Spec(
                C::SettingsModal,
                "previousOption",
                "settingsModal.previousOption",
                &[UP],
            ),
            SettingsToggle => Spec(
                C::SettingsModal,
                "toggle",
                "settingsModal.toggle",
                &[ENTER, SPACE],
            ),
        }
    }

    /// The context the action belongs to.
    pub const fn context(self) -> Context {
        self.spec().0
    }

    /// The action's name inside its context in the settings file, e.g. `confirm`.
    pub const fn config_name(self) -> &'static str {
        self.spec().1
    }

    /// The qualified name, e.g. `main.confirm`.
    pub const fn qualified_name(self) -> &'static str {
        self.spec().2
    }

    /// The keys bound to the action by default.
    pub const fn default_keys(self) -> &'static [Key] {
        self.spec().3
    }

    /// The action called `name` in `context`.
    pub fn from_name(context: Context, name: &str) -> Option<Action> {
        context.actions().find(|a| a.config_name() == name)
    }

    fn index(self) -> usize {
        Action::ALL.iter().position(|a| *a == self).unwrap_or(0)
    }
}

/// True for keys no action may be bound to in `context`: `1`..`9` everywhere (they pick
/// options and review actions), and `@` in the editors (it opens file completion).
pub fn is_reserved(context: Context, key: &Key) -> bool {
    let KeyCode::Char(c) = key.code() else {
        return false;
    };
    let plain = key.mods().is_empty() || key.mods() == Modifiers::SHIFT;
    plain
        && (('1'..='9').contains(&c)
            || (c == '@' && matches!(context, Context::Editor | Context::NoteEditor)))
}

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
                found: describe(value),
            });
        };
        let mut keys = Vec::with_capacity(Action::ALL.len());
        let mut missing = Vec::new();
        for action in Action::ALL {
            let context = action.context();
            let section =
                obj.get(context.config_name())
                    .ok_or_else(|| KeymapError::MissingContext {
                        context: context.config_name(),
                    })?;
            let Some(section) = section.as_object() else {
                return Err(KeymapError::ContextNotObject {
                    context: context.config_name(),
                    found: describe(section),
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
            let Some(context) = Context::ALL.into_iter().find(|c| c.config_name() == name) else {
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
        self.to_node().to_value()
    }

    /// The `keymaps` section in the order the settings file is written.
    pub(crate) fn to_node(&self) -> Node {
        let mut obj = Obj::new();
        for context in Context::ALL {
            let mut section = Obj::new();
            for action in context.actions() {
                let ids: Vec<Node> = self
                    .keys(action)
                    .iter()
                    .map(|k| Node::String(k.to_string()))
                    .collect();
                section.insert(action.config_name().to_owned(), Node::Array(ids));
            }
            obj.insert(context.config_name().to_owned(), Node::Object(section));
        }
        Node::Object(obj)
    }

    fn validate(&self) -> Result<(), KeymapError> {
        for action in Action::ALL {
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
mod tests;

/// With serde a keymap is the `keymaps` section of the settings file (one object per
/// context, each action a key id or an array of aliases), validated when deserialized
/// exactly like [`Keymap::from_json`].
impl serde::Serialize for Keymap {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_node().serialize(serializer)
    }
}

impl<'de> serde::Deserialize<'de> for Keymap {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        Keymap::from_json(&value).map_err(serde::de::Error::custom)
    }
}
