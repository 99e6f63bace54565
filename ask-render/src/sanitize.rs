//! Making untrusted text safe to print.
//!
//! Payloads, notes and session files may carry escape sequences (OSC 52 clipboard
//! writes, OSC 0 title changes, CSI cursor moves, SGR colours) or bidi overrides
//! that reorder what the user reads. Every such character becomes a visible
//! placeholder, so nothing reaches the terminal as a control.

use std::borrow::Cow;

use unicode_segmentation::UnicodeSegmentation;

use crate::text::grapheme_width;

/// Spaces per tab stop.
pub(crate) const TAB_STOP: usize = 4;

/// The visible stand-in for a character that must not reach a terminal, or `None`
/// when the character is safe (newline and tab are handled by the caller).
pub(crate) fn placeholder(c: char) -> Option<char> {
    match c {
        // C0 controls: the Unicode "control pictures" block (ESC -> ␛, CR -> ␍).
        '\0'..='\u{1f}' => char::from_u32(0x2400 + u32::from(c)),
        '\u{7f}' => Some('␡'),
        // C1 controls (CSI, OSC, ST as single bytes) and bidi controls.
        '\u{80}'..='\u{9f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{061c}' => Some('\u{fffd}'),
        _ => None,
    }
}

/// True when some character of `text` is unsafe, by a byte scan: C0 and DEL are
/// single bytes, C1 is `C2 80..9F`, ALM is `D8 9C`, LRM/RLM and the bidi overrides
/// are `E2 80 8E..8F`, `E2 80 AA..AE` and `E2 81 A6..A9` in UTF-8.
fn needs_sanitizing(text: &str) -> bool {
    let bytes = text.as_bytes();
    // Branch-free pass first (vectorizes): only controls, DEL and non-ASCII need a closer look.
    if !bytes
        .iter()
        .fold(false, |acc, &b| acc | !(0x20..0x7f).contains(&b))
    {
        return false;
    }
    bytes.iter().enumerate().any(|(i, &b)| match b {
        0x00..=0x1f | 0x7f => b != b'\n',
        0xc2 => bytes.get(i + 1).is_some_and(|n| (0x80..=0x9f).contains(n)),
        0xd8 => bytes.get(i + 1) == Some(&0x9c),
        0xe2 => match (bytes.get(i + 1), bytes.get(i + 2)) {
            (Some(0x80), Some(n)) => matches!(n, 0x8e | 0x8f | 0xaa..=0xae),
            (Some(0x81), Some(n)) => (0xa6..=0xa9).contains(n),
            _ => false,
        },
        _ => false,
    })
}

/// True when `c` would be replaced by [`sanitize`].
pub(crate) fn is_unsafe(c: char) -> bool {
    c == '\t' || (c != '\n' && placeholder(c).is_some())
}

/// Replaces control characters (C0 except newline, DEL, C1, ESC) and bidi
/// controls (U+202A-U+202E, U+2066-U+2069, LRM, RLM, ALM) with visible
/// placeholders (`␛`, `␍`, `␡`, `�`) and expands tabs to spaces (tab stops every
/// four columns of the line). Newlines are kept.
///
/// ```
/// use ask_render::text::sanitize;
/// assert_eq!(sanitize("\u{1b}]52;c;aGk=\u{7}hi"), "␛]52;c;aGk=␇hi");
/// assert_eq!(sanitize("a\tb"), "a   b");
/// assert_eq!(sanitize("\u{202e}evil"), "\u{fffd}evil");
/// ```
pub fn sanitize(text: &str) -> Cow<'_, str> {
    if !needs_sanitizing(text) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut col = 0usize;
    for g in text.graphemes(true) {
        if !g.chars().any(|c| c == '\n' || is_unsafe(c)) {
            out.push_str(g);
            col += grapheme_width(g);
            continue;
        }
        for c in g.chars() {
            match c {
                '\n' => {
                    out.push('\n');
                    col = 0;
                }
                '\t' => {
                    let n = TAB_STOP - col % TAB_STOP;
                    out.extend(std::iter::repeat_n(' ', n));
                    col += n;
                }
                c => {
                    out.push(placeholder(c).unwrap_or(c));
                    col += 1;
                }
            }
        }
    }
    Cow::Owned(out)
}

/// [`sanitize`] for single-line contexts: newlines become spaces as well.
pub(crate) fn sanitize_line(text: &str) -> String {
    let clean = sanitize(text);
    if clean.contains('\n') {
        clean.replace('\n', " ")
    } else {
        clean.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    #[test]
    fn replaces_every_terminal_control() {
        let nasty = "\u{1b}]0;title\u{7}\u{1b}[2J\u{1b}[31mred\u{9b}1A\u{8d}\u{7f}\r";
        let clean = sanitize(nasty);
        assert_eq!(clean, "␛]0;title␇␛[2J␛[31mred\u{fffd}1A\u{fffd}␡␍");
        assert!(!clean.chars().any(char::is_control));
    }

    #[test]
    fn replaces_bidi_overrides_and_isolates() {
        for c in [
            '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}',
            '\u{2068}', '\u{2069}',
        ] {
            let text = format!("a{c}b");
            assert_eq!(sanitize(&text), "a\u{fffd}b", "{c:?}");
        }
    }

    #[test]
    fn byte_scan_agrees_with_the_char_rule() {
        for c in (0..0x3000u32).filter_map(char::from_u32) {
            let text = format!("a{c}b");
            assert_eq!(super::needs_sanitizing(&text), super::is_unsafe(c), "{c:?}");
        }
    }

    #[test]
    fn keeps_newlines_and_expands_tabs_to_stops() {
        assert_eq!(sanitize("ab\tc\n\td"), "ab  c\n    d");
        assert!(matches!(
            sanitize("plain é 中"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
