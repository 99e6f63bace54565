//! Typed notices: what the host tells the user about settings, besides the form itself.

use std::fmt;
use std::path::PathBuf;

/// Something the user should know that is not part of the form: settings that could not be
/// loaded, reloaded or saved, and what loading them did. A [`Session`](crate::Session)
/// shows the ones with [`Notice::is_shown`] in the frame's notice line and keeps all of
/// them for the frontend ([`Session::notices`](crate::Session::notices)).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Notice {
    /// The settings file did not exist and was created with the defaults. Routine on first
    /// use, so not shown.
    SettingsCreated {
        /// The created file.
        path: PathBuf,
    },
    /// Loading or reloading the settings file did something the user should know about
    /// (moved, upgraded or backed up the file, or fell back to a default for a bad value).
    /// The text names the file.
    Settings(String),
    /// The settings file could not be located (no `HOME`, bad `--config`...); defaults apply.
    SettingsUnresolved(String),
    /// The settings file could not be opened or read; defaults apply.
    SettingsNotLoaded(String),
    /// The settings file changed on disk but could not be read again; the settings in
    /// effect stay.
    SettingsReloadFailed(String),
    /// A behaviour change made in the settings overlay could not be written.
    SettingsNotSaved(String),
}

impl Notice {
    /// True when the notice belongs in the notice line (all but routine ones).
    pub fn is_shown(&self) -> bool {
        !matches!(self, Self::SettingsCreated { .. })
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::SettingsCreated { path } => {
                write!(f, "created {} with the default settings", path.display())
            }
            Self::Settings(text) => f.write_str(text),
            Self::SettingsUnresolved(err) => write!(f, "settings not loaded: {err}"),
            Self::SettingsNotLoaded(err) => {
                write!(f, "settings not loaded, using defaults: {err}")
            }
            Self::SettingsReloadFailed(err) => write!(f, "settings: {err}"),
            Self::SettingsNotSaved(err) => write!(f, "settings not saved: {err}"),
        }
    }
}

/// The notice line for `notices`: the shown ones joined with `; `, or `None`.
pub(crate) fn notice_line(notices: &[Notice]) -> Option<String> {
    let shown: Vec<String> = notices
        .iter()
        .filter(|n| n.is_shown())
        .map(ToString::to_string)
        .collect();
    (!shown.is_empty()).then(|| shown.join("; "))
}
