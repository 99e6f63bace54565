//! `ask schema`: the JSON Schema of the public tool input, or of the control protocol.

use crate::exit::{CliResult, Exit};
use crate::io::write_text;

/// Prints the schema, pretty, to stdout.
pub(crate) fn schema(args: &crate::cli::SchemaArgs) -> CliResult {
    let text = if args.control {
        ask_host::control::CONTROL_SCHEMA
    } else {
        ask_contract::payload::JSON_SCHEMA
    };
    write_text(None, "schema", text)?;
    Ok(Exit::Completed)
}
