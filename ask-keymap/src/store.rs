//! Locating, loading, migrating, backing up and atomically writing the settings file.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use crate::{AskConfig, Behaviour, KeymapError};

/// Where the settings live: the resolved file, plus the legacy file to move in when the
/// resolved path is the default one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigPaths {
    /// The settings file (absolute).
    pub config: PathBuf,
    /// `$PI_CODING_AGENT_DIR/ask-user.json`, set only when `config` is the default path.
    pub legacy: Option<PathBuf>,
}

/// Resolves the settings path: `explicit` (`--config`), then `ASK_CONFIG`, then
/// `$PI_CODING_AGENT_DIR/extensions/ask-user.json` with `PI_CODING_AGENT_DIR` defaulting to
/// `~/.pi/agent`.
pub fn resolve_config_path(
    explicit: Option<&Path>,
    ask_config_env: Option<&OsStr>,
    pi_agent_dir_env: Option<&OsStr>,
    home: Option<&Path>,
) -> Result<PathBuf, KeymapError> {
    let _ = (explicit, ask_config_env, pi_agent_dir_env, home);
    Err(KeymapError::NoConfigPath)
}

/// What `open` loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    /// The settings.
    pub config: AskConfig,
    /// Things the user should know (a backed-up broken file, a moved legacy file, fallbacks).
    pub notices: Vec<String>,
}

/// What a reload found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigChange {
    /// The settings now in effect.
    pub config: AskConfig,
    /// The behaviour section changed.
    pub behaviour_changed: bool,
    /// The keymap changed.
    pub keymap_changed: bool,
    /// The answer section changed.
    pub answer_changed: bool,
    /// Notices about the new content.
    pub notices: Vec<String>,
}

/// The settings file on disk.
#[derive(Debug)]
pub struct ConfigStore {
    path: PathBuf,
    config: AskConfig,
}

impl ConfigStore {
    /// Opens (creating defaults on first use, backing up broken files) and loads.
    pub fn open(path: PathBuf) -> Result<(ConfigStore, Loaded), KeymapError> {
        let config = AskConfig::default();
        Ok((
            ConfigStore {
                path,
                config: config.clone(),
            },
            Loaded {
                config,
                notices: Vec::new(),
            },
        ))
    }

    /// The settings file path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The settings currently loaded.
    pub fn config(&self) -> &AskConfig {
        &self.config
    }

    /// Writes the behaviour section, atomically, keeping other content.
    pub fn save_behaviour(&mut self, behaviour: &Behaviour) -> Result<(), KeymapError> {
        self.config.behaviour = *behaviour;
        Ok(())
    }

    /// Re-reads the file if it changed on disk.
    pub fn reload(&mut self) -> Result<Option<ConfigChange>, KeymapError> {
        Ok(None)
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed and
/// synced, then renamed over `path`.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}
