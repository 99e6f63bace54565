//! `@` file completion (feature `files`): an index of the files and folders under a
//! root folder (gitignore rules respected, hidden files included, `.git` skipped),
//! built in the background, fuzzy-ranked with nucleo-matcher and narrowed
//! incrementally as the query grows.
//!
//! Budgets, for a 100k-file tree (benchmark `files`): first results within 150 ms,
//! each further keystroke within 5 ms. The walk stops at 2 million entries or 64 MiB of
//! path text, so a home folder, a filesystem root or a tree of long deep paths cannot
//! eat memory and CPU for minutes; the caps count entries as the walk queues them, so
//! a folder of 200,000 entries with 4 KB paths never holds more than the caps either.

mod index;
mod quick;
mod rank;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ask_state::{Completion, paths::PathStatus};
use index::Index;
use rank::Ranker;

use crate::setup::CompletionSource;

/// At most this many candidates are returned by [`FileIndex::query`].
pub const LIMIT: usize = 50;

/// File completion for one root folder. Dropping it stops a background walk.
///
/// ```
/// use ask_host::files::FileIndex;
///
/// let dir = tempfile::tempdir()?;
/// std::fs::create_dir(dir.path().join("src"))?;
/// std::fs::write(dir.path().join("src/main.rs"), "")?;
/// let mut index = FileIndex::build(dir.path());
/// assert_eq!(index.query("mainrs")[0].path, "src/main.rs");
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct FileIndex {
    state: State,
    ranker: Ranker,
    /// The completion root, for [`CompletionSource::path_status`].
    root: PathBuf,
}

enum State {
    /// Not walked yet: walks on this thread at the first query.
    Lazy(PathBuf),
    /// Not walked yet: starts a background walk at the first query.
    Deferred(PathBuf),
    /// Walked, or being walked in the background.
    Ready { index: Arc<Index>, background: bool },
}

impl FileIndex {
    /// Starts indexing `root` in a background thread and returns at once; queries answer
    /// from what is indexed so far (what an interactive frontend wants).
    pub fn spawn(root: PathBuf) -> Self {
        Self::with(
            State::Ready {
                index: Index::spawn(root.clone()),
                background: true,
            },
            root,
        )
    }

    /// Starts indexing `root` in a background thread at the first query (the first `@`
    /// typed), and returns at once: a form where nobody types `@` never walks the tree.
    /// Queries then answer from what is indexed so far, as with [`FileIndex::spawn`].
    pub fn on_first_query(root: PathBuf) -> Self {
        Self::with(State::Deferred(root.clone()), root)
    }

    /// Indexes `root` on this thread before returning.
    pub fn build(root: &Path) -> Self {
        Self::with(
            State::Ready {
                index: Index::build(root),
                background: false,
            },
            root.to_path_buf(),
        )
    }

    /// Indexes `root` on this thread at the first query, and never again: deterministic
    /// answers with no cost when nobody types `@` (headless scripts, tests).
    pub fn lazy(root: PathBuf) -> Self {
        Self::with(State::Lazy(root.clone()), root)
    }

    fn with(state: State, root: PathBuf) -> Self {
        Self {
            state,
            ranker: Ranker::default(),
            root,
        }
    }

    /// True when the walk finished (false for a lazy index not queried yet).
    pub fn is_ready(&self) -> bool {
        match &self.state {
            State::Lazy(_) | State::Deferred(_) => false,
            State::Ready { index, .. } => index.is_done(),
        }
    }

    /// Number of files and folders indexed so far; grows while a background walk runs.
    pub fn indexed(&self) -> usize {
        match &self.state {
            State::Lazy(_) | State::Deferred(_) => 0,
            State::Ready { index, .. } => index.len(),
        }
    }

    /// The best candidates for `query` (the text after `@`), best first, at most
    /// [`LIMIT`]. The empty query lists the shallowest entries, folders first.
    pub fn query(&mut self, query: &str) -> Vec<Completion> {
        match &self.state {
            State::Lazy(root) => {
                self.state = State::Ready {
                    index: Index::build(root),
                    background: false,
                };
            }
            State::Deferred(root) => {
                self.state = State::Ready {
                    index: Index::spawn(root.clone()),
                    background: true,
                };
            }
            State::Ready { .. } => {}
        }
        let State::Ready { index, .. } = &self.state else {
            return Vec::new();
        };
        let Ok(entries) = index.entries.read() else {
            return Vec::new();
        };
        self.ranker
            .rank(&entries, query, LIMIT)
            .into_iter()
            .filter_map(|i| entries.get(i as usize))
            .map(|e| {
                if e.is_dir {
                    Completion::dir(e.path)
                } else {
                    Completion::file(e.path)
                }
            })
            .collect()
    }
}

impl CompletionSource for FileIndex {
    fn complete(&mut self, query: &str) -> Vec<Completion> {
        self.query(query)
    }

    /// What is at `path` under the root (one `metadata` call; symbolic links followed).
    fn path_status(&mut self, path: &str) -> Option<PathStatus> {
        Some(path_status_under(&self.root, path))
    }

    /// The number of entries while a background walk runs (so a session asks again as the
    /// index grows); constant for an index walked on the calling thread.
    fn revision(&self) -> u64 {
        match &self.state {
            State::Ready {
                index,
                background: true,
            } => index.len() as u64,
            _ => 0,
        }
    }

    /// True once the walk stopped at its cap (entries or bytes of path text).
    fn is_partial(&self) -> bool {
        match &self.state {
            State::Ready { index, .. } => index.is_capped(),
            State::Lazy(_) | State::Deferred(_) => false,
        }
    }

    /// False while a background walk runs.
    fn is_settled(&self) -> bool {
        match &self.state {
            State::Ready {
                index,
                background: true,
            } => index.is_done(),
            _ => true,
        }
    }
}

impl Drop for FileIndex {
    fn drop(&mut self) {
        if let State::Ready { index, .. } = &self.state {
            index.cancel();
        }
    }
}

/// An index of `root` walked on this thread with `caps` (tests of the caps).
#[cfg(test)]
fn capped(root: &Path, caps: index::Caps) -> FileIndex {
    FileIndex::with(
        State::Ready {
            index: Index::build_capped(root, caps),
            background: false,
        },
        root.to_path_buf(),
    )
}

#[cfg(test)]
mod tests;

/// What is at `path` under `root` (an absolute `path` stands alone): a missing path, a
/// directory or anything else (a file); one `metadata` call, symbolic links followed.
/// The host's [`PathLookup`](ask_state::paths::PathLookup) for `mustExist` and `pathKind`
/// wherever an answer comes from without a session (`ask run --answers`).
pub fn path_status_under(root: &Path, path: &str) -> PathStatus {
    match std::fs::metadata(root.join(path)) {
        Ok(meta) if meta.is_dir() => PathStatus::Dir,
        Ok(_) => PathStatus::File,
        Err(_) => PathStatus::Missing,
    }
}
