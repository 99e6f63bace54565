//! The `ask` binary: structured `ask_user` questions in the terminal.
//!
//! `main` only parses the command line, dispatches to `cmd/`, and turns the
//! outcome into an exit status (see `exit.rs` for the table).

mod cli;
mod cmd;
mod exit;
mod io;
mod term;

use std::process::ExitCode;

use clap::Parser;

use crate::exit::Exit;

fn main() -> ExitCode {
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let _ = err.print();
            return if err.use_stderr() {
                ExitCode::from(Exit::Usage.code())
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cmd::dispatch(cli.command) {
        Ok(exit) => ExitCode::from(exit.code()),
        Err(err) => {
            eprintln!("ask: {err}");
            ExitCode::from(err.exit.code())
        }
    }
}
