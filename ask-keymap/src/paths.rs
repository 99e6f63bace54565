//! Where the settings file lives.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use crate::KeymapError;

/// The settings file name inside `$PI_CODING_AGENT_DIR/extensions/`.
pub const CONFIG_FILE_NAME: &str = "ask-user.json";

/// The folder inside the platform's per-user config dir (`%APPDATA%` on Windows).
pub const PLATFORM_CONFIG_DIR_NAME: &str = "ask-user";

/// The settings file name inside [`PLATFORM_CONFIG_DIR_NAME`].
pub const PLATFORM_CONFIG_FILE_NAME: &str = "config.json";

/// Where the settings live: the resolved file, plus the legacy file to move in when the
/// resolved path is the default one.
///
/// The legacy file `$PI_CODING_AGENT_DIR/ask-user.json` only matters for the default path:
/// an explicit `--config` or `ASK_CONFIG` path never moves anything. Pass the whole
/// `ConfigPaths` to [`ConfigStore::open_paths`](crate::ConfigStore::open_paths) to get the
/// move; [`ConfigStore::open`](crate::ConfigStore::open) on a bare path never moves files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigPaths {
    /// The settings file (absolute).
    pub config: PathBuf,
    /// `$PI_CODING_AGENT_DIR/ask-user.json`, set only when `config` is the default path.
    pub legacy: Option<PathBuf>,
}

impl ConfigPaths {
    /// Resolves the settings path: `explicit` (`--config`), then `ask_config_env`
    /// (`ASK_CONFIG`), then `$PI_CODING_AGENT_DIR/extensions/ask-user.json` with
    /// `pi_agent_dir_env` (`PI_CODING_AGENT_DIR`) defaulting to `home/.pi/agent`. Empty
    /// values count as unset; a leading `~/` expands to `home`; relative paths are made
    /// absolute against the current directory.
    pub fn resolve(
        explicit: Option<&Path>,
        ask_config_env: Option<&OsStr>,
        pi_agent_dir_env: Option<&OsStr>,
        home: Option<&Path>,
    ) -> Result<ConfigPaths, KeymapError> {
        Self::resolve_with_platform_dir(explicit, ask_config_env, pi_agent_dir_env, home, None)
    }

    /// Like [`ConfigPaths::resolve`], with the platform's per-user config dir
    /// (`%APPDATA%` on Windows): when neither the flag, `ASK_CONFIG` nor
    /// `PI_CODING_AGENT_DIR` is set, the file is `<platform_dir>/ask-user/config.json`
    /// instead of the one under `home/.pi/agent`. An empty `platform_dir` counts as unset.
    pub fn resolve_with_platform_dir(
        explicit: Option<&Path>,
        ask_config_env: Option<&OsStr>,
        pi_agent_dir_env: Option<&OsStr>,
        home: Option<&Path>,
        platform_dir: Option<&Path>,
    ) -> Result<ConfigPaths, KeymapError> {
        if let Some(path) = non_empty(explicit.map(Path::as_os_str)).or(non_empty(ask_config_env)) {
            return Ok(ConfigPaths {
                config: absolute(&expand_tilde(path, home))?,
                legacy: None,
            });
        }
        let platform_dir = non_empty(platform_dir.map(Path::as_os_str));
        let agent_dir = match (non_empty(pi_agent_dir_env), platform_dir) {
            (Some(dir), _) => expand_tilde(dir, home),
            (None, Some(dir)) => {
                let dir = absolute(dir)?.join(PLATFORM_CONFIG_DIR_NAME);
                return Ok(ConfigPaths {
                    config: dir.join(PLATFORM_CONFIG_FILE_NAME),
                    legacy: None,
                });
            }
            (None, None) => home
                .filter(|h| !h.as_os_str().is_empty())
                .ok_or(KeymapError::NoConfigPath)?
                .join(".pi")
                .join("agent"),
        };
        let agent_dir = absolute(&agent_dir)?;
        Ok(ConfigPaths {
            config: agent_dir.join("extensions").join(CONFIG_FILE_NAME),
            legacy: Some(agent_dir.join(CONFIG_FILE_NAME)),
        })
    }
}

/// The settings file path, as [`ConfigPaths::resolve`] finds it.
pub fn resolve_config_path(
    explicit: Option<&Path>,
    ask_config_env: Option<&OsStr>,
    pi_agent_dir_env: Option<&OsStr>,
    home: Option<&Path>,
) -> Result<PathBuf, KeymapError> {
    ConfigPaths::resolve(explicit, ask_config_env, pi_agent_dir_env, home).map(|p| p.config)
}

