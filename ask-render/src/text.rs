//! Display width, wrapping and truncation, grapheme by grapheme.
//!
//! Widths are measured on the sanitized form of the text (a control character
//! counts as the one-column placeholder it becomes), so wrapping raw text and
//! printing the sanitized rows always agree.

use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

pub use crate::ansi::write_line;
pub use crate::options::option_label;
pub use crate::sanitize::sanitize;

use crate::sanitize::{TAB_STOP, is_unsafe, placeholder, sanitize_line};

/// Width of one grapheme cluster as printed after sanitizing (a tab counts as one
/// column here; wrapping expands it to its tab stop).
pub(crate) fn grapheme_width(g: &str) -> usize {
    if g.len() == 1 {
        return 1;
    }
    if g.chars().any(is_unsafe) {
        let mapped: String = g
            .chars()
            .map(|c| {
                if c == '\n' || c == '\t' {
                    ' '
                } else {
                    placeholder(c).unwrap_or(c)
                }
            })
            .collect();
        return mapped.width().min(2);
    }
    g.width().min(2)
}

/// Display width of `text` in terminal columns, grapheme-aware: CJK and emoji
/// (including ZWJ sequences and flags) take two columns, combining marks none.
/// Control characters count as the one-column placeholder [`sanitize`] shows; a tab
/// counts as one column (measure `sanitize(text)` to get tab stops).
///
/// ```
/// use ask_render::text::display_width;
/// assert_eq!(display_width("abc"), 3);
/// assert_eq!(display_width("中文"), 4);
/// assert_eq!(display_width("e\u{301}"), 1);
/// assert_eq!(display_width("👩\u{200d}💻"), 2);
/// ```
pub fn display_width(text: &str) -> usize {
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return text.len();
    }
    if text.chars().all(never_clusters) {
        // No character here joins a grapheme cluster: widths add up char by char.
        return text
            .chars()
            .map(|c| {
                if is_unsafe(c) || c == '\n' {
                    1
                } else {
                    c.width().unwrap_or(0)
                }
            })
            .sum();
    }
    text.graphemes(true).map(grapheme_width).sum()
}

/// True for characters that never form a grapheme cluster with a neighbour (no
/// combining marks, joiners, variation selectors, emoji modifiers, regional
/// indicators, Hangul jamo or CR): common Latin, punctuation, arrows, box drawing,
/// symbols, kana, CJK ideographs, Hangul syllables and full-width forms. Used for a
/// fast path that gives the same widths as the grapheme walk.
fn never_clusters(c: char) -> bool {
    matches!(c,
        '\0'..='\u{0c}' | '\u{0e}'..='\u{2ff}'
        | '\u{2010}'..='\u{20cf}' | '\u{2100}'..='\u{2bff}'
        | '\u{3040}'..='\u{3098}' | '\u{309b}'..='\u{9fff}'
        | '\u{ac00}'..='\u{d7a3}' | '\u{ff01}'..='\u{ff60}')
}

/// Cuts `text` to one row of at most `width` columns, ending in `…` when something
/// was cut. The result is sanitized and newlines become spaces.
///
/// ```
/// use ask_render::text::truncate;
/// assert_eq!(truncate("PostgreSQL", 6), "Postg…");
/// assert_eq!(truncate("中文字", 4), "中…");
/// assert_eq!(truncate("short", 10), "short");
/// ```
pub fn truncate(text: &str, width: usize) -> String {
    let clean = sanitize_line(text);
    if display_width(&clean) <= width {
        return clean;
    }
    if width == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for g in clean.graphemes(true) {
        let w = grapheme_width(g);
        if used + w > width - 1 {
            break;
        }
        used += w;
        out.push_str(g);
    }
    out.push('…');
    out
}

/// Width of a run of spaces and tabs that starts at column `col`.
fn gap_width(gap: &str, col: usize) -> usize {
    gap.chars().fold(0, |acc, c| {
        acc + if c == '\t' {
            TAB_STOP - (col + acc) % TAB_STOP
        } else {
            1
        }
    })
}

