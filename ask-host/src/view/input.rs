//! The native input a front end draws for a typed question, with its rules as HTML
//! attributes take them.

use ask_contract::{Question, QuestionType, rules::TextFormat};
use serde::Serialize;
use serde_json::Number;

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
