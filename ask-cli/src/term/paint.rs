//! The painter: a rendered [`Frame`] onto the terminal. Styles come from
//! ask-render's [`Theme`] (or only bold/inverse without colour), crops to the
//! height it may use keeping the focus row in view, and rewrites only the rows
//! that changed.
//! Full screen, it addresses the alternate screen absolutely; inline, it draws
//! into a [`Viewport`] band that grows as the frame needs, and parks the cursor
//! on the band's first row between frames.

use std::io::{self, Write};

use ask_render::{Frame, Line, Role, Theme};
use crossterm::terminal::{
    BeginSynchronizedUpdate, ClearType, DisableLineWrap, EnableLineWrap, EndSynchronizedUpdate,
    EnterAlternateScreen, LeaveAlternateScreen,
};
use crossterm::{cursor, queue, terminal};

use super::caret;
use super::viewport::{InlineHeight, Viewport};

/// Where frames go.
enum Surface {
    /// The whole alternate screen; while peeking, a one-row band on the normal
    /// screen instead.
    Full { peek: Option<Viewport> },
    /// A band of rows under the cursor, at most `limit` tall, leaving `keep_above` rows
    /// above it on screen when it can (see [`band_limit`]).
    Inline {
        limit: InlineHeight,
        keep_above: u16,
        band: Viewport,
    },
}

/// Draws frames; remembers the scroll offset and what is on screen.
pub(crate) struct Painter {
    theme: Theme,
    scroll: usize,
    shown: Vec<String>,
    surface: Surface,
}

