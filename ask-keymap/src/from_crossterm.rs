//! Conversions from crossterm 0.29 events (feature `crossterm`): keys in the workspace's
//! canonical notation, with the shift folding a terminal needs.

use crossterm::event::{Event, KeyCode as CtCode, KeyEvent, KeyEventKind, KeyModifiers as CtMods};

use crate::{InputEvent, Key, KeyCode, Modifiers};

impl Key {
    /// Converts a crossterm key event; `None` for releases and keys the workspace has no id
    /// for (Caps Lock, media keys, F13 and above).
    ///
    /// A shifted symbol is already the symbol (`?`, not `shift+/`), so shift is dropped for
    /// everything but ASCII letters (`É` with shift is `É`, as the byte decoder reads it);
    /// a shifted ASCII letter becomes lowercase plus shift (`N` is `shift+n`);
    /// `BackTab` is `shift+tab`, and `Null` (what some terminals send for ctrl+space) is
    /// `ctrl+space`.
    pub fn from_crossterm(event: &KeyEvent) -> Option<Key> {
        if event.kind == KeyEventKind::Release {
            return None;
        }
        let m = event.modifiers;
        let mut mods = Modifiers {
            ctrl: m.contains(CtMods::CONTROL),
            shift: m.contains(CtMods::SHIFT),
            alt: m.contains(CtMods::ALT) || m.contains(CtMods::META),
            super_: m.contains(CtMods::SUPER) || m.contains(CtMods::HYPER),
        };
        let code = match event.code {
            CtCode::Char(c) => {
                if !c.is_ascii_alphabetic() {
                    mods.shift = false;
                }
                if c == ' ' {
                    KeyCode::Space
                } else {
                    KeyCode::Char(c)
                }
            }
            CtCode::BackTab => {
                mods.shift = true;
                KeyCode::Tab
            }
            CtCode::Tab => KeyCode::Tab,
            CtCode::Enter => KeyCode::Enter,
            CtCode::Esc => KeyCode::Esc,
            CtCode::Backspace => KeyCode::Backspace,
            CtCode::Delete => KeyCode::Delete,
            CtCode::Insert => KeyCode::Insert,
            CtCode::KeypadBegin => KeyCode::Clear,
            CtCode::Home => KeyCode::Home,
            CtCode::End => KeyCode::End,
            CtCode::PageUp => KeyCode::PageUp,
            CtCode::PageDown => KeyCode::PageDown,
            CtCode::Up => KeyCode::Up,
            CtCode::Down => KeyCode::Down,
            CtCode::Left => KeyCode::Left,
            CtCode::Right => KeyCode::Right,
            CtCode::F(n) => KeyCode::function(n)?,
            CtCode::Null => {
                mods.ctrl = true;
                KeyCode::Space
            }
            _ => return None,
        };
        Some(Key::new(code, mods))
    }
}

impl InputEvent {
    /// Converts a crossterm event; `None` for events with no workspace meaning (key
    /// releases, unnamed keys, mouse, focus).
    pub fn from_crossterm(event: Event) -> Option<InputEvent> {
        match event {
            Event::Key(key) => Key::from_crossterm(&key).map(InputEvent::Key),
            Event::Paste(text) => Some(InputEvent::Paste(text)),
            Event::Resize(cols, rows) => Some(InputEvent::Resize(cols, rows)),
            _ => None,
        }
    }
}

/// A fallible conversion: releases and keys without an id are errors carrying the event.
impl TryFrom<KeyEvent> for Key {
    type Error = KeyEvent;

    fn try_from(event: KeyEvent) -> Result<Self, Self::Error> {
        Key::from_crossterm(&event).ok_or(event)
    }
}

/// A fallible conversion: events with no workspace meaning are errors carrying the event.
impl TryFrom<Event> for InputEvent {
    type Error = Event;

    fn try_from(event: Event) -> Result<Self, Self::Error> {
        match InputEvent::from_crossterm(event.clone()) {
            Some(input) => Ok(input),
            None => Err(event),
        }
    }
}
