//! Pure rendering for `ask_user`: flow state in, styled lines out.
//!
//! [`render`] turns an [`ask_state::Flow`] into a [`Frame`]: rows of [`Span`]s
//! that carry a semantic [`Role`] (accent, muted, success, warning...) instead of
//! colours, the editor cursor position, and the row that must stay visible when a
//! host crops the frame to its height. [`render_call`] and [`render_result`] give
//! the one-line and multi-line transcript texts hosts show for a tool call and its
//! result. The text helpers ([`display_width`], [`wrap`], [`truncate`],
//! [`sanitize`]) are grapheme-aware and public for hosts that draw their own chrome.
//!
//! Guarantees:
//! - no line of a frame is wider than the width it was rendered at, for every
//!   width >= 1 (CJK, emoji ZWJ sequences, flags and combining marks included),
//!   and nothing panics, even at width 1;
//! - every string that came from a payload, a note, an editor or a session file is
//!   sanitized: control characters and bidi overrides become visible placeholders,
//!   so a payload cannot move the cursor, change colours, set the window title or
//!   write the clipboard.
//!
//! What it does not do: terminal I/O, colours, reading keys. The `ask` binary maps
//! roles to colours (respecting `NO_COLOR`) and paints the frame; other hosts can
//! map the same roles to a GUI or a web page.
//!
//! Errors: the crate has no error type because nothing in it can fail. Every input
//! (any flow state, any width or height, any JSON value given to [`render_call`])
//! has a rendering; degenerate inputs degrade (cut text, `ask_user (invalid input)`)
//! rather than fail.
//!
//! ```
//! use ask_contract::{ParseOptions, parse_params};
//! use ask_keymap::{Behaviour, Key, KeyCode, Keymap};
//! use ask_render::{RenderOptions, display_width, render};
//! use ask_state::{Flow, FlowOptions};
//! use serde_json::json;
//!
//! let form = parse_params(&json!({"questions": [{"id": "db", "label": "Database",
//!     "prompt": "Which database should the service use?",
//!     "options": [{"value": "pg", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}]}]}),
//!     ParseOptions::default()).unwrap();
//! let mut flow = Flow::new(form, Behaviour::default(), Keymap::default(), FlowOptions::default());
//! flow.apply(flow.handle_key(Key::plain(KeyCode::Down)));
//!
//! let frame = render(&flow, &RenderOptions::new(60, 20));
//! let text = frame.to_plain_text();
//! assert!(text.contains("❯ 2. SQLite"));
//! assert!(frame.lines.iter().all(|line| line.width() <= 60));
//! assert!(frame.to_styled_text().contains("[accent+bold]SQLite[/]"));
//! assert_eq!(frame.lines[frame.focus_row].plain(), "❯ 2. SQLite");
//! assert_eq!(display_width("中文"), 4);
//! ```

mod ansi;
mod block;
mod editor;
mod footer;
mod frame;
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

pub use ansi::{to_ansi, write_line};
pub use frame::{Frame, Line, Role, Span, Style};
#[cfg(feature = "ratatui")]
pub use ratatui::FrameWidget;
pub use render::{RenderOptions, render};
pub use sanitize::sanitize;
pub use text::{display_width, truncate, wrap};
pub use theme::{Color, Look, Theme};
pub use transcript::{render_call, render_result};
