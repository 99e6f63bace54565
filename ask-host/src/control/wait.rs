//! Woken, not polled: a host without a loop of its own waits for its control clients
//! here, and the one headless runner (a form answered only by the browser or a control
//! client) is built on it.

use std::time::{Duration, Instant};

use ask_contract::result::AskResult;

use crate::Session;

/// How often a session that [needs ticks](Session::needs_ticks) is ticked while it waits.
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
    /// commands as they arrive (a browser, a control socket) and ticks only while the
    /// session [needs ticks](Session::needs_ticks), so an idle form wakes nobody. Before
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
            if let Some(result) = self.result() {
                return Some(result.clone());
            }
            if stopped() {
                return None;
            }
            let timeout = self
                .needs_ticks()
                .then(|| TICK_INTERVAL.saturating_sub(last_tick.elapsed()));
            self.wait_control(timeout);
            if self.needs_ticks() && last_tick.elapsed() >= TICK_INTERVAL {
                self.tick();
                last_tick = Instant::now();
            }
        }
    }
}
