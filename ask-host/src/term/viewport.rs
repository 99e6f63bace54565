//! Inline mode: the form lives in a band of rows on the normal screen, starting
//! at the line the cursor was on, instead of on the alternate screen.
//!
//! Room is made the way a shell prints output: newlines written from the band's
//! last row scroll everything above it up (into the terminal's scrollback) when
//! the band reaches the bottom of the screen; nothing above is ever cleared.
//! The band is addressed only relative to its first row (cursor up/down and
//! carriage returns), so it needs no cursor-position query; its size and where
//! the cursor is inside it are published in atomics, so the panic hook and the
//! restore path can erase exactly those rows too.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU16, AtomicU32, Ordering};

use super::ansi;

/// Rows of the band on screen now (0: none).
static ROWS: AtomicU16 = AtomicU16::new(0);
/// Row of the terminal cursor inside the band.
static CURSOR: AtomicU16 = AtomicU16::new(0);
/// Counts erasures from outside (the restore path): a band that sees a new
/// count knows its rows are gone and starts over at the cursor.
static ERASED: AtomicU32 = AtomicU32::new(0);

/// How many rows an inline [`Painter`](super::Painter) may use.
///
/// ```
/// use ask_host::term::InlineHeight;
///
/// assert_eq!(InlineHeight::Auto.limit(40), 38);
/// assert_eq!(InlineHeight::Rows(15).limit(40), 15);
/// assert_eq!(InlineHeight::Percent(50).limit(40), 20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum InlineHeight {
    /// As many as the frame needs, up to the terminal height minus 2.
    #[default]
    Auto,
    /// At most this many rows.
    Rows(u16),
    /// At most this share of the terminal height, in percent (1..=100).
    Percent(u16),
}

impl InlineHeight {
    /// The most rows the form may use on a terminal `term_rows` rows tall (at least 1).
    pub fn limit(self, term_rows: u16) -> u16 {
        let rows = match self {
            Self::Auto => term_rows.saturating_sub(2),
            Self::Rows(n) => n.min(term_rows),
            Self::Percent(p) => {
                let share = u32::from(term_rows) * u32::from(p.min(100)) / 100;
                u16::try_from(share).unwrap_or(term_rows)
            }
        };
        rows.max(1)
    }
}

/// The band of rows the inline form owns. Row 0 is the line the cursor was on
/// when the form opened; the cursor is always on a known row of the band.
#[derive(Debug)]
pub(crate) struct Viewport {
    rows: u16,
    cursor: u16,
    erased: u32,
}

impl Viewport {
    /// An empty band at the cursor's line.
    pub(crate) fn new() -> Self {
        Self {
            rows: 0,
            cursor: 0,
            erased: ERASED.load(Ordering::SeqCst),
        }
    }

    /// Rows the band has now (0 after the restore path erased it, for example
    /// around a suspend: the next [`grow`](Self::grow) starts a new band).
    pub(crate) fn rows(&mut self) -> u16 {
        self.sync();
        self.rows
    }

    fn sync(&mut self) {
        let erased = ERASED.load(Ordering::SeqCst);
        if erased != self.erased {
            self.erased = erased;
            self.rows = 0;
            self.cursor = 0;
        }
    }

    /// Grows the band to `rows` rows (never shrinks it). Each newline from its
    /// last row moves down one row, scrolling the screen up when it is at the
    /// bottom, so the band's first row moves up with the text above it.
    pub(crate) fn grow(&mut self, out: &mut impl Write, rows: u16) -> io::Result<()> {
        self.sync();
        if rows <= self.rows {
            return Ok(());
        }
        if self.rows == 0 {
            // The cursor's line is row 0 (`move_to` below starts it at column 0).
            self.rows = 1;
            self.cursor = 0;
        }
        self.move_to(out, self.rows - 1)?;
        for _ in self.rows..rows {
            out.write_all(b"\n")?;
        }
        self.rows = rows;
        self.cursor = rows - 1;
        self.publish();
        Ok(())
    }

    /// Moves the cursor to the start of band row `row` (clamped to the band).
    pub(crate) fn move_to(&mut self, out: &mut impl Write, row: u16) -> io::Result<()> {
        self.sync();
        let row = row.min(self.rows.saturating_sub(1));
        step(out, self.cursor, row)?;
        self.cursor = row;
        self.publish();
        Ok(())
    }

    /// Erases the rows from `keep` on and takes them out of the band; the
    /// cursor ends at the start of the last kept row (row 0 when none is kept).
    pub(crate) fn shrink(&mut self, out: &mut impl Write, keep: u16) -> io::Result<()> {
        self.sync();
        if keep >= self.rows {
            return Ok(());
        }
        self.cursor = erase_rows(out, self.rows, self.cursor, keep)?;
        self.rows = keep;
        self.publish();
        Ok(())
    }

