//! Running the `--completer` command of `ask answer` on Windows: under
//! `cmd /C`, the request on its stdin, the reply from its stdout (read on
//! threads), within the extraction timeout; the process tree is killed with
//! `taskkill /T` on timeout or a console control event. The Unix version
//! (`completer.rs`) polls the pipes and kills the process group instead.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ask_extract::ModelRequest;

use crate::process::{SHELL, kill_tree, shell};
pub(crate) use crate::signals::Interrupts as SignalFlag;

/// The most of a completer's stdout (or stderr) that is kept; the rest is
/// drained and dropped so a runaway completer cannot fill memory.
const MAX_OUTPUT: u64 = 4 * 1024 * 1024;

/// How long the wait loop blocks on the output pipes before it looks at the
/// clock and at signals again.
const POLL: Duration = Duration::from_millis(20);

/// How often the exit status is polled once the output pipes closed.
const EXIT_POLL: Duration = Duration::from_millis(5);

/// How one completer run went.
#[derive(Debug)]
pub(crate) enum Completion {
    /// It exited 0; its stdout.
    Reply(String),
    /// It timed out, failed or could not start; why, for the user.
    Failed(String),
    /// A terminating signal arrived while it ran (it was killed).
    Interrupted(i32),
}

/// Runs the completer once under the shell (`sh -c`; `cmd /C` on Windows):
/// the request as JSON on stdin, the model's reply on stdout. On timeout (or a
/// signal to `ask`) everything it started is killed with it.
pub(crate) fn complete(
    command: &str,
    request: &ModelRequest,
    timeout: Duration,
    signals: &SignalFlag,
) -> Completion {
    let deadline = Instant::now() + timeout;
    let mut child = match shell(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(err) => return Completion::Failed(format!("could not start ({SHELL}): {err}")),
    };
    let input = serde_json::to_vec(request).unwrap_or_default();
    if let Some(mut pipe) = child.stdin.take() {
        // A completer that never reads stdin must not block us: write on a
        // thread, and ignore a closed pipe.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
    }
    let (tx, rx) = mpsc::channel();
    if let Some(pipe) = child.stdout.take() {
        spawn_reader(pipe, Stream::Out, tx.clone());
    }
    if let Some(pipe) = child.stderr.take() {
        spawn_reader(pipe, Stream::Err, tx);
    }
    let (mut out, mut err) = (None, None);
    // Both streams closed, then the exit status, all before the deadline.
    let status = loop {
        if let Some(signal) = signals.received() {
            kill_tree(&mut child);
            return Completion::Interrupted(signal);
        }
        if Instant::now() >= deadline {
            kill_tree(&mut child);
            return Completion::Failed(format!(
                "timed out after {} ms (answer.extractionTimeoutMs) and was killed",
                timeout.as_millis()
            ));
        }
        if out.is_none() || err.is_none() {
            match rx.recv_timeout(POLL) {
                Ok((Stream::Out, bytes)) => out = Some(bytes),
                Ok((Stream::Err, bytes)) => err = Some(bytes),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    out.get_or_insert_with(Vec::new);
                    err.get_or_insert_with(Vec::new);
                }
            }
            continue;
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(EXIT_POLL),
            Err(e) => {
                kill_tree(&mut child);
                return Completion::Failed(format!("could not be waited for: {e}"));
            }
        }
    };
    let out = String::from_utf8_lossy(&out.unwrap_or_default()).into_owned();
    if status.success() {
        return Completion::Reply(out);
    }
    let mut why = match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("was ended by a signal ({status})"),
    };
    let err = String::from_utf8_lossy(&err.unwrap_or_default()).into_owned();
    if let Some(line) = err.lines().rev().find(|l| !l.trim().is_empty()) {
        let _ = write!(why, " ({})", printable(line.trim(), 200));
    }
    Completion::Failed(why)
}

/// Which pipe a reader thread drained.
#[derive(Debug, Clone, Copy)]
enum Stream {
    Out,
    Err,
}

/// Reads a pipe to its end on a thread (keeping at most [`MAX_OUTPUT`] bytes)
/// and sends what it read. Not joined: after a kill, a stray process could
/// keep the pipe open, and the loop must not wait for it.
fn spawn_reader(
    pipe: impl Read + Send + 'static,
    which: Stream,
    tx: mpsc::Sender<(Stream, Vec<u8>)>,
) {
    std::thread::spawn(move || {
        let mut pipe = pipe;
        let mut bytes = Vec::new();
        let _ = (&mut pipe).take(MAX_OUTPUT).read_to_end(&mut bytes);
        let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        let _ = tx.send((which, bytes));
    });
}

/// `text` cut to `max` characters with control characters replaced, for a
/// message on the terminal.
fn printable(text: &str, max: usize) -> String {
    let mut out: String = text
        .chars()
        .take(max)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().count() > max {
        out.push('…');
    }
    out
}
