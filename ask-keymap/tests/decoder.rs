//! Table tests of the input decoder: every sequence family, whole and split across reads.

use ask_keymap::{Decoder, InputEvent};

/// Events as short strings: key ids in canonical notation, pastes as `paste:<debug text>`.
fn show(events: &[InputEvent]) -> Vec<String> {
    events
        .iter()
        .map(|e| match e {
            InputEvent::Key(k) => k.to_string(),
            InputEvent::Paste(text) => format!("paste:{text:?}"),
            other => format!("{other:?}"),
        })
        .collect()
}

/// Feeds `bytes` in the given chunks, then flushes.
fn decode_chunks(chunks: &[&[u8]]) -> Vec<String> {
    let mut decoder = Decoder::new();
    let mut events = Vec::new();
    for chunk in chunks {
        events.extend(decoder.feed(chunk));
    }
    events.extend(decoder.flush());
    show(&events)
}

/// (name, bytes, expected events after a final flush).
const CASES: &[(&str, &[u8], &[&str])] = &[
    // Plain text and control bytes.
    ("letter", b"a", &["a"]),
    ("shifted letter", b"N", &["shift+n"]),
    ("digit", b"7", &["7"]),
    ("symbol", b"?", &["?"]),
    ("plus", b"+", &["+"]),
    ("space", b" ", &["space"]),
    ("enter", b"\r", &["enter"]),
    ("line feed is ctrl+j", b"\n", &["ctrl+j"]),
    ("tab", b"\t", &["tab"]),
    ("backspace 0x7f", b"\x7f", &["backspace"]),
    ("backspace 0x08", b"\x08", &["backspace"]),
    ("ctrl+a", b"\x01", &["ctrl+a"]),
    ("ctrl+c", b"\x03", &["ctrl+c"]),
    ("ctrl+z", b"\x1a", &["ctrl+z"]),
    ("ctrl+space", b"\x00", &["ctrl+space"]),
    ("ctrl+backslash", b"\x1c", &["ctrl+\\"]),
    ("ctrl+underscore", b"\x1f", &["ctrl+_"]),
    ("several keys", b"ab\x03", &["a", "b", "ctrl+c"]),
    // UTF-8 text.
    ("two-byte utf-8", "é".as_bytes(), &["é"]),
    ("three-byte utf-8", "日本".as_bytes(), &["日", "本"]),
    ("four-byte utf-8", "😀".as_bytes(), &["😀"]),
    ("invalid utf-8 dropped", b"\xffa\xc3", &["a"]),
    ("C1 control dropped", b"\xc2\x85x", &["x"]),
    // Escape and ESC-prefixed alt.
    ("lone escape", b"\x1b", &["esc"]),
    ("double escape", b"\x1b\x1b", &["esc", "esc"]),
    ("alt+a", b"\x1ba", &["alt+a"]),
    ("alt+shift+n", b"\x1bN", &["shift+alt+n"]),
    ("alt+backspace", b"\x1b\x7f", &["alt+backspace"]),
    ("alt+enter", b"\x1b\r", &["alt+enter"]),
    ("ctrl+alt+c", b"\x1b\x03", &["ctrl+alt+c"]),
    ("alt+utf-8", "\x1bé".as_bytes(), &["alt+é"]),
    ("alt+space", b"\x1b ", &["alt+space"]),
    ("escape then alt+x", b"\x1b\x1bx", &["esc", "alt+x"]),
    ("alt+up (rxvt)", b"\x1b\x1b[A", &["alt+up"]),
    ("flushed ESC [ is alt+[", b"\x1b[", &["alt+["]),
    ("flushed ESC O is alt+shift+o", b"\x1bO", &["shift+alt+o"]),
    ("flushed partial CSI dropped", b"\x1b[1;5", &[]),
    // Legacy CSI.
    ("up", b"\x1b[A", &["up"]),
    ("down", b"\x1b[B", &["down"]),
    ("right", b"\x1b[C", &["right"]),
    ("left", b"\x1b[D", &["left"]),
    ("home", b"\x1b[H", &["home"]),
    ("end", b"\x1b[F", &["end"]),
    ("clear", b"\x1b[E", &["clear"]),
    ("shift+tab", b"\x1b[Z", &["shift+tab"]),
    ("arrows in a row", b"\x1b[A\x1b[B", &["up", "down"]),
    // SS3.
    ("ss3 up", b"\x1bOA", &["up"]),
    ("ss3 left", b"\x1bOD", &["left"]),
    ("ss3 home", b"\x1bOH", &["home"]),
    ("ss3 f1", b"\x1bOP", &["f1"]),
    ("ss3 f4", b"\x1bOS", &["f4"]),
    ("ss3 keypad enter", b"\x1bOM", &["enter"]),
    ("ss3 keypad 5", b"\x1bOu", &["5"]),
    ("ss3 unknown dropped", b"\x1bO~a", &["a"]),
    // ESC [ 1 ; m X.
    ("ctrl+right", b"\x1b[1;5C", &["ctrl+right"]),
    ("shift+up", b"\x1b[1;2A", &["shift+up"]),
    ("alt+left", b"\x1b[1;3D", &["alt+left"]),
    ("ctrl+shift+down", b"\x1b[1;6B", &["ctrl+shift+down"]),
    ("super+up", b"\x1b[1;9A", &["super+up"]),
    ("ctrl+home", b"\x1b[1;5H", &["ctrl+home"]),
    ("shift+f1", b"\x1b[1;2P", &["shift+f1"]),
    ("shift+f3", b"\x1b[1;2R", &["shift+f3"]),
    ("cursor report dropped", b"\x1b[12;40R", &[]),
    // ESC [ n ~ and ESC [ n ; m ~.
    ("home ~", b"\x1b[1~", &["home"]),
    ("insert", b"\x1b[2~", &["insert"]),
    ("delete", b"\x1b[3~", &["delete"]),
    ("end ~", b"\x1b[4~", &["end"]),
    ("page up", b"\x1b[5~", &["pageUp"]),
    ("page down", b"\x1b[6~", &["pageDown"]),
    ("rxvt home", b"\x1b[7~", &["home"]),
    ("f5", b"\x1b[15~", &["f5"]),
    ("f6", b"\x1b[17~", &["f6"]),
    ("f11", b"\x1b[23~", &["f11"]),
    ("f12", b"\x1b[24~", &["f12"]),
    ("ctrl+delete", b"\x1b[3;5~", &["ctrl+delete"]),
    ("shift+page up", b"\x1b[5;2~", &["shift+pageUp"]),
    ("unknown ~ dropped", b"\x1b[99~x", &["x"]),
    // xterm modifyOtherKeys.
    ("mok ctrl+c", b"\x1b[27;5;99~", &["ctrl+c"]),
    ("mok shift+enter", b"\x1b[27;2;13~", &["shift+enter"]),
    ("mok shift+N", b"\x1b[27;2;78~", &["shift+n"]),
    ("mok shifted symbol", b"\x1b[27;2;63~", &["?"]),
    ("mok ctrl+shift+N", b"\x1b[27;6;78~", &["ctrl+shift+n"]),
    ("mok alt+enter", b"\x1b[27;3;13~", &["alt+enter"]),
    ("mok ctrl+tab", b"\x1b[27;5;9~", &["ctrl+tab"]),
    // Kitty CSI-u.
    ("kitty ctrl+c", b"\x1b[99;5u", &["ctrl+c"]),
    ("kitty escape", b"\x1b[27u", &["esc"]),
    ("kitty enter", b"\x1b[13u", &["enter"]),
    ("kitty shift+enter", b"\x1b[13;2u", &["shift+enter"]),
    ("kitty shift+n", b"\x1b[110;2u", &["shift+n"]),
    ("kitty shift+tab", b"\x1b[9;2u", &["shift+tab"]),
    ("kitty ctrl+backspace", b"\x1b[127;5u", &["ctrl+backspace"]),
    ("kitty ctrl+space", b"\x1b[32;5u", &["ctrl+space"]),
    ("kitty super+k", b"\x1b[107;9u", &["super+k"]),
    ("kitty caps lock ignored", b"\x1b[99;69u", &["ctrl+c"]),
    ("kitty press event", b"\x1b[97;1:1u", &["a"]),
    ("kitty repeat event", b"\x1b[97;1:2u", &["a"]),
    ("kitty release dropped", b"\x1b[97;1:3ub", &["b"]),
    ("kitty alternate key", b"\x1b[47:63;2u", &["?"]),
    ("kitty alternate letter", b"\x1b[110:78;2u", &["shift+n"]),
    ("kitty lone modifier dropped", b"\x1b[57441;2u", &[]),
    ("kitty keypad enter", b"\x1b[57414u", &["enter"]),
    ("kitty keypad digit", b"\x1b[57400u", &["1"]),
    ("kitty keypad up", b"\x1b[57419;5u", &["ctrl+up"]),
    ("kitty functional with event", b"\x1b[1;5:1A", &["ctrl+up"]),
    ("kitty functional release", b"\x1b[1;5:3A", &[]),
    ("kitty ~ release", b"\x1b[3;1:3~", &[]),
    ("kitty text field ignored", b"\x1b[97;2;65u", &["shift+a"]),
    // Bracketed paste.
    ("paste", b"\x1b[200~hello\x1b[201~", &["paste:\"hello\""]),
    (
        "paste newlines",
        b"\x1b[200~a\r\nb\rc\nd\x1b[201~",
        &["paste:\"a\\nb\\nc\\nd\""],
    ),
    (
        "paste keeps escapes",
        b"\x1b[200~a\x1b[Ab\x1b[201~x",
        &["paste:\"a\\u{1b}[Ab\"", "x"],
    ),
    (
        "paste utf-8",
        "\x1b[200~日本\x1b[201~".as_bytes(),
        &["paste:\"日本\""],
    ),
    ("empty paste", b"\x1b[200~\x1b[201~", &["paste:\"\""]),
    (
        "keys around paste",
        b"a\x1b[200~p\x1b[201~b",
        &["a", "paste:\"p\"", "b"],
    ),
    ("stray paste end dropped", b"\x1b[201~a", &["a"]),
    ("unfinished paste stays open", b"\x1b[200~abc", &[]),
    // Sequences that are not keys.
    ("focus in/out", b"\x1b[I\x1b[O", &[]),
    ("sgr mouse", b"\x1b[<0;10;5M\x1b[<0;10;5m", &[]),
    ("x10 mouse", b"\x1b[M !!a", &["a"]),
    ("kitty flags reply", b"\x1b[?1u", &[]),
    ("device attributes reply", b"\x1b[?62;22c", &[]),
    ("broken CSI then enter", b"\x1b[1;5\r", &["enter"]),
    // Terminal replies never swallow the keys after them.
    ("DECRPM reply", b"\x1b[?2026;2$y1", &["1"]),
    ("DECRPM paste reply", b"\x1b[?2004;1$y1", &["1"]),
    ("ANSI DECRPM reply", b"\x1b[4;2$yx", &["x"]),
    ("private cursor report", b"\x1b[?12;40Rx", &["x"]),
    ("secondary device attributes", b"\x1b[>41;354;0cx", &["x"]),
    ("DECRQSS-style intermediates", b"\x1b[1 qx", &["x"]),
    ("unknown CSI final", b"\x1b[5;5zx", &["x"]),
    ("CSI with every final", b"\x1b[1@\x1b[1`\x1b[1|x", &["x"]),
    (
        "OSC reply ended by ST",
        b"\x1b]11;rgb:1111/2222/3333\x1b\\1",
        &["1"],
    ),
    (
        "OSC reply ended by BEL",
        b"\x1b]10;rgb:ffff/ffff/ffff\x071",
        &["1"],
    ),
    ("DCS XTVERSION reply", b"\x1bP>|xterm(390)\x1b\\x", &["x"]),
    ("DCS DECRQSS reply", b"\x1bP1$r0;1m\x1b\\x", &["x"]),
    ("APC kitty graphics reply", b"\x1b_Gi=31;OK\x1b\\x", &["x"]),
    ("PM string", b"\x1b^private\x1b\\x", &["x"]),
    ("SOS string", b"\x1bXstart of string\x1b\\x", &["x"]),
    (
        "OSC cut short by a key sequence",
        b"\x1b]11;rgb\x1b[Ax",
        &["up", "x"],
    ),
    (
        "OSC with an escaped key inside",
        b"\x1b]0;a\x1bOAb",
        &["up", "b"],
    ),
    ("unterminated OSC dropped", b"\x1b]11;rgb:1111", &[]),
    (
        "unterminated OSC with a trailing ESC dropped",
        b"\x1b]0;t\x1b",
        &[],
    ),
    ("flushed ESC ] is alt+]", b"\x1b]", &["alt+]"]),
    ("flushed ESC P is alt+shift+p", b"\x1bP", &["shift+alt+p"]),
    ("flushed ESC _ is alt+_", b"\x1b_", &["alt+_"]),
    (
        "overlong CSI dropped",
        b"\x1b[11111111111111111111111111111111111111111111111111111111111111111111111111111A",
        &[],
    ),
];

