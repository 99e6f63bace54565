//! Key resolution: a key in its context becomes a [`Command`].

use ask_keymap::{Action, Key, KeyCode, Modifiers};

use crate::command::Command;
use crate::editor::EditCommand;
use crate::flow::{Flow, Tab};

/// Fixed navigation keys shared by every context.
fn nav(key: Key) -> Option<Command> {
    let shift_tab = key.code() == KeyCode::Tab && key.mods() == Modifiers::SHIFT;
    if !key.mods().is_empty() && !shift_tab {
        return None;
    }
    Some(match key.code() {
        KeyCode::Tab if shift_tab => Command::PrevTab,
        KeyCode::Tab | KeyCode::Right => Command::NextTab,
        KeyCode::Left => Command::PrevTab,
        KeyCode::Up => Command::MoveCursor(-1),
        KeyCode::Down => Command::MoveCursor(1),
        _ => return None,
    })
}

fn digit(key: Key) -> Option<u8> {
    match key.code() {
        KeyCode::Char(c @ '1'..='9') if key.mods().is_empty() => c.to_digit(10).map(|d| d as u8),
        _ => None,
    }
}

fn is_question_mark(key: Key) -> bool {
    key.code() == KeyCode::Char('?') && !key.mods().ctrl && !key.mods().alt && !key.mods().super_
}

impl Flow {
    /// Resolves a key in the current context (settings overlay, editor with or
    /// without text, completion list, review tab, question tab) to a command.
    pub fn handle_key(&self, key: Key) -> Command {
        let action = self.keymap.action_for(&key);
        if self.settings_cursor.is_some() {
            return Self::settings_key(key, action);
        }
        if self.editor.is_some() {
            return self.editor_key(key, action);
        }
        if is_question_mark(key) {
            return Command::OpenSettings;
        }
        match action {
            Some(Action::Cancel) => return Command::Cancel,
            Some(Action::Dismiss) => return Command::Dismiss,
            _ => {}
        }
        if let Some(command) = nav(key) {
            return command;
        }
        if let Some(d) = digit(key) {
            return Command::Digit(d);
        }
        match (self.tab, action) {
            (_, Some(Action::Confirm)) => Command::Confirm,
            (Tab::Question(_), Some(Action::Toggle)) => Command::Toggle,
            (Tab::Question(_), Some(Action::OptionNote)) => Command::OpenOptionNote,
            (Tab::Question(_), Some(Action::QuestionNote)) => Command::OpenQuestionNote,
            (Tab::Question(_), None) => match key.code() {
                KeyCode::PageUp => Command::ScrollPreview(-10),
                KeyCode::PageDown => Command::ScrollPreview(10),
                _ => Command::Noop,
            },
            _ => Command::Noop,
        }
    }

    fn settings_key(key: Key, action: Option<Action>) -> Command {
        if is_question_mark(key) || key == Key::plain(KeyCode::Esc) || key == Key::ctrl('c') {
            return Command::CloseSettings;
        }
        match action {
            Some(Action::Cancel | Action::Dismiss) => return Command::CloseSettings,
            Some(Action::Toggle | Action::Confirm) => return Command::SettingsToggle,
            _ => {}
        }
        match key.code() {
            KeyCode::Up if key.mods().is_empty() => Command::SettingsMove(-1),
            KeyCode::Down if key.mods().is_empty() => Command::SettingsMove(1),
            KeyCode::Space | KeyCode::Enter => Command::SettingsToggle,
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
            match key.code() {
                KeyCode::Up if key.mods().is_empty() => return Command::CompletionMove(-1),
                KeyCode::Down if key.mods().is_empty() => return Command::CompletionMove(1),
                KeyCode::Tab if key.mods().is_empty() => return Command::CompletionAccept,
                _ => {}
            }
            match action {
                Some(Action::Confirm) => return Command::CompletionAccept,
                Some(Action::Cancel) => return Command::CompletionClose,
                _ => {}
            }
        }
        match action {
            Some(Action::Confirm) => return Command::EditorSubmit,
            Some(Action::Cancel) => return Command::EditorClose,
            Some(Action::Dismiss) => return Command::Dismiss,
            _ => {}
        }
        if editor.buffer.is_empty() {
            if is_question_mark(key) {
                return Command::OpenSettings;
            }
            if let Some(command) = nav(key) {
                return command;
            }
        }
        edit_command(key).map_or(Command::Noop, Command::Edit)
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
