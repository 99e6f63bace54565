//! Applying commands: one `match` dispatching to small functions.

use ask_contract::QuestionType;

use crate::command::{Command, Effect, Outcome};
use crate::flow::{EditorTarget, Flow, ReviewAction, Tab};
use crate::lines::FormText;

/// `current + delta`, clamped to `0..len` (0 when `len` is 0).
pub(crate) fn step(current: usize, delta: i32, len: usize) -> usize {
    let delta = isize::try_from(delta).unwrap_or(0);
    current
        .saturating_add_signed(delta)
        .min(len.saturating_sub(1))
}

/// `current + delta` wrapped around `0..len`.
fn wrap(current: usize, delta: i32, len: usize) -> usize {
    let len = i64::try_from(len.max(1)).unwrap_or(1);
    let current = i64::try_from(current).unwrap_or(0);
    usize::try_from((current + i64::from(delta)).rem_euclid(len)).unwrap_or(0)
}

impl Flow {
    /// Applies one command and reports what changed.
    ///
    /// A user command first disarms what waits for a second press (a review digit, a
    /// multi-to-single switch, the reset row) and clears the one-line hint; the command
    /// that would complete it sees it. Host commands (clock, completions, settings
    /// reloads, notices) leave them alone.
    pub fn apply(&mut self, command: Command) -> Outcome {
        if self.done {
            return Outcome::Unchanged;
        }
        match command {
            Command::Clock(now_ms) => return self.clock(now_ms),
            Command::SetCompletions(items) => return self.set_completions(items, false),
            Command::SetPartialCompletions(items) => return self.set_completions(items, true),
            Command::PathStatus { path, status } => return self.set_path_status(path, status),
            Command::ApplyBehaviour(behaviour) => {
                if behaviour == self.behaviour {
                    return Outcome::Unchanged;
                }
                self.behaviour = behaviour;
                return self.auto_submit_check().unwrap_or(Outcome::Changed);
            }
            Command::ApplyKeymap(keymap) => {
                self.keymap = keymap;
                return Outcome::Changed;
            }
            Command::ApplyNotifications(enabled) => {
                self.notifications_enabled = enabled;
                return Outcome::Changed;
            }
            Command::SetNotice(notice) => {
                self.options.notice = notice;
                return Outcome::Changed;
            }
            Command::EarlyKeysIgnored => {
                self.hint = Some(self.locale().text(ask_i18n::Msg::FlowEarlyKeys).to_owned());
                return Outcome::Changed;
            }
            _ => {}
        }
        let counting_down = self.note_input();
        let armed = self.armed.take();
        let pending = self.pending_switch.take();
        let reset_armed = self.reset_armed_at.take();
        let had_hint = self.hint.take().is_some();
        let disarmed = armed.is_some()
            || pending.is_some()
            || reset_armed.is_some()
            || had_hint
            || counting_down;
        let outcome = match command {
            Command::NextTab => self.change_tab(1),
            Command::PrevTab => self.change_tab(-1),
            Command::MoveCursor(delta) => self.move_cursor(delta),
            Command::Confirm => self.confirm(),
            Command::Toggle => self.toggle(),
            Command::Digit(d) => self.digit(d, armed),
            Command::OpenOptionNote => self.open_option_note(),
            Command::OpenQuestionNote => self.open_editor_on(EditorTarget::QuestionNote),
            Command::ChangeQuestionType => self.change_question_type(pending),
            Command::Cancel | Command::Dismiss => self.cancel_or_dismiss(),
            Command::Review(action) => self.trigger(action),
            Command::ScrollPreview(delta) => self.scroll_preview(delta),
            Command::ScrollReview(delta) => self.scroll_review(delta),
            Command::Edit(edit) => {
                self.start_typing();
                self.edit(&edit)
            }
            Command::EditorSubmit => {
                self.start_typing();
                self.editor_submit()
            }
            Command::EditorClose => self.editor_close(),
            Command::Paste(text) if self.filter_has_keyboard() => self.filter_insert(&text),
            Command::Paste(text) => self.paste(&text),
            Command::OpenFilter => self.open_filter(),
            Command::FilterInsert(text) => self.filter_insert(&text),
            Command::FilterBackspace => self.filter_backspace(),
            Command::CloseFilter => self.close_filter(),
            Command::OpenSettings => {
                self.settings_cursor = Some(0);
                Outcome::Changed
            }
            Command::CloseSettings => {
                self.settings_cursor = None;
                self.settings_scroll = 0;
                Outcome::Changed
            }
            Command::SettingsMove(delta) => self.settings_move(delta),
            Command::ScrollSettings(delta) => self.settings_scroll_by(delta),
            Command::SettingsToggle => self.settings_toggle(reset_armed),
            Command::CompletionMove(delta) => self.completion_move(delta),
            Command::CompletionAccept => self.completion_accept(),
            Command::CompletionClose => self.completion_close(),
            _ => Outcome::Unchanged,
        };
        if disarmed && matches!(outcome, Outcome::Unchanged) {
            Outcome::Changed
        } else {
            outcome
        }
    }

