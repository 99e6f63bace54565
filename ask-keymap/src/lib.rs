#![doc = include_str!("../README.md")]
// docs.rs labels every feature-gated item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod action;
mod atomic;
mod behaviour;
mod config;
mod csi;
mod decode;
mod doc;
mod error;
#[cfg(feature = "crossterm")]
mod from_crossterm;
mod import;
mod key;
mod keymap;
mod migrate;
mod notation;
mod notice;
mod notifications;
mod paths;
mod peek;
mod pi_ask;
mod read;
mod reset;
mod store;

pub use action::{Action, Context, is_reserved};
pub use atomic::write_atomic;
pub use behaviour::{
    Behaviour, BehaviourSetting, DEFAULT_IGNORE_EARLY_KEYS_MS, MAX_IDLE_TIMEOUT_SECONDS,
    MAX_IGNORE_EARLY_KEYS_MS, ResumeUnanswered,
};
pub use config::{
    AnswerSettings, AskConfig, DEFAULT_EXTRACTION_RETRIES, DEFAULT_EXTRACTION_TIMEOUT_MS,
    MAX_EXTRACTION_RETRIES, ModelRef, SCHEMA_VERSION,
};
pub use decode::{Decoder, InputEvent, TerminalReply};
pub use error::KeymapError;
pub use key::{Key, KeyCode, Modifiers};
pub use keymap::Keymap;
pub use notice::ConfigNotice;
pub use notifications::{Channel, Notifications};
pub use paths::{
    CONFIG_FILE_NAME, ConfigEnv, ConfigPaths, PLATFORM_FILE_NAME, ProcessEnv, resolve_config_path,
};
pub use pi_ask::PI_ASK_FILE_NAME;
pub use read::{MAX_SETTINGS_BYTES, read_regular_file, special_file_kind};
pub use store::{ConfigChange, ConfigStore, Loaded};
