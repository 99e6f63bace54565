//! Streamable HTTP sessions that ended without a `DELETE`: rmcp keeps every session it
//! made until the client deletes it, so a client that just goes away leaves its session
//! (its worker, its server task, their buffers) behind. Each session's requests are
//! counted here; one with no request open and no request for [`SESSION_IDLE`] is
//! closed. A session whose `tools/call` waits for the person has a request open, so a
//! long ask is never cut. The sweep sleeps until the earliest session could expire and
//! is woken when a session changes, so an idle server with no session never wakes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use tokio::sync::Notify;

/// How long a session may sit with no request open before it is closed.
pub(crate) const SESSION_IDLE: Duration = Duration::from_secs(10 * 60);

#[derive(Debug, Clone, Copy)]
struct Activity {
    last: Instant,
    open: usize,
}

/// The sessions seen, with their open requests.
#[derive(Debug, Default, Clone)]
pub(crate) struct Tracker {
    seen: Arc<Mutex<HashMap<String, Activity>>>,
    /// Rung when a session is forgotten or its last open request closes: the sweep
    /// then looks at its deadline again.
    changed: Arc<Notify>,
}

/// Held while a request of a session is open (its response body not yet finished).
#[derive(Debug)]
pub(crate) struct Open {
    tracker: Tracker,
    id: String,
}

impl Drop for Open {
    fn drop(&mut self) {
        self.tracker.close(&self.id, Instant::now());
    }
}

impl Tracker {
    /// A request of session `id` opened at `now`.
    pub(crate) fn open(&self, id: &str, now: Instant) -> Open {
        if let Ok(mut seen) = self.seen.lock() {
            let activity = seen
                .entry(id.to_owned())
                .or_insert(Activity { last: now, open: 0 });
            activity.open += 1;
            activity.last = now;
        }
        Open {
            tracker: self.clone(),
            id: id.to_owned(),
        }
    }

    fn close(&self, id: &str, now: Instant) {
        if let Ok(mut seen) = self.seen.lock()
            && let Some(activity) = seen.get_mut(id)
        {
            activity.open = activity.open.saturating_sub(1);
            activity.last = now;
            if activity.open == 0 {
                self.changed.notify_one();
            }
        }
    }

    /// Forgets a session (deleted by its client).
    pub(crate) fn forget(&self, id: &str) {
        if let Ok(mut seen) = self.seen.lock() {
            seen.remove(id);
        }
        self.changed.notify_one();
    }

    /// When the first session with no request open becomes idle for `idle`; `None`
    /// when none can (no session, or every one has a request open).
    fn next_expiry(&self, idle: Duration) -> Option<Instant> {
        let seen = self.seen.lock().ok()?;
        seen.values()
            .filter(|a| a.open == 0)
            .map(|a| a.last + idle)
            .min()
    }

    /// The sessions idle for longer than `idle` at `now`, forgotten here (the caller
    /// closes them).
    pub(crate) fn take_idle(&self, now: Instant, idle: Duration) -> Vec<String> {
        let Ok(mut seen) = self.seen.lock() else {
            return Vec::new();
        };
        let expired: Vec<String> = seen
            .iter()
            .filter(|(_, a)| a.open == 0 && now.saturating_duration_since(a.last) >= idle)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &expired {
            seen.remove(id);
        }
        expired
    }

    /// How many sessions are tracked.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.seen.lock().map_or(0, |seen| seen.len())
    }
}

/// Closes each session once it has been idle for `idle`: sleeps until the earliest
/// deadline, or until a session changes when none has one (no periodic wake-up).
pub(crate) async fn reap(tracker: Tracker, manager: Arc<LocalSessionManager>, idle: Duration) {
    use rmcp::transport::streamable_http_server::session::SessionManager as _;
    loop {
        for id in tracker.take_idle(Instant::now(), idle) {
            let _ = manager.close_session(&Arc::from(id.as_str())).await;
        }
        let changed = tracker.changed.notified();
        match tracker.next_expiry(idle) {
            Some(at) => {
                tokio::select! {
                    () = tokio::time::sleep_until(at.into()) => {}
                    () = changed => {}
                }
            }
            None => changed.await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Tracker;
    use std::time::{Duration, Instant};

    #[test]
    fn a_session_with_an_open_request_is_never_idle_and_one_without_is_after_the_wait() {
        let tracker = Tracker::default();
        let t0 = Instant::now();
        let idle = Duration::from_secs(60);
        let open = tracker.open("long-ask", t0);
        drop(tracker.open("gone", t0));
        let later = Instant::now() + Duration::from_secs(3600);
        assert_eq!(tracker.take_idle(later, idle), ["gone"]);
        assert!(
            tracker.take_idle(later, idle).is_empty(),
            "the open one stays"
        );
        drop(open);
        assert!(
            tracker.take_idle(Instant::now(), idle).is_empty(),
            "just closed"
        );
        assert_eq!(
            tracker.take_idle(Instant::now() + Duration::from_secs(61), idle),
            ["long-ask"]
        );
        assert_eq!(tracker.len(), 0);
    }

    #[test]
    fn the_next_deadline_is_the_earliest_idle_sessions_and_none_without_one() {
        let tracker = Tracker::default();
        let idle = Duration::from_secs(60);
        assert_eq!(tracker.next_expiry(idle), None);
        let t0 = Instant::now();
        let open = tracker.open("asking", t0);
        assert_eq!(
            tracker.next_expiry(idle),
            None,
            "an open request never expires"
        );
        drop(tracker.open("done", t0));
        let at = tracker.next_expiry(idle).unwrap();
        assert!(at >= t0 + idle, "{at:?}");
        assert_eq!(tracker.take_idle(at, idle), ["done"]);
        drop(open);
        assert!(tracker.next_expiry(idle).is_some());
    }
}
