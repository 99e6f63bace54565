//! Painting frames on a real terminal, and the terminal modes a host sets around them.
//!
//! - [`Painter`] (always there, no dependency: it writes control sequences to any
//!   [`Write`](std::io::Write)) paints a [`Frame`](ask_render::Frame) full screen, in a
//!   rectangle at a position, or as an inline band under the cursor
//!   ([`InlineHeight`]); it places the editor's caret and rewrites only the rows that
//!   changed. The `ask` binary paints with it.
//! - [`TerminalModes`] (feature `crossterm`, which does the platform part: raw mode
//!   through termios or the Windows console) sets raw mode, bracketed paste, the
//!   alternate screen if asked and the kitty keyboard protocol (detected, or pushed) in
//!   one call, and restores all of it, erasing an inline band, when dropped and on a
//!   panic.
//!
//! A host reading `/dev/tty` bytes decodes them with [`Decoder`](ask_keymap::Decoder), which
//! also hands out the terminal's replies for [`TerminalModes::reply`]; a host reading
//! crossterm events converts them with `InputEvent::try_from` (feature `crossterm`).
//! `examples/crossterm_host.rs` in the repository is a whole host in under 40 lines.

mod ansi;
mod caret;
#[cfg(feature = "crossterm")]
mod modes;
mod paint;
mod viewport;

#[cfg(feature = "crossterm")]
#[cfg_attr(docsrs, doc(cfg(feature = "crossterm")))]
pub use modes::{KEYBOARD_REPLY_WINDOW, Keyboard, ModeOptions, TerminalModes};
pub use paint::Painter;
pub use viewport::InlineHeight;
