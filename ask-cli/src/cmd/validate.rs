//! `ask validate`: the normalized form of a payload, or its issues.

use std::io::IsTerminal;

use ask_contract::{ParseOptions, payload::parse_params_bytes, result::AskResult};

use crate::cli::ValidateArgs;
use crate::exit::{CliResult, Exit};
use crate::io::{read_payload, write_text};

/// Prints the normalized payload (exit 0) or the invalid-payload tool result (exit 2):
/// pretty-printed for a person when stdout is a terminal, one compact line of JSON
/// otherwise (a pipe, a file: what a program reads, written in half the time).
pub(crate) fn validate(args: &ValidateArgs) -> CliResult {
    let pretty = std::io::stdout().is_terminal();
    let payload = read_payload(args.input.as_deref())?;
    let options = ParseOptions::default().freeform(args.allow_freeform);
    match parse_params_bytes(&payload, options) {
        Ok(form) => {
            let json = crate::json_out::json_text(&form.to_params(), pretty);
            write_text(None, "normalized form", &json)?;
            Ok(Exit::Completed)
        }
        Err(err) => {
            let result = AskResult::invalid(err.issues().to_vec());
            write_text(None, "result", &crate::json_out::json_text(&result, pretty))?;
            Ok(Exit::InvalidPayload)
        }
    }
}
