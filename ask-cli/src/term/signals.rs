//! Signals while a form is open. Handlers only record what arrived (and, on
//! Unix, write a byte to a wake-up pipe so a waiting input read returns at
//! once); the UI loop acts on them on its normal path, so the terminal is
//! restored and the cancelled result written whatever the input reader was
//! doing.
//!
//! - SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2: end the flow cancelled.
//! - SIGTSTP: leave full-screen mode, then stop; SIGCONT: enter it again and redraw.
//! - SIGWINCH: the terminal was resized.
//!
//! The handlers are installed as soon as the payload is valid (before the
//! terminal is set up), so a signal during start-up also ends with the
//! cancelled result rather than a bare kill. They stay installed until the
//! process exits, but once the result is decided (`crate::signals::hand_back`,
//! before it is written) the terminating signals and SIGTSTP act as by default
//! again: a result written to a FIFO nobody reads can still be interrupted.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Signals that end the flow with the cancelled result.
#[cfg(unix)]
pub(crate) const TERMINATE: &[i32] = &[
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGQUIT,
    signal_hook::consts::SIGUSR1,
    signal_hook::consts::SIGUSR2,
];
#[cfg(not(unix))]
pub(crate) const TERMINATE: &[i32] = &[signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT];

/// What arrived since the UI loop last looked.
pub(crate) struct Signals {
    /// The last terminating signal's number, or 0.
    terminate: Arc<AtomicUsize>,
    #[cfg(unix)]
    stop: Arc<AtomicBool>,
    resume: Arc<AtomicBool>,
    resize: Arc<AtomicBool>,
    /// Read end of the wake-up pipe every handler writes a byte to (none when
    /// it could not be made: the reader then wakes at its own pace).
    #[cfg(unix)]
    wake: Option<Arc<std::os::unix::net::UnixStream>>,
    /// Its write end, for [`Signals::waker`].
    #[cfg(unix)]
    wake_tx: Option<Arc<std::os::unix::net::UnixStream>>,
}

impl Signals {
    /// Installs the handlers. A handler that cannot be installed leaves that
    /// signal's default action.
    pub(crate) fn install() -> Self {
        let terminate = Arc::new(AtomicUsize::new(0));
        for &signal in TERMINATE {
            let value = usize::try_from(signal).unwrap_or(1);
            let _ = signal_hook::flag::register_usize(signal, Arc::clone(&terminate), value);
        }
        let [stop, resume, resize] = [(); 3].map(|()| Arc::new(AtomicBool::new(false)));
        #[cfg(not(unix))]
        drop(stop);
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGCONT, SIGTSTP, SIGWINCH};
            for (signal, flag) in [(SIGTSTP, &stop), (SIGCONT, &resume), (SIGWINCH, &resize)] {
                let _ = signal_hook::flag::register(signal, Arc::clone(flag));
            }
            crate::signals::take_over(TERMINATE);
            crate::signals::take_over(&[SIGTSTP]);
        }
        #[cfg(unix)]
        let pipe = unix::wake_pipe().map(|(read, write)| (Arc::new(read), Arc::new(write)));
        Self {
            terminate,
            #[cfg(unix)]
            stop,
            resume,
            resize,
            // Registered after the flags (actions run in registration order), so
            // a woken reader always finds the flag set.
            #[cfg(unix)]
            wake: pipe.as_ref().map(|(read, _)| Arc::clone(read)),
            #[cfg(unix)]
            wake_tx: pipe.map(|(_, write)| write),
        }
    }

    /// Something another thread runs to wake whoever waits on the signals (the terminal
    /// loop's `poll`, [`Signals::wait_on_thread`]): a control client's command then
    /// reaches the form at once, with no polling. `None` without a wake-up pipe.
    #[cfg(unix)]
    pub(crate) fn waker(&self) -> Option<impl Fn() + Send + Sync + 'static> {
        let tx = Arc::clone(self.wake_tx.as_ref()?);
        Some(move || {
            use std::io::Write;
            // Non-blocking: a full pipe already wakes the reader.
            let _ = (&*tx).write(&[1]);
        })
    }

    /// Runs `wake` on a thread of its own each time a signal arrives (for a loop that
    /// waits on something else than the wake-up pipe: the headless form waits on its
    /// control channel). The thread blocks in `poll`, so it costs no wake-up while idle.
    pub(crate) fn wake_on_signal(&self, wake: impl Fn() + Send + 'static) {
        let terminate = Arc::clone(&self.terminate);
        #[cfg(unix)]
        if let Some(pipe) = self.wake.as_ref().map(Arc::clone) {
            let _ = std::thread::Builder::new()
                .name("ask-signals".into())
                .spawn(move || {
                    use std::io::Read;
                    use std::os::fd::AsFd;
                    loop {
                        let fd = pipe.as_fd();
                        let mut fds = [rustix::event::PollFd::new(
                            &fd,
                            rustix::event::PollFlags::IN,
                        )];
                        let _ = rustix::event::poll(&mut fds, None);
                        let mut buf = [0u8; 64];
                        while matches!((&*pipe).read(&mut buf), Ok(n) if n > 0) {}
                        wake();
                        if terminate.load(Ordering::SeqCst) != 0 {
                            return;
                        }
                    }
                });
            return;
        }
        // No wake-up pipe (Windows): look at the flag a few times a second.
        let _ = std::thread::Builder::new()
            .name("ask-signals".into())
            .spawn(move || {
                while terminate.load(Ordering::SeqCst) == 0 {
                    std::thread::sleep(std::time::Duration::from_millis(100));
                }
                wake();
            });
    }

    /// Flags with a wake-up pipe and no handlers: the write end is returned
    /// (for unit tests of the reader).
    #[cfg(all(test, unix))]
    pub(crate) fn for_tests() -> (Self, std::os::unix::net::UnixStream) {
        let (read, write) = std::os::unix::net::UnixStream::pair().expect("socket pair");
        read.set_nonblocking(true).expect("non-blocking");
        let [stop, resume, resize] = [(); 3].map(|()| Arc::new(AtomicBool::new(false)));
        let signals = Self {
            terminate: Arc::new(AtomicUsize::new(0)),
            stop,
            resume,
            resize,
            wake: Some(Arc::new(read)),
            wake_tx: None,
        };
        (signals, write)
    }

    /// The terminating signal received so far, if any.
    pub(crate) fn terminated(&self) -> Option<i32> {
        match self.terminate.load(Ordering::SeqCst) {
            0 => None,
            n => i32::try_from(n).ok(),
        }
    }

    /// True (once) when SIGTSTP arrived.
    #[cfg(unix)]
    pub(crate) fn take_stop(&self) -> bool {
        self.stop.swap(false, Ordering::SeqCst)
    }

    /// True (once) when SIGCONT arrived.
    pub(crate) fn take_resume(&self) -> bool {
        self.resume.swap(false, Ordering::SeqCst)
    }

    /// True (once) when SIGWINCH arrived.
    pub(crate) fn take_resize(&self) -> bool {
        self.resize.swap(false, Ordering::SeqCst)
    }

    /// The wake-up pipe: readable once a signal arrived. [`Signals::drain`] empties it.
    #[cfg(unix)]
    pub(crate) fn wake_fd(&self) -> Option<std::os::fd::BorrowedFd<'_>> {
        use std::os::fd::AsFd;
        self.wake.as_deref().map(AsFd::as_fd)
    }

    /// Empties the wake-up pipe (the flags keep what arrived).
    #[cfg(unix)]
    pub(crate) fn drain(&self) {
        use std::io::Read;
        let Some(mut wake) = self.wake.as_deref() else {
            return;
        };
        let mut buf = [0u8; 64];
        while matches!(wake.read(&mut buf), Ok(n) if n > 0) {}
    }
}

