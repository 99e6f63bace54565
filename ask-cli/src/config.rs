//! Finding and loading the settings file for a run: `--config`, else
//! `ASK_CONFIG`, else `$PI_CODING_AGENT_DIR/extensions/ask-user.json`, else
//! `%APPDATA%\ask-user\config.json` on Windows and
//! `~/.pi/agent/extensions/ask-user.json` elsewhere.

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

/// Loads the settings; never fails: problems become a notice and defaults.
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
        Err(err) => LoadedConfig {
            config: AskConfig::default(),
            store: None,
            path: Some(paths.config),
            notice: Some(format!("settings not loaded, using defaults: {err}")),
        },
    }
}