    /// After the terminal was resized: the rows below the band's first row may
    /// have been cut or rewrapped by the terminal, so everything from the
    /// cursor's row down is cleared and the band starts over there. The painter
    /// parks the cursor on row 0 between frames, so that is the band's top.
    pub(crate) fn restart(&mut self, out: &mut impl Write) -> io::Result<()> {
        self.sync();
        if self.rows > 0 {
            step(out, self.cursor, 0)?;
            out.write_all(ansi::CLEAR_BELOW)?;
        }
        self.rows = 0;
        self.cursor = 0;
        self.publish();
        Ok(())
    }

    fn publish(&self) {
        ROWS.store(self.rows, Ordering::SeqCst);
        CURSOR.store(self.cursor, Ordering::SeqCst);
    }
}

/// Erases the published band (every exit path, the panic hook included) and
/// leaves the cursor at the start of its first row. Does nothing without one.
#[cfg(feature = "crossterm")]
pub(crate) fn erase_published(out: &mut impl Write) -> io::Result<()> {
    let rows = ROWS.swap(0, Ordering::SeqCst);
    let cursor = CURSOR.swap(0, Ordering::SeqCst);
    ERASED.fetch_add(1, Ordering::SeqCst);
    if rows > 0 {
        erase_rows(out, rows, cursor, 0)?;
    }
    Ok(())
}

/// Erases rows `from..rows` of a band whose cursor is on `cursor`, one line
/// at a time (never the rest of the screen), and returns the row the cursor
/// ends on: `from - 1`, or 0 when everything went.
fn erase_rows(out: &mut impl Write, rows: u16, cursor: u16, from: u16) -> io::Result<u16> {
    let mut at = cursor;
    for row in from..rows {
        step(out, at, row)?;
        out.write_all(ansi::CLEAR_ROW)?;
        at = row;
    }
    let end = from.saturating_sub(1);
    step(out, at, end)?;
    Ok(end)
}

/// Cursor from band row `from` to the start of band row `to`.
fn step(out: &mut impl Write, from: u16, to: u16) -> io::Result<()> {
    // `CSI 0 A` moves one row on most terminals: never send a zero count.
    if to < from {
        write!(out, "\x1b[{}A", from - to)?;
    } else if to > from {
        write!(out, "\x1b[{}B", to - from)?;
    }
    out.write_all(b"\r")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(bytes: &[u8]) -> String {
        String::from_utf8(bytes.to_vec())
            .unwrap()
            .replace('\x1b', "^")
    }

    #[test]
    fn limits_follow_the_terminal_height() {
        assert_eq!(InlineHeight::Auto.limit(40), 38);
        assert_eq!(InlineHeight::Auto.limit(2), 1);
        assert_eq!(InlineHeight::Rows(15).limit(40), 15);
        assert_eq!(InlineHeight::Rows(90).limit(40), 40);
        assert_eq!(InlineHeight::Percent(50).limit(40), 20);
        assert_eq!(InlineHeight::Percent(1).limit(40), 1);
    }

    #[test]
    fn growing_scrolls_with_newlines_and_never_clears() {
        let mut v = Viewport::new();
        let mut out = Vec::new();
        v.grow(&mut out, 3).unwrap();
        assert_eq!(text(&out), "\r\n\n");
        assert_eq!((v.rows(), v.cursor), (3, 2));
        out.clear();
        v.move_to(&mut out, 0).unwrap();
        v.grow(&mut out, 5).unwrap();
        assert_eq!(text(&out), "^[2A\r^[2B\r\n\n");
        assert!(!text(&out).contains("^[J") && !text(&out).contains("^[2J"));
        out.clear();
        v.grow(&mut out, 4).unwrap();
        assert!(out.is_empty(), "a band never shrinks by growing");
    }

    #[test]
    fn shrinking_erases_exactly_the_dropped_rows() {
        let mut v = Viewport::new();
        let mut out = Vec::new();
        v.grow(&mut out, 4).unwrap();
        v.move_to(&mut out, 0).unwrap();
        out.clear();
        v.shrink(&mut out, 1).unwrap();
        assert_eq!(
            text(&out),
            "^[1B\r^[2K^[1B\r^[2K^[1B\r^[2K^[3A\r",
            "rows 1..4 erased one by one, back on row 0"
        );
        assert_eq!((v.rows(), v.cursor), (1, 0));
    }
}
