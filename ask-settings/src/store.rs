//! Loading, migrating, backing up and saving the settings file.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::atomic::{backup_path, remove_stale_temp_files, write_atomic};
use crate::config::{
    EARLY_KEYS_NAME, IDLE_TIMEOUT_NAME, LOCALE_NAME, RESUME_UNANSWERED_NAME, SCHEMA_VERSION,
    Unsupported, behaviour_to_json, migrate, read_doc,
};
use crate::doc::{Node, Obj};
use crate::notice::fallbacks;
use crate::paths::absolute;
use crate::read::read_settings;
use crate::{AskConfig, ConfigNotice, SettingsError, paths::ConfigPaths};
use ask_keymap::behaviour::{
    Behaviour, BehaviourSetting, DEFAULT_IGNORE_EARLY_KEYS_MS, ResumeUnanswered,
};

/// Temporary files older than this are leftovers of killed writes.
const STALE_TEMP_AGE: std::time::Duration = std::time::Duration::from_secs(600);

/// What [`ConfigStore::open`] loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Loaded {
    /// The settings in effect.
    pub config: AskConfig,
    /// What the user should know: a moved, upgraded or backed-up file, a pi-ask file that
    /// could not be imported, and every value that fell back to its default.
    pub notices: Vec<ConfigNotice>,
    /// The file did not exist and was created with the defaults (routine on first use, so
    /// not among the notices).
    pub created: bool,
    /// The file did not exist and was imported from this pi-ask settings file (which was
    /// only read). Not among the notices: hosts say so once in their own words.
    pub imported_from: Option<PathBuf>,
}

/// What [`ConfigStore::reload`] found after the file changed on disk. Hosts that reload
/// settings their own way build one with [`ConfigChange::between`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConfigChange {
    /// The settings now in effect.
    pub config: AskConfig,
    /// The behaviour section differs from before.
    pub behaviour_changed: bool,
    /// The keymap differs from before.
    pub keymap_changed: bool,
    /// The answer section differs from before.
    pub answer_changed: bool,
    /// The notifications section differs from before.
    pub notifications_changed: bool,
    /// Notices about the new content ([`ConfigNotice::Fallback`]s, or a
    /// [`ConfigNotice::KeptCurrent`] for a file that no longer parses: the settings in
    /// effect then stay as they were).
    pub notices: Vec<ConfigNotice>,
}

impl ConfigChange {
    /// The change from `old` to `new` settings: each section's flag says whether it
    /// differs, and there are no notices yet.
    ///
    /// ```
    /// use ask_keymap::behaviour::BehaviourSetting;
    /// use ask_settings::{AskConfig, ConfigChange};
    ///
    /// let mut new = AskConfig::default();
    /// new.behaviour.set(BehaviourSetting::FooterHints, false);
    /// let change = ConfigChange::between(&AskConfig::default(), new);
    /// assert!(change.behaviour_changed && !change.keymap_changed);
    /// assert!(change.notices.is_empty());
    /// ```
    pub fn between(old: &AskConfig, new: AskConfig) -> Self {
        Self {
            behaviour_changed: old.behaviour != new.behaviour,
            keymap_changed: old.keymap != new.keymap,
            answer_changed: old.answer != new.answer,
            notifications_changed: old.notifications != new.notifications,
            config: new,
            notices: Vec::new(),
        }
    }

    /// True when no section changed and there is nothing to tell.
    fn is_empty(&self) -> bool {
        !self.behaviour_changed
            && !self.keymap_changed
            && !self.answer_changed
            && !self.notifications_changed
            && self.notices.is_empty()
    }
}

/// The settings file on disk and the settings loaded from it.
#[derive(Debug)]
pub struct ConfigStore {
    path: PathBuf,
    /// The last good document (current schema), kept so writes preserve unknown content.
    pub(crate) doc: Obj,
    pub(crate) config: AskConfig,
    /// The bytes last read or written, to tell whether the file changed.
    pub(crate) seen: Option<Vec<u8>>,
    /// A save merged on-disk edits that a reload has not reported yet.
    pub(crate) stale: bool,
}

