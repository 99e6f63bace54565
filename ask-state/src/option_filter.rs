//! Type-to-filter on a question's options (`main.filter`, default `/`): the matching and
//! ranking (`filter_line.rs` has the filter line's keys in the flow).
//!
//! The filter line narrows the option rows to those whose label or description contains
//! the query as a case-insensitive subsequence (fuzzy match: `pgs` finds `PostgreSQL`).
//! Matches are ranked, best first: a label match before a description match, then a
//! tighter match (fewer characters between the first and the last matched one), then one
//! starting a word, then one nearer the start; ties keep the declared order, and an empty
//! query shows every option in declared order. The "Type your own" row always stays
//! visible after the matches.
//!
//! The cursor keeps pointing at a declared row, so Enter, Space, notes and the preview
//! act on the highlighted option exactly as without a filter, and digits keep their
//! declared numbers.

use std::cmp::Reverse;
use std::ops::Range;

use ask_contract::QuestionOption;

/// Score bonus of a label match over a description match.
const LABEL: u32 = 1 << 20;
/// Base score of any match (leaves room for the penalties below).
const BASE: u32 = 1 << 16;

/// The open filter line of one question.
///
/// Read it through [`Flow::filter`](crate::Flow::filter); renderers show
/// [`query`](Self::query), the rows of [`matches`](Self::matches) (then the "Type your
/// own" row) and highlight [`option_marks`](Self::option_marks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionFilter {
    question: usize,
    query: String,
    /// The query lower-cased, whitespace left out.
    folded: Vec<char>,
    /// Declared option indices that match, best first.
    matches: Vec<usize>,
    /// Number of declared options.
    total: usize,
    /// Scratch reused between keystrokes: (score, option index).
    scored: Vec<(Reverse<u32>, usize)>,
}

/// The byte ranges of matched characters in an option's label and description: at most
/// one of the two is non-empty (the field whose match ranks the option).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OptionMarks {
    /// Matched byte ranges of the label (contiguous characters merged), ascending.
    pub label: Vec<Range<usize>>,
    /// Matched byte ranges of the description, ascending.
    pub description: Vec<Range<usize>>,
}

impl OptionFilter {
    /// An empty filter on question `question` with `total` declared options: every option
    /// shows, in declared order.
    pub(crate) fn new(question: usize, total: usize) -> Self {
        Self {
            question,
            query: String::new(),
            folded: Vec::new(),
            matches: (0..total).collect(),
            total,
            scored: Vec::with_capacity(total),
        }
    }

    /// The question the filter belongs to.
    pub fn question(&self) -> usize {
        self.question
    }

    /// The text typed so far.
    pub fn query(&self) -> &str {
        &self.query
    }

    /// The declared option indices that match, in display order (best first; declared
    /// order while the query is empty).
    pub fn matches(&self) -> &[usize] {
        &self.matches
    }

    /// Number of declared options of the question (the `M` of `N of M`).
    pub fn total(&self) -> usize {
        self.total
    }

    /// True when the declared option or custom row `row` shows (the custom row, `row ==
    /// total`, always does).
    pub fn shows(&self, row: usize) -> bool {
        row >= self.total || self.matches.contains(&row)
    }

    /// The rows in display order: the matches, then the custom row.
    pub fn rows(&self) -> impl Iterator<Item = usize> + '_ {
        self.matches
            .iter()
            .copied()
            .chain(std::iter::once(self.total))
    }

    /// Where the matched characters of `option` are, for highlighting: in the label when
    /// it matches, else in the description. Empty while the query is empty.
    pub fn option_marks(&self, option: &QuestionOption) -> OptionMarks {
        let mut marks = OptionMarks::default();
        if self.folded.is_empty() {
            return marks;
        }
        if find(&self.folded, &option.label, Some(&mut marks.label)).is_none()
            && let Some(description) = &option.description
        {
            let _ = find(&self.folded, description, Some(&mut marks.description));
        }
        marks
    }

    /// The row `delta` steps from `cursor` in display order (clamped); a hidden cursor
    /// goes to the first row shown.
    pub(crate) fn step(&self, cursor: usize, delta: i32) -> usize {
        let len = self.matches.len() + 1;
        let pos = self.rows().position(|r| r == cursor);
        let next = pos.map_or(0, |p| crate::apply::step(p, delta, len));
        self.rows().nth(next).unwrap_or(self.total)
    }

    /// The first row shown: the best match, else the custom row.
    pub(crate) fn first(&self) -> usize {
        self.matches.first().copied().unwrap_or(self.total)
    }

    /// Appends typed text to the query and narrows the matches.
    pub(crate) fn push(&mut self, text: &str, options: &[QuestionOption]) {
        let extends = !text.is_empty();
        self.query.push_str(text);
        self.refold();
        // A longer query only matches options that matched the shorter one.
        self.rank(options, extends);
    }

    /// Removes the last character of the query (false when it was empty).
    pub(crate) fn pop(&mut self, options: &[QuestionOption]) -> bool {
        if self.query.pop().is_none() {
            return false;
        }
        self.refold();
        self.rank(options, false);
        true
    }

    fn refold(&mut self) {
        self.folded.clear();
        self.folded
            .extend(self.query.chars().filter(|c| !c.is_whitespace()).map(fold));
    }

    /// Scores the candidates (the current matches when `narrow`, else every option) and
    /// keeps those that match, best first. No allocation once the buffers have grown.
    fn rank(&mut self, options: &[QuestionOption], narrow: bool) {
        if self.folded.is_empty() {
            self.matches.clear();
            self.matches.extend(0..options.len().min(self.total));
            return;
        }
        self.scored.clear();
        let score = |j: usize| -> Option<u32> {
            let option = options.get(j)?;
            find(&self.folded, &option.label, None)
                .map(|s| s + LABEL)
                .or_else(|| {
                    option
                        .description
                        .as_deref()
                        .and_then(|d| find(&self.folded, d, None))
                })
        };
        if narrow {
            for &j in &self.matches {
                if let Some(s) = score(j) {
                    self.scored.push((Reverse(s), j));
                }
            }
        } else {
            for j in 0..options.len().min(self.total) {
                if let Some(s) = score(j) {
                    self.scored.push((Reverse(s), j));
                }
            }
        }
        // Option indices are unique, so the unstable sort is deterministic: by score,
        // then declared order.
        self.scored.sort_unstable();
        self.matches.clear();
        self.matches.extend(self.scored.iter().map(|(_, j)| *j));
    }
}

