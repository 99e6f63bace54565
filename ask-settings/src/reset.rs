//! Store operations of settings v3: persisting the notifications toggle and the guarded
//! reset to defaults.

use std::fs;
use std::io::ErrorKind;
use std::path::PathBuf;

use crate::atomic::backup_path;
use crate::config::read_doc;
use crate::doc::{Node, Obj};
use crate::store::parse_bytes;
use crate::{AskConfig, ConfigStore, SettingsError};

impl ConfigStore {
    /// Persists `notifications.enabled` atomically, keeping the rest of the file (as
    /// [`ConfigStore::save_behaviour`] does for the behaviour section).
    pub fn save_notifications_enabled(&mut self, enabled: bool) -> Result<(), SettingsError> {
        let mut doc = self.current_doc()?;
        if let Some(Node::Object(section)) = doc.get_mut("notifications") {
            section.insert("enabled".to_owned(), Node::Bool(enabled));
        } else {
            let mut n = self.config.notifications.clone();
            n.enabled = enabled;
            doc.insert("notifications".to_owned(), n.to_node());
        }
        let (written, _) = read_doc(&doc);
        self.write_doc(doc)?;
        self.config.notifications.enabled = enabled;
        self.stale = written != self.config;
        Ok(())
    }

    /// Resets the settings file to the defaults: the current file is first copied to
    /// `<stem>.<timestamp>.bak.json` beside it (bytes preserved), then the defaults are written
    /// atomically and take effect. Returns the backup path (`None` when there was no file).
    pub fn reset(&mut self) -> Result<Option<PathBuf>, SettingsError> {
        let path = self.path().to_path_buf();
        let backup = match fs::symlink_metadata(&path) {
            Ok(_) => {
                let backup = backup_path(&path);
                fs::copy(&path, &backup).map_err(|e| SettingsError::io("back up", &path, e))?;
                Some(backup)
            }
            Err(e) if e.kind() == ErrorKind::NotFound => None,
            Err(e) => return Err(SettingsError::io("read", &path, e)),
        };
        let config = AskConfig::default();
        self.write_doc(config.to_doc())?;
        self.config = config;
        self.stale = false;
        Ok(backup)
    }

    /// The document on disk when it parses, else the last good one.
    fn current_doc(&self) -> Result<Obj, SettingsError> {
        let on_disk = match fs::read(self.path()) {
            Ok(bytes) => parse_bytes(&bytes).ok().map(|(doc, _)| doc),
            Err(e) if e.kind() == ErrorKind::NotFound => None,
            Err(e) => return Err(SettingsError::io("read", self.path(), e)),
        };
        Ok(on_disk.unwrap_or_else(|| self.doc.clone()))
    }
}