impl Painter {
    /// A full-screen painter that uses colours when `color` is true.
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
            surface: Surface::Full { peek: None },
        }
    }

    /// A painter that draws inline, in at most `limit` rows under the cursor, leaving
    /// `keep_above` rows of the text above on screen when it can.
    pub(crate) fn inline(color: bool, limit: InlineHeight, keep_above: u16) -> Self {
        Self {
            surface: Surface::Inline {
                limit,
                keep_above,
                band: Viewport::new(),
            },
            ..Self::new(color)
        }
    }

    /// The rows a frame may be rendered into on a terminal `rows` rows tall.
    pub(crate) fn frame_rows(&self, rows: u16) -> u16 {
        match &self.surface {
            Surface::Full { .. } => rows,
            Surface::Inline {
                limit, keep_above, ..
            } => band_limit(*limit, *keep_above, rows),
        }
    }

    /// Inline: true when `frame` needs fewer rows than the band holds (the band grew for
    /// a taller frame, such as the settings overlay, and never shrinks by itself).
    pub(crate) fn band_too_tall(&mut self, frame: &Frame, rows: u16) -> bool {
        let want = u16::try_from(frame.lines.len()).unwrap_or(u16::MAX);
        let most = self.frame_rows(rows);
        match &mut self.surface {
            Surface::Inline { band, .. } => band.rows() > want.min(most).max(1),
            Surface::Full { .. } => false,
        }
    }

    /// Forgets what is on screen, so the next paint redraws every row (after a resize).
    pub(crate) fn invalidate(&mut self) {
        self.shown.clear();
    }

    /// The terminal was resized: the next paint redraws every row. Inline, the
    /// band is cleared from its first row down and starts over at the new size.
    pub(crate) fn resized(&mut self, out: &mut impl Write) -> io::Result<()> {
        self.invalidate();
        if let Some(band) = self.band() {
            queue!(out, BeginSynchronizedUpdate)?;
            band.restart(out)?;
            queue!(out, EndSynchronizedUpdate)?;
            out.flush()?;
        }
        Ok(())
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
        let focus = frame.cursor.map_or(frame.focus_row, |c| c.row);
        if focus < self.scroll {
            self.scroll = focus;
        } else if focus >= self.scroll + rows {
            self.scroll = focus + 1 - rows;
        }
        self.scroll = self.scroll.min(len - rows);
        self.scroll
    }

    /// Paints `frame` on a `cols` x `rows` terminal.
    pub(crate) fn paint(
        &mut self,
        out: &mut impl Write,
        frame: &Frame,
        cols: u16,
        rows: u16,
    ) -> io::Result<()> {
        // Autowrap off while drawing: a row that is one cell too wide must not
        // wrap (and scroll an inline band out of place).
        queue!(out, BeginSynchronizedUpdate, cursor::Hide, DisableLineWrap)?;
        let height = match &mut self.surface {
            Surface::Full { peek } => {
                if let Some(mut band) = peek.take() {
                    // Back from peeking: drop the status row, return to the alternate screen.
                    band.shrink(out, 0)?;
                    queue!(out, EnterAlternateScreen)?;
                    self.shown.clear();
                }
                rows
            }
            Surface::Inline {
                limit,
                keep_above,
                band,
            } => {
                let had = band.rows();
                let want = u16::try_from(frame.lines.len())
                    .unwrap_or(u16::MAX)
                    .min(band_limit(*limit, *keep_above, rows))
                    .max(had)
                    .max(1);
                band.grow(out, want)?;
                if had == 0 {
                    // A new band (first paint, or the old one was erased): draw every row.
                    self.shown.clear();
                }
                want
            }
        };
        let height = usize::from(height);
        // A frame taller than the rows it may use is cut around its focus, and one row
        // says where the rest is: `↑ more above`, else `↓ more below`.
        let cut = frame.lines.len() > height && height >= 3;
        let shown_rows = if cut { height - 1 } else { height };
        let start = self.scroll_for(frame, shown_rows);
        let marker = cut.then(|| {
            let above = start > 0;
            let text = if above {
                crate::ui_text::MORE_ABOVE
            } else {
                crate::ui_text::MORE_BELOW
            };
            (above, Line::styled(text, Role::Muted))
        });
        // Screen row of frame row `start`: 1 under a top marker.
        let offset = usize::from(matches!(marker, Some((true, _))));
        let editor = frame
            .cursor
            .map(|c| (c.row, c.column))
            .filter(|&(row, _)| row >= start && row < start + shown_rows);
        // Inline, the editor cursor is drawn in the row (see `caret`); the
        // terminal's stays hidden on the band's first row.
        let caret = editor.filter(|_| matches!(self.surface, Surface::Inline { .. }));
        let visible: Vec<String> = (0..height)
            .map(|r| {
                let at_marker = match &marker {
                    Some((true, _)) => r == 0,
                    Some((false, _)) => r == height - 1,
                    None => false,
                };
                if at_marker && let Some((_, line)) = &marker {
                    return self.row(line, usize::from(cols));
                }
                let line = (start + r)
                    .checked_sub(offset)
                    .and_then(|i| frame.lines.get(i));
                match (line, caret) {
                    (Some(line), Some((row, col))) if row + offset == start + r => {
                        let col = col.min(usize::from(cols).saturating_sub(1));
                        self.row(&caret::with_caret(line, col), usize::from(cols))
                    }
                    (Some(line), _) => self.row(line, usize::from(cols)),
                    (None, _) => String::new(),
                }
            })
            .collect();
        for (r, row) in visible.iter().enumerate() {
            if self.shown.get(r) == Some(row) {
                continue;
            }
            self.goto(out, r, 0)?;
            queue!(out, terminal::Clear(ClearType::CurrentLine))?;
            out.write_all(row.as_bytes())?;
        }
        self.shown = visible;
        if let (Some((row, col)), None) = (editor, caret) {
            let x = u16::try_from(col)
                .unwrap_or(u16::MAX)
                .min(cols.saturating_sub(1));
            self.goto(out, row - start + offset, x)?;
            queue!(out, cursor::Show)?;
        } else {
            self.park(out)?;
        }
        queue!(out, EnableLineWrap, EndSynchronizedUpdate)?;
        out.flush()
    }

    /// Collapses the form to one row showing `status` (the peek view): inline,
    /// the band's first row; full screen, a row on the normal screen (the
    /// alternate screen is left so the text under it shows). The next
    /// [`paint`](Self::paint) brings the form back.
    pub(crate) fn collapse(
        &mut self,
        out: &mut impl Write,
        status: &str,
        cols: u16,
    ) -> io::Result<()> {
        queue!(out, BeginSynchronizedUpdate, cursor::Hide, DisableLineWrap)?;
        if let Surface::Full { peek: peek @ None } = &mut self.surface {
            queue!(out, LeaveAlternateScreen)?;
            *peek = Some(Viewport::new());
        }
        if let Some(band) = self.band() {
            band.grow(out, 1)?;
            band.shrink(out, 1)?;
        }
        let line = Line::styled(status, Role::Muted);
        let row = self.row(&line, usize::from(cols));
        self.goto(out, 0, 0)?;
        queue!(out, terminal::Clear(ClearType::CurrentLine))?;
        out.write_all(row.as_bytes())?;
        self.shown = vec![row];
        self.park(out)?;
        queue!(out, EnableLineWrap, EndSynchronizedUpdate)?;
        out.flush()
    }

    /// The cursor to frame row `row` (of the visible part), column `col`.
    fn goto(&mut self, out: &mut impl Write, row: usize, col: u16) -> io::Result<()> {
        let y = u16::try_from(row).unwrap_or(u16::MAX);
        match self.band() {
            None => queue!(out, cursor::MoveTo(col, y)),
            Some(band) => {
                band.move_to(out, y)?;
                if col > 0 {
                    queue!(out, cursor::MoveToColumn(col))?;
                }
                Ok(())
            }
        }
    }

    /// The band drawn into, if any: inline, or full screen while peeking.
    fn band(&mut self) -> Option<&mut Viewport> {
        match &mut self.surface {
            Surface::Full { peek } => peek.as_mut(),
            Surface::Inline { band, .. } => Some(band),
        }
    }

    /// Inline, the cursor waits at the start of the band's first row: a
    /// terminal that cuts or rewraps rows on a resize keeps it there, which is
    /// where [`resized`](Self::resized) starts over.
    fn park(&mut self, out: &mut impl Write) -> io::Result<()> {
        match self.band() {
            None => Ok(()),
            Some(band) => band.move_to(out, 0),
        }
    }

    /// One row as text with ANSI styles, cut to `cols` columns.
    fn row(&self, line: &Line, cols: usize) -> String {
        let mut out = String::new();
        ask_render::write_line(&mut out, line, &self.theme, cols);
        out
    }
}

