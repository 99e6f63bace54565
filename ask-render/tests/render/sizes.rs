//! The first screens at every size a host may give, from 40x12 to 120x40: what matters
//! stays on screen and what is cut is marked.

use ask_render::Frame;
use ask_state::Flow;

use crate::support::{db_form, flow, frame_at, press};

/// The sizes every first-run screen is checked at; 40x10 is what an inline form gets on
/// a 40x12 terminal (its height less two rows).
pub(crate) const SIZES: [(usize, usize); 5] = [(40, 10), (40, 12), (60, 15), (80, 24), (120, 40)];

/// The frame as plain rows in a box (so widths and trailing spaces show).
pub(crate) fn boxed(frame: &Frame, width: usize) -> String {
    use std::fmt::Write as _;
    let border = "─".repeat(width);
    let mut out = format!("┌{border}┐\n");
    for line in &frame.lines {
        let pad = width.saturating_sub(line.width());
        let _ = writeln!(out, "│{}{}│", line.plain(), " ".repeat(pad));
    }
    let _ = writeln!(out, "└{border}┘");
    out
}

/// Snapshots `flow` at every size and hands each frame's text to `check`.
pub(crate) fn snap_sizes(name: &str, flow: &Flow, check: impl Fn(&str, (usize, usize))) {
    for (width, height) in SIZES {
        let frame = frame_at(flow, width, height);
        assert!(
            frame.lines.len() <= height,
            "{name} at {width}x{height}: {} rows",
            frame.lines.len()
        );
        let text = boxed(&frame, width);
        check(&text, (width, height));
        insta::assert_snapshot!(format!("{name}_{width}x{height}"), text);
    }
}

#[test]
fn an_editor_that_opened_by_itself_says_digits_still_pick() {
    let mut f = flow(&db_form());
    press(&mut f, &["down", "down", "down"]);
    snap_sizes("custom_opened_by_itself", &f, |text, size| {
        assert!(text.contains("1-3 pick"), "at {size:?}:\n{text}");
        assert!(text.contains("Enter/letters type"), "at {size:?}:\n{text}");
        assert!(
            text.contains("move"),
            "how to move on, at {size:?}:\n{text}"
        );
    });
    press(&mut f, &["text:x"]);
    let text = boxed(&frame_at(&f, 80, 24), 80);
    assert!(!text.contains("1-3 pick"), "a typing editor:\n{text}");
    assert!(text.contains("Shift+Enter newline"), "{text}");
}

/// Rows of `text` (a boxed frame) that contain `needle`.
fn rows_with(text: &str, needle: &str) -> usize {
    text.lines().filter(|l| l.contains(needle)).count()
}

#[test]
fn a_pending_double_press_is_one_visible_line() {
    let mut f = flow(&db_form());
    press(&mut f, &["shift+tab", "1"]);
    snap_sizes("armed_submit", &f, |text, size| {
        assert_eq!(
            rows_with(text, "Press 1 again to Submit."),
            1,
            "at {size:?}:\n{text}"
        );
    });
}

#[test]
fn the_dirty_dismiss_warning_is_one_visible_line() {
    let mut f = flow(&db_form());
    press(&mut f, &["space", "esc"]);
    assert!(f.dismiss_warning());
    snap_sizes("dismiss_warning", &f, |text, size| {
        let rows = text
            .lines()
            .filter(|l| l.contains("again to discard"))
            .count();
        assert_eq!(rows, 1, "at {size:?}:\n{text}");
        assert!(
            !text.contains("│Ctrl+C again"),
            "not wrapped at {size:?}:\n{text}"
        );
    });
}

#[test]
fn an_armed_reset_is_one_visible_line() {
    let mut f = flow(&db_form());
    press(&mut f, &["?"]);
    for _ in 0..20 {
        press(&mut f, &["down"]);
    }
    press(&mut f, &["enter"]);
    assert!(f.reset_armed());
    snap_sizes("reset_armed", &f, |text, size| {
        assert_eq!(rows_with(text, "again to reset"), 1, "at {size:?}:\n{text}");
    });
}

