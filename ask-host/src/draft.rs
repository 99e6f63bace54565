//! Drafts that survive a crash, a kill, a closed terminal or a result that could not be
//! written: the session saves the flow's [`ask_state::snapshot::FlowSnapshot`] to a file while the
//! form is open, and the host deletes it once the result is stored.
//!
//! A draft is a file the session owns, and only such a file is ever written or deleted:
//! a path with nothing there yet, an empty regular file, or a regular file that holds a
//! draft (recognised by its content: a JSON object with the snapshot's `version`, `tab`
//! and `questions`). Anything else (a payload, a settings file, a FIFO, a device, a
//! symlink to anything but a draft) is left exactly as it is.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use ask_state::{Flow, snapshot::FlowSnapshot};

/// At most one periodic save per this many milliseconds (tab changes save at once).
pub const DRAFT_SAVE_INTERVAL_MS: u64 = 500;

/// Bytes of draft written per second at most, once a draft is large: a draft of more
/// than half of this (a form of many thousand questions) is saved at most once per its
/// size at this rate, tab changes included, so typing in a 7 MB draft writes one copy
/// every 7 s rather than two a second.
const DRAFT_WRITE_BYTES_PER_SEC: u64 = 1024 * 1024;

/// The least time between two saves after one of `bytes`: [`DRAFT_SAVE_INTERVAL_MS`],
/// or for a large draft its size at [`DRAFT_WRITE_BYTES_PER_SEC`].
fn pace_ms(bytes: usize) -> u64 {
    (bytes as u64 * 1000 / DRAFT_WRITE_BYTES_PER_SEC).max(DRAFT_SAVE_INTERVAL_MS)
}

/// The largest draft read back (64 MiB): four times
/// [`ask_contract::payload::MAX_PAYLOAD_BYTES`], since a draft repeats the form's questions and
/// adds the answers, notes and editor text. A larger file is not restored, and not
/// taken for a draft.
pub const MAX_DRAFT_BYTES: u64 = 4 * ask_contract::payload::MAX_PAYLOAD_BYTES as u64;

/// The fields every draft has; the rest is skipped without being built.
#[derive(serde::Deserialize)]
struct Marker {
    #[serde(rename = "version")]
    _version: u32,
    #[serde(rename = "tab")]
    _tab: usize,
    #[serde(rename = "questions")]
    _questions: Vec<serde::de::IgnoredAny>,
}

/// Whether `bytes` are a draft's (or nothing at all).
fn is_draft(bytes: &[u8]) -> bool {
    bytes.iter().all(u8::is_ascii_whitespace) || serde_json::from_slice::<Marker>(bytes).is_ok()
}

/// Why `path` cannot hold a draft, or `None` when it can: nothing is there, or an empty
/// regular file, or a regular file holding a draft (a symlink to one is followed). Reads
/// the file (without blocking, at most [`MAX_DRAFT_BYTES`]); never writes.
pub fn draft_path_problem(path: &Path) -> Option<String> {
    let refuse = |what: &dyn std::fmt::Display| {
        Some(format!(
            "no draft kept: {} is {what}, which is never written over or deleted; give a \
             new path (or a draft file) for the draft",
            path.display()
        ))
    };
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return None;
    };
    if meta.file_type().is_symlink() && std::fs::metadata(path).is_err() {
        return refuse(&"a symlink to nothing");
    }
    if let Some(kind) = ask_settings::fs::special_file_kind(path) {
        return refuse(&format_args!("{kind}, not a regular file"));
    }
    match ask_settings::fs::read_regular_file(path, MAX_DRAFT_BYTES) {
        Ok(None) => None,
        Ok(Some(bytes)) if is_draft(&bytes) => None,
        Ok(Some(_)) | Err(ask_settings::SettingsError::FileTooLarge { .. }) => {
            refuse(&"a file that is not a draft")
        }
        Err(e) => refuse(&format_args!("a file that cannot be read ({e})")),
    }
}

/// What identifies the file a draft was last written to, so a file put at the path since
/// is noticed without reading it.
#[derive(Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    #[cfg(unix)]
    inode: (u64, u64),
}

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = std::fs::metadata(path).ok()?;
    Some(Stamp {
        len: meta.len(),
        modified: meta.modified().ok(),
        #[cfg(unix)]
        inode: {
            use std::os::unix::fs::MetadataExt;
            (meta.dev(), meta.ino())
        },
    })
}

/// A draft file: a path checked to hold nothing, or a draft ([`draft_path_problem`]),
/// written atomically and deleted only while it is still the file this process wrote.
#[derive(Debug)]
pub struct DraftFile {
    path: PathBuf,
    written: Option<Stamp>,
}

impl DraftFile {
    /// Takes `path` for a draft, or says why it cannot be one ([`draft_path_problem`]).
    pub fn open(path: impl Into<PathBuf>) -> Result<Self, String> {
        let path = path.into();
        match draft_path_problem(&path) {
            Some(why) => Err(why),
            None => Ok(Self {
                path,
                written: None,
            }),
        }
    }

