//! Integration tests of ask-extract: fixture sessions, fixture model replies,
//! property tests. One test binary, so cargo links once.

mod props;
mod replies;
mod session_size;
mod sessions;
