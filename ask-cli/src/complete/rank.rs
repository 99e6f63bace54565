//! Fuzzy ranking with incremental narrowing: when the query grows by
//! appending, only the previous matches are scored again.

use nucleo_matcher::pattern::{Atom, AtomKind, CaseMatching, Normalization};
use nucleo_matcher::{Config, Matcher};

use super::index::Entry;

/// The matcher plus the matches of the last query.
pub(crate) struct Ranker {
    matcher: Matcher,
    last: Option<Last>,
}

struct Last {
    query: String,
    /// Number of entries the matches were computed over.
    indexed: usize,
    /// Indices of the matching entries.
    matches: Vec<u32>,
}

impl Default for Ranker {
    fn default() -> Self {
        Self {
            matcher: Matcher::new(Config::DEFAULT.match_paths()),
            last: None,
        }
    }
}

impl Ranker {
    /// Indices of the best `limit` entries for `query`, best first.
    ///
    /// Ties break on shorter paths, then on the path text. The empty query lists
    /// the shallowest entries.
    pub(crate) fn rank(&mut self, entries: &[Entry], query: &str, limit: usize) -> Vec<u32> {
        if query.is_empty() {
            self.last = None;
            return shallowest(entries, limit);
        }
        let atom = Atom::new(
            query,
            CaseMatching::Smart,
            Normalization::Smart,
            AtomKind::Fuzzy,
            false,
        );
        let narrowed = self
            .last
            .take()
            .filter(|last| last.indexed == entries.len() && query.starts_with(&last.query));
        let mut scored: Vec<(u16, u32)> = Vec::new();
        let mut score = |i: u32| {
            if let Some(entry) = entries.get(i as usize)
                && let Some(s) = atom.score(entry.path.slice(..), &mut self.matcher)
            {
                scored.push((s, i));
            }
        };
        match narrowed {
            Some(last) => last.matches.iter().copied().for_each(&mut score),
            None => (0..u32::try_from(entries.len()).unwrap_or(u32::MAX)).for_each(&mut score),
        }
        self.last = Some(Last {
            query: query.to_owned(),
            indexed: entries.len(),
            matches: scored.iter().map(|&(_, i)| i).collect(),
        });
        let key = |&(s, i): &(u16, u32)| {
            let len = entries.get(i as usize).map_or(usize::MAX, |e| e.path.len());
            (std::cmp::Reverse(s), len, i)
        };
        top(&mut scored, limit, |a, b| {
            key(a).cmp(&key(b)).then_with(|| path_cmp(entries, a.1, b.1))
        });
        scored.into_iter().map(|(_, i)| i).collect()
    }
}

fn path_cmp(entries: &[Entry], a: u32, b: u32) -> std::cmp::Ordering {
    match (entries.get(a as usize), entries.get(b as usize)) {
        (Some(a), Some(b)) => a.path.cmp(&b.path),
        _ => a.cmp(&b),
    }
}

/// The shallowest entries, folders first at each depth, then by path.
fn shallowest(entries: &[Entry], limit: usize) -> Vec<u32> {
    let mut all: Vec<(u16, u32)> = entries
        .iter()
        .zip(0u32..)
        .map(|(e, i)| (e.depth, i))
        .collect();
    let key = |&(d, i): &(u16, u32)| (d, !entries.get(i as usize).is_some_and(|e| e.is_dir));
    top(&mut all, limit, |a, b| {
        key(a).cmp(&key(b)).then_with(|| path_cmp(entries, a.1, b.1))
    });
    all.into_iter().map(|(_, i)| i).collect()
}

/// Keeps the first `limit` items in `cmp` order, sorted.
fn top<T>(items: &mut Vec<T>, limit: usize, cmp: impl Fn(&T, &T) -> std::cmp::Ordering) {
    if items.len() > limit && limit > 0 {
        items.select_nth_unstable_by(limit - 1, &cmp);
        items.truncate(limit);
    }
    items.truncate(limit);
    items.sort_unstable_by(cmp);
}
