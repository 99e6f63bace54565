//! The host loop: a flow plus everything around it that is not the frontend (settings
//! persisted and reloaded, `@` completion, the result), driven by whatever reads input.

use ask_contract::{
    AskForm, Question, QuestionOption, QuestionType,
    result::{AnsweredVia, AskResult},
};
use std::time::Instant;

use ask_keymap::{InputEvent, Key};
use ask_render::{
    Frame, RenderOptions,
    notification::{Notification, closing_soon_in, question_waiting_in},
};
use ask_settings::{ConfigStore, schema::Notifications};
use ask_state::{Command, Effect, Flow, FlowOptions, model::ReviewAction};

use crate::notice::notice_line;

mod early;
mod routing;
use crate::{Notice, settings::Settings, setup::CompletionSource};

/// A running form: feed it input, draw [`Session::frame`], stop when [`Session::is_over`].
///
/// It carries out the flow's effects itself (behaviour changes are saved to the settings
/// file, the finished result is kept), applies settings edited on disk at each
/// [`Session::tick`], and asks its [`CompletionSource`] for `@` candidates whenever the
/// query (or the source's [revision](CompletionSource::revision)) changes. It never
/// prints, touches the terminal or panics.
///
/// The input methods return true when the screen changed (the frontend redraws then).
///
/// ```
/// use ask_host::{
///     Session,
///     config::AskConfig,
///     contract::{ParseOptions, parse_params_str},
///     keymap::Key,
///     settings::Settings,
/// };
///
/// let payload = r#"{"questions": [{"id": "color", "prompt": "Which colour?",
///     "options": [{"value": "red", "label": "Red"}, {"value": "blue", "label": "Blue"}]}]}"#;
/// let form = parse_params_str(payload, ParseOptions::default())?;
/// // In-memory settings: nothing is read from or written to disk.
/// let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
/// // Pick the second option, then submit on the review tab.
/// for key in ["2", "enter"] {
///     assert!(session.key(key.parse::<Key>()?), "the screen changed");
///     let _screen = session.frame(); // what a frontend would draw now
/// }
/// assert!(session.is_over());
/// let result = session.result().expect("submitted");
/// assert_eq!(result.details.answers["color"].values, ["blue"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Session {
    pub(crate) flow: Flow,
    pub(crate) store: Option<ConfigStore>,
    pub(crate) source: Option<Box<dyn CompletionSource + Send>>,
    /// The completion query and source revision last sent to the flow.
    pub(crate) sent: Option<(String, u64)>,
    /// The host watches the settings file and calls [`Session::reload_settings`] on a
    /// change: ticks do not read it.
    pub(crate) settings_watched: bool,
    width: u16,
    height: u16,
    /// The render options besides the size ([`Session::set_render_options`]).
    render: RenderOptions,
    pub(crate) result: Option<AskResult>,
    settings_only: bool,
    notices: Vec<Notice>,
    /// The notification channels in effect (the flow holds the enabled toggle).
    notifications: Notifications,
    /// The "question waiting" notification was handed out.
    notified: bool,
    /// The countdown notification was handed out for the countdown showing now.
    countdown_notified: bool,
    /// Where the draft is kept while the form is open (`--draft`).
    pub(crate) draft: Option<crate::draft::DraftSaver>,
    /// The draft holds the flow's final state (saved once when the flow ended).
    pub(crate) draft_final: bool,
    /// Origin of the host clock sent to the flow ([`Command::Clock`]).
    started: Instant,
    /// Who is acting now: named in `details.answeredVia` when the flow ends.
    pub(crate) via: AnsweredVia,
    /// Control clients and what they last saw (`crate::control`).
    pub(crate) control: Option<crate::control::Hub>,
    /// Something changed since the control clients were last told.
    pub(crate) touched: bool,
    /// The early-key guard: when the form went on screen ([`Session::shown`]).
    early: early::EarlyKeys,
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
                rules: ask_contract::rules::Rules::default(),
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
        // A session offers only what it carries out itself until the host declares more
        // (`with_host_features`); `@` completion comes with a completion source.
        let mut options = FlowOptions::default()
            .settings_only(settings_only)
            .host_features(ask_state::HostFeatures::none());
        options.config_path = path;
        options.notice = notice_line(
            &notices,
            config.behaviour.locale.resolve(options.system_locale),
        );
        let notifications = config.notifications.clone();
        let flow = Flow::new(form, config.behaviour, config.keymap, options)
            .with_notifications_enabled(notifications.enabled);
        let mut session = Self {
            flow,
            store,
            source: None,
            sent: None,
            settings_watched: false,
            width: 80,
            height: 24,
            render: RenderOptions::default(),
            result: None,
            settings_only,
            notices,
            notifications,
            notified: false,
            countdown_notified: false,
            draft: None,
            draft_final: false,
            started: Instant::now(),
            via: AnsweredVia::Terminal,
            control: None,
            touched: false,
            early: early::EarlyKeys::default(),
        };
        session.refresh_completion();
        session
    }

    /// Ends the flow after `seconds` without a key (cancelled, `details.timedOut`), whatever
    /// the `idleTimeoutSeconds` setting says; 0 turns the timeout off. This is `--timeout`.
    #[must_use]
    pub fn with_idle_timeout(mut self, seconds: u64) -> Self {
        let behaviour = *self.flow.behaviour();
        let keymap = self.flow.keymap().clone();
        let mut options = self.flow.options().clone();
        options.idle_timeout_ms = Some(seconds.saturating_mul(1000));
        let enabled = self.flow.notifications_enabled();
        self.flow = Flow::new(self.flow.form().clone(), behaviour, keymap, options)
            .with_notifications_enabled(enabled);
        self
    }

    /// The language the `locale` setting's `auto` stands for: the host reads it from its
    /// environment (`LC_ALL`, `LC_MESSAGES`, `LANG`: [`ask_i18n::Locale::from_env`]);
    /// English until then. The notices shown so far are said again in the language in
    /// effect. Call it before [`Session::with_draft`].
    #[must_use]
    pub fn with_system_locale(mut self, locale: ask_i18n::Locale) -> Self {
        let behaviour = *self.flow.behaviour();
        let keymap = self.flow.keymap().clone();
        let mut options = self.flow.options().clone().system_locale(locale);
        options.notice = notice_line(&self.notices, behaviour.locale.resolve(locale));
        let enabled = self.flow.notifications_enabled();
        self.flow = Flow::new(self.flow.form().clone(), behaviour, keymap, options)
            .with_notifications_enabled(enabled);
        self
    }

    /// Answers must fit a closed schema (an MCP elicitation): Submit waits for every
    /// required question and takes only declared options on choice questions
    /// ([`ask_state::FlowOptions::closed`]). Call it before [`Session::with_draft`].
    #[must_use]
    pub fn with_closed_answers(mut self) -> Self {
        let behaviour = *self.flow.behaviour();
        let keymap = self.flow.keymap().clone();
        let options = self.flow.options().clone().closed(true);
        let enabled = self.flow.notifications_enabled();
        self.flow = Flow::new(self.flow.form().clone(), behaviour, keymap, options)
            .with_notifications_enabled(enabled);
        self
    }

    /// Uses `source` for `@` completion from now on. The source must be `Send` so the
    /// session stays `Send` (hosts may move it to another thread or task).
    #[must_use]
    pub fn with_completions(mut self, source: impl CompletionSource + Send + 'static) -> Self {
        let host = self
            .flow
            .host_features()
            .with(ask_state::HostFeature::FileCompletion);
        self.flow.set_host_features(host);
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

    /// Sets the frame size in display cells: a width of 0 counts as 1, a height of 0
    /// means no limit (the frame is as tall as the form needs, as in
    /// [`RenderOptions::height`]).
    pub fn resize(&mut self, width: u16, height: u16) {
        self.width = width.max(1);
        self.height = height;
    }

    /// The frame size (columns, rows) in display cells.
    pub fn size(&self) -> (u16, u16) {
        (self.width, self.height)
    }

    /// The current screen at the session's size.
    pub fn frame(&self) -> Frame {
        self.frame_sized(self.width, self.height)
    }

    /// The current screen at another size (display cells; a height of 0 means no limit:
    /// every row the form needs, see [`Session::natural_height`]), with the session's
    /// other render options ([`Session::set_render_options`]).
    pub fn frame_sized(&self, width: u16, height: u16) -> Frame {
        self.frame_with(&self.options_sized(usize::from(width), usize::from(height)))
    }

    /// The session's render options at `width` x `height` (0 width counts as 1).
    pub(crate) fn options_sized(&self, width: usize, height: usize) -> RenderOptions {
        let mut options = self.render;
        options.width = width.max(1);
        options.height = height;
        options
    }

    /// A key press; true when the screen changed. Dropped in the early-key window that
    /// starts when the host says the form is [shown](Session::shown).
    pub fn key(&mut self, key: Key) -> bool {
        self.key_at(key, self.now_ms())
    }

    /// A key press at `now_ms` milliseconds of the session's clock (for hosts with their
    /// own clock, and tests); true when the screen changed. [`Session::key`] uses the time
    /// since the session started.
    pub fn key_at(&mut self, key: Key, now_ms: u64) -> bool {
        if self.result.is_some() {
            return false;
        }
        self.apply(Command::Clock(now_ms));
        if self.result.is_some() {
            // The timeout passed before this key arrived.
            return true;
        }
        if let Some(changed) = self.drop_early(now_ms) {
            return changed;
        }
        let command = self.flow.handle_key(key);
        let changed = self.command(command);
        self.save_draft(now_ms);
        changed
    }

    /// A bracketed paste; true when the screen changed. Dropped like a key in the
    /// early-key window ([`Session::shown`]).
    pub fn paste(&mut self, text: impl Into<String>) -> bool {
        if let Some(changed) = self.drop_early(self.now_ms()) {
            return changed;
        }
        self.command(Command::Paste(text.into()))
    }

    /// One input event (key, paste or resize); true when the screen changed.
    ///
    /// `InputEvent::Resize(cols, rows)` sizes the session to the whole terminal, as
    /// [`Session::resize`] does: right for a form that fills the screen. A host that draws
    /// the form in part of it (`term::Painter::at`, an inline band, a ratatui sub-area)
    /// handles resizes itself, calling [`Session::resize`] with its area, and hands only
    /// keys and pastes here.
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
        self.tick_at(self.now_ms())
    }

    /// [`Session::tick`] at `now_ms` milliseconds of the session's clock (for hosts with
    /// their own clock, and tests). The clock also ends the flow when the idle timeout
    /// passed ([`ask_state::Flow::idle_timeout_ms`]).
    pub fn tick_at(&mut self, now_ms: u64) -> bool {
        let mut changed = self.apply(Command::Clock(now_ms));
        if !self.settings_watched {
            changed |= self.reload_now();
        }
        self.save_draft(now_ms);
        self.refresh_completion() || changed
    }

    /// Reads the settings file again and applies what changed; true when the screen
    /// changed.
    pub(crate) fn reload_now(&mut self) -> bool {
        let mut changed = false;
        let reloaded = self.store.as_mut().map(ConfigStore::reload);
        match reloaded {
            Some(Ok(Some(change))) => {
                self.notifications = change.config.notifications.clone();
                self.notices
                    .extend(change.notices.iter().cloned().map(Notice::Settings));
                let system = self.flow.options().system_locale;
                let locale = change.config.behaviour.locale.resolve(system);
                for command in crate::settings::commands_for_change_in(change, locale) {
                    changed |= self.apply(command);
                }
            }
            Some(Err(err)) => {
                let notice = Notice::SettingsReloadFailed(err.to_string());
                changed |= self.apply(Command::SetNotice(Some(notice.text(self.flow.locale()))));
                self.notices.push(notice);
            }
            Some(Ok(None)) | None => {}
        }
        changed
    }

    /// Applies a command and carries out its effects; true when the screen changed.
    fn apply(&mut self, command: Command) -> bool {
        if self.result.is_some() {
            return false;
        }
        let outcome = self.flow.apply(command);
        self.touched |= outcome.is_changed();
        if self.flow.countdown_seconds().is_none() {
            // A key ended the countdown; the next one notifies again.
            self.countdown_notified = false;
        }
        let changed = outcome.is_changed();
        for effect in outcome.into_effects() {
            self.effect(effect);
        }
        changed
    }

    pub(crate) fn effect(&mut self, effect: Effect) {
        match effect {
            Effect::PersistBehaviour(behaviour) => {
                let saved = self.store.as_mut().map(|s| s.save_behaviour(&behaviour));
                self.not_saved(saved);
            }
            Effect::Done(mut result) => {
                if !result.details.timed_out {
                    result.details.answered_via = Some(self.via);
                }
                self.result = Some(*result);
            }
            Effect::PersistNotifications(enabled) => {
                self.notifications.enabled = enabled;
                let saved = self
                    .store
                    .as_mut()
                    .map(|s| s.save_notifications_enabled(enabled));
                self.not_saved(saved);
            }
            Effect::ResetSettings => {
                self.notifications = Notifications::default();
                match self.store.as_mut().map(ConfigStore::reset) {
                    Some(Ok(backup)) => self.show(Notice::SettingsReset { backup }),
                    Some(Err(err)) => self.show(Notice::SettingsNotSaved(err.to_string())),
                    None => self.show(Notice::SettingsReset { backup: None }),
                }
            }
            // Effects added to ask-state later that this version does not know.
            _ => {}
        }
    }

    /// After an overlay change was saved (`Some(Ok)`), failed to save (`Some(Err)`), or had
    /// no store (`None`): says plainly when it will not persist. Without a store that is
    /// only when a settings file was meant but could not be read or located (in-memory
    /// settings are not a file to save to).
    fn not_saved(&mut self, saved: Option<Result<(), ask_settings::SettingsError>>) {
        let why = match saved {
            Some(Ok(())) => return,
            Some(Err(err)) => err.to_string(),
            None => {
                let unreadable = self.notices.iter().any(|n| {
                    matches!(
                        n,
                        Notice::SettingsNotLoaded(_) | Notice::SettingsUnresolved(_)
                    )
                });
                if !unreadable {
                    return;
                }
                self.flow
                    .locale()
                    .text(ask_i18n::Msg::NoticeUnreadable)
                    .to_owned()
            }
        };
        self.show(Notice::SettingsNotSaved(why));
    }

    /// Shows a notice in the notice line and keeps it.
    pub(crate) fn show(&mut self, notice: Notice) {
        let _ = self
            .flow
            .apply(Command::SetNotice(Some(notice.text(self.flow.locale()))));
        self.notices.push(notice);
    }

    /// Milliseconds since the session started, the flow's clock.
    pub(crate) fn now_ms(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// The "question waiting" notification, once per session: `Some` the first time it is
    /// asked for while a form waits for input (never for the settings overlay alone or a
    /// finished flow), with the channels in effect and the enabled toggle as it is now. The
    /// frontend delivers it (it owns the terminal); [`ask_render::notification::osc9`],
    /// [`ask_render::notification::osc777`] and [`ask_render::notification::BEL`] give the sequences.
    pub fn take_waiting_notification(&mut self) -> Option<(Notifications, Notification)> {
        if self.notified || self.settings_only || self.result.is_some() {
            return None;
        }
        self.notified = true;
        let mut settings = self.notifications.clone();
        settings.enabled = self.flow.notifications_enabled();
        Some((
            settings,
            question_waiting_in(self.flow.form(), self.flow.locale()),
        ))
    }

    /// The "closing soon" notification, once each time the idle-timeout countdown starts
    /// (see [`Session::take_waiting_notification`] for how frontends deliver it).
    pub fn take_countdown_notification(&mut self) -> Option<(Notifications, Notification)> {
        if self.result.is_some() {
            return None;
        }
        if self.countdown_notified {
            return None;
        }
        let seconds = self.flow.countdown_seconds()?;
        self.countdown_notified = true;
        let mut settings = self.notifications.clone();
        settings.enabled = self.flow.notifications_enabled();
        Some((
            settings,
            closing_soon_in(self.flow.form(), seconds, self.flow.locale()),
        ))
    }

    /// Sends completion candidates when the `@` query or the source changed, and what the
    /// source finds at a typed path that a path question checks.
    pub(crate) fn refresh_completion(&mut self) -> bool {
        let checked = self.check_path();
        self.refresh_candidates() || checked
    }

    /// Looks up every typed path the flow asks about (the open editor's, and paths kept
    /// in drafts by other ways in), until it asks no more or the source cannot tell.
    fn check_path(&mut self) -> bool {
        let mut changed = false;
        // Each path at most once (the flow remembers only so many).
        let mut budget = self.flow.form().questions.len() + 1;
        while let Some(path) = self.flow.path_check_query().map(str::to_owned) {
            budget = match budget.checked_sub(1) {
                Some(left) => left,
                None => return changed,
            };
            let Some(status) = self.source.as_mut().and_then(|s| s.path_status(&path)) else {
                return changed;
            };
            if !self.apply(Command::PathStatus { path, status }) {
                return changed;
            }
            changed = true;
        }
        changed
    }

    fn refresh_candidates(&mut self) -> bool {
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
        let command = if source.is_partial() {
            Command::SetPartialCompletions(items)
        } else {
            Command::SetCompletions(items)
        };
        self.sent = Some((query, revision));
        self.apply(command)
    }
}
