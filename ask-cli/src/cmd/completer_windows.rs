//! Running the `--completer` command of `ask answer` on Windows: under
//! `cmd /C`, the request on its stdin, the reply from its stdout (read on
//! threads), within the extraction timeout; the process tree is killed with
//! `taskkill /T` on timeout or a console control event. The Unix version
//! (`completer.rs`) polls the pipes and kills the process group instead.

use std::io::Read;
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ask_extract::ModelRequest;

use super::completion::{
    Completion, EXIT_POLL, MAX_OUTPUT, POLL, finish, send_request, stop_reason,
};
use crate::process::{SHELL, kill_tree, shell};
use ask_host::term::Signals;

/// Runs the completer once under the shell (`sh -c`; `cmd /C` on Windows):
/// the request as JSON on stdin, the model's reply on stdout. On timeout (or a
/// signal to `ask`) everything it started is killed with it.
pub(crate) fn complete(
    command: &str,
    request: &ModelRequest,
    timeout: Duration,
    signals: &Signals,
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
    send_request(child.stdin.take(), request);
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
        if let Some(end) = stop_reason(signals, deadline, timeout) {
            kill_tree(&mut child);
            return end;
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
    finish(status, &out.unwrap_or_default(), &err.unwrap_or_default())
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
        let limit = u64::try_from(MAX_OUTPUT).unwrap_or(u64::MAX);
        let _ = (&mut pipe).take(limit).read_to_end(&mut bytes);
        let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        let _ = tx.send((which, bytes));
    });
}
