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
//! - With the `terminal` feature, the `ask` binary's terminal loop: [`run`] drives a
//!   [`Session`](crate::Session) on the controlling terminal ([`Tty`]) until the form
//!   ends, a signal arrives or the terminal goes away, with peek, Ctrl+Z job control,
//!   resizes, the settings file's watch and control clients' wake-ups; a [`TermHost`]
//!   delivers notifications. It is built from parts a host may use alone:
//!   `TtyInput` (Unix: `/dev/tty` through the decoder in one `poll` with the signals'
//!   wake-up pipe and the settings file's `SettingsWatch`; a lone Esc and split
//!   sequences are told apart by a reasoned wait), [`TermOut`] (frames written at once
//!   where they are painted, the rest on a writer thread, so a terminal that stops
//!   reading never blocks signals or the timeout) and [`signals`] (the one place that
//!   installs signal handlers and hands them back).
//!
//! A host reading `/dev/tty` bytes decodes them with [`Decoder`](ask_keymap::Decoder), which
//! also hands out the terminal's replies for [`TerminalModes::reply`]; a host reading
//! crossterm events converts them with `InputEvent::try_from` (feature `crossterm`).
//! `examples/crossterm_host.rs` in the repository is a whole host in under 40 lines.

mod ansi;
mod caret;
#[cfg(all(not(unix), feature = "terminal"))]
mod events;
#[cfg(all(unix, feature = "terminal"))]
mod input;
#[cfg(feature = "crossterm")]
mod modes;
#[cfg(feature = "terminal")]
mod output;
mod paint;
#[cfg(feature = "terminal")]
mod peek;
#[cfg(feature = "terminal")]
mod runner;
#[cfg(feature = "terminal")]
mod screen;
#[cfg(feature = "terminal")]
#[cfg_attr(docsrs, doc(cfg(feature = "terminal")))]
pub mod signals;
mod viewport;
#[cfg(all(unix, feature = "terminal"))]
mod wait;
#[cfg(all(unix, feature = "terminal"))]
mod watch;

#[cfg(all(unix, feature = "terminal"))]
#[cfg_attr(docsrs, doc(cfg(all(unix, feature = "terminal"))))]
pub use input::TtyInput;
#[cfg(feature = "crossterm")]
#[cfg_attr(docsrs, doc(cfg(feature = "crossterm")))]
pub use modes::{KEYBOARD_REPLY_WINDOW, Keyboard, ModeOptions, TerminalModes};
#[cfg(feature = "terminal")]
#[cfg_attr(docsrs, doc(cfg(feature = "terminal")))]
pub use output::TermOut;
pub use paint::Painter;
#[cfg(feature = "terminal")]
#[cfg_attr(docsrs, doc(cfg(feature = "terminal")))]
pub use runner::{Ended, Layout, RunOptions, TermHost, Tty, open_lines, run};
#[cfg(feature = "terminal")]
#[cfg_attr(docsrs, doc(cfg(feature = "terminal")))]
pub use signals::Signals;
pub use viewport::InlineHeight;
#[cfg(all(unix, feature = "terminal"))]
#[cfg_attr(docsrs, doc(cfg(all(unix, feature = "terminal"))))]
pub use watch::SettingsWatch;

/// What a terminal reader returns ([`TtyInput::wait`] on Unix): input events, or the
/// end of the terminal.
#[cfg(feature = "terminal")]
#[cfg_attr(docsrs, doc(cfg(feature = "terminal")))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A key, a paste, or (from crossterm's reader) a resize.
    Event(ask_keymap::InputEvent),
    /// The terminal went away (hang-up): ends the flow like SIGHUP.
    Closed,
    /// The watched settings file changed (see `SettingsWatch`).
    SettingsChanged,
    /// The terminal answered a query (the keyboard protocol's, sent on entering): for
    /// [`TerminalModes::reply`].
    Reply(ask_keymap::TerminalReply),
}
