//! `/answer` extraction, pi session logs and form replay for `ask_user`.
//!
//! What it does:
//! - **Extraction.** [`EXTRACTION_SYSTEM_PROMPT`] and the retry policy as a pure
//!   step function, [`next_step`]: given an assistant message and the model's
//!   replies so far, it returns the next [`ModelRequest`] or the final
//!   [`Decision`] (a form, no questions, or a failure). Replies in a code fence
//!   or with prose around the JSON are accepted; once retries are spent the last
//!   JSON reply is repaired and validated with free-form questions allowed.
//! - **Session logs.** [`Session`] reads a pi session file (JSONL, streamed,
//!   torn or unparsable lines skipped) into a tree of [`Entry`]s;
//!   [`Session::branch`] walks from a leaf to the root.
//! - **Lookups on a branch.** [`latest_assistant_message`] (refused when the
//!   message did not finish with `stop`) and [`latest_payload`], the latest
//!   still-valid stored `ask:payload` form of a [`Source`], for replay.
//! - **`ask extract`.** [`extract_status`] runs one step on a session and
//!   returns an [`ExtractStatus`] that serializes to the JSON the binary prints.
//!
//! What it does not: call a model, spawn processes, write files or show a UI.
//! The `ask` binary (ask-cli) runs the model (`--completer`) and the flow;
//! the pi shim calls `complete()` and appends the payload entries.
//!
//! ```
//! use ask_extract::{ExtractStatus, Session, Source, extract_status, latest_payload};
//!
//! let jsonl = concat!(
//!     r#"{"type":"session","version":3,"id":"s","timestamp":"","cwd":"/w"}"#, "\n",
//!     r#"{"type":"message","id":"u1","parentId":null,"timestamp":"","message":{"role":"user","content":"Set up the service"}}"#, "\n",
//!     r#"{"type":"message","id":"a1","parentId":"u1","timestamp":"","message":{"role":"assistant","content":[{"type":"text","text":"Should it use PostgreSQL or SQLite?"}],"stopReason":"stop"}}"#, "\n",
//! );
//! let session = Session::from_reader(jsonl.as_bytes()).unwrap();
//!
//! // Step 1: nothing asked yet, so the first model request comes back.
//! let mut responses: Vec<String> = Vec::new();
//! let ExtractStatus::Request { request, .. } = extract_status(&session, None, &responses, 1) else {
//!     panic!("expected a request");
//! };
//! assert_eq!(request.user_text, "Should it use PostgreSQL or SQLite?");
//!
//! // Step 2: the model answered (in a code fence, which is tolerated).
//! responses.push(
//!     "```json\n{\"questions\":[{\"id\":\"database\",\"prompt\":\"Which database?\",\
//!      \"options\":[{\"value\":\"pg\",\"label\":\"PostgreSQL\"},{\"value\":\"sqlite\",\"label\":\"SQLite\"}]}]}\n```"
//!         .to_owned(),
//! );
//! let status = extract_status(&session, None, &responses, 1);
//! let json = status.to_json();
//! assert_eq!(json["status"], "form");
//! assert_eq!(json["assistantEntryId"], "a1");
//! assert_eq!(json["params"]["questions"][0]["id"], "database");
//!
//! // Replay: nothing stored on this branch yet.
//! let branch = session.branch(None).unwrap();
//! let err = latest_payload(&branch, Source::Tool).unwrap_err();
//! assert_eq!(err.to_string(), "no ask_user form on the current branch to reopen");
//! ```

mod candidate;
mod error;
mod lookup;
mod prompt;
mod repair;
mod session;
mod status;
mod step;

pub use error::ExtractError;
pub use lookup::{
    AssistantMessage, Source, StoredPayload, latest_assistant_message, latest_payload,
};
pub use prompt::EXTRACTION_SYSTEM_PROMPT;
pub use session::{Entry, Session};
pub use status::{ExtractStatus, extract_status};
pub use step::{Decision, ModelRequest, Step, next_step};