/// Why a file could not be used at all.
pub(crate) enum Broken {
    NotJson(serde_json::Error),
    Unsupported(Unsupported),
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Broken::NotJson(e) => write!(f, "is not valid JSON ({e})"),
            Broken::Unsupported(u) => write!(f, "cannot be used: {u}"),
        }
    }
}

/// The document in the file, brought to the current schema, in the user's key order.
pub(crate) fn parse_bytes(bytes: &[u8]) -> Result<(Obj, u64), Broken> {
    let value: Node = serde_json::from_slice(bytes).map_err(Broken::NotJson)?;
    migrate(&value).map_err(Broken::Unsupported)
}

/// The file content of a document: pretty JSON in the document's key order.
pub(crate) fn render(doc: &Obj) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(doc).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

impl ConfigStore {
    /// Opens the settings file at `path` and loads it:
    /// - a missing file is created with the defaults;
    /// - a version 1 file is upgraded in place, keeping every user value;
    /// - a file that is not JSON, not an object, or of an unsupported version is renamed to
    ///   `<stem>.<timestamp>.bak.json` beside it (bytes preserved) and the defaults are
    ///   written and loaded;
    /// - bad values fall back to their defaults (the file is left as is for the user to fix).
    ///
    /// Each of these gives a notice. Temporary files left by killed writes (older than ten
    /// minutes) are removed. This never moves a legacy file; see
    /// [`ConfigStore::open_paths`].
    pub fn open(path: PathBuf) -> Result<(ConfigStore, Loaded), SettingsError> {
        Self::open_paths(&ConfigPaths::file(path))
    }

    /// Like [`ConfigStore::open`], and first moves `paths.legacy` (the pre-`extensions/`
    /// location) to `paths.config` when the legacy file exists and the new one does not.
    /// When both exist the legacy file is left alone. When there is still no settings file,
    /// the first readable pi-ask file of `paths.import_from` is imported into a new one
    /// (reported as [`Loaded::imported_from`]) instead of writing the defaults.
    pub fn open_paths(paths: &ConfigPaths) -> Result<(ConfigStore, Loaded), SettingsError> {
        let path = absolute(&paths.config)?;
        remove_stale_temp_files(&path, STALE_TEMP_AGE);
        let mut notices = Vec::new();
        let mut created = false;
        let mut imported_from = None;
        if let Some(legacy) = &paths.legacy
            && !exists(&path)?
            && legacy.is_file()
        {
            move_file(legacy, &path)?;
            notices.push(ConfigNotice::Moved {
                from: legacy.clone(),
                to: path.clone(),
            });
        }
        let mut store = ConfigStore {
            path,
            doc: Obj::new(),
            config: AskConfig::default(),
            seen: None,
            stale: false,
        };
        if let Some(bytes) = read_settings(&store.path)? {
            store.load(bytes, &mut notices)?;
        } else {
            imported_from = store.import_pi_ask(&paths.import_from, &mut notices)?;
            if imported_from.is_none() {
                store.write_defaults()?;
                created = true;
            }
        }
        let loaded = Loaded {
            config: store.config.clone(),
            notices,
            created,
            imported_from,
        };
        Ok((store, loaded))
    }

    /// Opens the default settings file of a pi agent folder
    /// (`pi_agent_dir/extensions/ask-user.json`), moving the legacy
    /// `pi_agent_dir/ask-user.json` in when the new file is absent. Same as
    /// [`ConfigStore::open_paths`] with the paths [`ConfigPaths::resolve`] gives for that folder.
    pub fn open_default(pi_agent_dir: &Path) -> Result<(ConfigStore, Loaded), SettingsError> {
        let dir = absolute(pi_agent_dir)?;
        let env = crate::paths::ConfigEnv {
            pi_agent_dir: Some(dir.as_os_str()),
            ..crate::paths::ConfigEnv::default()
        };
        Self::open_paths(&ConfigPaths::resolve(None, &env)?)
    }

