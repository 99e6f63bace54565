#![doc = include_str!("../README.md")]

mod atomic;
mod config;
mod doc;
mod error;
mod import;
mod mcp;
mod migrate;
mod notice;
mod notifications;
pub mod paths;
mod peek;
mod pi_ask;
mod read;
mod reset;
mod store;

/// Reading and writing the files the settings live in: size-capped reads of regular
/// files only, and atomic writes.
pub mod fs {
    pub use crate::atomic::write_atomic;
    pub use crate::read::{MAX_SETTINGS_BYTES, read_regular_file, special_file_kind};
}

/// The sections of the settings file beside the keymaps and behaviour: answers, the
/// model used for extraction, notifications and `ask mcp`, with their limits and the
/// schema version.
pub mod schema {
    pub use crate::config::{
        AnswerSettings, DEFAULT_EXTRACTION_RETRIES, DEFAULT_EXTRACTION_TIMEOUT_MS,
        MAX_EXTRACTION_RETRIES, ModelRef, SCHEMA_VERSION,
    };
    pub use crate::mcp::McpSettings;
    pub use crate::notifications::{Channel, Notifications};
}

pub use config::AskConfig;
pub use error::SettingsError;
pub use notice::ConfigNotice;
pub use store::{ConfigChange, ConfigStore, Loaded};
