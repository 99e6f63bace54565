//! Key resolution: a key in its context becomes a [`Command`].

use ask_keymap::{Action, Context, Key, KeyCode, Modifiers};

use crate::command::Command;
use crate::flow::{EditorTarget, Flow, Tab};
use crate::text_buffer::EditCommand;

fn digit(key: Key) -> Option<u8> {
    match key.code() {
        KeyCode::Char(c @ '1'..='9') if key.mods().is_empty() => c.to_digit(10).map(|d| d as u8),
        _ => None,
    }
}

impl Flow {
    /// The keymap context that has the keyboard now.
    pub fn key_context(&self) -> Context {
        if self.settings_cursor.is_some() {
            return Context::SettingsModal;
        }
        match self.editor.as_ref().map(|e| e.target) {
            Some(EditorTarget::Custom) => Context::Editor,
            Some(_) => Context::NoteEditor,
            None => Context::Main,
        }
    }

    /// Resolves a key in the current context (settings overlay, editor with or
    /// without text, completion list, review tab, question tab) to a command,
    /// through the context keymaps. Only `1`..`9` (outside editors), `@` completion
    /// keys and `PgUp`/`PgDn` on previews are fixed.
    pub fn handle_key(&self, key: Key) -> Command {
        let context = self.key_context();
        let action = self.keymap.action_in(context, &key);
        match context {
            Context::SettingsModal => match key.code() {
                KeyCode::PageUp => Command::ScrollSettings(-10),
                KeyCode::PageDown => Command::ScrollSettings(10),
                _ => Self::settings_key(action),
            },
            Context::Editor | Context::NoteEditor => self.editor_key(key, action),
            _ => self.main_key(key, action),
        }
    }

    fn main_key(&self, key: Key, action: Option<Action>) -> Command {
        if let Some(command) = self.filter_key(key, action) {
            return command;
        }
        if let Some(command) = self.confirm_key(key) {
            return command;
        }
        let on_question = matches!(self.tab, Tab::Question(_));
        match action {
            Some(Action::Dismiss) => return Command::Dismiss,
            Some(Action::Settings) => return Command::OpenSettings,
            Some(Action::Cancel) => return Command::Cancel,
            Some(Action::NextTab) => return Command::NextTab,
            Some(Action::PreviousTab) => return Command::PrevTab,
            Some(Action::NextOption) => return Command::MoveCursor(1),
            Some(Action::PreviousOption) => return Command::MoveCursor(-1),
            Some(Action::Confirm) => return Command::Confirm,
            Some(Action::Toggle) if on_question => return Command::Toggle,
            Some(Action::OptionNote) if on_question => return Command::OpenOptionNote,
            Some(Action::QuestionNote) if on_question => return Command::OpenQuestionNote,
            Some(Action::ChangeQuestionType) if on_question => {
                return Command::ChangeQuestionType;
            }
            Some(Action::Filter) if on_question => return Command::OpenFilter,
            _ => {}
        }
        if let Some(d) = digit(key) {
            return Command::Digit(d);
        }
        match (on_question, key.code()) {
            (true, KeyCode::PageUp) => Command::ScrollPreview(-10),
            (true, KeyCode::PageDown) => Command::ScrollPreview(10),
            (false, KeyCode::PageUp) => Command::ScrollReview(-10),
            (false, KeyCode::PageDown) => Command::ScrollReview(10),
            _ => Command::Noop,
        }
    }

    fn settings_key(action: Option<Action>) -> Command {
        match action {
            Some(Action::SettingsClose) => Command::CloseSettings,
            Some(Action::SettingsNext) => Command::SettingsMove(1),
            Some(Action::SettingsPrevious) => Command::SettingsMove(-1),
            Some(Action::SettingsToggle) => Command::SettingsToggle,
            _ => Command::Noop,
        }
    }

