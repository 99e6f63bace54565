//! Meaning of complete CSI and SS3 sequences (the framing is in `decode`).

use crate::decode::TerminalReply;
use crate::{Key, KeyCode, Modifiers};

/// What a complete CSI sequence means.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum CsiOutcome {
    Key(Key),
    PasteStart,
    Reply(TerminalReply),
    Ignore,
}

/// A terminal's answer to a query the host sent: `CSI ? flags u` (the kitty keyboard
/// protocol's flags) or `CSI ? ... c` (the primary device attributes).
fn reply(raw: &[u8], final_byte: u8) -> Option<TerminalReply> {
    let params = raw.strip_prefix(b"?")?;
    match final_byte {
        b'u' if params.iter().all(u8::is_ascii_digit) => {
            let flags = std::str::from_utf8(params)
                .ok()
                .and_then(|p| p.parse::<u32>().ok())
                .unwrap_or(0);
            Some(TerminalReply::KeyboardFlags(flags))
        }
        b'c' if params.iter().all(|c| c.is_ascii_digit() || *c == b';') => {
            Some(TerminalReply::PrimaryDeviceAttributes)
        }
        _ => None,
    }
}

/// The final bytes that SS3 (`ESC O c`) and CSI (`ESC [ 1 ; m c`) share:
/// arrows, home/end, clear and F1, F2, F4. (F3's `R` differs: in CSI it can be a
/// cursor position report.)
fn cursor_code(c: u8) -> Option<KeyCode> {
    Some(match c {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'E' => KeyCode::Clear,
        b'P' => KeyCode::F1,
        b'Q' => KeyCode::F2,
        b'S' => KeyCode::F4,
        _ => return None,
    })
}

/// The key of `ESC O <c>` (application cursor and keypad modes).
pub(crate) fn ss3_key(c: u8) -> Option<Key> {
    if let Some(code) = cursor_code(c) {
        return Some(Key::plain(code));
    }
    let code = match c {
        b'R' => KeyCode::F3,
        b'M' => KeyCode::Enter,
        b'j' => KeyCode::Char('*'),
        b'k' => KeyCode::Char('+'),
        b'm' => KeyCode::Char('-'),
        b'n' => KeyCode::Char('.'),
        b'o' => KeyCode::Char('/'),
        b'X' => KeyCode::Char('='),
        b'p'..=b'y' => KeyCode::Char(char::from(c - b'p' + b'0')),
        _ => return None,
    };
    Some(Key::plain(code))
}

/// Parameters of a CSI sequence: `;`-separated fields of `:`-separated optional numbers.
struct Params(Vec<Vec<Option<u32>>>);

impl Params {
    fn parse(raw: &[u8]) -> Option<Params> {
        let text = std::str::from_utf8(raw).ok()?;
        let mut fields = Vec::new();
        for field in text.split(';') {
            let mut parts = Vec::new();
            for part in field.split(':') {
                if part.is_empty() {
                    parts.push(None);
                } else {
                    parts.push(Some(part.parse::<u32>().ok()?));
                }
            }
            fields.push(parts);
        }
        Some(Params(fields))
    }

    fn get(&self, field: usize, part: usize) -> Option<u32> {
        self.0.get(field)?.get(part).copied().flatten()
    }

    /// The modifiers in field 1 (default none).
    fn mods(&self) -> Modifiers {
        Modifiers::from_xterm_param(self.get(1, 0).unwrap_or(1))
    }

    /// True when field 1 carries the Kitty release event type (3).
    fn is_release(&self) -> bool {
        self.get(1, 1) == Some(3)
    }
}

/// Decodes a complete `ESC [ params final` sequence.
pub(crate) fn decode_csi(raw: &[u8], final_byte: u8) -> CsiOutcome {
    if let Some(reply) = reply(raw, final_byte) {
        return CsiOutcome::Reply(reply);
    }
    // Private markers (<, =, >, ?) introduce mouse reports and terminal replies; intermediates
    // (0x20-0x2f) are not used by keys.
    if raw
        .iter()
        .any(|c| matches!(c, b'<' | b'=' | b'>' | b'?' | 0x20..=0x2f))
    {
        return CsiOutcome::Ignore;
    }
    let Some(params) = Params::parse(raw) else {
        return CsiOutcome::Ignore;
    };
    if params.is_release() {
        return CsiOutcome::Ignore;
    }
    let mods = params.mods();
    if let Some(code) = cursor_code(final_byte) {
        return CsiOutcome::Key(Key::new(code, mods));
    }
    let code = match final_byte {
        // A cursor position report (ESC [ row ; col R) looks the same as a modified F3; only
        // the forms with a first parameter of 1 (or none) are taken as F3.
        b'R' if params.get(0, 0).is_none_or(|p| p == 1) => KeyCode::F3,
        b'Z' => {
            return CsiOutcome::Key(Key::new(KeyCode::Tab, mods.union(Modifiers::SHIFT)));
        }
        b'~' => return tilde(&params, mods),
        b'u' => {
            let Some(cp) = params.get(0, 0) else {
                return CsiOutcome::Ignore;
            };
            return codepoint_key(cp, mods, params.get(0, 1), false)
                .map_or(CsiOutcome::Ignore, CsiOutcome::Key);
        }
        _ => return CsiOutcome::Ignore,
    };
    CsiOutcome::Key(Key::new(code, mods))
}

