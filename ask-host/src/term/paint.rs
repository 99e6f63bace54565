//! The painter: a rendered [`Frame`] onto a terminal, over any [`Write`]. Styles come
//! from ask-render's [`Theme`], the frame is cropped to the rows it may use keeping the
//! focus row in view, and only the rows that changed are rewritten.
//!
//! Full screen, it addresses the (alternate) screen absolutely; at a position, a
//! rectangle of it; inline, it draws into a [`Viewport`] band that grows as the frame
//! needs, and parks the cursor on the band's first row between frames.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use ask_render::{Frame, Line, Role, theme::Theme};

use super::ansi;
use super::caret;
use super::viewport::{InlineHeight, Viewport};

/// True while a full-screen painter is collapsed to its status row on the normal
/// screen: the restore path then pops keyboard flags on the alternate screen, where
/// they were pushed (kitty keeps one stack per screen).
pub(crate) static COLLAPSED: AtomicBool = AtomicBool::new(false);

/// Where frames go.
#[derive(Debug)]
enum Surface {
    /// The whole alternate screen; while collapsed, a one-row band on the normal
    /// screen instead.
    Full { collapsed: Option<Viewport> },
    /// A rectangle whose top-left cell is (`column`, `row`) of the screen.
    At { column: u16, row: u16 },
    /// A band of rows under the cursor, at most `limit` tall, leaving `keep_above` rows
    /// above it on screen when it can (see [`band_limit`]).
    Inline {
        limit: InlineHeight,
        keep_above: u16,
        band: Viewport,
    },
}

/// The fewest rows [`band_limit`] leaves a form: a tab bar, a question, two options, the
/// footer and the rules around them.
const MIN_BAND_ROWS: u16 = 8;

/// The most rows an inline form may use on a terminal `rows` rows tall: what `limit`
/// allows, less what leaves `keep_above` rows above the band on screen, but never fewer
/// than [`MIN_BAND_ROWS`] (or `limit`'s own when that is smaller): a long text above
/// scrolls away rather than squeeze the form to nothing.
fn band_limit(limit: InlineHeight, keep_above: u16, rows: u16) -> u16 {
    let most = limit.limit(rows);
    most.min(rows.saturating_sub(keep_above))
        .max(MIN_BAND_ROWS.min(most))
}

/// Paints [`Frame`]s onto a terminal: whole screen, a rectangle at a position, or an
/// inline band under the cursor. It writes control sequences to the [`Write`] it is
/// handed (nothing else: any writer, a host's own writer thread, a test buffer), places
/// the editor's caret, keeps the focus row in view when the frame is taller than its
/// rows, and rewrites only the rows that changed since the last paint.
///
/// The terminal's modes (raw mode, bracketed paste, the alternate screen for
/// [`Painter::fullscreen`], the keyboard protocol) are the host's; with the `crossterm`
/// feature, [`TerminalModes`](super::TerminalModes) sets them in one call and restores
/// them, erasing an inline band too, on drop and on a panic.
///
/// ```
/// use ask_host::term::{InlineHeight, Painter};
/// use ask_host::render::{Frame, Line, Role, theme::Theme};
///
/// let frame = Frame::from_lines(vec![Line::styled("Which database?", Role::Text)]);
/// let mut painter = Painter::inline(Theme::plain(), InlineHeight::Rows(10));
/// let mut out = Vec::new();
/// painter.paint(&mut out, &frame, 40, 24)?;
/// assert!(String::from_utf8_lossy(&out).contains("Which database?"));
/// // Nothing changed: nothing is rewritten.
/// out.clear();
/// painter.paint(&mut out, &frame, 40, 24)?;
/// assert!(!String::from_utf8_lossy(&out).contains("Which database?"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Painter {
    theme: Theme,
    scroll: usize,
    shown: Vec<String>,
    /// The frame line each row of `shown` was built from (`None` for a marker, a caret
    /// row or an empty row) and the width it was cut to: a row whose line is the same
    /// next time is neither built nor written again.
    kept: (Vec<Option<Line>>, u16),
    surface: Surface,
    /// The rows that stand for cut rows above and below a frame taller than its rows.
    markers: (String, String),
}

