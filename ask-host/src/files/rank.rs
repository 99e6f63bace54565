//! Fuzzy ranking with incremental narrowing: when the query grows by
//! appending, only the previous matches are scored again.

use nucleo_matcher::pattern::{Atom, AtomKind, CaseMatching, Normalization};
use nucleo_matcher::{Config, Matcher, Utf32Str};

use super::index::Entries;
use super::quick::quick_score;

/// Below this many candidates, scoring stays on the calling thread.
const PARALLEL_MIN: usize = 16_384;

/// How many of the best greedy matches are scored again with the optimal
/// (slower) algorithm to pick and order the final list.
const RESCORE: usize = 512;

/// Matchers (one per scoring thread) plus the matches of the last query.
pub(crate) struct Ranker {
    matchers: Vec<Matcher>,
    last: Option<Last>,
    /// The empty query's answer for (index size, limit): asked each time `@` is typed.
    shallow: Option<(usize, usize, Vec<u32>)>,
}

struct Last {
    query: String,
    /// Number of entries the matches were computed over.
    indexed: usize,
    /// Indices of the matching entries, ascending.
    matches: Vec<u32>,
}

impl Default for Ranker {
    fn default() -> Self {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
        Self {
            matchers: (0..threads)
                .map(|_| Matcher::new(Config::DEFAULT.match_paths()))
                .collect(),
            last: None,
            shallow: None,
        }
    }
}

