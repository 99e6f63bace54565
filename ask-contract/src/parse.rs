//! The public entry points: a payload as a [`serde_json::Value`], text or bytes, into an
//! [`AskForm`], within the limits on size and issue count. Text is read into a tree that
//! keeps only what validation reads (see `tree`), so memory stays proportional to the
//! input; the walk itself is in `validate`.

use serde_json::Value;

use crate::form::AskForm;
use crate::issue::{ContractError, Issue};
use crate::tree::Tree;
use crate::validate::validate;

/// What a caller accepts beyond the public contract. Build it with
/// [`ParseOptions::default`] (the public contract) or [`ParseOptions::with_freeform`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Accept the internal `freeform: true` option of `/answer` extraction.
    pub allow_freeform: bool,
}

impl ParseOptions {
    /// Options for forms produced by `/answer` extraction.
    pub fn with_freeform() -> Self {
        Self::default().freeform(true)
    }

    /// The same options with the internal `freeform` option accepted or not.
    #[must_use]
    pub const fn freeform(mut self, allow: bool) -> Self {
        self.allow_freeform = allow;
        self
    }
}

/// Parses, validates and normalizes a payload.
///
/// ```
/// let payload = serde_json::json!({"questions": [{"id": "db", "prompt": "Which database?",
///     "options": [{"value": "pg", "label": "PostgreSQL"}]}]});
/// let form = ask_contract::parse_params(&payload, ask_contract::ParseOptions::default()).unwrap();
/// assert_eq!(form.questions[0].label, "Q1");
/// ```
pub fn parse_params(payload: &Value, options: ParseOptions) -> Result<AskForm, ContractError> {
    validate(payload, options)
}

/// The most issues listed for one payload. Past it, one last issue at `payload` says how
/// many more were found, so a huge broken payload gives a short answer (and validation a
/// bounded amount of memory) instead of one issue per broken element.
pub const MAX_ISSUES: usize = 100;

/// The largest payload accepted, in bytes of JSON text (16 MiB). Longer text is one issue
/// at `payload`. A single text field (a prompt, a preview) may use all of it.
pub const MAX_PAYLOAD_BYTES: usize = 16 * 1024 * 1024;

/// One issue at `payload` for text over [`MAX_PAYLOAD_BYTES`].
fn too_large(len: usize) -> ContractError {
    ContractError::InvalidPayload {
        issues: vec![Issue::new(
            "payload",
            format!(
                "is {len} bytes, more than the {MAX_PAYLOAD_BYTES} bytes (16 MiB) a payload may hold; \
                 ask fewer questions per call or shorten long texts such as previews"
            ),
        )],
    }
}

/// Like [`parse_params_str`] for raw bytes: bytes that are not UTF-8 are one issue at
/// `payload` naming the offset of the first bad byte. Memory is bounded as for
/// [`parse_params_str`].
pub fn parse_params_bytes(bytes: &[u8], options: ParseOptions) -> Result<AskForm, ContractError> {
    if bytes.len() > MAX_PAYLOAD_BYTES {
        return Err(too_large(bytes.len()));
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_params_str(text, options),
        Err(err) => Err(ContractError::InvalidPayload {
            issues: vec![Issue::new(
                "payload",
                format!(
                    "is not valid UTF-8 (bad byte at offset {}); send the payload as UTF-8 JSON text",
                    err.valid_up_to()
                ),
            )],
        }),
    }
}

/// Like [`parse_params`] for raw text; text that is not JSON is one issue at `payload`, and
/// so is text over [`MAX_PAYLOAD_BYTES`].
///
/// Memory: at most 20 times the text's size plus 20 MB of peak RSS, the text included, for
/// any payload shape (`cargo bench -p ask-contract --bench memory`). Only what validation
/// reads is kept: unknown fields are parsed (bad JSON in them is still an issue) and
/// dropped, and an array or object where text is expected keeps only its kind (`got an
/// array`). The issues are those [`parse_params`] gives for the text as a `Value`.
pub fn parse_params_str(text: &str, options: ParseOptions) -> Result<AskForm, ContractError> {
    if text.len() > MAX_PAYLOAD_BYTES {
        return Err(too_large(text.len()));
    }
    match Tree::parse(text) {
        Ok(json) => validate(&json, options),
        Err(err) => Err(ContractError::InvalidPayload {
            issues: vec![Issue::new(
                "payload",
                format!("is not valid JSON ({err}); send a JSON object with a \"questions\" array"),
            )],
        }),
    }
}
