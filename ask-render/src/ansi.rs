//! A dependency-free ANSI painter: frames to text with SGR escape codes.

use std::fmt::Write as _;

use crate::frame::{Frame, Line};
use crate::text::{display_width, truncate};
use crate::theme::{Look, Theme};

/// SGR reset: every attribute back to the terminal's default.
const RESET: &str = "\u{1b}[0m";

/// Paints a whole frame as text with SGR codes, one row per line (`\n`-separated,
/// no trailing newline), for hosts that print to a terminal without a TUI
/// library. Only SGR sequences are emitted (no cursor movement), and every row
/// ends with the attributes reset, so the output can be printed anywhere.
///
/// ```
/// use ask_render::{Frame, Line, Role, Span, theme::Theme, to_ansi};
///
/// let frame = Frame::from_lines(vec![Line::new(vec![Span::raw("pick "), Span::new("PostgreSQL", Role::Accent)])]);
/// assert_eq!(to_ansi(&frame, &Theme::default()), "pick \u{1b}[38;5;14mPostgreSQL\u{1b}[0m");
/// assert_eq!(to_ansi(&frame, &Theme::plain()), "pick PostgreSQL");
/// ```
pub fn to_ansi(frame: &Frame, theme: &Theme) -> String {
    let mut out = String::new();
    for (i, line) in frame.lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_line(&mut out, line, theme, usize::MAX);
    }
    out
}

/// Appends one row with SGR codes to `out`, cut to `max_cols` display columns.
/// Returns the columns used. Control characters (which a rendered frame never
/// holds, since the renderer sanitizes) are replaced by `U+FFFD` all the same,
/// so a hand-built frame cannot smuggle an escape sequence through.
pub fn write_line(out: &mut String, line: &Line, theme: &Theme, max_cols: usize) -> usize {
    let mut used = 0;
    for span in &line.spans {
        let room = max_cols.saturating_sub(used);
        if room == 0 {
            break;
        }
        let width = display_width(&span.text);
        let cut;
        let text = if width <= room {
            used += width;
            span.text.as_str()
        } else {
            cut = truncate(&span.text, room);
            used += display_width(&cut);
            cut.as_str()
        };
        let look = theme.look(span.style);
        let styled = sgr(out, look);
        out.extend(
            text.chars()
                .map(|c| if c.is_control() { '\u{fffd}' } else { c }),
        );
        if styled {
            out.push_str(RESET);
        }
    }
    used
}

/// Writes the SGR sequence that turns `look` on; false when the look is plain. Written
/// straight into `out` (no list of codes joined): a terminal host paints a frame per key.
fn sgr(out: &mut String, look: Look) -> bool {
    let start = out.len();
    // `ESC [` before the first code, `;` between codes.
    let next = |out: &mut String| out.push_str(if out.len() == start { "\u{1b}[" } else { ";" });
    for (on, code) in [(look.bold, '1'), (look.dim, '2'), (look.inverse, '7')] {
        if on {
            next(out);
            out.push(code);
        }
    }
    if let Some(color) = look.fg {
        next(out);
        let _ = write!(out, "38;5;{}", color.palette_index());
    }
    if out.len() == start {
        return false;
    }
    out.push('m');
    true
}

#[cfg(test)]
mod tests {
    use super::{to_ansi, write_line};
    use crate::frame::{Frame, Line, Role, Span, Style};
    use crate::theme::Theme;

    #[test]
    fn rows_are_cut_by_display_width_and_reset_after_each_styled_span() {
        let line = Line::new(vec![
            Span::new("中文", Style::new(Role::Title)),
            Span::raw("abc"),
        ]);
        let mut out = String::new();
        assert_eq!(write_line(&mut out, &line, &Theme::default(), 5), 5);
        assert_eq!(out, "\u{1b}[1m中文\u{1b}[0m…");
    }

    #[test]
    fn control_characters_never_pass() {
        let frame = Frame::from_lines(vec![Line::new(vec![Span::new(
            "a\u{1b}]52;c;x\u{7}b",
            Role::Warning,
        )])]);
        let out = to_ansi(&frame, &Theme::default());
        assert_eq!(out, "\u{1b}[38;5;11ma\u{fffd}]52;c;x\u{fffd}b\u{1b}[0m");
    }
}
