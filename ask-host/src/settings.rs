//! The settings a session starts with, and the store that keeps them in sync with disk.

use std::path::{Path, PathBuf};

use ask_settings::{AskConfig, ConfigChange, ConfigStore, paths::ConfigPaths};
use ask_state::Command;

use crate::Notice;
use crate::notice::notice_line;

/// Settings loaded for a session: the configuration in effect, the settings file store
/// (when the file could be opened) and the notices loading gave.
#[derive(Debug)]
pub struct Settings {
    pub(crate) config: AskConfig,
    pub(crate) store: Option<ConfigStore>,
    pub(crate) path: Option<PathBuf>,
    pub(crate) notices: Vec<Notice>,
}

impl Settings {
    /// Opens the settings file at `paths` (see [`ConfigStore::open_paths`]: created with the
    /// defaults when missing, upgraded, backed up when broken). Never fails: a file that
    /// cannot be used gives the defaults and a [`Notice::SettingsNotLoaded`].
    pub fn open(paths: &ConfigPaths) -> Self {
        match ConfigStore::open_paths(paths) {
            Ok((store, loaded)) => {
                let mut notices = Vec::new();
                if loaded.created {
                    notices.push(Notice::SettingsCreated {
                        path: store.path().to_path_buf(),
                    });
                }
                if let Some(from) = loaded.imported_from {
                    notices.push(Notice::SettingsImported {
                        from,
                        to: store.path().to_path_buf(),
                    });
                }
                notices.extend(loaded.notices.into_iter().map(Notice::Settings));
                Self {
                    config: loaded.config,
                    path: Some(store.path().to_path_buf()),
                    store: Some(store),
                    notices,
                }
            }
            Err(err) => Self {
                config: AskConfig::default(),
                store: None,
                path: Some(paths.config.clone()),
                notices: vec![Notice::SettingsNotLoaded(err.to_string())],
            },
        }
    }

    /// Opens the settings file where `ask run` finds it, from the process environment:
    /// `ASK_CONFIG`, then `$PI_CODING_AGENT_DIR/extensions/ask-user.json`, then the
    /// platform config folder (`$XDG_CONFIG_HOME/ask-user/config.json`,
    /// `~/.config/ask-user/config.json`; see [`ConfigPaths::resolve`]). Never fails, like
    /// [`Settings::open`]; a path that cannot be resolved (no home folder) gives the
    /// defaults and a [`Notice::SettingsUnresolved`].
    pub fn open_default() -> Self {
        let env = ask_settings::paths::ProcessEnv::read();
        Self::open_resolved(ConfigPaths::resolve(None, &env.env()))
    }

    /// Like [`Settings::open`] for the outcome of resolving the path
    /// ([`ConfigPaths::resolve`]); a resolution error gives the defaults and a
    /// [`Notice::SettingsUnresolved`].
    pub fn open_resolved(paths: Result<ConfigPaths, ask_settings::SettingsError>) -> Self {
        match paths {
            Ok(paths) => Self::open(&paths),
            Err(err) => Self {
                config: AskConfig::default(),
                store: None,
                path: None,
                notices: vec![Notice::SettingsUnresolved(err.to_string())],
            },
        }
    }

    /// Reads the settings file at `paths` without touching it (see
    /// [`ConfigStore::load_read_only`]: never created, upgraded, moved or rewritten), for
    /// commands that do not show the settings to the user. There is no store, so nothing is
    /// persisted or reloaded. Never fails: a file that cannot be used gives the defaults and
    /// a [`Notice::SettingsNotLoaded`].
    pub fn read_only(paths: &ConfigPaths) -> Self {
        match ConfigStore::load_read_only(paths) {
            Ok(loaded) => Self {
                config: loaded.config,
                store: None,
                path: Some(paths.config.clone()),
                notices: loaded.notices.into_iter().map(Notice::Settings).collect(),
            },
            Err(err) => Self {
                config: AskConfig::default(),
                store: None,
                path: Some(paths.config.clone()),
                notices: vec![Notice::SettingsNotLoaded(err.to_string())],
            },
        }
    }