#[test]
fn the_review_tab_always_shows_all_three_actions_and_an_answer_line() {
    let mut f = flow(&db_form());
    press(&mut f, &["1", "space", "tab", "down", "enter"]);
    snap_sizes("review", &f, |text, size| {
        for action in ["1. Submit", "2. Elaborate", "3. Cancel"] {
            assert!(text.contains(action), "{action} at {size:?}:\n{text}");
        }
        assert!(
            text.contains("Database → PostgreSQL"),
            "an answer at {size:?}:\n{text}"
        );
        let listed = ["Database →", "Features →", "Layout →"]
            .iter()
            .filter(|l| text.contains(*l))
            .count();
        if listed < 3 {
            assert!(
                text.contains("more question"),
                "cut marked at {size:?}:\n{text}"
            );
        }
        assert!(
            text.contains("Review"),
            "the header stays at {size:?}:\n{text}"
        );
    });
}

#[test]
fn a_preview_shows_wherever_it_fits_and_pgup_pgdn_only_when_it_scrolls() {
    let mut f = flow(&db_form());
    press(&mut f, &["tab", "tab", "down"]);
    snap_sizes("preview_long", &f, |text, (w, h)| {
        // At every size: in a short frame the list shrinks to the option under the
        // cursor and one marker, and the pane may be compact (its title row counting
        // the lines it hides).
        assert!(
            text.contains("Preview · Nested by"),
            "the preview shows at {w}x{h}:\n{text}"
        );
        assert!(
            text.contains("line 1: src/domain_1"),
            "some of its text at {w}x{h}:\n{text}"
        );
        assert!(
            text.contains("more line"),
            "its cut is marked at {w}x{h}:\n{text}"
        );
        // Under 12 rows the footer has one row of hints; from 12 on it offers PgUp/PgDn.
        if h >= 12 {
            assert!(
                text.contains("PgUp/PgDn"),
                "PgUp/PgDn offered when the pane scrolls, at {w}x{h}:\n{text}"
            );
        }
        assert!(
            text.contains("Which module layout"),
            "the prompt at {w}x{h}:\n{text}"
        );
    });
    press(&mut f, &["up"]);
    let text = boxed(&crate::support::frame_at(&f, 120, 40), 120);
    assert!(text.contains("Preview · Flat"), "{text}");
    assert!(
        !text.contains("PgUp/PgDn"),
        "a short preview has nothing to scroll:\n{text}"
    );
}

#[test]
fn a_preview_shows_in_short_frames_and_scrolls_there() {
    let mut f = flow(&db_form());
    press(&mut f, &["tab", "tab", "down", "pageDown"]);
    for (width, height) in [(40, 10), (40, 12), (40, 14)] {
        let frame = crate::support::frame_at(&f, width, height);
        assert!(frame.lines.len() <= height);
        let text = boxed(&frame, width);
        assert!(text.contains("❯ 2. Nested by domain"), "{text}");
        assert!(text.contains("Which module layout"), "{text}");
        // Scrolled down a page: the rows above and below are counted.
        assert!(text.contains('↑') && text.contains("more line"), "{text}");
        insta::assert_snapshot!(format!("preview_scrolled_{width}x{height}"), text);
    }
}

#[test]
fn every_question_footer_says_how_to_move_on() {
    let mut f = flow(&db_form());
    for (tab, next) in [(0, "Enter select"), (1, "Enter next"), (2, "Enter select")] {
        for (w, h) in SIZES {
            let text = boxed(&crate::support::frame_at(&f, w, h), w);
            assert!(text.contains(next), "tab {tab} at {w}x{h}:\n{text}");
        }
        press(&mut f, &["tab"]);
    }
}

#[test]
fn the_settings_overlay_marks_what_it_cuts_and_scrolls() {
    let mut f = flow(&db_form());
    press(&mut f, &["?"]);
    snap_sizes("settings_top", &f, |text, (w, h)| {
        assert!(text.contains("❯ Auto-submit"), "at {w}x{h}:\n{text}");
        if !text.contains("Settings modal") {
            assert!(
                text.contains("more rows"),
                "the cut is marked at {w}x{h}:\n{text}"
            );
        }
    });
    for _ in 0..20 {
        press(&mut f, &["down"]);
    }
    for (w, h) in SIZES {
        let text = boxed(&crate::support::frame_at(&f, w, h), w);
        assert!(text.contains("❯ Reset settings"), "at {w}x{h}:\n{text}");
        if h < 40 {
            assert!(text.contains("more rows"), "at {w}x{h}:\n{text}");
        }
    }
    let text = boxed(&crate::support::frame_at(&f, 120, 40), 120);
    assert!(
        text.contains("Next tab when empty: Tab/→"),
        "in words:\n{text}"
    );
}

