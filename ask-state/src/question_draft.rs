//! What the user did on one question: [`QuestionDraft`].

use std::collections::BTreeMap;

use ask_contract::{AskForm, QuestionType};

/// Everything the user did on one question.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuestionDraft {
    /// Selection flag per declared option.
    pub selected: Vec<bool>,
    /// Saved free-form text (trimmed, never empty).
    pub custom_text: Option<String>,
    /// Whether the free-form answer is part of the answer.
    pub custom_selected: bool,
    /// Question note (trimmed, never empty).
    pub note: Option<String>,
    /// Notes by declared option index (kept when the option is deselected).
    pub option_notes: BTreeMap<usize, String>,
    /// Cursor row: `0..options` are declared options, `options` is the custom row.
    pub cursor: usize,
    /// First visible line of the preview pane.
    pub preview_scroll: usize,
    /// How the question is presented now (the requested type, unless the user switched it
    /// or `presentSingleAsMulti` opened a single question as multi).
    pub presented: QuestionType,
}

impl QuestionDraft {
    /// One untouched draft per question of `form`.
    pub(crate) fn fresh(form: &AskForm, single_as_multi: bool) -> Vec<QuestionDraft> {
        form.questions
            .iter()
            .map(|q| QuestionDraft {
                selected: vec![false; q.options.len()],
                presented: if single_as_multi && q.kind == QuestionType::Single && !q.freeform {
                    QuestionType::Multi
                } else {
                    q.kind
                },
                ..QuestionDraft::default()
            })
            .collect()
    }

    /// Number of committed answers: selected options plus a committed free-form answer.
    pub fn committed_count(&self) -> usize {
        self.selected.iter().filter(|s| **s).count()
            + usize::from(self.custom_selected && self.custom_text.is_some())
    }

    /// True when an option or the free-form answer is committed.
    pub fn is_answered(&self) -> bool {
        self.selected.iter().any(|s| *s) || (self.custom_selected && self.custom_text.is_some())
    }

    /// The declared option whose preview a preview pane shows: the one under the
    /// cursor, or on the custom row the selected one.
    pub fn preview_index(&self) -> Option<usize> {
        if self.cursor < self.selected.len() {
            Some(self.cursor)
        } else {
            self.selected.iter().position(|s| *s)
        }
    }

    /// True when the question has a question note or any option note.
    pub fn has_notes(&self) -> bool {
        self.note.is_some() || !self.option_notes.is_empty()
    }
}
