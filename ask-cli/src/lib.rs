#![doc = include_str!("../README.md")]

mod cli;
mod cmd;
mod config;
mod exit;
mod io;
mod linear;
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
