//! What a host that shares its screen and keys with the form asks the session:
//! which keys the form wants, how tall it is, frames with other options, and its
//! state in memory.

use ask_keymap::Key;
use ask_render::{Frame, RenderOptions, render};
use ask_state::{Command, StateError, snapshot::FlowSnapshot};

use super::Session;

impl Session {
    /// True when `key` does something in the form as it is now (the same resolution
    /// [`Session::key`] makes), so an app that shares its keys with the form can route the
    /// others to its own widgets. A finished session wants no key. Asking changes nothing.
    ///
    /// ```
    /// # use ask_host::{
    /// #     Session,
    /// #     config::AskConfig,
    /// #     contract::{ParseOptions, parse_params_str},
    /// #     keymap::Key,
    /// #     settings::Settings,
    /// # };
    /// let form = parse_params_str(
    ///     r#"{"questions": [{"id": "db", "prompt": "Which database?",
    ///        "options": [{"value": "pg", "label": "Postgres"}]}]}"#,
    ///     ParseOptions::default(),
    /// )?;
    /// let session = Session::new(form, Settings::in_memory(AskConfig::default()));
    /// assert!(session.wants_key(&"down".parse::<Key>()?));
    /// assert!(!session.wants_key(&"f5".parse::<Key>()?)); // the app's own key
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn wants_key(&self, key: &Key) -> bool {
        !self.is_over() && !matches!(self.flow.handle_key(*key), Command::Noop)
    }

    /// Rows the current screen takes at `width` with no height limit: the height an
    /// inline band or a sub-area needs to show the form without scrolling, with the
    /// session's render options. Below 18 rows the layout is compact, so this is the
    /// height the layout really uses there: a frame drawn `width` x `natural_height`
    /// fills every row (see [`Session::fitting_height`]).
    pub fn natural_height(&self, width: u16) -> usize {
        self.fitting_height(width, 0)
    }

    /// The tallest height of at most `max` rows (0: no limit) that a frame `width`
    /// columns wide fills exactly ([`ask_render::fitting_height`]): size a sub-area or
    /// an inline band with it and no blank row shows under the form, however short the
    /// area. With the session's render options (the rules on or off).
    ///
    /// ```
    /// # use ask_host::{
    /// #     Session,
    /// #     config::AskConfig,
    /// #     contract::{ParseOptions, parse_params_str},
    /// #     render::RenderOptions,
    /// #     settings::Settings,
    /// # };
    /// # let form = parse_params_str(r#"{"questions": [{"id": "a", "prompt": "A?",
    /// #     "options": [{"value": "x", "label": "X"}, {"value": "y", "label": "Y"}]}]}"#,
    /// #     ParseOptions::default())?;
    /// let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
    /// for max in 3..30 {
    ///     let rows = session.fitting_height(60, max);
    ///     assert!(rows <= usize::from(max));
    ///     assert_eq!(session.frame_sized(60, rows as u16).lines.len(), rows);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fitting_height(&self, width: u16, max: u16) -> usize {
        let options = self.options_sized(usize::from(width), usize::from(max));
        ask_render::fitting_height(&self.flow, &options)
    }

    /// The current screen rendered with `options` as they are (their size, not the
    /// session's).
    pub fn frame_with(&self, options: &RenderOptions) -> Frame {
        render(&self.flow, options)
    }

    /// Sets the size and every other render option at once: [`Session::frame`] draws
    /// with them from now on, and [`Session::frame_sized`], [`Session::natural_height`]
    /// and [`Session::fitting_height`] keep the other options with their own size. A
    /// form inside a border of the host's own turns the rules off here.
    ///
    /// ```
    /// # use ask_host::{
    /// #     Session,
    /// #     config::AskConfig,
    /// #     contract::{ParseOptions, parse_params_str},
    /// #     render::RenderOptions,
    /// #     settings::Settings,
    /// # };
    /// # let form = parse_params_str(r#"{"questions": [{"id": "a", "prompt": "A?",
    /// #     "options": [{"value": "x", "label": "X"}]}]}"#, ParseOptions::default())?;
    /// let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
    /// session.set_render_options(RenderOptions::new(60, 12).with_rules(false));
    /// session.resize(50, 10); // a new size keeps the rules off
    /// let frame = session.frame();
    /// assert!(frame.lines.len() <= 10);
    /// assert!(!frame.to_plain_text().contains("────"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_render_options(&mut self, options: RenderOptions) {
        self.render = options;
        self.resize(
            u16::try_from(options.width).unwrap_or(u16::MAX),
            u16::try_from(options.height).unwrap_or(u16::MAX),
        );
    }

    /// The render options [`Session::frame`] uses: the session's size and the options
    /// set with [`Session::set_render_options`].
    pub fn render_options(&self) -> RenderOptions {
        self.options_sized(usize::from(self.width), usize::from(self.height))
    }

    /// The person's work so far, in memory (what a draft file holds): a host that keeps
    /// state in its own store (a web server, a database) saves this and hands it to
    /// [`Session::restore`] later, with no file involved.
    pub fn snapshot(&self) -> FlowSnapshot {
        self.flow.snapshot()
    }

    /// Restores work saved by [`Session::snapshot`] for the same form. A snapshot made for
    /// other questions is refused ([`StateError::DraftMismatch`]) and changes nothing. What
    /// breaks the form's rules (two options of a single-select question, say) is dropped
    /// first; the sentences returned say what was dropped (none for a snapshot the session
    /// made itself).
    pub fn restore(&mut self, snapshot: &FlowSnapshot) -> Result<Vec<String>, StateError> {
        self.flow.restore(snapshot)
    }
}

impl Session {
    /// Declares what this host's front end carries out, besides what the session does
    /// itself: the inline band, the accessible mode, the peek key, Shift+Enter as its own
    /// key, notifications. The footer, the settings overlay and its keymap list then offer
    /// only those; the rest is never shown. A session starts with none of them, plus `@`
    /// file completion once it has a [source](Session::with_completions).
    ///
    /// ```
    /// # use ask_host::{
    /// #     Session,
    /// #     config::AskConfig,
    /// #     contract::{ParseOptions, parse_params_str},
    /// #     keymap::Key,
    /// #     settings::Settings,
    /// # };
    /// use ask_host::state::{HostFeature, HostFeatures};
    /// # let form = parse_params_str(r#"{"questions": [{"id": "a", "prompt": "A?",
    /// #     "options": [{"value": "x", "label": "X"}]}]}"#, ParseOptions::default())?;
    /// let mut session = Session::new(form, Settings::in_memory(AskConfig::default()))
    ///     .with_host_features(HostFeatures::none().with(HostFeature::Notifications));
    /// session.key("?".parse::<Key>()?);
    /// let overlay = session.frame_sized(70, 0).to_plain_text();
    /// assert!(overlay.contains("Notifications"));
    /// assert!(!overlay.contains("Open the form inline"), "this host draws no inline band");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_host_features(mut self, features: ask_state::HostFeatures) -> Self {
        let completion = self
            .flow
            .host_features()
            .has(ask_state::HostFeature::FileCompletion);
        let features = if completion {
            features.with(ask_state::HostFeature::FileCompletion)
        } else {
            features
        };
        self.flow.set_host_features(features);
        self
    }
}