#[test]
fn every_sequence_family_decodes() {
    for (name, bytes, expected) in CASES {
        assert_eq!(decode_chunks(&[bytes]), *expected, "{name}");
    }
}

#[test]
fn every_split_decodes_the_same() {
    for (name, bytes, expected) in CASES {
        for at in 0..=bytes.len() {
            let (a, b) = bytes.split_at(at);
            assert_eq!(decode_chunks(&[a, b]), *expected, "{name} split at {at}");
        }
        let singles: Vec<&[u8]> = bytes.chunks(1).collect();
        assert_eq!(decode_chunks(&singles), *expected, "{name} byte by byte");
    }
}

#[test]
fn lone_escape_waits_for_flush() {
    let mut d = Decoder::new();
    assert!(d.feed(b"\x1b").is_empty());
    assert!(d.has_pending());
    assert_eq!(show(&d.feed(b"[A")), ["up"]);
    assert!(d.feed(b"\x1b").is_empty());
    assert_eq!(show(&d.flush()), ["esc"]);
    assert!(!d.has_pending());
    assert!(d.flush().is_empty());
}

#[test]
fn split_utf8_and_sequences_wait_for_the_rest() {
    let mut d = Decoder::new();
    assert!(d.feed(&[0xe6, 0x97]).is_empty());
    assert_eq!(show(&d.feed(&[0xa5, b'x'])), ["日", "x"]);
    assert!(d.feed(b"\x1b[27;5").is_empty());
    assert_eq!(show(&d.feed(b";99~")), ["ctrl+c"]);
}

