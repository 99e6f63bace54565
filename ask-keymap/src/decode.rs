//! Streaming decoder from raw terminal bytes to key events and pastes.
//!
//! Handles legacy CSI and SS3 sequences, `ESC[Z`, `0x7f`, control letters, ESC-prefixed alt,
//! xterm modifyOtherKeys (`ESC[27;m;k~`), Kitty CSI-u (modifier bits, event types; releases
//! dropped), `ESC[1;m X`, `ESC[n;m~`, bracketed paste and UTF-8 text, all split across reads
//! in any way. The answers to the kitty keyboard query and the primary device attributes
//! query are kept aside ([`Decoder::take_replies`]). Sequences it does not know (focus
//! reports, mouse, other terminal replies) are dropped, and never waited on: a CSI ends at its final byte (0x40-0x7e) whatever its parameters and
//! intermediates, and a DCS, OSC, APC, PM or SOS string (`ESC P`, `ESC ]`, `ESC _`, `ESC ^`,
//! `ESC X`) ends at ST (`ESC \\`) or BEL.

use crate::csi::{CsiOutcome, decode_csi, ss3_key};
use crate::{Key, KeyCode, Modifiers};

/// One input event: what [`Decoder`] decodes from raw bytes, and what a terminal library's
/// events convert to (with the `crossterm` feature: `TryFrom<crossterm::event::Event>`,
/// which hands back the events that are not input, such as focus changes and key releases,
/// as its error; or [`InputEvent::from_crossterm`]).
///
/// With serde, for hosts that send input as JSON (a web page, an RPC client), an event is
/// an object with one field named after the variant, a key in its id notation:
///
/// ```
/// use ask_keymap::{InputEvent, Key};
///
/// let events: Vec<InputEvent> = serde_json::from_str(
///     r#"[{"key": "ctrl+c"}, {"key": "shift+tab"}, {"paste": "two\nlines"}, {"resize": [80, 24]}]"#,
/// )?;
/// assert_eq!(events[0], InputEvent::Key("ctrl+c".parse::<Key>()?));
/// assert_eq!(events[2], InputEvent::Paste("two\nlines".into()));
/// assert_eq!(events[3], InputEvent::Resize(80, 24));
/// assert_eq!(serde_json::to_string(&events[1])?, r#"{"key":"shift+tab"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum InputEvent {
    /// A key press (or repeat).
    Key(Key),
    /// A bracketed paste. Line breaks are normalized to `\n` (terminals send `\r`).
    Paste(String),
    /// The terminal was resized to (columns, rows). [`Decoder`] never produces this (raw
    /// bytes carry no size); terminal libraries report it as an event.
    Resize(u16, u16),
}

/// A terminal's answer to a query, which [`Decoder`] takes out of the input (it is not
/// something a person typed) and keeps for [`Decoder::take_replies`].
///
/// ```
/// use ask_keymap::{Decoder, InputEvent, Key, TerminalReply};
///
/// let mut decoder = Decoder::new();
/// // The kitty keyboard flags and the primary device attributes, a key between them.
/// let events = decoder.feed(b"\x1b[?0u1\x1b[?62;22c");
/// assert_eq!(events, [InputEvent::Key(Key::char('1'))]);
/// assert_eq!(
///     decoder.take_replies(),
///     [TerminalReply::KeyboardFlags(0), TerminalReply::PrimaryDeviceAttributes]
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TerminalReply {
    /// `CSI ? flags u`: the terminal has the kitty keyboard protocol; these flags are on.
    KeyboardFlags(u32),
    /// `CSI ? ... c`: the primary device attributes (DA1), which every terminal sends.
    PrimaryDeviceAttributes,
}

/// The most replies [`Decoder`] keeps for a host that does not take them (older ones go).
const MAX_REPLIES: usize = 16;

/// A streaming decoder: feed it bytes as they arrive, in any split.
///
/// A lone ESC is ambiguous (the Esc key, or the start of a sequence still in flight), so it
/// stays pending until more bytes arrive or the caller calls [`Decoder::flush`] (typically
/// after a short read timeout).
///
/// How long to wait: a terminal writes each key's whole sequence at once, so it arrives
/// in one read, and an Alt key (ESC and the key, one write) decodes as Alt+key without any
/// wait. A host flushes once no byte came for a short while after the read that left
/// bytes pending (the `ask` binary: 10 ms, like tmux and pi-tui), and reads whatever is
/// already waiting before it flushes, so a busy machine never splits a sequence. A slow
/// link may still split one across reads; the binary then lengthens its wait to twice the
/// gap it saw (at most 100 ms) for the rest of the session. With the kitty keyboard
/// protocol Esc is `CSI 27 u` and needs no wait at all.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    buf: Vec<u8>,
    /// Inside a bracketed paste: the bytes pasted so far.
    paste: Option<Vec<u8>>,
    /// Dropping the rest of an overlong control sequence, up to its final byte.
    discarding: bool,
    /// Inside a DCS, OSC, APC, PM or SOS string: dropping bytes up to ST or BEL.
    in_string: bool,
    /// Terminal replies decoded and not taken yet.
    replies: Vec<TerminalReply>,
}

