#![doc = include_str!("../README.md")]

mod cli;
mod cmd;
mod config;
mod exit;
mod io;
mod json_out;
mod notify;
mod process;
mod remote;
mod script;
mod term;

use std::process::ExitCode;

use clap::Parser;

use crate::exit::Exit;

/// Runs `ask` with the process arguments and returns its exit status.
#[doc(hidden)]
pub fn main_exit() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if err.use_stderr() => {
            // The message quotes what was typed: plain text through the sanitizer.
            eprint!("{}", ask_render::text::sanitize(&err.render().to_string()));
            return ExitCode::from(Exit::Usage.code());
        }
        Err(err) => {
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
    };
    let ended = cmd::dispatch(cli.command);
    // Nothing started for a notification outlives ask.
    notify::stop_commands();
    match ended {
        Ok(exit) => ExitCode::from(exit.code()),
        Err(err) => {
            exit::warn(&err.message);
            ExitCode::from(err.exit.code())
        }
    }
}
