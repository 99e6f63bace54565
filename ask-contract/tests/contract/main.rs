//! Integration tests for ask-contract: one test binary, one module per area.
//!
//! Golden cases are files: every payload under `tests/fixtures/input/` is parsed
//! with the public options and every payload under `tests/fixtures/freeform/`
//! with free-form allowed; the outcome (normalized form or issues) is an insta
//! JSON snapshot under `tests/contract/snapshots/`. Adding a case is adding a file.

mod elicitation;
mod elicitation_request;
mod input_rules;
mod limits;
mod params;
mod properties;
mod results;
mod roundtrip;
mod schema;
mod texts;

/// Pretty JSON as `serde_json` prints it (two-space indent, fields in declaration order):
/// what the snapshots hold, the same with or without `serde_json`'s `arbitrary_precision`.
fn pretty(value: &impl serde::Serialize) -> String {
    serde_json::to_string_pretty(value).expect("serializable")
}
mod hostile;
