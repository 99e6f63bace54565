//! The control protocol: JSON lines, each one object with `"v": 1` and a `"type"`.
//! Commands go into a running form, events come out of it. The JSON Schema is
//! [`CONTROL_SCHEMA`](crate::control::CONTROL_SCHEMA); `docs/contract.md` describes it in words.

use ask_contract::{
    AskForm,
    result::{AskResult, QuestionDetail},
};
use ask_state::model::ReviewAction;
use std::sync::Arc;

use serde::Serialize;
use serde_json::{Map, Value};

use super::ControlError;
use crate::view::ViewModel;

/// The protocol version this build speaks: every line carries `"v": 1`.
pub const PROTOCOL_VERSION: u64 = 1;

/// Longest command line accepted (bytes, without the newline): the `--answers` cap.
pub const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// A command into a running form.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ControlCommand {
    /// Answers for some or all questions, in the shape of `ask run --answers`
    /// (`{"<id>": {"values": [...], "customText": ..., "note": ..., ...}}`), validated
    /// like it. Each named question's answer is replaced; the others stay. With `mode`,
    /// the form then ends that way.
    Answer {
        /// The `answers` object, keyed by question id.
        answers: Map<String, Value>,
        /// `submit`, `elaborate` or `cancel` after answering; `None` keeps the form open.
        mode: Option<ReviewAction>,
    },
    /// Submit the form as it stands.
    Submit,
    /// End the form asking the agent to elaborate on the notes.
    Elaborate,
    /// Cancel the form (the answers so far are kept in the cancelled result).
    Cancel,
    /// Show a question (by id) or the review tab.
    Focus(FocusTarget),
    /// Take the terminal back after the form handed it to its host (`folded` event):
    /// the host program drew its own screen meanwhile. Does nothing otherwise.
    Unfold,
}

/// What [`ControlCommand::Focus`] shows.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FocusTarget {
    /// The question with this id.
    Question(String),
    /// The review tab (`"review": true` in JSON).
    Review,
}

/// The normalized form as the `started` event carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FormView {
    /// The form title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Every question with its options, in order.
    pub questions: Vec<QuestionDetail>,
}

impl From<&AskForm> for FormView {
    fn from(form: &AskForm) -> Self {
        Self {
            title: form.title.clone(),
            questions: form.questions.iter().map(QuestionDetail::from).collect(),
        }
    }
}

/// An event out of a running form.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[non_exhaustive]
pub enum ControlEvent {
    /// The first event a client gets: the normalized form and which questions are
    /// answered already.
    Started {
        /// The normalized form.
        form: FormView,
        /// Ids of the questions answered so far, in form order.
        answered: Vec<String>,
        /// The form as front ends draw it ([`ViewModel`]): labels in the form's
        /// language, `required`, each question's answer and problem, what keeps Submit
        /// back.
        view: Arc<ViewModel>,
    },
    /// A question's answer changed (from any side).
    Changed {
        /// The question's id.
        question: String,
        /// Its 0-based position in the form.
        index: usize,
        /// Whether it has a committed answer now.
        answered: bool,
        /// On the last `changed` of the changes seen together: the [`ViewModel`] after
        /// all of them (the typed text, problems and what keeps Submit back included).
        #[serde(skip_serializing_if = "Option::is_none")]
        view: Option<Arc<ViewModel>>,
    },
    /// The form ended: the tool result, as `ask run` prints it.
    Completed {
        /// The result (with `details.answeredVia`).
        result: Box<AskResult>,
    },
    /// The form handed the terminal to the program that started it (`ask run
    /// --host-peek`): its rows are erased, the terminal is back in its normal mode and the
    /// form reads no keys until a client sends `unfold`. Commands still work.
    Folded {
        /// False: the person pressed the peek key, and the host shows its own screen until
        /// they press it again. True: the form gave back rows it had borrowed (the settings
        /// overlay closed), so the host redraws its screen and sends `unfold` at once.
        redraw: bool,
    },
    /// A command of this client was refused; nothing changed.
    Error {
        /// A stable code: see [`ControlError::code`].
        code: &'static str,
        /// What was wrong and what was expected.
        message: String,
    },
}

