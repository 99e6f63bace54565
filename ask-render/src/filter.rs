//! The type-to-filter line (`/ query  (N of M)`) and highlighting of matched characters.

use std::ops::Range;

use ask_i18n::{Locale, Msg};
use ask_state::model::OptionFilter;
use unicode_segmentation::UnicodeSegmentation;

use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::sanitize;
use crate::text::display_width;

/// The filter line: `/ `, the query with a caret, and how many options match, e.g.
/// `/ pg▏  (2 of 120)`. A query too long for the width keeps its end.
pub(crate) fn filter_line(filter: &OptionFilter, width: usize, locale: Locale) -> Line {
    let count = format!(
        "  {}",
        locale.format(
            Msg::FilterCount,
            &[("n", &filter.matches().len()), ("total", &filter.total())],
        )
    );
    let query = sanitize(filter.query()).replace('\n', " ");
    let room = width.saturating_sub(2 + 1 + display_width(&count));
    let mut line = Line::new(vec![Span::new("/ ", Style::new(Role::Accent).bold())]);
    if filter.query().is_empty() {
        line.push(Span::new(" ", Style::new(Role::Accent).inverse()));
        line.push(Span::new(
            format!(" {}", locale.text(Msg::FilterPlaceholder)),
            Role::Dim,
        ));
    } else {
        line.push(Span::new(tail(&query, room), Role::Text));
        line.push(Span::new(" ", Style::new(Role::Accent).inverse()));
    }
    line.push(Span::new(count, Role::Muted));
    line
}

/// The end of `text` that fits `room` columns, with `…` in front when cut.
fn tail(text: &str, room: usize) -> String {
    if display_width(text) <= room {
        return text.to_owned();
    }
    let mut start = text.len();
    let mut used = 1;
    for (at, c) in text.char_indices().rev() {
        let w = display_width(c.encode_utf8(&mut [0; 4]));
        if used + w > room {
            break;
        }
        used += w;
        start = at;
    }
    format!("…{}", &text[start..])
}

/// The line shown instead of option rows when nothing matches.
pub(crate) fn no_match_line(locale: Locale) -> Line {
    Line::new(vec![
        Span::raw("  "),
        Span::new(locale.text(Msg::FilterNoMatch), Role::Dim),
    ])
}

/// Appends `row` (a slice of `text`) to `line` in `style`, with the characters inside
/// `marks` (byte ranges of `text`) as [`Role::Match`] spans. A grapheme is marked when any
/// of its characters is, so a combining mark stays with its base. Each piece is sanitized.
pub(crate) fn push_marked(
    line: &mut Line,
    text: &str,
    row: &str,
    style: Style,
    marks: &[Range<usize>],
) {
    let base = row.as_ptr().addr().wrapping_sub(text.as_ptr().addr());
    if base > text.len() {
        line.push(Span::new(sanitize(row).into_owned(), style));
        return;
    }
    let matched = Style {
        role: Role::Match,
        ..style
    };
    let marked = |from: usize, to: usize| {
        marks
            .iter()
            .any(|m| m.start < base + to && base + from < m.end)
    };
    let mut piece_start = 0;
    let mut piece_marked = false;
    for (at, g) in row.grapheme_indices(true) {
        let now = marked(at, at + g.len());
        if at > piece_start && now != piece_marked {
            let part = &row[piece_start..at];
            let s = if piece_marked { matched } else { style };
            line.push(Span::new(sanitize(part).into_owned(), s));
            piece_start = at;
        }
        if at == piece_start {
            piece_marked = now;
        }
    }
    if piece_start < row.len() {
        let s = if piece_marked { matched } else { style };
        line.push(Span::new(sanitize(&row[piece_start..]).into_owned(), s));
    }
}

#[cfg(test)]
mod tests {
    use std::ops::Range;

    use super::{push_marked, tail};
    use crate::frame::{Line, Role, Style};

    #[test]
    fn a_row_splits_into_plain_and_matched_pieces() {
        let text = "PostgreSQL db";
        let mut line = Line::empty();
        let row = &text[4..];
        push_marked(
            &mut line,
            text,
            row,
            Style::new(Role::Text),
            &[0..1, 4..5, 7..9],
        );
        let pieces: Vec<(String, Role)> = line
            .spans
            .iter()
            .map(|s| (s.text.clone(), s.style.role))
            .collect();
        assert_eq!(
            pieces,
            [
                ("g".to_owned(), Role::Match),
                ("re".to_owned(), Role::Text),
                ("SQ".to_owned(), Role::Match),
                ("L db".to_owned(), Role::Text),
            ]
        );
    }

    #[test]
    fn a_combining_mark_stays_with_its_marked_base() {
        let text = "cafe\u{301} bar";
        let mut line = Line::empty();
        let marks = [Range { start: 3, end: 4 }];
        push_marked(&mut line, text, text, Style::new(Role::Text), &marks);
        let pieces: Vec<(&str, Role)> = line
            .spans
            .iter()
            .map(|s| (s.text.as_str(), s.style.role))
            .collect();
        assert_eq!(
            pieces,
            [
                ("caf", Role::Text),
                ("e\u{301}", Role::Match),
                (" bar", Role::Text)
            ]
        );
    }

    #[test]
    fn a_long_query_keeps_its_end() {
        assert_eq!(tail("abcdef", 10), "abcdef");
        assert_eq!(tail("abcdef", 4), "…def");
        assert_eq!(tail("中文字", 4), "…字");
    }
}