/// A character lower-cased for matching (the first character of its lower case).
fn fold(c: char) -> char {
    if c.is_ascii() {
        c.to_ascii_lowercase()
    } else {
        c.to_lowercase().next().unwrap_or(c)
    }
}

/// Matches `query` (folded) as a subsequence of `text`: the leftmost match's end, then the
/// latest start that still matches before it (a tight window). Returns the score (higher
/// is better), and fills `marks` with the matched byte ranges when given.
fn find(query: &[char], text: &str, marks: Option<&mut Vec<Range<usize>>>) -> Option<u32> {
    if query.is_empty() {
        return None;
    }
    let mut j = 0;
    let mut end = None;
    for (at, c) in text.char_indices() {
        if query.get(j).is_some_and(|q| *q == fold(c)) {
            j += 1;
            if j == query.len() {
                end = Some(at + c.len_utf8());
                break;
            }
        }
    }
    let end = end?;
    // Backwards from the end: the latest start, and the window's length in characters.
    let mut k = query.len();
    let mut start = 0;
    let mut span: u32 = 0;
    for (at, c) in text[..end].char_indices().rev() {
        span += 1;
        if k > 0 && query.get(k - 1).is_some_and(|q| *q == fold(c)) {
            k -= 1;
            if k == 0 {
                start = at;
                break;
            }
        }
    }
    if let Some(marks) = marks {
        marks.clear();
        let mut k = 0;
        for (at, c) in text[start..end].char_indices() {
            if query.get(k).is_some_and(|q| *q == fold(c)) {
                k += 1;
                let range = start + at..start + at + c.len_utf8();
                match marks.last_mut() {
                    Some(last) if last.end == range.start => last.end = range.end,
                    _ => marks.push(range),
                }
            }
        }
    }
    let qlen = u32::try_from(query.len()).unwrap_or(u32::MAX);
    let gaps = span.saturating_sub(qlen).min(1000);
    let word_start = text[..start]
        .chars()
        .next_back()
        .is_none_or(|c| !c.is_alphanumeric());
    let lead = u32::try_from(start.min(200)).unwrap_or(200);
    Some(
        BASE - gaps * 16 - lead
            + if word_start { 300 } else { 0 }
            + if start == 0 { 100 } else { 0 },
    )
}

#[cfg(test)]
mod tests {
    use super::{find, fold};

    fn q(text: &str) -> Vec<char> {
        text.chars().map(fold).collect()
    }

    fn marked(query: &str, text: &str) -> Vec<String> {
        let mut marks = Vec::new();
        find(&q(query), text, Some(&mut marks)).expect("matches");
        marks.into_iter().map(|r| text[r].to_owned()).collect()
    }

    #[test]
    fn subsequence_case_insensitive_with_tight_windows() {
        assert!(find(&q("pgs"), "PostgreSQL", None).is_some());
        assert!(find(&q("sqlx"), "PostgreSQL", None).is_none());
        assert_eq!(marked("pgs", "PostgreSQL"), ["P", "g", "S"]);
        // The window ending at the leftmost end is tightened from the back.
        assert_eq!(marked("auth", "a_b auth"), ["auth"]);
        assert_eq!(marked("ÉT", "café été"), ["ét"]);
    }

    #[test]
    fn contiguous_word_start_matches_rank_higher() {
        let score = |query: &str, text: &str| find(&q(query), text, None).expect("matches");
        assert!(score("auth", "Authentication") > score("auth", "a unit test helper"));
        assert!(score("sql", "SQLite") > score("sql", "PostgreSQL"));
        assert!(score("search", "Full-text search") > score("search", "Researcher"));
    }
}