impl Painter {
    fn with(theme: Theme, surface: Surface) -> Self {
        Self {
            theme,
            scroll: 0,
            shown: Vec::new(),
            kept: (Vec::new(), 0),
            surface,
            markers: ("↑ more above".to_owned(), "↓ more below".to_owned()),
        }
    }

    /// The texts of the row that stands for the rows cut above a frame taller than its
    /// rows, and of the one for rows cut below (`↑ more above`, `↓ more below` unless
    /// set: a host with its own UI language passes its own). Sanitized when painted.
    #[must_use]
    pub fn with_cut_markers(mut self, above: impl Into<String>, below: impl Into<String>) -> Self {
        self.markers = (above.into(), below.into());
        self
    }

    /// Inline: leave `rows` rows of the text above the band on screen when the terminal
    /// has room (the message the form answers stays in view), but never shrink the band
    /// below eight rows (or its height limit when that is smaller) for it: a long text
    /// above scrolls away instead. No effect on the other surfaces.
    #[must_use]
    pub fn with_keep_above(mut self, rows: u16) -> Self {
        if let Surface::Inline { keep_above, .. } = &mut self.surface {
            *keep_above = rows;
        }
        self
    }

    /// A painter of the whole screen (the host has switched to the alternate screen:
    /// [`ModeOptions::fullscreen`](super::ModeOptions::fullscreen)).
    pub fn fullscreen(theme: Theme) -> Self {
        Self::with(theme, Surface::Full { collapsed: None })
    }

    /// A painter of the rectangle whose top-left cell is `column`, `row` of the screen
    /// (from 0); [`paint`](Self::paint) gets its size. Rows are padded with erased cells
    /// to the rectangle's width, so what is beside it stays.
    pub fn at(theme: Theme, column: u16, row: u16) -> Self {
        Self::with(theme, Surface::At { column, row })
    }

    /// A painter of a band of at most `height` rows under the cursor, on the normal
    /// screen: room is made with newlines (the text above scrolls into the scrollback,
    /// never cleared), and every move is relative to the band's first row, where the
    /// cursor waits between frames. The editor's caret is drawn in the row (reverse
    /// video), so a terminal that rewraps rows on a resize cannot carry it away.
    pub fn inline(theme: Theme, height: InlineHeight) -> Self {
        Self::with(
            theme,
            Surface::Inline {
                limit: height,
                keep_above: 0,
                band: Viewport::new(),
            },
        )
    }

    /// The rows a frame may be rendered into when the painter has `rows` rows (the
    /// terminal's height full screen and inline, the rectangle's at a position): give
    /// it to [`Session::resize`](crate::Session::resize).
    pub fn frame_rows(&self, rows: u16) -> u16 {
        match &self.surface {
            Surface::Full { .. } | Surface::At { .. } => rows,
            Surface::Inline {
                limit, keep_above, ..
            } => band_limit(*limit, *keep_above, rows),
        }
    }

    /// Inline: true when `frame` needs fewer rows than the band holds (the band grew
    /// for a taller frame, such as the settings overlay, and never shrinks by itself):
    /// a host that can redraw what the band covered may take the rows back by
    /// erasing and repainting. False on the other surfaces.
    pub fn band_too_tall(&mut self, frame: &Frame, rows: u16) -> bool {
        let want = u16::try_from(frame.lines.len()).unwrap_or(u16::MAX);
        let most = self.frame_rows(rows);
        match &mut self.surface {
            Surface::Inline { band, .. } => band.rows() > want.min(most).max(1),
            _ => false,
        }
    }

    /// Forgets what is on screen, so the next paint redraws every row (after something
    /// else drew over it).
    pub fn invalidate(&mut self) {
        self.shown.clear();
    }

    /// The terminal was resized: the next paint redraws every row. Inline, the band is
    /// cleared from its first row down and starts over at the new size (terminals cut
    /// or rewrap the rows below the cursor on a resize).
    pub fn resized(&mut self, out: &mut impl Write) -> io::Result<()> {
        self.invalidate();
        if let Some(band) = self.band() {
            out.write_all(ansi::BEGIN_SYNC)?;
            band.restart(out)?;
            out.write_all(ansi::END_SYNC)?;
            out.flush()?;
        }
        Ok(())
    }