impl Ranker {
    /// Indices of the best `limit` entries for `query`, best first.
    ///
    /// Ties break on shorter paths, then on the path text. The empty query lists
    /// the shallowest entries.
    pub(crate) fn rank(&mut self, entries: &Entries, query: &str, limit: usize) -> Vec<u32> {
        if query.is_empty() {
            self.last = None;
            if let Some((n, l, cached)) = &self.shallow
                && *n == entries.len()
                && *l == limit
            {
                return cached.clone();
            }
            let found = shallowest(entries, limit);
            self.shallow = Some((entries.len(), limit, found.clone()));
            return found;
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
        let all: Vec<u32>;
        let candidates: &[u32] = if let Some(last) = &narrowed {
            &last.matches
        } else {
            all = (0..u32::try_from(entries.len()).unwrap_or(u32::MAX)).collect();
            &all
        };
        // Every candidate is first scored with the linear greedy matcher (which
        // matches exactly the entries the optimal one matches); only the best of
        // those are scored again optimally for the final order.
        let mut scored = self.score(entries, &atom, query, candidates);
        self.last = Some(Last {
            query: query.to_owned(),
            indexed: entries.len(),
            matches: scored.iter().map(|&k| unpack(k)).collect(),
        });
        // Packed keys sort best first without looking at the entries.
        if scored.len() > RESCORE {
            scored.select_nth_unstable(RESCORE - 1);
            scored.truncate(RESCORE);
        }
        let key = |&(s, i): &(u16, u32)| {
            let len = entries.get(i as usize).map_or(usize::MAX, |e| e.path.len());
            (std::cmp::Reverse(s), len, i)
        };
        let order = |a: &(u16, u32), b: &(u16, u32)| {
            key(a)
                .cmp(&key(b))
                .then_with(|| path_cmp(entries, a.1, b.1))
        };
        let Some(matcher) = self.matchers.first_mut() else {
            return Vec::new();
        };
        let mut buf = Vec::new();
        let mut rescored: Vec<(u16, u32)> = scored
            .iter()
            .filter_map(|&k| {
                let i = unpack(k);
                let entry = entries.get(i as usize)?;
                atom.score(Utf32Str::new(entry.path, &mut buf), matcher)
                    .map(|s| (s, i))
            })
            .collect();
        top(&mut rescored, limit, order);
        rescored.into_iter().map(|(_, i)| i).collect()
    }

    /// Scores `candidates`, split over the matchers' threads when there are many.
    /// The result keeps the candidates' order.
    fn score(
        &mut self,
        entries: &Entries,
        atom: &Atom,
        query: &str,
        candidates: &[u32],
    ) -> Vec<u64> {
        // What `Atom::score` sets for smart case and normalization.
        for matcher in &mut self.matchers {
            matcher.config.ignore_case = !query.chars().any(char::is_uppercase);
            matcher.config.normalize = query.is_ascii();
        }
        let threads = self.matchers.len();
        if threads <= 1 || candidates.len() < PARALLEL_MIN {
            let Some(matcher) = self.matchers.first_mut() else {
                return Vec::new();
            };
            return score_chunk(entries, atom, candidates, matcher);
        }
        let chunk = candidates.len().div_ceil(threads);
        std::thread::scope(|scope| {
            let handles: Vec<_> = candidates
                .chunks(chunk)
                .zip(self.matchers.iter_mut())
                .map(|(part, matcher)| {
                    scope.spawn(move || score_chunk(entries, atom, part, matcher))
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        })
    }
}

/// A first-pass score, path length and index in one `u64` that orders best
/// first: higher score, then shorter path, then lower index.
fn pack(score: u16, len: usize, i: u32) -> u64 {
    let len = u16::try_from(len).unwrap_or(u16::MAX);
    (u64::from(u16::MAX - score) << 48) | (u64::from(len) << 32) | u64::from(i)
}

/// The entry index of a packed key.
fn unpack(key: u64) -> u32 {
    (key & u64::from(u32::MAX)) as u32
}

fn score_chunk(
    entries: &Entries,
    atom: &Atom,
    candidates: &[u32],
    matcher: &mut Matcher,
) -> Vec<u64> {
    // A lower-case query (smart case: case-insensitive) takes the cheap pass;
    // a query with capitals (case-sensitive) goes through nucleo's greedy matcher.
    let needle = atom.needle_text();
    let lower = needle.chars().all(|c| !c.is_uppercase());
    let bytes: Option<Vec<u8>> = needle.chars().map(|c| u8::try_from(c).ok()).collect();
    let chars: Vec<char> = needle.chars().collect();
    let mut buf = Vec::new();
    candidates
        .iter()
        .filter_map(|&i| {
            let entry = entries.get(i as usize)?;
            let score = match &bytes {
                Some(bytes) if lower && entry.ascii => quick_score(entry.path.as_bytes(), bytes),
                None if lower && entry.ascii => None,
                _ if lower => {
                    buf.clear();
                    buf.extend(entry.path.chars());
                    quick_score(&buf, &chars)
                }
                _ => matcher.fuzzy_match_greedy(Utf32Str::new(entry.path, &mut buf), needle),
            };
            score.map(|s| pack(s, entry.path.len(), i))
        })
        .collect()
}

fn path_cmp(entries: &Entries, a: u32, b: u32) -> std::cmp::Ordering {
    match (entries.get(a as usize), entries.get(b as usize)) {
        (Some(a), Some(b)) => a.path.cmp(b.path),
        _ => a.cmp(&b),
    }
}

/// The shallowest entries, folders first at each depth, then by path.
fn shallowest(entries: &Entries, limit: usize) -> Vec<u32> {
    let mut all: Vec<(u16, u32)> = entries
        .iter()
        .zip(0u32..)
        .map(|(e, i)| (e.depth, i))
        .collect();
    let key = |&(d, i): &(u16, u32)| (d, !entries.get(i as usize).is_some_and(|e| e.is_dir));
    top(&mut all, limit, |a, b| {
        key(a)
            .cmp(&key(b))
            .then_with(|| path_cmp(entries, a.1, b.1))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(n: usize) -> Entries {
        let mut entries = Entries::default();
        for i in 0..n {
            let path = if i % 10 == 0 {
                format!("dossier_{}/été_{i}.md", i % 97)
            } else {
                format!("dir_{}/file_{i}.rs", i % 97)
            };
            entries.push(&path, false);
        }
        entries
    }

    #[test]
    fn parallel_scoring_matches_single_threaded_scoring() {
        let entries = entries(PARALLEL_MIN * 2 + 17);
        let mut single = Ranker {
            matchers: vec![Matcher::new(Config::DEFAULT.match_paths())],
            last: None,
            shallow: None,
        };
        let mut parallel = Ranker {
            matchers: (0..3)
                .map(|_| Matcher::new(Config::DEFAULT.match_paths()))
                .collect(),
            last: None,
            shallow: None,
        };
        for query in ["f", "fi", "fil", "file_12", "d9f3", "zz", "été", "Fil"] {
            assert_eq!(
                single.rank(&entries, query, 50),
                parallel.rank(&entries, query, 50),
                "query {query:?}"
            );
        }
    }
}