/// The longest control sequence kept pending; longer ones are garbage and get dropped.
const MAX_SEQUENCE: usize = 64;
const PASTE_END: &[u8] = b"\x1b[201~";

/// The result of decoding at the start of a byte slice.
#[derive(Debug, PartialEq, Eq)]
enum Parsed {
    /// A key, and how many bytes it took.
    Key(Key, usize),
    /// Bytes to drop (unknown sequences, releases, invalid UTF-8).
    Skip(usize),
    /// A terminal reply, and how many bytes it took.
    Reply(TerminalReply, usize),
    /// The start of a bracketed paste, and its length.
    PasteStart(usize),
    /// The start of a control sequence too long to be a key: drop it up to its final byte.
    Overlong(usize),
    /// The introducer of a control string (DCS, OSC, APC, PM, SOS): drop it up to ST or BEL.
    StringStart(usize),
    /// The bytes so far may be the start of a longer sequence.
    Incomplete,
}

impl Decoder {
    /// An empty decoder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Decodes as much of `bytes` (after what is pending) as possible. Bytes that may start a
    /// longer sequence (a lone ESC, a partial sequence or a partial UTF-8 character) stay
    /// pending.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<InputEvent> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        self.drain(&mut out, false);
        out
    }

    /// No more bytes follow now: a pending lone ESC becomes Esc, a bare `ESC [`, `ESC O`,
    /// `ESC ]` (...) becomes alt+`[`, alt+shift+o, alt+`]` (...), and other partial sequences
    /// and unterminated control strings are dropped. An open bracketed paste stays open (see
    /// [`Decoder::end_paste`]).
    pub fn flush(&mut self) -> Vec<InputEvent> {
        let mut out = Vec::new();
        self.drain(&mut out, true);
        self.discarding = false;
        self.in_string = false;
        out
    }

    /// True when bytes are pending (a partial sequence, an unterminated control string, or
    /// an open paste).
    pub fn has_pending(&self) -> bool {
        !self.buf.is_empty() || self.paste.is_some() || self.discarding || self.in_string
    }

    /// True inside a bracketed paste whose end marker has not arrived yet.
    pub fn in_paste(&self) -> bool {
        self.paste.is_some()
    }

    /// The terminal replies decoded since the last call, oldest first (at most the last
    /// 16 are kept): the answers to queries such as the kitty keyboard protocol's
    /// `CSI ? u` and `CSI c`. They never come out of [`Decoder::feed`] as input.
    pub fn take_replies(&mut self) -> Vec<TerminalReply> {
        std::mem::take(&mut self.replies)
    }

    /// Gives up waiting for the end of an open bracketed paste (the terminal never sent it):
    /// the text pasted so far becomes a paste event, and the bytes that follow decode as keys
    /// again. Nothing happens when no paste is open.
    pub fn end_paste(&mut self) -> Vec<InputEvent> {
        let mut out = Vec::new();
        if let Some(mut paste) = self.paste.take() {
            // The start of an end marker that never completed is not text.
            let partial = (1..PASTE_END.len())
                .rev()
                .find(|&n| PASTE_END.get(..n).is_some_and(|m| paste.ends_with(m)))
                .unwrap_or(0);
            paste.truncate(paste.len() - partial);
            let text = String::from_utf8_lossy(&paste);
            out.push(InputEvent::Paste(normalize_newlines(&text)));
        }
        self.drain(&mut out, false);
        out
    }

    fn drain(&mut self, out: &mut Vec<InputEvent>, last: bool) {
        let mut at = 0;
        loop {
            if let Some(paste) = self.paste.as_mut() {
                let rest = self.buf.get(at..).unwrap_or_default();
                let Some((content_in_rest, consumed)) = paste_end(paste, rest) else {
                    paste.extend_from_slice(rest);
                    at = self.buf.len();
                    break;
                };
                paste.extend_from_slice(rest.get(..content_in_rest).unwrap_or_default());
                let text = String::from_utf8_lossy(paste);
                out.push(InputEvent::Paste(normalize_newlines(&text)));
                self.paste = None;
                at += consumed;
                continue;
            }
            let Some(rest) = self.buf.get(at..).filter(|r| !r.is_empty()) else {
                break;
            };
            if self.in_string {
                let taken = skip_string(rest, last, &mut self.in_string);
                if taken == 0 && self.in_string {
                    break;
                }
                at += taken;
                continue;
            }
            if self.discarding {
                let params = rest
                    .iter()
                    .take_while(|c| (0x20..=0x3f).contains(*c))
                    .count();
                at += params;
                match rest.get(params) {
                    None => continue,
                    Some(0x40..=0x7e) => at += 1,
                    Some(_) => {}
                }
                self.discarding = false;
                continue;
            }
            match parse(rest, last) {
                Parsed::Key(key, n) => {
                    out.push(InputEvent::Key(key));
                    at += n;
                }
                Parsed::Skip(n) => at += n.max(1),
                Parsed::Reply(reply, n) => {
                    if self.replies.len() == MAX_REPLIES {
                        self.replies.remove(0);
                    }
                    self.replies.push(reply);
                    at += n.max(1);
                }
                Parsed::PasteStart(n) => {
                    at += n;
                    self.paste = Some(Vec::new());
                }
                Parsed::Overlong(n) => {
                    at += n;
                    self.discarding = true;
                }
                Parsed::StringStart(n) => {
                    at += n;
                    self.in_string = true;
                }
                Parsed::Incomplete => break,
            }
        }
        self.buf.drain(..at.min(self.buf.len()));
    }
}

