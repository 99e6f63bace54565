//! Typed notices of the settings store: what loading or reloading the settings file did
//! that the user should know about.

use std::fmt;
use std::path::{Path, PathBuf};

/// Something loading or reloading the settings file did, or found, that the user should
/// know about. [`Loaded::notices`](crate::Loaded::notices) and
/// [`ConfigChange::notices`](crate::ConfigChange::notices) hold them; `Display` gives the
/// sentence to show, naming the file.
///
/// The `problem` texts are the store's own words: after a path for the broken-file
/// variants (`is not valid JSON (...)`, `cannot be used: ...`), and a whole sentence for
/// [`ConfigNotice::Fallback`] and [`ConfigNotice::ImportSkipped`].
///
/// With serde: `{"type": "moved", "from": "...", "to": "..."}`,
/// `{"type": "fallback", "path": "...", "problem": "..."}`.
///
/// ```
/// use std::path::PathBuf;
/// use ask_settings::ConfigNotice;
///
/// let notice = ConfigNotice::Upgraded {
///     path: PathBuf::from("/home/me/.pi/agent/extensions/ask-user.json"),
///     from: 2,
///     to: 3,
/// };
/// assert_eq!(
///     notice.to_string(),
///     "upgraded /home/me/.pi/agent/extensions/ask-user.json from schema version 2 to 3"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
#[non_exhaustive]
pub enum ConfigNotice {
    /// The legacy settings file was moved to the current location (the new file did not
    /// exist yet).
    Moved {
        /// The legacy file.
        from: PathBuf,
        /// Where it is now: the settings file.
        to: PathBuf,
    },
    /// The file had an older schema version and was upgraded in place, keeping every user
    /// value.
    Upgraded {
        /// The settings file.
        path: PathBuf,
        /// The schema version it had.
        from: u64,
        /// The schema version it has now ([`SCHEMA_VERSION`](crate::schema::SCHEMA_VERSION)).
        to: u64,
    },
    /// The file could not be used at all (not JSON, not an object, an unsupported schema
    /// version): it was renamed to a backup beside it and the defaults were written and
    /// loaded.
    BackedUp {
        /// The settings file.
        path: PathBuf,
        /// What was wrong with it (`is not valid JSON (...)`, `cannot be used: ...`).
        problem: String,
        /// Where the broken file is now.
        backup: PathBuf,
    },
    /// The file could not be used at all and was left as it is, since the load was
    /// read-only ([`ConfigStore::load_read_only`](crate::ConfigStore::load_read_only)); the
    /// defaults are in effect.
    LeftAsIs {
        /// The file read (the settings file, or the legacy file when only it exists).
        path: PathBuf,
        /// What was wrong with it (`is not valid JSON (...)`, `cannot be used: ...`).
        problem: String,
    },
    /// The file changed on disk and no longer parses; the settings in effect stay until it
    /// is fixed (it is not backed up, since the user may be editing it).
    KeptCurrent {
        /// The settings file.
        path: PathBuf,
        /// What is wrong with it (`is not valid JSON (...)`, `cannot be used: ...`).
        problem: String,
    },
    /// A value in the file could not be used as written: it fell back to its default, was
    /// clamped into range, or was skipped or ignored. The file is left for the user to fix.
    Fallback {
        /// The file the value is in.
        path: PathBuf,
        /// Which value, what was expected and what is used instead (the texts
        /// [`AskConfig::from_json`](crate::AskConfig::from_json) gives).
        problem: String,
    },
    /// A pi-ask settings file could not be read or converted, so it was not imported (it
    /// is never modified).
    ImportSkipped {
        /// The pi-ask file.
        path: PathBuf,
        /// Why it could not be imported.
        problem: String,
    },
}

impl ConfigNotice {
    /// The file the notice is about: the settings file, except the legacy file's new
    /// location for [`ConfigNotice::Moved`], the file read for [`ConfigNotice::LeftAsIs`]
    /// and [`ConfigNotice::Fallback`], and the pi-ask file for
    /// [`ConfigNotice::ImportSkipped`].
    pub fn path(&self) -> &Path {
        match self {
            Self::Moved { to: path, .. }
            | Self::Upgraded { path, .. }
            | Self::BackedUp { path, .. }
            | Self::LeftAsIs { path, .. }
            | Self::KeptCurrent { path, .. }
            | Self::Fallback { path, .. }
            | Self::ImportSkipped { path, .. } => path,
        }
    }
}

