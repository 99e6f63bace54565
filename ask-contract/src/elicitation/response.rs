//! [`AskResult`] -> MCP elicitation result: `accept` with content that validates against
//! the requested schema, `decline` when the user chose Cancel (or Elaborate: they want to
//! talk to the agent instead), `cancel` when they dismissed the form.

use serde_json::{Map, Value, json};

use super::{CONFIRM_ID, ElicitationForm, FieldKind};
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

impl ElicitationForm {
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
    pub fn result(&self, result: &AskResult, end: ElicitationEnd) -> Result<Value, ContractError> {
        match end {
            ElicitationEnd::Declined => return Ok(json!({"action": "decline"})),
            ElicitationEnd::Dismissed => return Ok(json!({"action": "cancel"})),
            ElicitationEnd::Submitted => {}
        }
        let answers = &result.details.answers;
        if self.fields.is_empty() {
            let yes =
                answers.get(CONFIRM_ID).and_then(|a| a.value.as_ref()) != Some(&Value::Bool(false));
            return Ok(if yes {
                json!({"action": "accept", "content": {}})
            } else {
                json!({"action": "decline"})
            });
        }
        let mut content = Map::new();
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
            Ok(json!({"action": "accept", "content": content}))
        } else {
            Err(ContractError::InvalidElicitation { issues })
        }
    }
}
