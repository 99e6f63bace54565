//! The idle timeout: the flow has no clock, so the host's [`Command::Clock`](crate::Command::Clock)
//! readings decide when it expires. Every user command restarts it.

use crate::command::{Effect, Outcome};
use crate::flow::Flow;
use crate::result::build_timed_out;

/// The countdown is shown during the last this many milliseconds before the timeout.
pub const COUNTDOWN_MS: u64 = 60_000;

impl Flow {
    /// The idle timeout in effect in milliseconds: the host's override
    /// ([`FlowOptions::idle_timeout_ms`](crate::FlowOptions::idle_timeout_ms)), else the
    /// `idleTimeoutSeconds` behaviour setting; `None` when off (0) and for the settings
    /// overlay on its own.
    pub fn idle_timeout_ms(&self) -> Option<u64> {
        if self.options.settings_only {
            return None;
        }
        let ms = self
            .options
            .idle_timeout_ms
            .unwrap_or_else(|| self.behaviour.idle_timeout_seconds.saturating_mul(1000));
        (ms > 0).then_some(ms)
    }

    /// Milliseconds left before the timeout ends the flow, by the last host clock reading.
    pub fn idle_remaining_ms(&self) -> Option<u64> {
        let idle = self.clock_ms.saturating_sub(self.last_input_ms);
        self.idle_timeout_ms().map(|t| t.saturating_sub(idle))
    }

    /// Whole seconds left (rounded up) during the last [`COUNTDOWN_MS`]: what the footer's
    /// `Closing in N s` shows. `None` before the countdown starts and without a timeout.
    pub fn countdown_seconds(&self) -> Option<u64> {
        if self.done {
            return None;
        }
        self.idle_remaining_ms()
            .filter(|ms| *ms <= COUNTDOWN_MS)
            .map(|ms| ms.div_ceil(1000))
    }

    /// Milliseconds from the last clock reading until the clock next changes what the
    /// flow shows or does: the countdown starts, its second changes, or the timeout ends.
    /// `None` without a timeout and once the flow is done. A host that sleeps this long
    /// between [`Command::Clock`](crate::Command::Clock) readings misses nothing and
    /// wakes no more than it must (once, then once a second in the last minute).
    pub fn clock_change_in_ms(&self) -> Option<u64> {
        if self.done {
            return None;
        }
        let remaining = self.idle_remaining_ms()?;
        Some(if remaining > COUNTDOWN_MS {
            remaining - COUNTDOWN_MS
        } else {
            // The shown second is `ceil(remaining / 1000)`: it changes once `remaining`
            // drops below the next lower multiple of a second.
            match remaining % 1000 {
                0 => 1000.min(remaining).max(1),
                part => part,
            }
        })
    }

    /// A user command arrived: the idle clock restarts. True when a countdown was showing
    /// (the screen must drop it).
    pub(crate) fn note_input(&mut self) -> bool {
        let was = self.countdown_seconds().is_some();
        self.last_input_ms = self.clock_ms;
        self.shown_countdown = None;
        was
    }

    /// After a clock reading: ends the flow when the timeout passed (cancelled,
    /// `timedOut`, answers and notes kept, nothing chosen for the user); `Changed` when the
    /// countdown's second changed.
    pub(crate) fn check_timeout(&mut self) -> Outcome {
        let Some(remaining) = self.idle_remaining_ms() else {
            return Outcome::Unchanged;
        };
        if remaining == 0 {
            self.done = true;
            self.editor = None;
            let result = build_timed_out(&self.form, &self.drafts);
            return Outcome::Effects(vec![Effect::Done(Box::new(result))]);
        }
        let seconds = self.countdown_seconds();
        if seconds == self.shown_countdown {
            Outcome::Unchanged
        } else {
            self.shown_countdown = seconds;
            Outcome::Changed
        }
    }
}
