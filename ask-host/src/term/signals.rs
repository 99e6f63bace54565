//! Signals while a host waits for a person: the one place that installs handlers and
//! hands the signals back. Handlers only record what arrived (and, on Unix, write a byte
//! to a wake-up pipe so a waiting `poll` returns at once); the waiting loop acts on them
//! on its normal path, so the terminal is restored and the cancelled result written
//! whatever the input reader was doing.
//!
//! - [`Signals::install`], for a form on the terminal: SIGTERM, SIGINT, SIGHUP, SIGQUIT,
//!   SIGUSR1, SIGUSR2 ([`TERMINATE`]) end the flow cancelled; SIGTSTP leaves full-screen
//!   mode, then stops; SIGCONT enters it again and redraws; SIGWINCH is a resize.
//! - [`Signals::terminating`], for any other wait (a completer command): the
//!   terminating signals only, unregistered by [`Signals::unregister`]. On Windows it
//!   takes the console control events (Ctrl+Break, closing the console window, log-off,
//!   shutdown, and Ctrl+C when the console is not in raw mode); Windows ends a process
//!   soon after a close event, so there the result is written on a best-effort basis.
//!
//! Handlers are installed as soon as the payload is valid (before the terminal is set
//! up), so a signal during start-up also ends with the cancelled result rather than a
//! bare kill. signal-hook never uninstalls a handler, so each signal taken also gets a
//! conditional default action ([`take_over`]), off while a waiter has it and on again
//! once the result is decided ([`hand_back`], before it is written): a result written to
//! a FIFO nobody reads can still be interrupted.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Signals that end the flow with the cancelled result.
#[cfg(unix)]
pub const TERMINATE: &[i32] = &[
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGQUIT,
    signal_hook::consts::SIGUSR1,
    signal_hook::consts::SIGUSR2,
];
/// Signals that end the flow with the cancelled result (what Windows' C runtime raises;
/// the console's control events are handled apart).
#[cfg(not(unix))]
pub const TERMINATE: &[i32] = &[signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT];

/// What arrived since the waiting loop last looked.
pub struct Signals {
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
    /// The handlers [`Signals::unregister`] removes.
    #[cfg(unix)]
    ids: Vec<signal_hook::SigId>,
    /// The console handler's generation this waiter armed (Windows).
    #[cfg(windows)]
    generation: u64,
}

