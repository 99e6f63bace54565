//! The `ask_user` contract: payloads in, results out.
//!
//! This crate parses a tool payload from any [`serde_json::Value`] without ever
//! failing on JSON types (every problem becomes an [`Issue`] with a path),
//! validates and normalizes it into an [`AskForm`], and defines the result types
//! ([`AskResult`] and its parts) that serialize to exactly the JSON shape of the
//! behavioural contract, plus the agent-facing texts.
//!
//! It knows nothing about keys, terminals or flow state: see `ask-state` for the
//! state machine and `ask-render` for drawing.
//!
//! ```
//! use ask_contract::{AskResult, ParseOptions, parse_params};
//! use serde_json::json;
//!
//! let payload = json!({
//!     "questions": [{
//!         "id": "db",
//!         "prompt": "Which database should the service use?",
//!         "options": [
//!             {"value": "pg", "label": "PostgreSQL"},
//!             {"value": "sqlite", "label": "SQLite"}
//!         ]
//!     }]
//! });
//! let form = parse_params(&payload, ParseOptions::default()).unwrap();
//! assert_eq!(form.questions[0].label, "Q1");
//!
//! // Without a UI the tool answers with the non-interactive fallback.
//! let result = AskResult::non_interactive(&form);
//! assert!(result.details.cancelled);
//! assert!(result.text().starts_with("Needs user input:"));
//!
//! // Invalid payloads give every issue with its path.
//! let err = parse_params(&json!({"questions": []}), ParseOptions::default()).unwrap_err();
//! assert_eq!(err.issues()[0].path, "questions");
//! ```

mod form;
mod issue;
mod json;
mod loc;
mod parse;
mod result;
mod schema;
mod text;

pub use form::{AskForm, Question, QuestionOption, QuestionType};
pub use issue::{ContractError, Issue};
pub use parse::{
    MAX_ISSUES, MAX_PAYLOAD_BYTES, ParseOptions, parse_params, parse_params_bytes, parse_params_str,
};
pub use result::{
    Answer, AskDetails, AskResult, Continuation, ContinuationStrategy, Elaboration,
    ElaborationItem, ElaborationTarget, ErrorKind, Mode, NextAction, PayloadError, QuestionDetail,
    QuestionState, QuestionStatus, QuestionSummary, TextContent,
};
pub use schema::json_schema;
pub use text::{
    CANCELLED_TEXT, ELABORATION_INSTRUCTION, EMPTY_SUBMIT_TEXT, elaborate_text,
    invalid_payload_text, non_interactive_text, submit_text,
};
