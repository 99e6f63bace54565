//! The owned key type and its pi-tui key-id notation.

use std::fmt;
use std::str::FromStr;

use crate::KeymapError;

/// Which modifier keys were held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Modifiers {
    /// Control.
    pub ctrl: bool,
    /// Shift.
    pub shift: bool,
    /// Alt (Option on macOS; also what an ESC prefix means in legacy terminals).
    pub alt: bool,
    /// Super (Cmd, Win, Meta).
    pub super_: bool,
}

impl Modifiers {
    /// No modifiers.
    pub const NONE: Modifiers = Modifiers {
        ctrl: false,
        shift: false,
        alt: false,
        super_: false,
    };
    /// Control only.
    pub const CTRL: Modifiers = Modifiers {
        ctrl: true,
        ..Self::NONE
    };
    /// Shift only.
    pub const SHIFT: Modifiers = Modifiers {
        shift: true,
        ..Self::NONE
    };
    /// Alt only.
    pub const ALT: Modifiers = Modifiers {
        alt: true,
        ..Self::NONE
    };
    /// Super only.
    pub const SUPER: Modifiers = Modifiers {
        super_: true,
        ..Self::NONE
    };

    /// The modifiers held in either set.
    #[must_use]
    pub const fn union(self, other: Modifiers) -> Modifiers {
        Modifiers {
            ctrl: self.ctrl || other.ctrl,
            shift: self.shift || other.shift,
            alt: self.alt || other.alt,
            super_: self.super_ || other.super_,
        }
    }

    /// True when no modifier is held.
    pub const fn is_empty(self) -> bool {
        !(self.ctrl || self.shift || self.alt || self.super_)
    }

    /// Decodes the xterm/kitty modifier parameter (`1 + bits`: shift 1, alt 2, ctrl 4, super 8;
    /// higher bits such as hyper, meta, caps lock and num lock are ignored).
    pub(crate) const fn from_xterm_param(param: u32) -> Modifiers {
        let bits = param.saturating_sub(1);
        Modifiers {
            shift: bits & 1 != 0,
            alt: bits & 2 != 0,
            ctrl: bits & 4 != 0,
            super_: bits & 8 != 0,
        }
    }
}

/// The key itself, without modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyCode {
    /// A character key. Canonical keys hold lowercase ASCII letters (a shifted letter is
    /// `Char('n')` plus shift), digits, symbols, or any other printable character as typed.
    Char(char),
    /// The space bar.
    Space,
    /// Escape.
    Esc,
    /// Enter / Return.
    Enter,
    /// Tab (shift+tab is `Tab` with shift).
    Tab,
    /// Backspace.
    Backspace,
    /// Delete (forward delete).
    Delete,
    /// Insert.
    Insert,
    /// Clear (keypad 5 / begin).
    Clear,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// A function key, `F(1)` to `F(12)`.
    F(u8),
}

/// A key press: a code plus modifiers. Build it with the constructors to get the canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// The modifiers held.
    pub mods: Modifiers,
}

impl Key {
    /// A key with modifiers, in canonical form: an uppercase ASCII letter becomes the lowercase
    /// letter with shift, and `Char(' ')` becomes [`KeyCode::Space`].
    pub const fn new(code: KeyCode, mods: Modifiers) -> Key {
        match code {
            KeyCode::Char(c) if c.is_ascii_uppercase() => Key {
                code: KeyCode::Char(c.to_ascii_lowercase()),
                mods: Modifiers {
                    shift: true,
                    ..mods
                },
            },
            KeyCode::Char(' ') => Key {
                code: KeyCode::Space,
                mods,
            },
            code => Key { code, mods },
        }
    }

    /// A key without modifiers.
    pub const fn plain(code: KeyCode) -> Key {
        Key::new(code, Modifiers::NONE)
    }

    /// A character key without modifiers (`Key::char('N')` is shift+n).
    pub const fn char(c: char) -> Key {
        Key::new(KeyCode::Char(c), Modifiers::NONE)
    }

    /// Control plus a character, e.g. `Key::ctrl('c')`.
    pub const fn ctrl(c: char) -> Key {
        Key::new(KeyCode::Char(c), Modifiers::CTRL)
    }

