//! Loading the settings without touching the file: what commands that do not show the
//! settings to the user (extraction, `--json` dumps, scripts) use.

use crate::config::read_doc;
use crate::notice::fallbacks;
use crate::paths::absolute;
use crate::read::read_settings;
use crate::store::parse_bytes;
use crate::{AskConfig, ConfigNotice, ConfigStore, Loaded, SettingsError, paths::ConfigPaths};

impl ConfigStore {
    /// Loads the settings the way [`ConfigStore::open_paths`] would, but never writes,
    /// renames, creates or deletes anything:
    /// - a missing file gives the defaults (when only the legacy file exists, it is read
    ///   where it is);
    /// - an older schema version is upgraded in memory only;
    /// - a file that is not JSON, not an object or of an unsupported version gives the
    ///   defaults and a notice, and stays as it is;
    /// - bad values fall back to their defaults with a notice, as in `open_paths`.
    ///
    /// A path that is not a regular file, or a file over [`crate::fs::MAX_SETTINGS_BYTES`], is
    /// an error, as in `open_paths`.
    pub fn load_read_only(paths: &ConfigPaths) -> Result<Loaded, SettingsError> {
        let path = absolute(&paths.config)?;
        let mut found = read_settings(&path)?.map(|bytes| (path.clone(), bytes));
        if found.is_none()
            && let Some(legacy) = paths.legacy.as_deref().filter(|l| l.is_file())
        {
            found = read_settings(legacy)?.map(|bytes| (legacy.to_path_buf(), bytes));
        }
        let Some((from, bytes)) = found else {
            return Ok(Loaded {
                config: AskConfig::default(),
                notices: Vec::new(),
                created: false,
                imported_from: None,
            });
        };
        match parse_bytes(&bytes) {
            Ok((doc, _version)) => {
                let (config, notices) = read_doc(&doc);
                Ok(Loaded {
                    config,
                    notices: fallbacks(&from, notices).collect(),
                    created: false,
                    imported_from: None,
                })
            }
            Err(why) => Ok(Loaded {
                config: AskConfig::default(),
                notices: vec![ConfigNotice::LeftAsIs {
                    path: from,
                    problem: why.to_string(),
                }],
                created: false,
                imported_from: None,
            }),
        }
    }
}
