#![doc = include_str!("../README.md")]

mod atomic;
mod behaviour;
mod config;
mod csi;
mod decode;
mod error;
#[cfg(feature = "crossterm")]
mod from_crossterm;
mod key;
mod keymap;
mod notation;
mod paths;
mod peek;
mod read;
mod store;

pub use atomic::write_atomic;
pub use behaviour::{Behaviour, BehaviourSetting};
pub use config::{
    AnswerSettings, AskConfig, DEFAULT_EXTRACTION_RETRIES, DEFAULT_EXTRACTION_TIMEOUT_MS,
    MAX_EXTRACTION_RETRIES, ModelRef, SCHEMA_VERSION,
};
pub use decode::{Decoder, InputEvent};
pub use error::KeymapError;
pub use key::{Key, KeyCode, Modifiers};
pub use keymap::{Action, Keymap, is_reserved};
pub use paths::{CONFIG_FILE_NAME, ConfigPaths, resolve_config_path};
pub use read::MAX_SETTINGS_BYTES;
pub use store::{ConfigChange, ConfigStore, Loaded};
