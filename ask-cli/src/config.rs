//! Finding and loading the settings file for a run: `--config`, else
//! `ASK_CONFIG`, else `$PI_CODING_AGENT_DIR/extensions/ask-user.json`.

use std::path::{Path, PathBuf};

use ask_keymap::{AskConfig, ConfigPaths, ConfigStore};

/// The settings a flow starts with, and the store that keeps them in sync with disk.
pub(crate) struct LoadedConfig {
    /// The settings in effect.
    pub(crate) config: AskConfig,
    /// The store, when the file could be opened; `None` runs on defaults.
    pub(crate) store: Option<ConfigStore>,
    /// Absolute path of the settings file, when it could be resolved.
    pub(crate) path: Option<PathBuf>,
    /// Something the user should know (a broken file that was backed up, ...).
    pub(crate) notice: Option<String>,
}

/// Resolves the settings path from the flag and the environment.
pub(crate) fn resolve(explicit: Option<&Path>) -> Result<ConfigPaths, ask_keymap::KeymapError> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    ConfigPaths::resolve(
        explicit,
        std::env::var_os("ASK_CONFIG").as_deref(),
        std::env::var_os("PI_CODING_AGENT_DIR").as_deref(),
        home.as_deref(),
    )
}

/// Loads the settings for a command that shows them to the user (the UI of a flow, the
/// `ask settings` overlay): the file is created, upgraded or (when broken) moved aside and
/// replaced with the defaults as needed, and the store watches it. Never fails: problems
/// become a notice and defaults.
pub(crate) fn load(explicit: Option<&Path>) -> LoadedConfig {
    let paths = match resolve(explicit) {
        Ok(paths) => paths,
        Err(err) => {
            return LoadedConfig {
                config: AskConfig::default(),
                store: None,
                path: None,
                notice: Some(format!("settings not loaded: {err}")),
            };
        }
    };
    match ConfigStore::open_paths(&paths) {
        Ok((store, loaded)) => {
            // Writing the defaults on first use is routine, not worth a notice in the UI.
            let notices: Vec<String> = loaded
                .notices
                .into_iter()
                .filter(|n| {
                    !(n.starts_with("created ") && n.ends_with("with the default settings"))
                })
                .collect();
            LoadedConfig {
                config: loaded.config,
                path: Some(store.path().to_path_buf()),
                store: Some(store),
                notice: (!notices.is_empty()).then(|| notices.join("; ")),
            }
        }
        Err(err) => not_loaded(paths.config, &err),
    }
}

/// Loads the settings for a command that does not show them (`ask extract`,
/// `ask settings --json`, `--script` runs, the extraction step of `ask answer`): the file
/// is only read, never created, upgraded, moved or rewritten, and there is no store, so
/// nothing the run does is saved. Never fails: problems become a notice and defaults.
pub(crate) fn load_read_only(explicit: Option<&Path>) -> LoadedConfig {
    let paths = match resolve(explicit) {
        Ok(paths) => paths,
        Err(err) => {
            return LoadedConfig {
                config: AskConfig::default(),
                store: None,
                path: None,
                notice: Some(format!("settings not loaded: {err}")),
            };
        }
    };
    match ConfigStore::load_read_only(&paths) {
        Ok(loaded) => LoadedConfig {
            config: loaded.config,
            store: None,
            path: Some(paths.config),
            notice: (!loaded.notices.is_empty()).then(|| loaded.notices.join("; ")),
        },
        Err(err) => not_loaded(paths.config, &err),
    }
}

fn not_loaded(path: PathBuf, err: &ask_keymap::KeymapError) -> LoadedConfig {
    LoadedConfig {
        config: AskConfig::default(),
        store: None,
        path: Some(path),
        notice: Some(format!("settings not loaded, using defaults: {err}")),
    }
}
