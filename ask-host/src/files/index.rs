//! The file index: a background walk of the completion root with the `ignore`
//! crate (gitignore rules respected, hidden files included, `.git` excluded),
//! published in batches so the first results show before the walk ends.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

use ignore::{WalkBuilder, WalkState};

/// Entries are handed to the shared index in batches of this size.
const BATCH: usize = 1024;

/// The walk stops after this many entries, so `--cwd` on a home folder or a
/// filesystem root cannot eat memory and CPU for minutes.
const MAX_ENTRIES: usize = 2_000_000;

/// The walk also stops once the paths it kept total this many bytes (64 MiB): a tree of
/// few but very long, deep paths is bounded by its size, not only by its count.
const MAX_PATH_BYTES: usize = 64 * 1024 * 1024;

/// How much an index may hold.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Caps {
    /// Most entries.
    pub(crate) entries: usize,
    /// Most bytes of path text, all entries together.
    pub(crate) bytes: usize,
}

impl Default for Caps {
    fn default() -> Self {
        Self {
            entries: MAX_ENTRIES,
            bytes: MAX_PATH_BYTES,
        }
    }
}

/// Where one path sits in the arena.
#[derive(Debug, Clone, Copy)]
struct Slot {
    start: u32,
    len: u32,
    is_dir: bool,
    ascii: bool,
    depth: u16,
}

/// All indexed paths, their text in one contiguous arena so a full scan reads
/// memory in order instead of chasing one allocation per path.
#[derive(Debug, Default)]
pub(crate) struct Entries {
    arena: String,
    slots: Vec<Slot>,
}

/// One file or folder under the root.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry<'a> {
    /// `/`-separated path relative to the root.
    pub(crate) path: &'a str,
    /// True for folders.
    pub(crate) is_dir: bool,
    /// True when the path is ASCII (the fast scoring path).
    pub(crate) ascii: bool,
    /// Number of `/` in the path, for ordering the empty query.
    pub(crate) depth: u16,
}

impl Entries {
    /// Number of paths.
    pub(crate) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Bytes of path text held.
    pub(crate) fn bytes(&self) -> usize {
        self.arena.len()
    }

    /// True when there are no paths.
    pub(crate) fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The entry at `i`.
    pub(crate) fn get(&self, i: usize) -> Option<Entry<'_>> {
        let slot = self.slots.get(i)?;
        let start = slot.start as usize;
        let path = self.arena.get(start..start + slot.len as usize)?;
        Some(Entry {
            path,
            is_dir: slot.is_dir,
            ascii: slot.ascii,
            depth: slot.depth,
        })
    }

    /// All entries in index order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Entry<'_>> {
        (0..self.slots.len()).filter_map(|i| self.get(i))
    }

    /// Adds a path (ignored once the arena would outgrow 4 GiB).
    pub(crate) fn push(&mut self, path: &str, is_dir: bool) {
        let (Ok(start), Ok(len)) = (u32::try_from(self.arena.len()), u32::try_from(path.len()))
        else {
            return;
        };
        if start.checked_add(len).is_none() {
            return;
        }
        let depth = path.bytes().filter(|&b| b == b'/').count();
        self.arena.push_str(path);
        self.slots.push(Slot {
            start,
            len,
            is_dir,
            ascii: path.is_ascii(),
            depth: u16::try_from(depth).unwrap_or(u16::MAX),
        });
    }
}

/// The index shared between the walking threads and the completer.
#[derive(Debug, Default)]
pub(crate) struct Index {
    /// Entries found so far, in no particular order.
    pub(crate) entries: RwLock<Entries>,
    /// Set when the walk finished.
    pub(crate) done: AtomicBool,
    /// Set when nobody needs the index any more: the walk stops early.
    pub(crate) cancelled: AtomicBool,
    /// Set when the index holds what its [`Caps`] allow: the walk stops.
    full: AtomicBool,
    /// Entries and path bytes let into the walk's queue so far (see [`Admission`]).
    pub(crate) admitted: Arc<Admission>,
    /// What the index may hold.
    caps: Caps,
}

