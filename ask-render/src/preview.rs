//! The preview pane of preview questions: a title, the wrapped preview text
//! scrolled to the requested source line, and "N more lines" markers.

use crate::block::Block;
use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::{sanitize, sanitize_line};
use crate::text::{display_width, truncate, wrap_line, wrap_line_upto};
use ask_state::model::{LineIndex, count_newlines};

use crate::window::{byte_budget, ceil_boundary, floor_boundary, marker};

/// Rows of source lines `line` (starting at byte `at`) on: (source line index, row
/// text), at most `n`. A line longer than a screen can need is cut.
fn rows_down<'a>(
    text: &'a str,
    (mut line, mut at): (usize, usize),
    width: usize,
    n: usize,
    index: Option<&LineIndex>,
) -> Vec<(usize, &'a str)> {
    let budget = byte_budget(n, width);
    let mut out = Vec::new();
    while out.len() < n && at <= text.len() {
        let rest = &text[at..];
        let look = floor_boundary(rest, budget);
        let raw = rest[..look]
            .find('\n')
            .map_or(&rest[..look], |i| &rest[..i]);
        out.extend(
            wrap_line_upto(raw, width, n - out.len())
                .into_iter()
                .map(|r| (line, &raw[r])),
        );
        if raw.len() == look && look < rest.len() {
            // Cut by the budget: the rest of this line shows no more.
            at = match index {
                Some(index) if line < index.newlines() => index.line_offset(text, line + 1),
                Some(_) => text.len() + 1,
                None => rest.find('\n').map_or(text.len() + 1, |i| at + i + 1),
            };
        } else {
            at += raw.len() + 1;
        }
        line += 1;
    }
    out.truncate(n);
    out
}

/// The last `n` rows (top to bottom) of a text of `lines` source lines, with their
/// source line indices. A line longer than a screen can need shows its end.
fn rows_up<'a>(
    text: &'a str,
    lines: usize,
    (width, n): (usize, usize),
    index: Option<&LineIndex>,
) -> Vec<(usize, &'a str)> {
    let budget = byte_budget(n, width);
    let mut out: Vec<(usize, &str)> = Vec::new();
    let mut end = text.len();
    let mut line = lines.saturating_sub(1);
    loop {
        let before = &text[..end];
        let from = ceil_boundary(before, end.saturating_sub(budget));
        let start = before[from..].rfind('\n').map_or(from, |i| from + i + 1);
        let raw = &text[start..end];
        let mut rows: Vec<(usize, &str)> = wrap_line(raw, width)
            .into_iter()
            .map(|r| (line, &raw[r]))
            .collect();
        rows.append(&mut out);
        out = rows;
        let line_start = if start == from && from > 0 {
            index.map_or_else(
                || before.rfind('\n').map_or(0, |i| i + 1),
                |index| index.line_start(text, from),
            )
        } else {
            start
        };
        if out.len() >= n || line_start == 0 || line == 0 {
            break;
        }
        end = line_start - 1;
        line -= 1;
    }
    let skip = out.len().saturating_sub(n);
    out.drain(..skip);
    out
}

/// Byte offset of source line `line` (the text length when there are fewer lines).
fn line_offset(text: &str, line: usize, index: Option<&LineIndex>) -> usize {
    if line == 0 {
        return 0;
    }
    match index {
        Some(index) => index.line_offset(text, line),
        None => text
            .match_indices('\n')
            .nth(line - 1)
            .map_or(text.len(), |(i, _)| i + 1),
    }
}

/// Rows the pane needs to show everything (title included), counted up to `cap`.
pub(crate) fn pane_rows_needed(
    text: Option<&str>,
    index: Option<&LineIndex>,
    width: usize,
    cap: usize,
) -> usize {
    1 + text.map_or(1, |t| {
        rows_down(t, (0, 0), width.saturating_sub(2).max(1), cap, index).len()
    })
}

