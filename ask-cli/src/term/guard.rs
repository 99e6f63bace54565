//! The early-key guard: keys and pastes that were waiting on the terminal when the form
//! opened, or that arrive within `behaviour.ignoreEarlyKeysMs` of its first paint, are
//! dropped, so a person still typing in the chat when the form pops up does not answer it.

use std::time::{Duration, Instant};

use ask_keymap::InputEvent;

/// Drops the input of the first moments; reports once that it did.
pub(crate) struct EarlyKeyGuard {
    window: Duration,
    /// End of the guarded window, set at the first paint.
    until: Option<Instant>,
    /// Input was dropped and the form was not told yet.
    unreported: bool,
}

impl EarlyKeyGuard {
    /// A guard of `ms` milliseconds after the first paint (0: off).
    pub(crate) fn new(ms: u64) -> Self {
        Self {
            window: Duration::from_millis(ms),
            until: None,
            unreported: false,
        }
    }

    /// The form was painted: the window starts at the first paint.
    pub(crate) fn painted(&mut self) {
        if self.until.is_none() {
            self.until = Some(Instant::now() + self.window);
        }
    }

    /// True when `event` is a key or a paste inside the window (before the first paint
    /// counts as inside); it is then dropped.
    pub(crate) fn drops(&mut self, event: &InputEvent) -> bool {
        if self.window.is_zero() || !matches!(event, InputEvent::Key(_) | InputEvent::Paste(_)) {
            return false;
        }
        let inside = self.until.is_none_or(|until| Instant::now() < until);
        self.unreported |= inside;
        inside
    }

    /// True once after input was dropped (the form then says so).
    pub(crate) fn take_report(&mut self) -> bool {
        std::mem::take(&mut self.unreported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ask_keymap::Key;

    #[test]
    fn drops_keys_and_pastes_in_the_window_and_reports_once() {
        let mut guard = EarlyKeyGuard::new(10_000);
        assert!(
            guard.drops(&InputEvent::Key(Key::char('1'))),
            "before the first paint"
        );
        guard.painted();
        assert!(guard.drops(&InputEvent::Paste("2".into())));
        assert!(
            !guard.drops(&InputEvent::Resize(80, 24)),
            "resizes always pass"
        );
        assert!(guard.take_report());
        assert!(!guard.take_report(), "reported once");
    }

    #[test]
    fn passes_everything_after_the_window_or_when_off() {
        let mut guard = EarlyKeyGuard::new(0);
        guard.painted();
        assert!(!guard.drops(&InputEvent::Key(Key::char('1'))));
        let mut guard = EarlyKeyGuard::new(1);
        guard.painted();
        std::thread::sleep(Duration::from_millis(5));
        assert!(!guard.drops(&InputEvent::Key(Key::char('1'))));
        assert!(!guard.take_report());
    }
}
