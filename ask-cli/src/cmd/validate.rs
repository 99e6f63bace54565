//! `ask validate`: the normalized form of a payload, or its issues.

use ask_contract::{AskResult, ParseOptions, parse_params_str};

use crate::cli::ValidateArgs;
use crate::exit::{CliResult, Exit};
use crate::io::{read_input, write_result, write_text};

/// Prints the normalized payload (exit 0) or the invalid-payload tool result (exit 2).
pub(crate) fn validate(args: &ValidateArgs) -> CliResult {
    let text = read_input(args.input.as_deref(), "payload")?;
    let options = ParseOptions::default().freeform(args.allow_freeform);
    match parse_params_str(&text, options) {
        Ok(form) => {
            let mut json = serde_json::to_string_pretty(&form.to_params()).unwrap_or_default();
            json.push('\n');
            write_text(None, "normalized form", &json)?;
            Ok(Exit::Completed)
        }
        Err(err) => {
            write_result(None, &AskResult::invalid(err.issues().to_vec()))?;
            Ok(Exit::InvalidPayload)
        }
    }
}
