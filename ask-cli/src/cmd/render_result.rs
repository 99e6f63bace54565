//! `ask render-result`: the transcript text of a tool result, for hosts.

use ask_contract::AskResult;

use crate::cli::InputArgs;
use crate::exit::{CliError, CliResult, Exit};
use crate::io::{read_input, write_text};

/// Prints the transcript lines of the result read from `--input` or stdin.
pub(crate) fn render_result(args: &InputArgs) -> CliResult {
    let text = read_input(args.input.as_deref(), "tool result")?;
    let result: AskResult = serde_json::from_str(&text).map_err(|err| {
        CliError::new(
            Exit::DataErr,
            format!(
                "input is not an ask_user tool result ({err}); expected {{\"content\": [...], \"details\": {{...}}}}"
            ),
        )
    })?;
    let mut out = ask_render::render_result(&result);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    write_text(None, "transcript", &out)?;
    Ok(Exit::Completed)
}
