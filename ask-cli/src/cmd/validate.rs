//! `ask validate`: the normalized form of a payload, or its issues.

use ask_contract::{AskResult, ParseOptions, parse_params_bytes};

use crate::cli::ValidateArgs;
use crate::exit::{CliResult, Exit};
use crate::io::{read_payload, write_result, write_text};

/// Prints the normalized payload (exit 0) or the invalid-payload tool result (exit 2).
pub(crate) fn validate(args: &ValidateArgs) -> CliResult {
    let payload = read_payload(args.input.as_deref())?;
    let options = ParseOptions {
        allow_freeform: args.allow_freeform,
    };
    match parse_params_bytes(&payload, options) {
        Ok(form) => {
            let json = crate::json_out::json_text(&form.to_params_json(), true);
            write_text(None, "normalized form", &json)?;
            Ok(Exit::Completed)
        }
        Err(err) => {
            write_result(None, &AskResult::invalid(err.issues().to_vec()))?;
            Ok(Exit::InvalidPayload)
        }
    }
}
