#![doc = include_str!("../README.md")]

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
mod schema;
mod tree;
mod typed;
mod validate;
mod validate_typed;

pub mod elicitation;
pub mod result;
pub mod text;
/// The raw payload as it arrives: its serde types, the JSON Schema it follows, the
/// byte-level parser and the limits parsing enforces. A validated payload is an
/// [`AskForm`].
pub mod payload {
    pub use crate::params::{AskParams, OptionParams, QuestionParams};
    pub use crate::parse::{MAX_ISSUES, MAX_PAYLOAD_BYTES, parse_params_bytes};
    pub use crate::schema::{JSON_SCHEMA, json_schema};
}

/// The rules a typed question carries ([`Question::rules`]): lengths, bounds, text
/// formats, path kinds and the compiled `pattern`.
pub mod rules {
    pub use crate::pattern::Pattern;
    pub use crate::typed::{PathKind, Rules, TextFormat};
}

pub use form::{AskForm, Question, QuestionOption, QuestionType};
pub use issue::{ContractError, Issue};
pub use parse::{ParseOptions, parse_params, parse_params_str};
