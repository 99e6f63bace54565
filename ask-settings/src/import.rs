//! The store's side of the pi-ask import: read the pi-ask file, write our new file.

use std::path::PathBuf;

use crate::config::read_doc;
use crate::doc::Node;
use crate::notice::fallbacks;
use crate::{ConfigNotice, ConfigStore, SettingsError};

impl ConfigStore {
    /// Imports the first pi-ask settings file of `candidates` that exists into this store's
    /// (absent) file: behaviour, keymaps, notifications and answer settings, converted to the
    /// current schema. The pi-ask file is never modified. Returns the file imported from;
    /// a pi-ask file that cannot be read or converted is reported in `notices` and skipped.
    pub(crate) fn import_pi_ask(
        &mut self,
        candidates: &[PathBuf],
        notices: &mut Vec<ConfigNotice>,
    ) -> Result<Option<PathBuf>, SettingsError> {
        for source in candidates {
            if !source.is_file() {
                continue;
            }
            // The same checks as our own file: a regular file of at most 1 MiB.
            let parsed = crate::read::read_settings(source)
                .map_err(|e| e.to_string())
                .and_then(|bytes| bytes.ok_or_else(|| "it is gone".to_owned()))
                .and_then(|bytes| {
                    serde_json::from_slice::<Node>(&bytes)
                        .map_err(|e| format!("it is not valid JSON ({e})"))
                })
                .and_then(|value| crate::pi_ask::import(&value));
            let doc = match parsed {
                Ok(doc) => doc,
                Err(why) => {
                    notices.push(ConfigNotice::ImportSkipped {
                        path: source.clone(),
                        problem: why,
                    });
                    continue;
                }
            };
            let (config, found) = read_doc(&doc);
            self.write_doc(doc)?;
            self.config = config;
            notices.extend(fallbacks(self.path(), found));
            return Ok(Some(source.clone()));
        }
        Ok(None)
    }
}
