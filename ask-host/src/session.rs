//! The host loop: a flow plus everything around it that is not the frontend (settings
//! persisted and reloaded, `@` completion, the result), driven by whatever reads input.

use ask_contract::{AskForm, AskResult, Question, QuestionOption, QuestionType};
use ask_keymap::{ConfigStore, InputEvent, Key};
use ask_render::{Frame, RenderOptions, render};
use ask_state::{Command, Effect, Flow, FlowOptions, Outcome, ReviewAction};

use crate::notice::notice_line;
use crate::{CompletionSource, Notice, Settings, commands_for_change};

/// A running form: feed it input, draw [`Session::frame`], stop when [`Session::is_over`].
///
/// It carries out the flow's effects itself (behaviour changes are saved to the settings
/// file, the finished result is kept), applies settings edited on disk at each
/// [`Session::tick`], and asks its [`CompletionSource`] for `@` candidates whenever the
/// query (or the source's [revision](CompletionSource::revision)) changes. It never
/// prints, touches the terminal or panics.
///
/// The input methods return true when the screen changed (the frontend redraws then).
pub struct Session {
    flow: Flow,
    store: Option<ConfigStore>,
    source: Option<Box<dyn CompletionSource>>,
    /// The completion query and source revision last sent to the flow.
    sent: Option<(String, u64)>,
    width: u16,
    height: u16,
    result: Option<AskResult>,
    settings_only: bool,
    notices: Vec<Notice>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("flow", &self.flow)
            .field("size", &(self.width, self.height))
            .field("result", &self.result)
            .field("notices", &self.notices)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// A session answering `form` with `settings`, 80x24, without `@` completion (add a
    /// source with [`Session::with_completions`]).
    pub fn new(form: AskForm, settings: Settings) -> Self {
        Self::start(form, settings, false)
    }

    /// The settings overlay on its own (what `ask settings` shows): it is over when the
    /// overlay closes, and [`Session::result`] stays `None`.
    pub fn settings_overlay(settings: Settings) -> Self {
        // The overlay needs a flow to sit on; this form is never shown.
        let form = AskForm {
            title: None,
            questions: vec![Question {
                id: "settings".into(),
                label: "Settings".into(),
                prompt: "Settings".into(),
                kind: QuestionType::Single,
                required: false,
                options: vec![QuestionOption {
                    value: "ok".into(),
                    label: "OK".into(),
                    description: None,
                    preview: None,
                    recommended: false,
                }],
                freeform: false,
            }],
        };
        Self::start(form, settings, true)
    }

    fn start(form: AskForm, settings: Settings, settings_only: bool) -> Self {
        let Settings {
            config,
            store,
            path,
            notices,
        } = settings;
        let options = FlowOptions {
            config_path: path.map(|p| p.display().to_string()),
            notice: notice_line(&notices),
            settings_only,
        };
        let flow = Flow::new(form, config.behaviour, config.keymap, options);
        let mut session = Self {
            flow,
            store,
            source: None,
            sent: None,
            width: 80,
            height: 24,
            result: None,
            settings_only,
            notices,
        };
        session.refresh_completion();
        session
    }

    /// Uses `source` for `@` completion from now on.
    #[must_use]
    pub fn with_completions(mut self, source: impl CompletionSource + 'static) -> Self {
        self.source = Some(Box::new(source));
        self.sent = None;
        self.refresh_completion();
        self
    }

    /// The form being answered.
    pub fn form(&self) -> &AskForm {
        self.flow.form()
    }

    /// The flow (read-only), for frontends that render it themselves.
    pub fn flow(&self) -> &Flow {
        &self.flow
    }

    /// The result, once the flow finished.
    pub fn result(&self) -> Option<&AskResult> {
        self.result.as_ref()
    }

    /// True when the flow finished, or the standalone settings overlay closed.
    pub fn is_over(&self) -> bool {
        self.result.is_some() || (self.settings_only && self.flow.settings_cursor().is_none())
    }

