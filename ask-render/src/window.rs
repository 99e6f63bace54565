//! Laying out only the rows of a long text that a screen can show.
//!
//! A text taller than the screen cannot show whole, so a block keeps at most one
//! screen of its rows: the last ones for text above the row the host keeps visible
//! (the prompt, review answers), the first ones for text below it (descriptions,
//! notices). The rows dropped are counted in a `↑ N more lines` / `↓ N more lines`
//! marker. Only the kept rows are wrapped and only a bounded number of bytes is
//! looked at, so the cost of a frame does not grow with the text; counting the
//! hidden lines is one byte scan.

use std::ops::Range;

use ask_state::model::{LineIndex, count_newlines};

use crate::frame::{Line, Role};
use crate::text::{wrap_line, wrap_line_upto};

/// Which rows of a text to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Keep {
    /// Every row (no height given).
    All,
    /// At most this many rows, marker included, from the top.
    Head(usize),
    /// At most this many rows, marker included, from the bottom.
    Tail(usize),
}

impl Keep {
    /// The first rows of a text below the focus row, for a screen of `height` rows (0: all).
    pub(crate) fn head(height: usize) -> Self {
        if height == 0 {
            Self::All
        } else {
            Self::Head(height.max(2))
        }
    }

    /// The last rows of a text above the focus row, for a screen of `height` rows (0: all).
    pub(crate) fn tail(height: usize) -> Self {
        if height == 0 {
            Self::All
        } else {
            Self::Tail(height.max(2))
        }
    }
}

/// The kept rows of a text (slices of it, top to bottom) and the source lines left out.
#[derive(Debug, Default)]
pub(crate) struct Rows<'a> {
    /// Row texts, unsanitized, top to bottom.
    pub(crate) rows: Vec<&'a str>,
    /// Source lines not shown (a line partly shown counts), above the rows for
    /// [`Keep::Tail`], below them for [`Keep::Head`]; 0 when the text shows whole.
    pub(crate) hidden: usize,
}

/// One row and where it sits in its source line.
struct Row<'a> {
    text: &'a str,
    /// Byte offset of its source line in the text.
    line_start: usize,
    /// Newlines before its source line ([`head`]) or from its start to the end of
    /// the text ([`tail`]).
    nl: usize,
    /// The first (`true`, false) or last (false, `true`) row of its source line.
    first: bool,
    last: bool,
}

/// The marker line for `n` hidden source lines, in `locale`.
pub(crate) fn marker(n: usize, up: bool, locale: ask_i18n::Locale) -> Line {
    use ask_i18n::Msg;
    let arrow = if up { "↑" } else { "↓" };
    let more = locale.plural(
        n as u64,
        (Msg::LinesMoreOne, Msg::LinesMoreOther),
        &[("n", &n)],
    );
    Line::styled(format!("{arrow} {more}"), Role::Muted)
}

/// Largest char boundary of `text` at or below `at`.
pub(crate) fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Smallest char boundary of `text` at or above `at`.
pub(crate) fn ceil_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// Word-wraps `text` to `width` columns (newlines start rows) and keeps the rows
/// `keep` asks for. Wrapping is that of [`wrap_line`] per source line; a source line
/// longer than the bytes a screen can need is wrapped from the end that shows.
/// With the text's `index`, counting the hidden lines looks at no more of the text.
pub(crate) fn lay_out<'a>(
    text: &'a str,
    width: usize,
    keep: Keep,
    index: Option<&LineIndex>,
) -> Rows<'a> {
    match keep {
        Keep::All => Rows {
            rows: all_rows(text, width),
            hidden: 0,
        },
        Keep::Head(n) => head(text, width, n, index),
        Keep::Tail(n) => tail(text, width, n, index),
    }
}

fn all_rows(text: &str, width: usize) -> Vec<&str> {
    let mut rows = Vec::new();
    for line in text.split('\n') {
        rows.extend(wrap_line(line, width).into_iter().map(|r| &line[r]));
    }
    rows
}

/// Bytes of one source line that `n` rows of `width` columns can need (generous:
/// wide characters, combining marks and tabs included).
pub(crate) fn byte_budget(n: usize, width: usize) -> usize {
    n.saturating_mul(width.saturating_add(1))
        .saturating_mul(8)
        .saturating_add(1024)
}

