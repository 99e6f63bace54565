//! The filter line in the flow: opening, typing, closing, and the keys it takes (the
//! matching and ranking are `option_filter.rs`).
//!
//! While the filter line is open (and no editor or overlay has the keyboard), keys that
//! type a character go into the query, except `1`-`9`, which keep picking the declared
//! options by number, and Space, which keeps toggling the highlighted option. Esc (and
//! the `main.cancel` binding) closes the filter instead of cancelling the form;
//! Backspace edits the query and closes the filter when it is empty. Arrows, Enter,
//! Space, Tab, `pageUp`/`pageDown` and `ctrl+c` work as without a filter. Changing tabs
//! clears the filter.

use ask_contract::QuestionType;
use ask_keymap::{Action, Key, KeyCode};

use crate::command::{Command, Outcome};
use crate::flow::{Flow, Tab};
use crate::option_filter::OptionFilter;

impl Flow {
    /// The open filter line, if any (it belongs to the current question).
    pub fn filter(&self) -> Option<&OptionFilter> {
        self.filter.as_ref()
    }

    /// The open filter of question `i`.
    pub(crate) fn filter_of(&self, i: usize) -> Option<&OptionFilter> {
        self.filter.as_ref().filter(|f| f.question() == i)
    }

    /// True when keys go to the filter line: it is open and no editor or overlay has the
    /// keyboard.
    pub(crate) fn filter_has_keyboard(&self) -> bool {
        self.filter.is_some() && self.editor.is_none() && self.settings_cursor.is_none()
    }

    /// The command a key makes while the filter line has the keyboard, or `None` to
    /// resolve it as on the plain list.
    pub(crate) fn filter_key(&self, key: Key, action: Option<Action>) -> Option<Command> {
        if !self.filter_has_keyboard() {
            return None;
        }
        let plain = key.mods().is_empty();
        let typed = key.text_char().filter(|c| *c != ' ');
        if typed.is_some_and(|c| plain && ('1'..='9').contains(&c)) {
            // Digits keep meaning the declared option numbers.
            return None;
        }
        match key.code() {
            KeyCode::Esc if plain => return Some(Command::CloseFilter),
            KeyCode::Backspace => return Some(Command::FilterBackspace),
            _ => {}
        }
        if let Some(c) = typed {
            return Some(Command::FilterInsert(c.to_string()));
        }
        (action == Some(Action::Cancel)).then_some(Command::CloseFilter)
    }

    /// `main.filter`: opens an empty filter line on the current question (one with
    /// options); every option still shows.
    pub(crate) fn open_filter(&mut self) -> Outcome {
        let Tab::Question(i) = self.tab else {
            return Outcome::Unchanged;
        };
        let Some(q) = self.question(i) else {
            return Outcome::Unchanged;
        };
        let total = q.options.len();
        if q.freeform || total == 0 || self.filter_of(i).is_some() {
            return Outcome::Unchanged;
        }
        self.save_and_close_editor();
        self.filter = Some(OptionFilter::new(i, total));
        Outcome::Changed
    }

    /// Typed or pasted text joins the query (on its first line, control characters left
    /// out); the cursor goes to the best match, or to "Type your own" when nothing
    /// matches (without opening its editor).
    pub(crate) fn filter_insert(&mut self, text: &str) -> Outcome {
        let line = text.lines().next().unwrap_or_default();
        let clean: String = line.chars().filter(|c| !c.is_control()).collect();
        if clean.is_empty() {
            return Outcome::Unchanged;
        }
        let Some(mut filter) = self.filter.take() else {
            return Outcome::Unchanged;
        };
        let i = filter.question();
        if let Some(q) = self.form.questions.get(i) {
            filter.push(&clean, &q.options);
        }
        self.filter = Some(filter);
        self.filter_moved(i);
        Outcome::Changed
    }

    /// Backspace: the query loses its last character; on an empty query it closes the
    /// filter.
    pub(crate) fn filter_backspace(&mut self) -> Outcome {
        let Some(mut filter) = self.filter.take() else {
            return Outcome::Unchanged;
        };
        let i = filter.question();
        let options = self
            .form
            .questions
            .get(i)
            .map_or(&[][..], |q| q.options.as_slice());
        if !filter.pop(options) {
            return Outcome::Changed;
        }
        self.filter = Some(filter);
        self.filter_moved(i);
        Outcome::Changed
    }

    /// Esc: clears and closes the filter; the cursor stays on the highlighted option.
    pub(crate) fn close_filter(&mut self) -> Outcome {
        if self.filter.take().is_some() {
            Outcome::Changed
        } else {
            Outcome::Unchanged
        }
    }

    /// After the query changed: the cursor goes to the first row shown.
    fn filter_moved(&mut self, i: usize) {
        let Some(first) = self.filter_of(i).map(OptionFilter::first) else {
            return;
        };
        if let Some(draft) = self.drafts.get_mut(i)
            && draft.cursor != first
        {
            draft.cursor = first;
            draft.preview_scroll = 0;
        }
    }

    /// A digit picked declared option `row` that the filter hides: say so, since the
    /// cursor cannot go there.
    pub(crate) fn hidden_pick_hint(&mut self, i: usize, row: usize) {
        let label = self
            .question(i)
            .and_then(|q| q.options.get(row))
            .map_or_else(String::new, |o| o.label.clone());
        let selected = self
            .drafts
            .get(i)
            .and_then(|d| d.selected.get(row))
            .copied()
            .unwrap_or(false);
        let msg = match (self.kind(i), selected) {
            (QuestionType::Multi, false) => ask_i18n::Msg::FlowHiddenDeselected,
            _ => ask_i18n::Msg::FlowHiddenSelected,
        };
        self.hint = Some(
            self.locale()
                .format(msg, &[("n", &(row + 1)), ("label", &label)]),
        );
    }
}