/// Splits a line into runs of spaces/tabs (`true`) and words (`false`), as byte ranges.
fn tokens(line: &str) -> impl Iterator<Item = (Range<usize>, bool)> + '_ {
    let bytes = line.as_bytes();
    let mut pos = 0;
    std::iter::from_fn(move || {
        let first = *bytes.get(pos)?;
        let gap = first == b' ' || first == b'\t';
        // Spaces and tabs are ASCII, so a byte search always stops on a char boundary.
        let len = bytes
            .get(pos..)?
            .iter()
            .position(|b| (*b == b' ' || *b == b'\t') != gap)
            .unwrap_or(bytes.len() - pos);
        let range = pos..pos + len;
        pos += len;
        Some((range, gap))
    })
}

/// Word-wraps one line (no newline inside) to `width` columns and returns the byte
/// range of each row. Spaces at a break are dropped, leading indentation of the
/// line is kept when it fits, and words longer than the width are broken between
/// graphemes. Always returns at least one row.
pub(crate) fn wrap_line(line: &str, width: usize) -> Vec<Range<usize>> {
    wrap_line_upto(line, width, usize::MAX)
}

/// [`wrap_line`] stopping after `max_rows` rows (the rows it gives are the same),
/// so the first rows of a long line cost only those rows.
pub(crate) fn wrap_line_upto(line: &str, width: usize, max_rows: usize) -> Vec<Range<usize>> {
    let width = width.max(1);
    let mut rows = Vec::new();
    let (mut start, mut end, mut col) = (0usize, 0usize, 0usize);
    let mut first_row = true;
    let mut gap: Option<Range<usize>> = None;
    for (range, is_gap) in tokens(line) {
        if is_gap {
            gap = Some(range);
            continue;
        }
        let mut gap_w = 0;
        if let Some(g) = gap.take() {
            if col > 0 || (first_row && g.start == start) {
                gap_w = gap_width(&line[g], col);
            } else {
                start = range.start;
                end = range.start;
            }
        }
        let word = &line[range.clone()];
        let word_w = display_width(word);
        if col + gap_w + word_w <= width {
            col += gap_w + word_w;
            end = range.end;
            continue;
        }
        if col > 0 {
            rows.push(start..end);
            first_row = false;
            if rows.len() >= max_rows {
                return rows;
            }
        }
        start = range.start;
        end = range.start;
        col = 0;
        if word_w <= width {
            col = word_w;
            end = range.end;
            continue;
        }
        if word.bytes().all(|b| (0x21..0x7f).contains(&b)) {
            // Printable ASCII: one column per byte, so rows are cut by counting.
            let mut i = 0;
            while i < word.len() {
                if col >= width {
                    rows.push(start..range.start + i);
                    first_row = false;
                    if rows.len() >= max_rows {
                        return rows;
                    }
                    start = range.start + i;
                    col = 0;
                }
                let take = (width - col).min(word.len() - i);
                col += take;
                i += take;
                end = range.start + i;
            }
            continue;
        }
        for (i, g) in word.grapheme_indices(true) {
            let w = grapheme_width(g);
            if col + w > width && col > 0 {
                rows.push(start..range.start + i);
                first_row = false;
                if rows.len() >= max_rows {
                    return rows;
                }
                start = range.start + i;
                col = 0;
            }
            col += w;
            end = range.start + i + g.len();
        }
    }
    rows.push(start..end);
    rows
}

/// Width of `text` printed at the start of a row (tabs expanded to their stops).
fn row_width(text: &str) -> usize {
    text.graphemes(true).fold(0, |col, g| {
        col + if g == "\t" {
            TAB_STOP - col % TAB_STOP
        } else {
            grapheme_width(g)
        }
    })
}

