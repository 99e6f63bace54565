//! The control socket: a Unix socket listening while the form is open, one JSON line per
//! command in, one per event out.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use ask_contract::result::AnsweredVia;
use ask_host::control::MAX_LINE_BYTES;
use ask_host::control::{ControlError, ControlEvent, Controller};

use crate::exit::{CliError, Exit};

/// The longest a reader waits in the middle of a line before it looks at the stop flag
/// (an idle reader waits in `poll` on its client and the stop pipe, with no timeout).
const LINE_WAIT: Duration = Duration::from_secs(1);

/// How long one write to a client may block before the client is dropped.
const WRITE_TIMEOUT: Duration = Duration::from_secs(2);

/// A listening control socket; dropping it stops listening, removes the socket file and
/// lets the connected clients' threads end.
pub(crate) struct ControlSocket {
    path: PathBuf,
    /// Device and inode of the socket file we made, so only that file is removed.
    id: Option<(u64, u64)>,
    stop: Arc<AtomicBool>,
    /// Written once at the stop: wakes the readers waiting in `poll`.
    stop_tx: UnixStream,
    accept: Option<JoinHandle<()>>,
}

impl ControlSocket {
    /// Listens at `path` (owner-only). A stale socket left by a killed `ask` (nobody
    /// accepts on it) is replaced; any other existing file is refused.
    pub(crate) fn bind(path: &Path, controller: Controller) -> Result<Self, CliError> {
        let fail = |why: String| {
            CliError::new(
                Exit::IoErr,
                format!("--control '{}': {why}", path.display()),
            )
        };
        if let Ok(meta) = std::fs::symlink_metadata(path) {
            if !meta.file_type().is_socket() {
                return Err(fail(
                    "the path exists and is not a socket; give a new path".into(),
                ));
            }
            if UnixStream::connect(path).is_ok() {
                return Err(fail("another program listens on this socket".into()));
            }
            std::fs::remove_file(path)
                .map_err(|err| fail(format!("cannot replace the stale socket: {err}")))?;
        }
        let listener =
            UnixListener::bind(path).map_err(|err| fail(format!("cannot listen: {err}")))?;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .map_err(|err| fail(format!("cannot make it owner-only: {err}")))?;
        let id = std::fs::symlink_metadata(path)
            .ok()
            .map(|m| (m.dev(), m.ino()));
        let stop = Arc::new(AtomicBool::new(false));
        let (stop_tx, stop_rx) =
            UnixStream::pair().map_err(|err| fail(format!("cannot listen: {err}")))?;
        let accept = std::thread::Builder::new()
            .name("ask-control".into())
            .spawn({
                let stop = Arc::clone(&stop);
                move || accept_loop(&listener, &controller, &stop, &Arc::new(stop_rx))
            })
            .map_err(|err| fail(format!("cannot start its thread: {err}")))?;
        Ok(Self {
            path: path.to_path_buf(),
            id,
            stop,
            stop_tx,
            accept: Some(accept),
        })
    }
}

