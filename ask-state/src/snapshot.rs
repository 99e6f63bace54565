//! Drafts that survive: a serializable snapshot of what the user did in a flow, and
//! restoring it into a fresh flow on the same form.

use std::collections::BTreeMap;

use ask_contract::{AskForm, QuestionType, result::QuestionDetail};
use serde::{Deserialize, Serialize};

pub use crate::form_hash::form_hash;

use crate::error::StateError;
use crate::flow::{Editor, EditorTarget, Flow, Tab};
use crate::text_buffer::TextBuffer;

/// The snapshot format version written by [`Flow::snapshot`].
pub const SNAPSHOT_VERSION: u32 = 1;

/// Everything the user did in a flow (answers, notes, editor text, active tab), with the
/// normalized form it belongs to. Serialize it (JSON) to keep a draft; give it to
/// [`Flow::restore`] to carry on where the user was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct FlowSnapshot {
    /// [`SNAPSHOT_VERSION`].
    pub version: u32,
    /// The normalized questions the draft was made on, in drafts written before
    /// `formHash` existed (empty, and left out, since): a draft only fits the same form.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub form: Vec<QuestionDetail>,
    /// The [`crate::snapshot::form_hash`] of the form the draft was made on: what identifies it
    /// without repeating a form of megabytes in every save.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form_hash: Option<String>,
    /// The form title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Active tab: a question index, or the number of questions for the review tab.
    pub tab: usize,
    /// One entry per question, in form order.
    pub questions: Vec<QuestionSnapshot>,
    /// The editor that was open, with its unsaved text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub editor: Option<EditorSnapshot>,
}

/// What the user did on one question.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionSnapshot {
    /// Selected declared options (0-based indices).
    pub selected: Vec<usize>,
    /// Saved free-form text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_text: Option<String>,
    /// Whether the free-form answer is part of the answer.
    #[serde(default)]
    pub custom_selected: bool,
    /// Question note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Option notes by declared option index.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub option_notes: BTreeMap<usize, String>,
    /// Cursor row.
    #[serde(default)]
    pub cursor: usize,
    /// How the question was presented.
    pub presented: QuestionType,
}

/// The open editor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditorSnapshot {
    /// Question index.
    pub question: usize,
    /// `custom`, `questionNote`, or `optionNote` with `option`.
    pub target: String,
    /// Option index for an option note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<usize>,
    /// The unsaved text.
    pub text: String,
}

impl FlowSnapshot {
    /// A snapshot in the current format ([`SNAPSHOT_VERSION`]) of `questions` (one entry
    /// per question, in form order) on the form whose [`crate::snapshot::form_hash`] is
    /// `form_hash` and whose title is `title`, on tab `tab`, with no editor open: for
    /// hosts that keep their own state (a line-by-line mode) and write drafts the full
    /// form can resume. [`Flow::snapshot`] makes one of a flow.
    pub fn new(
        form_hash: impl Into<String>,
        title: Option<String>,
        tab: usize,
        questions: Vec<QuestionSnapshot>,
    ) -> Self {
        Self {
            version: SNAPSHOT_VERSION,
            form: Vec::new(),
            form_hash: Some(form_hash.into()),
            title,
            tab,
            questions,
            editor: None,
        }
    }

    /// The snapshot with `editor` open.
    #[must_use]
    pub fn with_editor(mut self, editor: EditorSnapshot) -> Self {
        self.editor = Some(editor);
        self
    }

    /// Checks that this snapshot was made on `form`: the same format version, the same
    /// questions and title, one entry per question, and every option index in range.
    /// Hosts that keep their own state (a line-by-line mode) use it before reading the
    /// entries; [`Flow::restore`] calls it first.
    pub fn check_fits(&self, form: &AskForm) -> Result<(), StateError> {
        let mismatch = |why: String| Err(StateError::DraftMismatch { why });
        if self.version != SNAPSHOT_VERSION {
            return mismatch(format!(
                "draft format version {} is not {SNAPSHOT_VERSION}",
                self.version
            ));
        }
        let same_questions = match &self.form_hash {
            Some(hash) => *hash == crate::snapshot::form_hash(form),
            None => {
                self.form.len() == form.questions.len()
                    && self
                        .form
                        .iter()
                        .zip(&form.questions)
                        .all(|(d, q)| *d == QuestionDetail::from(q))
            }
        };
        if !same_questions || self.title != form.title {
            return mismatch("the draft was made for other questions".to_owned());
        }
        if self.questions.len() != form.questions.len() || self.tab > form.questions.len() {
            return mismatch("the draft does not cover every question".to_owned());
        }
        for (i, (q, s)) in form.questions.iter().zip(&self.questions).enumerate() {
            let options = q.options.len();
            if s.selected
                .iter()
                .chain(s.option_notes.keys())
                .any(|j| *j >= options)
            {
                return mismatch(format!("question {} has an option out of range", i + 1));
            }
        }
        Ok(())
    }

