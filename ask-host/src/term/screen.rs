//! Entering and leaving the UI's terminal modes on `/dev/tty` with ask-host's
//! [`TerminalModes`] (raw mode, bracketed paste, the alternate screen unless inline,
//! the kitty keyboard protocol where the terminal answers its query), restored on every
//! exit path: drop, panic (the library's hook), and signals (the event loop notices them
//! and unwinds normally, so the drop runs). Suspending (SIGTSTP) and resuming (SIGCONT)
//! go through the same guard. Inline, the restore erases the rows of the band the
//! painter drew, leaving the cursor on the band's first row.

use std::fs::File;
use std::io;
use std::time::Duration;

use ask_keymap::TerminalReply;

use super::output::TermOut;
use super::{Keyboard, ModeOptions, TerminalModes};

/// How long leaving waits for frames still on their way to the terminal: a terminal
/// that stopped reading must not hold up the result.
const PATIENCE: Duration = Duration::from_millis(300);

/// The terminal in the UI's modes; restores it when dropped.
pub(super) struct Screen {
    /// Everything is drawn through it, to `/dev/tty` (on a writer thread).
    pub(super) out: TermOut,
    modes: TerminalModes,
}

impl Screen {
    /// Enters the UI's modes on `tty`.
    ///
    /// The kitty keyboard protocol is asked for (`CSI ? u`, `CSI c`) and its flags pushed
    /// only when the terminal answers the first question; the answer comes in with the
    /// keys ([`Screen::reply`]), so nothing waits for it. Where crossterm reads the
    /// input (not Unix), it keeps the replies to itself, so the flags are pushed without
    /// asking (terminals without the protocol ignore them).
    /// `direct`, a non-blocking handle on the same terminal, writes frames on the
    /// caller's thread whenever the terminal takes them at once.
    pub(super) fn enter(tty: File, direct: Option<File>, inline: bool) -> io::Result<Self> {
        let mut out = TermOut::with_direct(tty, direct);
        let options = if inline {
            ModeOptions::inline()
        } else {
            ModeOptions::fullscreen()
        };
        let keyboard = if cfg!(unix) {
            Keyboard::Detect
        } else {
            Keyboard::Enhanced
        };
        let modes = TerminalModes::enter(&mut out, options.with_keyboard(keyboard))?;
        Ok(Self { out, modes })
    }

    /// A terminal reply from the input: the answer to the keyboard query.
    #[cfg_attr(not(unix), allow(dead_code))]
    pub(super) fn reply(&mut self, reply: TerminalReply) -> io::Result<()> {
        self.modes.reply(&mut self.out, &reply).map(drop)
    }

    /// Leaves full-screen mode for a while (before the process stops, or while the host
    /// has the terminal with `--host-peek`).
    pub(super) fn suspend(&mut self) {
        self.out.drain(PATIENCE);
        self.modes.suspend();
    }

    /// Enters full-screen mode again after [`Screen::suspend`], or re-applies it
    /// after the process was continued (another program may have changed the
    /// terminal meanwhile). The caller redraws everything.
    pub(super) fn resume(&mut self) -> io::Result<()> {
        self.modes.resume(&mut self.out)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        // The frames first, so the restoring sequences come after them; then nothing
        // more: a frame still queued for a terminal that stopped reading is dropped, so
        // it cannot land after the restore and hide the cursor again.
        self.out.drain(PATIENCE);
        self.out.close();
        self.modes.restore();
    }
}