impl Drop for ControlSocket {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // The accept loop blocks in `accept` and the readers in `poll`: a connection of
        // our own and a byte on the stop pipe wake them to see the flag.
        let _ = (&self.stop_tx).write(&[1]);
        let _ = UnixStream::connect(&self.path);
        if let Some(accept) = self.accept.take() {
            let _ = accept.join();
        }
        let ours = std::fs::symlink_metadata(&self.path)
            .ok()
            .map(|m| (m.dev(), m.ino()));
        if ours.is_some() && ours == self.id {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

fn accept_loop(
    listener: &UnixListener,
    controller: &Controller,
    stop: &Arc<AtomicBool>,
    stop_rx: &Arc<UnixStream>,
) {
    let mut clients = Vec::new();
    while !stop.load(Ordering::SeqCst) {
        // Blocks until a client (or the stop's own connection) arrives: no wake-ups.
        if let Ok((stream, _)) = listener.accept() {
            if stop.load(Ordering::SeqCst) {
                break;
            }
            if let Some(threads) = serve(stream, controller, stop, stop_rx) {
                clients.extend(threads);
            }
        }
    }
    // The writers send `completed` (already queued by now) and end; the readers answer
    // what arrived before the stop (an `alreadyCompleted` error), then end.
    for thread in clients {
        let _ = thread.join();
    }
}

/// Starts the two threads of one client: the writer ends after `completed` or when the
/// client goes away, the reader when the client closes or the socket stops.
fn serve(
    stream: UnixStream,
    controller: &Controller,
    stop: &Arc<AtomicBool>,
    stop_rx: &Arc<UnixStream>,
) -> Option<[JoinHandle<()>; 2]> {
    stream.set_nonblocking(false).ok()?;
    // A client that stops reading cannot hold `ask` open: its writes time out.
    stream.set_write_timeout(Some(WRITE_TIMEOUT)).ok()?;
    let reader = stream.try_clone().ok()?;
    let out = Arc::new(Mutex::new(stream));
    let handle = controller.connect(AnsweredVia::Control);
    let sender = handle.sender();
    let read = {
        let out = Arc::clone(&out);
        let stop = Arc::clone(stop);
        let stop_rx = Arc::clone(stop_rx);
        std::thread::Builder::new()
            .name("ask-control-read".into())
            .spawn(move || {
                read_commands(reader, &sender, &out, &stop, &stop_rx);
                // The writer gets the replies to what was sent, then its wait ends.
                sender.disconnect();
            })
            .ok()?
    };
    let write = std::thread::Builder::new()
        .name("ask-control-write".into())
        .spawn(move || {
            // Blocks until the session has an event: it ends with `completed` (sent
            // before the socket stops), a failed write, or the client gone. A client
            // that closed its side (gone, or half-closed as socat and `nc -U` do after
            // their command) still gets the reply to every command it sent: the reader
            // disconnects it after its last command, and the session answers those
            // before it drops the client, which ends this wait.
            while let Ok(event) = handle.recv() {
                let done = matches!(event, ControlEvent::Completed { .. });
                if write_line(&out, &event).is_err() || done {
                    break;
                }
            }
        })
        .ok()?;
    Some([write, read])
}

/// Reads command lines until the client closes or the socket stops (every line that
/// arrived before the stop is still answered); a line cut off by the client going away
/// is dropped unread.
fn read_commands(
    stream: UnixStream,
    sender: &ask_host::control::CommandSender,
    out: &Mutex<UnixStream>,
    stop: &AtomicBool,
    stop_rx: &UnixStream,
) {
    if stream.set_read_timeout(Some(LINE_WAIT)).is_err() {
        return;
    }
    let mut reader = BufReader::new(stream);
    let mut line = Vec::new();
    loop {
        if reader.buffer().is_empty() && !wait_readable(reader.get_ref(), stop_rx) {
            return;
        }
        let room = MAX_LINE_BYTES.saturating_add(1).saturating_sub(line.len());
        let read = (&mut reader)
            .take(u64::try_from(room).unwrap_or(u64::MAX))
            .read_until(b'\n', &mut line);
        match read {
            Ok(0) if line.len() <= MAX_LINE_BYTES => return,
            Ok(_) => {}
            Err(err)
                if matches!(
                    err.kind(),
                    std::io::ErrorKind::WouldBlock
                        | std::io::ErrorKind::TimedOut
                        | std::io::ErrorKind::Interrupted
                ) =>
            {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                continue;
            }
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
            if write_line(out, &ControlEvent::error(&err)).is_err() || !skip_line(&mut reader) {
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
            && write_line(out, &ControlEvent::error(&err)).is_err()
        {
            return;
        }
    }
}

/// Waits (with no timeout) until the client sent something or closed: true; false when
/// the stop pipe woke it first with nothing from the client.
fn wait_readable(stream: &UnixStream, stop_rx: &UnixStream) -> bool {
    use rustix::event::{PollFd, PollFlags, poll};
    loop {
        let mut fds = [
            PollFd::new(stream, PollFlags::IN),
            PollFd::new(stop_rx, PollFlags::IN),
        ];
        match poll(&mut fds, None) {
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => continue,
            Err(_) => return true,
        }
        let [client, stopped] = fds.map(|fd| !fd.revents().is_empty());
        return client || !stopped;
    }
}

/// Skips to the end of the current line; false at the end of the stream.
fn skip_line(reader: &mut BufReader<UnixStream>) -> bool {
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(err)
                if err.kind() == std::io::ErrorKind::WouldBlock
                    || err.kind() == std::io::ErrorKind::TimedOut =>
            {
                continue;
            }
            Err(_) => return false,
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

fn write_line(out: &Mutex<UnixStream>, event: &ControlEvent) -> std::io::Result<()> {
    let mut line = event.to_line();
    line.push('\n');
    let mut stream = out
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    stream.write_all(line.as_bytes())
}