    /// The draft's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `None` while the path still holds what this process last wrote (or nothing, or a
    /// draft); else why it is not the draft's any more.
    fn problem(&self) -> Option<String> {
        match (&self.written, stamp(&self.path)) {
            (Some(ours), Some(now)) if *ours == now => None,
            _ => draft_path_problem(&self.path),
        }
    }

    /// Writes `bytes` (a serialized [`FlowSnapshot`]) atomically. Refused, without
    /// touching the path, when something that is not a draft took it since.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        if let Some(why) = self.problem() {
            return Err(why);
        }
        ask_settings::fs::write_atomic(&self.path, bytes)
            .map_err(|e| format!("draft not saved to {}: {e}", self.path.display()))?;
        self.written = stamp(&self.path);
        Ok(())
    }

    /// Deletes the draft (the result is stored). Only a draft is deleted: whatever else
    /// took the path since is left. For a symlink to a draft, the draft it points to is
    /// deleted and the link stays. True when a file was deleted.
    pub fn remove(&self) -> bool {
        if self.problem().is_some() {
            return false;
        }
        let target = std::fs::canonicalize(&self.path).unwrap_or_else(|_| self.path.clone());
        std::fs::metadata(&target).is_ok_and(|m| m.file_type().is_file())
            && std::fs::remove_file(&target).is_ok()
    }
}

/// The draft of a session: a [`DraftFile`] saved when due.
#[derive(Debug)]
pub(crate) struct DraftSaver {
    pub(crate) file: DraftFile,
    last_saved_ms: Option<u64>,
    last_tab: Option<usize>,
    last_bytes: Option<Vec<u8>>,
    /// The least time until the next save: [`pace_ms`] of the last one.
    pace_ms: u64,
    /// A save was put off until the interval passes: the host must tick until then.
    pub(crate) waiting: bool,
    /// The last save failed (a full disk, no file descriptor left, a folder gone): the
    /// next one is tried after the interval, and the person is told when it works again.
    pub(crate) failing: bool,
}

/// Why a draft was not saved.
#[derive(Debug)]
pub(crate) enum SaveError {
    /// Something that is not a draft took the path: the draft is never written there
    /// again (nor deleted).
    Stop(String),
    /// The write failed; tried again after the interval.
    Retry(String),
}

impl DraftSaver {
    pub(crate) fn new(file: DraftFile) -> Self {
        Self {
            file,
            last_saved_ms: None,
            last_tab: None,
            last_bytes: None,
            pace_ms: DRAFT_SAVE_INTERVAL_MS,
            waiting: false,
            failing: false,
        }
    }

    /// Saves the flow's snapshot when due (interval passed, the tab changed, or `force`)
    /// and it changed since the last save. A large draft waits for its pace
    /// ([`DRAFT_WRITE_BYTES_PER_SEC`]) even on a tab change. `Err` carries a message for a
    /// notice; after a [`SaveError::Retry`] the saver waits for the interval and tries again.
    pub(crate) fn save_if_due(
        &mut self,
        flow: &Flow,
        now_ms: u64,
        force: bool,
    ) -> Result<(), SaveError> {
        let tab = match flow.tab() {
            ask_state::Tab::Question(i) => i,
            ask_state::Tab::Review => flow.tab_count() - 1,
        };
        let tab_changed = self.last_tab != Some(tab);
        let since = self.last_saved_ms.map(|at| now_ms.saturating_sub(at));
        let due = since.is_none_or(|ms| ms >= self.pace_ms);
        // A tab change saves at once unless the draft is large and saved too recently.
        let tab_due =
            tab_changed && since.is_none_or(|ms| ms >= self.pace_ms - DRAFT_SAVE_INTERVAL_MS);
        if !tab_due && !due && !force {
            self.waiting = true;
            return Ok(());
        }
        self.waiting = false;
        let snapshot = flow.snapshot();
        let bytes = serde_json::to_vec(&snapshot).map_err(|e| SaveError::Stop(e.to_string()))?;
        self.pace_ms = pace_ms(bytes.len());
        self.last_saved_ms = Some(now_ms);
        self.last_tab = Some(snapshot.tab);
        if self.last_bytes.as_ref() == Some(&bytes) {
            return Ok(());
        }
        if let Some(why) = self.file.problem() {
            return Err(SaveError::Stop(why));
        }
        if let Err(why) = self.file.write(&bytes) {
            // Tried again once the interval passed: the host ticks until then.
            self.waiting = true;
            return Err(SaveError::Retry(why));
        }
        self.last_bytes = Some(bytes);
        Ok(())
    }
}

/// Reads a draft (a regular file of at most [`MAX_DRAFT_BYTES`], opened without blocking)
/// and restores it into `flow`; `Ok` lists what did not fit the form's rules and was
/// dropped, `Err` says why it was not restored.
pub(crate) fn restore(flow: &mut Flow, path: &Path) -> Result<Vec<String>, String> {
    let not_restored = |why: &dyn std::fmt::Display| {
        format!(
            "draft {} not restored: {why}; starting fresh",
            path.display()
        )
    };
    let text = match ask_settings::fs::read_regular_file(path, MAX_DRAFT_BYTES) {
        Ok(Some(text)) => text,
        Ok(None) => return Err(not_restored(&"there is no file there")),
        Err(ask_settings::SettingsError::FileTooLarge { limit, .. }) => {
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
