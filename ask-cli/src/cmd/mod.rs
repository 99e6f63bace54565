//! One file per subcommand. Each takes its parsed arguments and returns the
//! exit status (or a `CliError`); `main` turns that into the process exit.

pub(crate) mod render_result;
pub(crate) mod run;
pub(crate) mod schema;
pub(crate) mod settings;
pub(crate) mod validate;

use crate::cli::Command;
use crate::exit::{CliError, CliResult};

/// Runs one parsed command.
pub(crate) fn dispatch(command: Command) -> CliResult {
    match command {
        Command::Run(args) => run::run(&args),
        Command::Validate(args) => validate::validate(&args),
        Command::Schema => schema::schema(),
        Command::Settings(args) => settings::settings(&args),
        Command::RenderResult(args) => render_result::render_result(&args),
        Command::Extract(_)
        | Command::Answer(_)
        | Command::AnswerAgain(_)
        | Command::Replay(_)
=> Err(CliError::usage("this subcommand is not available yet")),
    }
}
