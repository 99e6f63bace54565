//! The terminal modes a host needs, set in one call and undone on every exit path:
//! dropping the guard, a panic (a hook), and a host's signal path (which unwinds to the
//! drop, or calls [`TerminalModes::restore`]).

use std::io::{self, Write};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ask_keymap::TerminalReply;
use crossterm::event::{DisableBracketedPaste, EnableBracketedPaste};
use crossterm::terminal::{
    EnableLineWrap, EndSynchronizedUpdate, EnterAlternateScreen, LeaveAlternateScreen,
    disable_raw_mode, enable_raw_mode,
};
use crossterm::{cursor, execute, queue};

use super::{ansi, viewport};

/// How long the terminal has to answer the keyboard query of [`Keyboard::Detect`]: a
/// flags reply that comes later is ignored (the form keeps legacy keys), so the keys
/// never change meaning once a person is typing.
pub const KEYBOARD_REPLY_WINDOW: Duration = Duration::from_secs(1);

/// How long restoring waits for the terminal to take the restoring sequences: a
/// terminal that stopped reading must not hold up the exit.
const PATIENCE: Duration = Duration::from_millis(300);

/// The controlling terminal's device, written by the restore path on a fresh handle
/// (the panic hook has no other) and opened by the terminal loop's `Tty::open`: the
/// console's screen buffer on Windows (crossterm reads console input itself).
pub(super) const TTY_PATH: &str = if cfg!(windows) { "CONOUT$" } else { "/dev/tty" };

/// True while the terminal is in the modes and must be restored.
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// True when the modes include the alternate screen.
static ALTERNATE: AtomicBool = AtomicBool::new(false);
/// True while keyboard flags are pushed (they are popped on the way out).
static PUSHED: AtomicBool = AtomicBool::new(false);

/// How [`TerminalModes`] sets up the keyboard.
///
/// A host that reads keys with crossterm's event reader (`crossterm::event::read`,
/// `EventStream`) keeps [`Keyboard::Enhanced`], the default: that reader keeps the
/// terminal's replies to itself, so a query would never be answered. A host that reads
/// the terminal's bytes itself and decodes them with [`Decoder`](ask_keymap::Decoder) (as the
/// `ask` binary does on Unix) may ask for [`Keyboard::Detect`] instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Keyboard {
    /// Legacy keys: a lone Esc waits for the decoder's timeout (is it a sequence?), and
    /// Shift+Enter arrives as Enter.
    Legacy,
    /// Pushes the kitty keyboard protocol's "disambiguate escape codes" flags without
    /// asking; terminals without the protocol ignore the push. The default, right for
    /// hosts whose input reader keeps terminal replies to itself (crossterm's does).
    #[default]
    Enhanced,
    /// Asks the terminal first (`CSI ? u`, then `CSI c`, which every terminal answers)
    /// and pushes the flags (`CSI > 1 u`) only when it answers the first question: Esc
    /// then acts at once and Shift+Enter works. Nothing waits for the answer: the host
    /// reads it with its other input ([`Decoder::take_replies`](ask_keymap::Decoder::take_replies))
    /// and hands it to [`TerminalModes::reply`]; until then, and on terminals without
    /// the protocol, keys stay legacy. For hosts that read the terminal's bytes.
    Detect,
}

/// What [`TerminalModes::enter`] switches on: raw mode and bracketed paste always, the
/// alternate screen and the keyboard protocol as asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ModeOptions {
    /// Switch to the alternate screen (for [`Painter::fullscreen`](super::Painter::fullscreen)).
    pub alternate_screen: bool,
    /// How keys are reported.
    pub keyboard: Keyboard,
}

impl ModeOptions {
    /// The alternate screen, the keyboard flags pushed ([`Keyboard::Enhanced`], right
    /// for a host reading crossterm events).
    pub const fn fullscreen() -> Self {
        Self {
            alternate_screen: true,
            keyboard: Keyboard::Enhanced,
        }
    }

    /// The normal screen (for [`Painter::inline`](super::Painter::inline) and
    /// [`Painter::at`](super::Painter::at)), the keyboard flags pushed
    /// ([`Keyboard::Enhanced`]).
    pub const fn inline() -> Self {
        Self {
            alternate_screen: false,
            keyboard: Keyboard::Enhanced,
        }
    }

    /// The same modes with `keyboard` ([`Keyboard::Detect`] for a host that decodes the
    /// terminal's bytes itself).
    #[must_use]
    pub const fn with_keyboard(mut self, keyboard: Keyboard) -> Self {
        self.keyboard = keyboard;
        self
    }
}

