//! The Unix input reader: `/dev/tty` bytes through `ask_keymap`'s decoder.
//!
//! One wait (`wait`: an edge-triggered epoll set on Linux, else `poll`) is on the
//! terminal and on the signal wake-up pipe, so a signal ends any wait at once,
//! whatever bytes came before. Unfinished input never holds anything up: a partial
//! sequence (a lone ESC, `ESC [`, half a UTF-8 character, an unterminated terminal
//! reply) is flushed once no further byte came for the sequence wait (see below), and
//! a bracketed paste whose end marker never comes is delivered after [`PASTE_TIMEOUT`].
//!
//! # A lone ESC
//!
//! Without the kitty keyboard protocol the Esc key sends one ESC byte, which also
//! starts every other key's sequence. A terminal writes a key's whole sequence at once,
//! so on a local terminal (and over ssh, which carries each write in one packet) the
//! sequence arrives in one read: an ESC that ends a read is the Esc key unless more
//! bytes follow at once. The reader waits [`SEQUENCE_WAIT`] (10 ms, tmux's and pi-tui's
//! figure) for them, counted from the read that brought the ESC; the wait never
//! delays a key that is already there (the terminal is read before a pending
//! sequence is given up), so a loaded machine does not split sequences.
//!
//! - An Alt key (`ESC x` in one write) arrives in one read and is Alt+x at once; Esc
//!   then `x` typed by a person (tens of milliseconds apart) are Esc and `x`.
//! - A slow link (a serial line, a congested tunnel) may split a sequence across
//!   reads. When the rest of a sequence arrives in a later read within the wait, the
//!   link is taken to split sequences and the wait grows for the rest of the session
//!   to twice the gap seen, at most [`MAX_SEQUENCE_WAIT`] (100 ms): one split costs
//!   nothing and teaches the reader the link's pace.
//! - With the kitty keyboard protocol Esc arrives as `CSI 27 u` and never waits.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use ask_keymap::Decoder;

use super::Input;
use super::signals::Signals;
use super::wait::{Ready, Sources, Waiter};
use super::watch::SettingsWatch;

/// How long a partial escape sequence first waits for its next byte before it is
/// taken as typed (a lone ESC is the Esc key) or dropped (see the module docs).
const SEQUENCE_WAIT: Duration = Duration::from_millis(10);
/// The longest the sequence wait grows to on a link that splits sequences.
const MAX_SEQUENCE_WAIT: Duration = Duration::from_millis(100);
/// How long an open bracketed paste waits for its next byte before the text so
/// far is delivered and keys act again.
const PASTE_TIMEOUT: Duration = Duration::from_millis(500);
/// The longest wait without a wake-up pipe (signals are then noticed at this pace).
const NO_PIPE_POLL: Duration = Duration::from_millis(40);

/// Reads and decodes the terminal (any readable descriptor in unit tests): one `poll`
/// on it, the signals' wake-up pipe and the settings file's watch.
pub struct TtyInput<T = File> {
    tty: T,
    decoder: Decoder,
    /// When the last byte arrived (the timeouts count from it).
    last_byte: Instant,
    /// How long a partial sequence waits for more: [`SEQUENCE_WAIT`], grown on a
    /// link that splits sequences.
    sequence_wait: Duration,
    /// The settings file's watch, polled with the terminal (Linux only has one).
    #[cfg_attr(not(any(target_os = "linux", target_os = "android")), allow(dead_code))]
    watch: Option<SettingsWatch>,
    /// The one wait on the terminal, the wake-up pipe and the watch.
    waiter: Waiter,
}

impl<T: Read + AsFd> TtyInput<T> {
    /// A reader of `tty` (the controlling terminal, in raw mode while it is used).
    pub fn new(tty: T) -> Self {
        Self {
            tty,
            decoder: Decoder::new(),
            last_byte: Instant::now(),
            sequence_wait: SEQUENCE_WAIT,
            watch: None,
            waiter: Waiter::default(),
        }
    }

    /// Waits on `watch` too: an edit of the settings file comes out of [`TtyInput::wait`]
    /// as [`Input::SettingsChanged`].
    pub fn watch(&mut self, watch: SettingsWatch) {
        self.watch = Some(watch);
    }

