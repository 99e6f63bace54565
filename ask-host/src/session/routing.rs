//! What a host that shares its screen and keys with the form asks the session:
//! which keys the form wants, how tall it is, frames with other options, and its
//! state in memory.

use ask_keymap::Key;
use ask_render::{Frame, RenderOptions, render};
use ask_state::{Command, FlowSnapshot, StateError};

use super::Session;

impl Session {
    /// True when `key` does something in the form as it is now (the same resolution
    /// [`Session::key`] makes), so an app that shares its keys with the form can route the
    /// others to its own widgets. A finished session wants no key. Asking changes nothing.
    ///
    /// ```
    /// # use ask_host::{AskConfig, Key, ParseOptions, Session, Settings, parse_params_str};
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
    /// inline band or a sub-area needs to show the form without scrolling.
    pub fn natural_height(&self, width: u16) -> usize {
        self.frame_sized(width, 0).lines.len()
    }

    /// The current screen rendered with `options` (a size, the rules on or off).
    pub fn frame_with(&self, options: &RenderOptions) -> Frame {
        render(&self.flow, options)
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
    /// # use ask_host::{AskConfig, Key, ParseOptions, Session, Settings, parse_params_str};
    /// use ask_host::{HostFeature, HostFeatures};
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