#[test]
fn incomplete_sequences_end_at_flush_and_keys_follow() {
    let cases: &[&[u8]] = &[
        b"\x1b[",
        b"\x1b[1;5",
        b"\x1bO",
        b"\xe4",
        b"\xf0\x9f",
        b"\x1b]11;rgb:1",
        b"\x1bP>|xterm\x1b",
        b"\x1b[111111111111111111111111111111111111111111111111111111111111111111111",
    ];
    for bytes in cases {
        let mut d = Decoder::new();
        let _ = d.feed(bytes);
        assert!(d.has_pending(), "{bytes:?} waits for more bytes");
        let _ = d.flush();
        assert!(!d.has_pending(), "{bytes:?} is over after a flush");
        assert_eq!(show(&d.feed(b"1")), ["1"], "a key after {bytes:?}");
    }
}

#[test]
fn an_abandoned_paste_ends_with_its_text_and_keys_follow() {
    let mut d = Decoder::new();
    assert!(d.feed(b"\x1b[200~half a\r\npaste\x1b[20").is_empty());
    assert!(d.in_paste());
    assert!(d.flush().is_empty(), "a flush keeps the paste open");
    assert_eq!(show(&d.end_paste()), ["paste:\"half a\\npaste\""]);
    assert!(!d.in_paste() && !d.has_pending());
    assert_eq!(show(&d.feed(b"\x1b[A1")), ["up", "1"]);
    assert!(d.end_paste().is_empty(), "nothing to end");
}

