//! The inline editor and its `@` completion list.

use ask_state::{CompletionList, Editor};

use crate::block::Block;
use crate::frame::{Line, Role, Span, Style};
use crate::sanitize::{sanitize, sanitize_line};
use crate::text::{display_width, wrap_chars};

/// Most completion items shown at once.
const MAX_COMPLETIONS: usize = 8;

/// The editor at `indent` columns: a `│ ` bar, the text wrapped between graphemes
/// (one column kept free for the cursor), the cursor position, and the completion
/// list below. `placeholder` shows (dim) while the text is empty.
pub(crate) fn editor_block(
    editor: &Editor,
    width: usize,
    indent: usize,
    placeholder: &str,
) -> Block {
    let mut block = Block::new(width);
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
        let mut offset = 0usize;
        for raw in text.split('\n') {
            let ranges = wrap_chars(raw, avail);
            let last = ranges.len().saturating_sub(1);
            for (k, range) in ranges.iter().enumerate() {
                let (start, end) = (offset + range.start, offset + range.end);
                let at_end_of_row = cursor == end && (k == last);
                if block.cursor.is_none() && cursor >= start && (cursor < end || at_end_of_row) {
                    let before = text.get(start..cursor).unwrap_or("");
                    let col = text_col + display_width(&sanitize(before));
                    block.cursor = Some((block.len(), col.min(width.saturating_sub(1))));
                    block.focus_next();
                }
                let mut line = Line::new(bar());
                line.push(Span::new(
                    sanitize(&raw[range.clone()]).into_owned(),
                    Role::Editor,
                ));
                block.push(line);
            }
            offset += raw.len() + 1;
        }
    }
    if let Some(list) = &editor.completion {
        completion_lines(&mut block, list, text_col);
    }
    block
}

/// The `@` completion list under an editor: the highlighted item with a pointer,
/// at most [`MAX_COMPLETIONS`] items around it, and how many more there are.
fn completion_lines(block: &mut Block, list: &CompletionList, indent: usize) {
    let pad = || Span::raw(" ".repeat(indent));
    if list.items.is_empty() {
        block.push(Line::new(vec![
            pad(),
            Span::new("no matching files", Role::Dim),
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
            Span::new(format!("↑ {start} more"), Role::Muted),
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
            Span::new(format!("↓ {} more", n - end), Role::Muted),
        ]));
    }
}