/// Where the keyboard protocol stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Probe {
    /// Legacy keys, asked for or found.
    Legacy,
    /// The query went out at `since`; no answer yet.
    Waiting { since: Instant },
    /// The flags are pushed.
    Enhanced,
}

/// The terminal in the modes a host needs (a guard): raw mode, bracketed paste, the
/// cursor hidden, the alternate screen and the kitty keyboard protocol as
/// [`ModeOptions`] say. Dropping it restores the terminal, and so does a panic (a hook
/// is installed on the first [`enter`](Self::enter)): an inline band a [`Painter`](super::Painter)
/// drew is erased, the keyboard flags popped, paste and the cursor and autowrap set
/// back, the alternate screen left, raw mode ended. The restoring bytes go to a fresh
/// handle of the controlling terminal (`/dev/tty`, `CONOUT$` on Windows) that never
/// blocks for long, so a terminal that stopped reading cannot hold up the exit.
///
/// The terminal's modes belong to the process: one guard at a time.
///
/// ```no_run
/// use ask_host::term::{ModeOptions, Painter, TerminalModes};
///
/// let mut tty = std::fs::OpenOptions::new().write(true).open("/dev/tty")?;
/// let modes = TerminalModes::enter(&mut tty, ModeOptions::fullscreen())?;
/// // ... paint with a `Painter::fullscreen`, read keys ...
/// drop(modes); // the terminal is as it was
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct TerminalModes {
    options: ModeOptions,
    probe: Probe,
    /// Left for a while ([`suspend`](Self::suspend)).
    suspended: bool,
}

impl TerminalModes {
    /// Switches the terminal into the modes, writing the sequences to `out` (the
    /// writer the host paints with) and flushing it. On failure the terminal is left as
    /// it was.
    pub fn enter(out: &mut impl Write, options: ModeOptions) -> io::Result<Self> {
        install_panic_hook();
        if ACTIVE.load(Ordering::SeqCst) {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "the terminal modes are already entered (one TerminalModes at a time)",
            ));
        }
        let probe = match options.keyboard {
            Keyboard::Legacy => Probe::Legacy,
            Keyboard::Enhanced => Probe::Enhanced,
            Keyboard::Detect => Probe::Waiting {
                since: Instant::now(),
            },
        };
        let mut modes = Self {
            options,
            probe,
            suspended: true,
        };
        modes.switch_on(out)?;
        Ok(modes)
    }

    fn switch_on(&mut self, out: &mut impl Write) -> io::Result<()> {
        ALTERNATE.store(self.options.alternate_screen, Ordering::SeqCst);
        enable_raw_mode()?;
        ACTIVE.store(true, Ordering::SeqCst);
        self.suspended = false;
        let entered = if self.options.alternate_screen {
            execute!(out, EnterAlternateScreen)
        } else {
            Ok(())
        }
        .and_then(|()| execute!(out, EnableBracketedPaste, cursor::Hide))
        .and_then(|()| match self.probe {
            Probe::Legacy => Ok(()),
            Probe::Enhanced => push(out),
            Probe::Waiting { .. } => {
                self.probe = Probe::Waiting {
                    since: Instant::now(),
                };
                out.write_all(ansi::KEYBOARD_QUERY)
                    .and_then(|()| out.flush())
            }
        });
        if let Err(err) = entered {
            restore();
            self.suspended = true;
            return Err(err);
        }
        Ok(())
    }

    /// Hands the guard a terminal reply the host's decoder found. While the keyboard
    /// query of [`Keyboard::Detect`] waits (at most [`KEYBOARD_REPLY_WINDOW`]), a flags
    /// reply pushes the keyboard flags (written to `out`) and a device-attributes reply
    /// settles on legacy keys. Returns true when the flags were pushed by this reply.
    pub fn reply(&mut self, out: &mut impl Write, reply: &TerminalReply) -> io::Result<bool> {
        let Probe::Waiting { since } = self.probe else {
            return Ok(false);
        };
        if since.elapsed() > KEYBOARD_REPLY_WINDOW {
            self.probe = Probe::Legacy;
            return Ok(false);
        }
        match reply {
            TerminalReply::KeyboardFlags(_) if !self.suspended => {
                push(out)?;
                self.probe = Probe::Enhanced;
                Ok(true)
            }
            TerminalReply::PrimaryDeviceAttributes => {
                self.probe = Probe::Legacy;
                Ok(false)
            }
            _ => Ok(false),
        }
    }

    /// True when the keyboard flags are pushed: Esc acts at once, Shift+Enter works.
    pub fn keyboard_enhanced(&self) -> bool {
        self.probe == Probe::Enhanced && !self.suspended
    }

    /// True while the keyboard query waits for its answer (within
    /// [`KEYBOARD_REPLY_WINDOW`]).
    pub fn keyboard_pending(&self) -> bool {
        matches!(self.probe, Probe::Waiting { since } if since.elapsed() <= KEYBOARD_REPLY_WINDOW)
    }

    /// Leaves the modes for a while (before the process stops on Ctrl+Z): the terminal
    /// is restored as on drop. [`resume`](Self::resume) enters them again.
    pub fn suspend(&mut self) {
        restore();
        self.suspended = true;
    }

    /// Enters the modes again after [`suspend`](Self::suspend), or re-applies them
    /// after the process was continued (another program may have changed the terminal
    /// meanwhile). The keyboard flags are pushed again when they were. The host redraws
    /// everything ([`Painter::invalidate`](super::Painter::invalidate)).
    pub fn resume(&mut self, out: &mut impl Write) -> io::Result<()> {
        restore();
        self.switch_on(out)
    }

    /// Restores the terminal now (as dropping the guard does); later calls, and the
    /// drop, do nothing more until [`resume`](Self::resume).
    pub fn restore(&mut self) {
        restore();
        self.suspended = true;
    }
}