/// Wraps one line (no newline inside) for an editor: rows of at most `width`
/// columns that together cover every byte (every cursor position has a row).
/// Rows break after a run of spaces when there is one, else between graphemes;
/// spaces stay at the end of the row they follow.
pub(crate) fn wrap_chars(line: &str, width: usize) -> Vec<Range<usize>> {
    let width = width.max(1);
    let mut rows = Vec::new();
    let (mut start, mut col) = (0usize, 0usize);
    // Byte offset just after the last space of the current row.
    let mut brk: Option<usize> = None;
    for (i, g) in line.grapheme_indices(true) {
        let space = g == " " || g == "\t";
        let w = if g == "\t" {
            TAB_STOP - col % TAB_STOP
        } else {
            grapheme_width(g)
        };
        if col + w > width && col > 0 {
            let cut = match brk {
                Some(b) if !space && b > start && b < i => b,
                _ => i,
            };
            rows.push(start..cut);
            start = cut;
            brk = None;
            col = row_width(&line[start..i]);
        }
        col += if g == "\t" {
            TAB_STOP - col % TAB_STOP
        } else {
            w
        };
        if space {
            brk = Some(i + g.len());
        }
    }
    rows.push(start..line.len());
    rows
}

/// Sanitizes `text` and word-wraps it to `width` columns (at least one). Newlines
/// in the text start new rows; an empty text gives one empty row.
///
/// ```
/// use ask_render::text::wrap;
/// assert_eq!(wrap("Which database should we use?", 12), ["Which", "database", "should we", "use?"]);
/// assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
/// ```
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.split('\n') {
        for range in wrap_line(line, width) {
            out.push(sanitize(&line[range]).into_owned());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{display_width, truncate, wrap, wrap_chars};

    #[test]
    fn widths_of_hard_graphemes() {
        assert_eq!(display_width("🇫🇷"), 2);
        assert_eq!(display_width("👨\u{200d}👩\u{200d}👧"), 2);
        assert_eq!(display_width("a\u{300}\u{301}b"), 2);
        assert_eq!(display_width("\u{1b}[31m"), 5);
        assert_eq!(display_width(""), 0);
    }

    #[test]
    fn wrap_keeps_indentation_and_breaks_long_words() {
        assert_eq!(wrap("  fn main() {}", 20), ["  fn main() {}"]);
        assert_eq!(wrap("a verylongword", 4), ["a", "very", "long", "word"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(wrap("a\n\nb", 5), ["a", "", "b"]);
        assert_eq!(wrap("中文中文", 3), ["中", "文", "中", "文"]);
    }

    #[test]
    fn wrap_never_exceeds_width_even_at_one() {
        for text in [
            "hello world",
            "中文 text",
            "\tindented\tcode",
            "👩\u{200d}💻 ok",
            "x\u{1b}[2Jy",
        ] {
            for width in 1..12 {
                for row in wrap(text, width) {
                    assert!(
                        display_width(&row) <= width.max(2),
                        "{text:?} at {width}: {row:?}"
                    );
                    if !row.contains(|c: char| display_width(&c.to_string()) > 1) {
                        assert!(display_width(&row) <= width, "{text:?} at {width}: {row:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn wrapping_up_to_some_rows_gives_the_first_rows() {
        let text = "intro averyveryverylongasciiword then ünïcödéwördthätïslöng and more words";
        for width in 1..12 {
            let all = super::wrap_line(text, width);
            for max in 1..all.len() + 2 {
                let some = super::wrap_line_upto(text, width, max);
                assert_eq!(some, all[..max.min(all.len())], "width {width} max {max}");
            }
        }
    }

    #[test]
    fn char_wrap_covers_every_byte() {
        assert_eq!(wrap_chars("abcdefgh", 3), [0..3, 3..6, 6..8]);
        assert_eq!(wrap_chars("we need multi", 10), [0..8, 8..13]);
        assert_eq!(wrap_chars("", 3).len(), 1);
        for width in 1..8 {
            let text = "a  bb\tccc dddd";
            let rows = wrap_chars(text, width);
            assert_eq!(rows.first().map(|r| r.start), Some(0));
            assert_eq!(rows.last().map(|r| r.end), Some(text.len()));
            assert!(rows.windows(2).all(|w| w[0].end == w[1].start));
        }
    }

    #[test]
    fn truncate_marks_the_cut() {
        assert_eq!(truncate("abc", 0), "");
        assert_eq!(truncate("abc", 1), "…");
        assert_eq!(truncate("中", 1), "…");
        assert_eq!(truncate("a\u{1b}b", 3), "a␛b");
    }
}
