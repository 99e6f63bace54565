//! Workspace-level end-to-end tests for `ask_user`.
//!
//! The tests live in `e2e/` and run the real `ask` binary; this library is empty
//! on purpose so the package has a target that `cargo test --workspace` builds once.
