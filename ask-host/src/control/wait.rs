//! Woken, not polled: a host without a loop of its own waits for its control clients
//! here, and the one headless runner (a form answered only by the browser or a control
//! client) is built on it.

use std::time::{Duration, Instant};

use ask_contract::result::AskResult;

use crate::Session;

/// How often a session ticks while it has work only a periodic look finds (the settings
/// file when it is not watched, an armed reset, a delayed draft save, completions filling):
/// see [`Session::tick_due_in`].
pub const TICK_INTERVAL: Duration = Duration::from_millis(250);

impl Session {
    /// Waits until a control client sends something (a command, a connection, a
    /// [`Controller::wake`](crate::control::Controller::wake)) or `timeout` passes (`None`: no
    /// limit); true when something arrived. It is taken by the next
    /// [`Session::pump_control`]. Returns at once without a controller.
    pub fn wait_control(&mut self, timeout: Option<Duration>) -> bool {
        let Some(hub) = self.control.as_mut() else {
            return false;
        };
        if hub.pending.is_some() {
            return true;
        }
        let message = match timeout {
            None => hub.inbound.recv().ok(),
            Some(limit) => hub.inbound.recv_timeout(limit).ok(),
        };
        let arrived = message.is_some();
        hub.pending = message;
        arrived
    }

    /// Runs a form that has no terminal until it ends: takes the control clients'
    /// commands as they arrive (a browser, a control socket) and ticks only when the
    /// session [has work for the clock](Session::tick_due_in), so an idle form wakes
    /// nobody and a form with a timeout wakes when its countdown changes. Before
    /// each wait it asks `stopped` whether to end it from outside (a signal, a server
    /// that shut): whoever makes that true calls
    /// [`Controller::wake`](crate::control::Controller::wake) so the runner looks at once.
    ///
    /// Returns the flow's result, or `None` when `stopped` ended it (the host then ends
    /// the clients with [`Session::close_control`] and, usually,
    /// [`Session::cancelled`]). Without a controller it makes one (nobody can answer
    /// then but the clock).
    pub fn run_headless(&mut self, mut stopped: impl FnMut() -> bool) -> Option<AskResult> {
        let _ = self.controller();
        let mut last_tick = Instant::now();
        loop {
            self.pump_control();
            // `tick_due_in` counts from the last tick; a command may have made it sooner
            // (an `@` starts completions) or later (a key restarts the idle clock).
            let mut due = self.tick_due_in();
            if due.is_some_and(|due| last_tick.elapsed() >= due) {
                self.tick();
                last_tick = Instant::now();
                due = self.tick_due_in();
            }
            if let Some(result) = self.result() {
                return Some(result.clone());
            }
            if stopped() {
                return None;
            }
            // Woken by a client, by `stopped`'s owner, or when the next tick has work.
            self.wait_control(due.map(|due| due.saturating_sub(last_tick.elapsed())));
        }
    }
}
