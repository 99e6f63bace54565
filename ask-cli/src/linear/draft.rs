//! Drafts in the linear mode: the same [`FlowSnapshot`] file the full form keeps
//! (`--draft FILE`), so a form interrupted in either mode comes back in either mode.

use ask_contract::QuestionType;
use ask_state::{
    StateError,
    snapshot::{FlowSnapshot, QuestionSnapshot},
};

use super::{Draft, Linear};

impl Linear {
    /// The user's work so far as a draft of the full form (no editor is ever open here).
    pub(crate) fn snapshot(&self) -> FlowSnapshot {
        let questions = self
            .form
            .questions
            .iter()
            .zip(&self.drafts)
            .map(|(q, d)| QuestionSnapshot {
                selected: d.selected.clone(),
                custom_text: d.custom.clone(),
                custom_selected: d.custom.is_some(),
                note: d.note.clone(),
                option_notes: d.option_notes.clone(),
                cursor: 0,
                presented: if d.as_multi {
                    QuestionType::Multi
                } else {
                    q.kind
                },
            })
            .collect();
        FlowSnapshot::new(
            self.form_hash.clone(),
            self.form.title.clone(),
            self.at,
            questions,
        )
    }

    /// Carries on from a draft made on the same form (in this mode or the full one).
    /// Text left in an open editor of the full form is kept as that editor would keep
    /// it on close: as the free-form answer or the note. Nothing changes when the
    /// draft does not fit; the error says why.
    pub(crate) fn restore(&mut self, snapshot: &FlowSnapshot) -> Result<Vec<String>, String> {
        // What breaks the form's rules is dropped first, and said.
        let mut fitted = snapshot.clone();
        let dropped = fitted.fit_to(&self.form).map_err(|e| match e {
            StateError::DraftMismatch { why } => why,
            other => other.to_string(),
        })?;
        let snapshot = &fitted;
        let mut drafts = Vec::with_capacity(self.form.questions.len());
        for (q, s) in self.form.questions.iter().zip(&snapshot.questions) {
            let mut selected = s.selected.clone();
            selected.sort_unstable();
            selected.dedup();
            drafts.push(Draft {
                selected,
                custom: s.custom_text.clone().filter(|_| s.custom_selected),
                note: s.note.clone(),
                option_notes: s.option_notes.clone(),
                as_multi: q.kind != QuestionType::Multi && s.presented == QuestionType::Multi,
            });
        }
        if let Some(editor) = &snapshot.editor {
            let text = editor.text.trim();
            let Some(d) = drafts.get_mut(editor.question) else {
                return Err("the open editor is not on a question".into());
            };
            if !text.is_empty() {
                match (editor.target.as_str(), editor.option) {
                    ("custom", None) => {
                        let multi = self.form.questions[editor.question].kind
                            == QuestionType::Multi
                            || d.as_multi;
                        if !multi {
                            d.selected.clear();
                        }
                        d.custom = Some(text.to_owned());
                    }
                    ("questionNote", None) => d.note = Some(text.to_owned()),
                    ("optionNote", Some(j))
                        if j < self.form.questions[editor.question].options.len() =>
                    {
                        d.option_notes.insert(j, text.to_owned());
                    }
                    _ => return Err(format!("unknown editor target {:?}", editor.target)),
                }
            }
        }
        self.drafts = drafts;
        self.at = snapshot.tab;
        Ok(dropped)
    }
}
