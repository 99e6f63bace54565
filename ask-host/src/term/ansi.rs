//! The control sequences the painter and the mode guard write (VT100/xterm; the same
//! bytes crossterm 0.29 writes for its commands).

use std::io::{self, Write};

/// Holds the terminal's updates until [`END_SYNC`] (synchronized output, mode 2026).
pub(crate) const BEGIN_SYNC: &[u8] = b"\x1b[?2026h";
/// Shows everything written since [`BEGIN_SYNC`].
pub(crate) const END_SYNC: &[u8] = b"\x1b[?2026l";
/// Hides the terminal cursor.
pub(crate) const HIDE_CURSOR: &[u8] = b"\x1b[?25l";
/// Shows the terminal cursor.
pub(crate) const SHOW_CURSOR: &[u8] = b"\x1b[?25h";
/// Autowrap off: a row one cell too wide does not wrap.
pub(crate) const NO_WRAP: &[u8] = b"\x1b[?7l";
/// Autowrap on (the terminal's default).
pub(crate) const WRAP: &[u8] = b"\x1b[?7h";
/// Switches to the alternate screen.
pub(crate) const ALT_SCREEN: &[u8] = b"\x1b[?1049h";
/// Back to the normal screen.
pub(crate) const MAIN_SCREEN: &[u8] = b"\x1b[?1049l";
/// Erases the cursor's whole row.
pub(crate) const CLEAR_ROW: &[u8] = b"\x1b[2K";
/// Erases from the cursor to the end of the screen.
pub(crate) const CLEAR_BELOW: &[u8] = b"\x1b[J";
/// Asks for the kitty keyboard protocol's flags (`CSI ? u`), then for the primary
/// device attributes (`CSI c`), which every terminal answers: a terminal that answers the
/// first has the protocol, one that answers only the second does not.
#[cfg(feature = "crossterm")]
pub(crate) const KEYBOARD_QUERY: &[u8] = b"\x1b[?u\x1b[c";
/// Pushes the kitty keyboard flags "disambiguate escape codes" (1): Esc, and keys with
/// modifiers such as Shift+Enter, arrive as unambiguous `CSI ... u` sequences.
#[cfg(feature = "crossterm")]
pub(crate) const KEYBOARD_PUSH: &[u8] = b"\x1b[>1u";
/// Pops the keyboard flags pushed by [`KEYBOARD_PUSH`].
#[cfg(feature = "crossterm")]
pub(crate) const KEYBOARD_POP: &[u8] = b"\x1b[<u";

/// The cursor to `column`, `row` of the screen (both from 0).
pub(crate) fn move_to(out: &mut impl Write, column: u16, row: u16) -> io::Result<()> {
    write!(
        out,
        "\x1b[{};{}H",
        u32::from(row) + 1,
        u32::from(column) + 1
    )
}

/// The cursor to `column` (from 0) of its row.
pub(crate) fn move_to_column(out: &mut impl Write, column: u16) -> io::Result<()> {
    write!(out, "\x1b[{}G", u32::from(column) + 1)
}

/// Erases `cells` cells from the cursor on, without moving it (ECH).
pub(crate) fn erase_cells(out: &mut impl Write, cells: u16) -> io::Result<()> {
    if cells == 0 {
        return Ok(());
    }
    write!(out, "\x1b[{cells}X")
}
