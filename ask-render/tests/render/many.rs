//! Ten thousand questions: the tab strip and the review list lay out only what fits
//! an 80x24 screen, with markers counting what they leave out.

use ask_state::{Command, Flow, Tab, model::ReviewAction};
use serde_json::{Value, json};

use crate::support::{apply, flow, frame_at, press, snapshot};

const QUESTIONS: usize = 10_000;

fn many_questions() -> Value {
    let questions: Vec<Value> = (1..=QUESTIONS)
        .map(|n| json!({"id": format!("q{n}"), "label": format!("Q{n}"), "prompt": format!("Question {n}?"),
                         "options": [{"value": "y", "label": "Yes"}, {"value": "n", "label": "No"}]}))
        .collect();
    json!({"questions": questions})
}

/// A flow on the many-question form with the first three questions answered.
fn answered_flow() -> Flow {
    let mut f = flow(&many_questions());
    // `1` picks Yes and moves to the next question.
    press(&mut f, &["1", "2", "1"]);
    assert_eq!(f.tab(), Tab::Question(3));
    f
}

fn screen(flow: &Flow) -> String {
    let frame = frame_at(flow, 80, 24);
    assert!(frame.lines.len() <= 24, "{}", frame.to_plain_text());
    snapshot(&frame, 80)
}

fn tab_row(flow: &Flow) -> String {
    frame_at(flow, 80, 24).lines[1].plain()
}

#[test]
fn the_tab_strip_keeps_the_active_tab_and_counts_the_rest() {
    let mut f = answered_flow();
    assert!(
        tab_row(&f).starts_with(" ☒ Q1  ☒ Q2  ☒ Q3 [☐ Q4]"),
        "{}",
        tab_row(&f)
    );
    for _ in 3..5000 {
        apply(&mut f, Command::NextTab);
    }
    assert_eq!(f.tab(), Tab::Question(5000));
    insta::assert_snapshot!("many_questions_tab_5001_80", screen(&f));
    let row = tab_row(&f);
    assert!(row.contains("[☐ Q5001]"), "{row}");
    // Hidden tabs on each side, counted: the left count and the shown tabs and the
    // right count add up to every tab (Review included).
    let left: usize = row
        .strip_prefix("‹ ")
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("left marker in {row}"));
    let right: usize = row
        .rsplit("… ")
        .next()
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("right marker in {row}"));
    let shown = row.matches('☐').count() + row.matches('☒').count();
    assert_eq!(left + shown + right, QUESTIONS + 1, "{row}");
    // The Review tab at the very end: no right marker.
    for _ in 0..5000 {
        apply(&mut f, Command::NextTab);
    }
    assert_eq!(f.tab(), Tab::Review);
    let row = tab_row(&f);
    assert!(row.ends_with("[Review]"), "{row}");
    assert!(row.starts_with("‹ 99"), "{row}");
}

#[test]
fn the_review_list_windows_and_scrolls_with_page_keys() {
    let mut f = answered_flow();
    apply(&mut f, Command::PrevTab);
    for _ in 0..3 {
        apply(&mut f, Command::PrevTab);
    }
    assert_eq!(f.tab(), Tab::Review);
    insta::assert_snapshot!("many_questions_review_top_80", screen(&f));
    let text = frame_at(&f, 80, 24).to_plain_text();
    assert!(text.contains("Q1 → Yes"), "{text}");
    assert!(text.contains("more questions (PgDn)"), "{text}");
    assert!(!text.contains("(PgUp)"), "{text}");

    press(&mut f, &["pageDown", "pageDown"]);
    assert_eq!(f.review_scroll(), 20);
    insta::assert_snapshot!("many_questions_review_scrolled_80", screen(&f));
    let text = frame_at(&f, 80, 24).to_plain_text();
    assert!(text.contains("↑ 20 more questions (PgUp)"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("Q21 → unanswered")),
        "{text}"
    );

    // Far past the end: the window ends on the last question, full.
    for _ in 0..1100 {
        apply(&mut f, Command::ScrollReview(10));
    }
    apply(&mut f, Command::MoveCursor(1));
    assert_eq!(f.review_cursor(), ReviewAction::Elaborate);
    insta::assert_snapshot!("many_questions_review_end_80", screen(&f));
    let frame = frame_at(&f, 80, 24);
    let text = frame.to_plain_text();
    assert!(text.contains("Q10000 → unanswered"), "{text}");
    assert!(!text.contains("(PgDn)"), "{text}");
    assert!(
        frame.lines[frame.focus_row]
            .plain()
            .contains("2. Elaborate")
    );
}
