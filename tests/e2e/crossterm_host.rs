//! The crossterm example host (`examples/crossterm_host.rs`, ask-host as its one ask
//! dependency) on a real terminal, a PTY: it draws on `/dev/tty` while its stdout (a
//! file here) gets the result alone; a paste reaches the editor, a resize redraws at the
//! new size, and the terminal is restored when it ends.

use crate::pty::Session;
use crate::support::example_bin;

#[test]
fn the_crossterm_example_answers_on_the_terminal_and_prints_only_the_result() {
    let bin = example_bin("crossterm_host");
    // This test types at machine speed: the early-key guard (tested with the tokio host)
    // is off in its settings.
    let config = tempfile::tempdir().unwrap();
    let path = config.path().join("ask-user.json");
    std::fs::write(
        &path,
        r#"{"schemaVersion": 3, "behaviour": {"ignoreEarlyKeysMs": 0}}"#,
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let mut s = Session::start_program(&bin, "> r.json", 80, 24, &[("ASK_CONFIG", path)]);
    s.wait_for("Where should the search index live?");
    assert!(s.screen().lines().all(|l| l.chars().count() <= 80));
    // Wider: the frame is rendered again at the new width (its rules span it).
    s.resize(110, 30);
    s.wait_until("a row wider than 80 columns", |screen| {
        screen.contains("Where should the search index live?")
            && screen.lines().any(|l| l.chars().count() > 80)
    });
    // A bracketed paste outside an editor opens the question's own-answer editor.
    s.send("\x1b[200~from\nthe paste\x1b[201~");
    s.wait_for("the paste");
    s.send("\r");
    s.wait_for("Which fields should be searchable");
    s.send("\x03"); // answered something: Ctrl+C warns first
    s.wait_for("again to discard");
    s.send("\x03");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], true, "{result}");
    assert_eq!(
        result["details"]["answers"]["index"]["customText"],
        "from\nthe paste"
    );
    s.assert_restored();
    let raw = s.raw();
    let has = |needle: &[u8]| raw.windows(needle.len()).any(|w| w == needle);
    assert!(
        has(b"\x1b[>1u") && has(b"\x1b[<u"),
        "keyboard flags pushed and popped"
    );
    assert!(
        has(b"\x1b[?1049h") && has(b"\x1b[?1049l"),
        "the alternate screen"
    );
}
