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
//! It does not touch the terminal and depends on no terminal library by default. The
//! optional feature `crossterm` adds [`Key::from_crossterm`] and [`InputEvent::from_crossterm`]
//! (and `TryFrom` impls) with the shift folding a terminal needs; it uses only crossterm's
//! event types.
//!
//! ```
//! use ask_keymap::{Action, BehaviourSetting, ConfigStore, Decoder, InputEvent, Key, Keymap};
//!
//! // Key ids: lenient in, canonical out.
//! let key: Key = "Control+C".parse()?;
//! assert_eq!(key.to_string(), "ctrl+c");
//! let keymap = Keymap::default();
//! assert_eq!(keymap.action_for(&key), Some(Action::Dismiss));
//! assert_eq!(keymap.label(Action::QuestionNote), "Shift+N");
//!
//! // Raw bytes: a shifted letter, a Kitty ctrl+c, and a lone ESC that waits for `flush`.
//! let mut decoder = Decoder::new();
//! let events = decoder.feed(b"N\x1b[99;5u\x1b");
//! assert_eq!(events, [InputEvent::Key("shift+n".parse()?), InputEvent::Key(key)]);
//! assert_eq!(decoder.flush(), [InputEvent::Key("esc".parse()?)]);
//!
//! // The settings file: created with defaults on first use, saved atomically.
//! let dir = tempfile::tempdir()?;
//! let (mut store, loaded) = ConfigStore::open(dir.path().join("ask-user.json"))?;
//! assert_eq!(loaded.config.keymap, keymap);
//! let mut behaviour = loaded.config.behaviour;
//! behaviour.set(BehaviourSetting::FooterHints, false);
//! store.save_behaviour(&behaviour)?;
//! assert_eq!(store.reload()?, None); // our own write is not a change
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Settings path resolution (`--config`, `ASK_CONFIG`, `PI_CODING_AGENT_DIR`) is
//! [`ConfigPaths::resolve`]; open its result with [`ConfigStore::open_paths`] so the legacy
//! file moves only for the default path.

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
pub use paths::{
    CONFIG_FILE_NAME, ConfigPaths, PLATFORM_CONFIG_DIR_NAME, PLATFORM_CONFIG_FILE_NAME,
    resolve_config_path,
};
pub use read::MAX_SETTINGS_BYTES;
pub use store::{ConfigChange, ConfigStore, Loaded};