/// Fewest rows of the full pane: its title, a row of text and a marker. In fewer rows the
/// pane is compact ([`compact_pane`]).
pub(crate) const PANE_ROWS: usize = 3;

/// The pane in `max_rows` rows too few for its markers (a short frame): the title row
/// also counts the hidden lines (`Preview · Tabs  ↑ 2 ↓ 9 more lines`), and the rows
/// under it show the text from its line `scroll` on.
fn compact_pane(
    label: &str,
    (text, index): (&str, Option<&LineIndex>),
    scroll: usize,
    width: usize,
    (max_rows, locale): (usize, ask_i18n::Locale),
) -> Block {
    let inner = width.saturating_sub(2).max(1);
    let source_lines = index.map_or_else(|| count_newlines(text), LineIndex::newlines) + 1;
    let scroll = scroll.min(source_lines - 1);
    let content = max_rows.saturating_sub(1);
    let at = line_offset(text, scroll, index);
    let rows = rows_down(text, (scroll, at), inner, content + 1, index);
    let shown = &rows[..content.min(rows.len())];
    let last_shown = shown.last().map_or(scroll, |(li, _)| *li);
    let cut_below = rows.get(content).is_some_and(|(li, _)| *li == last_shown);
    let below = if shown.is_empty() {
        source_lines - scroll
    } else {
        source_lines - last_shown - 1 + usize::from(cut_below)
    };
    let more = |n: usize| {
        use ask_i18n::Msg;
        locale.plural(
            n as u64,
            (Msg::LinesMoreOne, Msg::LinesMoreOther),
            &[("n", &n)],
        )
    };
    let count = match (scroll, below) {
        (0, 0) => String::new(),
        (0, b) => format!("↓ {}", more(b)),
        (a, 0) => format!("↑ {}", more(a)),
        (a, b) => format!("↑ {a} ↓ {}", more(b)),
    };
    let mut block = Block::new(width, locale);
    block.scrolls = !count.is_empty();
    let lead = format!("{} · ", locale.text(ask_i18n::Msg::PreviewTitle));
    let room = width.saturating_sub(display_width(&lead) + display_width(&count) + 2);
    let mut title = Line::new(vec![
        Span::new(lead, Role::Muted),
        Span::new(
            truncate(&sanitize_line(label), room.max(1)),
            Style::new(Role::Title).bold(),
        ),
    ]);
    if !count.is_empty() {
        title.push(Span::raw("  "));
        title.push(Span::new(count, Role::Muted));
    }
    block.push(title);
    for (_, row) in shown {
        block.push(Line::new(vec![
            Span::raw("  "),
            Span::new(sanitize(row).into_owned(), Role::Text),
        ]));
    }
    block
}

