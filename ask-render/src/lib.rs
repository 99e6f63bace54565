#![doc = include_str!("../README.md")]
// docs.rs labels every feature-gated item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod ansi;
mod block;
mod chrome;
mod editor;
mod filter;
mod fit;
mod footer;
mod frame;
pub mod notification;
mod options;
mod preview;
mod question;
#[cfg(feature = "ratatui")]
mod ratatui;
mod render;
mod review;
mod sanitize;
mod settings;
pub mod text;
pub mod theme;
pub mod transcript;
mod typed;
mod window;

pub use ansi::to_ansi;
pub use fit::fitting_height;
pub use frame::{Cursor, Frame, Line, Role, Span, Style};
#[cfg(feature = "ratatui")]
pub use ratatui::FrameWidget;
pub use render::{RenderOptions, render};
