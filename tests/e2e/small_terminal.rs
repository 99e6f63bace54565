//! A 40x12 terminal (the inline form gets 10 rows): the real binary keeps the review
//! actions, the prompt and the key hints on screen.

use crate::pty::{RUN, Session};
use crate::support::SMALL;

#[test]
fn at_40x12_the_review_shows_submit_elaborate_and_cancel() {
    let mut s = Session::start(SMALL, RUN, 40, 12);
    s.wait_for("Which database?");
    let screen = s.screen();
    assert!(
        screen.contains("Enter select"),
        "the footer says how to move on:\n{screen}"
    );
    s.send("1");
    s.wait_for("Which features?");
    s.send("\t");
    s.wait_for("1. Submit");
    let screen = s.screen();
    for action in ["1. Submit", "2. Elaborate", "3. Cancel"] {
        assert!(screen.contains(action), "{action} missing:\n{screen}");
    }
    assert!(
        screen.contains("Database → PostgreSQL"),
        "an answer line:\n{screen}"
    );
    assert!(screen.lines().all(|l| l.chars().count() <= 40), "{screen}");
    s.send("1");
    s.wait_for("Press 1 again to Submit.");
    assert!(s.screen().contains("3. Cancel"), "{}", s.screen());
    s.send("1");
    assert_eq!(s.finish(), 0);
    assert_eq!(
        s.result()["details"]["answers"]["db"]["values"],
        serde_json::json!(["pg"])
    );
    s.assert_restored();
}