/// Drops control string content at the start of `rest` (non-empty): up to and including
/// BEL or ST, or up to an ESC that starts something else. Returns how many bytes it took;
/// clears `in_string` when the string ended. A trailing ESC waits for the next byte (it may
/// start ST) unless `last`, when the unfinished string is dropped with it.
fn skip_string(rest: &[u8], last: bool, in_string: &mut bool) -> usize {
    let Some(p) = rest.iter().position(|&c| c == 0x07 || c == 0x1b) else {
        return rest.len();
    };
    if rest.get(p) == Some(&0x07) {
        *in_string = false;
        return p + 1;
    }
    match rest.get(p + 1) {
        Some(b'\\') => {
            *in_string = false;
            p + 2
        }
        // An ESC that is not ST ends the string and starts the next sequence.
        Some(_) => {
            *in_string = false;
            p
        }
        None if last => {
            *in_string = false;
            p + 1
        }
        // Wait for the byte after the ESC (the caller stops when nothing was taken).
        None => p,
    }
}

/// Finds the paste end marker in the bytes pasted so far followed by `rest`. Returns how
/// many bytes of `rest` are paste content and how many it takes up to and including the
/// marker; when the marker began in `paste`, its start is cut off `paste`.
fn paste_end(paste: &mut Vec<u8>, rest: &[u8]) -> Option<(usize, usize)> {
    let from = paste.len().saturating_sub(PASTE_END.len() - 1);
    let kept = paste.len() - from;
    let mut window = paste.get(from..).unwrap_or_default().to_vec();
    window.extend(rest.iter().take(PASTE_END.len() - 1));
    if let Some(p) = find(&window, PASTE_END).filter(|p| *p < kept) {
        paste.truncate(from + p);
        return Some((0, p + PASTE_END.len() - kept));
    }
    let p = find(rest, PASTE_END)?;
    Some((p, p + PASTE_END.len()))
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn normalize_newlines(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Decodes one event at the start of `b` (non-empty). `last`: no more bytes follow.
fn parse(b: &[u8], last: bool) -> Parsed {
    let Some(&first) = b.first() else {
        return Parsed::Incomplete;
    };
    let key = |code| Parsed::Key(Key::plain(code), 1);
    match first {
        0x1b => parse_esc(b, last),
        0x7f | 0x08 => key(KeyCode::Backspace),
        b'\r' => key(KeyCode::Enter),
        b'\t' => key(KeyCode::Tab),
        0x00 => Parsed::Key(Key::new(KeyCode::Space, Modifiers::CTRL), 1),
        0x01..=0x1a => Parsed::Key(Key::ctrl(char::from(first + 0x60)), 1),
        0x1c..=0x1f => Parsed::Key(Key::ctrl(char::from(first + 0x40)), 1),
        b' ' => key(KeyCode::Space),
        0x21..=0x7e => Parsed::Key(Key::char(char::from(first)), 1),
        _ => parse_utf8(b, last),
    }
}

fn parse_utf8(b: &[u8], last: bool) -> Parsed {
    let len = match b.first() {
        Some(0xc2..=0xdf) => 2,
        Some(0xe0..=0xef) => 3,
        Some(0xf0..=0xf4) => 4,
        _ => return Parsed::Skip(1),
    };
    let Some(bytes) = b.get(..len) else {
        let continuation = b.iter().skip(1).all(|c| (0x80..=0xbf).contains(c));
        return if continuation && !last {
            Parsed::Incomplete
        } else {
            Parsed::Skip(1)
        };
    };
    match std::str::from_utf8(bytes)
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) if !c.is_control() => Parsed::Key(Key::char(c), len),
        Some(_) => Parsed::Skip(len),
        None => Parsed::Skip(1),
    }
}

