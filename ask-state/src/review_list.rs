//! The review tab's answer list on long forms: its scroll position and the
//! questions with notes, kept so that no key walks every question.

use crate::apply::step;
use crate::command::Outcome;
use crate::flow::{Flow, Tab};

impl Flow {
    /// The first question the review tab's answer list shows (PageUp/PageDown there
    /// move it by ten; a renderer may show earlier ones to fill its window).
    pub fn review_scroll(&self) -> usize {
        self.review_scroll
    }

    /// Indices of the questions with a question note or an option note, in order
    /// (without walking every question).
    pub fn questions_with_notes(&self) -> impl Iterator<Item = usize> + '_ {
        self.noted.iter().copied()
    }

    pub(crate) fn mark_noted(&mut self, i: usize, noted: bool) {
        if noted {
            self.noted.insert(i);
        } else {
            self.noted.remove(&i);
        }
    }

    pub(crate) fn scroll_review(&mut self, delta: i32) -> Outcome {
        if self.tab != Tab::Review {
            return Outcome::Unchanged;
        }
        let next = step(self.review_scroll, delta, self.form.questions.len());
        if next == self.review_scroll {
            return Outcome::Unchanged;
        }
        self.review_scroll = next;
        Outcome::Changed
    }
}
