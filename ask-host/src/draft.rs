//! Drafts that survive a crash, a kill or a closed terminal: the session saves the flow's
//! [`ask_state::FlowSnapshot`] to a file while the form is open, and deletes it when the
//! flow ends normally.

use std::path::{Path, PathBuf};

use ask_state::{Flow, FlowSnapshot};

/// At most one periodic save per this many milliseconds (tab changes save at once).
pub const DRAFT_SAVE_INTERVAL_MS: u64 = 500;

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
        ask_keymap::write_atomic(&self.path, &bytes)
            .map_err(|e| format!("draft not saved to {}: {e}", self.path.display()))?;
        self.last_bytes = Some(bytes);
        Ok(())
    }

    /// The flow ended normally: the draft is not needed any more.
    pub(crate) fn remove(&self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Reads a draft and restores it into `flow`; `Err` says why it was not restored.
pub(crate) fn restore(flow: &mut Flow, path: &Path) -> Result<(), String> {
    let text = std::fs::read(path)
        .map_err(|e| format!("draft {} not restored: {e}; starting fresh", path.display()))?;
    let snapshot: FlowSnapshot = serde_json::from_slice(&text).map_err(|e| {
        format!(
            "draft {} not restored: not a draft file ({e}); starting fresh",
            path.display()
        )
    })?;
    flow.restore(&snapshot)
        .map_err(|e| format!("draft {} not restored: {e}", path.display()))
}