impl ConfigNotice {
    /// The notice in `locale`, for the person at the form. The problem found in the
    /// file (`is not valid JSON ...`) is quoted as it is, in English, like every
    /// message about a bad input file; `Display` is the English text.
    pub fn text(&self, locale: ask_i18n::Locale) -> String {
        use ask_i18n::Msg;
        let show = |p: &Path| p.display().to_string();
        match self {
            Self::Moved { from, to } => locale.format(
                Msg::NoticeMoved,
                &[("from", &show(from)), ("to", &show(to))],
            ),
            Self::Upgraded { path, from, to } => locale.format(
                Msg::NoticeUpgraded,
                &[("path", &show(path)), ("from", from), ("to", to)],
            ),
            Self::BackedUp {
                path,
                problem,
                backup,
            } => locale.format(
                Msg::NoticeBackedUp,
                &[
                    ("path", &show(path)),
                    ("problem", problem),
                    ("backup", &show(backup)),
                ],
            ),
            Self::LeftAsIs { path, problem } => locale.format(
                Msg::NoticeLeftAsIs,
                &[("path", &show(path)), ("problem", problem)],
            ),
            Self::KeptCurrent { path, problem } => locale.format(
                Msg::NoticeKeptCurrent,
                &[("path", &show(path)), ("problem", problem)],
            ),
            Self::Fallback { path, problem } => locale.format(
                Msg::NoticeFallback,
                &[("path", &show(path)), ("problem", problem)],
            ),
            Self::ImportSkipped { path, problem } => locale.format(
                Msg::NoticeImportSkipped,
                &[("path", &show(path)), ("problem", problem)],
            ),
        }
    }
}

impl fmt::Display for ConfigNotice {
    /// The English text ([`ConfigNotice::text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(ask_i18n::Locale::En))
    }
}

/// Each problem text `read_doc` gives, as a [`ConfigNotice::Fallback`] for the file at `path`.
pub(crate) fn fallbacks(path: &Path, problems: Vec<String>) -> impl Iterator<Item = ConfigNotice> {
    problems
        .into_iter()
        .map(move |problem| ConfigNotice::Fallback {
            path: path.to_path_buf(),
            problem,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn notices_round_trip_through_serde_tagged_by_type() {
        let path = PathBuf::from("/cfg/ask-user.json");
        let problem = "is not valid JSON (EOF)".to_owned();
        let notices = [
            ConfigNotice::Moved {
                from: PathBuf::from("/cfg/old.json"),
                to: path.clone(),
            },
            ConfigNotice::Upgraded {
                path: path.clone(),
                from: 1,
                to: 3,
            },
            ConfigNotice::BackedUp {
                path: path.clone(),
                problem: problem.clone(),
                backup: PathBuf::from("/cfg/ask-user.1.bak.json"),
            },
            ConfigNotice::LeftAsIs {
                path: path.clone(),
                problem: problem.clone(),
            },
            ConfigNotice::KeptCurrent {
                path: path.clone(),
                problem,
            },
            ConfigNotice::Fallback {
                path: path.clone(),
                problem: "behaviour should be an object".to_owned(),
            },
            ConfigNotice::ImportSkipped {
                path: PathBuf::from("/pi/eko24ive-pi-ask.json"),
                problem: "it is gone".to_owned(),
            },
        ];
        for notice in notices {
            let value = serde_json::to_value(&notice).unwrap();
            assert!(value["type"].is_string(), "{value}");
            assert_eq!(
                serde_json::from_value::<ConfigNotice>(value).unwrap(),
                notice
            );
        }
        let backed_up = ConfigNotice::BackedUp {
            path: path.clone(),
            problem: "cannot be used: schemaVersion 9 is newer".to_owned(),
            backup: PathBuf::from("/cfg/ask-user.1.bak.json"),
        };
        assert_eq!(
            serde_json::to_value(&backed_up).unwrap(),
            json!({"type": "backedUp", "path": "/cfg/ask-user.json",
                   "problem": "cannot be used: schemaVersion 9 is newer",
                   "backup": "/cfg/ask-user.1.bak.json"})
        );
        assert_eq!(
            backed_up.to_string(),
            "/cfg/ask-user.json cannot be used: schemaVersion 9 is newer; moved it to \
             /cfg/ask-user.1.bak.json and loaded the default settings"
        );
        assert_eq!(backed_up.path(), path);
    }
}