    /// The first frame row shown in `rows` rows: keeps the focus (the editor cursor,
    /// else the frame's focus row) in view and otherwise does not move, so the view does
    /// not jump while the focus stays visible.
    fn scroll_for(&mut self, frame: &Frame, rows: usize) -> usize {
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

    /// Paints `frame` into `cols` x `rows` cells (the terminal's size full screen and
    /// inline, the rectangle's at a position) and flushes `out`. Inline, the band takes
    /// as many rows as the frame has, at most [`frame_rows`](Self::frame_rows).
    pub fn paint(
        &mut self,
        out: &mut impl Write,
        frame: &Frame,
        cols: u16,
        rows: u16,
    ) -> io::Result<()> {
        // Autowrap off while drawing: a row that is one cell too wide must not
        // wrap (and scroll an inline band out of place).
        out.write_all(ansi::BEGIN_SYNC)?;
        out.write_all(ansi::HIDE_CURSOR)?;
        out.write_all(ansi::NO_WRAP)?;
        let height = match &mut self.surface {
            Surface::Full { collapsed } => {
                if let Some(mut band) = collapsed.take() {
                    // Back from the status row: drop it, return to the alternate screen.
                    band.shrink(out, 0)?;
                    out.write_all(ansi::ALT_SCREEN)?;
                    COLLAPSED.store(false, Ordering::SeqCst);
                    self.shown.clear();
                }
                rows
            }
            Surface::At { .. } => rows,
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
        // says where the rest is: the top one for rows cut above, else the bottom one.
        let cut = frame.lines.len() > height && height >= 3;
        let shown_rows = if cut { height - 1 } else { height };
        let start = self.scroll_for(frame, shown_rows);
        let marker = cut.then(|| {
            let above = start > 0;
            let text = if above {
                &self.markers.0
            } else {
                &self.markers.1
            };
            (above, Line::styled(text.as_str(), Role::Muted))
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
        let mut old = std::mem::take(&mut self.shown);
        let (mut old_lines, old_cols) = std::mem::take(&mut self.kept);
        let mut visible = Vec::with_capacity(height);
        let mut kept = Vec::with_capacity(height);
        for r in 0..height {
            let at_marker = match &marker {
                Some((true, _)) => r == 0,
                Some((false, _)) => r == height - 1,
                None => false,
            };
            let line = (start + r)
                .checked_sub(offset)
                .and_then(|i| frame.lines.get(i))
                .filter(|_| !at_marker);
            let was = old.get_mut(r).map(std::mem::take);
            let (row, from) = match (line, caret, &marker) {
                (None, _, Some((_, marker))) if at_marker => {
                    (self.row(marker, usize::from(cols)), None)
                }
                (Some(line), Some((row, col)), _) if row + offset == start + r => {
                    let col = col.min(usize::from(cols).saturating_sub(1));
                    let row = self.row(&caret::with_caret(line, col), usize::from(cols));
                    (row, None)
                }
                (Some(line), _, _) => {
                    let before = old_lines.get_mut(r).and_then(Option::take);
                    if old_cols == cols
                        && before.as_ref() == Some(line)
                        && let Some(was) = was
                    {
                        // The same line as last time: on screen already.
                        visible.push(was);
                        kept.push(before);
                        continue;
                    }
                    (self.row(line, usize::from(cols)), Some(line.clone()))
                }
                (None, _, _) => (String::new(), None),
            };
            if was.as_deref() != Some(row.as_str()) {
                self.goto(out, r, 0)?;
                self.clear_row(out, cols)?;
                out.write_all(row.as_bytes())?;
            }
            visible.push(row);
            kept.push(from);
        }
        old.clear();
        self.shown = visible;
        self.kept = (kept, cols);
        if let (Some((row, col)), None) = (editor, caret) {
            let x = u16::try_from(col)
                .unwrap_or(u16::MAX)
                .min(cols.saturating_sub(1));
            self.goto(out, row - start + offset, x)?;
            out.write_all(ansi::SHOW_CURSOR)?;
        } else {
            self.park(out)?;
        }
        out.write_all(ansi::WRAP)?;
        out.write_all(ansi::END_SYNC)?;
        out.flush()
    }

    /// Collapses the form to one row showing `status` (a peek at what is under it):
    /// inline, the band's first row; full screen, a row on the normal screen (the
    /// alternate screen is left, so the text under it shows); at a position, the
    /// rectangle's first row. The next [`paint`](Self::paint) brings the form back.
    pub fn collapse(&mut self, out: &mut impl Write, status: &str, cols: u16) -> io::Result<()> {
        out.write_all(ansi::BEGIN_SYNC)?;
        out.write_all(ansi::HIDE_CURSOR)?;
        out.write_all(ansi::NO_WRAP)?;
        if let Surface::Full {
            collapsed: collapsed @ None,
        } = &mut self.surface
        {
            out.write_all(ansi::MAIN_SCREEN)?;
            COLLAPSED.store(true, Ordering::SeqCst);
            *collapsed = Some(Viewport::new());
        }
        if let Some(band) = self.band() {
            band.grow(out, 1)?;
            band.shrink(out, 1)?;
        }
        if matches!(self.surface, Surface::At { .. }) {
            for r in 1..self.shown.len() {
                self.goto(out, r, 0)?;
                self.clear_row(out, cols)?;
            }
        }
        let line = Line::styled(status, Role::Muted);
        let row = self.row(&line, usize::from(cols));
        self.goto(out, 0, 0)?;
        self.clear_row(out, cols)?;
        out.write_all(row.as_bytes())?;
        self.shown = vec![row];
        self.kept.0.clear();
        self.park(out)?;
        out.write_all(ansi::WRAP)?;
        out.write_all(ansi::END_SYNC)?;
        out.flush()
    }

    /// Erases what this painter drew: inline, the band's rows (the cursor ends at the
    /// start of its first row); at a position, the rectangle's rows. Full screen there
    /// is nothing to do (leaving the alternate screen brings back what was under it).
    /// [`TerminalModes`](super::TerminalModes) does this for an inline band on its own.
    pub fn erase(&mut self, out: &mut impl Write, cols: u16) -> io::Result<()> {
        if let Some(band) = self.band() {
            band.shrink(out, 0)?;
        } else if matches!(self.surface, Surface::At { .. }) {
            for r in 0..self.shown.len() {
                self.goto(out, r, 0)?;
                self.clear_row(out, cols)?;
            }
        }
        self.shown.clear();
        out.flush()
    }

    /// Erases the row the cursor is on before it is rewritten: the whole row full screen
    /// and inline, the rectangle's `cols` cells at a position.
    fn clear_row(&self, out: &mut impl Write, cols: u16) -> io::Result<()> {
        match self.surface {
            Surface::At { .. } => ansi::erase_cells(out, cols),
            _ => out.write_all(ansi::CLEAR_ROW),
        }
    }

    /// The cursor to frame row `row` (of the visible part), column `col`.
    fn goto(&mut self, out: &mut impl Write, row: usize, col: u16) -> io::Result<()> {
        let y = u16::try_from(row).unwrap_or(u16::MAX);
        if let Surface::At { column, row } = self.surface {
            return ansi::move_to(out, column.saturating_add(col), row.saturating_add(y));
        }
        match self.band() {
            None => ansi::move_to(out, col, y),
            Some(band) => {
                band.move_to(out, y)?;
                if col > 0 {
                    ansi::move_to_column(out, col)?;
                }
                Ok(())
            }
        }
    }

    /// The band drawn into, if any: inline, or full screen while collapsed.
    fn band(&mut self) -> Option<&mut Viewport> {
        match &mut self.surface {
            Surface::Full { collapsed } => collapsed.as_mut(),
            Surface::Inline { band, .. } => Some(band),
            Surface::At { .. } => None,
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
        // Room for the row's text and a few style codes, so a frame's rows are not
        // grown again and again on every key.
        let mut out = String::with_capacity(cols + 64);
        ask_render::text::write_line(&mut out, line, &self.theme, cols);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ask_render::{Cursor, Span};

    fn frame(n: usize, focus: usize) -> Frame {
        Frame::from_lines(
            (0..n)
                .map(|i| Line::styled(format!("row {i}"), Role::Text))
                .collect(),
        )
        .with_focus_row(focus)
    }

    /// Writes a whole frame as ANSI text.
    fn paint(painter: &mut Painter, frame: &Frame, cols: u16, rows: u16) -> String {
        let mut buf = Vec::new();
        painter.paint(&mut buf, frame, cols, rows).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn crops_around_the_focus_and_keeps_the_view_still_while_it_is_visible() {
        let mut p = Painter::fullscreen(Theme::plain());
        assert_eq!(p.scroll_for(&frame(30, 0), 10), 0);
        assert_eq!(p.scroll_for(&frame(30, 12), 10), 3);
        assert_eq!(p.scroll_for(&frame(30, 5), 10), 3);
        assert_eq!(p.scroll_for(&frame(30, 2), 10), 2);
        assert_eq!(p.scroll_for(&frame(30, 29), 10), 20);
        assert_eq!(p.scroll_for(&frame(5, 4), 10), 0);
    }

    #[test]
    fn a_cut_frame_says_where_the_rest_is_and_keeps_the_focus() {
        let mut p = Painter::fullscreen(Theme::plain());
        let top = paint(&mut p, &frame(30, 0), 20, 10);
        assert!(top.contains("row 0") && top.contains("row 8"), "{top:?}");
        assert!(!top.contains("row 9"), "one row is the marker: {top:?}");
        assert!(top.contains("↓ more below"), "{top:?}");
        let mut p = Painter::fullscreen(Theme::plain()).with_cut_markers("↑ arriba", "↓ abajo");
        let bottom = paint(&mut p, &frame(30, 29), 20, 10);
        assert!(bottom.contains("↑ arriba"), "{bottom:?}");
        assert!(
            bottom.contains("row 29") && bottom.contains("row 21"),
            "{bottom:?}"
        );
        assert!(!bottom.contains("row 20"), "{bottom:?}");
        let mut p = Painter::fullscreen(Theme::plain());
        let whole = paint(&mut p, &frame(5, 4), 20, 10);
        assert!(!whole.contains("more above") && !whole.contains("more below"));
    }

    #[test]
    fn the_band_leaves_the_rows_asked_for_above_it_but_never_squeezes_the_form() {
        assert_eq!(band_limit(InlineHeight::Auto, 0, 24), 22);
        assert_eq!(band_limit(InlineHeight::Auto, 9, 24), 15);
        assert_eq!(band_limit(InlineHeight::Auto, 20, 24), MIN_BAND_ROWS);
        assert_eq!(band_limit(InlineHeight::Rows(5), 20, 24), 5);
        assert_eq!(band_limit(InlineHeight::Rows(12), 3, 24), 12);
        assert_eq!(band_limit(InlineHeight::Auto, 9, 4), 2);
        let p = Painter::inline(Theme::plain(), InlineHeight::Auto).with_keep_above(9);
        assert_eq!(p.frame_rows(24), 15);
    }

    #[test]
    fn colours_follow_the_theme_and_control_characters_never_pass() {
        let line = Line::new(vec![
            Span::new("ok", Role::Success),
            Span::raw("a\u{1b}]52;c;x\u{7}b"),
        ]);
        let f = Frame::from_lines(vec![line]);
        let coloured = paint(&mut Painter::fullscreen(Theme::default()), &f, 40, 2);
        assert!(coloured.contains("\u{1b}[38;5;"), "{coloured:?}");
        assert!(!coloured.contains("\u{1b}]52"), "{coloured:?}");
        let plain = paint(&mut Painter::fullscreen(Theme::plain()), &f, 40, 2);
        assert!(!plain.contains("38;5"), "{plain:?}");
        assert!(plain.contains("a\u{fffd}]52;c;x\u{fffd}b"), "{plain:?}");
    }

    #[test]
    fn unchanged_rows_are_not_rewritten() {
        let mut p = Painter::fullscreen(Theme::plain());
        let first = paint(&mut p, &frame(3, 0), 20, 5);
        assert!(first.contains("row 1"));
        let second = paint(&mut p, &frame(3, 0), 20, 5);
        assert!(!second.contains("row"), "{second:?}");
        p.invalidate();
        assert!(paint(&mut p, &frame(3, 0), 20, 5).contains("row 2"));
    }

    #[test]
    fn only_changed_rows_are_written_and_a_new_width_or_a_collapse_rewrites_all() {
        let mut p = Painter::fullscreen(Theme::default());
        let mut f = frame(3, 0);
        paint(&mut p, &f, 20, 5);
        f.lines[1] = Line::styled("row one", Role::Accent);
        let out = paint(&mut p, &f, 20, 5);
        assert!(out.contains("row one"), "{out:?}");
        assert!(!out.contains("row 0") && !out.contains("row 2"), "{out:?}");
        // Back to what it was: that row is rewritten, not taken from before the change.
        f.lines[1] = Line::styled("row 1", Role::Text);
        let out = paint(&mut p, &f, 20, 5);
        assert!(out.contains("row 1") && !out.contains("row 0"), "{out:?}");
        // Cut to a new width, every row is built again.
        let narrow = paint(&mut p, &f, 4, 5);
        assert_eq!(narrow.matches("row…").count(), 3, "{narrow:?}");
        let mut status = Vec::new();
        p.collapse(&mut status, "row 0", 20).unwrap();
        let back = paint(&mut p, &f, 20, 5);
        assert!(
            ["row 0", "row 1", "row 2"].iter().all(|r| back.contains(r)),
            "{back:?}"
        );
    }

    #[test]
    fn full_screen_rows_are_addressed_absolutely_and_the_caret_is_placed() {
        let mut p = Painter::fullscreen(Theme::plain());
        let f = frame(3, 0).with_cursor(Some(Cursor::new(1, 4)));
        let out = paint(&mut p, &f, 20, 5);
        // Every row from column 1 of its screen row, never a newline.
        for (row, text) in [(1, "row 0"), (2, "row 1"), (3, "row 2")] {
            assert!(
                out.contains(&format!("\x1b[{row};1H\x1b[2K{text}")),
                "{out:?}"
            );
        }
        assert!(!out.contains('\n'), "{out:?}");
        assert!(
            out.ends_with("\x1b[2;5H\x1b[?25h\x1b[?7h\x1b[?2026l"),
            "{out:?}"
        );
    }

    #[test]
    fn at_a_position_rows_are_offset_and_padded_never_cleared_whole() {
        let mut p = Painter::at(Theme::plain(), 10, 3);
        let out = paint(&mut p, &frame(2, 0), 20, 4);
        assert!(out.contains("\x1b[4;11H\x1b[20Xrow 0"), "{out:?}");
        assert!(out.contains("\x1b[5;11H\x1b[20Xrow 1"), "{out:?}");
        assert!(!out.contains("\x1b[2K"), "{out:?}");
        let mut erased = Vec::new();
        p.erase(&mut erased, 20).unwrap();
        let erased = String::from_utf8(erased).unwrap();
        assert!(erased.contains("\x1b[7;11H\x1b[20X"), "{erased:?}");
    }

    #[test]
    fn inline_the_band_grows_with_newlines_and_the_caret_is_drawn_in_the_row() {
        let mut p = Painter::inline(Theme::plain(), InlineHeight::Rows(10));
        let f = frame(3, 0).with_cursor(Some(Cursor::new(2, 1)));
        let out = paint(&mut p, &f, 20, 24);
        assert!(out.contains("\r\n\n"), "room made with newlines: {out:?}");
        assert!(!out.contains('H'), "no absolute moves inline: {out:?}");
        assert!(
            !out.contains("\x1b[?25h"),
            "the terminal cursor stays hidden"
        );
        // Parked on the band's first row at the end.
        assert!(out.ends_with("\x1b[2A\r\x1b[?7h\x1b[?2026l"), "{out:?}");
        let mut erased = Vec::new();
        p.erase(&mut erased, 20).unwrap();
        assert_eq!(
            String::from_utf8(erased)
                .unwrap()
                .matches("\x1b[2K")
                .count(),
            3
        );
    }
}
