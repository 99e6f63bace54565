//! Integration tests of ask-keymap: one binary, one module per area.

mod decoder;
mod fixtures;
mod import;
mod properties;
mod store;
