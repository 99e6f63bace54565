//! The inline editor and its `@` completion list.

use std::ops::Range;

use ask_state::model::{CompletionList, Editor, count_newlines};

use crate::block::Block;
use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::{sanitize, sanitize_line};
use crate::text::{display_width, wrap_chars};
use crate::window::{floor_boundary, marker};

/// Most completion items shown at once.
const MAX_COMPLETIONS: usize = 8;

/// The editor at `indent` columns: a `│ ` bar, the text wrapped between graphemes
/// (one column kept free for the cursor), the cursor position, and the completion
/// list below. `placeholder` shows (dim) while the text is empty.
///
/// With a `height` (rows of the screen, 0 for no limit), only the rows within one
/// screen of the cursor row are laid out (the host keeps the cursor visible, so no
/// other row can show); `↑ N more lines` / `↓ N more lines` count the rest.
pub(crate) fn editor_block(
    editor: &Editor,
    (width, height): (usize, usize),
    indent: usize,
    (placeholder, locale): (&str, ask_i18n::Locale),
) -> Block {
    let mut block = Block::new(width, locale);
    let bar_w = 2;
    let (indent, avail) = if indent + bar_w + 2 <= width {
        (indent, width - indent - bar_w - 1)
    } else if bar_w + 2 <= width {
        (0, width - bar_w - 1)
    } else {
        (0, width.max(2) - 1)
    };
    let bar = || -> Vec<Span> {
        let mut spans = Vec::new();
        if indent > 0 {
            spans.push(Span::raw(" ".repeat(indent)));
        }
        if width >= bar_w + 2 {
            spans.push(Span::new("│ ", Role::Accent));
        }
        spans
    };
    let text_col = indent + if width >= bar_w + 2 { bar_w } else { 0 };
    let text = editor.buffer.text();
    let cursor = editor.buffer.cursor();
    block.focus_next();
    if text.is_empty() {
        let mut line = Line::new(bar());
        line.push(Span::new(placeholder, Role::Dim));
        block.cursor = Some((0, text_col));
        block.push(line);
    } else {
        let reach = if height == 0 {
            usize::MAX
        } else {
            height.max(2) - 1
        };
        let mut view = window(text, cursor, avail, reach);
        if height > 0 {
            fit(text, &mut view, height.max(2));
        }
        let marker_line = |n: usize, up: bool| {
            let mut line = Line::new(bar());
            line.spans.extend(marker(n, up, locale).spans);
            line
        };
        if view.hidden_above > 0 {
            block.push(marker_line(view.hidden_above, true));
        }
        for (k, range) in view.rows.iter().enumerate() {
            if k == view.cursor_row {
                let before = text.get(range.start..cursor).unwrap_or("");
                let col = text_col + display_width(&sanitize(before));
                block.cursor = Some((block.len(), col.min(width.saturating_sub(1))));
                block.focus_next();
            }
            let mut line = Line::new(bar());
            line.push(Span::new(
                sanitize(text.get(range.clone()).unwrap_or("")).into_owned(),
                Role::Editor,
            ));
            block.push(line);
        }
        if view.hidden_below > 0 {
            block.push(marker_line(view.hidden_below, false));
        }
    }
    if let Some(list) = &editor.completion {
        completion_lines(&mut block, list, text_col);
    }
    block
}

/// Longest run of a source line wrapped in one piece. A longer line is wrapped in
/// pieces of this size (each starting a row), so a key in an editor holding one
/// huge line only wraps the pieces near the cursor.
const SEGMENT: usize = 8 * 1024;

/// The rows of an editor's text around the cursor.
struct View {
    /// Byte ranges of the rows, top to bottom.
    rows: Vec<Range<usize>>,
    /// Index in `rows` of the cursor's row.
    cursor_row: usize,
    /// Source lines left out above and below (a line partly shown counts).
    hidden_above: usize,
    hidden_below: usize,
}

/// The piece of `text` (no newline inside) that holds byte `pos`: its source line,
/// or a [`SEGMENT`]-sized part of it for a long line. A `pos` at the end of a part
/// that is not the end of the line belongs to the next part.
fn segment_at(text: &str, pos: usize) -> Range<usize> {
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
    if line_end - line_start <= SEGMENT {
        return line_start..line_end;
    }
    // The end of the line belongs to its last part.
    let mut k = (pos.min(line_end - 1) - line_start) / SEGMENT;
    loop {
        let start = floor_boundary(text, line_start + k * SEGMENT);
        let end = floor_boundary(text, line_start + (k + 1) * SEGMENT).min(line_end);
        if pos < end || end == line_end {
            return start..end;
        }
        k += 1;
    }
}

/// Rows of a piece wrapped between graphemes, as byte ranges of the text.
fn piece_rows(text: &str, piece: &Range<usize>, width: usize) -> Vec<Range<usize>> {
    let part = &text[piece.clone()];
    wrap_chars(part, width)
        .into_iter()
        .map(|r| piece.start + r.start..piece.start + r.end)
        .collect()
}

