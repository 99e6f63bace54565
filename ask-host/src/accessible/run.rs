//! The accessible mode on a reader and a writer: lines are read on a thread of their
//! own and wake the session like a control client's command, so the form waits without
//! polling for whichever comes first: a line, a control client or the browser, the idle
//! timeout's tick, or a stop from the host (its signal handler calls
//! [`Controller::wake`](crate::control::Controller::wake)).

use std::fmt::Write as _;
use std::io::{self, BufRead, BufReader, Write};
use std::sync::mpsc;
use std::time::Instant;

use ask_i18n::Msg;

use super::{Accessible, AccessibleStep};

/// How [`Accessible::run`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AccessibleEnd {
    /// The form ended (typed, from a control client or the browser, or by the idle
    /// timeout): the result is the session's.
    Finished,
    /// The host's `stopped` said so (a signal).
    Stopped,
    /// The input ended (Ctrl+D, a closed terminal) or could not be read.
    InputEnded,
    /// The output could not be written any more (a terminal that went away).
    OutputFailed,
}

impl Accessible {
    /// Asks the form on `input` and `output` until it ends, the input ends, the output
    /// fails, or `stopped` returns true. `stopped` is asked before every wait; whoever makes
    /// it true (a signal handler) calls [`Controller::wake`](crate::control::Controller::wake) on
    /// the session's controller so the wait ends at once. Only
    /// [`AccessibleEnd::Finished`] leaves a result in the session; for the others the host
    /// writes [`Session::cancelled`](crate::Session::cancelled) (and keeps the draft).
    pub fn run<R, W>(
        &mut self,
        input: R,
        output: &mut W,
        mut stopped: impl FnMut() -> bool,
    ) -> AccessibleEnd
    where
        R: io::Read + Send + 'static,
        W: Write + ?Sized,
    {
        // Nothing here watches the settings file: its edits apply to the next form, and
        // an idle form wakes nobody.
        self.session.set_settings_watched(true);
        let lines = read_lines(input, self.session.controller());
        let opening = format!("{}{}", self.start(), self.prompt());
        if say(output, &opening).is_err() {
            return AccessibleEnd::OutputFailed;
        }
        let mut last_tick = Instant::now();
        loop {
            let (out, ended) = self.step(&lines, &mut stopped);
            if say(output, &out).is_err() {
                return AccessibleEnd::OutputFailed;
            }
            if let Some(ended) = ended {
                return ended;
            }
            // Woken by a line, a client or a stop; otherwise only when the clock has work
            // (the idle timeout's countdown, see `Session::tick_due_in`).
            let due = self.session.tick_due_in();
            self.session
                .wait_control(due.map(|due| due.saturating_sub(last_tick.elapsed())));
            if self
                .session
                .tick_due_in()
                .is_some_and(|due| last_tick.elapsed() >= due)
            {
                self.session.tick();
                last_tick = Instant::now();
            }
        }
    }

    /// One turn of [`Accessible::run`]: what arrived from elsewhere, then the lines typed;
    /// the text to write, and how the form ended if it did.
    fn step(
        &mut self,
        lines: &mpsc::Receiver<Option<String>>,
        stopped: &mut impl FnMut() -> bool,
    ) -> (String, Option<AccessibleEnd>) {
        let _ = self.session.pump_control();
        let _ = self.drain_events();
        let mut out = self.news();
        if self.session.is_over() {
            out.push_str(&self.ended_text());
            return (out, Some(AccessibleEnd::Finished));
        }
        if self.session.flow().tab() != self.shown {
            out.push_str(&self.screen());
        }
        if !out.is_empty() {
            out.push_str(&self.prompt());
        }
        while let Ok(line) = lines.try_recv() {
            let Some(line) = line else {
                let _ = write!(out, "\n{}\n", self.t(Msg::AccessibleCancelled));
                return (out, Some(AccessibleEnd::InputEnded));
            };
            match self.line(&line) {
                AccessibleStep::Ask(text) => {
                    out.push_str(&text);
                    out.push_str(&self.prompt());
                }
                AccessibleStep::Done(text) => {
                    out.push_str(&text);
                    return (out, Some(AccessibleEnd::Finished));
                }
            }
        }
        if stopped() {
            let _ = write!(out, "\n{}\n", self.t(Msg::AccessibleCancelled));
            return (out, Some(AccessibleEnd::Stopped));
        }
        if let Some((_, closing)) = self.session.take_countdown_notification() {
            let _ = writeln!(out, "{}", super::text::clean(&closing.message));
        }
        (out, None)
    }
}

/// Writes `text` and flushes it.
fn say<W: Write + ?Sized>(output: &mut W, text: &str) -> io::Result<()> {
    if text.is_empty() {
        return Ok(());
    }
    output.write_all(text.as_bytes())?;
    output.flush()
}

/// Lines from `input` on a thread of its own (`None` once it ends or fails), each waking
/// the session's wait.
fn read_lines(
    input: impl io::Read + Send + 'static,
    controller: crate::control::Controller,
) -> mpsc::Receiver<Option<String>> {
    let (tx, rx) = mpsc::channel();
    let _ = std::thread::Builder::new()
        .name("ask-lines".into())
        .spawn(move || {
            let mut reader = BufReader::new(input);
            loop {
                let mut bytes = Vec::new();
                let line = match reader.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => Some(
                        String::from_utf8_lossy(&bytes)
                            .trim_end_matches(['\n', '\r'])
                            .to_owned(),
                    ),
                };
                let end = line.is_none();
                let sent = tx.send(line).is_ok();
                controller.wake();
                if end || !sent {
                    return;
                }
            }
        });
    rx
}
