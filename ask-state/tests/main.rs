//! Integration tests for ask-state: one binary, modules per area.

mod elaborate_size;
mod elicitation;
mod filter;
mod flows;
mod huge;
mod many;
mod notes_review;
mod paths;
mod pattern;
mod properties;
mod scripted;
mod serde;
mod settings_v3;
mod snapshot;
mod stray_keys;
mod support;
mod timeout;
mod typed;
