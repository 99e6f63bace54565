//! The validated, normalized form: what the rest of the workspace works with.

use serde::{Deserialize, Serialize};

use crate::params::AskParams;
use crate::typed::Rules;

/// How a question is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum QuestionType {
    /// Exactly one option (or a free-form answer).
    #[default]
    Single,
    /// Any number of options, plus an optional free-form answer.
    Multi,
    /// Like `Single`, but every option carries preview text shown beside the list.
    Preview,
    /// A free-form text answer only (`placeholder`, `multiline`, lengths, `format`).
    Text,
    /// Yes or no: two options made from `yesLabel` and `noLabel`, no free-form row.
    Confirm,
    /// A number typed and checked as typed (`min`, `max`, `integer`, `unit`).
    Number,
    /// A file or directory path, completed from the first character (`pathKind`, `mustExist`).
    Path,
}

impl QuestionType {
    /// Every type, in the order the contract lists them. A slice, since the enum is
    /// `#[non_exhaustive]`: a type added later does not change this constant's type.
    pub const ALL: &'static [QuestionType] = &[
        Self::Single,
        Self::Multi,
        Self::Preview,
        Self::Text,
        Self::Confirm,
        Self::Number,
        Self::Path,
    ];

    /// The payload spelling: `single`, `multi`, `preview`, `text`, `confirm`, `number` or `path`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Single => "single",
            Self::Multi => "multi",
            Self::Preview => "preview",
            Self::Text => "text",
            Self::Confirm => "confirm",
            Self::Number => "number",
            Self::Path => "path",
        }
    }

    /// The type of a payload spelling (exact, lowercase).
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|t| t.as_str() == s)
    }
}

/// One declared option of a question, trimmed and validated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionOption {
    /// Machine value returned to the agent; unique within its question.
    pub value: String,
    /// Text shown to the user.
    pub label: String,
    /// Optional muted line under the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Optional preview text (required on every option of a preview question).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview: Option<String>,
    /// The agent recommends this option (`"recommended": true`). A marker only:
    /// it is never preselected and never chosen on the user's behalf. At most
    /// one per single or preview question; any number on multi.
    #[serde(default, skip_serializing_if = "is_false")]
    pub recommended: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_false(b: &bool) -> bool {
    !*b
}

/// One validated question. With serde it is the normalized question of
/// [`AskForm::to_params`] plus the `freeform` flag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// Unique id within the form, trimmed.
    pub id: String,
    /// Tab label; falls back to `Q1`, `Q2`, ... when the payload has none.
    pub label: String,
    /// The question text.
    pub prompt: String,
    /// How the question is answered.
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// Metadata only: never blocks submission.
    pub required: bool,
    /// Declared options in payload order. Empty for free-form-only questions; on
    /// `confirm` questions the two made from `yesLabel` and `noLabel` (values `yes`, `no`).
    #[serde(default)]
    pub options: Vec<QuestionOption>,
    /// True for a free-form-only question: `text`, `number` and `path` questions (and the
    /// internal `freeform` option of stored `/answer` payloads, read as `text`): no option
    /// rows, only the editor.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub freeform: bool,
    /// The type's rules and the `default` ([`Rules`]); empty for plain choice questions.
    #[serde(flatten)]
    pub rules: Rules,
}

impl Question {
    /// True when the question shows a "Type your own" row (every choice question but
    /// `confirm`; free-form-only questions are all editor).
    pub fn offers_custom_row(&self) -> bool {
        !self.freeform && self.kind != QuestionType::Confirm
    }
}

/// A validated and normalized ask payload.
///
/// Only [`parse_params`](crate::parse_params) builds one, so holding an `AskForm`
/// means every input rule of the contract holds. With serde a form is its normalized
/// payload ([`AskForm::to_params`]), and deserializing validates it again (free-form-only
/// questions allowed), so a deserialized form holds the same guarantee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "AskParams", try_from = "AskParams")]
pub struct AskForm {
    /// Optional title shown above the tabs.
    pub title: Option<String>,
    /// At least one question, ids unique.
    pub questions: Vec<Question>,
}

impl AskForm {
    /// Looks a question up by id.
    pub fn question(&self, id: &str) -> Option<&Question> {
        self.questions.iter().find(|q| q.id == id)
    }
}
