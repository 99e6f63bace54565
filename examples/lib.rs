//! Example hosts for the `ask_user` libraries. The code is in the example
//! targets beside this file; run one with
//! `cargo run -p ask-examples --example ansi_host`.
//!
//! This library part only holds the payload the examples share.

/// The payload every example asks: `examples/mixed.json`, compiled in.
pub const PAYLOAD: &str = include_str!("mixed.json");