    fn load(
        &mut self,
        bytes: Vec<u8>,
        notices: &mut Vec<ConfigNotice>,
    ) -> Result<(), SettingsError> {
        match parse_bytes(&bytes) {
            Ok((doc, from)) => {
                let (config, found) = read_doc(&doc);
                notices.extend(fallbacks(&self.path, found));
                self.config = config;
                if from < SCHEMA_VERSION {
                    let upgraded = render(&doc);
                    write_atomic(&self.path, &upgraded)
                        .map_err(|e| SettingsError::io("write", &self.path, e))?;
                    notices.push(ConfigNotice::Upgraded {
                        path: self.path.clone(),
                        from,
                        to: SCHEMA_VERSION,
                    });
                    self.seen = Some(upgraded);
                } else {
                    self.seen = Some(bytes);
                }
                self.doc = doc;
            }
            Err(why) => {
                let backup = backup_path(&self.path);
                fs::rename(&self.path, &backup)
                    .map_err(|e| SettingsError::io("back up", &self.path, e))?;
                self.write_defaults()?;
                notices.push(ConfigNotice::BackedUp {
                    path: self.path.clone(),
                    problem: why.to_string(),
                    backup,
                });
            }
        }
        Ok(())
    }

    fn write_defaults(&mut self) -> Result<(), SettingsError> {
        self.config = AskConfig::default();
        let doc = self.config.to_doc();
        self.write_doc(doc)
    }

    /// Writes a whole document (creating the folder) and remembers it as the last good one.
    pub(crate) fn write_doc(&mut self, doc: Obj) -> Result<(), SettingsError> {
        if let Some(dir) = self.path.parent() {
            fs::create_dir_all(dir)
                .map_err(|e| SettingsError::io("create the folder of", &self.path, e))?;
        }
        let bytes = render(&doc);
        write_atomic(&self.path, &bytes).map_err(|e| SettingsError::io("write", &self.path, e))?;
        self.doc = doc;
        self.seen = Some(bytes);
        Ok(())
    }

    /// The absolute path of the settings file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The settings in effect.
    pub fn config(&self) -> &AskConfig {
        &self.config
    }

    /// Persists the behaviour section atomically. The rest of the file (other sections,
    /// unknown fields, edits made on disk since the last load) is kept; if the file on disk
    /// no longer parses, the last good content is written back with the new behaviour.
    pub fn save_behaviour(&mut self, behaviour: &Behaviour) -> Result<(), SettingsError> {
        let on_disk = read_settings(&self.path)?
            .and_then(|bytes| parse_bytes(&bytes).ok().map(|(doc, _)| doc));
        let mut doc = on_disk.unwrap_or_else(|| self.doc.clone());
        match doc.get_mut("behaviour") {
            Some(Node::Object(section)) => {
                for &s in BehaviourSetting::ALL {
                    section.insert(s.config_name().to_owned(), Node::Bool(behaviour.get(s)));
                }
                if behaviour.idle_timeout_seconds > 0 || section.contains_key(IDLE_TIMEOUT_NAME) {
                    section.insert(
                        IDLE_TIMEOUT_NAME.to_owned(),
                        Node::from(behaviour.idle_timeout_seconds),
                    );
                }
                if behaviour.ignore_early_keys_ms != DEFAULT_IGNORE_EARLY_KEYS_MS
                    || section.contains_key(EARLY_KEYS_NAME)
                {
                    section.insert(
                        EARLY_KEYS_NAME.to_owned(),
                        Node::from(behaviour.ignore_early_keys_ms),
                    );
                }
                if behaviour.resume_unanswered != ResumeUnanswered::default()
                    || section.contains_key(RESUME_UNANSWERED_NAME)
                {
                    section.insert(
                        RESUME_UNANSWERED_NAME.to_owned(),
                        Node::from(behaviour.resume_unanswered.as_str()),
                    );
                }
                if behaviour.locale != ask_i18n::LocaleSetting::Auto
                    || section.contains_key(LOCALE_NAME)
                {
                    section.insert(
                        LOCALE_NAME.to_owned(),
                        Node::from(behaviour.locale.as_str()),
                    );
                }
            }
            _ => {
                doc.insert("behaviour".to_owned(), behaviour_to_json(*behaviour));
            }
        }
        let bytes = render(&doc);
        write_atomic(&self.path, &bytes).map_err(|e| SettingsError::io("write", &self.path, e))?;
        let (written, _) = read_doc(&doc);
        self.config.behaviour = *behaviour;
        self.stale = written != self.config;
        self.doc = doc;
        self.seen = Some(bytes);
        Ok(())
    }

