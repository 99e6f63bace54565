//! The file index: a background walk of the completion root with the `ignore`
//! crate (gitignore rules respected, hidden files included, `.git` excluded),
//! published in batches so the first results show before the walk ends.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

use ignore::{WalkBuilder, WalkState};
use nucleo_matcher::Utf32String;

/// Entries are handed to the shared index in batches of this size.
const BATCH: usize = 1024;

/// One file or folder under the root.
#[derive(Debug)]
pub(crate) struct Entry {
    /// `/`-separated path relative to the root, as the matcher's haystack.
    pub(crate) path: Utf32String,
    /// True for folders.
    pub(crate) is_dir: bool,
    /// Number of `/` in the path, for ordering the empty query.
    pub(crate) depth: u16,
}

impl Entry {
    /// The path as a `String`.
    pub(crate) fn path_string(&self) -> String {
        match &self.path {
            Utf32String::Ascii(s) => s.to_string(),
            Utf32String::Unicode(chars) => chars.iter().collect(),
        }
    }
}

/// The index shared between the walking threads and the completer.
#[derive(Debug, Default)]
pub(crate) struct Index {
    /// Entries found so far, in no particular order.
    pub(crate) entries: RwLock<Vec<Entry>>,
    /// Set when the walk finished.
    pub(crate) done: AtomicBool,
    /// Set when nobody needs the index any more: the walk stops early.
    pub(crate) cancelled: AtomicBool,
}

impl Index {
    /// Starts walking `root` in the background and returns the index it fills.
    pub(crate) fn spawn(root: PathBuf) -> Arc<Self> {
        let index = Arc::new(Self::default());
        let filling = Arc::clone(&index);
        let spawned = std::thread::Builder::new()
            .name("ask-file-index".into())
            .spawn(move || {
                walk(&root, &filling);
                filling.done.store(true, Ordering::Release);
            });
        if spawned.is_err() {
            index.done.store(true, Ordering::Release);
        }
        index
    }

    /// Walks `root` on the calling thread (tests and benchmarks).
    pub(crate) fn build(root: &Path) -> Arc<Self> {
        let index = Arc::new(Self::default());
        walk(root, &index);
        index.done.store(true, Ordering::Release);
        index
    }

    /// True when the walk finished.
    pub(crate) fn is_done(&self) -> bool {
        self.done.load(Ordering::Acquire)
    }

    /// Stops a background walk that is still running.
    pub(crate) fn cancel(&self) {
        self.cancelled.store(true, Ordering::Release);
    }

    /// Number of entries found so far.
    pub(crate) fn len(&self) -> usize {
        self.entries.read().map_or(0, |e| e.len())
    }
}

fn walk(root: &Path, index: &Index) {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    WalkBuilder::new(root)
        .hidden(false)
        .require_git(false)
        .threads(threads)
        .filter_entry(|entry| entry.file_name() != ".git")
        .build_parallel()
        .run(|| {
            let mut batch = Batch {
                root,
                index,
                pending: Vec::with_capacity(BATCH),
            };
            Box::new(move |result| {
                if batch.index.cancelled.load(Ordering::Relaxed) {
                    return WalkState::Quit;
                }
                if let Ok(entry) = result {
                    batch.push(&entry);
                }
                WalkState::Continue
            })
        });
}

/// A walking thread's pending entries; flushed when full and when dropped.
struct Batch<'a> {
    root: &'a Path,
    index: &'a Index,
    pending: Vec<Entry>,
}

impl Batch<'_> {
    fn push(&mut self, entry: &ignore::DirEntry) {
        let Ok(rel) = entry.path().strip_prefix(self.root) else {
            return;
        };
        let Some(rel) = rel.to_str() else {
            return; // not UTF-8: cannot be typed into an editor anyway
        };
        if rel.is_empty() {
            return;
        }
        let rel = if std::path::MAIN_SEPARATOR == '/' {
            rel.to_owned()
        } else {
            rel.replace(std::path::MAIN_SEPARATOR, "/")
        };
        let depth = rel.bytes().filter(|&b| b == b'/').count();
        self.pending.push(Entry {
            path: Utf32String::from(rel),
            is_dir: entry.file_type().is_some_and(|t| t.is_dir()),
            depth: u16::try_from(depth).unwrap_or(u16::MAX),
        });
        if self.pending.len() >= BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        if let Ok(mut entries) = self.index.entries.write() {
            entries.append(&mut self.pending);
        }
    }
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}
