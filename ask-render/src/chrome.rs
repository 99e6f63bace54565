//! Frames without their own top and bottom rules, for hosts that draw a border.

use ask_state::Flow;

use crate::frame::{Cursor, Frame, Line, Role};
use crate::render::{RenderOptions, render};

/// [`render`] with the rules taken off: the form is laid out two rows taller, the rule
/// rows are dropped, and what is still over `options.height` is cut around the focus.
pub(crate) fn without_rules(flow: &Flow, options: &RenderOptions) -> Frame {
    let taller = if options.height == 0 {
        0
    } else {
        options.height.saturating_add(2)
    };
    let mut frame = render(flow, &RenderOptions::new(options.width, taller));
    if frame.lines.last().is_some_and(is_rule) {
        frame.lines.pop();
    }
    if frame.lines.first().is_some_and(is_rule) {
        frame.lines.remove(0);
        frame.focus_row = frame.focus_row.saturating_sub(1);
        frame.cursor = frame
            .cursor
            .and_then(|c| c.row.checked_sub(1).map(|row| Cursor::new(row, c.column)));
    }
    let last = frame.lines.len().saturating_sub(1);
    frame.focus_row = frame.focus_row.min(last);
    if options.height > 0 && frame.lines.len() > options.height {
        // The scrolled-away head was not a rule: cut the rows the host has no room for.
        let start = frame.scroll_start(options.height);
        frame.lines.drain(..start);
        frame.lines.truncate(options.height);
        frame.focus_row = frame.focus_row.saturating_sub(start);
        frame.cursor = frame.cursor.and_then(|c| {
            c.row
                .checked_sub(start)
                .filter(|row| *row < options.height)
                .map(|row| Cursor::new(row, c.column))
        });
    }
    frame
}

/// A row that is only a rule: border-styled `─` cells.
fn is_rule(line: &Line) -> bool {
    !line.spans.is_empty()
        && line
            .spans
            .iter()
            .all(|s| s.style.role == Role::Border && s.text.chars().all(|c| c == '─'))
}
