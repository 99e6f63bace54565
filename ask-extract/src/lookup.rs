//! Finding what `/answer` and the replay commands need on a branch.

use ask_contract::{AskForm, Issue, ParseOptions, parse_params, payload::AskParams};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::ExtractError;
use crate::session::{Body, Entry};

/// Who stored a form in the session: the `source` field of an `ask:payload` entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// A real `ask_user` tool call (reopened by `/ask:replay`).
    Tool,
    /// A form extracted by `/answer` (reopened by `/answer:again`).
    AnswerExtraction,
}

impl Source {
    /// The spelling in the session file: `tool` or `answer-extraction`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Tool => "tool",
            Self::AnswerExtraction => "answer-extraction",
        }
    }

    /// How messages name forms of this source.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Self::Tool => "ask_user",
            Self::AnswerExtraction => "/answer",
        }
    }

    fn parse_options(self) -> ParseOptions {
        match self {
            Self::Tool => ParseOptions::default(),
            Self::AnswerExtraction => ParseOptions::with_freeform(),
        }
    }
}

/// The assistant message that `/answer` extracts questions from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AssistantMessage {
    /// Its entry id.
    pub entry_id: String,
    /// Its non-empty text blocks joined by newlines (thinking and tool calls left out).
    pub text: String,
}

/// A stored form, revalidated and ready to reopen.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredPayload {
    /// The id of the `ask:payload` entry.
    pub entry_id: String,
    /// The entry it was made from (`sourceEntryId`), when recorded.
    pub source_entry_id: Option<String>,
    /// The validated form.
    pub form: AskForm,
    /// The form as normalized payload.
    pub params: AskParams,
}

/// The latest assistant message on `branch` (root first, as from
/// [`PiSession::branch`](crate::session::PiSession::branch)) that has text.
///
/// Messages without text (only thinking, only tool calls) are skipped; but
/// when the latest assistant message did not finish with `stop` (it ended in
/// `toolUse`, `error`, `length`, `aborted`), extraction is refused with
/// [`ExtractError::Incomplete`], as questions in a cut-off reply are not final.
pub fn latest_assistant_message(branch: &[&Entry]) -> Result<AssistantMessage, ExtractError> {
    for entry in branch.iter().rev() {
        let Body::Assistant { text, stop_reason } = &entry.body else {
            continue;
        };
        match stop_reason.as_deref() {
            Some("stop") => {}
            other => {
                return Err(ExtractError::Incomplete {
                    entry_id: entry.id().to_owned(),
                    stop_reason: other.unwrap_or("missing").to_owned(),
                });
            }
        }
        if !text.trim().is_empty() {
            return Ok(AssistantMessage {
                entry_id: entry.id().to_owned(),
                text: text.clone(),
            });
        }
    }
    Err(ExtractError::NoAssistantMessage)
}

/// The latest `ask:payload` entry of `source` on `branch` whose form is still
/// valid (free-form questions are allowed only for
/// [`Source::AnswerExtraction`]).
///
/// An invalid newer entry is passed over for an older valid one; when entries
/// exist but none is valid, the error says the stored form is no longer valid
/// and lists the issues of the newest one.
pub fn latest_payload(branch: &[&Entry], source: Source) -> Result<StoredPayload, ExtractError> {
    let mut newest_invalid: Option<(String, Vec<Issue>)> = None;
    for entry in branch.iter().rev() {
        let Body::Payload(raw) = &entry.body else {
            continue;
        };
        // The source first, without building the params; the whole entry only for a match.
        let head: PayloadHead = serde_json::from_str(raw).unwrap_or_default();
        if head.source.as_ref().and_then(Value::as_str) != Some(source.as_str()) {
            continue;
        }
        let data: Value = serde_json::from_str(raw).unwrap_or(Value::Null);
        let data = &data;
        match revalidate(data, source) {
            Ok((form, params)) => {
                return Ok(StoredPayload {
                    entry_id: entry.id().to_owned(),
                    source_entry_id: data
                        .get("sourceEntryId")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                    form,
                    params,
                });
            }
            Err(issues) => {
                if newest_invalid.is_none() {
                    newest_invalid = Some((entry.id().to_owned(), issues));
                }
            }
        }
    }
    Err(match newest_invalid {
        Some((entry_id, issues)) => ExtractError::StoredFormInvalid {
            origin: source,
            entry_id,
            issues,
        },
        None => ExtractError::NoStoredForm { origin: source },
    })
}

/// The field a lookup checks before parsing a stored payload entry.
#[derive(Default, Deserialize)]
struct PayloadHead {
    #[serde(default)]
    source: Option<Value>,
}

fn revalidate(data: &Value, source: Source) -> Result<(AskForm, AskParams), Vec<Issue>> {
    match data.get("version") {
        None | Some(Value::Null) => {}
        Some(v) if v.as_u64() == Some(1) => {}
        Some(other) => {
            return Err(vec![Issue::new(
                "data.version",
                format!("unsupported payload entry version {other}; expected 1"),
            )]);
        }
    }
    let params = data.get("params").unwrap_or(&Value::Null);
    let form = parse_params(params, source.parse_options()).map_err(|e| e.issues().to_vec())?;
    let params = form.to_params();
    Ok((form, params))
}