#[test]
fn a_narrow_tab_strip_keeps_the_active_label_whole_and_shortens_the_counters() {
    let payload = serde_json::json!({"questions": (0..6).map(|k| serde_json::json!({
        "id": format!("q{k}"), "label": format!("Deployment target {k}"),
        "prompt": format!("Question {k}?"),
        "options": [{"value": "a", "label": "A"}]})).collect::<Vec<_>>()});
    let mut f = flow(&payload);
    press(&mut f, &["tab", "tab"]);
    snap_sizes("tabs_narrow", &f, |text, size| {
        assert!(
            text.contains("[☐ Deployment target 2]"),
            "active whole at {size:?}:\n{text}"
        );
        assert!(
            text.contains('‹') && text.contains('›'),
            "counters at {size:?}:\n{text}"
        );
    });
    let text = boxed(&crate::support::frame_at(&f, 30, 12), 30);
    assert!(text.contains("[☐ Deployment target 2]"), "{text}");
}

#[test]
fn a_note_on_an_unselected_option_says_it_is_sent_only_with_elaborate() {
    let mut f = flow(&db_form());
    // Features: note on Billing (not selected), Authentication selected.
    press(
        &mut f,
        &["tab", "down", "n", "text:later", "enter", "up", "space"],
    );
    press(&mut f, &["tab", "tab", "down"]);
    assert_eq!(f.review_cursor(), ask_state::model::ReviewAction::Elaborate);
    let text = boxed(&crate::support::frame_at(&f, 120, 40), 120);
    assert!(
        text.contains("Billing (sent only with Elaborate) · Option note: later"),
        "{text}"
    );
}

#[test]
fn a_long_list_marks_the_rest_on_the_first_screen_and_keeps_the_prompt_while_moving() {
    let mut f = flow(&crate::support::long_list_form());
    snap_sizes("long_list_first_screen", &f, |text, size| {
        if size.1 < 40 {
            // 31 rows do not fit: the rest is counted on the very first screen.
            assert!(text.contains("↓ "), "more below at {size:?}:\n{text}");
        }
        assert!(text.contains("Where should it run?"), "{size:?}:\n{text}");
    });
    for _ in 0..12 {
        press(&mut f, &["down"]);
        for (w, h) in SIZES {
            let text = boxed(&crate::support::frame_at(&f, w, h), w);
            assert!(
                text.contains("Where should it run?"),
                "prompt at {w}x{h}:\n{text}"
            );
        }
    }
}

#[test]
fn the_header_and_the_option_stay_while_a_note_editor_is_open() {
    let mut f = flow(&db_form());
    press(&mut f, &["n", "text:is the licence fine for us"]);
    snap_sizes("note_editor_open", &f, |text, size| {
        assert!(
            text.contains("Service setup"),
            "the title at {size:?}:\n{text}"
        );
        assert!(
            text.contains("[☐ Database]"),
            "the tab strip at {size:?}:\n{text}"
        );
        assert!(
            text.contains("❯ 1. PostgreSQL"),
            "the option at {size:?}:\n{text}"
        );
        assert!(
            text.contains("is the licence"),
            "the note at {size:?}:\n{text}"
        );
        assert!(
            text.contains("Which database"),
            "the prompt at {size:?}:\n{text}"
        );
    });
}

#[test]
fn a_three_line_prompt_shows_whole_when_it_fits_with_the_list() {
    let payload = serde_json::json!({"questions": [{"id": "errors", "label": "Errors",
        "prompt": "The new config loader can fail on a malformed file. How should it report that?",
        "options": [{"value": "a", "label": "Typed error enum"}, {"value": "b", "label": "anyhow"},
                    {"value": "c", "label": "Panic"}]}]});
    let f = flow(&payload);
    snap_sizes("three_line_prompt", &f, |text, size| {
        assert!(
            text.contains("The new config loader"),
            "the prompt's start at {size:?}:\n{text}"
        );
        assert!(text.contains("that?"), "and its end at {size:?}:\n{text}");
    });
}
