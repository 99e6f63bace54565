//! Integration tests of ask-keymap: one binary, one module per area.

#[cfg(feature = "crossterm")]
mod crossterm_events;
mod decoder;
mod filter;
mod peek;
mod properties;
