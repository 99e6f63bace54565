//! The flow plus everything around it that is not the terminal: settings
//! (loaded, persisted, watched), `@` completion, rendering. The terminal loop
//! and headless scripts both drive a `Driver`, so a script exercises the same
//! path as a person at a terminal.

use std::path::PathBuf;

use ask_contract::{AskForm, AskResult};
use ask_keymap::{ConfigStore, Key};
use ask_render::{Frame, RenderOptions, render};
use ask_state::{Command, Effect, Flow, FlowOptions, Outcome, ReviewAction};

use crate::complete::Completer;
use crate::config::LoadedConfig;

/// How the completion index is built.
pub(crate) enum Index {
    /// Start walking at once in the background (terminal).
    Background,
    /// Walk on first use, on this thread (headless scripts: deterministic).
    OnDemand,
}

/// A running flow with its settings store and completion index.
pub(crate) struct Driver {
    flow: Flow,
    store: Option<ConfigStore>,
    completer: Option<Completer>,
    root: PathBuf,
    on_demand: bool,
    /// The completion query and index size last sent to the flow.
    sent: Option<(String, usize)>,
    width: u16,
    height: u16,
    result: Option<AskResult>,
    settings_only: bool,
    clock: crate::settings_effects::Clock,
}

impl Driver {
    /// A driver for `form` with the loaded settings, completing under `root`.
    pub(crate) fn new(
        form: AskForm,
        loaded: LoadedConfig,
        root: PathBuf,
        index: &Index,
        settings_only: bool,
    ) -> Self {
        let options = FlowOptions {
            config_path: loaded.path.as_ref().map(|p| p.display().to_string()),
            notice: loaded.notice,
            settings_only,
        };
        let flow = Flow::new(form, loaded.config.behaviour, loaded.config.keymap, options)
            .with_notifications_enabled(loaded.config.notifications.enabled);
        let completer = match index {
            Index::Background if !settings_only => Some(Completer::spawn(root.clone())),
            _ => None,
        };
        let mut driver = Self {
            flow,
            store: loaded.store,
            completer,
            root,
            on_demand: matches!(index, Index::OnDemand),
            sent: None,
            width: 80,
            height: 24,
            result: None,
            settings_only,
            clock: crate::settings_effects::Clock::start(),
        };
        // Auto-submit or a free-form-only first question may act at once.
        driver.refresh_completion();
        driver
    }

    /// The form being answered.
    pub(crate) fn form(&self) -> &AskForm {
        self.flow.form()
    }

    /// The "question waiting" notification to send once the UI waits for input, with the
    /// live channel settings; `None` for the settings overlay alone or a finished flow.
    pub(crate) fn waiting_notification(
        &self,
    ) -> Option<(ask_keymap::Notifications, ask_render::Notification)> {
        if self.settings_only || self.result.is_some() {
            return None;
        }
        let mut settings = self
            .store
            .as_ref()
            .map(|s| s.config().notifications.clone())
            .unwrap_or_default();
        settings.enabled = self.flow.notifications_enabled();
        Some((settings, ask_render::question_waiting(self.flow.form())))
    }

    /// The result, once the flow finished.
    pub(crate) fn result(&self) -> Option<&AskResult> {
        self.result.as_ref()
    }

    /// True when the flow finished, or the standalone settings overlay closed.
    pub(crate) fn is_over(&self) -> bool {
        self.result.is_some() || (self.settings_only && self.flow.settings_cursor().is_none())
    }

    /// The result for a flow ended from outside (a signal, a script that ran
    /// out): cancelled, keeping the answers committed so far.
    pub(crate) fn cancelled(&self) -> AskResult {
        self.flow.result_for(ReviewAction::Cancel)
    }

    /// Sets the frame size.
    pub(crate) fn resize(&mut self, width: u16, height: u16) {
        self.width = width.max(1);
        self.height = height.max(1);
    }

    /// The current screen.
    pub(crate) fn frame(&self) -> Frame {
        render(
            &self.flow,
            &RenderOptions::new(usize::from(self.width), usize::from(self.height)),
        )
    }

    /// A key press; true when the screen changed.
    pub(crate) fn key(&mut self, key: Key) -> bool {
        if self.result.is_some() {
            return false;
        }
        self.apply(Command::Clock(self.clock.now_ms()));
        let command = self.flow.handle_key(key);
        let changed = self.apply(command);
        self.refresh_completion() || changed
    }

    /// A bracketed paste; true when the screen changed.
    pub(crate) fn paste(&mut self, text: String) -> bool {
        if self.result.is_some() {
            return false;
        }
        let changed = self.apply(Command::Paste(text));
        self.refresh_completion() || changed
    }

    /// Periodic work: apply a settings file edited on disk, and new completion
    /// candidates while the index grows. True when the screen changed.
    pub(crate) fn tick(&mut self) -> bool {
        let mut changed = self.apply(Command::Clock(self.clock.now_ms()));
        let reloaded = self.store.as_mut().map(ConfigStore::reload);
        match reloaded {
            Some(Ok(Some(change))) => {
                if change.behaviour_changed {
                    changed |= self.apply(Command::ApplyBehaviour(change.config.behaviour));
                }
                if change.keymap_changed {
                    changed |= self.apply(Command::ApplyKeymap(change.config.keymap.clone()));
                }
                let enabled = change.config.notifications.enabled;
                if enabled != self.flow.notifications_enabled() {
                    changed |= self.apply(Command::ApplyNotifications(enabled));
                }
                let notice = (!change.notices.is_empty()).then(|| change.notices.join("; "));
                changed |= self.apply(Command::SetNotice(notice));
            }
            Some(Err(err)) => {
                changed |= self.apply(Command::SetNotice(Some(format!("settings: {err}"))));
            }
            Some(Ok(None)) | None => {}
        }
        self.refresh_completion() || changed
    }

    /// Applies a command and carries out its effects; true when the screen changed.
    fn apply(&mut self, command: Command) -> bool {
        if self.result.is_some() {
            return false;
        }
        match self.flow.apply(command) {
            Outcome::Unchanged => false,
            Outcome::Changed => true,
            Outcome::Effects(effects) => {
                for effect in effects {
                    self.effect(effect);
                }
                true
            }
        }
    }

    fn effect(&mut self, effect: Effect) {
        match effect {
            Effect::PersistBehaviour(behaviour) => {
                let saved = self.store.as_mut().map(|s| s.save_behaviour(&behaviour));
                if let Some(Err(err)) = saved {
                    let _ = self.flow.apply(Command::SetNotice(Some(format!(
                        "settings not saved: {err}"
                    ))));
                }
            }
            Effect::Done(result) => self.result = Some(*result),
            other => {
                if let Some(notice) = crate::settings_effects::run(self.store.as_mut(), &other) {
                    let _ = self.flow.apply(Command::SetNotice(Some(notice)));
                }
            }
        }
    }

    /// Sends completion candidates when the `@` query or the index changed.
    fn refresh_completion(&mut self) -> bool {
        let Some(query) = self.flow.completion_query().map(str::to_owned) else {
            self.sent = None;
            return false;
        };
        if self.completer.is_none() && self.on_demand {
            self.completer = Some(Completer::build(&self.root));
        }
        let Some(completer) = self.completer.as_mut() else {
            return false;
        };
        let indexed = completer.indexed();
        if self
            .sent
            .as_ref()
            .is_some_and(|(q, n)| *q == query && *n == indexed)
        {
            return false;
        }
        let items = completer.query(&query);
        self.sent = Some((query, indexed));
        self.apply(Command::SetCompletions(items))
    }
}
