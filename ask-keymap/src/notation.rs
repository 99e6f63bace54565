//! pi-tui key-id notation: lenient parsing, canonical display.

use std::fmt;
use std::str::FromStr;

use crate::{Key, KeyCode, KeymapError, Modifiers};

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
        let m = self.mods();
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
        match self.code() {
            KeyCode::Char(c) => write!(f, "{c}"),
            code if code.function_number().is_some() => {
                write!(f, "f{}", code.function_number().unwrap_or_default())
            }
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
        if c.is_ascii_whitespace() || c.is_control() {
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
    if let Some(digits) = lower.strip_prefix('f')
        && let Ok(n) = digits.parse::<u8>()
    {
        if let Some(code) = KeyCode::function(n).filter(|_| !digits.starts_with('0')) {
            return Ok(code);
        }
        return Err(invalid(
            input,
            format!("function key {name:?} is out of range; expected f1..f12"),
        ));
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
        // Only ASCII whitespace is padding: other whitespace characters are keys.
        let s = input.trim_matches(|c: char| c.is_ascii_whitespace());
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
            if base
                .trim_matches(|c: char| c.is_ascii_whitespace())
                .is_empty()
            {
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
            let part = part.trim_matches(|c: char| c.is_ascii_whitespace());
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
        let code = parse_base(input, base.trim_matches(|c: char| c.is_ascii_whitespace()))?;
        Ok(Key::new(code, mods))
    }
}

impl serde::Serialize for Key {
    /// A key serializes as its canonical key id, e.g. `"shift+n"`.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Key {
    /// A key deserializes from a key id string, leniently like [`Key::from_str`].
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        let id = String::deserialize(deserializer)?;
        id.parse().map_err(serde::de::Error::custom)
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
        assert_eq!(parse("F12"), Key::plain(KeyCode::F12));
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
            ("shift+/", "/"),
            ("shift+?", "?"),
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