    fn changed_or_auto_submit(&mut self) -> Outcome {
        self.auto_submit_check().unwrap_or(Outcome::Changed)
    }

    /// Completes the flow when auto-submit is on, the review tab is shown,
    /// every question is answered and there are no notes.
    pub(crate) fn auto_submit_check(&mut self) -> Option<Outcome> {
        let ready = self.behaviour.auto_submit_when_answered_without_notes
            && self.tab == Tab::Review
            && self.all_answered()
            && !self.has_notes()
            && self.blocking_problem().is_none();
        ready.then(|| self.finish(ReviewAction::Submit))
    }

    pub(crate) fn finish(&mut self, action: ReviewAction) -> Outcome {
        self.done = true;
        self.editor = None;
        Outcome::Effects(vec![Effect::Done(Box::new(self.result_for(action)))])
    }

    // ---- tabs and cursor ----

    fn change_tab(&mut self, delta: i32) -> Outcome {
        let count = self.tab_count();
        let current = match self.tab {
            Tab::Question(i) => i,
            Tab::Review => count - 1,
        };
        self.go_to(wrap(current, delta, count))
    }

    /// Shows tab `index` (questions, then Review), closing any editor (saving its draft).
    pub(crate) fn go_to(&mut self, index: usize) -> Outcome {
        self.save_and_close_editor();
        self.dismiss_warning = false;
        // A notice (a settings warning, the pi-ask import) was read on the tab it showed
        // on: the next tab gets its rows back.
        self.options.notice = None;
        // The filter belongs to one visit of a question.
        self.filter = None;
        self.tab = if index < self.form.questions.len() {
            Tab::Question(index)
        } else {
            Tab::Review
        };
        self.enter_tab();
        self.changed_or_auto_submit()
    }

    pub(crate) fn advance(&mut self) -> Outcome {
        match self.tab {
            Tab::Question(i) => self.go_to(i + 1),
            Tab::Review => Outcome::Changed,
        }
    }

    /// Opens the editor a tab shows on arrival (free-form-only questions not answered yet).
    /// An answered one is shown in navigation mode, like any other question, so Tab and
    /// the arrows move on; confirm reopens its editor with the text.
    pub(crate) fn enter_tab(&mut self) {
        if let Tab::Question(i) = self.tab {
            let unanswered = self.drafts.get(i).is_some_and(|d| d.custom_text.is_none());
            if unanswered && self.question(i).is_some_and(|q| q.freeform) {
                let _ = self.open_editor_on(EditorTarget::Custom);
            }
        }
    }

