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
mod notification;
mod options;
mod preview;
mod question;
#[cfg(feature = "ratatui")]
mod ratatui;
mod render;
mod review;
mod sanitize;
mod settings;
mod text;
mod theme;
mod transcript;
mod typed;
mod window;

pub use ansi::{to_ansi, write_line};
pub use fit::fitting_height;
pub use frame::{Cursor, Frame, Line, Role, Span, Style};
pub use notification::{
    BEL, MAX_NOTIFICATION_WIDTH, Notification, QUESTION_WAITING_EVENT, TIMEOUT_COUNTDOWN_EVENT,
    closing_soon, closing_soon_in, notification_text, osc9, osc777, question_waiting,
    question_waiting_in,
};
#[cfg(feature = "ratatui")]
pub use ratatui::FrameWidget;
pub use render::{RenderOptions, render};
pub use sanitize::sanitize;
pub use text::{display_width, truncate, wrap};
pub use theme::{Color, Look, Theme};
pub use transcript::{cancelled_line, render_call, render_result};
