#![doc = include_str!("../README.md")]
// docs.rs labels every feature-gated item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod accessible;
mod completion;
pub mod control;
pub mod draft;
#[cfg(feature = "files")]
pub mod files;
mod idle;
mod notice;
mod prefill;
mod session;
mod session_draft;
pub mod settings;
pub mod setup;
pub mod term;
pub mod view;

pub use notice::Notice;
pub use session::Session;

// The crates underneath, so one dependency on `ask-host` is enough and a host cannot
// end up with two versions of a sibling crate.
/// The payload, validation, result types and agent-facing texts (`ask-contract`).
pub use ask_contract as contract;
/// The UI languages: locales, the `locale` setting and the message catalogues (`ask-i18n`).
pub use ask_i18n as i18n;
/// Key ids, the raw-input decoder and keymaps (`ask-keymap`).
pub use ask_keymap as keymap;
/// Rendering a flow to frames of styled spans (`ask-render`).
pub use ask_render as render;
/// The settings file: its schema, store, paths and atomic writes (`ask-settings`).
pub use ask_settings as config;
/// The pure flow: commands, tabs, editors, snapshots (`ask-state`).
pub use ask_state as state;
/// The crossterm this crate's `crossterm` feature is built on (0.29), for a host that
/// reads crossterm events and hands them to [`keymap::InputEvent::try_from`]: naming it through
/// here keeps the two at the same version.
#[cfg(feature = "crossterm")]
#[cfg_attr(docsrs, doc(cfg(feature = "crossterm")))]
pub use crossterm;
