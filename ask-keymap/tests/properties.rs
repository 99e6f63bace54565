//! Property tests: key notation round trips; parsing and decoding never panic.

use ask_keymap::{Decoder, InputEvent, Key, KeyCode, Modifiers};
use proptest::prelude::*;

const SYMBOLS: &str = "`-=[]\\;',./!@#$%^&*()_+|~{}:<>?\"";

fn code() -> impl Strategy<Value = KeyCode> {
    prop_oneof![
        (b'a'..=b'z').prop_map(|c| KeyCode::Char(char::from(c))),
        (b'0'..=b'9').prop_map(|c| KeyCode::Char(char::from(c))),
        proptest::sample::select(SYMBOLS.chars().collect::<Vec<_>>()).prop_map(KeyCode::Char),
        // Every char, control and whitespace characters included: `Key::new` folds them
        // into keys that have a key id.
        any::<char>().prop_map(KeyCode::Char),
        (0u8..32).prop_map(|c| KeyCode::Char(char::from(c))),
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
        any::<u8>().prop_filter_map("F1..F12 only", KeyCode::function),
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
    fn keys_round_trip_through_serde_as_their_id(k in key()) {
        let json = serde_json::to_value(k).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&json, &serde_json::Value::String(k.to_string()));
        let back: Key = serde_json::from_value(json).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(back, k);
    }

    #[test]
    fn a_shifted_letter_has_one_value(c in b'a'..=b'z', ctrl: bool, alt: bool) {
        let upper = char::from(c).to_ascii_uppercase();
        let mods = Modifiers { ctrl, alt, ..Modifiers::NONE };
        let typed = Key::new(KeyCode::Char(upper), mods);
        let spelled = Key::new(KeyCode::Char(char::from(c)), mods.union(Modifiers::SHIFT));
        prop_assert_eq!(typed, spelled);
        prop_assert_eq!(typed.code(), KeyCode::Char(char::from(c)));
        prop_assert_eq!(typed.to_string().parse::<Key>().ok(), Some(spelled));
    }

    #[test]
    fn a_non_ascii_character_has_one_value_with_or_without_shift(
        c in proptest::char::range('\u{a0}', '\u{10ffff}'),
        ctrl: bool,
        alt: bool,
    ) {
        // The character already says whether shift was held (`É` is typed with shift), so
        // a reported shift adds nothing: the decoder, crossterm and a keymap agree.
        let mods = Modifiers { ctrl, alt, ..Modifiers::NONE };
        let plain = Key::new(KeyCode::Char(c), mods);
        let shifted = Key::new(KeyCode::Char(c), mods.union(Modifiers::SHIFT));
        prop_assert_eq!(plain, shifted);
        prop_assert!(!plain.mods().shift);
        prop_assert_eq!(plain.to_string().parse::<Key>().ok(), Some(plain));
    }

    #[test]
    fn function_keys_exist_only_in_the_notations_range(n: u8) {
        let code = KeyCode::function(n);
        prop_assert_eq!(code.is_some(), (1..=12).contains(&n));
        if let Some(code) = code {
            prop_assert_eq!(code.function_number(), Some(n));
            prop_assert_eq!(Key::plain(code).to_string(), format!("f{n}"));
        }
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

/// serde: a keymap is the settings file's `keymaps` section, validated on the way in;
/// behaviour is the `behaviour` section; input events carry key ids.
#[test]
fn keymaps_behaviour_and_events_round_trip_through_serde() {
    use ask_keymap::{
        Action, Keymap,
        behaviour::{Behaviour, BehaviourSetting},
    };

    let keymap = Keymap::default()
        .with(Action::Confirm, &["ctrl+s".parse().unwrap()])
        .unwrap();
    let json = serde_json::to_value(&keymap).unwrap();
    assert_eq!(json, keymap.to_json());
    assert_eq!(json["main"]["confirm"], serde_json::json!(["ctrl+s"]));
    assert_eq!(serde_json::from_value::<Keymap>(json).unwrap(), keymap);
    let mut clash = Keymap::default().to_json();
    clash["main"]["toggle"] = "esc".into();
    let err = serde_json::from_value::<Keymap>(clash)
        .unwrap_err()
        .to_string();
    assert!(err.contains("esc"), "{err}");

    for &setting in BehaviourSetting::ALL {
        let behaviour = Behaviour::default().with(setting, !Behaviour::default().get(setting));
        let json = serde_json::to_value(behaviour).unwrap();
        assert_eq!(json[setting.config_name()], behaviour.get(setting));
        assert_eq!(
            serde_json::from_value::<Behaviour>(json).unwrap(),
            behaviour
        );
        assert_eq!(
            serde_json::to_value(setting).unwrap(),
            setting.config_name()
        );
    }
    assert_eq!(
        serde_json::from_str::<Behaviour>("{}").unwrap(),
        Behaviour::default()
    );

    for event in [
        InputEvent::Key("shift+n".parse().unwrap()),
        InputEvent::Paste("two\nlines".to_owned()),
    ] {
        let json = serde_json::to_string(&event).unwrap();
        assert_eq!(serde_json::from_str::<InputEvent>(&json).unwrap(), event);
    }
    assert_eq!(
        serde_json::to_string(&InputEvent::Key(Key::char('N'))).unwrap(),
        r#"{"key":"shift+n"}"#
    );
}
