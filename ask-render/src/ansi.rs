//! A dependency-free ANSI painter: frames to text with SGR escape codes.

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
        // Printable ASCII (most of a frame) is one column a byte and needs no check.
        let ascii = span.text.bytes().all(|b| (0x20..0x7f).contains(&b));
        let width = if ascii {
            span.text.len()
        } else {
            display_width(&span.text)
        };
        let cut;
        let (text, clean) = if width <= room {
            used += width;
            (span.text.as_str(), ascii)
        } else {
            cut = truncate(&span.text, room);
            used += display_width(&cut);
            (cut.as_str(), false)
        };
        let look = theme.look(span.style);
        let styled = sgr(out, look);
        if clean {
            out.push_str(text);
        } else {
            push_printable(out, text);
        }
        if styled {
            out.push_str(RESET);
        }
    }
    used
}

/// Appends `text` with every control character replaced by `U+FFFD`: in one copy when
/// it has none (the rule for a rendered frame, whose text the renderer sanitized), else
/// character by character.
fn push_printable(out: &mut String, text: &str) {
    // C0 controls and DEL are single bytes; C1 controls (U+0080..U+009F) are encoded as
    // 0xC2 followed by 0x80..=0x9F.
    let bytes = text.as_bytes();
    let clean = !bytes.iter().enumerate().any(|(i, &b)| {
        b < 0x20
            || b == 0x7f
            || (b == 0xc2 && bytes.get(i + 1).is_some_and(|n| (0x80..0xa0).contains(n)))
    });
    if clean {
        out.push_str(text);
    } else {
        out.extend(
            text.chars()
                .map(|c| if c.is_control() { '\u{fffd}' } else { c }),
        );
    }
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
        out.push_str("38;5;");
        let index = color.palette_index();
        for (digit, shown) in [
            (index / 100, index >= 100),
            ((index / 10) % 10, index >= 10),
            (index % 10, true),
        ] {
            if shown {
                out.push(char::from(b'0' + digit));
            }
        }
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
    fn c1_controls_and_del_never_pass_and_clean_text_is_kept_whole() {
        let line = Line::new(vec![Span::raw("a\u{9b}31mb\u{7f}c"), Span::raw(" é ✓ 中")]);
        let mut out = String::new();
        write_line(&mut out, &line, &Theme::plain(), usize::MAX);
        assert_eq!(out, "a\u{fffd}31mb\u{fffd}c é ✓ 中");
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
