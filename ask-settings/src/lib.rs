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
mod paths;
mod peek;
mod pi_ask;
mod read;
mod reset;
mod store;

pub use atomic::write_atomic;
pub use config::{
    AnswerSettings, AskConfig, DEFAULT_EXTRACTION_RETRIES, DEFAULT_EXTRACTION_TIMEOUT_MS,
    MAX_EXTRACTION_RETRIES, ModelRef, SCHEMA_VERSION,
};
pub use error::SettingsError;
pub use mcp::McpSettings;
pub use notice::ConfigNotice;
pub use notifications::{Channel, Notifications};
pub use paths::{
    CONFIG_FILE_NAME, ConfigEnv, ConfigPaths, PLATFORM_FILE_NAME, ProcessEnv, resolve_config_path,
};
pub use pi_ask::PI_ASK_FILE_NAME;
pub use read::{MAX_SETTINGS_BYTES, read_regular_file, special_file_kind};
pub use store::{ConfigChange, ConfigStore, Loaded};