impl Index {
    /// Starts walking `root` in the background and returns the index it fills.
    pub(crate) fn spawn(root: PathBuf) -> Arc<Self> {
        let index = Arc::new(Self::with_caps(Caps::default()));
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
        Self::build_capped(root, Caps::default())
    }

    /// Walks `root` on the calling thread, keeping at most what `caps` allow.
    pub(crate) fn build_capped(root: &Path, caps: Caps) -> Arc<Self> {
        let index = Arc::new(Self::with_caps(caps));
        walk(root, &index);
        index.done.store(true, Ordering::Release);
        index
    }

    fn with_caps(caps: Caps) -> Self {
        Self {
            caps,
            ..Self::default()
        }
    }

    /// True when the walk finished.
    pub(crate) fn is_done(&self) -> bool {
        self.done.load(Ordering::Acquire)
    }

    /// True once an entry was kept out by the caps: the index holds part of the tree.
    pub(crate) fn is_capped(&self) -> bool {
        self.full.load(Ordering::Relaxed) || self.admitted.refused.load(Ordering::Relaxed)
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

/// What the walk let into its queue. The walker queues every entry of a folder as it
/// reads it, each with its whole path, before anything reaches the index: a folder of
/// 200,000 entries 4 KB deep queued 770 MB. Entries past the [`Caps`] are kept out of
/// the queue, so the walk holds at most about what the index may.
#[derive(Debug, Default)]
pub(crate) struct Admission {
    /// Entries let in.
    pub(crate) entries: AtomicUsize,
    /// Bytes of their paths relative to the root.
    pub(crate) bytes: AtomicUsize,
    /// Set once an entry was kept out.
    pub(crate) refused: AtomicBool,
}

impl Admission {
    /// Lets an entry whose relative path takes `len` bytes in, while `caps` allow; once
    /// one is kept out, every later one is too (the walk then only drains its queue).
    fn admit(&self, len: usize, caps: Caps) -> bool {
        if self.refused.load(Ordering::Relaxed) {
            return false;
        }
        let bytes = self.bytes.fetch_add(len, Ordering::Relaxed) + len;
        let entries = self.entries.fetch_add(1, Ordering::Relaxed) + 1;
        let ok = bytes <= caps.bytes && entries <= caps.entries;
        if !ok {
            self.bytes.fetch_sub(len, Ordering::Relaxed);
            self.entries.fetch_sub(1, Ordering::Relaxed);
            self.refused.store(true, Ordering::Relaxed);
        }
        ok
    }
}

fn walk(root: &Path, index: &Index) {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let admission = Arc::clone(&index.admitted);
    let caps = index.caps;
    let root_len = root.as_os_str().len() + 1;
    WalkBuilder::new(root)
        .hidden(false)
        .require_git(false)
        .threads(threads)
        .filter_entry(move |entry| {
            entry.file_name() != ".git"
                && admission.admit(
                    entry.path().as_os_str().len().saturating_sub(root_len),
                    caps,
                )
        })
        .build_parallel()
        .run(|| {
            let mut batch = Batch {
                root,
                index,
                pending: Entries::default(),
            };
            Box::new(move |result| {
                if batch.index.cancelled.load(Ordering::Relaxed) {
                    return WalkState::Quit;
                }
                if batch.index.full.load(Ordering::Relaxed) {
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
    pending: Entries,
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
        let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
        self.pending.push(&rel, is_dir);
        if self.pending.len() >= BATCH {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        if let Ok(mut entries) = self.index.entries.write() {
            let caps = self.index.caps;
            // What fits under the caps; the rest of the batch is dropped.
            let mut room = caps.bytes.saturating_sub(entries.bytes());
            for e in self.pending.iter() {
                if entries.len() >= caps.entries || e.path.len() > room {
                    self.index.full.store(true, Ordering::Relaxed);
                    break;
                }
                room -= e.path.len();
                entries.push(e.path, e.is_dir);
            }
            if entries.len() >= caps.entries {
                self.index.full.store(true, Ordering::Relaxed);
            }
        }
        self.pending.arena.clear();
        self.pending.slots.clear();
    }
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}