/// Wraps `line` (a slice of the text at `line_start`), cut to `range` of it, into
/// at most `max_rows` rows (a line stopped early does not end at its last row).
fn push_rows<'a>(
    out: &mut Vec<Row<'a>>,
    line: &'a str,
    (line_start, nl): (usize, usize),
    cut: &Range<usize>,
    (width, max_rows): (usize, usize),
) {
    let part = &line[cut.clone()];
    let ranges = wrap_line_upto(part, width, max_rows);
    let last = ranges.len().saturating_sub(1);
    for (k, r) in ranges.into_iter().enumerate() {
        out.push(Row {
            text: &part[r],
            line_start,
            nl,
            first: k == 0 && cut.start == 0,
            last: k == last && cut.end == line.len(),
        });
    }
}

fn head<'a>(text: &'a str, width: usize, n: usize, index: Option<&LineIndex>) -> Rows<'a> {
    let budget = byte_budget(n, width);
    let mut rows: Vec<Row<'_>> = Vec::new();
    let mut pos = 0;
    let mut nl = 0;
    loop {
        let rest = &text[pos..];
        let look = floor_boundary(rest, budget);
        let (line, full) = match rest[..look].find('\n') {
            Some(i) => (&rest[..i], true),
            None if look == rest.len() => (rest, true),
            None => (&rest[..look], false),
        };
        let room = n + 1 - rows.len();
        push_rows(&mut rows, line, (pos, nl), &(0..line.len()), (width, room));
        if !full {
            // Cut by the budget: the line goes on.
            if let Some(r) = rows.last_mut() {
                r.last = false;
            }
        }
        if rows.len() > n || !full {
            break;
        }
        pos += line.len() + 1;
        nl += 1;
        if pos > text.len() {
            break;
        }
    }
    if rows.len() <= n && rows.last().is_some_and(|r| r.last) {
        return Rows {
            rows: rows.into_iter().map(|r| r.text).collect(),
            hidden: 0,
        };
    }
    rows.truncate(n - 1);
    let Some(last) = rows.last() else {
        return Rows::default();
    };
    // The newlines from the last row's line on end the lines below it.
    let after = index.map_or_else(
        || count_newlines(&text[last.line_start..]),
        |index| index.newlines().saturating_sub(last.nl),
    );
    let hidden = after + usize::from(!last.last);
    Rows {
        rows: rows.into_iter().map(|r| r.text).collect(),
        hidden: hidden.max(1),
    }
}

fn tail<'a>(text: &'a str, width: usize, n: usize, index: Option<&LineIndex>) -> Rows<'a> {
    let budget = byte_budget(n, width);
    // Rows of each source line, last line first.
    let mut lines: Vec<Vec<Row<'_>>> = Vec::new();
    let mut count = 0;
    let mut end = text.len();
    let mut reached_start = false;
    loop {
        let before = &text[..end];
        let from = ceil_boundary(before, end.saturating_sub(budget));
        let (start, full) = match before[from..].rfind('\n') {
            Some(i) => (from + i + 1, true),
            None if from == 0 => (0, true),
            None => (from, false),
        };
        let line_start = if full {
            start
        } else if let Some(index) = index {
            index.line_start(text, from)
        } else {
            before.rfind('\n').map_or(0, |i| i + 1)
        };
        let line = &text[line_start..end];
        let mut rows = Vec::new();
        push_rows(
            &mut rows,
            line,
            (line_start, lines.len()),
            &(start - line_start..line.len()),
            (width, usize::MAX),
        );
        count += rows.len();
        lines.push(rows);
        if count > n || !full {
            break;
        }
        if start == 0 {
            reached_start = true;
            break;
        }
        end = start - 1;
    }
    let rows: Vec<Row<'_>> = lines.into_iter().rev().flatten().collect();
    if reached_start && rows.len() <= n {
        return Rows {
            rows: rows.into_iter().map(|r| r.text).collect(),
            hidden: 0,
        };
    }
    let skip = rows.len().saturating_sub(n - 1);
    let rows: Vec<Row<'_>> = rows.into_iter().skip(skip).collect();
    let Some(first) = rows.first() else {
        return Rows::default();
    };
    let above = index.map_or_else(
        || count_newlines(&text[..first.line_start]),
        |index| index.newlines().saturating_sub(first.nl),
    );
    let hidden = above + usize::from(!first.first);
    Rows {
        rows: rows.into_iter().map(|r| r.text).collect(),
        hidden: hidden.max(1),
    }
}