/// The most rows an inline form may use on a terminal `rows` rows tall: what `limit`
/// allows, less what leaves `keep_above` rows above the band on screen, but never fewer
/// than [`MIN_BAND_ROWS`] (or `limit`'s own when that is smaller): a long text above
/// scrolls away rather than squeeze the form to nothing.
pub(crate) fn band_limit(limit: InlineHeight, keep_above: u16, rows: u16) -> u16 {
    let most = limit.limit(rows);
    most.min(rows.saturating_sub(keep_above))
        .max(MIN_BAND_ROWS.min(most))
}

/// The fewest rows [`band_limit`] leaves a form: a tab bar, a question, two options, the
/// footer and the rules around them.
pub(crate) const MIN_BAND_ROWS: u16 = 8;

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
    use ask_render::Span;

    fn frame(n: usize, focus: usize) -> Frame {
        Frame::from_lines(
            (0..n)
                .map(|i| Line::styled(format!("row {i}"), Role::Text))
                .collect(),
        )
        .with_focus_row(focus)
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
    fn a_cut_frame_says_where_the_rest_is_and_keeps_the_focus() {
        let mut p = Painter::new(false);
        let top = paint_to_string(&mut p, &frame(30, 0), 20, 10);
        assert!(top.contains("row 0") && top.contains("row 8"), "{top:?}");
        assert!(!top.contains("row 9"), "one row is the marker: {top:?}");
        assert!(top.contains(crate::ui_text::MORE_BELOW), "{top:?}");
        let mut p = Painter::new(false);
        let bottom = paint_to_string(&mut p, &frame(30, 29), 20, 10);
        assert!(bottom.contains(crate::ui_text::MORE_ABOVE), "{bottom:?}");
        assert!(
            bottom.contains("row 29") && bottom.contains("row 21"),
            "{bottom:?}"
        );
        assert!(!bottom.contains("row 20"), "{bottom:?}");
        let mut p = Painter::new(false);
        let whole = paint_to_string(&mut p, &frame(5, 4), 20, 10);
        assert!(!whole.contains(crate::ui_text::MORE_ABOVE) && !whole.contains("more below"));
    }

    #[test]
    fn the_band_leaves_the_rows_asked_for_above_it_but_never_squeezes_the_form() {
        assert_eq!(band_limit(InlineHeight::Auto, 0, 24), 22);
        assert_eq!(band_limit(InlineHeight::Auto, 9, 24), 15);
        assert_eq!(band_limit(InlineHeight::Auto, 20, 24), MIN_BAND_ROWS);
        assert_eq!(band_limit(InlineHeight::Rows(5), 20, 24), 5);
        assert_eq!(band_limit(InlineHeight::Rows(12), 3, 24), 12);
        assert_eq!(band_limit(InlineHeight::Auto, 9, 4), 2);
    }

    #[test]
    fn colours_follow_the_choice_and_control_characters_never_pass() {
        let line = Line::new(vec![
            Span::new("ok", Role::Success),
            Span::raw("a\u{1b}]52;c;x\u{7}b"),
        ]);
        let f = Frame::from_lines(vec![line]);
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
