//! `@` file completion: a background index of the files and folders under the
//! completion root, fuzzy-ranked with nucleo-matcher and narrowed
//! incrementally as the query grows.

mod index;
mod quick;
mod rank;

use std::path::PathBuf;
use std::sync::Arc;

pub use ask_state::Completion;
use index::Index;
use rank::Ranker;

/// At most this many candidates are handed to the flow.
pub const LIMIT: usize = 50;

/// File completion for one root folder.
pub struct Completer {
    index: Arc<Index>,
    ranker: Ranker,
}

impl Completer {
    /// Starts indexing `root` in a background thread and returns at once.
    pub fn spawn(root: PathBuf) -> Self {
        Self {
            index: Index::spawn(root),
            ranker: Ranker::default(),
        }
    }

    /// Indexes `root` on this thread before returning (tests, benchmarks).
    pub fn build(root: &std::path::Path) -> Self {
        Self {
            index: Index::build(root),
            ranker: Ranker::default(),
        }
    }

    /// True when the background walk finished.
    pub fn is_ready(&self) -> bool {
        self.index.is_done()
    }

    /// Number of files and folders indexed so far; changes while the walk runs,
    /// so a host re-queries when it grows.
    pub fn indexed(&self) -> usize {
        self.index.len()
    }

    /// The best candidates for `query` (the text after `@`), best first, at most [`LIMIT`].
    pub fn query(&mut self, query: &str) -> Vec<Completion> {
        let Ok(entries) = self.index.entries.read() else {
            return Vec::new();
        };
        self.ranker
            .rank(&entries, query, LIMIT)
            .into_iter()
            .filter_map(|i| entries.get(i as usize))
            .map(|e| Completion {
                path: e.path.to_owned(),
                is_dir: e.is_dir,
            })
            .collect()
    }
}

impl Drop for Completer {
    fn drop(&mut self) {
        self.index.cancel();
    }
}

#[cfg(test)]
mod tests;
