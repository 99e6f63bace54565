//! The one view model of a live form: everything a front end needs to draw it (the
//! questions with their labels in the form's language, `required`, what is chosen and
//! written, each question's problem as the terminal says it, what keeps Submit back,
//! which tab is shown, how it ended), computed from the session's flow. The control
//! channel carries it in its `started` and `changed` events, the browser page and the
//! MCP App draw it, the pi bridge reads it; any GUI host can too.

mod input;
mod texts;

use std::collections::BTreeMap;

use ask_contract::{
    AskForm, QuestionType,
    result::{AnsweredVia, AskResult},
};
use ask_state::{Flow, Tab};
use serde::Serialize;

pub use input::{InputControl, InputView};
pub use texts::{PAGE_TEXTS, page_texts};

use crate::control::LiveState;

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
    /// What keeps Submit and Elaborate back now (the first question whose answer breaks
    /// a rule: a count outside `minItems`/`maxItems`, typed text that breaks its rules or
    /// names a path that is not there; in a closed form, a required question without an
    /// answer), as the terminal's review says it. Absent when the form may end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked: Option<Blocked>,
    /// `open`, or `completed` once the form ended.
    pub state: FormState,
    /// Where the form was answered, once it ended that way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answered_via: Option<AnsweredVia>,
    /// The result, once the form ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<AskResult>,
    /// The language the form speaks (`es`, `pt-BR`): the terminal's, switched live with it.
    pub locale: String,
    /// The page's own texts in that language, by catalogue key (`web.note`, `review.submit`;
    /// see [`PAGE_TEXTS`]).
    pub texts: BTreeMap<&'static str, &'static str>,
}

/// What keeps Submit back ([`ViewModel::blocked`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Blocked {
    /// The question's id.
    pub question: String,
    /// Its 0-based position.
    pub index: usize,
    /// What is wrong, as [`QuestionView::problem`] says it.
    pub problem: String,
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
    /// The question must be answered (`required`).
    pub required: bool,
    /// True when several options may be chosen (presented as multi).
    pub multiple: bool,
    /// True for an open question with only a text answer (no options shown).
    pub freeform: bool,
    /// True when the question shows a "Type your own" row (not on `confirm` and
    /// free-form-only questions).
    pub custom_row: bool,
    /// The native input of a typed question (`text`, `number`, `path`): what is typed
    /// into it is sent as the answer's draft (`"draft": true`) and judged by the form's
    /// rules, which say any problem in `problem`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<InputView>,
    /// The question's rule in words, shown under it (`A whole number from 1 to 10`,
    /// `Yes or no`, `Choose 1 to 2`), as the terminal says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// What is wrong with the question's answer now, the text the terminal shows inline
    /// in the form's language: typed text that breaks its rules (`at most 10`) or names a
    /// path that is not there (`no such file or directory`), a multi question with fewer
    /// than `minItems` or more than `maxItems` chosen. Such an answer is not taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    /// The suggested answer while the question is unanswered (its `default`): the
    /// review shows `Not answered (suggested: ...)`. Never chosen for the person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<String>,
    /// The options, with their selection and notes.
    pub options: Vec<OptionView>,
    /// The free-form ("Type your own") text or the typed answer, saved or not (text that
    /// breaks a rule is kept here, unanswered, with its `problem`).
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
    /// What the person reads (a confirm question's made-up `Yes`/`No` in the form's
    /// language; the result keeps the English ones).
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
    /// The view of `flow` as it is now: the one function every front end's view comes
    /// from (the session computes it at every change: [`LiveState::view`],
    /// [`Session::view`](crate::Session::view)). `revision` numbers it; `result` is the
    /// form's result once it ended.
    pub fn of(flow: &Flow, revision: u64, result: Option<&AskResult>) -> Self {
        let form = flow.form();
        let locale = flow.locale();
        let questions = form
            .questions
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let d = flow.draft(i).cloned().unwrap_or_default();
                let presented = flow.presented_type(i).unwrap_or(q.kind);
                let options = q
                    .options
                    .iter()
                    .enumerate()
                    .map(|(j, o)| OptionView {
                        value: o.value.clone(),
                        label: ask_render::text::option_label(q, j, locale)
                            .unwrap_or(&o.label)
                            .to_owned(),
                        description: o.description.clone(),
                        preview: o.preview.clone(),
                        recommended: o.recommended,
                        selected: d.selected.get(j).copied().unwrap_or(false),
                        note: d.option_notes.get(&j).cloned(),
                    })
                    .collect::<Vec<_>>();
                let custom_text = d.custom_text.clone();
                let custom_selected = d.custom_selected && d.custom_text.is_some();
                let answered = d.is_answered();
                QuestionView {
                    id: q.id.clone(),
                    label: q.label.clone(),
                    prompt: q.prompt.clone(),
                    kind: q.kind,
                    presented_type: presented,
                    required: q.required,
                    multiple: presented == QuestionType::Multi,
                    freeform: q.freeform,
                    custom_row: q.offers_custom_row(),
                    input: InputView::of(q),
                    rule: q.rule_text_in(locale),
                    problem: flow.input_problem(i),
                    suggestion: if answered { None } else { q.suggestion() },
                    answered,
                    options: if q.freeform { Vec::new() } else { options },
                    custom_text,
                    custom_selected,
                    note: d.note.clone(),
                }
            })
            .collect();
        let blocked = flow.blocking_problem().and_then(|(index, problem)| {
            let q = form.questions.get(index)?;
            Some(Blocked {
                question: q.id.clone(),
                index,
                problem,
            })
        });
        Self {
            v: 1,
            revision,
            title: form.title.clone(),
            questions,
            tab: match flow.tab() {
                Tab::Question(i) => i,
                Tab::Review => form.questions.len(),
            },
            blocked,
            state: if result.is_some() {
                FormState::Completed
            } else {
                FormState::Open
            },
            answered_via: result.and_then(|r| r.details.answered_via),
            result: result.cloned(),
            locale: locale.tag().to_owned(),
            texts: page_texts(locale),
        }
    }

    /// The view `live` carries (the session computed it from its flow); `form` is the
    /// form `live` belongs to. The same as `(*live.view).clone()`.
    pub fn new(form: &AskForm, live: &LiveState) -> Self {
        debug_assert_eq!(form.questions.len(), live.view.questions.len());
        (*live.view).clone()
    }
}

impl crate::Session {
    /// The form as front ends draw it now ([`ViewModel::of`] of the session's flow and
    /// result), numbered 0; a controlled session keeps the latest, numbered by
    /// revision, in [`LiveState::view`].
    pub fn view(&self) -> ViewModel {
        self.view_at(0)
    }

    /// [`Session::view`] numbered `revision`.
    pub(crate) fn view_at(&self, revision: u64) -> ViewModel {
        ViewModel::of(&self.flow, revision, self.result.as_ref())
    }
}
