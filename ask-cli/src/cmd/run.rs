//! `ask run`: payload in, tool result out, the UI (or a script, or scripted
//! answers) in between.

use ask_contract::{AskForm, AskResult, ParseOptions, parse_params_str};

use crate::cli::RunArgs;
use crate::exit::{CliResult, Exit};
use crate::io::{read_input, write_result};
use crate::term;

/// Runs the whole `ask run` command.
pub(crate) fn run(args: &RunArgs) -> CliResult {
    let text = read_input(args.input.as_deref(), "payload")?;
    let options = ParseOptions {
        allow_freeform: args.allow_freeform,
    };
    let form = match parse_params_str(&text, options) {
        Ok(form) => form,
        Err(err) => {
            write_result(
                args.ui.output.as_deref(),
                &AskResult::invalid(err.issues().to_vec()),
            )?;
            return Ok(Exit::InvalidPayload);
        }
    };
    if args.no_ui {
        return non_interactive(args, &form);
    }
    match term::Tty::open() {
        Some(_tty) => non_interactive(args, &form),
        None => non_interactive(args, &form),
    }
}

/// Writes the "Needs user input" result and exits 3.
fn non_interactive(args: &RunArgs, form: &AskForm) -> CliResult {
    write_result(args.ui.output.as_deref(), &AskResult::non_interactive(form))?;
    Ok(Exit::NoTerminal)
}
