//! Integration tests of ask-keymap: one binary, one module per area.

mod decoder;
mod fixtures;
mod properties;
mod store;
