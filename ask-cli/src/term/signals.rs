//! SIGTERM, SIGHUP and SIGINT while the UI is open: recorded in a flag the
//! event loop checks, so it can write the cancelled result and restore the
//! terminal on its normal path.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// The last terminating signal received, or none.
#[derive(Clone)]
pub(crate) struct Signals {
    received: Arc<AtomicUsize>,
}

impl Signals {
    /// Registers the handlers. Registration failures leave the default action.
    pub(crate) fn register() -> Self {
        let received = Arc::new(AtomicUsize::new(0));
        for signal in [SIGTERM, SIGHUP, SIGINT] {
            let _ = signal_hook::flag::register_usize(
                signal,
                Arc::clone(&received),
                usize::try_from(signal).unwrap_or(1),
            );
        }
        Self { received }
    }

    /// The signal number received so far, if any.
    pub(crate) fn received(&self) -> Option<i32> {
        match self.received.load(Ordering::SeqCst) {
            0 => None,
            n => i32::try_from(n).ok(),
        }
    }
}
