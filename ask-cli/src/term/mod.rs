//! The terminal layer: everything that touches `/dev/tty` and crossterm.
//! crossterm types never leave this module.

mod caret;
mod paint;
mod peek;
mod screen;
mod signals;
mod viewport;

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
use signals::Signals;
pub(crate) use viewport::InlineHeight;

/// How long one wait for input lasts; signals are noticed at this pace.
const POLL: Duration = Duration::from_millis(40);
/// How often the settings file and the completion index are checked.
const TICK: Duration = Duration::from_millis(250);

/// The controlling terminal, opened for reading and writing.
pub(crate) struct Tty {
    file: File,
}

impl Tty {
    /// Opens `/dev/tty`; `None` when the process has no controlling terminal.
    pub(crate) fn open() -> Option<Self> {
        OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/tty")
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

/// How the UI occupies the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// The alternate screen, whole.
    Fullscreen,
    /// A band of rows under the cursor on the normal screen; what is above stays.
    Inline(InlineHeight),
}

/// Runs the flow on the terminal until it finishes, the settings overlay of
/// `ask settings` closes, or a signal arrives. The terminal is restored before
/// this returns, on every path (and by the panic hook on a panic).
pub(crate) fn run_ui(
    session: &mut Session,
    tty: Tty,
    color: bool,
    layout: Layout,
) -> io::Result<Ended> {
    let Ok(mut screen) = Screen::enter(tty.file, matches!(layout, Layout::Inline(_))) else {
        return Ok(Ended::Unavailable);
    };
    let signals = Signals::register();
    let mut painter = match layout {
        Layout::Fullscreen => Painter::new(color),
        Layout::Inline(limit) => Painter::inline(color, limit),
    };
    let (mut cols, mut rows) = crossterm::terminal::size().unwrap_or((80, 24));
    session.resize(cols, painter.frame_rows(rows));
    let mut dirty = true;
    // Folded to one status line (the `peek` action); keys wait until it unfolds.
    let mut peeking = false;
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
            if peeking {
                painter.collapse(&mut screen.out, &peek::status(session.flow()), cols)?;
            } else {
                painter.paint(&mut screen.out, &session.frame(), cols, rows)?;
            }
            dirty = false;
        }
        // Take every event that is already waiting before painting again.
        let mut timeout = POLL;
        while event::poll(timeout)? {
            timeout = Duration::ZERO;
            match InputEvent::from_crossterm(event::read()?) {
                Some(InputEvent::Resize(c, r)) => {
                    (cols, rows) = (c.max(1), r.max(1));
                    session.resize(cols, painter.frame_rows(rows));
                    painter.resized(&mut screen.out)?;
                    dirty = true;
                }
                Some(InputEvent::Key(key)) => {
                    assert!(Some(key) != panic_key, "ASK_TEST_PANIC_KEY {key} pressed");
                    if peek::toggles(session.flow(), &key) {
                        peeking = !peeking;
                        dirty = true;
                    } else if !peeking {
                        dirty |= session.key(key);
                    }
                }
                Some(input) if !peeking => dirty |= session.input(input),
                // Pastes and the like wait with the keys while the form is folded.
                Some(_) | None => {}
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
