//! The control channel on Windows: a named pipe (`\\.\pipe\NAME`) listening while the
//! form is open, with the same JSON lines as the Unix socket (one command per line in,
//! one event per line out). Each client gets a pipe instance of its own; a fresh one waits
//! for the next client. The pipes run on a single-threaded tokio runtime on a thread of
//! their own (tokio's named pipes need no `unsafe`, which this workspace forbids).
//!
//! The pipe keeps Windows' default security for named pipes (the creating account,
//! the `LocalSystem` account and administrators may use it; other local accounts may only open it for
//! reading) and refuses clients from other machines. The first instance is made with
//! `FILE_FLAG_FIRST_PIPE_INSTANCE`, so a name another program serves is refused instead
//! of shared.

use std::path::Path;
use std::thread::JoinHandle;
use std::time::Duration;

use ask_contract::result::AnsweredVia;
use ask_host::control::MAX_LINE_BYTES;
use ask_host::control::{CommandSender, ControlError, ControlEvent, ControlHandle, Controller};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::windows::named_pipe::{NamedPipeServer, ServerOptions};
use tokio::sync::{mpsc, watch};

use crate::exit::{CliError, Exit};

/// How often a client's writer looks for session events.
const POLL: Duration = Duration::from_millis(20);

/// How long one write to a client may take before the client is dropped.
const WRITE_TIMEOUT: Duration = Duration::from_secs(2);

/// How long the clients have to get `completed` once the form ended.
const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// The prefix of a local pipe name.
const PIPE_PREFIX: &str = r"\\.\pipe\";

/// A listening control pipe; dropping it stops listening and ends the clients (after
/// they got the events queued for them).
pub(crate) struct ControlSocket {
    stop: watch::Sender<bool>,
    thread: Option<JoinHandle<()>>,
}

impl ControlSocket {
    /// Listens on the pipe `path` (`\\.\pipe\NAME`). A name another program serves is
    /// refused.
    pub(crate) fn bind(path: &Path, controller: Controller) -> Result<Self, CliError> {
        let shown = path.display();
        let name = path
            .to_str()
            .filter(|n| {
                n.get(..PIPE_PREFIX.len())
                    .is_some_and(|p| p.eq_ignore_ascii_case(PIPE_PREFIX))
                    && n.len() > PIPE_PREFIX.len()
                    && n.len() <= 256
            })
            .ok_or_else(|| {
                CliError::usage(format!(
                    "--control '{shown}': on Windows the control channel is a named pipe; give a name like \\\\.\\pipe\\ask-control"
                ))
            })?
            .to_owned();
        let fail = |why: String| CliError::new(Exit::IoErr, format!("--control '{shown}': {why}"));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|err| fail(format!("cannot start its runtime: {err}")))?;
        let first = {
            let _entered = runtime.enter();
            ServerOptions::new()
                .first_pipe_instance(true)
                .reject_remote_clients(true)
                .create(&name)
                .map_err(|err| match err.kind() {
                    std::io::ErrorKind::PermissionDenied => {
                        fail("another program serves a pipe of this name; give a new name".into())
                    }
                    _ => fail(format!("cannot listen: {err}")),
                })?
        };
        let (stop, stopping) = watch::channel(false);
        let thread = std::thread::Builder::new()
            .name("ask-control".into())
            .spawn(move || runtime.block_on(serve(first, name, controller, stopping)))
            .map_err(|err| fail(format!("cannot start its thread: {err}")))?;
        Ok(Self {
            stop,
            thread: Some(thread),
        })
    }
}