impl ControlEvent {
    /// The event as one JSON line (no newline), `{"v": 1, "type": ..., ...}`.
    pub fn to_line(&self) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            v: u64,
            #[serde(flatten)]
            event: &'a ControlEvent,
        }
        // Serializing plain data with string keys cannot fail; the fallback keeps it total.
        serde_json::to_string(&Line {
            v: PROTOCOL_VERSION,
            event: self,
        })
        .unwrap_or_else(|_| {
            String::from(
                r#"{"v":1,"type":"error","code":"internal","message":"event not serializable"}"#,
            )
        })
    }

    /// The error event for `err`.
    pub fn error(err: &ControlError) -> Self {
        Self::Error {
            code: err.code(),
            message: err.to_string(),
        }
    }
}

impl ControlCommand {
    /// Parses one command line (`{"v": 1, "type": "submit"}`). Unknown fields are
    /// ignored (later versions may add some); an unknown type, another version or a
    /// field of the wrong type is an error saying what was expected.
    pub fn parse_line(line: &str) -> Result<Self, ControlError> {
        if line.len() > MAX_LINE_BYTES {
            return Err(ControlError::BadLine(format!(
                "a line of {} bytes is over the {MAX_LINE_BYTES}-byte limit",
                line.len()
            )));
        }
        let value: Value = serde_json::from_str(line).map_err(|err| {
            ControlError::BadLine(format!(
                "not JSON ({err}); expected one object per line such as {{\"v\": 1, \"type\": \"submit\"}}"
            ))
        })?;
        Self::from_value(&value)
    }

    /// Parses a command from a JSON value (see [`ControlCommand::parse_line`]).
    pub fn from_value(value: &Value) -> Result<Self, ControlError> {
        let Value::Object(obj) = value else {
            return Err(ControlError::BadLine(format!(
                "expected an object such as {{\"v\": 1, \"type\": \"submit\"}}, got {}",
                short(value)
            )));
        };
        match obj.get("v") {
            Some(v) if v.as_u64() == Some(PROTOCOL_VERSION) => {}
            Some(v) => return Err(ControlError::UnsupportedVersion(short(v))),
            None => return Err(ControlError::UnsupportedVersion("nothing".into())),
        }
        let kind = match obj.get("type") {
            Some(Value::String(kind)) => kind.as_str(),
            other => {
                return Err(ControlError::UnknownCommand(
                    other.map_or_else(|| "nothing".to_owned(), short),
                ));
            }
        };
        match kind {
            "submit" => Ok(Self::Submit),
            "elaborate" => Ok(Self::Elaborate),
            "cancel" => Ok(Self::Cancel),
            "unfold" => Ok(Self::Unfold),
            "answer" => {
                let answers = match obj.get("answers") {
                    Some(Value::Object(map)) => map.clone(),
                    other => {
                        return Err(ControlError::BadCommand(format!(
                            "answer needs \"answers\": an object keyed by question id, got {}",
                            other.map_or_else(|| "nothing".to_owned(), short)
                        )));
                    }
                };
                let mode = match obj.get("mode") {
                    None | Some(Value::Null) => None,
                    Some(Value::String(m)) if m == "submit" => Some(ReviewAction::Submit),
                    Some(Value::String(m)) if m == "elaborate" => Some(ReviewAction::Elaborate),
                    Some(Value::String(m)) if m == "cancel" => Some(ReviewAction::Cancel),
                    Some(other) => {
                        return Err(ControlError::BadCommand(format!(
                            "answer: mode {} is not one of \"submit\", \"elaborate\", \"cancel\"",
                            short(other)
                        )));
                    }
                };
                Ok(Self::Answer { answers, mode })
            }
            "focus" => match (obj.get("question"), obj.get("review")) {
                (Some(Value::String(id)), _) => Ok(Self::Focus(FocusTarget::Question(id.clone()))),
                (None | Some(Value::Null), Some(Value::Bool(true))) => {
                    Ok(Self::Focus(FocusTarget::Review))
                }
                (other, _) => Err(ControlError::BadCommand(format!(
                    "focus needs \"question\": a question id, or \"review\": true; got {}",
                    other.map_or_else(|| "nothing".to_owned(), short)
                ))),
            },
            other => Err(ControlError::UnknownCommand(format!("{other:?}"))),
        }
    }
}

/// A JSON value quoted for a message, cut to 80 characters.
fn short(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(80) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    }
}