/// The cursor's row and at most `reach` rows above and below it.
fn window(text: &str, cursor: usize, width: usize, reach: usize) -> View {
    let piece = segment_at(text, cursor);
    let mut rows = piece_rows(text, &piece, width);
    // Rows cover the piece without gaps: the cursor's row is the first that ends
    // after it, or the last one when the cursor ends the piece.
    let mut cursor_row = rows
        .iter()
        .position(|r| cursor < r.end)
        .unwrap_or(rows.len().saturating_sub(1));
    // Upwards: earlier pieces until `reach` rows are above the cursor.
    let mut first_piece = piece.clone();
    while cursor_row < reach && first_piece.start > 0 {
        let before = if text.as_bytes()[first_piece.start - 1] == b'\n' {
            first_piece.start - 1
        } else {
            floor_boundary(text, first_piece.start - 1)
        };
        first_piece = segment_at(text, before);
        let mut above = piece_rows(text, &first_piece, width);
        cursor_row += above.len();
        above.append(&mut rows);
        rows = above;
    }
    let drop_top = cursor_row.saturating_sub(reach);
    // Downwards: later pieces until `reach` rows are below it.
    let mut last_piece = piece;
    while rows.len() - cursor_row <= reach && last_piece.end < text.len() {
        let next = if text.as_bytes()[last_piece.end] == b'\n' {
            last_piece.end + 1
        } else {
            last_piece.end
        };
        last_piece = segment_at(text, next);
        rows.extend(piece_rows(text, &last_piece, width));
    }
    let keep_end = rows
        .len()
        .min(cursor_row.saturating_add(reach).saturating_add(1));
    let hidden_above = if drop_top > 0 || first_piece.start > 0 {
        let top = rows.get(drop_top).map_or(0, |r| r.start);
        let line_start = text[..top].rfind('\n').map_or(0, |i| i + 1);
        count_newlines(&text[..line_start]) + usize::from(top > line_start)
    } else {
        0
    };
    let hidden_below = if keep_end < rows.len() || last_piece.end < text.len() {
        let bottom = rows.get(keep_end - 1).map_or(text.len(), |r| r.end);
        let line_end = text[bottom..].find('\n').map_or(text.len(), |i| bottom + i);
        count_newlines(&text[line_end..]) + usize::from(bottom < line_end)
    } else {
        0
    };
    rows.truncate(keep_end);
    rows.drain(..drop_top);
    View {
        rows,
        cursor_row: cursor_row - drop_top,
        hidden_above,
        hidden_below,
    }
}

/// Drops rows of `view` farthest from the cursor until its rows and markers take at most
/// `rows` rows, counting the source lines they hide.
fn fit(text: &str, view: &mut View, rows: usize) {
    let markers = |v: &View| usize::from(v.hidden_above > 0) + usize::from(v.hidden_below > 0);
    let mut changed = false;
    while view.rows.len() > 1 && view.rows.len() + markers(view) > rows {
        let below = view.rows.len() - 1 - view.cursor_row;
        if view.cursor_row > below {
            view.rows.remove(0);
            view.cursor_row -= 1;
            view.hidden_above = view.hidden_above.max(1);
        } else {
            view.rows.pop();
            view.hidden_below = view.hidden_below.max(1);
        }
        changed = true;
    }
    if !changed {
        return;
    }
    // Recounted as `window` counts: a line partly shown counts as hidden.
    if let Some(top) = view.rows.first().map(|r| r.start).filter(|t| *t > 0) {
        let line_start = text[..top].rfind('\n').map_or(0, |i| i + 1);
        view.hidden_above = count_newlines(&text[..line_start]) + usize::from(top > line_start);
    }
    if let Some(bottom) = view.rows.last().map(|r| r.end).filter(|b| *b < text.len()) {
        let line_end = text[bottom..].find('\n').map_or(text.len(), |i| bottom + i);
        view.hidden_below = count_newlines(&text[line_end..]) + usize::from(bottom < line_end);
    }
}

/// The `@` completion list under an editor: the highlighted item with a pointer,
/// at most [`MAX_COMPLETIONS`] items around it, and how many more there are.
fn completion_lines(block: &mut Block, list: &CompletionList, indent: usize) {
    let locale = block.locale;
    let pad = || Span::raw(" ".repeat(indent));
    // Said first, so a short terminal that cuts the list still shows it.
    if list.partial {
        block.push(Line::new(vec![
            pad(),
            Span::new(locale.text(ask_i18n::Msg::CompletionPartial), Role::Dim),
        ]));
    }
    if list.items.is_empty() {
        block.push(Line::new(vec![
            pad(),
            Span::new(locale.text(ask_i18n::Msg::CompletionNone), Role::Dim),
        ]));
        return;
    }
    let n = list.items.len();
    let selected = list.selected.min(n - 1);
    let start = selected
        .saturating_sub(MAX_COMPLETIONS / 2)
        .min(n.saturating_sub(MAX_COMPLETIONS));
    let end = (start + MAX_COMPLETIONS).min(n);
    if start > 0 {
        block.push(Line::new(vec![
            pad(),
            Span::new(
                format!(
                    "↑ {}",
                    locale.format(ask_i18n::Msg::ListMore, &[("n", &start)])
                ),
                Role::Muted,
            ),
        ]));
    }
    for (k, item) in list.items.iter().enumerate().take(end).skip(start) {
        let mut path = format!("@{}", sanitize_line(&item.path));
        if item.is_dir {
            path.push('/');
        }
        let line = if k == selected {
            Line::new(vec![
                pad(),
                Span::new("❯ ", Role::Accent),
                Span::new(path, Style::new(Role::Accent).bold()),
            ])
        } else {
            Line::new(vec![pad(), Span::raw("  "), Span::new(path, Role::Muted)])
        };
        block.push(line);
    }
    if end < n {
        block.push(Line::new(vec![
            pad(),
            Span::new(
                format!(
                    "↓ {}",
                    locale.format(ask_i18n::Msg::ListMore, &[("n", &(n - end))])
                ),
                Role::Muted,
            ),
        ]));
    }
}
