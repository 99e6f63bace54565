//! Huge texts: only one screen of each text is laid out, and what a host shows
//! after cropping the frame to its height is exactly what the full layout shows.

use std::fmt::Write as _;

use ask_render::Frame;
use ask_state::Command;
use serde_json::json;

use crate::support::{apply, flow, frame_at, press};

const MB: usize = 1 << 20;

/// The rows a host of `height` rows shows: cropped around the focus row.
fn screen(frame: &Frame, height: usize) -> Vec<String> {
    let start = frame.scroll_start(height);
    frame
        .lines
        .iter()
        .skip(start)
        .take(height)
        .map(|l| l.plain().trim_end().to_owned())
        .collect()
}

/// Renders at `height` and at a height so large nothing is cut, and checks that a
/// host of `height` rows shows the same screen from both frames.
fn same_screen(flow: &ask_state::Flow, width: usize, height: usize) -> Frame {
    let cut = frame_at(flow, width, height);
    let full = frame_at(flow, width, 100_000);
    assert_eq!(
        screen(&cut, height),
        screen(&full, height),
        "at {width}x{height}"
    );
    assert!(cut.lines.len() <= full.lines.len());
    cut
}

#[test]
fn a_long_prompt_shows_the_same_screen_with_only_its_end_laid_out() {
    let prompt: String = (0..300).fold(String::new(), |mut s, i| {
        let _ = writeln!(s, "prompt line {i} of a long question");
        s
    });
    let f = flow(
        &json!({"questions": [{"id": "q", "prompt": format!("{prompt}Which one?"),
        "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]}),
    );
    for (width, height) in [(120, 40), (60, 24), (30, 12), (20, 5)] {
        let frame = same_screen(&f, width, height);
        assert!(
            frame.lines.len() < 2 * height + 16,
            "{} rows",
            frame.lines.len()
        );
    }
    let frame = frame_at(&f, 120, 40);
    let text = frame.to_plain_text();
    assert!(text.contains("↑ 262 more lines"), "{text}");
    assert!(text.contains("prompt line 299 of a long question\nWhich one?"));
}

#[test]
fn a_long_description_and_a_long_editor_show_the_same_screen() {
    let description: String = (0..200).fold(String::new(), |mut s, i| {
        let _ = write!(s, "detail {i} ");
        s
    });
    let f = flow(&json!({"questions": [{"id": "q", "prompt": "Pick",
        "options": [{"value": "a", "label": "A", "description": description},
                    {"value": "b", "label": "B"}]}]}));
    for (width, height) in [(120, 40), (40, 20), (25, 8)] {
        same_screen(&f, width, height);
    }

    let mut f = flow(&json!({"questions": [{"id": "name", "prompt": "Name?",
        "options": [{"value": "answer", "label": "Type your answer", "freeform": true}]}]}));
    press(&mut f, &["enter"]);
    let text: String = (0..400).fold(String::new(), |mut s, i| {
        let _ = writeln!(s, "editor line {i}");
        s
    });
    apply(&mut f, Command::Paste(text));
    for ups in [0, 5, 150, 399, 400] {
        let mut g = f.clone();
        for _ in 0..ups {
            press(&mut g, &["up"]);
        }
        for (width, height) in [(120, 40), (30, 10)] {
            let frame = same_screen(&g, width, height);
            let (row, _) = frame.cursor.expect("the editor has a cursor");
            assert_eq!(row, frame.focus_row);
        }
    }
}

#[test]
fn a_ten_megabyte_prompt_of_newlines_lays_out_one_screen() {
    let f = flow(&json!({"questions": [{"id": "q",
        "prompt": format!("First line{}Last line", "\n".repeat(10 * MB)),
        "options": [{"value": "a", "label": "A"}]}]}));
    let frame = frame_at(&f, 120, 40);
    assert!(frame.lines.len() < 60, "{} rows", frame.lines.len());
    let text = frame.to_plain_text();
    // The prompt sits above the options: its last rows show, the rest is counted.
    assert!(
        text.contains(&format!("↑ {} more lines", 10 * MB + 1 - 39)),
        "{text}"
    );
    assert!(text.contains("\nLast line\n"));
    assert!(screen(&frame, 40).iter().any(|l| l == "❯ 1. A"));
}

#[test]
fn a_ten_megabyte_single_line_description_shows_its_first_rows() {
    let f = flow(&json!({"questions": [{"id": "q", "prompt": "Pick",
        "options": [{"value": "a", "label": "A", "description": "x".repeat(10 * MB)},
                    {"value": "b", "label": "B"}]}]}));
    let frame = frame_at(&f, 80, 24);
    let rows: Vec<String> = frame.lines.iter().map(ask_render::Line::plain).collect();
    let first = rows
        .iter()
        .position(|r| r.trim() == "x".repeat(75))
        .expect("first description row");
    assert_eq!(rows[first + 22].trim(), "x".repeat(75));
    assert_eq!(rows[first + 23].trim(), "↓ 1 more line");
    assert!(frame.lines.len() < 40);
}

#[test]
fn a_megabyte_editor_shows_the_cursor_row_and_counts_the_rest() {
    let mut f = flow(&json!({"questions": [{"id": "name", "prompt": "Name?",
        "options": [{"value": "answer", "label": "Type your answer", "freeform": true}]}]}));
    press(&mut f, &["enter"]);
    let lines = MB / 20;
    let text: String = (0..lines).fold(String::new(), |mut s, i| {
        let _ = writeln!(s, "{i:>18}");
        s
    });
    apply(&mut f, Command::Paste(format!("{text}tail")));
    let frame = frame_at(&f, 80, 24);
    assert!(frame.lines.len() < 40, "{} rows", frame.lines.len());
    let (row, col) = frame.cursor.expect("cursor");
    assert_eq!(frame.lines[row].plain(), "│ tail");
    assert_eq!(col, 6);
    assert_eq!(frame.lines[row - 1].plain(), format!("│ {:>18}", lines - 1));
    assert_eq!(
        frame.lines[row - 24].plain(),
        format!("│ ↑ {} more lines", lines - 23)
    );

    // In the middle: rows both ways, markers both ways.
    for _ in 0..lines / 2 {
        press(&mut f, &["up"]);
    }
    press(&mut f, &["text:ab"]);
    let frame = frame_at(&f, 80, 24);
    let (row, _) = frame.cursor.expect("cursor");
    let cursor_line = lines - lines / 2;
    // Up keeps the column of "tail"'s end: the text went in at column 4.
    let mut typed = format!("{cursor_line:>18}");
    typed.insert_str(4, "ab");
    assert_eq!(frame.lines[row].plain(), format!("│ {typed}"));
    assert_eq!(
        frame.lines[row + 23].plain(),
        format!("│ {:>18}", cursor_line + 23)
    );
    assert_eq!(
        frame.lines[row - 24].plain(),
        format!("│ ↑ {} more lines", cursor_line - 23)
    );
    assert_eq!(
        frame.lines[row + 24].plain(),
        format!("│ ↓ {} more lines", lines + 1 - cursor_line - 24)
    );

    // One huge line: the rows around the cursor, the line counted as cut.
    let mut f = flow(&json!({"questions": [{"id": "name", "prompt": "Name?",
        "options": [{"value": "answer", "label": "Type your answer", "freeform": true}]}]}));
    press(&mut f, &["enter"]);
    apply(&mut f, Command::Paste("y".repeat(MB)));
    let frame = frame_at(&f, 80, 24);
    let (row, col) = frame.cursor.expect("cursor");
    assert!(frame.lines[row].plain().starts_with("│ y"));
    assert!(col >= 2);
    assert_eq!(frame.lines[row - 24].plain(), "│ ↑ 1 more line");
}

#[test]
fn a_ten_megabyte_preview_scrolls_with_one_screen_laid_out() {
    let preview: String = (0..MB / 2).fold(String::new(), |mut s, i| {
        let _ = writeln!(s, "code line {i:>10}");
        s
    });
    let lines = MB / 2 + 1;
    let mut f = flow(
        &json!({"questions": [{"id": "q", "type": "preview", "prompt": "Which?",
        "options": [{"value": "a", "label": "A", "preview": preview},
                    {"value": "b", "label": "B", "preview": "b"}]}]}),
    );
    let frame = frame_at(&f, 120, 40);
    let text = frame.to_plain_text();
    assert!(text.contains("code line          0"));
    assert!(
        text.contains(&format!("↓ {} more lines", lines - 30)),
        "{text}"
    );
    press(&mut f, &["pagedown", "pagedown"]);
    let text = frame_at(&f, 120, 40).to_plain_text();
    assert!(text.contains("↑ 20 more lines"), "{text}");
    assert!(text.contains("code line         20"));
}
