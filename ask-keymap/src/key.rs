//! The owned key type: codes, modifiers, canonical construction, text and labels.

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
///
/// Every code has a key id; build a [`Key`] from it with [`Key::new`], which folds the
/// spellings that mean the same key into one (see there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
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
    /// F1.
    F1,
    /// F2.
    F2,
    /// F3.
    F3,
    /// F4.
    F4,
    /// F5.
    F5,
    /// F6.
    F6,
    /// F7.
    F7,
    /// F8.
    F8,
    /// F9.
    F9,
    /// F10.
    F10,
    /// F11.
    F11,
    /// F12.
    F12,
}

/// The function keys in order, `F1` first.
const FUNCTION_KEYS: [KeyCode; 12] = [
    KeyCode::F1,
    KeyCode::F2,
    KeyCode::F3,
    KeyCode::F4,
    KeyCode::F5,
    KeyCode::F6,
    KeyCode::F7,
    KeyCode::F8,
    KeyCode::F9,
    KeyCode::F10,
    KeyCode::F11,
    KeyCode::F12,
];

impl KeyCode {
    /// The function key `F<n>`, for `n` in `1..=12` (the range key ids can spell);
    /// `None` otherwise.
    pub const fn function(n: u8) -> Option<KeyCode> {
        if n >= 1 && n <= 12 {
            Some(FUNCTION_KEYS[(n - 1) as usize])
        } else {
            None
        }
    }

    /// The number of a function key (`F5` gives 5), `None` for other keys.
    pub const fn function_number(self) -> Option<u8> {
        Some(match self {
            KeyCode::F1 => 1,
            KeyCode::F2 => 2,
            KeyCode::F3 => 3,
            KeyCode::F4 => 4,
            KeyCode::F5 => 5,
            KeyCode::F6 => 6,
            KeyCode::F7 => 7,
            KeyCode::F8 => 8,
            KeyCode::F9 => 9,
            KeyCode::F10 => 10,
            KeyCode::F11 => 11,
            KeyCode::F12 => 12,
            _ => return None,
        })
    }
}

/// A key press: a code plus modifiers, always in canonical form.
///
/// The fields are private so that one key has one value: `Key::new(KeyCode::Char('N'),
/// Modifiers::NONE)`, `Key::char('N')` and `"shift+n".parse()` are all equal. Every key
/// displays as a key id that parses back to an equal key. With serde, a key is its key id
/// string (`"ctrl+c"`).
///
/// ```
/// use ask_keymap::{Key, KeyCode, Modifiers};
///
/// let shifted: Key = "shift+n".parse()?;
/// assert_eq!(Key::new(KeyCode::Char('N'), Modifiers::NONE), shifted);
/// assert_eq!(shifted.code(), KeyCode::Char('n'));
/// assert!(shifted.mods().shift);
/// assert_eq!(Key::char('\u{3}'), Key::ctrl('c')); // a control character is its ctrl key
/// # Ok::<(), ask_keymap::KeymapError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    code: KeyCode,
    mods: Modifiers,
}

impl Key {
    /// A key with modifiers, in canonical form:
    /// - an uppercase ASCII letter becomes the lowercase letter with shift (`N` is `shift+n`);
    /// - shift is dropped from ASCII digits and symbols and from every non-ASCII character,
    ///   whose character already says whether shift was held (`?` is `?` and `É` is `É`,
    ///   whether or not the terminal also reported shift, so `shift+é` is `é`);
    /// - `Char(' ')` becomes [`KeyCode::Space`];
    /// - control characters become the key a terminal sends them for: tab, carriage return
    ///   and line feed, escape, DEL and backspace become [`KeyCode::Tab`],
    ///   [`KeyCode::Enter`], [`KeyCode::Esc`] and [`KeyCode::Backspace`]; NUL is
    ///   `ctrl+space`; `0x01..=0x1a` are `ctrl+a..=ctrl+z`; `0x1c..=0x1f` are
    ///   `ctrl+\\`, `ctrl+]`, `ctrl+^` and `ctrl+_`;
    /// - other control characters (C1 controls, which no key types) become
    ///   U+FFFD REPLACEMENT CHARACTER, so that every key has a key id.
    pub const fn new(code: KeyCode, mods: Modifiers) -> Key {
        const fn with(code: KeyCode, mods: Modifiers, extra: Modifiers) -> Key {
            Key {
                code,
                mods: mods.union(extra),
            }
        }
        let KeyCode::Char(c) = code else {
            return Key { code, mods };
        };
        match c {
            'A'..='Z' => with(
                KeyCode::Char(c.to_ascii_lowercase()),
                mods,
                Modifiers::SHIFT,
            ),
            ' ' => with(KeyCode::Space, mods, Modifiers::NONE),
            '\t' => with(KeyCode::Tab, mods, Modifiers::NONE),
            '\r' | '\n' => with(KeyCode::Enter, mods, Modifiers::NONE),
            '\x1b' => with(KeyCode::Esc, mods, Modifiers::NONE),
            '\x7f' | '\x08' => with(KeyCode::Backspace, mods, Modifiers::NONE),
            '\0' => with(KeyCode::Space, mods, Modifiers::CTRL),
            '\x01'..='\x1a' => Key::new(
                KeyCode::Char((c as u8 + 0x60) as char),
                mods.union(Modifiers::CTRL),
            ),
            '\x1c'..='\x1f' => Key::new(
                KeyCode::Char((c as u8 + 0x40) as char),
                mods.union(Modifiers::CTRL),
            ),
            // Non-ASCII like any other, so shift goes too.
            '\u{80}'..='\u{9f}' => Key::new(KeyCode::Char(char::REPLACEMENT_CHARACTER), mods),
            c if (c.is_ascii_graphic() && !c.is_ascii_alphabetic()) || !c.is_ascii() => Key {
                code,
                mods: Modifiers {
                    shift: false,
                    ..mods
                },
            },
            _ => Key { code, mods },
        }
    }

    /// The key, without modifiers.
    pub const fn code(&self) -> KeyCode {
        self.code
    }

    /// The modifiers held.
    pub const fn mods(&self) -> Modifiers {
        self.mods
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
            code if code.function_number().is_some() => {
                out.push('F');
                out.push_str(&code.function_number().unwrap_or_default().to_string());
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
                _ => "",
            }),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructors_are_canonical() {
        assert_eq!(
            Key::char('N'),
            Key::new(KeyCode::Char('n'), Modifiers::SHIFT)
        );
        assert_eq!(Key::char(' '), Key::plain(KeyCode::Space));
        assert_eq!(
            Key::new(KeyCode::Char('?'), Modifiers::SHIFT),
            Key::char('?')
        );
        assert_eq!(
            Key::new(KeyCode::Char('!'), Modifiers::CTRL.union(Modifiers::SHIFT)),
            Key::ctrl('!')
        );
        assert_eq!(
            Key::ctrl('C'),
            Key::new(KeyCode::Char('c'), Modifiers::CTRL.union(Modifiers::SHIFT))
        );
        assert!(Modifiers::NONE.is_empty());
        assert!(!Modifiers::SUPER.is_empty());
        assert_eq!(
            Modifiers::from_xterm_param(15),
            Modifiers::CTRL
                .union(Modifiers::ALT)
                .union(Modifiers::SUPER)
        );
        assert_eq!(Modifiers::from_xterm_param(0), Modifiers::NONE);
    }
}