    /// The result for a session ended from outside (a signal, a script that ran out, a
    /// closed window): cancelled, keeping the answers committed so far.
    pub fn cancelled(&self) -> AskResult {
        self.flow.result_for(ReviewAction::Cancel)
    }

    /// The result when finished, else [`Session::cancelled`].
    pub fn result_or_cancelled(&self) -> AskResult {
        self.result.clone().unwrap_or_else(|| self.cancelled())
    }

    /// Every notice so far, oldest first: from loading the settings, reloading and saving.
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// Sets the frame size in display cells (0 counts as 1).
    pub fn resize(&mut self, width: u16, height: u16) {
        self.width = width.max(1);
        self.height = height.max(1);
    }

    /// The frame size (columns, rows) in display cells.
    pub fn size(&self) -> (u16, u16) {
        (self.width, self.height)
    }

    /// The current screen at the session's size.
    pub fn frame(&self) -> Frame {
        self.frame_sized(self.width, self.height)
    }

    /// The current screen at another size (display cells).
    pub fn frame_sized(&self, width: u16, height: u16) -> Frame {
        render(
            &self.flow,
            &RenderOptions::new(usize::from(width.max(1)), usize::from(height.max(1))),
        )
    }

    /// A key press; true when the screen changed.
    pub fn key(&mut self, key: Key) -> bool {
        if self.result.is_some() {
            return false;
        }
        let command = self.flow.handle_key(key);
        self.command(command)
    }

    /// A bracketed paste; true when the screen changed.
    pub fn paste(&mut self, text: impl Into<String>) -> bool {
        self.command(Command::Paste(text.into()))
    }

    /// One input event (key, paste or resize); true when the screen changed.
    pub fn input(&mut self, event: InputEvent) -> bool {
        match event {
            InputEvent::Key(key) => self.key(key),
            InputEvent::Paste(text) => self.paste(text),
            InputEvent::Resize(cols, rows) => {
                self.resize(cols, rows);
                true
            }
            _ => false,
        }
    }

    /// A semantic command, for frontends with their own input model; true when the screen
    /// changed. Effects are carried out before this returns.
    pub fn command(&mut self, command: Command) -> bool {
        if self.result.is_some() {
            return false;
        }
        let changed = self.apply(command);
        self.refresh_completion() || changed
    }

    /// Periodic work (a few times a second): applies the settings file when it was edited on
    /// disk, and new completion candidates while the source grows. True when the screen
    /// changed.
    pub fn tick(&mut self) -> bool {
        let mut changed = false;
        let reloaded = self.store.as_mut().map(ConfigStore::reload);
        match reloaded {
            Some(Ok(Some(change))) => {
                self.notices
                    .extend(change.notices.iter().cloned().map(Notice::Settings));
                for command in commands_for_change(change) {
                    changed |= self.apply(command);
                }
            }
            Some(Err(err)) => {
                let notice = Notice::SettingsReloadFailed(err.to_string());
                changed |= self.apply(Command::SetNotice(Some(notice.to_string())));
                self.notices.push(notice);
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
                    let notice = Notice::SettingsNotSaved(err.to_string());
                    let _ = self
                        .flow
                        .apply(Command::SetNotice(Some(notice.to_string())));
                    self.notices.push(notice);
                }
            }
            Effect::Done(result) => self.result = Some(*result),
        }
    }

    /// Sends completion candidates when the `@` query or the source changed.
    fn refresh_completion(&mut self) -> bool {
        let Some(query) = self.flow.completion_query().map(str::to_owned) else {
            self.sent = None;
            return false;
        };
        let Some(source) = self.source.as_mut() else {
            return false;
        };
        let revision = source.revision();
        if self
            .sent
            .as_ref()
            .is_some_and(|(q, r)| *q == query && *r == revision)
        {
            return false;
        }
        let items = source.complete(&query);
        self.sent = Some((query, revision));
        self.apply(Command::SetCompletions(items))
    }
}