impl Drop for ControlSocket {
    fn drop(&mut self) {
        self.stop.send_replace(true);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Accepts clients until the stop, each on its own instance; then gives the clients
/// [`CLOSE_GRACE`] to get their last events.
async fn serve(
    mut server: NamedPipeServer,
    name: String,
    controller: Controller,
    stopping: watch::Receiver<bool>,
) {
    let mut clients = Vec::new();
    let mut waiting = stopping.clone();
    loop {
        tokio::select! {
            connected = server.connect() => {
                // A fresh instance for the next client before this one is served.
                let Ok(next) = ServerOptions::new().reject_remote_clients(true).create(&name) else {
                    break;
                };
                let client = std::mem::replace(&mut server, next);
                if connected.is_ok() {
                    let handle = controller.connect(AnsweredVia::Control);
                    clients.push(tokio::spawn(serve_client(client, handle, stopping.clone())));
                }
            }
            _ = waiting.wait_for(|stop| *stop) => break,
        }
    }
    drop(server);
    let _ = tokio::time::timeout(CLOSE_GRACE, async {
        for client in clients {
            let _ = client.await;
        }
    })
    .await;
}

/// One client: session events out (until `completed`, the client going away or the
/// stop), command lines in, refused lines answered with an `error` event.
async fn serve_client(
    pipe: NamedPipeServer,
    handle: ControlHandle,
    stopping: watch::Receiver<bool>,
) {
    let (read_half, mut write_half) = tokio::io::split(pipe);
    let (errors, mut refused) = mpsc::unbounded_channel();
    let reader = tokio::spawn(read_commands(read_half, handle.sender(), errors));
    let mut tick = tokio::time::interval(POLL);
    // The client closed its side (or half-closed it after its last command): it still
    // gets the reply to every command it sent, once the session took them all.
    let mut closed = false;
    'client: loop {
        loop {
            match handle.try_recv() {
                Ok(Some(event)) => {
                    let done = matches!(event, ControlEvent::Completed { .. });
                    if write_line(&mut write_half, &event).await.is_err() || done {
                        break 'client;
                    }
                }
                Ok(None) => break,
                Err(_) => break 'client,
            }
        }
        if *stopping.borrow() || (closed && handle.unanswered() == 0) {
            // What the last commands caused was queued before the count reached 0.
            while let Ok(Some(event)) = handle.try_recv() {
                let done = matches!(event, ControlEvent::Completed { .. });
                if write_line(&mut write_half, &event).await.is_err() || done {
                    break;
                }
            }
            break;
        }
        tokio::select! {
            error = refused.recv(), if !closed => match error {
                Some(event) => {
                    if write_line(&mut write_half, &event).await.is_err() {
                        break;
                    }
                }
                // The reader ended: the client closed the pipe (or its side of it).
                None => closed = true,
            },
            _ = tick.tick() => {}
        }
    }
    reader.abort();
}

/// Reads command lines until the client closes; a line cut off by the client going
/// away is dropped unread, a line over [`MAX_LINE_BYTES`] is skipped with an error.
async fn read_commands(
    pipe: impl AsyncRead + Unpin,
    sender: CommandSender,
    errors: mpsc::UnboundedSender<ControlEvent>,
) {
    let mut reader = BufReader::new(pipe);
    let mut line = Vec::new();
    loop {
        let room = MAX_LINE_BYTES.saturating_add(1).saturating_sub(line.len());
        let read = (&mut reader)
            .take(u64::try_from(room).unwrap_or(u64::MAX))
            .read_until(b'\n', &mut line)
            .await;
        match read {
            Ok(0) if line.len() <= MAX_LINE_BYTES => return,
            Ok(_) => {}
            Err(_) => return,
        }
        if line.last() != Some(&b'\n') {
            if line.len() <= MAX_LINE_BYTES {
                // End of stream in the middle of a line: the client vanished.
                return;
            }
            line.clear();
            let err = ControlError::BadLine(format!(
                "a line over the {MAX_LINE_BYTES}-byte limit; it was skipped"
            ));
            if errors.send(ControlEvent::error(&err)).is_err() || !skip_line(&mut reader).await {
                return;
            }
            continue;
        }
        let answered = match std::str::from_utf8(&line) {
            Ok(text) if text.trim().is_empty() => Ok(()),
            Ok(text) => sender.send_line(text.trim()),
            Err(err) => Err(ControlError::BadLine(format!("not UTF-8 ({err})"))),
        };
        line.clear();
        if let Err(err) = answered
            && errors.send(ControlEvent::error(&err)).is_err()
        {
            return;
        }
    }
}

/// Skips to the end of the current line; false at the end of the stream.
async fn skip_line(reader: &mut (impl AsyncBufReadExt + Unpin)) -> bool {
    loop {
        let Ok(buf) = reader.fill_buf().await else {
            return false;
        };
        if buf.is_empty() {
            return false;
        }
        if let Some(at) = buf.iter().position(|b| *b == b'\n') {
            reader.consume(at + 1);
            return true;
        }
        let len = buf.len();
        reader.consume(len);
    }
}

async fn write_line(
    out: &mut (impl AsyncWrite + Unpin),
    event: &ControlEvent,
) -> std::io::Result<()> {
    let mut line = event.to_line();
    line.push('\n');
    match tokio::time::timeout(WRITE_TIMEOUT, out.write_all(line.as_bytes())).await {
        Ok(written) => written,
        Err(_) => Err(std::io::ErrorKind::TimedOut.into()),
    }
}
