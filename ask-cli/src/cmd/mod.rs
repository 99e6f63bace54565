//! One file per subcommand. Each takes its parsed arguments and returns the
//! exit status (or a `CliError`); `main` turns that into the process exit.

pub(crate) mod answer;
#[cfg(unix)]
pub(crate) mod completer;
#[cfg(windows)]
#[path = "completer_windows.rs"]
pub(crate) mod completer;
mod completion;
mod draft;
mod elicit;
pub(crate) mod extract;
pub(crate) mod mcp;
pub(crate) mod render_result;
pub(crate) mod replay;
pub(crate) mod run;
pub(crate) mod schema;
pub(crate) mod settings;
pub(crate) mod validate;

use ask_extract::lookup::Source;

use crate::cli::Command;
use crate::exit::CliResult;

/// Runs one parsed command.
pub(crate) fn dispatch(command: Command) -> CliResult {
    match command {
        Command::Run(args) => run::run(&args),
        Command::Validate(args) => validate::validate(&args),
        Command::Schema(args) => schema::schema(&args),
        Command::Settings(args) => settings::settings(&args),
        Command::RenderResult(args) => render_result::render_result(&args),
        Command::Extract(args) => extract::extract(&args),
        Command::Answer(args) => answer::answer(&args),
        Command::AnswerAgain(args) => replay::reopen(&args, Source::AnswerExtraction),
        Command::Replay(args) => replay::reopen(&args, Source::Tool),
        Command::Mcp(args) => mcp::mcp(&args),
    }
}
