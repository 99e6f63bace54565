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
    /// A key with modifiers, in canonical form:
    /// - an uppercase ASCII letter becomes the lowercase letter with shift (`N` is `shift+n`);
    /// - shift is dropped from ASCII digits and symbols, whose character already says whether
    ///   shift was held (`?` is `?`, whether or not the terminal also reported shift);
    /// - `Char(' ')` becomes [`KeyCode::Space`].
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
            KeyCode::Char(c) if c.is_ascii_graphic() && !c.is_ascii_alphabetic() => Key {
                code,
                mods: Modifiers {
                    shift: false,
                    ..mods
                },
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