    fn editor_key(&self, key: Key, action: Option<Action>) -> Command {
        let Some(editor) = &self.editor else {
            return Command::Noop;
        };
        if editor
            .completion
            .as_ref()
            .is_some_and(|c| !c.items.is_empty())
        {
            // The `@` completion list keeps fixed keys: arrows choose, Tab inserts.
            match key.code() {
                KeyCode::Up if key.mods().is_empty() => return Command::CompletionMove(-1),
                KeyCode::Down if key.mods().is_empty() => return Command::CompletionMove(1),
                KeyCode::Tab if key.mods().is_empty() => return Command::CompletionAccept,
                _ => {}
            }
            match action {
                Some(Action::EditorSubmit | Action::NoteSave) => return Command::CompletionAccept,
                Some(Action::EditorClose | Action::NoteClose) => return Command::CompletionClose,
                _ => {}
            }
        }
        if editor.target == EditorTarget::Custom
            && editor.picks_digits()
            && let Some(d) = digit(key)
        {
            return Command::Digit(d);
        }
        let empty = editor.buffer.is_empty();
        // An untouched prefilled default lets the arrows and Tab leave as an empty editor does.
        let leaves = empty || self.editor_holds_default();
        let when_empty = |command: Command| if leaves { Some(command) } else { None };
        let resolved = match action {
            Some(Action::EditorSubmit | Action::NoteSave) => Some(Command::EditorSubmit),
            Some(Action::EditorClose | Action::NoteClose) => Some(Command::EditorClose),
            Some(Action::Dismiss) => Some(Command::Dismiss),
            // A key that types text opens the settings only while the editor is empty.
            Some(Action::Settings) if empty || key.text_char().is_none() => {
                Some(Command::OpenSettings)
            }
            Some(Action::EditorNextTab | Action::NoteNextTab) => when_empty(Command::NextTab),
            Some(Action::EditorPreviousTab | Action::NotePreviousTab) => {
                when_empty(Command::PrevTab)
            }
            Some(Action::EditorNextOption | Action::NoteNextOption) => {
                when_empty(Command::MoveCursor(1))
            }
            Some(Action::EditorPreviousOption | Action::NotePreviousOption) => {
                when_empty(Command::MoveCursor(-1))
            }
            _ => None,
        };
        if let Some(command) = resolved {
            return command;
        }
        match edit_command(key) {
            // Whitespace typed into an empty editor would only be trimmed away, and would
            // make the editor non-empty, so the arrow keys would stop leaving it.
            Some(EditCommand::Insert(text)) if empty && text.trim().is_empty() => Command::Noop,
            Some(EditCommand::Newline) if empty || !self.editor_allows_newline() => Command::Noop,
            Some(edit) => Command::Edit(edit),
            None => Command::Noop,
        }
    }
}

/// Editing keys: motions, deletes, undo, newline, typed text.
fn edit_command(key: Key) -> Option<EditCommand> {
    let m = key.mods();
    let ctrl_only = m == Modifiers::CTRL;
    let word_mod = m == Modifiers::CTRL || m == Modifiers::ALT;
    Some(match key.code() {
        KeyCode::Enter if m.shift || m.alt => EditCommand::Newline,
        KeyCode::Enter if m.is_empty() => EditCommand::Newline,
        KeyCode::Char('j') if ctrl_only => EditCommand::Newline,
        KeyCode::Left if word_mod => EditCommand::WordLeft,
        KeyCode::Right if word_mod => EditCommand::WordRight,
        KeyCode::Char('b') if m == Modifiers::ALT => EditCommand::WordLeft,
        KeyCode::Char('f') if m == Modifiers::ALT => EditCommand::WordRight,
        KeyCode::Left if m.is_empty() => EditCommand::Left,
        KeyCode::Right if m.is_empty() => EditCommand::Right,
        KeyCode::Up if m.is_empty() => EditCommand::Up,
        KeyCode::Down if m.is_empty() => EditCommand::Down,
        KeyCode::Home => EditCommand::LineStart,
        KeyCode::End => EditCommand::LineEnd,
        KeyCode::Char('a') if ctrl_only => EditCommand::LineStart,
        KeyCode::Char('e') if ctrl_only => EditCommand::LineEnd,
        KeyCode::Backspace if word_mod => EditCommand::DeleteWordBack,
        KeyCode::Backspace => EditCommand::Backspace,
        KeyCode::Delete => EditCommand::Delete,
        KeyCode::Char('w') if ctrl_only => EditCommand::DeleteWordBack,
        KeyCode::Char('u') if ctrl_only => EditCommand::DeleteToLineStart,
        KeyCode::Char('k') if ctrl_only => EditCommand::DeleteToLineEnd,
        KeyCode::Char('z') if ctrl_only => EditCommand::Undo,
        _ => return key.text_char().map(|c| EditCommand::Insert(c.to_string())),
    })
}
