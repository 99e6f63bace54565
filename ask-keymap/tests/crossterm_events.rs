//! crossterm events to keys and input events (feature `crossterm`).

use ask_keymap::{InputEvent, Key, KeyCode};
use crossterm::event::{
    Event, KeyCode as CtCode, KeyEvent, KeyEventKind, KeyEventState, KeyModifiers as CtMods,
};

fn ev(code: CtCode, mods: CtMods) -> KeyEvent {
    KeyEvent {
        code,
        modifiers: mods,
        kind: KeyEventKind::Press,
        state: KeyEventState::NONE,
    }
}

fn key(code: CtCode, mods: CtMods) -> String {
    Key::from_crossterm(&ev(code, mods)).map_or_else(|| "-".into(), |k| k.to_string())
}

#[test]
fn converts_to_pi_tui_notation_with_shift_folding() {
    assert_eq!(key(CtCode::Char('N'), CtMods::SHIFT), "shift+n");
    assert_eq!(key(CtCode::Char('n'), CtMods::NONE), "n");
    assert_eq!(key(CtCode::Char('c'), CtMods::CONTROL), "ctrl+c");
    assert_eq!(key(CtCode::Char('?'), CtMods::SHIFT), "?");
    assert_eq!(key(CtCode::Char(' '), CtMods::NONE), "space");
    assert_eq!(key(CtCode::Null, CtMods::NONE), "ctrl+space");
    assert_eq!(key(CtCode::BackTab, CtMods::SHIFT), "shift+tab");
    assert_eq!(key(CtCode::BackTab, CtMods::NONE), "shift+tab");
    assert_eq!(key(CtCode::Enter, CtMods::SHIFT), "shift+enter");
    assert_eq!(key(CtCode::Enter, CtMods::ALT), "alt+enter");
    assert_eq!(key(CtCode::Char('x'), CtMods::META), "alt+x");
    assert_eq!(key(CtCode::PageUp, CtMods::NONE), "pageUp");
    assert_eq!(key(CtCode::Left, CtMods::CONTROL), "ctrl+left");
    assert_eq!(key(CtCode::F(5), CtMods::NONE), "f5");
    assert_eq!(key(CtCode::F(13), CtMods::NONE), "-");
    assert_eq!(key(CtCode::CapsLock, CtMods::NONE), "-");
}

#[test]
fn shifted_letters_equal_their_parsed_ids() {
    let shifted = Key::try_from(ev(CtCode::Char('N'), CtMods::SHIFT)).unwrap();
    assert_eq!(shifted, "shift+n".parse::<Key>().unwrap());
    assert_eq!(shifted, Key::char('N'));
    assert_eq!(
        Key::try_from(ev(CtCode::Tab, CtMods::NONE)).unwrap(),
        Key::plain(KeyCode::Tab)
    );
}

#[test]
fn a_shifted_non_ascii_letter_is_the_key_the_byte_decoder_reads() {
    let shifted = Key::try_from(ev(CtCode::Char('É'), CtMods::SHIFT)).unwrap();
    let mut bytes = ask_keymap::Decoder::new();
    let decoded: Vec<Key> = bytes
        .feed("É".as_bytes())
        .into_iter()
        .filter_map(|e| match e {
            ask_keymap::InputEvent::Key(k) => Some(k),
            _ => None,
        })
        .collect();
    assert_eq!(decoded, vec![shifted]);
    assert_eq!(shifted, "É".parse::<Key>().unwrap());
    assert_eq!(shifted, "shift+É".parse::<Key>().unwrap());
}

#[test]
fn releases_are_dropped_pastes_and_resizes_kept() {
    let mut release = ev(CtCode::Char('a'), CtMods::NONE);
    release.kind = KeyEventKind::Release;
    assert_eq!(Key::from_crossterm(&release), None);
    assert_eq!(Key::try_from(release), Err(release));
    assert_eq!(InputEvent::from_crossterm(Event::Key(release)), None);
    let mut repeat = ev(CtCode::Char('a'), CtMods::NONE);
    repeat.kind = KeyEventKind::Repeat;
    assert_eq!(
        InputEvent::from_crossterm(Event::Key(repeat)),
        Some(InputEvent::Key(Key::char('a')))
    );
    assert_eq!(
        InputEvent::try_from(Event::Paste("a\nb".into())),
        Ok(InputEvent::Paste("a\nb".into()))
    );
    assert_eq!(
        InputEvent::from_crossterm(Event::Resize(80, 24)),
        Some(InputEvent::Resize(80, 24))
    );
    assert_eq!(
        InputEvent::try_from(Event::FocusGained),
        Err(Event::FocusGained)
    );
}