impl Signals {
    /// Installs the handlers of a form on the terminal (see the module docs). A handler
    /// that cannot be installed leaves that signal's default action.
    pub fn install() -> Self {
        let terminate = Arc::new(AtomicUsize::new(0));
        #[cfg_attr(not(unix), allow(unused_variables))]
        let ids = register_terminate(&terminate);
        let [stop, resume, resize] = [(); 3].map(|()| Arc::new(AtomicBool::new(false)));
        #[cfg(not(unix))]
        drop(stop);
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGCONT, SIGTSTP, SIGWINCH};
            for (signal, flag) in [(SIGTSTP, &stop), (SIGCONT, &resume), (SIGWINCH, &resize)] {
                let _ = signal_hook::flag::register(signal, Arc::clone(flag));
            }
            take_over(TERMINATE);
            take_over(&[SIGTSTP]);
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
            #[cfg(unix)]
            ids,
            #[cfg(windows)]
            generation: 0,
        }
    }

    /// Records the terminating signals only (a wait that is not on the terminal: a
    /// completer command), until [`Signals::unregister`]; on Windows the console control
    /// events. Registration failures leave the default action.
    pub fn terminating() -> Self {
        let mut signals = Self::none();
        #[cfg(unix)]
        {
            signals.ids = register_terminate(&signals.terminate);
            take_over(TERMINATE);
        }
        #[cfg(windows)]
        {
            let flag = Arc::clone(&signals.terminate);
            signals.generation = windows::arm(Box::new(move || {
                flag.store(
                    usize::try_from(CONSOLE_EVENT).unwrap_or(1),
                    Ordering::SeqCst,
                );
            }));
        }
        signals
    }

    /// Flags nothing reports into: a wait no signal ends (and tests of waiting loops).
    pub fn none() -> Self {
        let [stop, resume, resize] = [(); 3].map(|()| Arc::new(AtomicBool::new(false)));
        #[cfg(not(unix))]
        drop(stop);
        Self {
            terminate: Arc::new(AtomicUsize::new(0)),
            #[cfg(unix)]
            stop,
            resume,
            resize,
            #[cfg(unix)]
            wake: None,
            #[cfg(unix)]
            wake_tx: None,
            #[cfg(unix)]
            ids: Vec::new(),
            #[cfg(windows)]
            generation: 0,
        }
    }

    /// Stops recording the terminating signals. Their default actions stay off until
    /// the result is written ([`hand_back`]): the form that may follow takes the signals
    /// over itself, and a signal before it does must not kill the process without a
    /// result.
    pub fn unregister(&self) {
        #[cfg(unix)]
        for id in &self.ids {
            signal_hook::low_level::unregister(*id);
        }
        #[cfg(windows)]
        windows::disarm(self.generation);
    }

    /// Something another thread runs to wake whoever waits on the signals (the terminal
    /// loop's `poll`): a control client's command then
    /// reaches the form at once, with no polling. `None` without a wake-up pipe.
    #[cfg(unix)]
    pub fn waker(&self) -> Option<impl Fn() + Send + Sync + 'static> {
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
    pub fn wake_on_signal(&self, wake: impl Fn() + Send + 'static) {
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
        let mut signals = Self::none();
        signals.wake = Some(Arc::new(read));
        (signals, write)
    }

    /// The terminating signal received so far, if any.
    pub fn terminated(&self) -> Option<i32> {
        match self.terminate.load(Ordering::SeqCst) {
            0 => None,
            n => i32::try_from(n).ok(),
        }
    }

    /// True (once) when SIGTSTP arrived.
    #[cfg(unix)]
    pub fn take_stop(&self) -> bool {
        self.stop.swap(false, Ordering::SeqCst)
    }

    /// True (once) when SIGCONT arrived.
    pub fn take_resume(&self) -> bool {
        self.resume.swap(false, Ordering::SeqCst)
    }

    /// True (once) when SIGWINCH arrived.
    pub fn take_resize(&self) -> bool {
        self.resize.swap(false, Ordering::SeqCst)
    }

    /// The wake-up pipe: readable once a signal arrived. [`Signals::drain`] empties it.
    #[cfg(unix)]
    pub fn wake_fd(&self) -> Option<std::os::fd::BorrowedFd<'_>> {
        use std::os::fd::AsFd;
        self.wake.as_deref().map(AsFd::as_fd)
    }

    /// Empties the wake-up pipe (the flags keep what arrived).
    #[cfg(unix)]
    pub fn drain(&self) {
        use std::io::Read;
        let Some(mut wake) = self.wake.as_deref() else {
            return;
        };
        let mut buf = [0u8; 64];
        while matches!(wake.read(&mut buf), Ok(n) if n > 0) {}
    }
}

/// Registers `flag` to hold the number of the last terminating signal; the handler ids.
fn register_terminate(flag: &Arc<AtomicUsize>) -> Vec<signal_hook::SigId> {
    TERMINATE
        .iter()
        .filter_map(|&signal| {
            let value = usize::try_from(signal).unwrap_or(1);
            signal_hook::flag::register_usize(signal, Arc::clone(flag), value).ok()
        })
        .collect()
}

/// Stops the process the way SIGTSTP would have by default (the caller has
/// restored the terminal); returns once SIGCONT continued it. SIGSTOP rather
/// than SIGTSTP: the kernel discards a default SIGTSTP in an orphaned process
/// group, and ours is handled anyway.
#[cfg(unix)]
pub fn stop_process() {
    let _ = signal_hook::low_level::raise(signal_hook::consts::SIGSTOP);
}