/// Stops the process the way SIGTSTP would have by default (the caller has
/// restored the terminal); returns once SIGCONT continued it. SIGSTOP rather
/// than SIGTSTP: the kernel discards a default SIGTSTP in an orphaned process
/// group, and ours is handled anyway.
#[cfg(unix)]
pub(crate) fn stop_process() {
    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGSTOP);
}

/// True when Ctrl+Z may suspend the form: this process's group is the terminal's
/// foreground job and was started by a parent outside it (a job-control shell, which
/// resumes it with `fg`). Under a host that runs `ask` in its own group (pi, an editor),
/// stopping would freeze the host waiting for us, so Ctrl+Z is then an ordinary key.
#[cfg(unix)]
pub(crate) fn is_shell_job(tty: impl std::os::fd::AsFd) -> bool {
    use rustix::process::{getpgid, getpgrp, getppid};
    let group = getpgrp();
    let foreground = rustix::termios::tcgetpgrp(tty).is_ok_and(|fg| fg == group);
    let parent_group = getppid().and_then(|parent| getpgid(Some(parent)).ok());
    foreground && parent_group.is_some_and(|parent| parent != group)
}

/// Sends SIGTSTP to this process's group, as the terminal does for Ctrl+Z when it is not
/// in raw mode: the handler then suspends the form like any SIGTSTP, and the rest of a
/// pipeline stops with it.
#[cfg(unix)]
pub(crate) fn suspend_job() {
    let _ = rustix::process::kill_current_process_group(rustix::process::Signal::TSTP);
}

#[cfg(unix)]
mod unix {
    use std::os::unix::net::UnixStream;

    use signal_hook::consts::{SIGCONT, SIGTSTP, SIGWINCH};

    /// A non-blocking socket pair that every handled signal writes a byte to;
    /// returns the read end and the write end (for other wake-ups).
    pub(super) fn wake_pipe() -> Option<(UnixStream, UnixStream)> {
        let (read, write) = UnixStream::pair().ok()?;
        read.set_nonblocking(true).ok()?;
        write.set_nonblocking(true).ok()?;
        for &signal in super::TERMINATE.iter().chain(&[SIGTSTP, SIGCONT, SIGWINCH]) {
            let end = write.try_clone().ok()?;
            signal_hook::low_level::pipe::register(signal, end).ok()?;
        }
        Some((read, write))
    }
}
