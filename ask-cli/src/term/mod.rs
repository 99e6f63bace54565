//! The terminal layer: everything that touches the terminal (`/dev/tty` on
//! Unix, the console on Windows) and crossterm. crossterm types never leave
//! this module.

mod keys;
mod paint;
mod screen;

use std::fs::{File, OpenOptions};
use std::io;
use std::time::{Duration, Instant};

use ask_contract::AskResult;
use crossterm::event;

use crate::driver::Driver;
use keys::Input;
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
pub(crate) fn run_ui(driver: &mut Driver, tty: Tty, color: bool) -> io::Result<Ended> {
    let Ok(mut screen) = Screen::enter(tty.file) else {
        return Ok(Ended::Unavailable);
    };
    let signals = Interrupts::register();
    let mut painter = Painter::new(color);
    let (mut cols, mut rows) = crossterm::terminal::size().unwrap_or((80, 24));
    driver.resize(cols, rows);
    let mut dirty = true;
    let mut last_tick = Instant::now();
    // Test hook: `ASK_TEST_PANIC_KEY=<key id>` panics when that key arrives, so the
    // end-to-end tests can check that the panic hook restores the terminal.
    let panic_key: Option<ask_keymap::Key> = std::env::var("ASK_TEST_PANIC_KEY")
        .ok()
        .and_then(|k| k.parse().ok());
    loop {
        if driver.is_over() {
            return Ok(Ended::Done(driver.result().cloned()));
        }
        if signals.received().is_some() {
            return Ok(Ended::Signal(driver.cancelled()));
        }
        if dirty {
            painter.paint(&mut screen.out, &driver.frame(), cols, rows)?;
            dirty = false;
        }
        // Take every event that is already waiting before painting again.
        let mut timeout = POLL;
        while event::poll(timeout)? {
            timeout = Duration::ZERO;
            match keys::convert(event::read()?) {
                Some(Input::Key(key)) => {
                    assert!(Some(key) != panic_key, "ASK_TEST_PANIC_KEY {key} pressed");
                    dirty |= driver.key(key);
                }
                Some(Input::Paste(text)) => dirty |= driver.paste(text),
                Some(Input::Resize(c, r)) => {
                    (cols, rows) = (c.max(1), r.max(1));
                    driver.resize(cols, rows);
                    painter.invalidate();
                    dirty = true;
                }
                None => {}
            }
            if driver.is_over() {
                break;
            }
        }
        if last_tick.elapsed() >= TICK {
            dirty |= driver.tick();
            last_tick = Instant::now();
        }
    }
}
