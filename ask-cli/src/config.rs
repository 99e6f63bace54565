//! Finding the settings file for a run: `--config`, else `ASK_CONFIG`, else
//! `$PI_CODING_AGENT_DIR/extensions/ask-user.json`, else
//! `%APPDATA%\ask-user\config.json` on Windows and
//! `~/.pi/agent/extensions/ask-user.json` elsewhere.

use std::path::{Path, PathBuf};

use ask_host::Settings;
use ask_keymap::ConfigPaths;

/// Resolves the settings path from the flag and the environment.
pub(crate) fn resolve(explicit: Option<&Path>) -> Result<ConfigPaths, ask_keymap::KeymapError> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    // Windows has no HOME unless a Unix-like shell set it.
    let home = var("HOME")
        .or_else(|| {
            if cfg!(windows) {
                var("USERPROFILE")
            } else {
                None
            }
        })
        .map(PathBuf::from);
    let platform_dir = if cfg!(windows) { var("APPDATA") } else { None }.map(PathBuf::from);
    ConfigPaths::resolve_with_platform_dir(
        explicit,
        std::env::var_os("ASK_CONFIG").as_deref(),
        std::env::var_os("PI_CODING_AGENT_DIR").as_deref(),
        home.as_deref(),
        platform_dir.as_deref(),
    )
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
