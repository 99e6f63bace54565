//! `ask render-result`: the transcript text of a tool result, or the user message that
//! carries its answers, for hosts.

use ask_contract::{result::AskResult, text::MessageKind};

use crate::cli::{MessageKindArg, RenderResultArgs};
use crate::exit::{CliError, CliResult, Exit};
use crate::io::{read_input, write_text};

/// Prints the transcript lines (or with `--message`, the message text) of the result read
/// from `--input` or stdin.
pub(crate) fn render_result(args: &RenderResultArgs) -> CliResult {
    let text = read_input(args.input.input.as_deref(), "tool result")?;
    let result: AskResult = serde_json::from_str(&text).map_err(|err| {
        CliError::new(
            Exit::DataErr,
            format!(
                "input is not an ask_user tool result ({err}); expected {{\"content\": [...], \"details\": {{...}}}}"
            ),
        )
    })?;
    let details = &result.details;
    let mut out = match (args.message, &args.reopen) {
        (Some(kind), _) => {
            let kind = match kind {
                MessageKindArg::Answer => MessageKind::Answer,
                MessageKindArg::Replay => MessageKind::Replay,
                MessageKindArg::Resume => MessageKind::Resume,
            };
            ask_contract::text::message_text(details, kind)
        }
        (None, Some(command)) if details.cancelled && details.error.is_none() => {
            ask_render::transcript::cancelled_line(Some(command))
        }
        (None, _) => ask_render::transcript::render_result(&result),
    };
    if !out.ends_with('\n') {
        out.push('\n');
    }
    write_text(None, "transcript", &out)?;
    Ok(Exit::Completed)
}
