//! The early-key guard (`behaviour.ignoreEarlyKeysMs`): keys and pastes that arrive
//! within that many milliseconds of the form appearing on screen are dropped, so a person
//! still typing to the agent when the form pops up does not answer it by accident. The
//! form says so in its hint line.

use ask_state::Command;

use super::Session;

/// When the form was put on screen, on the session's clock, and whether the drop was told.
#[derive(Debug, Default)]
pub(crate) struct EarlyKeys {
    /// The form went on screen at this many milliseconds; `None` while it is not shown.
    shown_ms: Option<u64>,
    /// Input was dropped in this window and the form said so.
    reported: bool,
}

impl Session {
    /// Tells the session that the form is on the screen now: call it as a frame is painted
    /// (just before writing it, so that the window never starts later than the form
    /// reaches the screen, however late the host's thread runs). The first call (and the first after [`Session::hidden`]) starts the
    /// early-key window; later calls change nothing, so a host may call it after every
    /// paint.
    ///
    /// For `behaviour.ignoreEarlyKeysMs` milliseconds from then (150 by default, 0 turns
    /// the guard off) [`Session::key`], [`Session::paste`] and [`Session::input`] drop
    /// keys and pastes, and the form shows a line saying keys typed before it opened were
    /// ignored (until the next key). This is the guard against a person still typing to
    /// the agent when the form pops up. A session that is never shown (a headless host, a
    /// test) takes every key at once.
    ///
    /// ```
    /// # use ask_host::{
    /// #     Session,
    /// #     config::AskConfig,
    /// #     contract::{ParseOptions, parse_params_str},
    /// #     keymap::Key,
    /// #     settings::Settings,
    /// # };
    /// # let form = parse_params_str(r#"{"questions": [{"id": "db", "prompt": "Which database?",
    /// #     "options": [{"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]}]}"#,
    /// #     ParseOptions::default())?;
    /// let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
    /// session.shown_at(0); // painted at 0 ms of the session's clock
    /// session.key_at("2".parse::<Key>()?, 40); // still typing to the agent: dropped
    /// assert!(session.frame_sized(60, 0).to_plain_text().contains("ignored"));
    /// session.key_at("2".parse::<Key>()?, 400); // after the window: picks SQLite
    /// session.key_at("enter".parse::<Key>()?, 500);
    /// assert_eq!(session.result().unwrap().details.answers["db"].values, ["lite"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shown(&mut self) {
        self.shown_at(self.now_ms());
    }

    /// [`Session::shown`] at `now_ms` milliseconds of the session's clock (the clock of
    /// [`Session::key_at`]).
    pub fn shown_at(&mut self, now_ms: u64) {
        if self.early.shown_ms.is_none() {
            self.early = EarlyKeys {
                shown_ms: Some(now_ms),
                reported: false,
            };
        }
    }

    /// Tells the session that the form left the screen (the terminal was handed back to
    /// the program that started it, the window was hidden): the next [`Session::shown`]
    /// starts a new early-key window.
    pub fn hidden(&mut self) {
        self.early.shown_ms = None;
    }

    /// True while keys and pastes are dropped: the form was [shown](Session::shown) less
    /// than `behaviour.ignoreEarlyKeysMs` ago. A host that acts on some keys itself
    /// before handing them to the session (a suspend key, say) asks this first and hands
    /// such keys to the session, which drops them and says so.
    pub fn ignores_early_keys(&self) -> bool {
        self.ignores_early_keys_at(self.now_ms())
    }

    /// [`Session::ignores_early_keys`] at `now_ms` milliseconds of the session's clock.
    pub fn ignores_early_keys_at(&self, now_ms: u64) -> bool {
        let window = self.flow.behaviour().ignore_early_keys_ms;
        self.early
            .shown_ms
            .is_some_and(|shown| window > 0 && now_ms < shown.saturating_add(window))
    }

    /// Drops a key or paste at `now_ms` inside the window, saying so once per window.
    /// `Some(changed)` when it was dropped.
    pub(crate) fn drop_early(&mut self, now_ms: u64) -> Option<bool> {
        if !self.ignores_early_keys_at(now_ms) {
            return None;
        }
        if std::mem::replace(&mut self.early.reported, true) {
            return Some(false);
        }
        Some(self.command(Command::EarlyKeysIgnored))
    }
}
