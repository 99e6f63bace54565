//! The crate's error type.

/// Why the web front end could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WebError {
    /// The address could not be bound (in use, not local, no permission).
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address asked for.
        addr: std::net::SocketAddr,
        /// What the system said.
        source: std::io::Error,
    },
    /// No random bytes for a token (the link's, the cookie's or a bearer token).
    #[error("no secure random numbers for a token: {0}")]
    Random(String),
    /// The server thread or its runtime could not start.
    #[error("cannot start the web server: {0}")]
    Start(std::io::Error),
}
