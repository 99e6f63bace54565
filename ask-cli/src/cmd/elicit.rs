//! `ask run --elicitation REQUEST.json`: an MCP `elicitation/create` form request shown in
//! our UI (or answered by `--answers` / `--script`), the MCP elicitation result written
//! out. Any MCP client can shell out to it for a form.

use std::path::Path;

use ask_contract::{
    elicitation::{ElicitationAction, ElicitationForm},
    result::AskResult,
};

use crate::cli::UiArgs;
use crate::cmd::run::FormRunner;
use crate::exit::{CliError, CliResult, Exit};
use crate::io::{read_input, write_text};

/// Reads the request and answers it; an invalid request is exit 2 with one line per
/// issue naming the property and the rule.
pub(crate) fn run(mut runner: FormRunner<'_>, path: &Path) -> CliResult {
    let text = read_input(Some(path), "elicitation request")?;
    let elicitation = ElicitationForm::from_request_str(&text).map_err(|err| {
        let lines: Vec<String> = err.issues().iter().map(|i| format!("  {i}")).collect();
        CliError::new(
            Exit::InvalidPayload,
            format!(
                "elicitation request '{}' cannot be shown as a form:\n{}",
                path.display(),
                lines.join("\n")
            ),
        )
    })?;
    // The session owns the form; the output needs only the schema (one copy of a large
    // form, not two).
    let (form, schema) = elicitation.into_parts();
    runner.elicitation = Some(schema);
    runner.run(form)
}

/// Writes the MCP result of a finished form: exit 0 for accept, 1 for decline or cancel.
pub(crate) fn finish(
    ui: &UiArgs,
    setup: &ask_host::setup::Setup,
    result: &AskResult,
    dismissed: bool,
) -> CliResult {
    let output = setup.output_for(result, dismissed).map_err(|err| {
        CliError::new(
            Exit::DataErr,
            format!("the answers do not fit the requested schema: {err}"),
        )
    })?;
    let accepted = matches!(
        &output,
        ask_host::setup::Output::Elicitation(mcp) if mcp.action == ElicitationAction::Accept
    );
    write(ui, &output)?;
    Ok(if accepted {
        Exit::Completed
    } else {
        Exit::Cancelled
    })
}

/// No terminal to ask on: `cancel` (nobody saw the form), exit 3.
pub(crate) fn no_terminal(ui: &UiArgs) -> CliResult {
    write(ui, &serde_json::json!({"action": "cancel"}))?;
    Ok(Exit::NoTerminal)
}

fn write(ui: &UiArgs, value: &impl serde::Serialize) -> Result<(), CliError> {
    let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.push('\n');
    write_text(ui.output.as_deref(), "result file", &text)
}
