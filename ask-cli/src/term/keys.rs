//! crossterm events to the workspace's own input types. This is the only
//! place crossterm's key types are looked at: everything past here speaks
//! `ask_keymap::Key`.

use ask_keymap::{Key, KeyCode, Modifiers};
use crossterm::event::{Event, KeyCode as CtCode, KeyEvent, KeyEventKind, KeyModifiers as CtMods};

/// One input from the terminal, in workspace types.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Input {
    /// A key press (or repeat).
    Key(Key),
    /// A bracketed paste.
    Paste(String),
    /// The terminal was resized to (columns, rows).
    Resize(u16, u16),
}

/// Converts a crossterm event; `None` for events the flow does not use
/// (key releases, mouse, focus).
pub(crate) fn convert(event: Event) -> Option<Input> {
    match event {
        Event::Key(key) => key_of(&key).map(Input::Key),
        Event::Paste(text) => Some(Input::Paste(text)),
        Event::Resize(cols, rows) => Some(Input::Resize(cols, rows)),
        _ => None,
    }
}

/// Converts a crossterm key event to a canonical [`Key`].
pub(crate) fn key_of(event: &KeyEvent) -> Option<Key> {
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
            // A shifted symbol is already the symbol ('?' not shift+'/'); only
            // letters keep shift, which `Key::new` folds into lowercase + shift.
            if !c.is_alphabetic() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyEventState;

    fn ev(code: CtCode, mods: CtMods) -> KeyEvent {
        KeyEvent {
            code,
            modifiers: mods,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        }
    }

    fn key(code: CtCode, mods: CtMods) -> String {
        key_of(&ev(code, mods)).map_or_else(|| "-".into(), |k| k.to_string())
    }

    #[test]
    fn converts_to_pi_tui_notation() {
        assert_eq!(key(CtCode::Char('N'), CtMods::SHIFT), "shift+n");
        assert_eq!(key(CtCode::Char('n'), CtMods::NONE), "n");
        assert_eq!(key(CtCode::Char('c'), CtMods::CONTROL), "ctrl+c");
        assert_eq!(key(CtCode::Char('?'), CtMods::SHIFT), "?");
        assert_eq!(key(CtCode::Char(' '), CtMods::NONE), "space");
        assert_eq!(key(CtCode::BackTab, CtMods::SHIFT), "shift+tab");
        assert_eq!(key(CtCode::Enter, CtMods::SHIFT), "shift+enter");
        assert_eq!(key(CtCode::Enter, CtMods::ALT), "alt+enter");
        assert_eq!(key(CtCode::PageUp, CtMods::NONE), "pageUp");
        assert_eq!(key(CtCode::Left, CtMods::CONTROL), "ctrl+left");
        assert_eq!(key(CtCode::F(5), CtMods::NONE), "f5");
        assert_eq!(key(CtCode::CapsLock, CtMods::NONE), "-");
    }

    #[test]
    fn releases_are_dropped_and_pastes_kept() {
        let mut release = ev(CtCode::Char('a'), CtMods::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(key_of(&release), None);
        assert_eq!(
            convert(Event::Paste("a\nb".into())),
            Some(Input::Paste("a\nb".into()))
        );
        assert_eq!(convert(Event::Resize(80, 24)), Some(Input::Resize(80, 24)));
    }
}
