//! The idle-timeout countdown in the footer.

use ask_keymap::{Keymap, behaviour::Behaviour};
use ask_state::{Command, Flow, FlowOptions};

use crate::support::{apply, db_form, form, frame_at, press, snapshot};

fn timed_flow() -> Flow {
    Flow::new(
        form(&db_form()),
        Behaviour::default(),
        Keymap::default(),
        FlowOptions::default().idle_timeout_ms(120_000),
    )
}

#[test]
fn countdown_in_the_last_minute_then_gone_after_a_key() {
    let mut f = timed_flow();
    apply(&mut f, Command::Clock(59_000));
    let before = frame_at(&f, 80, 24).to_plain_text();
    assert!(!before.contains("Closing in"), "{before}");
    apply(&mut f, Command::Clock(78_000));
    for width in [40, 80] {
        let frame = frame_at(&f, width, 24);
        assert!(
            frame
                .to_plain_text()
                .contains("Closing in 42 s - press any key to stay"),
            "{}",
            frame.to_plain_text()
        );
        insta::assert_snapshot!(format!("countdown_{width}"), snapshot(&frame, width));
    }
    press(&mut f, &["down"]);
    let after = frame_at(&f, 80, 24).to_plain_text();
    assert!(!after.contains("Closing in"), "{after}");
}
