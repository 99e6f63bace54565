//! Huge texts: only one screen of each text is laid out, and what a host shows
//! after cropping the frame to its height is exactly what the full layout shows.

use std::fmt::Write as _;

use ask_render::Frame;
use ask_state::Command;
use serde_json::json;

use crate::support::{apply, flow, frame_at, press};

const MB: usize = 1 << 20;

/// The rows of a frame rendered at some height: it is already the whole screen.
fn screen(frame: &Frame) -> Vec<String> {
    frame
        .lines
        .iter()
        .map(|l| l.plain().trim_end().to_owned())
        .collect()
}

/// The count of a `↑ N more lines` / `↓ N more lines` row.
fn more(row: &str) -> Option<usize> {
    let (_, rest) = row.split_once(['↑', '↓'])?;
    rest.trim().split(' ').next()?.parse().ok()
}

/// Renders `big` and `small` (the same flow with a huge text replaced by a smaller one
/// with the same visible end, `fewer` source lines shorter) at `width` x `height`, and
/// checks both screens are the same row for row, the `↑ N more lines` counts apart by
/// `fewer`. The frame fits the height and its focus row is on it.
fn same_screen(
    big: &ask_state::Flow,
    small: &ask_state::Flow,
    fewer: usize,
    width: usize,
    height: usize,
) -> Frame {
    let cut = frame_at(big, width, height);
    let other = frame_at(small, width, height);
    let (a, b) = (screen(&cut), screen(&other));
    assert!(a.len() <= height, "{} rows at {width}x{height}", a.len());
    assert!(cut.focus_row < a.len());
    assert_eq!(a.len(), b.len(), "at {width}x{height}:\n{a:#?}\n{b:#?}");
    for (x, y) in a.iter().zip(&b) {
        if x.ends_with("more rows") || x.ends_with("more row") || x.ends_with(" more") {
            // The frame's own marker of rows scrolled away and the list's: the same on
            // both screens.
            assert_eq!(x, y, "at {width}x{height}:\n{a:#?}\n{b:#?}");
            continue;
        }
        match (more(x), more(y)) {
            // The shorter text drops lines at the top: the counts below agree.
            (Some(n), Some(m)) if x.contains('↓') => {
                assert_eq!(n, m, "{x} / {y} at {width}x{height}");
            }
            (Some(n), Some(m)) => assert_eq!(n, m + fewer, "{x} / {y} at {width}x{height}"),
            _ => assert_eq!(x, y, "at {width}x{height}:\n{a:#?}\n{b:#?}"),
        }
    }
    assert_eq!(cut.cursor, other.cursor);
    cut
}

fn lines(from: usize, to: usize, what: &str) -> String {
    (from..to).fold(String::new(), |mut s, i| {
        let _ = writeln!(s, "{what} {i}");
        s
    })
}

