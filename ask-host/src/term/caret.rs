//! The inline painter's own cursor: the cell under the editor cursor drawn in
//! reverse video. Inline, the terminal cursor stays (hidden) on the band's
//! first row, the one place a terminal that rewraps rows on a resize cannot
//! move away from the band's top; a visible terminal cursor in the editor would
//! be carried off by the rewrapped rows above it.

use ask_render::{Line, Span, text::display_width};
use unicode_segmentation::UnicodeSegmentation;

/// `line` with the cell at display column `col` in reverse video; past the end
/// of the line, a reverse-video space there.
pub(crate) fn with_caret(line: &Line, col: usize) -> Line {
    let mut spans = Vec::with_capacity(line.spans.len() + 2);
    let mut used = 0;
    let mut placed = false;
    for span in &line.spans {
        if placed {
            spans.push(span.clone());
            continue;
        }
        let (mut before, mut cell, mut after) = (String::new(), String::new(), String::new());
        for g in span.text.graphemes(true) {
            let width = display_width(g);
            if !cell.is_empty() {
                after.push_str(g);
            } else if used >= col && width > 0 {
                cell.push_str(g);
            } else {
                before.push_str(g);
                used += width;
            }
        }
        if cell.is_empty() {
            spans.push(span.clone());
            continue;
        }
        placed = true;
        for (text, style) in [
            (before, span.style),
            (cell, span.style.inverse()),
            (after, span.style),
        ] {
            if !text.is_empty() {
                spans.push(Span::new(text, style));
            }
        }
    }
    if !placed {
        if used < col {
            spans.push(Span::raw(" ".repeat(col - used)));
        }
        spans.push(Span::new(" ", ask_render::Style::default().inverse()));
    }
    Line::new(spans)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ask_render::{Frame, Role};

    fn styled(line: &Line) -> String {
        Frame::from_lines(vec![line.clone()])
            .to_styled_text()
            .trim_end()
            .to_owned()
    }

    #[test]
    fn the_cell_under_the_cursor_is_reversed() {
        let line = Line::new(vec![Span::raw("│ "), Span::new("héllo", Role::Text)]);
        assert_eq!(styled(&with_caret(&line, 3)), "│ h[text+inverse]é[/]llo");
        assert_eq!(styled(&with_caret(&line, 0)), "[text+inverse]│[/] héllo");
    }

    #[test]
    fn past_the_end_a_reversed_space_and_wide_cells_stay_whole() {
        let line = Line::new(vec![Span::raw("ab")]);
        assert_eq!(styled(&with_caret(&line, 4)), "ab  [text+inverse] [/]");
        let wide = Line::new(vec![Span::raw("中文x")]);
        assert_eq!(styled(&with_caret(&wide, 2)), "中[text+inverse]文[/]x");
    }
}
