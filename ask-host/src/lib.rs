//! The host loop of `ask_user` as a library: everything between a frontend's input and
//! its screen that is not drawing.
//!
//! A [`Session`] wraps an [`ask_state::Flow`] and carries out what the pure reducer leaves
//! to its host:
//! - effects: behaviour changed in the settings overlay is saved to the settings file, the
//!   finished result is kept ([`Session::result`]);
//! - settings edited on disk are applied at each [`Session::tick`]
//!   ([`commands_for_change`] turns an [`ask_keymap::ConfigChange`] into commands);
//! - `@` completion: the session asks the [`CompletionSource`] it was given whenever the
//!   query changes; [`files::FileIndex`] (feature `files`, on by default) is a
//!   gitignore-aware, fuzzy-ranked index of a folder;
//! - notices are typed ([`Notice`]) and shown in the frame's notice line;
//! - [`Session::frame`] renders the current screen ([`ask_render::Frame`]) for any size.
//!
//! The frontend only reads input (terminal events, raw bytes through
//! [`ask_keymap::Decoder`], a script, a web socket), feeds it in, and draws frames. Nothing
//! here prints, touches a terminal or panics.
//!
//! ```
//! use ask_contract::{ParseOptions, parse_params};
//! use ask_host::{Session, Settings};
//! use ask_keymap::{AskConfig, Key};
//!
//! let payload = serde_json::json!({"questions": [{"id": "db", "prompt": "Which database?",
//!     "options": [{"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]}]});
//! let form = parse_params(&payload, ParseOptions::default())?;
//! // Settings from a file would be `Settings::open(&paths)`: persisted and reloaded.
//! let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
//! session.resize(60, 16);
//! assert!(session.frame().to_plain_text().contains("Which database?"));
//! for key in ["down", "enter", "enter"] {
//!     session.key(key.parse::<Key>()?);
//! }
//! assert!(session.is_over());
//! let result = session.result().expect("submitted");
//! assert_eq!(result.details.answers["db"].values, ["lite"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A session ended from outside (a signal, a closed window) returns
//! [`Session::cancelled`]: a cancelled result keeping the answers committed so far.

mod completion;
#[cfg(feature = "files")]
pub mod files;
mod notice;
mod session;
mod settings;

pub use ask_state::Completion;
pub use completion::CompletionSource;
pub use notice::Notice;
pub use session::Session;
pub use settings::{Settings, commands_for_change};
