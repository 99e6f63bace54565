//! Property tests: key notation round trips; parsing and decoding never panic.

use ask_keymap::{Decoder, InputEvent, Key, KeyCode, Modifiers};
use proptest::prelude::*;

const SYMBOLS: &str = "`-=[]\\;',./!@#$%^&*()_+|~{}:<>?\"";

fn code() -> impl Strategy<Value = KeyCode> {
    prop_oneof![
        (b'a'..=b'z').prop_map(|c| KeyCode::Char(char::from(c))),
        (b'0'..=b'9').prop_map(|c| KeyCode::Char(char::from(c))),
        proptest::sample::select(SYMBOLS.chars().collect::<Vec<_>>()).prop_map(KeyCode::Char),
        any::<char>()
            .prop_filter("printable", |c| !c.is_control() && !c.is_whitespace())
            .prop_map(KeyCode::Char),
        proptest::sample::select(vec![
            KeyCode::Space,
            KeyCode::Esc,
            KeyCode::Enter,
            KeyCode::Tab,
            KeyCode::Backspace,
            KeyCode::Delete,
            KeyCode::Insert,
            KeyCode::Clear,
            KeyCode::Home,
            KeyCode::End,
            KeyCode::PageUp,
            KeyCode::PageDown,
            KeyCode::Up,
            KeyCode::Down,
            KeyCode::Left,
            KeyCode::Right,
        ]),
        (1u8..=12).prop_map(KeyCode::F),
    ]
}

fn key() -> impl Strategy<Value = Key> {
    (code(), any::<(bool, bool, bool, bool)>()).prop_map(|(code, (ctrl, shift, alt, super_))| {
        Key::new(
            code,
            Modifiers {
                ctrl,
                shift,
                alt,
                super_,
            },
        )
    })
}

/// Key-id-like strings: pieces of the notation glued with `+`, in random case.
fn key_like() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        proptest::sample::select(vec![
            "ctrl", "Shift", "ALT", "super", "cmd", "esc", "Escape", "pgup", "pageDown", "f1",
            "F12", "f13", "+", "", " ", "a", "N", "?", "arrowup", "del", "tab",
        ])
        .prop_map(str::to_owned),
        ".{0,3}",
    ];
    proptest::collection::vec(piece, 0..5).prop_map(|parts| parts.join("+"))
}

proptest! {
    #[test]
    fn parse_display_round_trips(k in key()) {
        let shown = k.to_string();
        let back: Key = shown.parse().map_err(|e| TestCaseError::fail(format!("{shown}: {e}")))?;
        prop_assert_eq!(back, k);
    }

    #[test]
    fn parsing_any_string_never_panics(s in any::<String>()) {
        let _ = s.parse::<Key>();
    }

    #[test]
    fn parsed_strings_display_canonically(s in key_like()) {
        if let Ok(k) = s.parse::<Key>() {
            let canonical = k.to_string();
            prop_assert_eq!(canonical.parse::<Key>().ok(), Some(k));
            prop_assert_eq!(canonical.parse::<Key>().map(|k| k.to_string()).ok(), Some(canonical));
        }
    }

    #[test]
    fn labels_never_panic_and_are_not_empty(k in key()) {
        prop_assert!(!k.label().is_empty());
    }

    #[test]
    fn decoding_any_bytes_never_panics_and_splits_do_not_matter(
        bytes in proptest::collection::vec(any::<u8>(), 0..200),
        cut in any::<proptest::sample::Index>(),
    ) {
        let whole = {
            let mut d = Decoder::new();
            let mut e = d.feed(&bytes);
            e.extend(d.flush());
            e
        };
        let at = cut.index(bytes.len() + 1);
        let (a, b) = bytes.split_at(at);
        let mut d = Decoder::new();
        let mut split = d.feed(a);
        split.extend(d.feed(b));
        split.extend(d.flush());
        prop_assert_eq!(&split, &whole);
    }

    #[test]
    fn decoding_escape_heavy_bytes_never_panics(
        chunks in proptest::collection::vec(
            proptest::collection::vec(
                prop_oneof![Just(0x1bu8), Just(b'['), Just(b'O'), Just(b';'), Just(b'~'), Just(b'u'), b'0'..=b'9', any::<u8>()],
                0..20,
            ),
            0..10,
        ),
    ) {
        let mut d = Decoder::new();
        for chunk in &chunks {
            for event in d.feed(chunk) {
                if let InputEvent::Key(k) = event {
                    // Every decoded key prints in parseable notation.
                    prop_assert_eq!(k.to_string().parse::<Key>().ok(), Some(k));
                }
            }
        }
        let _ = d.flush();
    }

    #[test]
    fn typed_text_decodes_to_its_characters(s in "[a-zA-Z0-9 !-~é日😀]{0,20}") {
        let mut d = Decoder::new();
        let mut events = d.feed(s.as_bytes());
        events.extend(d.flush());
        let typed: String = events
            .iter()
            .filter_map(|e| match e {
                InputEvent::Key(k) => k.text_char(),
                _ => None,
            })
            .collect();
        prop_assert_eq!(typed, s);
    }
}
