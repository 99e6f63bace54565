//! Where the settings file lives.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

pub use crate::pi_ask::PI_ASK_FILE_NAME;

use crate::SettingsError;

/// The settings file name inside `$PI_CODING_AGENT_DIR/extensions/`.
pub const CONFIG_FILE_NAME: &str = "ask-user.json";

/// The settings file name inside the platform config folder (`~/.config/ask-user/`,
/// `%APPDATA%\ask-user\` on Windows).
pub const PLATFORM_FILE_NAME: &str = "config.json";

/// The environment [`ConfigPaths::resolve`] reads; empty values count as unset.
#[derive(Debug, Clone, Copy, Default)]
pub struct ConfigEnv<'a> {
    /// `ASK_CONFIG`.
    pub ask_config: Option<&'a OsStr>,
    /// `PI_CODING_AGENT_DIR`.
    pub pi_agent_dir: Option<&'a OsStr>,
    /// `XDG_CONFIG_HOME`.
    pub xdg_config_home: Option<&'a OsStr>,
    /// The home directory (`HOME`; on Windows `USERPROFILE` when `HOME` is unset).
    pub home: Option<&'a Path>,
    /// The per-user application data folder (`APPDATA`, read on Windows only).
    pub appdata: Option<&'a OsStr>,
}

/// Owned copies of the variables [`ConfigEnv`] borrows, read from the process environment.
#[derive(Debug, Clone, Default)]
pub struct ProcessEnv {
    ask_config: Option<std::ffi::OsString>,
    pi_agent_dir: Option<std::ffi::OsString>,
    xdg_config_home: Option<std::ffi::OsString>,
    home: Option<PathBuf>,
    appdata: Option<std::ffi::OsString>,
}

impl ProcessEnv {
    /// Reads `ASK_CONFIG`, `PI_CODING_AGENT_DIR`, `XDG_CONFIG_HOME` and `HOME`; on Windows
    /// also `APPDATA`, and `USERPROFILE` when `HOME` is unset (no Unix-like shell set it).
    pub fn read() -> ProcessEnv {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let home = var("HOME").or_else(|| {
            if cfg!(windows) {
                var("USERPROFILE")
            } else {
                None
            }
        });
        ProcessEnv {
            ask_config: std::env::var_os("ASK_CONFIG"),
            pi_agent_dir: std::env::var_os("PI_CODING_AGENT_DIR"),
            xdg_config_home: std::env::var_os("XDG_CONFIG_HOME"),
            home: home.map(PathBuf::from),
            appdata: if cfg!(windows) { var("APPDATA") } else { None },
        }
    }

    /// The variables as a [`ConfigEnv`].
    pub fn env(&self) -> ConfigEnv<'_> {
        ConfigEnv {
            ask_config: self.ask_config.as_deref(),
            pi_agent_dir: self.pi_agent_dir.as_deref(),
            xdg_config_home: self.xdg_config_home.as_deref(),
            home: self.home.as_deref(),
            appdata: self.appdata.as_deref(),
        }
    }
}

/// Where the settings live: the resolved file, the legacy file to move in, and the pi-ask
/// files to import from when the resolved file does not exist yet.
///
/// The legacy file `$PI_CODING_AGENT_DIR/ask-user.json` only matters when the resolved path
/// is `$PI_CODING_AGENT_DIR/extensions/ask-user.json`: an explicit `--config` or `ASK_CONFIG`
/// path never moves anything. Pass the whole `ConfigPaths` to
/// [`ConfigStore::open_paths`](crate::ConfigStore::open_paths) to get the move and the
/// import; [`ConfigStore::open`](crate::ConfigStore::open) on a bare path does neither.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConfigPaths {
    /// The settings file (absolute).
    pub config: PathBuf,
    /// `$PI_CODING_AGENT_DIR/ask-user.json`, set only when `config` is the pi default path.
    pub legacy: Option<PathBuf>,
    /// pi-ask settings files to import from, in order of preference, when `config` does not
    /// exist: `<pi agent dir>/extensions/eko24ive-pi-ask.json`, then
    /// `<pi agent dir>/eko24ive-pi-ask.json`. They are only ever read.
    pub import_from: Vec<PathBuf>,
}

