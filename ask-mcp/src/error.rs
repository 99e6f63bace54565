//! The crate's error type.

use std::path::PathBuf;

/// What can go wrong serving `ask_user` over MCP.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An elicitation reply did not fit the requested schema.
    #[error("the elicitation reply does not fit the form: {}", problems.join("; "))]
    ElicitReply {
        /// Every mismatch found.
        problems: Vec<String>,
    },
    /// The HTTP address is not a socket address.
    #[error("--http {given:?} is not an address such as 127.0.0.1:8765")]
    BadAddress {
        /// What was given.
        given: String,
    },
    /// A non-loopback address without `--allow-remote`.
    #[error("--http {given:?} is not a loopback address; pass --allow-remote to serve it anyway")]
    RemoteAddress {
        /// What was given.
        given: String,
    },
    /// A file or folder the server needs could not be made or read.
    #[error("{what} {path:?}: {source}")]
    Io {
        /// What the path is for.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The runtime, the socket or the MCP session failed.
    #[error("{what}: {message}")]
    Serve {
        /// What was being done.
        what: &'static str,
        /// The cause, in words.
        message: String,
    },
}