impl Drop for TerminalModes {
    fn drop(&mut self) {
        restore();
    }
}

/// Pushes the keyboard flags to `out` and records it, so every exit path pops them.
fn push(out: &mut impl Write) -> io::Result<()> {
    out.write_all(ansi::KEYBOARD_PUSH)?;
    out.flush()?;
    PUSHED.store(true, Ordering::SeqCst);
    Ok(())
}

/// Leaves the modes if they are active: an inline band is erased first. Safe to call
/// more than once and from a panic hook.
fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        write_briefly(TTY_PATH, &restoring_bytes(), PATIENCE);
        let _ = disable_raw_mode();
    }
}

/// Everything [`TerminalModes::enter`] switched on, switched back, and an inline band
/// erased.
fn restoring_bytes() -> Vec<u8> {
    let mut bytes = Vec::new();
    // A paint cut short (a panic mid-frame) leaves an update open and autowrap off.
    let _ = queue!(bytes, EndSynchronizedUpdate, EnableLineWrap);
    let _ = viewport::erase_published(&mut bytes);
    let alternate = ALTERNATE.load(Ordering::SeqCst);
    if PUSHED.swap(false, Ordering::SeqCst) {
        // Kitty keeps one flags stack per screen: pop on the screen the flags were
        // pushed on (the alternate one, even while a painter shows its status row on
        // the normal screen).
        if alternate && super::paint::COLLAPSED.load(Ordering::SeqCst) {
            bytes.extend_from_slice(ansi::ALT_SCREEN);
            bytes.extend_from_slice(ansi::KEYBOARD_POP);
            bytes.extend_from_slice(ansi::MAIN_SCREEN);
        } else {
            bytes.extend_from_slice(ansi::KEYBOARD_POP);
        }
    }
    let _ = queue!(bytes, DisableBracketedPaste, cursor::Show);
    if alternate {
        let _ = queue!(bytes, LeaveAlternateScreen);
    }
    bytes
}

/// Writes `bytes` to the terminal on a fresh handle without ever blocking for long: on
/// Unix the handle is non-blocking and a full terminal buffer is retried for at most
/// `patience`, then given up (the terminal is not reading).
fn write_briefly(path: &str, bytes: &[u8], patience: Duration) {
    let Ok(mut tty) = std::fs::OpenOptions::new().write(true).open(path) else {
        return;
    };
    #[cfg(unix)]
    let _ = rustix::fs::fcntl_setfl(&tty, rustix::fs::OFlags::NONBLOCK);
    let deadline = Instant::now() + patience;
    let mut rest = bytes;
    while !rest.is_empty() {
        match tty.write(rest) {
            Ok(0) => return,
            Ok(n) => rest = rest.get(n..).unwrap_or_default(),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock && Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(_) => return,
        }
    }
}

/// A panic leaves the terminal usable: restore first, then the previous hook's report.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_restoring_bytes_pop_only_what_was_pushed() {
        PUSHED.store(false, Ordering::SeqCst);
        ALTERNATE.store(true, Ordering::SeqCst);
        let bytes = String::from_utf8(restoring_bytes()).unwrap();
        assert!(!bytes.contains("\x1b[<u"), "{bytes:?}");
        assert!(
            bytes.ends_with("\x1b[?2004l\x1b[?25h\x1b[?1049l"),
            "{bytes:?}"
        );
        PUSHED.store(true, Ordering::SeqCst);
        let bytes = String::from_utf8(restoring_bytes()).unwrap();
        assert!(bytes.contains("\x1b[<u\x1b[?2004l"), "{bytes:?}");
        assert!(!PUSHED.load(Ordering::SeqCst), "popped once");
    }
}
