//! One step of extraction on a session, as `ask extract` prints it.

use ask_contract::{AskForm, payload::AskParams};
use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::error::ExtractError;
use crate::lookup::latest_assistant_message;
use crate::session::PiSession;
use crate::step::{Decision, ModelRequest, Step, next_step};

/// The outcome of one extraction step on a session.
///
/// Serializes to exactly the JSON that `ask extract` prints:
/// - `{"status":"request","assistantEntryId":..,"attempt":n,"request":{"systemPrompt":..,"userText":..}}`
/// - `{"status":"form","assistantEntryId":..,"params":{..}}`
/// - `{"status":"no_questions","assistantEntryId":..}`
/// - `{"status":"failed","error":".."}`
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum ExtractStatus {
    /// Ask the model, then run the step again with its reply appended.
    Request {
        /// The assistant message being extracted from.
        assistant_entry_id: String,
        /// What to send.
        request: ModelRequest,
    },
    /// A valid form was extracted.
    Form {
        /// The assistant message it was extracted from.
        assistant_entry_id: String,
        /// The validated form, ready for the UI.
        form: AskForm,
        /// The form as normalized payload (what the shim stores).
        params: AskParams,
    },
    /// The message asks the user nothing.
    NoQuestions {
        /// The assistant message that was looked at.
        assistant_entry_id: String,
    },
    /// Nothing to extract from, or extraction failed.
    Failed {
        /// Why: [`ExtractError::UnknownLeaf`], [`ExtractError::NoAssistantMessage`],
        /// [`ExtractError::Incomplete`] or [`ExtractError::ExtractionFailed`].
        error: ExtractError,
    },
}

impl ExtractStatus {
    /// The status as the JSON object `ask extract` prints, for lookups. Its keys follow
    /// `serde_json`'s map order; serialize the status itself for the printed order.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// The printed status: typed, so its keys keep the documented order (`status` first) in
/// every build, with or without `serde_json`'s `preserve_order`.
#[derive(Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
enum Printed<'a> {
    #[serde(rename_all = "camelCase")]
    Request {
        assistant_entry_id: &'a str,
        attempt: u32,
        request: PrintedRequest<'a>,
    },
    #[serde(rename_all = "camelCase")]
    Form {
        assistant_entry_id: &'a str,
        params: &'a AskParams,
    },
    #[serde(rename_all = "camelCase")]
    NoQuestions {
        assistant_entry_id: &'a str,
    },
    Failed {
        error: String,
    },
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PrintedRequest<'a> {
    system_prompt: &'a str,
    user_text: &'a str,
}

impl Serialize for ExtractStatus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let printed = match self {
            Self::Request {
                assistant_entry_id,
                request,
            } => Printed::Request {
                assistant_entry_id,
                attempt: request.attempt,
                request: PrintedRequest {
                    system_prompt: &request.system_prompt,
                    user_text: &request.user_text,
                },
            },
            Self::Form {
                assistant_entry_id,
                params,
                ..
            } => Printed::Form {
                assistant_entry_id,
                params,
            },
            Self::NoQuestions { assistant_entry_id } => Printed::NoQuestions { assistant_entry_id },
            Self::Failed { error } => Printed::Failed {
                error: error.to_string(),
            },
        };
        printed.serialize(serializer)
    }
}

/// One step of `/answer` extraction on the branch ending at `leaf` (default:
/// the last entry of the file): finds the latest assistant message, then applies
/// [`next_step`] to it and the model's `responses` so far.
///
/// ```
/// use ask_extract::{ExtractStatus, extract_status, session::PiSession};
///
/// let jsonl = concat!(
///     r#"{"type":"session","version":3,"id":"s","timestamp":"","cwd":"/w"}"#, "\n",
///     r#"{"type":"message","id":"m1","parentId":null,"timestamp":"","message":{"role":"assistant","content":[{"type":"text","text":"Tabs or spaces?"}],"stopReason":"stop"}}"#, "\n",
/// );
/// let session = PiSession::from_reader(jsonl.as_bytes()).unwrap();
///
/// let status = extract_status(&session, None, &[] as &[String], 1);
/// let json = status.to_json();
/// assert_eq!(json["status"], "request");
/// assert_eq!(json["request"]["userText"], "Tabs or spaces?");
///
/// let status = extract_status(&session, None, &[r#"{"questions": []}"#], 1);
/// assert!(matches!(status, ExtractStatus::NoQuestions { .. }));
/// ```
pub fn extract_status<S: AsRef<str>>(
    session: &PiSession,
    leaf: Option<&str>,
    responses: &[S],
    retries: u8,
) -> ExtractStatus {
    let message = match session
        .branch(leaf)
        .and_then(|branch| latest_assistant_message(&branch))
    {
        Ok(message) => message,
        Err(error) => return ExtractStatus::Failed { error },
    };
    let assistant_entry_id = message.entry_id;
    match next_step(&message.text, responses, retries) {
        Step::Request(request) => ExtractStatus::Request {
            assistant_entry_id,
            request,
        },
        Step::Done(Decision::Form { form, params }) => ExtractStatus::Form {
            assistant_entry_id,
            form,
            params,
        },
        Step::Done(Decision::NoQuestions) => ExtractStatus::NoQuestions { assistant_entry_id },
        Step::Done(Decision::Failed(error)) => ExtractStatus::Failed { error },
    }
}
