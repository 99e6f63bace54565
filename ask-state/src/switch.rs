//! Switching the active question between single (or preview) and multi-select.

use ask_contract::QuestionType;
use ask_i18n::Msg;

use crate::command::Outcome;
use crate::flow::{Flow, Tab};

/// How a presentation reads in notices.
fn name(kind: QuestionType) -> Msg {
    match kind {
        QuestionType::Single => Msg::KindSingle,
        QuestionType::Multi => Msg::KindMulti,
        QuestionType::Preview => Msg::KindPreview,
        _ => Msg::KindOther,
    }
}

impl Flow {
    /// `main.changeQuestionType`: single <-> multi, preview <-> multi (a preview question
    /// comes back to preview). Multi to single or preview with more than one committed answer
    /// needs the key a second time and then clears the option selections; a committed
    /// free-form answer stays.
    pub(crate) fn change_question_type(&mut self, pending: Option<usize>) -> Outcome {
        let Tab::Question(i) = self.tab else {
            return Outcome::Unchanged;
        };
        let Some(q) = self.question(i) else {
            return Outcome::Unchanged;
        };
        if q.freeform || q.kind == QuestionType::Confirm {
            self.hint = Some(self.locale().text(Msg::FlowNoSwitch).to_owned());
            return Outcome::Changed;
        }
        let requested = q.kind;
        let Some(draft) = self.drafts.get(i) else {
            return Outcome::Unchanged;
        };
        let target = match (draft.presented, requested) {
            (QuestionType::Multi, QuestionType::Preview) => QuestionType::Preview,
            (QuestionType::Multi, _) => QuestionType::Single,
            (_, _) => QuestionType::Multi,
        };
        let key = self
            .keymap
            .first_label(ask_keymap::Action::ChangeQuestionType);
        if target != QuestionType::Multi {
            if draft.committed_count() > 1 && pending != Some(i) {
                self.pending_switch = Some(i);
                let kind = self.locale().text(name(target));
                self.hint = Some(
                    self.locale()
                        .format(Msg::FlowSwitchAgain, &[("key", &key), ("kind", &kind)]),
                );
                return Outcome::Changed;
            }
            if let Some(draft) = self.drafts.get_mut(i)
                && draft.committed_count() > 1
            {
                // Confirmed: option selections go, a committed free-form answer stays.
                draft.selected.iter_mut().for_each(|s| *s = false);
            }
        }
        if let Some(draft) = self.drafts.get_mut(i) {
            draft.presented = target;
        }
        let kind = self.locale().text(name(target));
        self.hint = Some(self.locale().format(Msg::FlowSwitched, &[("kind", &kind)]));
        Outcome::Changed
    }
}
