#![doc = include_str!("../README.md")]

mod elicitation;
mod form;
mod formats;
mod issue;
mod json;
mod loc;
mod message;
#[cfg(not(feature = "regex"))]
mod no_regex;
mod outcome;
mod params;
mod parse;
mod pattern;
mod result;
mod schema;
mod text;
mod tree;
mod typed;
mod validate;
mod validate_typed;

pub use elicitation::{
    ElicitationAction, ElicitationEnd, ElicitationFields, ElicitationForm, ElicitationRequest,
    ElicitationResult, NOTE_PROPERTY,
};
pub use form::{AskForm, Question, QuestionOption, QuestionType};
/// The ordered map of [`AskDetails::answers`] and the other id-keyed result maps,
/// re-exported so embedders need no `indexmap` dependency of their own.
pub use indexmap::IndexMap;
pub use issue::{ContractError, Issue};
pub use message::{MessageKind, REPLAY_TEXT, RESUME_TEXT, message_text};
pub use outcome::NEEDS_INPUT_INSTRUCTION;
pub use params::{AskParams, OptionParams, QuestionParams};
pub use parse::{
    MAX_ISSUES, MAX_PAYLOAD_BYTES, ParseOptions, parse_params, parse_params_bytes, parse_params_str,
};
pub use pattern::Pattern;
pub use result::{
    Answer, AnsweredVia, AskDetails, AskResult, Continuation, ContinuationStrategy, Elaboration,
    ElaborationItem, ElaborationTarget, ErrorKind, MAX_REPEATED_QUESTION_BYTES, Mode, NeedsInput,
    NextAction, Outcome, PayloadError, QuestionDetail, QuestionState, QuestionStatus,
    QuestionSummary, SHORTENED_PROMPT_BYTES, TextContent,
};
pub use schema::{JSON_SCHEMA, json_schema};
pub use text::{
    CANCELLED_TEXT, ELABORATION_INSTRUCTION, EMPTY_SUBMIT_TEXT, PRESENTED_AS_MULTI_NOTE,
    PRESENTED_AS_SINGLE_NOTE, TIMED_OUT_TEXT, elaborate_text, invalid_payload_text,
    non_interactive_text, submit_text, timed_out_text,
};
pub use typed::{PathKind, Rules, TextFormat};
