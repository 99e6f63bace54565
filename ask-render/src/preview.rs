//! The preview pane of preview questions: a title, the wrapped preview text
//! scrolled to the requested source line, and "N more lines" markers.

use crate::block::Block;
use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::{sanitize, sanitize_line};
use crate::text::wrap_line;

/// Rows of the wrapped preview: (source line index, row text).
fn rows(text: &str, width: usize) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (li, raw) in text.split('\n').enumerate() {
        for range in wrap_line(raw, width) {
            out.push((li, sanitize(&raw[range]).into_owned()));
        }
    }
    out
}

/// Rows the pane needs to show everything (title included).
pub(crate) fn pane_rows_needed(text: Option<&str>, width: usize) -> usize {
    1 + text.map_or(1, |t| rows(t, width.saturating_sub(2).max(1)).len())
}

/// The pane at `width` columns in at most `max_rows` rows (at least two): the title
/// `Preview · <label>`, then the text from source line `scroll` on. Hidden rows are
/// counted in `↑ N more lines` / `↓ N more lines` markers, which take rows of their own.
pub(crate) fn preview_pane(
    label: &str,
    text: Option<&str>,
    scroll: usize,
    width: usize,
    max_rows: usize,
) -> Block {
    let mut block = Block::new(width);
    block.push(Line::new(vec![
        Span::new("Preview · ", Role::Muted),
        Span::new(sanitize_line(label), Style::new(Role::Title).bold()),
    ]));
    let Some(text) = text else {
        block.push(Line::styled("No preview for this row.", Role::Dim));
        return block;
    };
    let inner = width.saturating_sub(2).max(1);
    let all = rows(text, inner);
    let total = all.len();
    let avail = max_rows.max(2) - 1;
    let marker = |n: usize, up: bool| {
        let arrow = if up { "↑" } else { "↓" };
        let noun = if n == 1 { "line" } else { "lines" };
        Line::styled(format!("{arrow} {n} more {noun}"), Role::Muted)
    };
    let content = |block: &mut Block, rows: &[(usize, String)]| {
        for (_, row) in rows {
            block.push(Line::new(vec![
                Span::raw("  "),
                Span::new(row.clone(), Role::Text),
            ]));
        }
    };
    if total <= avail {
        content(&mut block, &all);
        return block;
    }
    // Scrolled: the first row of the requested source line, clamped so the pane stays full.
    let first = all
        .iter()
        .position(|(li, _)| *li >= scroll)
        .unwrap_or(total);
    let mut start = first;
    let mut visible = avail.saturating_sub(usize::from(start > 0) + 1).max(1);
    if start + visible >= total {
        // At the end: no bottom marker; the top marker is needed since total > avail.
        visible = avail.saturating_sub(1).max(1);
        start = total - visible;
    }
    let shown = all.get(start..start + visible).unwrap_or_default();
    // Markers count source lines (what the author wrote and what pageUp/pageDown step),
    // a line cut by the pane edge counting as hidden.
    let first_shown = shown.first().map_or(0, |(li, _)| *li);
    let above = first_shown
        + usize::from(start > 0 && all.get(start - 1).is_some_and(|(li, _)| *li == first_shown));
    let last_shown = shown.last().map_or(0, |(li, _)| *li);
    let source_lines = all.last().map_or(0, |(li, _)| li + 1);
    let cut_below = all
        .get(start + visible)
        .is_some_and(|(li, _)| *li == last_shown);
    let below = source_lines - last_shown - 1 + usize::from(cut_below);
    if start > 0 {
        block.push(marker(above.max(1), true));
    }
    content(&mut block, shown);
    if start + visible < total {
        block.push(marker(below.max(1), false));
    }
    block
}
