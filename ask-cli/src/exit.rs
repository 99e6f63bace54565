//! Exit codes of the `ask` binary (the table in ask-cli/README.md) and the error type
//! that carries one, so every path out of `main` goes through one table.

use std::fmt;
use std::path::Path;

/// Every exit status `ask` uses. A result is always written for 0 to 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exit {
    /// The flow completed (submit or elaborate).
    Completed = 0,
    /// The flow was cancelled (also a script that ended early, or SIGTERM, SIGINT,
    /// SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2).
    Cancelled = 1,
    /// The payload broke the input rules; the invalid-payload result was written.
    InvalidPayload = 2,
    /// No interactive terminal (or `--no-ui`); the non-interactive result was written.
    NoTerminal = 3,
    /// Nothing to replay or extract on the session branch.
    NothingFound = 4,
    /// Wrong command line.
    Usage = 64,
    /// Scripted answers (or a script) that do not fit the form.
    DataErr = 65,
    /// An input file could not be read.
    NoInput = 66,
    /// Writing a result or the terminal failed.
    IoErr = 74,
}

impl Exit {
    /// The numeric status.
    pub(crate) fn code(self) -> u8 {
        self as u8
    }
}

/// A failure that ends the program with a message on stderr and an exit code.
#[derive(Debug)]
pub(crate) struct CliError {
    /// Exit status to use.
    pub(crate) exit: Exit,
    /// One or more lines for stderr, without the `ask: ` prefix.
    pub(crate) message: String,
}

impl CliError {
    /// An error with an explicit exit code.
    pub(crate) fn new(exit: Exit, message: impl Into<String>) -> Self {
        Self {
            exit,
            message: message.into(),
        }
    }

    /// Usage error (64).
    pub(crate) fn usage(message: impl Into<String>) -> Self {
        Self::new(Exit::Usage, message)
    }

    /// An input file that could not be read (66), naming it.
    pub(crate) fn no_input(what: &str, path: &Path, err: &std::io::Error) -> Self {
        Self::new(
            Exit::NoInput,
            format!("cannot read {what} '{}': {err}", path.display()),
        )
    }

    /// An input file past its size cap (66), naming it and the cap.
    pub(crate) fn too_large(what: &str, path: &Path, cap: u64) -> Self {
        Self::new(
            Exit::NoInput,
            format!(
                "{what} '{}' is larger than {} MiB, the most ask reads for it; check that \
                 the path names the right file",
                path.display(),
                cap / (1024 * 1024)
            ),
        )
    }

    /// A write that failed (74), naming the target.
    pub(crate) fn io(what: &str, path: &Path, err: &std::io::Error) -> Self {
        Self::new(
            Exit::IoErr,
            format!("cannot write {what} '{}': {err}", path.display()),
        )
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Prints `ask: <message>` on stderr. Messages quote input (file paths, payload and
/// session text, settings notices, serde errors that repeat a bad value), so they go
/// through the same sanitizer as the UI: control characters, escape sequences and bidi
/// controls become visible placeholders and never reach the terminal as controls.
///
/// A stderr that cannot be written (a closed terminal, a closed pipe) is ignored, never a
/// panic: the result still has to be written after the message.
pub(crate) fn warn(message: &str) {
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stderr(),
        "ask: {}",
        ask_render::text::sanitize(message)
    );
}

/// What a subcommand returns: the exit status to use, or an error.
pub(crate) type CliResult = Result<Exit, CliError>;