/// The pane at `width` columns in at most `max_rows` rows (at least two): the title
/// `Preview · <label>`, then the text from source line `scroll` on. Hidden rows are
/// counted in `↑ N more lines` / `↓ N more lines` markers, which take rows of their own.
/// With the text's line `index`, a frame looks at one screen of the text.
pub(crate) fn preview_pane(
    label: &str,
    (text, index): (Option<&str>, Option<&LineIndex>),
    scroll: usize,
    width: usize,
    (max_rows, locale): (usize, ask_i18n::Locale),
) -> Block {
    let mut block = Block::new(width, locale);
    block.push(Line::new(vec![
        Span::new(
            format!("{} · ", locale.text(ask_i18n::Msg::PreviewTitle)),
            Role::Muted,
        ),
        Span::new(sanitize_line(label), Style::new(Role::Title).bold()),
    ]));
    let Some(text) = text else {
        block.push(Line::styled(
            locale.text(ask_i18n::Msg::PreviewNone),
            Role::Dim,
        ));
        return block;
    };
    let inner = width.saturating_sub(2).max(1);
    let avail = max_rows.max(2) - 1;
    // A text that does not show whole in a pane too short for its markers (scrolled, it
    // needs a row more: both of them) is compact.
    if max_rows < PANE_ROWS + usize::from(scroll > 0)
        && rows_down(text, (0, 0), inner, max_rows, index).len() >= max_rows
    {
        return compact_pane(label, (text, index), scroll, width, (max_rows, locale));
    }
    let content = |block: &mut Block, rows: &[(usize, &str)]| {
        for (_, row) in rows {
            block.push(Line::new(vec![
                Span::raw("  "),
                Span::new(sanitize(row).into_owned(), Role::Text),
            ]));
        }
    };
    let head = rows_down(text, (0, 0), inner, avail + 1, index);
    if head.len() <= avail {
        content(&mut block, &head);
        return block;
    }
    block.scrolls = true;
    // Scrolled: the first row of the requested source line, clamped so the pane stays
    // full. Markers count source lines (what the author wrote and what pageUp/pageDown
    // step), a line cut by the pane edge counting as hidden.
    let source_lines = index.map_or_else(|| count_newlines(text), LineIndex::newlines) + 1;
    let visible = avail.saturating_sub(usize::from(scroll > 0) + 1).max(1);
    let from = if scroll < source_lines {
        let at = line_offset(text, scroll, index);
        rows_down(text, (scroll, at), inner, visible + 1, index)
    } else {
        Vec::new()
    };
    if from.len() > visible {
        let shown = &from[..visible];
        let last_shown = shown.last().map_or(0, |(li, _)| *li);
        let cut_below = from.get(visible).is_some_and(|(li, _)| *li == last_shown);
        let below = source_lines - last_shown - 1 + usize::from(cut_below);
        if scroll > 0 {
            block.push(marker(scroll.max(1), true, block.locale));
        }
        content(&mut block, shown);
        block.push(marker(below.max(1), false, block.locale));
        return block;
    }
    // At the end: no bottom marker; the top marker is needed since the text is taller.
    let visible = avail.saturating_sub(1).max(1);
    let tail = rows_up(text, source_lines, (inner, visible + 1), index);
    let shown = tail
        .get(tail.len().saturating_sub(visible)..)
        .unwrap_or_default();
    let first_shown = shown.first().map_or(0, |(li, _)| *li);
    let cut_above = tail.len() > visible && tail.first().is_some_and(|(li, _)| *li == first_shown);
    block.push(marker(
        (first_shown + usize::from(cut_above)).max(1),
        true,
        block.locale,
    ));
    content(&mut block, shown);
    block
}

#[cfg(test)]
mod tests {
    use std::fmt::Write as _;

    use ask_state::model::{LINE_INDEX_CHUNK, LineIndex};

    use super::preview_pane;

    fn texts(block: &crate::block::Block) -> Vec<String> {
        block.lines.iter().map(crate::frame::Line::plain).collect()
    }

    /// Scrolling a preview past the index chunk shows the same rows and markers with
    /// the line index as with scanning, at the top, in the middle and at the end.
    #[test]
    fn indexed_pane_agrees_with_scanning() {
        let code = (0..LINE_INDEX_CHUNK / 8).fold(String::new(), |mut s, l| {
            let _ = writeln!(s, "let x{l} = {l};");
            s
        });
        let long_lines = format!(
            "{}\nshort\n{}",
            "y".repeat(3 * LINE_INDEX_CHUNK),
            "z ".repeat(LINE_INDEX_CHUNK)
        );
        for text in [code.as_str(), long_lines.as_str()] {
            let index = LineIndex::new(text);
            let lines = index.newlines() + 1;
            for scroll in [0, 1, 2, lines / 2, lines - 3, lines - 1, lines + 5] {
                let plain = preview_pane(
                    "A",
                    (Some(text), None),
                    scroll,
                    40,
                    (12, ask_i18n::Locale::En),
                );
                let indexed = preview_pane(
                    "A",
                    (Some(text), Some(&index)),
                    scroll,
                    40,
                    (12, ask_i18n::Locale::En),
                );
                assert_eq!(texts(&plain), texts(&indexed), "scroll {scroll}");
            }
        }
    }
}