    /// The character this key types into a text editor, if any: `Char(c)` with no ctrl, alt or
    /// super (shift plus a letter gives the uppercase letter), and space. Otherwise `None`.
    pub fn text_char(&self) -> Option<char> {
        if self.mods.ctrl || self.mods.alt || self.mods.super_ {
            return None;
        }
        match self.code {
            KeyCode::Char(c) if self.mods.shift && c.is_ascii_lowercase() => {
                Some(c.to_ascii_uppercase())
            }
            KeyCode::Char(c) if !c.is_control() => Some(c),
            KeyCode::Space => Some(' '),
            _ => None,
        }
    }

    /// A human label for hints: `Enter`, `Esc`, `Ctrl+C`, `Shift+N`, `Space`, `Tab`, `↑`,
    /// `PgUp`, `?`, `n`.
    pub fn label(&self) -> String {
        let m = self.mods;
        let mut out = String::new();
        for (held, name) in [
            (m.ctrl, "Ctrl+"),
            (m.shift, "Shift+"),
            (m.alt, "Alt+"),
            (m.super_, "Super+"),
        ] {
            if held {
                out.push_str(name);
            }
        }
        match self.code {
            KeyCode::Char(c) if m.is_empty() => out.push(c),
            KeyCode::Char(c) => out.extend(c.to_uppercase()),
            KeyCode::F(n) => {
                out.push('F');
                out.push_str(&n.to_string());
            }
            code => out.push_str(match code {
                KeyCode::Space => "Space",
                KeyCode::Esc => "Esc",
                KeyCode::Enter => "Enter",
                KeyCode::Tab => "Tab",
                KeyCode::Backspace => "Backspace",
                KeyCode::Delete => "Del",
                KeyCode::Insert => "Ins",
                KeyCode::Clear => "Clear",
                KeyCode::Home => "Home",
                KeyCode::End => "End",
                KeyCode::PageUp => "PgUp",
                KeyCode::PageDown => "PgDn",
                KeyCode::Up => "↑",
                KeyCode::Down => "↓",
                KeyCode::Left => "←",
                KeyCode::Right => "→",
                KeyCode::Char(_) | KeyCode::F(_) => "",
            }),
        }
        out
    }
}

/// Canonical names of the named keys, in display form.
const NAMED: [(KeyCode, &str); 16] = [
    (KeyCode::Esc, "esc"),
    (KeyCode::Enter, "enter"),
    (KeyCode::Tab, "tab"),
    (KeyCode::Space, "space"),
    (KeyCode::Backspace, "backspace"),
    (KeyCode::Delete, "delete"),
    (KeyCode::Insert, "insert"),
    (KeyCode::Clear, "clear"),
    (KeyCode::Home, "home"),
    (KeyCode::End, "end"),
    (KeyCode::PageUp, "pageUp"),
    (KeyCode::PageDown, "pageDown"),
    (KeyCode::Up, "up"),
    (KeyCode::Down, "down"),
    (KeyCode::Left, "left"),
    (KeyCode::Right, "right"),
];

/// Accepted spellings (lower case) of the named keys, canonical ones included.
const ALIASES: [(&str, KeyCode); 24] = [
    ("escape", KeyCode::Esc),
    ("return", KeyCode::Enter),
    ("del", KeyCode::Delete),
    ("ins", KeyCode::Insert),
    ("pgup", KeyCode::PageUp),
    ("page_up", KeyCode::PageUp),
    ("page-up", KeyCode::PageUp),
    ("pgdn", KeyCode::PageDown),
    ("pgdown", KeyCode::PageDown),
    ("page_down", KeyCode::PageDown),
    ("page-down", KeyCode::PageDown),
    ("arrowup", KeyCode::Up),
    ("arrowdown", KeyCode::Down),
    ("arrowleft", KeyCode::Left),
    ("arrowright", KeyCode::Right),
    ("uparrow", KeyCode::Up),
    ("downarrow", KeyCode::Down),
    ("leftarrow", KeyCode::Left),
    ("rightarrow", KeyCode::Right),
    ("bs", KeyCode::Backspace),
    ("spacebar", KeyCode::Space),
    ("cr", KeyCode::Enter),
    ("begin", KeyCode::Clear),
    ("esc", KeyCode::Esc),
];

