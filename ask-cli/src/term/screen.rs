//! Entering and leaving the UI's terminal modes on `/dev/tty`, restored on every
//! exit path: drop, panic (a hook), and signals (the event loop notices them
//! and unwinds normally, so the drop runs). [`enter_modes`] and [`leave_modes`]
//! are the one place that knows which modes are switched; suspending (SIGTSTP)
//! and resuming (SIGCONT) go through them too. Full screen uses the alternate
//! screen; inline stays on the normal screen and, on the way out, erases the
//! rows of its band (see `viewport`), leaving the cursor on the band's first row.

use std::fs::File;
use std::io;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossterm::event::{
    DisableBracketedPaste, EnableBracketedPaste, KeyboardEnhancementFlags,
    PopKeyboardEnhancementFlags, PushKeyboardEnhancementFlags,
};
use crossterm::terminal::{
    EnableLineWrap, EndSynchronizedUpdate, EnterAlternateScreen, LeaveAlternateScreen,
    disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute, queue};

use super::output::{TermOut, write_briefly};

/// How long leaving waits for frames still on their way to the terminal, and then for
/// the terminal to take the restoring sequences: a terminal that stopped reading must
/// not hold up the result.
const PATIENCE: Duration = Duration::from_millis(300);

/// True while the terminal is in the UI's modes and must be restored.
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// True when the UI runs inline (no alternate screen to leave).
static INLINE: AtomicBool = AtomicBool::new(false);

/// The terminal in the UI's modes; restores it when dropped.
pub(crate) struct Screen {
    /// Everything is drawn through it, to `/dev/tty` (on a writer thread).
    pub(crate) out: TermOut,
}

impl Screen {
    /// Enters raw mode, the alternate screen (unless `inline`), bracketed paste
    /// and (where the terminal supports it) the Kitty keyboard protocol, on `tty`.
    ///
    /// The Kitty flags are pushed without asking the terminal first: a support
    /// query waits for a reply that a terminal (or a PTY test harness) may never
    /// send, and terminals without the protocol ignore the push.
    pub(crate) fn enter(tty: File, inline: bool) -> io::Result<Self> {
        install_panic_hook();
        let mut out = TermOut::new(tty);
        INLINE.store(inline, Ordering::SeqCst);
        enter_modes(&mut out)?;
        Ok(Self { out })
    }

    /// Leaves full-screen mode for a while (before the process stops).
    #[cfg(unix)]
    pub(crate) fn suspend(&mut self) {
        self.out.drain(PATIENCE);
        restore();
    }

    /// Enters full-screen mode again after [`Screen::suspend`], or re-applies it
    /// after the process was continued (another program may have changed the
    /// terminal meanwhile). The caller redraws everything.
    pub(crate) fn resume(&mut self) -> io::Result<()> {
        restore();
        enter_modes(&mut self.out)
    }
}

/// Switches the terminal into the UI's modes (the alternate screen only when
/// not inline); on failure leaves it as it was.
fn enter_modes(out: &mut TermOut) -> io::Result<()> {
    enable_raw_mode()?;
    ACTIVE.store(true, Ordering::SeqCst);
    let entered = if INLINE.load(Ordering::SeqCst) {
        Ok(())
    } else {
        execute!(out, EnterAlternateScreen)
    }
    .and_then(|()| {
        execute!(
            out,
            EnableBracketedPaste,
            PushKeyboardEnhancementFlags(KeyboardEnhancementFlags::DISAMBIGUATE_ESCAPE_CODES),
            cursor::Hide
        )
    });
    if let Err(err) = entered {
        restore();
        return Err(err);
    }
    Ok(())
}

impl Drop for Screen {
    fn drop(&mut self) {
        // The frames first, so the restoring sequences come after them.
        self.out.drain(PATIENCE);
        restore();
    }
}

/// Leaves the UI's modes if they are active: inline, erases the band first.
/// Safe to call more than once and from a panic hook.
pub(crate) fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        leave_modes();
    }
}

/// Switches every mode [`enter_modes`] switched back, on a fresh `/dev/tty`
/// handle (the panic hook has no other) that never blocks for long: a terminal that
/// stopped reading gets what it takes within [`PATIENCE`].
fn leave_modes() {
    let mut bytes = Vec::new();
    // A paint cut short (a panic mid-frame) leaves an update open and autowrap off.
    let _ = queue!(bytes, EndSynchronizedUpdate, EnableLineWrap);
    let _ = super::viewport::erase_published(&mut bytes);
    let _ = queue!(
        bytes,
        PopKeyboardEnhancementFlags,
        DisableBracketedPaste,
        cursor::Show
    );
    if !INLINE.load(Ordering::SeqCst) {
        let _ = queue!(bytes, LeaveAlternateScreen);
    }
    write_briefly(super::TTY_PATH, &bytes, PATIENCE);
    let _ = disable_raw_mode();
}

/// A panic leaves the terminal usable: restore first, then the default report.
fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}
