//! The Unix input reader: `/dev/tty` bytes through `ask_keymap`'s decoder.
//!
//! One `poll` waits on the terminal and on the signal wake-up pipe, so a signal
//! ends any wait at once, whatever bytes came before. Unfinished input never
//! holds anything up: a partial sequence (a lone ESC, `ESC [`, half a UTF-8
//! character, an unterminated terminal reply) is flushed after [`SEQUENCE_TIMEOUT`]
//! without a further byte, and a bracketed paste whose end marker never comes
//! is delivered after [`PASTE_TIMEOUT`].

use std::fs::File;
use std::io::{self, Read};
use std::time::{Duration, Instant};

use ask_keymap::Decoder;
use rustix::event::{PollFd, PollFlags, Timespec, poll};

use super::Input;
use super::signals::Signals;

/// How long a partial escape sequence waits for its next byte before it is
/// taken as typed (a lone ESC is the Esc key) or dropped.
const SEQUENCE_TIMEOUT: Duration = Duration::from_millis(50);
/// How long an open bracketed paste waits for its next byte before the text so
/// far is delivered and keys act again.
const PASTE_TIMEOUT: Duration = Duration::from_millis(500);
/// The longest wait without a wake-up pipe (signals are then noticed at this pace).
const NO_PIPE_POLL: Duration = Duration::from_millis(40);

/// Reads and decodes the terminal.
pub(crate) struct TtyInput {
    tty: File,
    decoder: Decoder,
    /// When the last byte arrived (the timeouts count from it).
    last_byte: Instant,
}

impl TtyInput {
    /// A reader of `tty` (the controlling terminal, in raw mode while it is used).
    pub(crate) fn new(tty: File) -> Self {
        Self {
            tty,
            decoder: Decoder::new(),
            last_byte: Instant::now(),
        }
    }

    /// Waits up to `timeout` for input, returning early when a signal arrives
    /// (the caller checks [`Signals`]). Returns what was decoded, maybe nothing.
    pub(crate) fn wait(&mut self, timeout: Duration, signals: &Signals) -> io::Result<Vec<Input>> {
        let pending = self.pending_deadline();
        let timeout = pending.map_or(timeout, |deadline| {
            timeout.min(deadline.saturating_duration_since(Instant::now()))
        });
        let wake = signals.wake_fd();
        let timeout = if wake.is_some() {
            timeout
        } else {
            timeout.min(NO_PIPE_POLL)
        };
        let (tty_ready, woken) = {
            let mut fds = vec![PollFd::new(&self.tty, PollFlags::IN)];
            if let Some(fd) = wake {
                fds.push(PollFd::from_borrowed_fd(fd, PollFlags::IN));
            }
            let spec = Timespec::try_from(timeout).unwrap_or(Timespec {
                tv_sec: 1,
                tv_nsec: 0,
            });
            match poll(&mut fds, Some(&spec)) {
                Ok(_) => {}
                Err(rustix::io::Errno::INTR) => return Ok(Vec::new()),
                Err(err) => return Err(err.into()),
            }
            let ready = |fd: &PollFd<'_>| !fd.revents().is_empty();
            (
                fds.first().is_some_and(ready),
                fds.get(1).is_some_and(ready),
            )
        };
        if woken {
            signals.drain();
        }
        let mut events = Vec::new();
        if tty_ready {
            let mut buf = [0u8; 4096];
            match self.tty.read(&mut buf) {
                // End of file or an I/O error: the terminal went away (hang-up).
                Ok(0) => return Ok(vec![Input::Closed]),
                Ok(n) => {
                    self.last_byte = Instant::now();
                    events = self.decoder.feed(buf.get(..n).unwrap_or_default());
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) if err.kind() == io::ErrorKind::WouldBlock => {}
                Err(_) => return Ok(vec![Input::Closed]),
            }
        } else if let Some(deadline) = pending
            && Instant::now() >= deadline
        {
            events = if self.decoder.in_paste() {
                self.decoder.end_paste()
            } else {
                self.decoder.flush()
            };
        }
        Ok(events.into_iter().map(Input::Event).collect())
    }

    /// When pending bytes stop waiting for more, if any are pending.
    fn pending_deadline(&self) -> Option<Instant> {
        if self.decoder.in_paste() {
            Some(self.last_byte + PASTE_TIMEOUT)
        } else if self.decoder.has_pending() {
            Some(self.last_byte + SEQUENCE_TIMEOUT)
        } else {
            None
        }
    }
}