fn with_alt(parsed: Parsed) -> Parsed {
    match parsed {
        Parsed::Key(key, n) => Parsed::Key(
            Key::new(key.code(), key.mods().union(Modifiers::ALT)),
            n + 1,
        ),
        Parsed::Skip(n) => Parsed::Skip(n + 1),
        Parsed::Overlong(n) => Parsed::Overlong(n + 1),
        Parsed::Reply(reply, n) => Parsed::Reply(reply, n + 1),
        other => other,
    }
}

fn parse_esc(b: &[u8], last: bool) -> Parsed {
    let esc = Parsed::Key(Key::plain(KeyCode::Esc), 1);
    let Some(&next) = b.get(1) else {
        return if last { esc } else { Parsed::Incomplete };
    };
    match next {
        b'[' => parse_csi(b, last),
        b'O' => match b.get(2) {
            None if last => Parsed::Key(
                Key::new(
                    KeyCode::Char('o'),
                    Modifiers {
                        alt: true,
                        shift: true,
                        ..Modifiers::NONE
                    },
                ),
                2,
            ),
            None => Parsed::Incomplete,
            Some(&c) => ss3_key(c).map_or(Parsed::Skip(3), |k| Parsed::Key(k, 3)),
        },
        0x1b => match b.get(2) {
            // ESC ESC [ ... is alt plus a sequence (rxvt); anything else is two presses.
            Some(b'[' | b'O') => match parse(b.get(1..).unwrap_or_default(), last) {
                Parsed::PasteStart(_) => esc,
                other => with_alt(other),
            },
            None if !last => Parsed::Incomplete,
            _ => esc,
        },
        // DCS, OSC, APC, PM and SOS: terminal replies (and a bare one is an alt key).
        b'P' | b']' | b'_' | b'^' | b'X' => match b.get(2) {
            Some(_) => Parsed::StringStart(2),
            None if last => with_alt(parse(b.get(1..).unwrap_or_default(), last)),
            None => Parsed::Incomplete,
        },
        _ => with_alt(parse(b.get(1..).unwrap_or_default(), last)),
    }
}

fn parse_csi(b: &[u8], last: bool) -> Parsed {
    // ESC [ params (0x30-0x3f)* intermediates (0x20-0x2f)* final (0x40-0x7e)
    let mut j = 2;
    while let Some(&c) = b.get(j) {
        match c {
            0x20..=0x3f => j += 1,
            0x40..=0x7e => return finish_csi(b, j, last),
            // Not a valid sequence: drop what came before this byte and decode it afresh.
            _ => return Parsed::Skip(j),
        }
        if j > MAX_SEQUENCE {
            return Parsed::Overlong(j);
        }
    }
    if !last {
        Parsed::Incomplete
    } else if j == 2 {
        Parsed::Key(Key::new(KeyCode::Char('['), Modifiers::ALT), 2)
    } else {
        Parsed::Skip(j)
    }
}

fn finish_csi(b: &[u8], final_at: usize, last: bool) -> Parsed {
    let params = b.get(2..final_at).unwrap_or_default();
    let final_byte = b.get(final_at).copied().unwrap_or_default();
    let len = final_at + 1;
    // X10 mouse report: ESC [ M and three raw bytes.
    if final_byte == b'M' && params.is_empty() {
        return match b.get(len + 2) {
            Some(_) => Parsed::Skip(len + 3),
            None if last => Parsed::Skip(b.len()),
            None => Parsed::Incomplete,
        };
    }
    match decode_csi(params, final_byte) {
        CsiOutcome::Key(key) => Parsed::Key(key, len),
        CsiOutcome::PasteStart => Parsed::PasteStart(len),
        CsiOutcome::Reply(reply) => Parsed::Reply(reply, len),
        CsiOutcome::Ignore => Parsed::Skip(len),
    }
}
