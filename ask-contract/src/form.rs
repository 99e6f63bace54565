//! The validated, normalized form: what the rest of the workspace works with.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// How a question is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum QuestionType {
    /// Exactly one option (or a free-form answer).
    #[default]
    Single,
    /// Any number of options, plus an optional free-form answer.
    Multi,
    /// Like `Single`, but every option carries preview text shown beside the list.
    Preview,
}

impl QuestionType {
    /// The payload spelling: `single`, `multi` or `preview`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Single => "single",
            Self::Multi => "multi",
            Self::Preview => "preview",
        }
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

/// One validated question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// Unique id within the form, trimmed.
    pub id: String,
    /// Tab label; falls back to `Q1`, `Q2`, ... when the payload has none.
    pub label: String,
    /// The question text.
    pub prompt: String,
    /// How the question is answered.
    pub kind: QuestionType,
    /// Metadata only: never blocks submission.
    pub required: bool,
    /// Declared options in payload order. Empty for free-form-only questions.
    pub options: Vec<QuestionOption>,
    /// True for a free-form-only question (the internal `freeform` option of
    /// `/answer` extraction): no option rows, only `Type your answer:`.
    pub freeform: bool,
}

/// A validated and normalized ask payload.
///
/// Only [`parse_params`](crate::parse_params) builds one, so holding an `AskForm`
/// means every input rule of the contract holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AskForm {
    /// Optional title shown above the tabs.
    pub title: Option<String>,
    /// At least one question, ids unique.
    pub questions: Vec<Question>,
}

impl AskForm {
    /// The form as a normalized payload (`AskParams` JSON): labels filled in,
    /// types explicit, free-form-only questions written with their internal
    /// `freeform` option so the value parses back to an equal form when
    /// free-form is allowed.
    pub fn to_params_json(&self) -> Value {
        let questions: Vec<Value> = self
            .questions
            .iter()
            .map(|q| {
                let options = if q.freeform {
                    json!([{ "value": "answer", "label": "Type your answer", "freeform": true }])
                } else {
                    serde_json::to_value(&q.options).unwrap_or(Value::Null)
                };
                json!({
                    "id": q.id,
                    "label": q.label,
                    "prompt": q.prompt,
                    "type": q.kind.as_str(),
                    "required": q.required,
                    "options": options,
                })
            })
            .collect();
        let mut root = serde_json::Map::new();
        if let Some(title) = &self.title {
            root.insert("title".into(), Value::String(title.clone()));
        }
        root.insert("questions".into(), Value::Array(questions));
        Value::Object(root)
    }

    /// Looks a question up by id.
    pub fn question(&self, id: &str) -> Option<&Question> {
        self.questions.iter().find(|q| q.id == id)
    }
}