fn prompt_flow(prompt: &str) -> ask_state::Flow {
    flow(
        &json!({"questions": [{"id": "q", "prompt": format!("{prompt}Which one?"),
        "options": [{"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]}),
    )
}

#[test]
fn a_long_prompt_shows_its_end_above_the_options_with_the_rest_counted() {
    let big = prompt_flow(&lines(0, 300, "prompt line"));
    let small = prompt_flow(&lines(200, 300, "prompt line"));
    for (width, height) in [(120, 40), (60, 24), (30, 12), (20, 5)] {
        same_screen(&big, &small, 200, width, height);
    }
    let frame = frame_at(&big, 120, 40);
    let rows = screen(&frame);
    assert_eq!(rows[frame.focus_row], "❯ 1. A");
    assert!(rows.contains(&"  2. B".to_owned()), "{rows:#?}");
    let text = frame.to_plain_text();
    assert!(text.contains("prompt line 299\nWhich one?\n"), "{text}");
    // The marker is on screen and counts every prompt line not shown.
    let marker = rows
        .iter()
        .position(|r| r.starts_with('↑'))
        .expect("marker");
    let shown = rows.iter().filter(|r| r.starts_with("prompt line")).count();
    assert_eq!(more(&rows[marker]), Some(301 - shown - 1));
    assert_eq!(rows[marker + 1], format!("prompt line {}", 300 - shown));
}

fn description_flow(description: &str) -> ask_state::Flow {
    flow(&json!({"questions": [{"id": "q", "prompt": "Pick",
        "options": [{"value": "a", "label": "A", "description": description},
                    {"value": "b", "label": "B"}]}]}))
}

fn editor_flow(text: &str, ups: usize) -> ask_state::Flow {
    let mut f = flow(&json!({"questions": [{"id": "name", "prompt": "Name?",
        "options": [{"value": "answer", "label": "Type your answer", "freeform": true}]}]}));
    press(&mut f, &["enter"]);
    apply(&mut f, Command::Paste(text.to_owned()));
    for _ in 0..ups {
        press(&mut f, &["up"]);
    }
    f
}

#[test]
fn a_long_description_and_a_long_editor_show_the_same_screen_as_shorter_ones() {
    let big = description_flow(&lines(0, 2000, "detail").replace('\n', " "));
    let small = description_flow(&lines(0, 400, "detail").replace('\n', " "));
    for (width, height) in [(120, 40), (40, 20), (25, 8)] {
        let frame = same_screen(&big, &small, 0, width, height);
        let rows = screen(&frame);
        assert_eq!(rows[frame.focus_row], "❯ 1. A");
        // At 8 rows the footer leaves the body two rows: the option row shows.
        if height >= 20 {
            let first = rows[frame.focus_row + 1].trim();
            assert!(first.starts_with("detail 0 detail 1 "), "{rows:#?}");
            assert!(
                rows.iter().any(|r| r.trim() == "↓ 1 more line"),
                "{rows:#?}"
            );
        }
    }

    // Cursor on the last line, then up into the middle: the text far from the
    // cursor does not change the screen.
    for (ups, keep_from, keep_to) in [(0, 300, 400), (5, 300, 400), (150, 150, 400)] {
        let big = editor_flow(&lines(0, 400, "editor line"), ups);
        let small = editor_flow(&lines(keep_from, keep_to, "editor line"), ups);
        for (width, height) in [(120, 40), (30, 10)] {
            let frame = same_screen(&big, &small, keep_from, width, height);
            let ask_render::Cursor { row, .. } = frame.cursor.expect("the editor has a cursor");
            assert_eq!(row, frame.focus_row);
            let rows = screen(&frame);
            let line = if ups == 0 {
                String::from("│")
            } else {
                format!("│ editor line {}", 400 - ups)
            };
            assert_eq!(rows[row], line, "{rows:#?}");
            assert!(rows.iter().any(|r| r.starts_with("│ ↑ ")), "{rows:#?}");
        }
    }
}

#[test]
fn a_ten_megabyte_prompt_of_newlines_shows_its_last_line_and_the_options() {
    let f = flow(&json!({"questions": [{"id": "q",
        "prompt": format!("First line{}Last line", "\n".repeat(10 * MB)),
        "options": [{"value": "a", "label": "A"}]}]}));
    let frame = frame_at(&f, 120, 40);
    let rows = screen(&frame);
    assert!(rows.len() <= 40, "{} rows", rows.len());
    assert_eq!(rows[frame.focus_row], "❯ 1. A");
    // The prompt sits above the options: its last rows show, the rest is counted.
    let marker = rows
        .iter()
        .position(|r| r.starts_with('↑'))
        .expect("marker");
    let last = rows
        .iter()
        .position(|r| r == "Last line")
        .expect("last line");
    assert_eq!(more(&rows[marker]), Some(10 * MB + 1 - (last - marker)));
    assert!(marker < last && last < frame.focus_row);
}

#[test]
fn a_ten_megabyte_single_line_description_shows_its_first_rows() {
    let f = description_flow(&"x".repeat(10 * MB));
    let frame = frame_at(&f, 80, 24);
    let rows = screen(&frame);
    assert!(rows.len() <= 24);
    assert_eq!(rows[frame.focus_row], "❯ 1. A");
    let first = frame.focus_row + 1;
    let marker = rows
        .iter()
        .position(|r| r.trim() == "↓ 1 more line")
        .expect("marker");
    assert!(marker > first + 2, "{rows:#?}");
    for row in &rows[first..marker] {
        assert_eq!(row.trim(), "x".repeat(75));
    }
}

#[test]
fn a_megabyte_editor_shows_the_cursor_row_and_counts_the_rest() {
    let count = MB / 20;
    let text: String = (0..count).fold(String::new(), |mut s, i| {
        let _ = writeln!(s, "{i:>18}");
        s
    });
    let mut f = editor_flow(&format!("{text}tail"), 0);
    let frame = frame_at(&f, 80, 24);
    let rows = screen(&frame);
    assert!(rows.len() <= 24, "{} rows", rows.len());
    let ask_render::Cursor { row, column: col } = frame.cursor.expect("cursor");
    assert_eq!(rows[row], "│ tail");
    assert_eq!(col, 6);
    assert_eq!(rows[row - 1], format!("│ {:>18}", count - 1));
    let marker = rows
        .iter()
        .position(|r| r.starts_with("│ ↑"))
        .expect("marker");
    let shown = row - marker;
    assert_eq!(
        rows[marker],
        format!("│ ↑ {} more lines", count + 1 - shown)
    );

    // In the middle: the cursor row shows with the rows above it, all counted.
    for _ in 0..count / 2 {
        press(&mut f, &["up"]);
    }
    press(&mut f, &["text:ab"]);
    let frame = frame_at(&f, 80, 24);
    let rows = screen(&frame);
    assert!(rows.len() <= 24, "{} rows", rows.len());
    let ask_render::Cursor { row, .. } = frame.cursor.expect("cursor");
    let cursor_line = count - count / 2;
    // Up keeps the column of "tail"'s end: the text went in at column 4.
    let mut typed = format!("{cursor_line:>18}");
    typed.insert_str(4, "ab");
    assert_eq!(rows[row], format!("│ {typed}"));
    assert_eq!(rows[row - 1], format!("│ {:>18}", cursor_line - 1));
    let marker = rows
        .iter()
        .position(|r| r.starts_with("│ ↑"))
        .expect("marker");
    assert_eq!(
        rows[marker],
        format!("│ ↑ {} more lines", cursor_line - (row - marker - 1))
    );

    // One huge line: the rows around the cursor, the line counted as cut.
    let f = editor_flow(&"y".repeat(MB), 0);
    let frame = frame_at(&f, 80, 24);
    let rows = screen(&frame);
    assert!(rows.len() <= 24, "{} rows", rows.len());
    let ask_render::Cursor { row, column: col } = frame.cursor.expect("cursor");
    assert!(rows[row].starts_with("│ y"));
    assert!(col >= 2);
    assert!(rows.contains(&"│ ↑ 1 more line".to_owned()), "{rows:#?}");
}

#[test]
fn a_ten_megabyte_preview_scrolls_with_one_screen_laid_out() {
    let count = MB / 2;
    let preview: Vec<String> = (0..count).map(|i| format!("code line {i:>10}")).collect();
    let preview = preview.join("\n");
    let mut f = flow(
        &json!({"questions": [{"id": "q", "type": "preview", "prompt": "Which?",
        "options": [{"value": "a", "label": "A", "preview": preview},
                    {"value": "b", "label": "B", "preview": "b"}]}]}),
    );
    let frame = frame_at(&f, 120, 40);
    let rows = screen(&frame);
    assert!(rows.len() <= 40, "{} rows", rows.len());
    let code = |r: &String| r.contains("code line");
    let shown = rows.iter().filter(|r| code(r)).count();
    assert!(rows.iter().any(|r| r.ends_with("code line          0")));
    let marker = rows.iter().find(|r| r.contains('↓')).expect("marker");
    assert_eq!(more(marker), Some(count - shown), "{rows:#?}");
    press(&mut f, &["pagedown", "pagedown"]);
    let rows = screen(&frame_at(&f, 120, 40));
    let marker = rows.iter().find(|r| r.contains('↑')).expect("marker");
    let first = rows.iter().find(|r| code(r)).expect("code");
    let n = more(marker).expect("count");
    assert!(n > 0);
    assert!(first.ends_with(&format!("code line {n:>10}")), "{rows:#?}");
}
