//! `ask schema`: the JSON Schema of the public tool input.

use crate::exit::{CliResult, Exit};
use crate::io::write_text;

/// Prints the schema, pretty, to stdout.
pub(crate) fn schema() -> CliResult {
    write_text(None, "schema", ask_contract::JSON_SCHEMA)?;
    Ok(Exit::Completed)
}
