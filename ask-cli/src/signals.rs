//! Termination requests while `ask` waits (the completer run on every platform; on
//! Windows also the UI's event loop): recorded in a flag the waiting loop checks, so it can kill what it
//! started, write the cancelled result and restore the terminal on its normal
//! path.
//!
//! Unix: SIGTERM, SIGHUP and SIGINT. Windows: the console control events
//! (Ctrl+Break, closing the console window, log-off, shutdown, and Ctrl+C when
//! the console is not in raw mode; in raw mode Ctrl+C is a key like any other).
//! Windows ends a process soon after a close event, so there the result is
//! written on a best-effort basis.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Hands `signals` to a waiter that records them (the UI, the accessible mode, the
/// completer wait): their default action is off until [`hand_back`].
///
/// Once signal-hook has a handler for a signal it never uninstalls it, so without this a
/// signal would be recorded by nobody, or only set a flag nobody looks at any more, once
/// the wait is over: a result written to a FIFO with no reader could then not be
/// interrupted at all. Each signal also gets a conditional default action, on while no
/// waiter has it.
#[cfg(unix)]
pub(crate) fn take_over(signals: &[i32]) {
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
pub(crate) fn hand_back() {
    #[cfg(unix)]
    DEFAULT.store(true, Ordering::SeqCst);
}

/// Runs `write` (a write that cannot block for long: a regular file replaced through a
/// temporary file beside it) with the terminating signals put off, so a signal that
/// arrives meanwhile cannot leave the temporary file behind: the write finishes (the
/// temporary is renamed, or removed on an error), and then the signal is honoured as
/// it would have been ([`hand_back`], then raised again).
pub(crate) fn deferred<T>(write: impl FnOnce() -> T) -> T {
    #[cfg(unix)]
    {
        let signals = crate::term::TERMINATE;
        let received = Arc::new(AtomicUsize::new(0));
        let ids: Vec<_> = signals
            .iter()
            .filter_map(|&signal| {
                let value = usize::try_from(signal).unwrap_or(1);
                signal_hook::flag::register_usize(signal, Arc::clone(&received), value).ok()
            })
            .collect();
        take_over(signals);
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

/// Termination requests received since [`Interrupts::register`].
pub(crate) struct Interrupts {
    received: Arc<AtomicUsize>,
    #[cfg(unix)]
    ids: Vec<signal_hook::SigId>,
    #[cfg(windows)]
    generation: u64,
}

/// What ended the wait: the signal number on Unix; on Windows always
/// [`CONSOLE_EVENT`].
pub(crate) type Interrupt = i32;

/// The value [`Interrupts::received`] reports for a Windows console control event.
#[cfg(windows)]
pub(crate) const CONSOLE_EVENT: Interrupt = 2;

impl Interrupts {
    /// Starts recording. Registration failures leave the default action.
    #[cfg(unix)]
    pub(crate) fn register() -> Self {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let received = Arc::new(AtomicUsize::new(0));
        let ids = [SIGTERM, SIGHUP, SIGINT]
            .into_iter()
            .filter_map(|signal| {
                let value = usize::try_from(signal).unwrap_or(1);
                signal_hook::flag::register_usize(signal, Arc::clone(&received), value).ok()
            })
            .collect();
        take_over(&[SIGTERM, SIGHUP, SIGINT]);
        Self { received, ids }
    }

    /// Starts recording. The console handler is installed once per process and
    /// reports to whoever registered last.
    #[cfg(windows)]
    pub(crate) fn register() -> Self {
        let received = Arc::new(AtomicUsize::new(0));
        let flag = Arc::clone(&received);
        let generation = windows::arm(Box::new(move || {
            flag.store(
                usize::try_from(CONSOLE_EVENT).unwrap_or(1),
                Ordering::SeqCst,
            );
        }));
        Self {
            received,
            generation,
        }
    }

    /// A flag nothing reports into (for tests of the waiting loops).
    #[cfg(test)]
    pub(crate) fn none() -> Self {
        Self {
            received: Arc::new(AtomicUsize::new(0)),
            #[cfg(unix)]
            ids: Vec::new(),
            #[cfg(windows)]
            generation: 0,
        }
    }

    /// The request received so far, if any.
    pub(crate) fn received(&self) -> Option<Interrupt> {
        match self.received.load(Ordering::SeqCst) {
            0 => None,
            n => Interrupt::try_from(n).ok(),
        }
    }

    /// Stops recording. The default actions stay off until the result is written
    /// ([`hand_back`]): the form that may follow takes the signals over itself, and a
    /// signal before it does must not kill `ask` without a result.
    pub(crate) fn unregister(&self) {
        #[cfg(unix)]
        for id in &self.ids {
            signal_hook::low_level::unregister(*id);
        }
        #[cfg(windows)]
        windows::disarm(self.generation);
    }
}

/// Sets `stop` on the next console control event (Windows; the accessible
/// mode's wait for a line), until another waiter registers.
#[cfg(windows)]
pub(crate) fn stop_on_console_event(stop: Arc<std::sync::atomic::AtomicBool>) {
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