impl ConfigPaths {
    /// A bare settings path: no legacy file, no import.
    pub fn file(config: PathBuf) -> ConfigPaths {
        ConfigPaths {
            config,
            legacy: None,
            import_from: Vec::new(),
        }
    }

    /// Resolves the settings path: `explicit` (`--config`), then `ASK_CONFIG`, then
    /// `$PI_CODING_AGENT_DIR/extensions/ask-user.json` when `PI_CODING_AGENT_DIR` is set,
    /// then the platform config folder: `$XDG_CONFIG_HOME/ask-user/config.json`, else
    /// `%APPDATA%\ask-user\config.json` when `APPDATA` is given (Windows), by default
    /// `~/.config/ask-user/config.json` (on macOS without `XDG_CONFIG_HOME`,
    /// `~/Library/Application Support/ask-user/config.json`). A leading `~/` expands to the
    /// home directory; relative paths are made absolute against the current directory.
    ///
    /// The pi-ask import candidates live in the pi agent folder: `PI_CODING_AGENT_DIR`, or
    /// pi's default `~/.pi/agent` (read only; nothing is ever created there by resolving).
    pub fn resolve(
        explicit: Option<&Path>,
        env: &ConfigEnv<'_>,
    ) -> Result<ConfigPaths, SettingsError> {
        let home = env.home.filter(|h| !h.as_os_str().is_empty());
        let pi_dir = match non_empty(env.pi_agent_dir) {
            Some(dir) => Some(absolute(&expand_tilde(dir, home))?),
            None => None,
        };
        let pi_for_import = pi_dir
            .clone()
            .or_else(|| home.map(|h| h.join(".pi").join("agent")));
        let import_from = pi_for_import
            .map(|dir| {
                vec![
                    dir.join("extensions").join(crate::paths::PI_ASK_FILE_NAME),
                    dir.join(crate::paths::PI_ASK_FILE_NAME),
                ]
            })
            .unwrap_or_default();
        if let Some(path) = non_empty(explicit.map(Path::as_os_str)).or(non_empty(env.ask_config)) {
            return Ok(ConfigPaths {
                config: absolute(&expand_tilde(path, home))?,
                legacy: None,
                import_from,
            });
        }
        if let Some(dir) = pi_dir {
            return Ok(ConfigPaths {
                config: dir.join("extensions").join(CONFIG_FILE_NAME),
                legacy: Some(dir.join(CONFIG_FILE_NAME)),
                import_from,
            });
        }
        let base = if let Some(xdg) = non_empty(env.xdg_config_home) {
            absolute(&expand_tilde(xdg, home))?
        } else if let Some(appdata) = non_empty(env.appdata) {
            absolute(appdata)?
        } else {
            let home = home.ok_or(SettingsError::NoConfigPath)?;
            if cfg!(target_os = "macos") {
                home.join("Library").join("Application Support")
            } else {
                home.join(".config")
            }
        };
        Ok(ConfigPaths {
            config: absolute(&base.join("ask-user").join(PLATFORM_FILE_NAME))?,
            legacy: None,
            import_from,
        })
    }
}