/// True when Ctrl+Z may suspend the form: this process's group is the terminal's
/// foreground job and was started by a parent outside it (a job-control shell, which
/// resumes it with `fg`). Under a host that runs `ask` in its own group (pi, an editor),
/// stopping would freeze the host waiting for us, so Ctrl+Z is then an ordinary key.
#[cfg(unix)]
pub fn is_shell_job(tty: impl std::os::fd::AsFd) -> bool {
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
pub fn suspend_job() {
    let _ = rustix::process::kill_current_process_group(rustix::process::Signal::TSTP);
}

/// Hands `signals` to a waiter that records them (the UI, the accessible mode, the
/// completer wait): their default action is off until [`hand_back`].
///
/// Once signal-hook has a handler for a signal it never uninstalls it, so without this a
/// signal would be recorded by nobody, or only set a flag nobody looks at any more, once
/// the wait is over: a result written to a FIFO with no reader could then not be
/// interrupted at all. Each signal also gets a conditional default action, on while no
/// waiter has it.
#[cfg(unix)]
pub fn take_over(signals: &[i32]) {
    use std::sync::{Mutex, PoisonError};
    static ARMED: Mutex<Vec<i32>> = Mutex::new(Vec::new());
    let mut armed = ARMED.lock().unwrap_or_else(PoisonError::into_inner);
    // Off before arming, so a signal in between is recorded, never a bare kill.
    DEFAULT.store(false, Ordering::SeqCst);
    for &signal in signals {
        if !armed.contains(&signal)
            && signal_hook::flag::register_conditional_default(signal, Arc::clone(&DEFAULT)).is_ok()
        {
            armed.push(signal);
        }
    }
}

/// Gives every signal taken over with [`take_over`] its default action back: the wait is
/// over and the result decided, so a signal from now on (while the result is written, to
/// a FIFO that nobody reads, say) ends the process as it would any program.
pub fn hand_back() {
    #[cfg(unix)]
    DEFAULT.store(true, Ordering::SeqCst);
}

/// Runs `write` (a write that cannot block for long: a regular file replaced through a
/// temporary file beside it) with the terminating signals put off, so a signal that
/// arrives meanwhile cannot leave the temporary file behind: the write finishes (the
/// temporary is renamed, or removed on an error), and then the signal is honoured as
/// it would have been ([`hand_back`], then raised again).
pub fn deferred<T>(write: impl FnOnce() -> T) -> T {
    #[cfg(unix)]
    {
        let received = Arc::new(AtomicUsize::new(0));
        let ids = register_terminate(&received);
        take_over(TERMINATE);
        let written = write();
        for id in ids {
            signal_hook::low_level::unregister(id);
        }
        hand_back();
        if let Ok(signal @ 1..) = i32::try_from(received.load(Ordering::SeqCst)) {
            let _ = signal_hook::low_level::raise(signal);
        }
        written
    }
    #[cfg(not(unix))]
    {
        hand_back();
        write()
    }
}

/// True while no waiter has the signals: the conditional default actions apply.
#[cfg(unix)]
static DEFAULT: std::sync::LazyLock<Arc<std::sync::atomic::AtomicBool>> =
    std::sync::LazyLock::new(|| Arc::new(std::sync::atomic::AtomicBool::new(true)));

/// The value [`Signals::terminated`] reports for a Windows console control event.
#[cfg(windows)]
pub const CONSOLE_EVENT: i32 = 2;

/// Sets `stop` on the next console control event (Windows; the accessible
/// mode's wait for a line), until another waiter registers.
#[cfg(windows)]
pub fn stop_on_console_event(stop: Arc<std::sync::atomic::AtomicBool>) {
    windows::arm(Box::new(move || stop.store(true, Ordering::SeqCst)));
}

#[cfg(windows)]
mod windows {
    use std::sync::{Mutex, Once, PoisonError};

    type Report = Box<dyn Fn() + Send>;

    /// Who the console handler reports to (with the generation that armed it);
    /// `None` between waits.
    static ARMED: Mutex<(u64, Option<Report>)> = Mutex::new((0, None));
    static INSTALL: Once = Once::new();

    /// Makes `report` the receiver of console control events; returns its generation.
    pub(super) fn arm(report: Report) -> u64 {
        INSTALL.call_once(|| {
            // A failure (another handler owns the console) keeps the default action.
            let _ = ctrlc::set_handler(|| {
                let armed = ARMED.lock().unwrap_or_else(PoisonError::into_inner);
                match armed.1.as_ref() {
                    Some(report) => report(),
                    // Nobody is waiting: behave like the default handler.
                    None => std::process::exit(130),
                }
            });
        });
        let mut armed = ARMED.lock().unwrap_or_else(PoisonError::into_inner);
        armed.0 += 1;
        armed.1 = Some(report);
        armed.0
    }

    /// Stops reporting, unless a later waiter armed the handler since.
    pub(super) fn disarm(generation: u64) {
        let mut armed = ARMED.lock().unwrap_or_else(PoisonError::into_inner);
        if armed.0 == generation {
            armed.1 = None;
        }
    }
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
