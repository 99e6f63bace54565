//! The configurable actions, grouped by the context they apply in, with their default
//! keys, and the keys no action may take.

use crate::{Key, KeyCode, Modifiers};

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
    pub const ALL: &'static [Context] = &[
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
        Action::ALL
            .iter()
            .copied()
            .filter(move |a| a.context() == self)
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
pub(crate) const ADDED_LATER: [Action; 2] = [Action::Peek, Action::Filter];

/// One row of the action table: context, name in the file, default keys.
struct Spec(Context, &'static str, &'static str, &'static [Key]);

impl Action {
    /// Every action, in the order of the settings file (grouped by context).
    pub const ALL: &'static [Action] = &[
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

    pub(crate) fn index(self) -> usize {
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