const EXPECTED_KEY: &str = "expected a letter, digit, symbol, esc, enter, tab, space, backspace, \
     delete, insert, clear, home, end, pageUp, pageDown, up, down, left, right or f1..f12";

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.mods;
        for (held, name) in [
            (m.ctrl, "ctrl+"),
            (m.shift, "shift+"),
            (m.alt, "alt+"),
            (m.super_, "super+"),
        ] {
            if held {
                f.write_str(name)?;
            }
        }
        match self.code {
            KeyCode::Char(c) => write!(f, "{c}"),
            KeyCode::F(n) => write!(f, "f{n}"),
            code => {
                let name = NAMED
                    .iter()
                    .find(|(k, _)| *k == code)
                    .map_or("", |(_, n)| *n);
                f.write_str(name)
            }
        }
    }
}

fn invalid(input: &str, reason: impl Into<String>) -> KeymapError {
    KeymapError::InvalidKey {
        input: input.to_owned(),
        reason: reason.into(),
    }
}

fn parse_modifier(name: &str) -> Option<Modifiers> {
    match name {
        "ctrl" | "control" | "ctl" => Some(Modifiers::CTRL),
        "shift" => Some(Modifiers::SHIFT),
        "alt" | "option" | "opt" => Some(Modifiers::ALT),
        "super" | "cmd" | "command" | "meta" | "win" | "windows" => Some(Modifiers::SUPER),
        _ => None,
    }
}

fn parse_base(input: &str, name: &str) -> Result<KeyCode, KeymapError> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if c.is_whitespace() || c.is_control() {
            return Err(invalid(
                input,
                format!("{c:?} is not a key; {EXPECTED_KEY}"),
            ));
        }
        return Ok(KeyCode::Char(c.to_ascii_lowercase()));
    }
    let lower = name.to_ascii_lowercase();
    if let Some((code, _)) = NAMED.iter().find(|(_, n)| n.eq_ignore_ascii_case(&lower)) {
        return Ok(*code);
    }
    if let Some((_, code)) = ALIASES.iter().find(|(a, _)| *a == lower) {
        return Ok(*code);
    }
    if let Some(digits) = lower.strip_prefix('f') {
        if let Ok(n) = digits.parse::<u8>() {
            if (1..=12).contains(&n) && !digits.starts_with('0') {
                return Ok(KeyCode::F(n));
            }
            return Err(invalid(
                input,
                format!("function key {name:?} is out of range; expected f1..f12"),
            ));
        }
    }
    if parse_modifier(&lower).is_some() {
        return Err(invalid(
            input,
            format!("{name:?} is a modifier; expected a key after it, such as \"ctrl+c\""),
        ));
    }
    Err(invalid(
        input,
        format!("unknown key {name:?}; {EXPECTED_KEY}"),
    ))
}

impl FromStr for Key {
    type Err = KeymapError;

