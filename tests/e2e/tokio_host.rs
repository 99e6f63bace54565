//! The tokio example host (`examples/tokio_host.rs`, ask-host as its one ask dependency)
//! on a real terminal, a PTY: keys from crossterm's event stream answer the form while
//! the agent task follows it through the control channel; keys typed the moment the form
//! appears are dropped by the session's early-key guard; SIGTERM and SIGHUP end it
//! cancelled with the terminal restored.

use crate::pty::Session;
use crate::support::example_bin;

const IGNORED: &str = "Keys typed before the form opened were ignored.";

/// Starts the example with `behaviour.ignoreEarlyKeysMs` set to `guard_ms`.
fn start(guard_ms: u64) -> (Session, tempfile::TempDir) {
    let bin = example_bin("tokio_host");
    let config = tempfile::tempdir().unwrap();
    let path = config.path().join("ask-user.json");
    let settings =
        format!(r#"{{"schemaVersion": 3, "behaviour": {{"ignoreEarlyKeysMs": {guard_ms}}}}}"#);
    std::fs::write(&path, settings).unwrap();
    let env = [("ASK_CONFIG", path.to_str().unwrap())];
    let s = Session::start_program(&bin, "> r.json", 80, 24, &env);
    (s, config)
}

#[test]
fn the_tokio_example_answers_while_the_agent_task_follows() {
    let (mut s, _config) = start(0);
    s.wait_for("Where should the search index live?");
    s.send("2"); // Tantivy, then the next question
    s.wait_for("Which fields should be searchable");
    s.send("\x03"); // answered something: Ctrl+C warns first
    s.wait_for("again to discard");
    s.send("\x03");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], true, "{result}");
    assert_eq!(
        result["details"]["answers"]["index"]["values"],
        serde_json::json!(["tantivy"])
    );
    s.assert_restored();
    // The agent task ran meanwhile and saw the answer change through the control channel.
    s.wait_for("answer change(s) while the form was open");
    let screen = s.screen();
    let line = screen
        .lines()
        .find(|l| l.contains("the agent saw"))
        .unwrap_or_else(|| panic!("{screen}"));
    let n: u32 = line
        .split_whitespace()
        .nth(3)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(n >= 1, "{line}");
}

#[test]
fn keys_typed_as_the_form_appears_are_ignored_and_signals_end_it_cleanly() {
    for signal in ["TERM", "HUP"] {
        // A long guard, so the key sent on seeing the form lands in it on any machine.
        let (mut s, _config) = start(2000);
        s.wait_for("Where should the search index live?");
        s.send("1"); // would pick the first option
        s.wait_for(IGNORED);
        assert!(s.screen().contains("Where should the search index live?"));
        s.signal(signal);
        assert_eq!(s.finish(), 0, "SIG{signal}");
        let result = s.result();
        assert_eq!(result["details"]["cancelled"], true, "{result}");
        assert!(
            result["details"]["answers"]["index"]["values"]
                .as_array()
                .is_none_or(Vec::is_empty),
            "the early key answered nothing: {result}"
        );
        s.assert_restored();
    }
}
