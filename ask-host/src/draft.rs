//! Drafts that survive a crash, a kill or a closed terminal: the session saves the flow's
//! [`ask_state::FlowSnapshot`] to a file while the form is open, and deletes it when the
//! flow ends normally. A draft is a file the session owns: only a regular file (or a path
//! with nothing there yet) is ever written, read or deleted.

use std::path::{Path, PathBuf};

use ask_state::{Flow, FlowSnapshot};

/// At most one periodic save per this many milliseconds (tab changes save at once).
pub const DRAFT_SAVE_INTERVAL_MS: u64 = 500;

/// The largest draft read back (64 MiB): four times
/// [`ask_contract::MAX_PAYLOAD_BYTES`], since a draft repeats the form's questions and
/// adds the answers, notes and editor text. A larger file is not restored.
pub const MAX_DRAFT_BYTES: u64 = 4 * ask_contract::MAX_PAYLOAD_BYTES as u64;

/// Why `path` cannot hold a draft (it names a FIFO, a device, a folder...), or `None`
/// when it is a regular file or nothing is there. Only looks at the path, never opens it.
pub(crate) fn unusable(path: &Path) -> Option<String> {
    ask_keymap::special_file_kind(path).map(|kind| {
        format!(
            "no draft kept: {} is {kind}, not a regular file; give a regular file path \
             (or a new one) for the draft",
            path.display()
        )
    })
}

/// The draft file of a session.
#[derive(Debug)]
pub(crate) struct DraftFile {
    pub(crate) path: PathBuf,
    last_saved_ms: Option<u64>,
    last_tab: Option<usize>,
    last_bytes: Option<Vec<u8>>,
}

impl DraftFile {
    pub(crate) fn new(path: PathBuf) -> Self {
        Self {
            path,
            last_saved_ms: None,
            last_tab: None,
            last_bytes: None,
        }
    }

    /// Saves the flow's snapshot when due (interval passed or the tab changed) and it
    /// changed since the last save. `Err` carries a message for a notice.
    pub(crate) fn save_if_due(&mut self, flow: &Flow, now_ms: u64) -> Result<(), String> {
        let snapshot = flow.snapshot();
        let tab_changed = self.last_tab != Some(snapshot.tab);
        let due = self
            .last_saved_ms
            .is_none_or(|at| now_ms.saturating_sub(at) >= DRAFT_SAVE_INTERVAL_MS);
        if !tab_changed && !due {
            return Ok(());
        }
        let bytes = serde_json::to_vec_pretty(&snapshot).map_err(|e| e.to_string())?;
        self.last_saved_ms = Some(now_ms);
        self.last_tab = Some(snapshot.tab);
        if self.last_bytes.as_ref() == Some(&bytes) {
            return Ok(());
        }
        // Checked again at every write: something else may have taken the path since
        // (`write_atomic` would write through a FIFO or a device, and block on a FIFO).
        if let Some(why) = unusable(&self.path) {
            return Err(why);
        }
        ask_keymap::write_atomic(&self.path, &bytes)
            .map_err(|e| format!("draft not saved to {}: {e}", self.path.display()))?;
        self.last_bytes = Some(bytes);
        Ok(())
    }

    /// The flow ended normally: the draft is not needed any more. Only a regular file is
    /// deleted: whatever else took the path since is not the session's.
    pub(crate) fn remove(&self) {
        if std::fs::metadata(&self.path).is_ok_and(|m| m.file_type().is_file()) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Reads a draft (a regular file of at most [`MAX_DRAFT_BYTES`], opened without blocking)
/// and restores it into `flow`; `Err` says why it was not restored.
pub(crate) fn restore(flow: &mut Flow, path: &Path) -> Result<(), String> {
    let not_restored = |why: &dyn std::fmt::Display| {
        format!(
            "draft {} not restored: {why}; starting fresh",
            path.display()
        )
    };
    let text = match ask_keymap::read_regular_file(path, MAX_DRAFT_BYTES) {
        Ok(Some(text)) => text,
        Ok(None) => return Err(not_restored(&"there is no file there")),
        Err(ask_keymap::KeymapError::FileTooLarge { limit, .. }) => {
            return Err(not_restored(&format_args!(
                "it is larger than {} MiB, more than a draft holds",
                limit / (1024 * 1024)
            )));
        }
        Err(e) => return Err(not_restored(&e)),
    };
    let snapshot: FlowSnapshot = serde_json::from_slice(&text).map_err(|e| {
        format!(
            "draft {} not restored: not a draft file ({e}); starting fresh",
            path.display()
        )
    })?;
    flow.restore(&snapshot)
        .map_err(|e| format!("draft {} not restored: {e}", path.display()))
}
