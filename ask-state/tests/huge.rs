//! A 1 MB editor edits exactly like a small one: insert, delete and undo at the
//! start, in the middle and at the end keep every other byte where it was.

use std::fmt::Write as _;

use ask_state::model::{EditCommand as E, TextBuffer};

const MB: usize = 1 << 20;

/// 1 MB of numbered 80-column lines.
fn big() -> String {
    (0..MB / 81).fold(String::new(), |mut s, l| {
        let _ = writeln!(s, "{:<80}", format!("line {l}"));
        s
    })
}

/// Moves the cursor to byte `at` with line and grapheme motions only.
fn move_to(b: &mut TextBuffer, at: usize) {
    while b.cursor() > at {
        let before = b.cursor();
        b.apply(&E::Up);
        if b.cursor() < at || b.cursor() == before {
            break;
        }
    }
    while b.cursor() > at {
        b.apply(&E::Left);
    }
    while b.cursor() < at {
        b.apply(&E::Right);
    }
    assert_eq!(b.cursor(), at);
}

#[test]
fn a_megabyte_editor_inserts_deletes_and_undoes_at_start_middle_and_end() {
    let text = big();
    for at in [0, text.len() / 2 + 7, text.len()] {
        let mut b = TextBuffer::with_text(&text);
        move_to(&mut b, at);
        for c in "hello".chars() {
            b.apply(&E::Insert(c.to_string()));
        }
        b.apply(&E::Newline);
        let mut expected = text.clone();
        expected.insert_str(at, "hello\n");
        assert_eq!(b.text(), expected, "insert at {at}");
        assert_eq!(b.cursor(), at + 6);

        b.apply(&E::Backspace);
        b.apply(&E::Backspace);
        expected.replace_range(at + 4..at + 6, "");
        assert_eq!(b.text(), expected, "backspace at {at}");
        b.apply(&E::Delete);
        if at < text.len() {
            expected.remove(at + 4);
        }
        assert_eq!(b.text(), expected, "delete at {at}");

        // Undo walks back one step at a time: the delete (none at the end), each backspace, the
        // newline, then the typed word as one step.
        if at < text.len() {
            b.apply(&E::Undo);
            expected.insert_str(at + 4, &text[at..=at]);
            assert_eq!(b.text(), expected, "undo delete at {at}");
        }
        b.apply(&E::Undo);
        b.apply(&E::Undo);
        assert_eq!(b.text(), format!("{}hello\n{}", &text[..at], &text[at..]));
        b.apply(&E::Undo);
        assert_eq!(b.text(), format!("{}hello{}", &text[..at], &text[at..]));
        b.apply(&E::Undo);
        assert_eq!(b.text(), text, "undo typing at {at}");
        assert_eq!(b.cursor(), at);
        assert!(!b.apply(&E::Undo), "nothing left to undo at {at}");
    }
}

#[test]
fn undo_keeps_the_last_two_hundred_steps() {
    let mut b = TextBuffer::with_text(&big());
    let size = b.text().len();
    for _ in 0..250 {
        b.apply(&E::Newline);
    }
    let mut undone = 0;
    while b.apply(&E::Undo) {
        undone += 1;
    }
    assert_eq!(undone, 200);
    assert_eq!(b.text().len(), size + 50);
}
