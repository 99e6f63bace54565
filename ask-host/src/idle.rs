//! Idle without wake-ups: a host that watches the settings file (inotify, kqueue...) tells
//! the session so, reloads on a change, and ticks only while [`Session::needs_ticks`].

use std::path::Path;
use std::time::Duration;

use crate::Session;
use crate::control::TICK_INTERVAL;

impl Session {
    /// The host watches the settings file itself and calls [`Session::reload_settings`]
    /// when it changes; [`Session::tick`] then no longer reads the file, and an idle form
    /// needs no ticks at all ([`Session::needs_ticks`]).
    pub fn set_settings_watched(&mut self, watched: bool) {
        self.settings_watched = watched;
    }

    /// The settings file the session reloads and saves, if any (what a host watches).
    pub fn settings_path(&self) -> Option<&Path> {
        self.store.as_ref().map(ask_settings::ConfigStore::path)
    }

    /// Reads the settings file again and applies what changed (keymap, behaviour,
    /// notifications, a notice for a broken file); true when the screen changed. For hosts
    /// that watch the file; [`Session::tick`] does it otherwise.
    pub fn reload_settings(&mut self) -> bool {
        if self.result().is_some() {
            return false;
        }
        let changed = self.reload_now();
        self.refresh_completion() || changed
    }

    /// Whether the session has work that waits for the clock, so the host must call
    /// [`Session::tick`]: an idle timeout is set, an armed settings reset waits to expire,
    /// a draft save was put off for its interval, completions are still filling in the
    /// background, or the settings file is not watched (ticks poll it). When false, an
    /// idle host can wait for input without any timeout. [`Session::tick_due_in`] says
    /// how long it may wait.
    pub fn needs_ticks(&self) -> bool {
        !self.is_over() && (self.polls() || self.flow.idle_timeout_ms().is_some())
    }

    /// How long after the last [`Session::tick`] the next one has work; `None` when no
    /// tick is needed at all. Work that the session can only find by looking (the
    /// settings file when not watched, an armed reset, a draft save put off, completions
    /// filling) asks for [`TICK_INTERVAL`](crate::control::TICK_INTERVAL); the idle
    /// timeout asks only for the moments it changes something (the countdown starts, its
    /// second changes, the form ends), so a form with a timeout and nothing else to do
    /// wakes once, then once a second in its last minute.
    pub fn tick_due_in(&self) -> Option<Duration> {
        if self.is_over() {
            return None;
        }
        let polling = self.polls().then_some(TICK_INTERVAL);
        let clock = self.flow.clock_change_in_ms().map(Duration::from_millis);
        match (polling, clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Work that only a periodic look finds.
    fn polls(&self) -> bool {
        // Still filling, or filled since the flow was last given candidates.
        let sent = self.sent.as_ref().map(|(_, revision)| *revision);
        let completing = self.flow.completion_query().is_some()
            && self
                .source
                .as_ref()
                .is_some_and(|s| !s.is_settled() || sent != Some(s.revision()));
        (!self.settings_watched && self.store.is_some())
            || self.flow.reset_armed()
            || self.draft.as_ref().is_some_and(|d| d.waiting)
            || completing
    }
}
