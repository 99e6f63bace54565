//! Display width, wrapping and truncation, grapheme by grapheme.
//!
//! Widths are measured on the sanitized form of the text (a control character
//! counts as the one-column placeholder it becomes), so wrapping raw text and
//! printing the sanitized rows always agree.

use std::ops::Range;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

use crate::sanitize::{TAB_STOP, is_unsafe, placeholder, sanitize};

/// Width of one grapheme cluster as printed after sanitizing (a tab counts as one
/// column here; wrapping expands it to its tab stop).
pub(crate) fn grapheme_width(g: &str) -> usize {
    if g.len() == 1 {
        return 1;
    }
    if g.chars().any(is_unsafe) {
        let mapped: String = g
            .chars()
            .map(|c| if c == '\n' || c == '\t' { ' ' } else { placeholder(c).unwrap_or(c) })
            .collect();
        return mapped.width().min(2);
    }
    g.width().min(2)
}

/// Display width of `text` in terminal columns, grapheme-aware: CJK and emoji
/// (including ZWJ sequences and flags) take two columns, combining marks none.
/// Control characters count as the one-column placeholder [`sanitize`] shows.
///
/// ```
/// use ask_render::display_width;
/// assert_eq!(display_width("abc"), 3);
/// assert_eq!(display_width("中文"), 4);
/// assert_eq!(display_width("e\u{301}"), 1);
/// assert_eq!(display_width("👩\u{200d}💻"), 2);
/// ```
pub fn display_width(text: &str) -> usize {
    if text.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return text.len();
    }
    text.graphemes(true).map(grapheme_width).sum()
}

/// Cuts `text` to at most `width` columns, ending in `…` when something was cut.
/// The result is sanitized.
///
/// ```
/// use ask_render::truncate;
/// assert_eq!(truncate("PostgreSQL", 6), "Postg…");
/// assert_eq!(truncate("中文字", 4), "中…");
/// assert_eq!(truncate("short", 10), "short");
/// ```
pub fn truncate(text: &str, width: usize) -> String {
    let clean = sanitize(text);
    if display_width(&clean) <= width {
        return clean.into_owned();
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
fn tokens(line: &str) -> Vec<(Range<usize>, bool)> {
    let mut out: Vec<(Range<usize>, bool)> = Vec::new();
    for (i, c) in line.char_indices() {
        let gap = c == ' ' || c == '\t';
        match out.last_mut() {
            Some((range, kind)) if *kind == gap => range.end = i + c.len_utf8(),
            _ => out.push((i..i + c.len_utf8(), gap)),
        }
    }
    out
}

/// Word-wraps one line (no newline inside) to `width` columns and returns the byte
/// range of each row. Spaces at a break are dropped, leading indentation of the
/// line is kept when it fits, and words longer than the width are broken between
/// graphemes. Always returns at least one row.
pub(crate) fn wrap_line(line: &str, width: usize) -> Vec<Range<usize>> {
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
        }
        start = range.start;
        end = range.start;
        col = 0;
        if word_w <= width {
            col = word_w;
            end = range.end;
            continue;
        }
        for (i, g) in word.grapheme_indices(true) {
            let w = grapheme_width(g);
            if col + w > width && col > 0 {
                rows.push(start..range.start + i);
                first_row = false;
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

/// Breaks one line (no newline inside) into rows of at most `width` columns between
/// graphemes, keeping every byte (editors need every cursor position).
pub(crate) fn wrap_chars(line: &str, width: usize) -> Vec<Range<usize>> {
    let width = width.max(1);
    let mut rows = Vec::new();
    let (mut start, mut col) = (0usize, 0usize);
    for (i, g) in line.grapheme_indices(true) {
        let tab = g == "\t";
        let mut w = if tab {
            TAB_STOP - col % TAB_STOP
        } else {
            grapheme_width(g)
        };
        if col + w > width && col > 0 {
            rows.push(start..i);
            start = i;
            col = 0;
            if tab {
                w = TAB_STOP;
            }
        }
        col += w;
    }
    rows.push(start..line.len());
    rows
}

/// Sanitizes `text` and word-wraps it to `width` columns (at least one). Newlines
/// in the text start new rows; an empty text gives one empty row.
///
/// ```
/// use ask_render::wrap;
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
        for text in ["hello world", "中文 text", "\tindented\tcode", "👩\u{200d}💻 ok", "x\u{1b}[2Jy"] {
            for width in 1..12 {
                for row in wrap(text, width) {
                    assert!(display_width(&row) <= width.max(2), "{text:?} at {width}: {row:?}");
                    if !row.contains(|c: char| display_width(&c.to_string()) > 1) {
                        assert!(display_width(&row) <= width, "{text:?} at {width}: {row:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn char_wrap_covers_every_byte() {
        let text = "ab cd  ef";
        let rows = wrap_chars(text, 3);
        assert_eq!(rows, [0..3, 3..6, 6..9]);
    }

    #[test]
    fn truncate_marks_the_cut() {
        assert_eq!(truncate("abc", 0), "");
        assert_eq!(truncate("abc", 1), "…");
        assert_eq!(truncate("中", 1), "…");
        assert_eq!(truncate("a\u{1b}b", 3), "a␛b");
    }
}