    /// Waits up to `timeout` for input, returning early when a signal arrives
    /// (the caller checks [`Signals`]). Returns what was decoded, maybe nothing.
    pub fn wait(&mut self, timeout: Duration, signals: &Signals) -> io::Result<Vec<Input>> {
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
        #[cfg(any(target_os = "linux", target_os = "android"))]
        let watch = self.watch.as_ref().map(SettingsWatch::fd);
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let watch = None;
        let sources = Sources {
            tty: self.tty.as_fd(),
            wake,
            watch,
        };
        let Some(Ready {
            tty: tty_ready,
            woken,
            watched,
        }) = self.waiter.wait(sources, timeout)?
        else {
            return Ok(Vec::new());
        };
        if woken {
            signals.drain();
        }
        let mut events = Vec::new();
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if watched && self.watch.as_mut().is_some_and(SettingsWatch::changed) {
            events.push(Input::SettingsChanged);
        }
        #[cfg(not(any(target_os = "linux", target_os = "android")))]
        let _ = watched;
        if tty_ready {
            let mut buf = [0u8; 4096];
            match self.tty.read(&mut buf) {
                // End of file or an I/O error: the terminal went away (hang-up).
                Ok(0) => return Ok(vec![Input::Closed]),
                Ok(n) => {
                    self.waiter.read(n, buf.len());
                    let bytes = buf.get(..n).unwrap_or_default();
                    let now = Instant::now();
                    // The rest of a sequence in a later read (not a new ESC): the link
                    // splits sequences, so wait longer for them from now on.
                    if self.decoder.has_pending()
                        && !self.decoder.in_paste()
                        && bytes.first() != Some(&0x1b)
                    {
                        self.sequence_wait =
                            grown_wait(self.sequence_wait, now.duration_since(self.last_byte));
                    }
                    self.last_byte = now;
                    let decoded = self.decoder.feed(bytes);
                    events.extend(decoded.into_iter().map(Input::Event));
                    events.extend(self.decoder.take_replies().into_iter().map(Input::Reply));
                }
                // The bytes are still there, and no new edge will say so: look again.
                Err(err) if err.kind() == io::ErrorKind::Interrupted => self.waiter.unread(),
                Err(err) if err.kind() == io::ErrorKind::WouldBlock => {}
                Err(_) => return Ok(vec![Input::Closed]),
            }
        } else if let Some(deadline) = pending
            && Instant::now() >= deadline
        {
            let flushed = if self.decoder.in_paste() {
                self.decoder.end_paste()
            } else {
                self.decoder.flush()
            };
            events.extend(flushed.into_iter().map(Input::Event));
        }
        Ok(events)
    }

    /// When pending bytes stop waiting for more, if any are pending.
    fn pending_deadline(&self) -> Option<Instant> {
        if self.decoder.in_paste() {
            Some(self.last_byte + PASTE_TIMEOUT)
        } else if self.decoder.has_pending() {
            Some(self.last_byte + self.sequence_wait)
        } else {
            None
        }
    }
}

