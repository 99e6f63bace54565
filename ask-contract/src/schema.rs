//! The JSON Schema of the public tool input.

use serde_json::Value;

/// JSON Schema (draft 2020-12) of the public `ask_user` input, as pretty-printed JSON text
/// (ending with a newline) with its keys in the documented order: what `ask schema` prints.
///
/// The internal `freeform` option of `/answer` extraction is not part of it.
pub const JSON_SCHEMA: &str = include_str!("schema.json");

/// JSON Schema (draft 2020-12) of the public `ask_user` input: [`JSON_SCHEMA`] parsed.
///
/// The internal `freeform` option of `/answer` extraction is not part of it.
/// Harnesses that want malformed calls to reach the tool (so they get the
/// structured invalid-payload result) may register a more permissive schema.
///
/// Key order in the returned value follows `serde_json`'s map (sorted unless its
/// `preserve_order` feature is on); print [`JSON_SCHEMA`] for the documented order.
pub fn json_schema() -> Value {
    // The text is a fixed, tested document; `Null` cannot happen in a released build.
    serde_json::from_str(JSON_SCHEMA).unwrap_or(Value::Null)
}
