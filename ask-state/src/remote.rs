//! Answers and focus set from outside the keyboard: a control channel or a browser form
//! driving the same flow as the terminal.

use crate::command::Outcome;
use crate::flow::{EditorTarget, Flow, QuestionDraft, Tab};
use crate::text_buffer::TextBuffer;

impl Flow {
    /// Replaces what is answered on question `i` (selections, free-form text, notes and the
    /// presented type) with `draft`, keeping the cursor where it is; an answer editor
    /// open on the question takes the new text, other editors stay untouched. Build the draft with [`scripted_drafts`](crate::scripted::scripted_drafts), which
    /// validates it against the form. Like a key, it restarts the idle timeout. Returns true when the question changed; false (and
    /// nothing changes) for an index out of range, a draft with another number of options,
    /// or a finished flow.
    pub fn set_answer(&mut self, i: usize, draft: QuestionDraft) -> bool {
        if self.done {
            return false;
        }
        let rows = self.row_count(i);
        let Some(current) = self.drafts.get_mut(i) else {
            return false;
        };
        if draft.selected.len() != current.selected.len() {
            return false;
        }
        let cursor = current.cursor.min(rows.saturating_sub(1));
        let preview_scroll = current.preview_scroll;
        let next = QuestionDraft {
            cursor,
            preview_scroll,
            ..draft
        };
        if *current == next {
            return false;
        }
        let noted = next.has_notes();
        // The terminal's open answer editor on this question shows the new text (it
        // would otherwise keep, and later commit, what it held before).
        if let Some(editor) = self
            .editor
            .as_mut()
            .filter(|e| e.question == i && e.target == EditorTarget::Custom)
        {
            let text = next.custom_text.as_deref().unwrap_or("");
            if editor.buffer.text() != text {
                editor.buffer = TextBuffer::with_text(text);
                editor.completion = None;
            }
        }
        *current = next;
        self.mark_noted(i, noted);
        self.pending_switch = None;
        // Someone is answering: the idle timeout starts over.
        let _ = self.note_input();
        true
    }

    /// Shows question `i` (or the review tab for the number of questions), like moving
    /// there with the tab keys: an open editor is saved and closed, and on the review tab
    /// the `autoSubmit` setting may finish the flow (the outcome then carries the result).
    /// Unchanged when `i` is out of range, already shown, or the flow is finished.
    pub fn focus(&mut self, i: usize) -> Outcome {
        if self.done || i > self.form.questions.len() {
            return Outcome::Unchanged;
        }
        let target = if i == self.form.questions.len() {
            Tab::Review
        } else {
            Tab::Question(i)
        };
        if self.tab == target {
            return Outcome::Unchanged;
        }
        let _ = self.note_input();
        self.go_to(i)
    }
}
