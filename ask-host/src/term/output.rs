//! The UI's output to the terminal. A frame is written where it was painted, on the
//! loop's thread, through a non-blocking handle: one `write`, no wake-up of another
//! thread. What the terminal does not take at once (it reads slowly, or stopped reading:
//! a stalled ssh, a frozen emulator) goes to a writer thread that blocks on it, never
//! the event loop, so signals and `--timeout` still end the form with its result. A
//! write error (EIO, EPIPE: the terminal went away) is kept and returned by the next
//! write, which the event loop takes for a hang-up.

use std::fs::File;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The most output waiting for a terminal that does not read it: more (some hundred
/// frames) is taken as a terminal that went away.
const MAX_PENDING: usize = 8 * 1024 * 1024;

/// The writer hands the terminal at most this much at a time, so a slow terminal shows
/// progress to [`TermOut::drain`] and a closed writer stops within one chunk.
const CHUNK: usize = 4096;

/// However steadily a slow terminal reads, [`TermOut::drain`] waits no longer than this
/// many times its patience in all.
const MAX_PATIENCE_ROUNDS: u32 = 10;

/// What the writer thread has to do, and how it went.
#[derive(Default)]
struct State {
    /// Bytes not handed to the terminal yet.
    pending: Vec<u8>,
    /// The thread is in a write.
    busy: bool,
    /// The first write error, as its kind and text.
    failed: Option<(io::ErrorKind, String)>,
    /// Chunks written so far: progress that a waiting [`TermOut::drain`] sees.
    written: u64,
    /// Nothing more goes to the terminal: what is pending is dropped (set by
    /// [`TermOut::close`], so no late frame lands after the terminal was restored).
    closed: bool,
    /// The writer thread sleeps waiting for bytes: a flush wakes it (otherwise it finds
    /// them when its write returns, and no wake-up is spent).
    idle: bool,
    /// How many [`TermOut::drain`] calls wait for the writer's progress: only then does
    /// the writer wake anyone after a write (a wake-up with no one waiting still costs a
    /// system call, two per frame).
    draining: usize,
    /// A buffer the writer wrote out, kept for the next flush (a frame's worth of
    /// capacity, so flushing a frame neither copies nor allocates).
    spare: Vec<u8>,
}

struct Shared {
    state: Mutex<State>,
    changed: Condvar,
    /// Set with `State::failed`, read without the lock on every write.
    failed: AtomicBool,
}

/// A [`Write`] for the terminal: bytes collect until `flush`, which writes them without
/// waiting for the terminal: at once through the non-blocking handle when nothing is
/// queued, else (and for what the terminal did not take) on the writer thread.
pub struct TermOut {
    buf: Vec<u8>,
    shared: Arc<Shared>,
    /// A non-blocking handle on the same terminal (its own open file description, so
    /// the blocking handles of the reader and the writer thread stay blocking).
    direct: Option<File>,
    /// The writer thread, joined by nobody (a blocked write must not hold up the exit).
    #[cfg_attr(not(test), allow(dead_code))]
    writer: Option<std::thread::JoinHandle<()>>,
}

impl TermOut {
    /// Starts the writer thread on `file`; every write goes through it.
    pub fn new(file: File) -> Self {
        Self::with_direct(file, None)
    }

    /// Starts the writer thread on `file`, and writes through `direct` (a non-blocking
    /// handle on the same terminal) whatever the terminal takes at once.
    pub fn with_direct(file: File, direct: Option<File>) -> Self {
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            changed: Condvar::new(),
            failed: AtomicBool::new(false),
        });
        let theirs = Arc::clone(&shared);
        let spawned = std::thread::Builder::new()
            .name("ask-tty-writer".to_owned())
            .spawn(move || write_loop(&theirs, file));
        let writer = spawned.map_err(|e| fail(&shared, &e)).ok();
        Self {
            buf: Vec::new(),
            shared,
            direct,
            writer,
        }
    }

    /// Waits until everything flushed so far reached the terminal, a write failed, or
    /// the terminal took nothing for `patience`; true when it all went out. A terminal
    /// that keeps reading, however slowly (a loaded machine, a slow link), is waited
    /// for up to ten times `patience` in all; one that stopped reading costs `patience`.
    pub fn drain(&mut self, patience: Duration) -> bool {
        let _ = self.flush();
        let cap = Instant::now() + patience * MAX_PATIENCE_ROUNDS;
        let mut deadline = Instant::now() + patience;
        let mut state = lock(&self.shared);
        let mut seen = state.written;
        state.draining += 1;
        let done = loop {
            if state.failed.is_some() {
                break false;
            }
            if state.pending.is_empty() && !state.busy {
                break true;
            }
            if state.written != seen {
                seen = state.written;
                deadline = (Instant::now() + patience).min(cap);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break false;
            }
            state = self
                .shared
                .changed
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        };
        state.draining -= 1;
        done
    }

    /// Stops all further output: what is still pending is dropped, and the writer
    /// thread ends after the chunk it may be writing. Called before the terminal is
    /// restored on its own handle, so no frame lands after the restoring sequences.
    pub fn close(&mut self) {
        self.buf.clear();
        let mut state = lock(&self.shared);
        state.closed = true;
        state.pending.clear();
        drop(state);
        self.shared.changed.notify_all();
    }

    fn error(&self) -> io::Error {
        match &lock(&self.shared).failed {
            Some((kind, text)) => io::Error::new(*kind, text.clone()),
            None => io::Error::other("the terminal cannot be written"),
        }
    }
}

