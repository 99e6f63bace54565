//! [`AskResult`] -> MCP elicitation result: `accept` with content that validates against
//! the requested schema, `decline` when the user chose Cancel (or Elaborate: they want to
//! talk to the agent instead), `cancel` when they dismissed the form.

use indexmap::IndexMap;
use serde::Serialize;
use serde_json::Value;

use super::{CONFIRM_ID, ElicitationSchema, FieldKind};
use crate::issue::{ContractError, Issue};
use crate::result::{AskResult, Mode};

/// How the form ended, as MCP's three actions tell it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ElicitationEnd {
    /// Submitted: `accept` with the answers as content.
    Submitted,
    /// The user chose Cancel or Elaborate: `decline`.
    Declined,
    /// The user dismissed the form (Esc, Ctrl+C, a closed terminal, the idle timeout, no
    /// terminal at all): `cancel`.
    Dismissed,
}

impl ElicitationEnd {
    /// How `result` ended: submitted, else dismissed when `dismissed` (the host saw a
    /// dismiss rather than the review's Cancel, or the flow timed out), else declined.
    pub fn from_result(result: &AskResult, dismissed: bool) -> Self {
        let d = &result.details;
        if !d.cancelled && d.mode == Mode::Submit && d.error.is_none() {
            Self::Submitted
        } else if dismissed || d.timed_out {
            Self::Dismissed
        } else {
            Self::Declined
        }
    }
}

/// MCP's three actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ElicitationAction {
    /// The user submitted: `content` holds the answers.
    Accept,
    /// The user declined.
    Decline,
    /// The user dismissed the form.
    Cancel,
}

/// An MCP elicitation result: `{"action": "accept", "content": {...}}`, `{"action":
/// "decline"}` or `{"action": "cancel"}`; content keys in the order of the requested
/// properties.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ElicitationResult {
    /// What the user did.
    pub action: ElicitationAction,
    /// The answers by property name (accept only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<IndexMap<String, Value>>,
}

impl ElicitationResult {
    fn bare(action: ElicitationAction) -> Self {
        Self {
            action,
            content: None,
        }
    }

    /// The result as a JSON value (content keys in property order only when `serde_json`
    /// keeps object order; serialize the result itself to keep it always).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

impl ElicitationSchema {
    /// The MCP elicitation result for `result`: `{"action": "accept", "content": {...}}`
    /// with one entry per answered property (typed values: strings, numbers, booleans, the
    /// chosen enum value or values), `{"action": "decline"}` or `{"action": "cancel"}`.
    /// A request without properties accepts with empty content when the user said yes and
    /// declines when they said no.
    ///
    /// # Errors
    /// [`ContractError::InvalidElicitation`] when an accepted result would not validate
    /// against the schema: a required property unanswered, a typed answer on an enum
    /// property, a value outside its rules (only possible for results not made by the flow,
    /// such as scripted answers).
    pub fn result(
        &self,
        result: &AskResult,
        end: ElicitationEnd,
    ) -> Result<ElicitationResult, ContractError> {
        match end {
            ElicitationEnd::Declined => {
                return Ok(ElicitationResult::bare(ElicitationAction::Decline));
            }
            ElicitationEnd::Dismissed => {
                return Ok(ElicitationResult::bare(ElicitationAction::Cancel));
            }
            ElicitationEnd::Submitted => {}
        }
        let answers = &result.details.answers;
        if self.fields.is_empty() {
            let yes =
                answers.get(CONFIRM_ID).and_then(|a| a.value.as_ref()) != Some(&Value::Bool(false));
            return Ok(if yes {
                ElicitationResult {
                    action: ElicitationAction::Accept,
                    content: Some(IndexMap::new()),
                }
            } else {
                ElicitationResult::bare(ElicitationAction::Decline)
            });
        }
        let mut content = IndexMap::new();
        let mut issues = Vec::new();
        for field in &self.fields {
            let path = format!("content.{}", field.name);
            let Some(answer) = answers.get(&field.name).filter(|a| a.is_committed()) else {
                if field.required {
                    issues.push(Issue::new(
                        path,
                        "is required by the schema but was not answered",
                    ));
                }
                continue;
            };
            let value = match field.kind {
                FieldKind::String | FieldKind::Number | FieldKind::Integer | FieldKind::Boolean => {
                    answer.value.clone()
                }
                FieldKind::Enum | FieldKind::MultiEnum if answer.custom_text.is_some() => {
                    issues.push(Issue::new(
                        path,
                        "was answered with typed text; the schema only accepts one of its choices",
                    ));
                    continue;
                }
                FieldKind::Enum => answer.values.first().cloned().map(Value::String),
                FieldKind::MultiEnum => Some(Value::Array(
                    answer.values.iter().cloned().map(Value::String).collect(),
                )),
            };
            match value {
                Some(v) => {
                    content.insert(field.name.clone(), v);
                }
                None => issues.push(Issue::new(path, "has no value of the property's type")),
            }
        }
        if issues.is_empty() {
            Ok(ElicitationResult {
                action: ElicitationAction::Accept,
                content: Some(content),
            })
        } else {
            Err(ContractError::InvalidElicitation { issues })
        }
    }
}
