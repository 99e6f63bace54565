//! `ask schema`: the JSON Schema of the public tool input.

use crate::exit::{CliResult, Exit};
use crate::io::write_text;

/// Prints the schema, pretty, to stdout.
pub(crate) fn schema() -> CliResult {
    let mut text = serde_json::to_string_pretty(&ask_contract::json_schema()).unwrap_or_default();
    text.push('\n');
    write_text(None, "schema", &text)?;
    Ok(Exit::Completed)
}