    fn move_cursor(&mut self, delta: i32) -> Outcome {
        match self.tab {
            Tab::Review => {
                let i = step(self.review_cursor.index(), delta, 3);
                self.review_cursor = ReviewAction::from_index(i);
                Outcome::Changed
            }
            Tab::Question(i) => {
                let rows = self.row_count(i);
                let Some(draft) = self.drafts.get(i) else {
                    return Outcome::Unchanged;
                };
                let next = match self.filter_of(i) {
                    Some(filter) => filter.step(draft.cursor, delta),
                    None => step(draft.cursor, delta, rows),
                };
                if next == draft.cursor && self.editor.is_none() {
                    return Outcome::Unchanged;
                }
                self.save_and_close_editor();
                if let Some(draft) = self.drafts.get_mut(i) {
                    draft.cursor = next;
                    draft.preview_scroll = 0;
                }
                let no_text = self.drafts.get(i).is_some_and(|d| d.custom_text.is_none());
                if self.is_custom_row(i, next) && no_text {
                    self.open_custom_by_itself();
                }
                Outcome::Changed
            }
        }
    }

    fn scroll_preview(&mut self, delta: i32) -> Outcome {
        let Tab::Question(i) = self.tab else {
            return Outcome::Unchanged;
        };
        let Some(q) = self.question(i) else {
            return Outcome::Unchanged;
        };
        if q.kind != QuestionType::Preview {
            return Outcome::Unchanged;
        }
        let Some(draft) = self.drafts.get(i) else {
            return Outcome::Unchanged;
        };
        let lines = draft.preview_index().map_or(0, |j| {
            let text = q.options.get(j).and_then(|o| o.preview.as_deref());
            let index = self.line_index(FormText::Preview {
                question: i,
                option: j,
            });
            match (text, index) {
                (Some(text), Some(index)) => index.lines(text),
                (Some(text), None) => text.lines().count(),
                (None, _) => 0,
            }
        });
        let next = step(draft.preview_scroll, delta, lines);
        if next == draft.preview_scroll {
            return Outcome::Unchanged;
        }
        if let Some(draft) = self.drafts.get_mut(i) {
            draft.preview_scroll = next;
        }
        Outcome::Changed
    }

    // ---- selection ----

    fn confirm(&mut self) -> Outcome {
        let i = match self.tab {
            Tab::Review => return self.trigger(self.review_cursor),
            Tab::Question(i) => i,
        };
        let Some(row) = self.drafts.get(i).map(|d| d.cursor) else {
            return Outcome::Unchanged;
        };
        if self.is_custom_row(i, row) {
            return self.open_editor_on(EditorTarget::Custom);
        }
        // Single and preview (and any later single-select type) select before advancing.
        if self.kind(i) != QuestionType::Multi {
            self.select_only(i, row);
        }
        self.advance()
    }

    fn toggle(&mut self) -> Outcome {
        let Tab::Question(i) = self.tab else {
            return Outcome::Unchanged;
        };
        let Some(draft) = self.drafts.get(i) else {
            return Outcome::Unchanged;
        };
        let row = draft.cursor;
        if self.is_custom_row(i, row) {
            if draft.custom_text.is_none() {
                return self.open_editor_on(EditorTarget::Custom);
            }
            let multi = self.kind(i) == QuestionType::Multi;
            if let Some(draft) = self.drafts.get_mut(i) {
                draft.custom_selected = !draft.custom_selected;
                if draft.custom_selected && !multi {
                    draft.selected.iter_mut().for_each(|s| *s = false);
                }
            }
            return Outcome::Changed;
        }
        match self.kind(i) {
            QuestionType::Multi => self.flip(i, row),
            // Single and preview (and any later single-select type).
            _ => {
                if draft.selected.get(row).copied().unwrap_or(false) {
                    self.flip(i, row);
                } else {
                    self.select_only(i, row);
                }
            }
        }
        Outcome::Changed
    }

