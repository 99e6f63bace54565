//! The input reader where the Unix one does not apply: crossterm's event
//! reader, polled in short slices so signals are still noticed promptly.

use std::fs::File;
use std::io;
use std::time::Duration;

use crossterm::event;

use super::signals::Signals;
use ask_keymap::InputEvent;

use super::Input;

/// The longest single wait (signals are noticed at this pace).
const POLL: Duration = Duration::from_millis(40);

/// Reads terminal events through crossterm.
pub(super) struct CrosstermInput;

impl CrosstermInput {
    /// A reader of the console (crossterm opens it itself).
    pub(super) fn new(_tty: File) -> Self {
        Self
    }

    /// Waits up to `timeout` for input; returns every event already waiting.
    #[expect(clippy::unused_self, reason = "the same interface as the Unix reader")]
    pub(super) fn wait(&mut self, timeout: Duration, _signals: &Signals) -> io::Result<Vec<Input>> {
        let mut events = Vec::new();
        let mut wait = timeout.min(POLL);
        while event::poll(wait)? {
            wait = Duration::ZERO;
            events.extend(InputEvent::from_crossterm(event::read()?).map(Input::Event));
        }
        Ok(events)
    }
}
