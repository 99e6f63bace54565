//! Integration tests of ask-keymap: one binary, one module per area.

#[cfg(feature = "crossterm")]
mod crossterm_events;
mod decoder;
mod filter;
mod fixtures;
mod import;
mod key_order;
mod peek;
mod properties;
mod regular_file;
mod settings_paths;
mod special_files;
mod store;
mod write_through;