#[test]
fn paste_end_marker_split_across_reads() {
    let mut d = Decoder::new();
    assert!(d.feed(b"\x1b[200~one\x1b[2").is_empty());
    assert!(d.flush().is_empty(), "an open paste survives a flush");
    assert!(d.feed(b"0").is_empty());
    assert_eq!(show(&d.feed(b"1~\x1b")), ["paste:\"one\""]);
    assert_eq!(show(&d.flush()), ["esc"]);
}

#[test]
fn decoded_shift_letter_matches_the_keymap() {
    let keymap = ask_keymap::Keymap::default();
    let mut d = Decoder::new();
    let events = d.feed(b"N");
    let [InputEvent::Key(key)] = events.as_slice() else {
        panic!("one key expected, got {events:?}");
    };
    assert_eq!(
        keymap.action_in(ask_keymap::Context::Main, key),
        Some(ask_keymap::Action::QuestionNote)
    );
    assert_eq!(key.text_char(), Some('N'));
}

#[test]
fn keyboard_and_device_attribute_replies_are_kept_aside_in_order_across_reads() {
    use ask_keymap::TerminalReply;
    let mut d = Decoder::new();
    // A key typed between the two answers, the flags reply split in the middle.
    assert!(d.feed(b"\x1b[?").is_empty());
    assert_eq!(show(&d.feed(b"5u2\x1b[?62;")), ["2"]);
    assert!(d.feed(b"22c").is_empty());
    assert_eq!(
        d.take_replies(),
        [
            TerminalReply::KeyboardFlags(5),
            TerminalReply::PrimaryDeviceAttributes
        ]
    );
    assert!(d.take_replies().is_empty(), "taken once");
    // Other replies are dropped as before; a chatty terminal cannot grow the queue.
    assert_eq!(show(&d.feed(b"\x1b[?12;40R\x1b[?2026;2$yx")), ["x"]);
    assert!(d.take_replies().is_empty());
    for _ in 0..100 {
        d.feed(b"\x1b[?62c");
    }
    d.feed(b"\x1b[?1u");
    let kept = d.take_replies();
    assert_eq!(kept.len(), 16);
    assert_eq!(kept.last(), Some(&TerminalReply::KeyboardFlags(1)));
}
