//! Key ids, raw terminal input decoding, keymaps and the settings file of `ask_user`.
//!
//! - [`Key`]: an owned key type (code plus modifiers) written in pi-tui key-id notation
//!   (`ctrl+c`, `shift+tab`, `pageUp`), parsed leniently and displayed canonically.
//! - [`Decoder`]: raw terminal bytes to [`InputEvent`]s (keys and bracketed pastes), for
//!   embedders that receive bytes rather than terminal-library events.
//! - [`Keymap`]: the six configurable [`Action`]s and their validated bindings.
//! - [`AskConfig`] and [`ConfigStore`]: the persisted settings file (schema, migrations,
//!   backups of broken files, atomic writes, reload).
//!
//! It does not touch the terminal and depends on no terminal library.
//!
//! ```
//! use ask_keymap::{Action, Key, Keymap};
//!
//! let key: Key = "Control+C".parse().unwrap();
//! assert_eq!(key.to_string(), "ctrl+c");
//! assert_eq!(Keymap::default().action_for(&key), Some(Action::Dismiss));
//! assert_eq!(Keymap::default().label(Action::QuestionNote), "Shift+N");
//! ```

mod atomic;
mod behaviour;
mod config;
mod csi;
mod decode;
mod error;
mod key;
mod keymap;
mod paths;
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
pub use store::{ConfigChange, ConfigStore, Loaded};
