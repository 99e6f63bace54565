//! The first screens at every size a host may give, from 40x12 to 120x40: what matters
//! stays on screen and what is cut is marked.

use ask_render::Frame;
use ask_state::Flow;

use crate::support::{db_form, flow, frame_at, press};

/// The sizes every first-run screen is checked at.
pub(crate) const SIZES: [(usize, usize); 4] = [(40, 12), (60, 15), (80, 24), (120, 40)];

/// The frame as plain rows in a box (so widths and trailing spaces show).
pub(crate) fn boxed(frame: &Frame, width: usize) -> String {
    let border = "─".repeat(width);
    let mut out = format!("┌{border}┐\n");
    for line in &frame.lines {
        let pad = width.saturating_sub(line.width());
        out.push_str(&format!("│{}{}│\n", line.plain(), " ".repeat(pad)));
    }
    out.push_str(&format!("└{border}┘\n"));
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
        assert!(text.contains("starts typing"), "at {size:?}:\n{text}");
    });
    press(&mut f, &["text:x"]);
    let text = boxed(&frame_at(&f, 80, 24), 80);
    assert!(!text.contains("1-3 pick"), "a typing editor:\n{text}");
    assert!(text.contains("Shift+Enter newline"), "{text}");
}