/// The sequence wait after the rest of a sequence came `gap` after its start: twice the
/// gap, never less than `wait` and never more than [`MAX_SEQUENCE_WAIT`].
fn grown_wait(wait: Duration, gap: Duration) -> Duration {
    gap.saturating_mul(2).min(MAX_SEQUENCE_WAIT).max(wait)
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::os::unix::net::UnixStream;
    use std::sync::mpsc;

    use super::*;

    /// Runs `f` on a thread; fails instead of hanging when it never returns.
    fn bounded<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(f());
        });
        rx.recv_timeout(Duration::from_secs(20))
            .expect("the reader never returned")
    }

    /// Keys as key ids, pastes as `paste:<text>`.
    fn show(inputs: &[Input]) -> Vec<String> {
        inputs
            .iter()
            .map(|input| match input {
                Input::Event(ask_keymap::InputEvent::Key(key)) => key.to_string(),
                Input::Event(ask_keymap::InputEvent::Paste(text)) => format!("paste:{text}"),
                other => format!("{other:?}"),
            })
            .collect()
    }

    /// Waits (a long timeout each time) until the reader returned something.
    fn next(reader: &mut TtyInput<UnixStream>, signals: &Signals) -> Vec<String> {
        loop {
            let got = reader.wait(Duration::from_secs(30), signals).unwrap();
            if !got.is_empty() {
                return show(&got);
            }
        }
    }

    #[test]
    fn replies_are_dropped_and_the_key_after_them_arrives_at_once() {
        let (mut term, tty) = UnixStream::pair().unwrap();
        let (signals, _wake) = Signals::for_tests();
        term.write_all(b"\x1b[?2026;2$y\x1b[?12;40R\x1b]11;rgb:0/0/0\x07")
            .unwrap();
        term.write_all(b"1").unwrap();
        let got = bounded(move || next(&mut TtyInput::new(tty), &signals));
        assert_eq!(got, ["1"]);
    }

    #[test]
    fn unfinished_input_times_out_even_with_a_long_wait() {
        for (bytes, expected) in [
            (&b"\x1b"[..], vec!["esc"]),
            (b"\x1b[", vec!["alt+["]),
            (b"\xe4", vec![]),
            (b"\x1b[200~half", vec!["paste:half"]),
        ] {
            let (mut term, tty) = UnixStream::pair().unwrap();
            let (signals, _wake) = Signals::for_tests();
            term.write_all(bytes).unwrap();
            let got = bounded(move || {
                let mut reader = TtyInput::new(tty);
                let mut got = Vec::new();
                // Until the decoder holds nothing back, then one key proves it is free.
                loop {
                    got.extend(show(
                        &reader.wait(Duration::from_secs(30), &signals).unwrap(),
                    ));
                    if !reader.decoder.has_pending() {
                        break;
                    }
                }
                term.write_all(b"2").unwrap();
                got.extend(next(&mut reader, &signals));
                got
            });
            let mut expected: Vec<&str> = expected;
            expected.push("2");
            assert_eq!(got, expected, "{bytes:?}");
        }
    }

    #[test]
    fn a_sequence_split_across_reads_within_the_wait_is_one_key() {
        let (mut term, tty) = UnixStream::pair().unwrap();
        let (signals, _wake) = Signals::for_tests();
        let got = bounded(move || {
            let mut reader = TtyInput::new(tty);
            // A link as slow as it gets: the rest comes whenever this test sends it.
            reader.sequence_wait = Duration::from_secs(3600);
            term.write_all(b"\x1b").unwrap();
            while !reader.decoder.has_pending() {
                assert!(
                    reader
                        .wait(Duration::from_secs(30), &signals)
                        .unwrap()
                        .is_empty()
                );
            }
            term.write_all(b"[A").unwrap();
            next(&mut reader, &signals)
        });
        assert_eq!(got, ["up"]);
    }

    #[test]
    fn the_sequence_wait_grows_to_twice_a_split_gap_within_bounds() {
        let ms = Duration::from_millis;
        // A gap well inside the wait leaves it as it is; a longer one doubles, capped.
        assert_eq!(grown_wait(SEQUENCE_WAIT, ms(2)), SEQUENCE_WAIT);
        assert_eq!(grown_wait(SEQUENCE_WAIT, ms(8)), ms(16));
        assert_eq!(grown_wait(ms(16), ms(6)), ms(16), "it never shrinks");
        assert_eq!(grown_wait(SEQUENCE_WAIT, ms(90)), MAX_SEQUENCE_WAIT);
        assert_eq!(grown_wait(MAX_SEQUENCE_WAIT, ms(3600)), MAX_SEQUENCE_WAIT);
    }

    #[test]
    fn a_signal_ends_the_wait_while_a_sequence_is_unfinished() {
        let (mut term, tty) = UnixStream::pair().unwrap();
        let (signals, mut wake) = Signals::for_tests();
        let got = bounded(move || {
            let mut reader = TtyInput::new(tty);
            term.write_all(b"\x1b[200~open paste").unwrap();
            let _ = reader.wait(Duration::ZERO, &signals).unwrap();
            assert!(reader.decoder.in_paste());
            wake.write_all(b"!").unwrap();
            // An hour-long wait returns at once: the wake-up byte ends it.
            let got = reader.wait(Duration::from_secs(3600), &signals).unwrap();
            (got, reader.decoder.in_paste())
        });
        assert_eq!(got, (vec![], true));
    }

    #[test]
    fn input_longer_than_one_read_arrives_whole_with_nothing_more_sent() {
        // More than the reader's buffer at once: the rest waits with no new bytes to
        // announce it (an edge-triggered wait must still see it).
        let (mut term, tty) = UnixStream::pair().unwrap();
        let (signals, _wake) = Signals::for_tests();
        let text = "a".repeat(10_000);
        term.write_all(format!("\x1b[200~{text}\x1b[201~2").as_bytes())
            .unwrap();
        let got = bounded(move || {
            let mut reader = TtyInput::new(tty);
            let mut got = Vec::new();
            while got.len() < 2 {
                got.extend(show(
                    &reader.wait(Duration::from_secs(30), &signals).unwrap(),
                ));
            }
            drop(term);
            got
        });
        assert_eq!(got, [format!("paste:{text}"), "2".to_owned()]);
    }

    #[test]
    fn a_closed_terminal_ends_the_reader() {
        let (term, tty) = UnixStream::pair().unwrap();
        let (signals, _wake) = Signals::for_tests();
        drop(term);
        let got = bounded(move || TtyInput::new(tty).wait(Duration::from_secs(30), &signals));
        assert_eq!(got.unwrap(), [Input::Closed]);
    }
}
