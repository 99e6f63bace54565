//! The JSON view model of a live form: everything a front end needs to draw it (the
//! questions, what is chosen and written, which tab is shown, how it ended), built from
//! the session's [`LiveState`]. The browser page draws it; any GUI host can too.

use std::collections::BTreeMap;

use ask_contract::{AnsweredVia, AskForm, AskResult, Question, QuestionType, TextFormat};
use ask_host::LiveState;
use serde::Serialize;
use serde_json::Number;

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
    /// The page's own texts in that language, by catalogue key (`web.note`, `review.submit`;
    /// see [`PAGE_TEXTS`](crate::PAGE_TEXTS)).
    pub texts: BTreeMap<&'static str, &'static str>,
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
    /// True when the question shows a "Type your own" row (not on `confirm` and
    /// free-form-only questions).
    pub custom_row: bool,
    /// The native input of a typed question (`text`, `number`, `path`): the answer is
    /// typed into it and checked as the terminal checks it (`POST /api/check`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<InputView>,
    /// The question's rule in words, shown under it (`A whole number from 1 to 10`,
    /// `Yes or no`, `Choose 1 to 2`), as the terminal says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// What keeps the current answer back, as the terminal shows it inline (a multi
    /// question with fewer than `minItems` or more than `maxItems` chosen).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    /// The suggested answer while the question is unanswered (its `default`): the
    /// review shows `Not answered (suggested: ...)`. Never chosen for the person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<String>,
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

/// The native input of a typed question, with its rules as HTML attributes take them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InputView {
    /// Which control: `text`, `textarea` (multiline text), `email`, `url`, `date`,
    /// `datetime-local` (by `format`), `number` or `path`.
    pub control: InputControl,
    /// Shown in the empty field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    /// Fewest characters (`text`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_length: Option<u64>,
    /// Most characters (`text`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u64>,
    /// Smallest number (`number`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<Number>,
    /// Largest number (`number`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<Number>,
    /// The `step` attribute (`number`): `1` for whole numbers, `any` otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<&'static str>,
    /// Shown after the field (`number`), like `MB`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The text the field starts with (the `default`), which becomes the answer only
    /// when the person confirms it (Enter) or edits it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefill: Option<String>,
}

/// The HTML control of a typed question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum InputControl {
    /// One line of text.
    Text,
    /// Several lines of text (`multiline`).
    Textarea,
    /// `format: email`.
    Email,
    /// `format: uri`.
    Url,
    /// `format: date`.
    Date,
    /// `format: date-time` (the page sends RFC 3339 with the browser's offset).
    DatetimeLocal,
    /// A number.
    Number,
    /// A file or directory path (text, no spelling help).
    Path,
}

impl InputView {
    /// The input of a typed question, `None` for other types.
    pub fn of(question: &Question) -> Option<Self> {
        let r = &question.rules;
        let control = match question.kind {
            QuestionType::Number => InputControl::Number,
            QuestionType::Path => InputControl::Path,
            QuestionType::Text => match r.format {
                Some(TextFormat::Email) => InputControl::Email,
                Some(TextFormat::Uri) => InputControl::Url,
                Some(TextFormat::Date) => InputControl::Date,
                Some(TextFormat::DateTime) => InputControl::DatetimeLocal,
                _ if r.multiline => InputControl::Textarea,
                _ => InputControl::Text,
            },
            _ => return None,
        };
        let number = control == InputControl::Number;
        Some(Self {
            control,
            placeholder: r.placeholder.clone(),
            min_length: r.min_length,
            max_length: r.max_length,
            min: r.min.clone(),
            max: r.max.clone(),
            step: number.then_some(if r.integer { "1" } else { "any" }),
            unit: r.unit.clone(),
            prefill: question.default_text(),
        })
    }
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
                        label: crate::texts::shown_label(q, o, live.locale),
                        description: o.description.clone(),
                        preview: o.preview.clone(),
                        recommended: o.recommended,
                        selected: s.selected.contains(&j),
                        note: s.option_notes.get(&j).cloned(),
                    })
                    .collect::<Vec<_>>();
                let custom_selected = s.custom_selected && s.custom_text.is_some();
                let answered = !s.selected.is_empty() || custom_selected;
                let problem = (q.kind == QuestionType::Multi && presented == QuestionType::Multi)
                    .then(|| {
                        let chosen = s.selected.len() + usize::from(custom_selected);
                        q.check_count_in(live.locale, chosen).err()
                    })
                    .flatten();
                QuestionView {
                    id: q.id.clone(),
                    label: q.label.clone(),
                    prompt: q.prompt.clone(),
                    kind: q.kind,
                    presented_type: presented,
                    multiple: presented == QuestionType::Multi,
                    freeform: q.freeform,
                    custom_row: q.offers_custom_row(),
                    input: InputView::of(q),
                    rule: q.rule_text_in(live.locale),
                    problem,
                    suggestion: if answered { None } else { q.suggestion() },
                    answered,
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
            texts: crate::texts::page_texts(live.locale),
        }
    }
}
