//! What the host tells a flow when it starts: [`FlowOptions`].

use std::path::PathBuf;

/// Static information the host passes in. More options will come: start from
/// [`FlowOptions::default`] and use the builder methods.
///
/// ```
/// use ask_state::FlowOptions;
///
/// let options = FlowOptions::default()
///     .config_path("/home/me/.config/ask-user/config.json")
///     .notice("Settings file was broken; defaults loaded")
///     .settings_only(false);
/// assert!(options.config_path.is_some());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct FlowOptions {
    /// Absolute path of the settings file, shown in the settings overlay.
    pub config_path: Option<PathBuf>,
    /// A notice to show from the start (for example, a settings file that was backed up).
    pub notice: Option<String>,
    /// Open the settings overlay at start (the standalone `ask settings`).
    pub settings_only: bool,
    /// The idle timeout for this flow in milliseconds (`ask --timeout`), overriding the
    /// `idleTimeoutSeconds` behaviour setting; `Some(0)` turns it off. See
    /// [`Flow::idle_timeout_ms`](crate::Flow::idle_timeout_ms).
    pub idle_timeout_ms: Option<u64>,
    /// Answers must fit a closed schema (an MCP elicitation): required questions need an
    /// answer and choice questions take only their options before Submit; see
    /// [`FlowOptions::closed`].
    pub closed: bool,
    /// What the host can do ([`HostFeatures`](crate::HostFeatures), every feature by default): the footer, the
    /// settings overlay and the keymap list offer only these.
    pub host: crate::HostFeatures,
    /// The language the `locale` setting's `auto` stands for: the host reads it from
    /// its environment ([`ask_i18n::Locale::from_env`]); English by default. See
    /// [`Flow::locale`](crate::Flow::locale).
    pub system_locale: ask_i18n::Locale,
}

impl FlowOptions {
    /// Sets the settings file path shown in the settings overlay.
    #[must_use]
    pub fn config_path(mut self, path: impl Into<PathBuf>) -> Self {
        self.config_path = Some(path.into());
        self
    }

    /// Sets the notice shown from the start.
    #[must_use]
    pub fn notice(mut self, notice: impl Into<String>) -> Self {
        self.notice = Some(notice.into());
        self
    }

    /// Opens the settings overlay at start (or not).
    #[must_use]
    pub fn settings_only(mut self, on: bool) -> Self {
        self.settings_only = on;
        self
    }

    /// Declares what the host can do (see [`HostFeatures`](crate::HostFeatures)).
    #[must_use]
    pub fn host_features(mut self, host: crate::HostFeatures) -> Self {
        self.host = host;
        self
    }

    /// Sets the language `auto` stands for (see [`FlowOptions::system_locale`]).
    #[must_use]
    pub fn system_locale(mut self, locale: ask_i18n::Locale) -> Self {
        self.system_locale = locale;
        self
    }

    /// Sets the idle timeout for this flow in milliseconds, overriding the
    /// `idleTimeoutSeconds` behaviour setting (`0` turns it off).
    #[must_use]
    pub fn idle_timeout_ms(mut self, ms: u64) -> Self {
        self.idle_timeout_ms = Some(ms);
        self
    }
}