    fn digit(&mut self, d: u8, armed: Option<ReviewAction>) -> Outcome {
        let Tab::Question(i) = self.tab else {
            let Some(action) = ReviewAction::ALL
                .get(usize::from(d).wrapping_sub(1))
                .copied()
            else {
                return Outcome::Unchanged;
            };
            self.review_cursor = action;
            if self.behaviour.double_press_review_shortcuts && armed != Some(action) {
                self.armed = Some(action);
                return Outcome::Changed;
            }
            return self.trigger(action);
        };
        let row = usize::from(d).wrapping_sub(1);
        let options = self
            .question(i)
            .map_or(0, |q| if q.freeform { 0 } else { q.options.len() });
        let custom_row = self
            .question(i)
            .is_some_and(ask_contract::Question::offers_custom_row);
        if row == options && options > 0 && custom_row {
            // On the editor that opened by itself, its own digit makes it a typing editor.
            self.start_typing();
            return self.digit_on_custom_row(i, row);
        }
        if row >= options {
            return Outcome::Unchanged;
        }
        // A digit that reached here from the empty editor that opened by itself picks the
        // option as on the list: the editor closes (it holds nothing to save).
        self.save_and_close_editor();
        // A digit picks its declared option even when the filter hides it; the cursor
        // only goes where a row shows.
        let hidden = self.filter_of(i).is_some_and(|f| !f.shows(row));
        if let Some(draft) = self.drafts.get_mut(i).filter(|_| !hidden) {
            draft.cursor = row;
            draft.preview_scroll = 0;
        }
        if self.kind(i) == QuestionType::Multi {
            self.flip(i, row);
            if hidden {
                self.hidden_pick_hint(i, row);
            }
            Outcome::Changed
        } else {
            // Single and preview (and any later single-select type).
            self.select_only(i, row);
            self.advance()
        }
    }

    /// The digit after the last option picks the "Type your own" row: on single and
    /// preview questions it opens the editor prefilled with the saved text (like confirm);
    /// on multi it toggles the saved text, or opens the editor when there is none.
    fn digit_on_custom_row(&mut self, i: usize, row: usize) -> Outcome {
        let multi = self.kind(i) == QuestionType::Multi;
        let Some(draft) = self.drafts.get_mut(i) else {
            return Outcome::Unchanged;
        };
        draft.cursor = row;
        if draft.custom_text.is_none() || !multi {
            return self.open_editor_on(EditorTarget::Custom);
        }
        draft.custom_selected = !draft.custom_selected;
        Outcome::Changed
    }

    fn flip(&mut self, i: usize, row: usize) {
        if !self.may_select_more(i, row) {
            return;
        }
        if let Some(s) = self.drafts.get_mut(i).and_then(|d| d.selected.get_mut(row)) {
            *s = !*s;
        }
    }

    /// Single/preview selection: this option only, free-form answer deselected.
    fn select_only(&mut self, i: usize, row: usize) {
        if let Some(draft) = self.drafts.get_mut(i) {
            for (j, s) in draft.selected.iter_mut().enumerate() {
                *s = j == row;
            }
            draft.custom_selected = false;
        }
    }

    // ---- review, cancel, dismiss ----

    fn trigger(&mut self, action: ReviewAction) -> Outcome {
        if action != ReviewAction::Cancel
            && let Some((i, problem)) = self.blocking_problem()
        {
            let label = self.question(i).map_or("", |q| q.label.as_str());
            let msg = if action == ReviewAction::Elaborate {
                ask_i18n::Msg::FlowBlockedElaborate
            } else {
                ask_i18n::Msg::FlowBlockedSubmit
            };
            self.hint = Some(
                self.locale()
                    .format(msg, &[("label", &label), ("problem", &problem)]),
            );
            return Outcome::Changed;
        }
        self.finish(action)
    }

    fn cancel_or_dismiss(&mut self) -> Outcome {
        if self.behaviour.confirm_dismiss_when_dirty && self.is_dirty() && !self.dismiss_warning {
            self.dismiss_warning = true;
            return Outcome::Changed;
        }
        self.dismissed = true;
        self.finish(ReviewAction::Cancel)
    }
}