fn expand_tilde(path: &Path, home: Option<&Path>) -> PathBuf {
    if let Some(home) = home {
        if path == Path::new("~") {
            return home.to_path_buf();
        }
        if let Ok(rest) = path.strip_prefix("~") {
            return home.join(rest);
        }
    }
    path.to_path_buf()
}

fn non_empty(value: Option<&OsStr>) -> Option<&Path> {
    value.filter(|p| !p.is_empty()).map(Path::new)
}

pub(crate) fn absolute(path: &Path) -> Result<PathBuf, KeymapError> {
    std::path::absolute(path).map_err(|e| KeymapError::io("resolve the path of", path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(
        explicit: Option<&str>,
        ask: Option<&str>,
        pi: Option<&str>,
        home: Option<&str>,
    ) -> Result<ConfigPaths, KeymapError> {
        ConfigPaths::resolve(
            explicit.map(Path::new),
            ask.map(OsStr::new),
            pi.map(OsStr::new),
            home.map(Path::new),
        )
    }

    #[test]
    fn precedence() {
        let p = resolve(Some("/x/c.json"), Some("/y.json"), Some("/pi"), Some("/h")).unwrap();
        assert_eq!(p.config, Path::new("/x/c.json"));
        assert_eq!(p.legacy, None);
        let p = resolve(None, Some("/y.json"), Some("/pi"), Some("/h")).unwrap();
        assert_eq!(p.config, Path::new("/y.json"));
        assert_eq!(p.legacy, None);
        let p = resolve(Some(""), Some(""), Some("/pi"), Some("/h")).unwrap();
        assert_eq!(p.config, Path::new("/pi/extensions/ask-user.json"));
        assert_eq!(p.legacy.as_deref(), Some(Path::new("/pi/ask-user.json")));
        let p = resolve(None, None, None, Some("/h")).unwrap();
        assert_eq!(p.config, Path::new("/h/.pi/agent/extensions/ask-user.json"));
        let p = resolve(None, None, Some("~/agent"), Some("/h")).unwrap();
        assert_eq!(p.config, Path::new("/h/agent/extensions/ask-user.json"));
        assert!(matches!(
            resolve(None, None, None, None),
            Err(KeymapError::NoConfigPath)
        ));
        assert_eq!(
            resolve_config_path(
                Some(Path::new("~/a.json")),
                None,
                None,
                Some(Path::new("/h"))
            )
            .unwrap(),
            Path::new("/h/a.json")
        );
    }

    #[test]
    fn platform_dir_replaces_the_pi_default_only() {
        let appdata = Some(Path::new("/appdata"));
        let with = |explicit: Option<&str>, ask: Option<&str>, pi: Option<&str>| {
            ConfigPaths::resolve_with_platform_dir(
                explicit.map(Path::new),
                ask.map(OsStr::new),
                pi.map(OsStr::new),
                Some(Path::new("/h")),
                appdata,
            )
            .unwrap()
        };
        let p = with(None, None, None);
        assert_eq!(p.config, Path::new("/appdata/ask-user/config.json"));
        assert_eq!(p.legacy, None);
        let p = with(None, None, Some(""));
        assert_eq!(p.config, Path::new("/appdata/ask-user/config.json"));
        let p = with(None, None, Some("/pi"));
        assert_eq!(p.config, Path::new("/pi/extensions/ask-user.json"));
        assert_eq!(
            with(None, Some("/y.json"), None).config,
            Path::new("/y.json")
        );
        assert_eq!(
            with(Some("/x.json"), None, None).config,
            Path::new("/x.json")
        );
        // An empty platform dir falls back to home.
        let p = ConfigPaths::resolve_with_platform_dir(
            None,
            None,
            None,
            Some(Path::new("/h")),
            Some(Path::new("")),
        )
        .unwrap();
        assert_eq!(p.config, Path::new("/h/.pi/agent/extensions/ask-user.json"));
    }

    #[test]
    fn relative_paths_become_absolute() {
        let p = resolve(Some("rel/c.json"), None, None, None).unwrap();
        assert!(p.config.is_absolute());
        assert!(p.config.ends_with("rel/c.json"));
    }
}