impl Write for TermOut {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.shared.failed.load(Ordering::SeqCst) {
            return Err(self.error());
        }
        self.buf.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.shared.failed.load(Ordering::SeqCst) {
            self.buf.clear();
            return Err(self.error());
        }
        if self.buf.is_empty() {
            return Ok(());
        }
        let mut state = lock(&self.shared);
        if state.closed {
            self.buf.clear();
            return Ok(());
        }
        // Nothing queued and the writer thread not in a write: this thread writes what
        // the terminal takes at once, in one system call, and queues only the rest.
        if let Some(direct) = self
            .direct
            .as_ref()
            .filter(|_| state.pending.is_empty() && !state.busy)
        {
            let written = write_now(direct, &self.buf);
            match written {
                Ok(n) if n == self.buf.len() => {
                    self.buf.clear();
                    return Ok(());
                }
                Ok(n) => drop(self.buf.drain(..n)),
                Err(e) => {
                    drop(state);
                    self.buf.clear();
                    fail(&self.shared, &e);
                    return Err(e);
                }
            }
        }
        if state.pending.len() + self.buf.len() > MAX_PENDING {
            drop(state);
            self.buf.clear();
            return Err(io::Error::new(
                io::ErrorKind::WouldBlock,
                "the terminal stopped reading its output",
            ));
        }
        if state.pending.is_empty() {
            // The writer took what came before: hand it this buffer whole, and keep the
            // one it wrote out last for the next frame.
            std::mem::swap(&mut state.pending, &mut self.buf);
            self.buf = std::mem::take(&mut state.spare);
        } else {
            state.pending.append(&mut self.buf);
        }
        let wake = state.idle;
        drop(state);
        if wake {
            self.shared.changed.notify_all();
        }
        Ok(())
    }
}

/// Writes what `file` (non-blocking) takes at once; the count written, 0 when the
/// terminal is full.
fn write_now(mut file: &File, bytes: &[u8]) -> io::Result<usize> {
    let mut done = 0;
    while let Some(rest) = bytes.get(done..).filter(|rest| !rest.is_empty()) {
        match file.write(rest) {
            Ok(0) => break,
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
            Err(e) => return Err(e),
        }
    }
    Ok(done)
}

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, State> {
    shared.state.lock().unwrap_or_else(PoisonError::into_inner)
}

fn fail(shared: &Shared, e: &io::Error) {
    let mut state = lock(shared);
    state.failed = Some((e.kind(), e.to_string()));
    state.busy = false;
    shared.failed.store(true, Ordering::SeqCst);
    drop(state);
    shared.changed.notify_all();
}