/// The settings file path, as [`ConfigPaths::resolve`] finds it.
pub fn resolve_config_path(
    explicit: Option<&Path>,
    env: &ConfigEnv<'_>,
) -> Result<PathBuf, SettingsError> {
    ConfigPaths::resolve(explicit, env).map(|p| p.config)
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

pub(crate) fn absolute(path: &Path) -> Result<PathBuf, SettingsError> {
    std::path::absolute(path).map_err(|e| SettingsError::io("resolve the path of", path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(
        explicit: Option<&str>,
        ask: Option<&str>,
        pi: Option<&str>,
        xdg: Option<&str>,
        home: Option<&str>,
    ) -> Result<ConfigPaths, SettingsError> {
        ConfigPaths::resolve(
            explicit.map(Path::new),
            &ConfigEnv {
                ask_config: ask.map(OsStr::new),
                pi_agent_dir: pi.map(OsStr::new),
                xdg_config_home: xdg.map(OsStr::new),
                home: home.map(Path::new),
                appdata: None,
            },
        )
    }

    #[test]
    fn precedence() {
        let all = |explicit| {
            resolve(
                explicit,
                Some("/y.json"),
                Some("/pi"),
                Some("/xdg"),
                Some("/h"),
            )
        };
        let p = all(Some("/x/c.json")).unwrap();
        assert_eq!(p.config, Path::new("/x/c.json"));
        assert_eq!(p.legacy, None);
        // Import candidates come from the pi folder whatever path wins.
        assert_eq!(
            p.import_from,
            [
                Path::new("/pi/extensions/eko24ive-pi-ask.json"),
                Path::new("/pi/eko24ive-pi-ask.json")
            ]
        );
        let p = all(None).unwrap();
        assert_eq!(p.config, Path::new("/y.json"));
        let p = resolve(Some(""), Some(""), Some("/pi"), Some("/xdg"), Some("/h")).unwrap();
        assert_eq!(p.config, Path::new("/pi/extensions/ask-user.json"));
        assert_eq!(p.legacy.as_deref(), Some(Path::new("/pi/ask-user.json")));
        let p = resolve(None, None, None, Some("/xdg"), Some("/h")).unwrap();
        assert_eq!(p.config, Path::new("/xdg/ask-user/config.json"));
        assert_eq!(p.legacy, None);
        assert_eq!(
            p.import_from[0],
            Path::new("/h/.pi/agent/extensions/eko24ive-pi-ask.json")
        );
        let p = resolve(None, None, Some("~/agent"), None, Some("/h")).unwrap();
        assert_eq!(p.config, Path::new("/h/agent/extensions/ask-user.json"));
        assert!(matches!(
            resolve(None, None, None, None, None),
            Err(SettingsError::NoConfigPath)
        ));
        let env = ConfigEnv {
            home: Some(Path::new("/h")),
            ..ConfigEnv::default()
        };
        assert_eq!(
            resolve_config_path(Some(Path::new("~/a.json")), &env).unwrap(),
            Path::new("/h/a.json")
        );
    }

    #[cfg(not(target_os = "macos"))]
    #[test]
    fn the_platform_default_is_under_dot_config() {
        let p = resolve(None, None, None, None, Some("/h")).unwrap();
        assert_eq!(p.config, Path::new("/h/.config/ask-user/config.json"));
    }

    #[test]
    fn appdata_replaces_the_home_default_only() {
        let with = |explicit: Option<&str>, pi: Option<&str>, xdg: Option<&str>, appdata| {
            ConfigPaths::resolve(
                explicit.map(Path::new),
                &ConfigEnv {
                    pi_agent_dir: pi.map(OsStr::new),
                    xdg_config_home: xdg.map(OsStr::new),
                    home: Some(Path::new("/h")),
                    appdata: Some(OsStr::new(appdata)),
                    ..ConfigEnv::default()
                },
            )
            .unwrap()
        };
        let p = with(None, None, None, "/appdata");
        assert_eq!(p.config, Path::new("/appdata/ask-user/config.json"));
        assert_eq!(p.legacy, None);
        assert_eq!(
            with(None, Some(""), None, "/appdata").config,
            Path::new("/appdata/ask-user/config.json")
        );
        assert_eq!(
            with(None, Some("/pi"), None, "/appdata").config,
            Path::new("/pi/extensions/ask-user.json")
        );
        assert_eq!(
            with(None, None, Some("/xdg"), "/appdata").config,
            Path::new("/xdg/ask-user/config.json")
        );
        assert_eq!(
            with(Some("/x.json"), None, None, "/appdata").config,
            Path::new("/x.json")
        );
        // An empty APPDATA counts as unset.
        let p = with(None, None, None, "");
        assert!(p.config.ends_with("ask-user/config.json"));
        assert!(!p.config.starts_with("/ask-user"));
    }

    #[test]
    fn relative_paths_become_absolute() {
        let p = resolve(Some("rel/c.json"), None, None, None, None).unwrap();
        assert!(p.config.is_absolute());
        assert!(p.config.ends_with("rel/c.json"));
    }
}
