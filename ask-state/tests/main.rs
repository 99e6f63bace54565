//! Integration tests for ask-state: one binary, modules per area.

mod flows;
mod notes_review;
mod properties;
mod scripted;
mod serde;
mod support;