/// `ESC [ n ; m ~`: editing keys, function keys, paste start and modifyOtherKeys.
fn tilde(params: &Params, mods: Modifiers) -> CsiOutcome {
    let code = match params.get(0, 0) {
        Some(1 | 7) => KeyCode::Home,
        Some(2) => KeyCode::Insert,
        Some(3) => KeyCode::Delete,
        Some(4 | 8) => KeyCode::End,
        Some(5) => KeyCode::PageUp,
        Some(6) => KeyCode::PageDown,
        Some(n @ 11..=15) => KeyCode::function((n - 10) as u8).unwrap_or(KeyCode::F1),
        Some(n @ 17..=21) => KeyCode::function((n - 11) as u8).unwrap_or(KeyCode::F6),
        Some(23) => KeyCode::F11,
        Some(24) => KeyCode::F12,
        Some(200) => return CsiOutcome::PasteStart,
        Some(27) => {
            // xterm modifyOtherKeys: ESC [ 27 ; mods ; codepoint ~
            let Some(cp) = params.get(2, 0) else {
                return CsiOutcome::Ignore;
            };
            return codepoint_key(cp, mods, None, true).map_or(CsiOutcome::Ignore, CsiOutcome::Key);
        }
        _ => return CsiOutcome::Ignore,
    };
    CsiOutcome::Key(Key::new(code, mods))
}

/// The key of a Unicode code point from CSI-u or modifyOtherKeys, including Kitty's
/// private-use codes for keypad keys. `shifted` is Kitty's alternate (shifted) key;
/// `produced` says the code point is the character the key produced (modifyOtherKeys), so
/// shift is already part of it for non-letters.
fn codepoint_key(cp: u32, mods: Modifiers, shifted: Option<u32>, produced: bool) -> Option<Key> {
    let code = match cp {
        27 => KeyCode::Esc,
        13 | 57414 => KeyCode::Enter,
        9 => KeyCode::Tab,
        8 | 127 => KeyCode::Backspace,
        32 => KeyCode::Space,
        57399..=57408 => KeyCode::Char(char::from_digit(cp - 57399, 10)?),
        57409 => KeyCode::Char('.'),
        57410 => KeyCode::Char('/'),
        57411 => KeyCode::Char('*'),
        57412 => KeyCode::Char('-'),
        57413 => KeyCode::Char('+'),
        57415 => KeyCode::Char('='),
        57417 => KeyCode::Left,
        57418 => KeyCode::Right,
        57419 => KeyCode::Up,
        57420 => KeyCode::Down,
        57421 => KeyCode::PageUp,
        57422 => KeyCode::PageDown,
        57423 => KeyCode::Home,
        57424 => KeyCode::End,
        57425 => KeyCode::Insert,
        57426 => KeyCode::Delete,
        57427 => KeyCode::Clear,
        // Modifier keys alone, media keys, F13 and up: not keys this crate names.
        57344..=63743 => return None,
        _ => {
            let c = char::from_u32(cp).filter(|c| !c.is_control())?;
            if mods.shift {
                if let Some(s) = shifted.and_then(char::from_u32).filter(|c| !c.is_control()) {
                    let unshifted = Modifiers {
                        shift: false,
                        ..mods
                    };
                    return Some(shifted_key(s, unshifted));
                }
                if produced && !c.is_ascii_alphabetic() {
                    return Some(shifted_key(
                        c,
                        Modifiers {
                            shift: false,
                            ..mods
                        },
                    ));
                }
            }
            KeyCode::Char(c)
        }
    };
    Some(Key::new(code, mods))
}

/// A character that already includes shift: an uppercase ASCII letter still gets shift
/// (canonical `shift+n`), anything else stands alone.
fn shifted_key(c: char, mods: Modifiers) -> Key {
    Key::new(KeyCode::Char(c), mods)
}