    /// Like [`Settings::read_only`] for the outcome of resolving the path; a resolution
    /// error gives the defaults and a [`Notice::SettingsUnresolved`].
    pub fn read_only_resolved(paths: Result<ConfigPaths, ask_settings::SettingsError>) -> Self {
        match paths {
            Ok(paths) => Self::read_only(&paths),
            Err(err) => Self {
                config: AskConfig::default(),
                store: None,
                path: None,
                notices: vec![Notice::SettingsUnresolved(err.to_string())],
            },
        }
    }

    /// Settings with no file: `config` in effect, nothing persisted or reloaded. A host
    /// that keeps settings its own way reads what the user changed in the settings
    /// overlay from the session when it ends: [`Flow::behaviour`](ask_state::Flow::behaviour)
    /// and [`Flow::notifications_enabled`](ask_state::Flow::notifications_enabled) through
    /// [`Session::flow`](crate::Session::flow).
    pub fn in_memory(config: AskConfig) -> Self {
        Self {
            config,
            store: None,
            path: None,
            notices: Vec::new(),
        }
    }

    /// The settings in effect.
    pub fn config(&self) -> &AskConfig {
        &self.config
    }

    /// The absolute path of the settings file, when it could be resolved.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// What loading gave (including routine notices that are not shown).
    pub fn notices(&self) -> &[Notice] {
        &self.notices
    }

    /// The notices worth showing ([`Notice::is_shown`]) joined with `; `, or `None`: what a
    /// session shows in its notice line at the start, and what a command-line host prints.
    pub fn notice_line(&self) -> Option<String> {
        notice_line(&self.notices, ask_i18n::Locale::En)
    }

    /// [`Settings::notice_line`] in `locale` (for a person at a terminal: resolve the
    /// `locale` setting of [`Settings::config`] with the environment's language).
    pub fn notice_line_in(&self, locale: ask_i18n::Locale) -> Option<String> {
        notice_line(&self.notices, locale)
    }
}

/// The commands that bring a flow in line with settings reloaded from disk: the new
/// behaviour, keymap and notifications toggle when they changed, then the notice line ([`Command::SetNotice`]
/// with the change's notices, displayed and joined by `; `, or `None` to clear an old one).
///
/// ```
/// use ask_host::config::ConfigChange;
/// use ask_host::keymap::behaviour::BehaviourSetting;
/// use ask_host::{config::AskConfig, state::Command};
///
/// let mut config = AskConfig::default();
/// config.behaviour.set(BehaviourSetting::FooterHints, false);
/// let change = ConfigChange::between(&AskConfig::default(), config.clone());
/// assert_eq!(
///     ask_host::settings::commands_for_change(change),
///     [Command::ApplyBehaviour(config.behaviour), Command::SetNotice(None)]
/// );
/// ```
pub fn commands_for_change(change: ConfigChange) -> Vec<Command> {
    commands_for_change_in(change, ask_i18n::Locale::En)
}

/// [`commands_for_change`] with the notice line in `locale`.
pub fn commands_for_change_in(change: ConfigChange, locale: ask_i18n::Locale) -> Vec<Command> {
    let mut commands = Vec::new();
    if change.behaviour_changed {
        commands.push(Command::ApplyBehaviour(change.config.behaviour));
    }
    if change.keymap_changed {
        commands.push(Command::ApplyKeymap(change.config.keymap));
    }
    if change.notifications_changed {
        commands.push(Command::ApplyNotifications(
            change.config.notifications.enabled,
        ));
    }
    let notice = (!change.notices.is_empty()).then(|| {
        let texts: Vec<String> = change.notices.iter().map(|n| n.text(locale)).collect();
        texts.join("; ")
    });
    commands.push(Command::SetNotice(notice));
    commands
}