    /// Parses pi-tui key-id notation leniently: case-insensitive, with aliases.
    fn from_str(input: &str) -> Result<Key, KeymapError> {
        let s = input.trim();
        if s.is_empty() {
            return Err(invalid(
                input,
                "the key id is empty; expected a key such as \"ctrl+c\"",
            ));
        }
        // The base key is after the last separator; "+" itself is a key ("ctrl++", "+").
        let (prefix, base) = if s == "+" {
            (None, "+")
        } else if let Some(prefix) = s.strip_suffix("++") {
            (Some(prefix), "+")
        } else if let Some((prefix, base)) = s.rsplit_once('+') {
            if base.trim().is_empty() {
                return Err(invalid(
                    input,
                    "the key id ends with '+'; expected a key after the last modifier",
                ));
            }
            (Some(prefix), base)
        } else {
            (None, s)
        };
        let mut mods = Modifiers::NONE;
        for part in prefix.into_iter().flat_map(|p| p.split('+')) {
            let part = part.trim();
            match parse_modifier(&part.to_ascii_lowercase()) {
                Some(m) => mods = mods.union(m),
                None if part.is_empty() => {
                    return Err(invalid(
                        input,
                        "empty modifier between '+' signs; expected ctrl, shift, alt or super",
                    ));
                }
                None => {
                    return Err(invalid(
                        input,
                        format!("unknown modifier {part:?}; expected ctrl, shift, alt or super"),
                    ));
                }
            }
        }
        let code = parse_base(input, base.trim())?;
        Ok(Key::new(code, mods))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Key {
        s.parse().unwrap()
    }

    #[test]
    fn parses_aliases_case_insensitively() {
        assert_eq!(parse("Escape"), Key::plain(KeyCode::Esc));
        assert_eq!(parse("RETURN"), Key::plain(KeyCode::Enter));
        assert_eq!(parse("Control+C"), Key::ctrl('c'));
        assert_eq!(parse("ctl+c"), Key::ctrl('c'));
        assert_eq!(
            parse("option+x"),
            Key::new(KeyCode::Char('x'), Modifiers::ALT)
        );
        for sup in ["cmd+k", "command+k", "meta+k", "win+k", "super+k"] {
            assert_eq!(parse(sup), Key::new(KeyCode::Char('k'), Modifiers::SUPER));
        }
        assert_eq!(parse("pgup"), Key::plain(KeyCode::PageUp));
        assert_eq!(parse("PageUp"), Key::plain(KeyCode::PageUp));
        assert_eq!(parse("pagedown"), Key::plain(KeyCode::PageDown));
        assert_eq!(parse("del"), Key::plain(KeyCode::Delete));
        assert_eq!(parse("ArrowUp"), Key::plain(KeyCode::Up));
        assert_eq!(parse("F12"), Key::plain(KeyCode::F(12)));
        assert_eq!(
            parse("shift+N"),
            Key::new(KeyCode::Char('n'), Modifiers::SHIFT)
        );
        assert_eq!(parse("N"), Key::char('n'));
        assert_eq!(parse("?"), Key::char('?'));
        assert_eq!(parse("+"), Key::char('+'));
        assert_eq!(parse("ctrl++"), Key::ctrl('+'));
        assert_eq!(parse(" ctrl + c "), Key::ctrl('c'));
    }

    #[test]
    fn displays_canonically() {
        let cases = [
            ("Shift+Ctrl+Super+Alt+a", "ctrl+shift+alt+super+a"),
            ("escape", "esc"),
            ("pgdn", "pageDown"),
            ("Ctrl++", "ctrl++"),
            ("f3", "f3"),
            ("shift+tab", "shift+tab"),
            ("space", "space"),
        ];
        for (input, canonical) in cases {
            assert_eq!(parse(input).to_string(), canonical, "{input}");
        }
        assert_eq!(Key::char('N').to_string(), "shift+n");
    }

    #[test]
    fn rejects_bad_ids_with_quoted_input() {
        for bad in [
            "", "+a", "++", "ctrl+", "hyper+a", "f13", "f0", "ctrl", "bogus", "ctrl++a", "a++b",
        ] {
            let err = bad.parse::<Key>().unwrap_err().to_string();
            assert!(err.contains(&format!("{bad:?}")), "{err}");
        }
        let err = "hyper+a".parse::<Key>().unwrap_err().to_string();
        assert_eq!(
            err,
            "invalid key id \"hyper+a\": unknown modifier \"hyper\"; expected ctrl, shift, alt or super"
        );
    }

    #[test]
    fn labels() {
        let cases = [
            ("enter", "Enter"),
            ("esc", "Esc"),
            ("ctrl+c", "Ctrl+C"),
            ("shift+n", "Shift+N"),
            ("space", "Space"),
            ("tab", "Tab"),
            ("shift+tab", "Shift+Tab"),
            ("up", "↑"),
            ("pageUp", "PgUp"),
            ("?", "?"),
            ("n", "n"),
            ("alt+enter", "Alt+Enter"),
            ("f5", "F5"),
        ];
        for (id, label) in cases {
            assert_eq!(parse(id).label(), label, "{id}");
        }
    }

    #[test]
    fn text_chars() {
        assert_eq!(parse("shift+n").text_char(), Some('N'));
        assert_eq!(parse("n").text_char(), Some('n'));
        assert_eq!(parse("space").text_char(), Some(' '));
        assert_eq!(parse("?").text_char(), Some('?'));
        assert_eq!(Key::char('é').text_char(), Some('é'));
        assert_eq!(parse("ctrl+n").text_char(), None);
        assert_eq!(parse("alt+n").text_char(), None);
        assert_eq!(parse("enter").text_char(), None);
    }
}
