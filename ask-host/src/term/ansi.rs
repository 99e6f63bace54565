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
    csi(out, &[u32::from(row) + 1, u32::from(column) + 1], b'H')
}

/// The cursor to `column` (from 0) of its row.
pub(crate) fn move_to_column(out: &mut impl Write, column: u16) -> io::Result<()> {
    csi(out, &[u32::from(column) + 1], b'G')
}

/// Erases `cells` cells from the cursor on, without moving it (ECH).
pub(crate) fn erase_cells(out: &mut impl Write, cells: u16) -> io::Result<()> {
    if cells == 0 {
        return Ok(());
    }
    csi(out, &[u32::from(cells)], b'X')
}

/// `CSI n;m… final` in one write, the numbers in decimal: built by hand, as the painter
/// writes a few per key and the formatting machinery costs more than the row's text.
fn csi(out: &mut impl Write, numbers: &[u32], last: u8) -> io::Result<()> {
    // ESC [, at most two numbers of ten digits and a `;`, the final byte.
    let mut buf = [0u8; 2 + 2 * 10 + 1 + 1];
    buf[0] = 0x1b;
    buf[1] = b'[';
    let mut len = 2;
    for (i, &n) in numbers.iter().take(2).enumerate() {
        if i > 0 {
            buf[len] = b';';
            len += 1;
        }
        let mut digits = [0u8; 10];
        let mut at = digits.len();
        let mut rest = n;
        loop {
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        let digits = &digits[at..];
        buf[len..len + digits.len()].copy_from_slice(digits);
        len += digits.len();
    }
    buf[len] = last;
    out.write_all(&buf[..=len])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_erases_are_written_in_decimal() {
        let mut out = Vec::new();
        move_to(&mut out, 0, 0).unwrap();
        move_to(&mut out, 119, 39).unwrap();
        move_to(&mut out, u16::MAX, u16::MAX).unwrap();
        move_to_column(&mut out, 9).unwrap();
        erase_cells(&mut out, 0).unwrap();
        erase_cells(&mut out, 120).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "\x1b[1;1H\x1b[40;120H\x1b[65536;65536H\x1b[10G\x1b[120X"
        );
    }
}
