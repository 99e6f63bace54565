//! The JSON view model of a live form: everything a front end needs to draw it (the
//! questions, what is chosen and written, which tab is shown, how it ended), built from
//! the session's [`LiveState`]. The browser page draws it; any GUI host can too.

use std::collections::BTreeMap;

use ask_contract::{AnsweredVia, AskForm, AskResult, QuestionType};
use ask_host::LiveState;
use ask_host::i18n::{Locale, Msg};
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
    /// The language the form speaks (`es`, `pt-BR`): the terminal's, switched live with it.
    pub locale: String,
    /// The page's own texts in that language, by catalogue key (`web.note`, `review.submit`).
    pub texts: BTreeMap<&'static str, &'static str>,
}

/// The catalogue texts the browser page shows, by their keys.
pub const PAGE_TEXTS: &[Msg] = &[
    Msg::WebPageTitle,
    Msg::WebHeading,
    Msg::WebKeys,
    Msg::WebKeysPick,
    Msg::WebKeysOptionNote,
    Msg::WebKeysQuestionNote,
    Msg::WebLoading,
    Msg::WebNoscript,
    Msg::WebNotTaken,
    Msg::WebClosed,
    Msg::WebAnswered,
    Msg::WebNote,
    Msg::WebNoteOn,
    Msg::WebNoteOnPlain,
    Msg::WebYourAnswer,
    Msg::WebYourOwnAnswer,
    Msg::WebQuestionNote,
    Msg::WebNotAnswered,
    Msg::WebAnsweredInBrowser,
    Msg::WebAnsweredInTerminal,
    Msg::WebAnsweredInControl,
    Msg::WebAnsweredInScripted,
    Msg::WebCancelledInBrowser,
    Msg::WebCancelledInTerminal,
    Msg::WebCancelledInControl,
    Msg::WebCancelledInScripted,
    Msg::WebCancelled,
    Msg::WebEnded,
    Msg::WebTimedOut,
    Msg::WebClosePage,
    Msg::WebConnectionLost,
    Msg::WebUnavailable,
    Msg::PreviewTitle,
    Msg::OptionCustom,
    Msg::OptionRecommended,
    Msg::TabReview,
    Msg::ReviewSubmit,
    Msg::ReviewElaborate,
    Msg::ReviewCancel,
];

/// [`PAGE_TEXTS`] in `locale`, by key.
pub fn page_texts(locale: Locale) -> BTreeMap<&'static str, &'static str> {
    PAGE_TEXTS
        .iter()
        .map(|m| (m.key(), locale.text(*m)))
        .collect()
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
                        label: shown_label(q, o, live.locale),
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
            locale: live.locale.tag().to_owned(),
            texts: page_texts(live.locale),
        }
    }
}

/// The label the person reads: a confirm question's made-up `Yes`/`No` in `locale`.
fn shown_label(
    q: &ask_contract::Question,
    o: &ask_contract::QuestionOption,
    locale: Locale,
) -> String {
    let made_up = match (q.kind, o.value.as_str()) {
        (QuestionType::Confirm, "yes") if q.rules.yes_label.is_none() => Some(Msg::OptionYes),
        (QuestionType::Confirm, "no") if q.rules.no_label.is_none() => Some(Msg::OptionNo),
        _ => None,
    };
    made_up.map_or_else(|| o.label.clone(), |m| locale.text(m).to_owned())
}