#[cfg(test)]
mod tests {
    use super::{Keep, lay_out};
    use crate::text::wrap;

    fn texts(text: &str, width: usize, keep: Keep) -> (Vec<String>, usize) {
        let rows = lay_out(text, width, keep, None);
        (
            rows.rows.iter().map(|r| (*r).to_owned()).collect(),
            rows.hidden,
        )
    }

    #[test]
    fn short_texts_keep_every_row_of_the_plain_wrap() {
        for text in [
            "",
            "a",
            "a b c d e f g",
            "one\ntwo\n\nthree four five",
            "\n\n",
        ] {
            for width in 1..8 {
                let all = wrap(text, width);
                for keep in [Keep::All, Keep::Head(all.len()), Keep::Tail(all.len())] {
                    assert_eq!(
                        texts(text, width, keep),
                        (all.clone(), 0),
                        "{text:?} {width} {keep:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn head_and_tail_cut_with_counts_of_hidden_lines() {
        let text = "l0\nl1\nl2\nl3\nl4";
        assert_eq!(
            texts(text, 10, Keep::Head(3)),
            (vec!["l0".into(), "l1".into()], 3)
        );
        assert_eq!(
            texts(text, 10, Keep::Tail(3)),
            (vec!["l3".into(), "l4".into()], 3)
        );
        // A line cut by the window counts as hidden.
        let text = "aaa bbb ccc\nz";
        assert_eq!(texts(text, 3, Keep::Head(2)), (vec!["aaa".into()], 2));
        assert_eq!(
            texts(text, 3, Keep::Tail(3)),
            (vec!["ccc".into(), "z".into()], 1)
        );
    }

    #[test]
    fn huge_texts_only_lay_out_the_ends() {
        let newlines = format!("top\n{}bottom", "\n".repeat(10 << 20));
        let (rows, hidden) = texts(&newlines, 80, Keep::Head(5));
        assert_eq!(rows, ["top", "", "", ""]);
        assert_eq!(hidden, (10 << 20) + 1 - 3);
        let (rows, hidden) = texts(&newlines, 80, Keep::Tail(5));
        assert_eq!(rows, ["", "", "", "bottom"]);
        assert_eq!(hidden, (10 << 20) + 1 - 3);
        let line = "word ".repeat(2 << 20);
        let (rows, hidden) = texts(&line, 20, Keep::Head(4));
        assert_eq!(
            rows,
            [
                "word word word word",
                "word word word word",
                "word word word word"
            ]
        );
        assert_eq!(hidden, 1);
        let (rows, hidden) = texts(line.trim_end(), 20, Keep::Tail(3));
        assert_eq!(rows.len(), 2);
        assert!(rows.iter().all(|r| r.ends_with("word")), "{rows:?}");
        assert_eq!(hidden, 1);
    }

    /// Texts past the index chunk, with lines longer and shorter than it: the line
    /// index gives the very rows and counts a full scan gives.
    #[test]
    fn indexed_layout_agrees_with_scanning() {
        let chunk = ask_state::model::LINE_INDEX_CHUNK;
        let texts = [
            format!("top\n{}bottom", "\n".repeat(3 * chunk)),
            format!("{}\nlast line", "word ".repeat(chunk)),
            format!("first line\n{}", "word ".repeat(chunk)),
            format!("{}\n{}", "a".repeat(2 * chunk + 3), "b ".repeat(chunk)),
            "line of text\n".repeat(chunk / 4),
        ];
        for text in &texts {
            let index = ask_state::model::LineIndex::new(text);
            for keep in [Keep::Head(6), Keep::Tail(6), Keep::Head(2), Keep::Tail(2)] {
                let plain = lay_out(text, 30, keep, None);
                let indexed = lay_out(text, 30, keep, Some(&index));
                assert_eq!(plain.rows, indexed.rows, "{keep:?}");
                assert_eq!(plain.hidden, indexed.hidden, "{keep:?}");
                assert!(plain.hidden > 0, "{keep:?}");
            }
        }
    }
}
