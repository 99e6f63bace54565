//! Drafts in the linear mode: the same [`FlowSnapshot`] file the full form keeps
//! (`--draft FILE`), so a form interrupted in either mode comes back in either mode.

use ask_contract::{QuestionDetail, QuestionType};
use ask_state::{FlowSnapshot, QuestionSnapshot, SNAPSHOT_VERSION};

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
        FlowSnapshot {
            version: SNAPSHOT_VERSION,
            form: self
                .form
                .questions
                .iter()
                .map(QuestionDetail::from)
                .collect(),
            title: self.form.title.clone(),
            tab: self.at,
            questions,
            editor: None,
        }
    }

    /// Carries on from a draft made on the same form (in this mode or the full one).
    /// Text left in an open editor of the full form is kept as that editor would keep
    /// it on close: as the free-form answer or the note. Nothing changes when the
    /// draft does not fit; the error says why.
    pub(crate) fn restore(&mut self, snapshot: &FlowSnapshot) -> Result<(), String> {
        if snapshot.version != SNAPSHOT_VERSION {
            return Err(format!(
                "draft format version {} is not {SNAPSHOT_VERSION}",
                snapshot.version
            ));
        }
        let form: Vec<QuestionDetail> = self
            .form
            .questions
            .iter()
            .map(QuestionDetail::from)
            .collect();
        if snapshot.form != form || snapshot.title != self.form.title {
            return Err("the draft was made for other questions".into());
        }
        if snapshot.questions.len() != form.len() || snapshot.tab > form.len() {
            return Err("the draft does not cover every question".into());
        }
        let mut drafts = Vec::with_capacity(form.len());
        for (i, (q, s)) in self
            .form
            .questions
            .iter()
            .zip(&snapshot.questions)
            .enumerate()
        {
            let options = q.options.len();
            if s.selected
                .iter()
                .chain(s.option_notes.keys())
                .any(|j| *j >= options)
            {
                return Err(format!("question {} has an option out of range", i + 1));
            }
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
        Ok(())
    }
}
