//! Finding the settings file for a run: `--config`, else `ASK_CONFIG`, else
//! `$PI_CODING_AGENT_DIR/extensions/ask-user.json`, else the platform config folder
//! (`~/.config/ask-user/config.json`; `%APPDATA%\ask-user\config.json` on Windows).

use std::path::Path;

use ask_host::settings::Settings;
use ask_settings::paths::{ConfigPaths, ProcessEnv};

/// Resolves the settings path from the flag and the environment.
pub(crate) fn resolve(explicit: Option<&Path>) -> Result<ConfigPaths, ask_settings::SettingsError> {
    ConfigPaths::resolve(explicit, &ProcessEnv::read().env())
}

/// Loads the settings for a command that shows them to the user (the UI, the settings
/// overlay): created, upgraded or backed up as needed. Never fails: problems become
/// notices and defaults.
pub(crate) fn load(explicit: Option<&Path>) -> Settings {
    Settings::open_resolved(resolve(explicit))
}

/// Reads the settings for a command that does not show them to the user (`ask extract`,
/// `ask settings --json`, `--script` runs, the extraction step of `ask answer`): the file
/// is never created, upgraded, moved or rewritten, and nothing the run does is saved.
/// Only the terminal UI and the settings overlay use [`load`], which may repair the file.
pub(crate) fn load_read_only(explicit: Option<&Path>) -> Settings {
    Settings::read_only_resolved(resolve(explicit))
}

/// The language of the process environment for messages: the first set of `LC_ALL`,
/// `LC_MESSAGES` and `LANG`, else English (what the `locale` setting's `auto` means).
pub(crate) fn system_locale() -> ask_host::i18n::Locale {
    let var = |name: &str| std::env::var(name).ok();
    ask_host::i18n::Locale::from_env(
        var("LC_ALL").as_deref(),
        var("LC_MESSAGES").as_deref(),
        var("LANG").as_deref(),
    )
}
