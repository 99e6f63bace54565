#![doc = include_str!("../README.md")]
// docs.rs labels every feature-gated item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod action;
pub mod behaviour;
mod csi;
mod decode;
mod error;
#[cfg(feature = "crossterm")]
mod from_crossterm;
mod key;
mod keymap;
mod notation;

pub use action::{Action, Context, is_reserved};
pub use decode::{Decoder, InputEvent, TerminalReply};
pub use error::KeymapError;
pub use key::{Key, KeyCode, Modifiers};
pub use keymap::{Keymap, describe_json};