    /// Checks the snapshot fits `form` ([`FlowSnapshot::check_fits`]), then drops what
    /// breaks the form's rules, as a hand-edited or corrupted draft may: a presented type
    /// the type switch cannot give, several answers on a single-select question (the
    /// first selected option stays), options repeated, options on a question without
    /// options. Returns one sentence per question changed, for the user.
    pub fn fit_to(&mut self, form: &AskForm) -> Result<Vec<String>, StateError> {
        self.check_fits(form)?;
        let mut dropped = Vec::new();
        for (i, (q, s)) in form.questions.iter().zip(&mut self.questions).enumerate() {
            let n = i + 1;
            let switchable = !q.freeform && s.presented == QuestionType::Multi;
            if s.presented != q.kind && !switchable {
                dropped.push(format!(
                    "question {n} is {} and cannot be presented as {}: shown as {} again",
                    q.kind.as_str(),
                    s.presented.as_str(),
                    q.kind.as_str()
                ));
                s.presented = q.kind;
            }
            let before = s.selected.len();
            let mut seen = std::collections::BTreeSet::new();
            s.selected.retain(|j| seen.insert(*j));
            let repeated = before != s.selected.len();
            let custom = s.custom_selected && s.custom_text.is_some();
            if s.presented != QuestionType::Multi && s.selected.len() + usize::from(custom) > 1 {
                let kept = s.selected.first().copied();
                let gone: Vec<String> = s
                    .selected
                    .iter()
                    .skip(1)
                    .map(|j| (j + 1).to_string())
                    .collect();
                s.selected.truncate(1);
                let mut why = format!(
                    "question {n} takes one answer: kept option {}",
                    kept.map_or(0, |j| j + 1)
                );
                if !gone.is_empty() {
                    why.push_str(", dropped option(s) ");
                    why.push_str(&gone.join(", "));
                }
                if custom {
                    s.custom_selected = false;
                    why.push_str(", and the typed answer is no longer selected");
                }
                dropped.push(why);
            } else if repeated {
                dropped.push(format!("question {n} listed an option twice: kept it once"));
            }
        }
        Ok(dropped)
    }
}

impl Flow {
    /// A snapshot of the user's work so far (see [`FlowSnapshot`]).
    pub fn snapshot(&self) -> FlowSnapshot {
        let questions = self
            .drafts
            .iter()
            .map(|d| QuestionSnapshot {
                selected: (0..d.selected.len()).filter(|j| d.selected[*j]).collect(),
                custom_text: d.custom_text.clone(),
                custom_selected: d.custom_selected,
                note: d.note.clone(),
                option_notes: d.option_notes.clone(),
                cursor: d.cursor,
                presented: d.presented,
            })
            .collect();
        let editor = self.editor.as_ref().map(|e| {
            let (target, option) = match e.target {
                EditorTarget::Custom => ("custom", None),
                EditorTarget::QuestionNote => ("questionNote", None),
                EditorTarget::OptionNote(j) => ("optionNote", Some(j)),
            };
            EditorSnapshot {
                question: e.question,
                target: target.to_owned(),
                option,
                text: e.buffer.text().to_owned(),
            }
        });
        FlowSnapshot {
            version: SNAPSHOT_VERSION,
            form: Vec::new(),
            form_hash: Some(
                self.form_hash
                    .get_or_init(|| crate::snapshot::form_hash(&self.form))
                    .clone(),
            ),
            title: self.form.title.clone(),
            tab: match self.tab {
                Tab::Question(i) => i,
                Tab::Review => self.form.questions.len(),
            },
            questions,
            editor,
        }
    }

    /// Restores a snapshot made on the same form. Nothing changes when it does not fit:
    /// the error says why (another version, other questions, out-of-range indices).
    /// What breaks the form's rules is dropped first ([`FlowSnapshot::fit_to`]); the
    /// returned sentences say what was dropped (empty for a draft the flow saved).
    pub fn restore(&mut self, snapshot: &FlowSnapshot) -> Result<Vec<String>, StateError> {
        let mismatch = |why: String| Err(StateError::DraftMismatch { why });
        let mut fitted = snapshot.clone();
        let dropped = fitted.fit_to(&self.form)?;
        let snapshot = &fitted;
        let mut drafts = self.drafts.clone();
        for (i, (d, s)) in drafts.iter_mut().zip(&snapshot.questions).enumerate() {
            let options = d.selected.len();
            let rows = self.row_count(i);
            if s.cursor >= rows {
                return mismatch(format!("question {} has its cursor out of range", i + 1));
            }
            d.selected = (0..options).map(|j| s.selected.contains(&j)).collect();
            d.custom_text.clone_from(&s.custom_text);
            d.custom_selected = s.custom_selected && s.custom_text.is_some();
            d.note.clone_from(&s.note);
            d.option_notes.clone_from(&s.option_notes);
            d.cursor = s.cursor;
            d.presented = s.presented;
        }
        let editor = match &snapshot.editor {
            None => None,
            Some(e) => {
                let target = match (e.target.as_str(), e.option) {
                    ("custom", None) => EditorTarget::Custom,
                    ("questionNote", None) => EditorTarget::QuestionNote,
                    ("optionNote", Some(j)) if j < self.row_count(e.question) => {
                        EditorTarget::OptionNote(j)
                    }
                    _ => return mismatch(format!("unknown editor target {:?}", e.target)),
                };
                if e.question != snapshot.tab {
                    return mismatch("the open editor is not on the active tab".to_owned());
                }
                Some(Editor {
                    question: e.question,
                    target,
                    buffer: TextBuffer::with_text(&e.text),
                    completion: None,
                    completion_closed_for: None,
                    picks_digits: false,
                })
            }
        };
        self.drafts = drafts;
        self.noted = self
            .drafts
            .iter()
            .enumerate()
            .filter(|(_, d)| d.has_notes())
            .map(|(i, _)| i)
            .collect();
        self.tab = if snapshot.tab == self.drafts.len() {
            Tab::Review
        } else {
            Tab::Question(snapshot.tab)
        };
        self.editor = editor;
        // The filter line is not part of a draft: a restored form shows every option.
        self.filter = None;
        Ok(dropped)
    }
}
