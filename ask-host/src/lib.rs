#![doc = include_str!("../README.md")]
// docs.rs labels every feature-gated item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod accessible;
mod completion;
pub mod control;
mod draft;
#[cfg(feature = "files")]
pub mod files;
mod idle;
mod notice;
mod prefill;
mod session;
mod session_draft;
mod settings;
mod setup;
pub mod term;
mod view;

pub use accessible::{Accessible, AccessibleEnd, AccessibleStep, accessible_settings};
pub use completion::CompletionSource;
pub use control::{
    CONTROL_SCHEMA, CommandSender, ControlCommand, ControlError, ControlEvent, ControlHandle,
    Controller, LiveState,
};
pub use draft::{DRAFT_SAVE_INTERVAL_MS, DraftFile, MAX_DRAFT_BYTES, draft_path_problem};
pub use notice::Notice;
pub use session::Session;
pub use settings::{Settings, commands_for_change, commands_for_change_in};
pub use setup::{Completions, Output, OutputKind, Setup};
pub use view::{
    Blocked, FormState, InputControl, InputView, OptionView, PAGE_TEXTS, QuestionView, ViewModel,
    page_texts,
};

// What a host names, from the crates underneath, so one dependency on `ask-host` is
// enough and a host cannot end up with two versions of a sibling crate. The whole
// crates are re-exported too, for everything else.
/// The payload, validation, result types and agent-facing texts (`ask-contract`).
pub use ask_contract as contract;
pub use ask_contract::{
    AskDetails, AskForm, AskResult, ContractError, Issue, ParseOptions, QuestionType, parse_params,
    parse_params_str,
};
/// The UI languages: locales, the `locale` setting and the message catalogues (`ask-i18n`).
pub use ask_i18n as i18n;
pub use ask_i18n::{Locale, LocaleSetting};
/// Key ids, the raw-input decoder and keymaps (`ask-keymap`).
pub use ask_keymap as keymap;
pub use ask_keymap::{Decoder, InputEvent, Key, KeymapError, TerminalReply};
/// Rendering a flow to frames of styled spans (`ask-render`).
pub use ask_render as render;
#[cfg(feature = "ratatui")]
pub use ask_render::FrameWidget;
pub use ask_render::{
    Cursor, Frame, Line, RenderOptions, Role, Span, Style, Theme, fitting_height, to_ansi,
};
/// The settings file: its schema, store, paths and atomic writes (`ask-settings`).
pub use ask_settings as config;
pub use ask_settings::{AskConfig, ConfigPaths, SettingsError};
/// The pure flow: commands, tabs, editors, snapshots (`ask-state`).
pub use ask_state as state;
pub use ask_state::{
    Command, Completion, FlowSnapshot, HostFeature, HostFeatures, StateError, Tab,
};
/// The crossterm this crate's `crossterm` feature is built on (0.29), for a host that
/// reads crossterm events and hands them to [`InputEvent::try_from`]: naming it through
/// here keeps the two at the same version.
#[cfg(feature = "crossterm")]
#[cfg_attr(docsrs, doc(cfg(feature = "crossterm")))]
pub use crossterm;
