//! The settings overlay: moving, toggling behaviours and notifications, and the guarded
//! reset (armed by a first press, confirmed by a second within 3 s of host time).

use ask_keymap::{Keymap, behaviour::Behaviour};

use crate::apply::step;
use crate::command::{Effect, Outcome};
use crate::flow::{Flow, SettingsRow};

/// How long an armed reset waits for its second press, in host milliseconds.
pub const RESET_WINDOW_MS: u64 = 3_000;

/// Most rows the overlay scrolls past its cursor's window (more than it ever holds).
const MAX_SETTINGS_SCROLL: usize = 200;

impl Flow {
    /// The language of every text the flow shows (hints, and what renderers draw): the
    /// `locale` setting, with `auto` resolved to
    /// [`FlowOptions::system_locale`](crate::FlowOptions::system_locale). What the result
    /// tells the agent is English whatever it is.
    pub fn locale(&self) -> ask_i18n::Locale {
        self.behaviour.locale.resolve(self.options.system_locale)
    }

    /// Rows the settings overlay is scrolled by Page Down past the window around its cursor
    /// (0 once the cursor moves); renderers clamp it to the rows they have.
    pub fn settings_scroll(&self) -> usize {
        self.settings_scroll
    }

    /// Moves the overlay cursor; it stops at the first and last rows.
    /// PageUp/PageDown in the overlay: scrolls its rows (the renderer clamps to what it has).
    pub(crate) fn settings_scroll_by(&mut self, delta: i32) -> Outcome {
        if self.settings_cursor.is_none() {
            return Outcome::Unchanged;
        }
        let next = step(self.settings_scroll, delta, MAX_SETTINGS_SCROLL + 1);
        if next == self.settings_scroll {
            return Outcome::Unchanged;
        }
        self.settings_scroll = next;
        Outcome::Changed
    }

    pub(crate) fn settings_move(&mut self, delta: i32) -> Outcome {
        let Some(cursor) = self.settings_cursor else {
            return Outcome::Unchanged;
        };
        let next = step(cursor, delta, self.settings_rows().len());
        self.settings_cursor = Some(next);
        self.settings_scroll = 0;
        if next == cursor {
            Outcome::Unchanged
        } else {
            Outcome::Changed
        }
    }

    pub(crate) fn settings_toggle(&mut self, was_armed: Option<u64>) -> Outcome {
        let Some(row) = self
            .settings_cursor
            .and_then(|c| self.settings_rows().get(c).copied())
        else {
            return Outcome::Unchanged;
        };
        match row {
            SettingsRow::Behaviour(setting) => {
                let on = !self.behaviour.get(setting);
                self.behaviour.set(setting, on);
                let mut effects = vec![Effect::PersistBehaviour(self.behaviour)];
                if let Some(Outcome::Effects(done)) = self.auto_submit_check() {
                    effects.extend(done);
                }
                Outcome::Effects(effects)
            }
            SettingsRow::Locale => {
                self.behaviour.locale = self.behaviour.locale.next();
                Outcome::Effects(vec![Effect::PersistBehaviour(self.behaviour)])
            }
            SettingsRow::Notifications => {
                self.notifications_enabled = !self.notifications_enabled;
                Outcome::Effects(vec![Effect::PersistNotifications(
                    self.notifications_enabled,
                )])
            }
            SettingsRow::Reset => {
                let live =
                    was_armed.is_some_and(|at| self.clock_ms.saturating_sub(at) <= RESET_WINDOW_MS);
                if !live {
                    self.reset_armed_at = Some(self.clock_ms);
                    let key = self.keymap.first_label(ask_keymap::Action::SettingsToggle);
                    self.hint = Some(
                        self.locale()
                            .format(ask_i18n::Msg::FlowResetAgain, &[("key", &key)]),
                    );
                    return Outcome::Changed;
                }
                self.behaviour = Behaviour::default();
                self.keymap = Keymap::default();
                self.notifications_enabled = true;
                self.hint = Some(self.locale().text(ask_i18n::Msg::FlowResetDone).to_owned());
                Outcome::Effects(vec![Effect::ResetSettings])
            }
        }
    }

    /// The host's clock: disarms the reset row once its window has passed.
    /// Then checks the idle timeout, which may end the flow.
    pub(crate) fn clock(&mut self, now_ms: u64) -> Outcome {
        self.clock_ms = now_ms;
        let disarmed = match self.reset_armed_at {
            Some(at) if now_ms.saturating_sub(at) > RESET_WINDOW_MS => {
                self.reset_armed_at = None;
                self.hint = None;
                true
            }
            _ => false,
        };
        match self.check_timeout() {
            Outcome::Unchanged if disarmed => Outcome::Changed,
            outcome => outcome,
        }
    }
}