    /// Re-reads the file if it changed on disk and reports what changed, or `None` when
    /// nothing did (including when the file was deleted: the settings in effect stay). A file
    /// that no longer parses keeps the settings in effect and gives a change with a notice
    /// and no changed flags; it is not backed up, since the user may be editing it.
    pub fn reload(&mut self) -> Result<Option<ConfigChange>, SettingsError> {
        let Some(bytes) = read_settings(&self.path)? else {
            self.seen = None;
            return Ok(None);
        };
        if self.seen.as_deref() == Some(bytes.as_slice()) && !self.stale {
            return Ok(None);
        }
        self.stale = false;
        let parsed = parse_bytes(&bytes);
        self.seen = Some(bytes);
        let (doc, _) = match parsed {
            Ok(ok) => ok,
            Err(why) => {
                let mut change = ConfigChange::between(&self.config, self.config.clone());
                change.notices.push(ConfigNotice::KeptCurrent {
                    path: self.path.clone(),
                    problem: why.to_string(),
                });
                return Ok(Some(change));
            }
        };
        let (config, found) = read_doc(&doc);
        let mut change = ConfigChange::between(&self.config, config);
        change.notices.extend(fallbacks(&self.path, found));
        self.config = change.config.clone();
        self.doc = doc;
        Ok((!change.is_empty()).then_some(change))
    }
}

fn exists(path: &Path) -> Result<bool, SettingsError> {
    match fs::symlink_metadata(path) {
        Ok(_) => Ok(true),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(false),
        Err(e) => Err(SettingsError::io("read", path, e)),
    }
}

/// Moves a file, creating the destination folder; copies when a rename cannot cross devices.
fn move_file(from: &Path, to: &Path) -> Result<(), SettingsError> {
    if let Some(dir) = to.parent() {
        fs::create_dir_all(dir).map_err(|e| SettingsError::io("create the folder of", to, e))?;
    }
    // A symlink (a dotfiles manager's) keeps pointing at the same file from its new
    // place: a relative link moved as is would dangle, and the settings would silently
    // fall back to the defaults.
    if let Some(target) = link_target(from)? {
        return relink(&target, from, to);
    }
    if fs::rename(from, to).is_ok() {
        return Ok(());
    }
    let bytes = fs::read(from).map_err(|e| SettingsError::io("move", from, e))?;
    write_atomic(to, &bytes).map_err(|e| SettingsError::io("move", to, e))?;
    fs::remove_file(from).map_err(|e| SettingsError::io("move", from, e))
}

/// Where the symlink `path` points, as a path that resolves from anywhere (a relative
/// link is joined to its folder), or `None` when `path` is not a symlink.
fn link_target(path: &Path) -> Result<Option<PathBuf>, SettingsError> {
    let meta = fs::symlink_metadata(path).map_err(|e| SettingsError::io("move", path, e))?;
    if !meta.file_type().is_symlink() {
        return Ok(None);
    }
    let link = fs::read_link(path).map_err(|e| SettingsError::io("move", path, e))?;
    Ok(Some(match path.parent() {
        Some(dir) if link.is_relative() => dir.join(link),
        _ => link,
    }))
}

/// Moves the symlink `from` to `to`, pointing at `target`.
#[cfg(unix)]
fn relink(target: &Path, from: &Path, to: &Path) -> Result<(), SettingsError> {
    std::os::unix::fs::symlink(target, to).map_err(|e| SettingsError::io("move", to, e))?;
    fs::remove_file(from).map_err(|e| SettingsError::io("move", from, e))
}

/// Elsewhere a symlink may need privileges to make: the target's content moves in.
#[cfg(not(unix))]
fn relink(target: &Path, from: &Path, to: &Path) -> Result<(), SettingsError> {
    let bytes = fs::read(target).map_err(|e| SettingsError::io("move", target, e))?;
    write_atomic(to, &bytes).map_err(|e| SettingsError::io("move", to, e))?;
    fs::remove_file(from).map_err(|e| SettingsError::io("move", from, e))
}
