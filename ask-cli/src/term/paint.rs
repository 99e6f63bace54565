//! The painter: a rendered [`Frame`] onto the terminal. Styles come from
//! ask-render's [`Theme`] (or only bold/inverse without colour), crops to the terminal height
//! keeping the focus row in view, and rewrites only the rows that changed.

use std::io::{self, Write};

use ask_render::{Frame, Line, Theme};
use crossterm::terminal::{BeginSynchronizedUpdate, ClearType, EndSynchronizedUpdate};
use crossterm::{cursor, queue, terminal};

/// Draws frames; remembers the scroll offset and what is on screen.
pub(crate) struct Painter {
    theme: Theme,
    scroll: usize,
    shown: Vec<String>,
}

impl Painter {
    /// A painter that uses colours when `color` is true.
    pub(crate) fn new(color: bool) -> Self {
        // The decision is made by the caller (`--color always` wins over NO_COLOR);
        // the codes come from ask-render's theme, the same map every host can use.
        Self {
            theme: if color {
                Theme::default()
            } else {
                Theme::plain()
            },
            scroll: 0,
            shown: Vec::new(),
        }
    }

    /// Forgets what is on screen, so the next paint redraws every row (after a resize).
    pub(crate) fn invalidate(&mut self) {
        self.shown.clear();
    }

    /// The first frame row shown for a screen of `rows` rows: keeps the focus
    /// (the editor cursor, else the frame's focus row) in view and otherwise
    /// does not move, so the view does not jump while the focus stays visible.
    pub(crate) fn scroll_for(&mut self, frame: &Frame, rows: usize) -> usize {
        let len = frame.lines.len();
        if len <= rows || rows == 0 {
            self.scroll = 0;
            return 0;
        }
        let focus = frame.cursor.map_or(frame.focus_row, |(row, _)| row);
        if focus < self.scroll {
            self.scroll = focus;
        } else if focus >= self.scroll + rows {
            self.scroll = focus + 1 - rows;
        }
        self.scroll = self.scroll.min(len - rows);
        self.scroll
    }

    /// Paints `frame` on a `cols` x `rows` screen.
    pub(crate) fn paint(
        &mut self,
        out: &mut impl Write,
        frame: &Frame,
        cols: u16,
        rows: u16,
    ) -> io::Result<()> {
        let height = usize::from(rows);
        let start = self.scroll_for(frame, height);
        let visible: Vec<String> = (0..height)
            .map(|r| {
                frame
                    .lines
                    .get(start + r)
                    .map(|line| self.row(line, usize::from(cols)))
                    .unwrap_or_default()
            })
            .collect();
        queue!(out, BeginSynchronizedUpdate, cursor::Hide)?;
        for (r, row) in visible.iter().enumerate() {
            if self.shown.get(r) == Some(row) {
                continue;
            }
            let y = u16::try_from(r).unwrap_or(u16::MAX);
            queue!(out, cursor::MoveTo(0, y))?;
            out.write_all(row.as_bytes())?;
            queue!(out, terminal::Clear(ClearType::UntilNewLine))?;
        }
        self.shown = visible;
        if let Some((row, col)) = frame.cursor
            && row >= start
            && row < start + height
        {
            let y = u16::try_from(row - start).unwrap_or(u16::MAX);
            let x = u16::try_from(col)
                .unwrap_or(u16::MAX)
                .min(cols.saturating_sub(1));
            queue!(out, cursor::MoveTo(x, y), cursor::Show)?;
        }
        queue!(out, EndSynchronizedUpdate)?;
        out.flush()
    }

    /// One row as text with ANSI styles, cut to `cols` columns.
    fn row(&self, line: &Line, cols: usize) -> String {
        let mut out = String::new();
        ask_render::write_line(&mut out, line, &self.theme, cols);
        out
    }
}

/// Whether to use colours: `--color always|never`, else on unless `NO_COLOR` is set (non-empty).
pub(crate) fn use_color(choice: crate::cli::ColorChoice) -> bool {
    match choice {
        crate::cli::ColorChoice::Always => true,
        crate::cli::ColorChoice::Never => false,
        crate::cli::ColorChoice::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// Writes a whole frame as ANSI text (for tests of the painter).
#[cfg(test)]
fn paint_to_string(painter: &mut Painter, frame: &Frame, cols: u16, rows: u16) -> String {
    let mut buf = Vec::new();
    painter.paint(&mut buf, frame, cols, rows).unwrap();
    String::from_utf8(buf).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ask_render::{Role, Span};

    fn frame(n: usize, focus: usize) -> Frame {
        Frame {
            lines: (0..n)
                .map(|i| Line::styled(format!("row {i}"), Role::Text))
                .collect(),
            cursor: None,
            focus_row: focus,
        }
    }

    #[test]
    fn crops_around_the_focus_and_keeps_the_view_still_while_it_is_visible() {
        let mut p = Painter::new(false);
        assert_eq!(p.scroll_for(&frame(30, 0), 10), 0);
        assert_eq!(p.scroll_for(&frame(30, 12), 10), 3);
        assert_eq!(p.scroll_for(&frame(30, 5), 10), 3);
        assert_eq!(p.scroll_for(&frame(30, 2), 10), 2);
        assert_eq!(p.scroll_for(&frame(30, 29), 10), 20);
        assert_eq!(p.scroll_for(&frame(5, 4), 10), 0);
    }

    #[test]
    fn colours_follow_the_choice_and_control_characters_never_pass() {
        let line = Line::new(vec![
            Span::new("ok", Role::Success),
            Span::raw("a\u{1b}]52;c;x\u{7}b"),
        ]);
        let f = Frame {
            lines: vec![line],
            cursor: None,
            focus_row: 0,
        };
        let coloured = paint_to_string(&mut Painter::new(true), &f, 40, 2);
        assert!(
            coloured.contains("\u{1b}[38;5;10m")
                || coloured.contains("\u{1b}[32m")
                || coloured.contains("38;5;2m"),
            "{coloured:?}"
        );
        assert!(!coloured.contains("\u{1b}]52"), "{coloured:?}");
        let plain = paint_to_string(&mut Painter::new(false), &f, 40, 2);
        assert!(!plain.contains("38;5"), "{plain:?}");
        assert!(plain.contains("a\u{fffd}]52;c;x\u{fffd}b"), "{plain:?}");
    }

    #[test]
    fn unchanged_rows_are_not_rewritten() {
        let mut p = Painter::new(false);
        let first = paint_to_string(&mut p, &frame(3, 0), 20, 5);
        assert!(first.contains("row 1"));
        let second = paint_to_string(&mut p, &frame(3, 0), 20, 5);
        assert!(!second.contains("row"), "{second:?}");
        p.invalidate();
        assert!(paint_to_string(&mut p, &frame(3, 0), 20, 5).contains("row 2"));
    }
}
