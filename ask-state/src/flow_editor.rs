//! Applying commands to editors: opening, editing, saving, pasting, and the
//! `@` completion list inside them.

use ask_contract::QuestionType;

use crate::apply::step;
use crate::command::Outcome;
use crate::completion::{CompletionList, at_word};
use crate::flow::{Editor, EditorTarget, Flow, Tab};
use crate::text_buffer::{EditCommand, TextBuffer};

/// Stores trimmed text; empty after trimming means none.
fn trimmed(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

impl Flow {
    pub(crate) fn open_editor_on(&mut self, target: EditorTarget) -> Outcome {
        let Tab::Question(i) = self.tab else {
            return Outcome::Unchanged;
        };
        if self
            .editor
            .as_ref()
            .is_some_and(|e| e.question == i && e.target == target)
        {
            return Outcome::Unchanged;
        }
        self.save_and_close_editor();
        let Some(draft) = self.drafts.get(i) else {
            return Outcome::Unchanged;
        };
        let existing = match target {
            EditorTarget::Custom => draft.custom_text.as_deref(),
            EditorTarget::QuestionNote => draft.note.as_deref(),
            EditorTarget::OptionNote(row) => draft.option_notes.get(&row).map(String::as_str),
        };
        // Typed questions start prefilled with their default until text is saved.
        let prefill = match (target, existing) {
            (EditorTarget::Custom, None) => self
                .question(i)
                .and_then(ask_contract::Question::default_text),
            _ => None,
        };
        let buffer = TextBuffer::with_text(existing.or(prefill.as_deref()).unwrap_or(""));
        self.editor = Some(Editor {
            question: i,
            target,
            buffer,
            completion: None,
            completion_closed_for: None,
            picks_digits: false,
        });
        Outcome::Changed
    }

    /// Opens the free-form editor because the cursor arrived on its row (nothing was
    /// pressed to open it): until something is typed, `1`-`9` still pick options.
    pub(crate) fn open_custom_by_itself(&mut self) {
        let _ = self.open_editor_on(EditorTarget::Custom);
        if let Some(editor) = self.editor.as_mut() {
            editor.picks_digits = editor.buffer.is_empty();
        }
    }

    /// Makes an editor that opened by itself a typing editor (Enter, typed text, a paste).
    pub(crate) fn start_typing(&mut self) {
        if let Some(editor) = self.editor.as_mut() {
            editor.picks_digits = false;
        }
    }

    pub(crate) fn open_option_note(&mut self) -> Outcome {
        let Tab::Question(i) = self.tab else {
            return Outcome::Unchanged;
        };
        let Some(row) = self.drafts.get(i).map(|d| d.cursor) else {
            return Outcome::Unchanged;
        };
        if self.is_custom_row(i, row) {
            return Outcome::Unchanged;
        }
        self.open_editor_on(EditorTarget::OptionNote(row))
    }

    pub(crate) fn edit(&mut self, edit: &EditCommand) -> Outcome {
        let Some(editor) = self.editor.as_mut() else {
            return Outcome::Unchanged;
        };
        if !editor.buffer.apply(edit) {
            return Outcome::Unchanged;
        }
        self.refresh_completion();
        Outcome::Changed
    }

    pub(crate) fn paste(&mut self, text: &str) -> Outcome {
        if self.editor.is_none() {
            let Tab::Question(_) = self.tab else {
                return Outcome::Unchanged;
            };
            if self.settings_cursor.is_some() {
                return Outcome::Unchanged;
            }
            let Tab::Question(i) = self.tab else {
                return Outcome::Unchanged;
            };
            if !self
                .question(i)
                .is_some_and(|q| q.freeform || q.offers_custom_row())
            {
                // A confirm question has no free-form answer to paste into.
                return Outcome::Unchanged;
            }
            let custom_row = self.row_count(i) - 1;
            if let Some(draft) = self.drafts.get_mut(i) {
                draft.cursor = custom_row;
            }
            let _ = self.open_editor_on(EditorTarget::Custom);
        }
        self.start_typing();
        self.edit(&EditCommand::Insert(text.to_owned()))
    }

    /// Writes the editor's text to its target. Returns the trimmed text.
    fn store(&mut self, editor: &Editor) -> Option<String> {
        let text = trimmed(editor.buffer.text());
        let draft = self.drafts.get_mut(editor.question)?;
        match editor.target {
            EditorTarget::Custom => {
                if text.is_none() {
                    draft.custom_selected = false;
                }
                draft.custom_text.clone_from(&text);
            }
            EditorTarget::QuestionNote => draft.note.clone_from(&text),
            EditorTarget::OptionNote(row) => match &text {
                Some(t) => {
                    draft.option_notes.insert(row, t.clone());
                }
                None => {
                    draft.option_notes.remove(&row);
                }
            },
        }
        let noted = draft.has_notes();
        self.mark_noted(editor.question, noted);
        text
    }

    pub(crate) fn save_and_close_editor(&mut self) {
        if self.editor_holds_default() {
            // An untouched default is a suggestion, not the user's text.
            self.editor = None;
        }
        if let Some(editor) = self.editor.take() {
            self.store(&editor);
        }
    }

    /// The close binding: notes are saved; the free-form text is committed as the answer
    /// exactly as submit does (empty text removes it), but the flow never advances.
    pub(crate) fn editor_close(&mut self) -> Outcome {
        if self.editor_holds_default() {
            // Closing does not accept a suggestion; Enter does.
            self.editor = None;
            return Outcome::Changed;
        }
        let Some(editor) = self.editor.take() else {
            return Outcome::Unchanged;
        };
        self.commit(&editor);
        Outcome::Changed
    }

    /// The submit binding: commits and, on single and preview questions, advances. An
    /// empty free-form editor stays open with a hint instead (any saved answer is removed).
    pub(crate) fn editor_submit(&mut self) -> Outcome {
        let Some(editor) = self.editor.take() else {
            return Outcome::Unchanged;
        };
        let text = self.commit(&editor);
        if editor.target != EditorTarget::Custom {
            return Outcome::Changed;
        }
        if text.is_none() {
            self.editor = Some(editor);
            self.hint = Some(self.locale().text(ask_i18n::Msg::FlowTypeOrMove).to_owned());
            return Outcome::Changed;
        }
        if let Some(problem) = self.text_problem(editor.question, editor.buffer.text()) {
            // Typed input that breaks its rules stays in the editor, never the answer.
            self.editor = Some(editor);
            self.hint = Some(
                self.locale()
                    .format(ask_i18n::Msg::FlowNotAccepted, &[("problem", &problem)]),
            );
            return Outcome::Changed;
        }
        if self.kind(editor.question) == QuestionType::Multi {
            Outcome::Changed
        } else {
            self.advance()
        }
    }

    /// Stores the editor's text; for the free-form editor, also makes it the committed
    /// answer (on single and preview questions instead of any option), or removes the
    /// answer when the text is empty (option selections stay).
    fn commit(&mut self, editor: &Editor) -> Option<String> {
        let text = self.store(editor);
        let accepted = text
            .as_deref()
            .is_some_and(|t| self.text_problem(editor.question, t).is_none());
        if editor.target == EditorTarget::Custom && !accepted {
            // Saved as a draft the user can fix, not committed.
            if let Some(draft) = self.drafts.get_mut(editor.question) {
                draft.custom_selected = false;
            }
        }
        if editor.target == EditorTarget::Custom && accepted {
            let multi = self.kind(editor.question) == QuestionType::Multi;
            if let Some(draft) = self.drafts.get_mut(editor.question) {
                draft.custom_selected = true;
                if !multi {
                    draft.selected.iter_mut().for_each(|s| *s = false);
                }
            }
        }
        text
    }

    // ---- completion ----

    fn refresh_completion(&mut self) {
        let query = self.completion_query().map(str::to_owned);
        let word = self.completion_word().map(|(_, q)| q.to_owned());
        if let Some(editor) = self.editor.as_mut() {
            if query.is_none() {
                editor.completion = None;
            }
            if let Some(closed) = &editor.completion_closed_for
                && word.as_ref() != Some(closed)
            {
                editor.completion_closed_for = None;
            }
        }
    }

    /// The word being completed: the whole text of a path question's editor, else the
    /// `@word` before the cursor.
    pub(crate) fn completion_word(&self) -> Option<(usize, &str)> {
        if let Some(word) = self.path_word() {
            return Some(word);
        }
        let editor = self.editor.as_ref()?;
        at_word(editor.buffer.text(), editor.buffer.cursor())
    }

    pub(crate) fn set_completions(
        &mut self,
        items: Vec<crate::completion::Completion>,
        partial: bool,
    ) -> Outcome {
        let Some(query) = self.completion_query().map(str::to_owned) else {
            return Outcome::Unchanged;
        };
        let Some(editor) = self.editor.as_mut() else {
            return Outcome::Unchanged;
        };
        editor.completion = Some(CompletionList {
            query,
            items,
            selected: 0,
            partial,
        });
        Outcome::Changed
    }

    pub(crate) fn completion_move(&mut self, delta: i32) -> Outcome {
        let Some(list) = self.editor.as_mut().and_then(|e| e.completion.as_mut()) else {
            return Outcome::Unchanged;
        };
        list.selected = step(list.selected, delta, list.items.len());
        Outcome::Changed
    }

    pub(crate) fn completion_accept(&mut self) -> Outcome {
        let Some(editor) = self.editor.as_mut() else {
            return Outcome::Unchanged;
        };
        let Some(item) = editor
            .completion
            .take()
            .and_then(|l| l.items.get(l.selected).cloned())
        else {
            return Outcome::Unchanged;
        };
        let cursor = editor.buffer.cursor();
        let path_question = self.path_word().is_some();
        let Some(editor) = self.editor.as_mut() else {
            return Outcome::Unchanged;
        };
        if path_question {
            // A path answer is the bare path: no `@`, no quotes, folders keep their slash.
            let text = if item.is_dir {
                format!("{}/", item.path)
            } else {
                item.path.clone()
            };
            editor.buffer.replace(0, cursor, &text);
            if !item.is_dir {
                // A file is the whole answer: the list stays closed, so Enter submits.
                editor.completion_closed_for = Some(text);
            }
            return Outcome::Changed;
        }
        let Some((start, _)) = at_word(editor.buffer.text(), cursor) else {
            return Outcome::Unchanged;
        };
        editor.buffer.replace(start, cursor, &item.insertion());
        Outcome::Changed
    }

    pub(crate) fn completion_close(&mut self) -> Outcome {
        let query = self.completion_query().map(str::to_owned);
        let Some(editor) = self.editor.as_mut() else {
            return Outcome::Unchanged;
        };
        editor.completion = None;
        editor.completion_closed_for = query;
        Outcome::Changed
    }
}
