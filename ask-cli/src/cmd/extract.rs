//! `ask extract`: one step of `/answer` extraction, as JSON on stdout. Also the
//! session helpers the other session subcommands (`answer`, `answer-again`,
//! `replay`) share: opening the file and mapping lookup errors to exit codes.

use ask_extract::{ExtractError, extract_status, session::PiSession};

use crate::cli::{ExtractArgs, SessionArgs};
use crate::config;
use crate::exit::{CliError, CliResult, Exit};
use crate::io::{read_file, write_text};

/// Prints `{"status": "request"|"form"|"no_questions"|"failed", ...}` and exits 0.
///
/// Only an unreadable session or response file is an error (66); everything
/// the branch does not provide is a `failed` status, which the caller reads.
pub(crate) fn extract(args: &ExtractArgs) -> CliResult {
    let session = open_session(&args.session)?;
    let responses = args
        .response
        .iter()
        .map(|path| read_file(path, "response file"))
        .collect::<Result<Vec<_>, _>>()?;
    let loaded = config::load_read_only(args.config.as_deref());
    if let Some(notice) = loaded.notice_line() {
        crate::exit::warn(&notice);
    }
    let retries = loaded.config().answer.extraction_retries;
    let status = extract_status(&session, args.session.leaf.as_deref(), &responses, retries);
    let json = crate::json_out::json_text(&status, false);
    write_text(None, "extraction status", &json)?;
    Ok(Exit::Completed)
}

/// Opens the session file named by `--session` (66 when it cannot be read).
pub(crate) fn open_session(args: &SessionArgs) -> Result<PiSession, CliError> {
    PiSession::open(&args.session).map_err(|err| session_error(&err))
}

/// The exit status and message for a session or lookup error: 66 for an
/// unreadable file, 64 for a `--leaf` that is not in the file, 4 (nothing to
/// extract or replay) for everything else.
pub(crate) fn session_error(err: &ExtractError) -> CliError {
    let exit = match err {
        ExtractError::Io { .. } | ExtractError::TooLarge { .. } => Exit::NoInput,
        ExtractError::UnknownLeaf { .. } => Exit::Usage,
        _ => Exit::NothingFound,
    };
    CliError::new(exit, err.to_string())
}
