//! Finding the settings file for a run: `--config`, else `ASK_CONFIG`, else
//! `$PI_CODING_AGENT_DIR/extensions/ask-user.json`, else the platform config folder
//! (`~/.config/ask-user/config.json`).

use std::path::Path;

use ask_host::Settings;
use ask_keymap::{ConfigPaths, ProcessEnv};

/// Resolves the settings path from the flag and the environment.
pub(crate) fn resolve(explicit: Option<&Path>) -> Result<ConfigPaths, ask_keymap::KeymapError> {
    ConfigPaths::resolve(explicit, &ProcessEnv::read().env())
}

/// Loads the settings; never fails: problems become notices and defaults.
pub(crate) fn load(explicit: Option<&Path>) -> Settings {
    Settings::open_resolved(resolve(explicit))
}
