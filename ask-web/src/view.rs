//! The JSON view model of a live form: everything a front end needs to draw it (the
//! questions, what is chosen and written, which tab is shown, how it ended), built from
//! the session's [`LiveState`]. The browser page draws it; any GUI host can too.

use ask_contract::{AnsweredVia, AskForm, AskResult, QuestionType};
use ask_host::LiveState;
use serde::Serialize;

/// The whole form as a front end draws it. Serialized with camelCase keys.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ViewModel {
    /// The view model format version (1).
    pub v: u32,
    /// Goes up with every change; a front end can skip views it has drawn.
    pub revision: u64,
    /// The form title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The questions in order.
    pub questions: Vec<QuestionView>,
    /// The tab the terminal shows: a question index, or the number of questions for the
    /// review tab.
    pub tab: usize,
    /// `open`, or `completed` once the form ended.
    pub state: FormState,
    /// Where the form was answered, once it ended that way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answered_via: Option<AnsweredVia>,
    /// The result, once the form ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<AskResult>,
}

/// Whether the form still takes answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FormState {
    /// It takes answers.
    Open,
    /// It ended (submitted, elaborated, cancelled, timed out).
    Completed,
}

/// One question and what is answered on it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionView {
    /// Question id.
    pub id: String,
    /// Tab label.
    pub label: String,
    /// Question text.
    pub prompt: String,
    /// The requested type.
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// How it is presented now (the terminal's type switch may have changed it).
    pub presented_type: QuestionType,
    /// True when several options may be chosen (presented as multi).
    pub multiple: bool,
    /// True for an open question with only a text answer (no options shown).
    pub freeform: bool,
    /// The options, with their selection and notes.
    pub options: Vec<OptionView>,
    /// The free-form ("Type your own") text, saved or not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_text: Option<String>,
    /// Whether the free-form text is part of the answer.
    pub custom_selected: bool,
    /// The question note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// True when an option or the free-form text is chosen.
    pub answered: bool,
}

/// One option of a question.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionView {
    /// The value reported in the result.
    pub value: String,
    /// What the person reads.
    pub label: String,
    /// A longer explanation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Preview text (code, a plan), shown as preformatted text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview: Option<String>,
    /// The agent recommends it (never chosen for the person).
    pub recommended: bool,
    /// Chosen.
    pub selected: bool,
    /// Its note.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl ViewModel {
    /// The view of `form` in the state `live`.
    pub fn new(form: &AskForm, live: &LiveState) -> Self {
        let snapshot = &live.snapshot;
        let questions = form
            .questions
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let s = snapshot.questions.get(i).cloned().unwrap_or_default();
                let presented = if snapshot.questions.get(i).is_some() {
                    s.presented
                } else {
                    q.kind
                };
                let options = q
                    .options
                    .iter()
                    .enumerate()
                    .map(|(j, o)| OptionView {
                        value: o.value.clone(),
                        label: o.label.clone(),
                        description: o.description.clone(),
                        preview: o.preview.clone(),
                        recommended: o.recommended,
                        selected: s.selected.contains(&j),
                        note: s.option_notes.get(&j).cloned(),
                    })
                    .collect::<Vec<_>>();
                let custom_selected = s.custom_selected && s.custom_text.is_some();
                QuestionView {
                    id: q.id.clone(),
                    label: q.label.clone(),
                    prompt: q.prompt.clone(),
                    kind: q.kind,
                    presented_type: presented,
                    multiple: presented == QuestionType::Multi,
                    freeform: q.freeform,
                    answered: !s.selected.is_empty() || custom_selected,
                    options: if q.freeform { Vec::new() } else { options },
                    custom_text: s.custom_text.clone(),
                    custom_selected,
                    note: s.note.clone(),
                }
            })
            .collect();
        Self {
            v: 1,
            revision: live.revision,
            title: form.title.clone(),
            questions,
            tab: snapshot.tab,
            state: if live.result.is_some() {
                FormState::Completed
            } else {
                FormState::Open
            },
            answered_via: live.result.as_ref().and_then(|r| r.details.answered_via),
            result: live.result.clone(),
        }
    }
}