/// The writer thread: sleeps until bytes are flushed (no wake-ups while idle), writes
/// them a chunk at a time, and stops at the first error or once closed.
fn write_loop(shared: &Shared, mut file: File) {
    loop {
        let bytes = {
            let mut state = lock(shared);
            while state.pending.is_empty() && !state.closed {
                state.idle = true;
                state = shared
                    .changed
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            state.idle = false;
            if state.closed {
                state.busy = false;
                drop(state);
                shared.changed.notify_all();
                return;
            }
            state.busy = true;
            std::mem::take(&mut state.pending)
        };
        let mut bytes = bytes;
        for chunk in bytes.chunks(CHUNK) {
            if let Err(e) = file.write_all(chunk).and_then(|()| file.flush()) {
                fail(shared, &e);
                return;
            }
            let mut state = lock(shared);
            state.written += 1;
            let (closed, draining) = (state.closed, state.draining > 0);
            drop(state);
            if draining {
                shared.changed.notify_all();
            }
            if closed {
                break;
            }
        }
        bytes.clear();
        let mut state = lock(shared);
        state.busy = false;
        if state.spare.capacity() < bytes.capacity() {
            state.spare = bytes;
        }
        let draining = state.draining > 0;
        drop(state);
        if draining {
            shared.changed.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_reaches_the_file_on_flush_and_drain_waits_for_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out");
        let mut out = TermOut::new(File::create(&path).unwrap());
        out.write_all(b"frame one;").unwrap();
        out.flush().unwrap();
        out.write_all(b"frame two").unwrap();
        assert!(out.drain(Duration::from_secs(10)));
        assert_eq!(std::fs::read(&path).unwrap(), b"frame one;frame two");
    }

    #[cfg(unix)]
    #[test]
    fn drain_waits_for_a_terminal_that_reads_slowly_but_steadily() {
        use std::io::Read;
        let (mut reader, writer) = std::io::pipe().unwrap();
        let mut out = TermOut::new(File::from(std::os::fd::OwnedFd::from(writer)));
        // Far more than the pipe holds, taken 16 KiB at a time every 20 ms: about
        // 400 ms in all, longer than the patience, with progress all along.
        let total = 320 * 1024;
        let slow = std::thread::spawn(move || {
            let mut got = 0;
            let mut buf = vec![0; 16 * 1024];
            while got < total {
                std::thread::sleep(Duration::from_millis(20));
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => got += n,
                }
            }
            got
        });
        out.write_all(&vec![b'x'; total]).unwrap();
        assert!(
            out.drain(Duration::from_millis(300)),
            "drain gave up on a reading terminal"
        );
        assert_eq!(slow.join().unwrap(), total);
    }

    /// A second, non-blocking open of the pipe's write end (its own open file
    /// description, as the terminal's direct handle is).
    #[cfg(target_os = "linux")]
    fn nonblocking_twin(fd: &impl std::os::fd::AsRawFd) -> File {
        use std::os::unix::fs::OpenOptionsExt;
        File::options()
            .write(true)
            .custom_flags(rustix::fs::OFlags::NONBLOCK.bits().cast_signed())
            .open(format!("/proc/self/fd/{}", fd.as_raw_fd()))
            .unwrap()
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_terminal_that_stops_reading_never_blocks_a_flush_and_loses_nothing() {
        use std::io::Read;
        let (mut reader, writer) = std::io::pipe().unwrap();
        let direct = nonblocking_twin(&writer);
        let mut out =
            TermOut::with_direct(File::from(std::os::fd::OwnedFd::from(writer)), Some(direct));
        // A small frame goes out at once on this thread: the writer thread has nothing.
        out.write_all(b"first;").unwrap();
        out.flush().unwrap();
        let state = lock(&out.shared);
        assert!(state.pending.is_empty() && !state.busy && state.written == 0);
        drop(state);
        // Far more than the pipe holds, with nobody reading: flush still returns, and
        // what the pipe did not take waits for the writer thread, in order.
        let big: Vec<u8> = b"abcdefghijklmnopqrstuvwxyz"
            .iter()
            .copied()
            .cycle()
            .take(200 * 1024)
            .collect();
        out.write_all(&big).unwrap();
        out.flush().unwrap();
        out.write_all(b";last").unwrap();
        out.flush().unwrap();
        let expected = [&b"first;"[..], &big, b";last"].concat();
        let reading = std::thread::spawn(move || {
            let mut got = vec![0; expected.len()];
            reader.read_exact(&mut got).unwrap();
            got == expected
        });
        assert!(out.drain(Duration::from_secs(10)));
        assert!(reading.join().unwrap(), "the bytes arrived out of order");
    }

    #[cfg(unix)]
    #[test]
    fn nothing_reaches_the_terminal_once_closed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out");
        let mut out = TermOut::new(File::create(&path).unwrap());
        out.write_all(b"before;").unwrap();
        assert!(out.drain(Duration::from_secs(10)));
        out.close();
        out.write_all(b"late frame").unwrap();
        out.flush().unwrap();
        // The fence: the writer thread has ended, so nothing can reach the file later.
        out.writer.take().unwrap().join().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"before;");
    }

    #[cfg(unix)]
    #[test]
    fn a_write_error_comes_back_on_a_later_write() {
        // /dev/full fails every write with ENOSPC.
        let mut out = TermOut::new(File::options().write(true).open("/dev/full").unwrap());
        out.write_all(b"x").unwrap();
        out.flush().unwrap();
        assert!(!out.drain(Duration::from_secs(10)));
        let err = out.write_all(b"y").unwrap_err();
        assert!(err.to_string().contains("No space"), "{err}");
    }
}
