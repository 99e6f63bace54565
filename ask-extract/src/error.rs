//! The crate's error type.

use std::path::PathBuf;
use std::sync::Arc;

use ask_contract::Issue;

use crate::lookup::Source;

/// Why a session could not be read, or why nothing can be extracted or replayed.
///
/// Every message is meant to be shown to the user as it is: it names what was
/// looked for and what to do about it.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum ExtractError {
    /// The session file could not be opened or read.
    #[error("could not read session file {path:?}; expected a readable pi session (.jsonl) file")]
    Io {
        /// The path as given.
        path: PathBuf,
        /// The underlying I/O error.
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The session file is larger than [`crate::session::MAX_SESSION_BYTES`] (or endless, such as
    /// `/dev/zero`); it is not read past the cap.
    #[error(
        "session file {path:?} is larger than {} MiB, the most read from a session; check \
         that the path names a pi session (.jsonl) file",
        .limit / (1024 * 1024)
    )]
    TooLarge {
        /// The path as given.
        path: PathBuf,
        /// The cap in bytes.
        limit: u64,
    },
    /// The requested leaf id is not an entry of the session.
    #[error(
        "no entry with id {leaf:?} in the session; expected the id of an entry in this session file"
    )]
    UnknownLeaf {
        /// The id that was asked for.
        leaf: String,
    },
    /// The branch holds no assistant message with text.
    #[error(
        "no assistant message with text on the current branch; there is nothing to extract questions from"
    )]
    NoAssistantMessage,
    /// The latest assistant message did not finish with `stop`.
    #[error(
        "the latest assistant message (entry {entry_id:?}) did not finish normally (stop reason {stop_reason:?}); extraction needs a message that ended with \"stop\", so wait for the reply to complete or ask again"
    )]
    Incomplete {
        /// The entry id of that message.
        entry_id: String,
        /// Its stop reason as written in the session (`toolUse`, `error`, `length`,
        /// `aborted`, ...), or `missing` when it had none.
        stop_reason: String,
    },
    /// No stored form of the wanted source is on the branch.
    #[error("no {} form on the current branch to reopen", .origin.describe())]
    NoStoredForm {
        /// The source that was looked for.
        origin: Source,
    },
    /// Stored forms of the wanted source exist on the branch, but none is valid
    /// any more.
    #[error(
        "the stored form is no longer valid: the latest {} form on the branch (entry {entry_id:?}) fails validation: {}",
        .origin.describe(),
        join_issues(.issues)
    )]
    StoredFormInvalid {
        /// The source that was looked for.
        origin: Source,
        /// The newest invalid entry.
        entry_id: String,
        /// What is wrong with it.
        issues: Vec<Issue>,
    },
    /// The extraction model never produced a usable form.
    #[error("could not extract questions after {attempts} attempt(s): {reason}")]
    ExtractionFailed {
        /// How many replies were looked at.
        attempts: usize,
        /// What was wrong with them.
        reason: String,
    },
}

pub(crate) fn join_issues(issues: &[Issue]) -> String {
    issues
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}
