//! The terminal layer: everything that touches the terminal (`/dev/tty` on
//! Unix, the console on Windows) and crossterm. crossterm types never leave
//! this module.

mod paint;
mod screen;

use std::fs::{File, OpenOptions};
use std::io;
use std::time::{Duration, Instant};

use ask_contract::AskResult;
use ask_host::Session;
use ask_keymap::InputEvent;
use crossterm::event;

use paint::Painter;
pub(crate) use paint::use_color;
use screen::Screen;

use crate::signals::Interrupts;

/// The controlling terminal's device: `/dev/tty`, or the console's screen buffer on Windows
/// (crossterm reads console input through `CONIN$` itself).
const TTY_PATH: &str = if cfg!(windows) { "CONOUT$" } else { "/dev/tty" };

/// How long one wait for input lasts; signals are noticed at this pace.
const POLL: Duration = Duration::from_millis(40);
/// How often the settings file and the completion index are checked.
const TICK: Duration = Duration::from_millis(250);

/// The controlling terminal, opened for reading and writing.
pub(crate) struct Tty {
    file: File,
}

impl Tty {
    /// Opens [`TTY_PATH`]; `None` when the process has no controlling terminal.
    pub(crate) fn open() -> Option<Self> {
        OpenOptions::new()
            .read(true)
            .write(true)
            .open(TTY_PATH)
            .ok()
            .map(|file| Self { file })
    }
}

/// The terminal for line-by-line use (the accessible mode): input and output
/// handles of `/dev/tty`, or the console's input and screen buffers on Windows.
pub(crate) fn open_lines() -> io::Result<(File, File)> {
    let open = |path: &str| OpenOptions::new().read(true).write(true).open(path);
    if cfg!(windows) {
        Ok((open("CONIN$")?, open("CONOUT$")?))
    } else {
        let tty = open(TTY_PATH)?;
        let output = tty.try_clone()?;
        Ok((tty, output))
    }
}

/// How an interactive session ended.
pub(crate) enum Ended {
    /// The flow finished with this result (or the settings overlay closed: `None`).
    Done(Option<AskResult>),
    /// A terminating signal arrived; the cancelled result with the answers so far.
    Signal(AskResult),
    /// `/dev/tty` opened but could not be put in full-screen mode (not a real
    /// terminal); nothing was drawn.
    Unavailable,
}

/// Runs the flow on the terminal until it finishes, the settings overlay of
/// `ask settings` closes, or a signal arrives. The terminal is restored before
/// this returns, on every path (and by the panic hook on a panic).
pub(crate) fn run_ui(session: &mut Session, tty: Tty, color: bool) -> io::Result<Ended> {
    let Ok(mut screen) = Screen::enter(tty.file) else {
        return Ok(Ended::Unavailable);
    };
    let signals = Interrupts::register();
    let mut painter = Painter::new(color);
    let (mut cols, mut rows) = crossterm::terminal::size().unwrap_or((80, 24));
    session.resize(cols, rows);
    let mut dirty = true;
    let mut last_tick = Instant::now();
    // Test hook: `ASK_TEST_PANIC_KEY=<key id>` panics when that key arrives, so the
    // end-to-end tests can check that the panic hook restores the terminal.
    let panic_key: Option<ask_keymap::Key> = std::env::var("ASK_TEST_PANIC_KEY")
        .ok()
        .and_then(|k| k.parse().ok());
    loop {
        if session.is_over() {
            return Ok(Ended::Done(session.result().cloned()));
        }
        if signals.received().is_some() {
            return Ok(Ended::Signal(session.cancelled()));
        }
        if dirty {
            painter.paint(&mut screen.out, &session.frame(), cols, rows)?;
            dirty = false;
        }
        // Take every event that is already waiting before painting again.
        let mut timeout = POLL;
        while event::poll(timeout)? {
            timeout = Duration::ZERO;
            match InputEvent::from_crossterm(event::read()?) {
                Some(InputEvent::Resize(c, r)) => {
                    (cols, rows) = (c.max(1), r.max(1));
                    session.resize(cols, rows);
                    painter.invalidate();
                    dirty = true;
                }
                Some(InputEvent::Key(key)) => {
                    assert!(Some(key) != panic_key, "ASK_TEST_PANIC_KEY {key} pressed");
                    dirty |= session.key(key);
                }
                Some(input) => dirty |= session.input(input),
                None => {}
            }
            if session.is_over() {
                break;
            }
        }
        if last_tick.elapsed() >= TICK {
            dirty |= session.tick();
            last_tick = Instant::now();
        }
    }
}
