//! The terminal never freezes and signals always work: terminal replies and
//! unfinished sequences on the tty, and every signal that should end, stop or
//! continue the flow, on the real binary in a pseudo-terminal.

use std::time::{Duration, Instant};

use crate::pty::{RUN, Session, TIMEOUT};
use crate::support::SMALL;

/// Starts the small form and answers the first question (option 2, `sqlite`), so a
/// cancelled result has something to keep.
fn answered_first() -> Session {
    let mut s = Session::start(SMALL, RUN, 80, 24);
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which features?");
    s
}

/// The session ended cancelled (exit 1), kept the first answer and restored the terminal.
fn assert_cancelled_with_answer(s: &mut Session, what: &str) {
    assert_eq!(s.finish(), 1, "{what}: exit status");
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], true, "{what}: {result}");
    assert_eq!(
        result["details"]["answers"]["db"]["values"][0], "sqlite",
        "{what}: the answer given before is kept"
    );
    s.assert_restored();
}

/// The state letter of `/proc/<pid>/stat` (R, S, T, ...).
fn process_state(pid: u32) -> char {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The command name is in parentheses and may hold spaces; the state follows it.
    stat.rsplit_once(") ")
        .and_then(|(_, rest)| rest.chars().next())
        .unwrap_or('?')
}

/// Polls until `check` holds, for up to the session timeout.
fn wait_until(what: &str, mut check: impl FnMut() -> bool) {
    let start = Instant::now();
    while !check() {
        assert!(start.elapsed() < TIMEOUT, "timed out waiting: {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Replies a terminal sends on its own or to someone else's query: each is
/// consumed and ignored, and neither freezes the UI nor turns into keys (the
/// `1` in the OSC reply would otherwise pick option 1).
const REPLIES: &[(&str, &str)] = &[
    ("DECRPM synchronized output", "\x1b[?2026;2$y"),
    ("DECRPM bracketed paste", "\x1b[?2004;1$y"),
    ("private cursor position report", "\x1b[?12;40R"),
    ("OSC background colour", "\x1b]11;rgb:1111/1111/1111\x1b\\"),
    ("DCS XTVERSION", "\x1bP>|xterm(1)\x07"),
];

#[test]
fn terminal_replies_are_ignored_and_never_freeze_the_ui() {
    for (name, reply) in REPLIES {
        let mut s = Session::start(SMALL, RUN, 80, 24);
        s.wait_for("Which database?");
        s.send(reply);
        s.send("2"); // a key after the reply still acts
        s.wait_for("Which features?");
        s.signal("TERM"); // and a signal still ends the flow
        assert_cancelled_with_answer(&mut s, name);
    }
}

#[test]
fn a_signal_ends_the_flow_while_a_sequence_is_unfinished() {
    let unfinished: &[(&str, &[u8])] = &[
        ("CSI introducer", b"\x1b["),
        ("SS3 introducer", b"\x1bO"),
        ("bracketed paste without its end", b"\x1b[200~half a paste"),
        ("first byte of a UTF-8 character", b"\xe4"),
    ];
    for (name, bytes) in unfinished {
        let mut s = answered_first();
        s.send_bytes(bytes);
        s.signal("TERM");
        assert_cancelled_with_answer(&mut s, name);
    }
}

#[test]
fn an_unfinished_sequence_times_out_and_keys_act_again() {
    let unfinished: &[(&str, &[u8])] = &[
        ("CSI introducer", b"\x1b["),
        ("first byte of a UTF-8 character", b"\xe4"),
        ("OSC string without its end", b"\x1b]11;rgb:1111"),
    ];
    for (name, bytes) in unfinished {
        let mut s = Session::start(SMALL, RUN, 80, 24);
        s.wait_for("Which database?");
        s.send_bytes(bytes);
        // Keys typed later act, once the unfinished bytes are given up on.
        let start = Instant::now();
        while !s.screen().contains("Which features?") {
            assert!(
                start.elapsed() < TIMEOUT,
                "{name}: keys never acted again:\n{}",
                s.screen()
            );
            s.send("2");
            std::thread::sleep(Duration::from_millis(300));
        }
        s.send("\x03\x03");
        assert_cancelled_with_answer(&mut s, name);
    }
}

#[test]
fn a_paste_whose_end_never_comes_is_delivered_and_keys_act_again() {
    let mut s = Session::start(SMALL, RUN, 80, 24);
    s.wait_for("Which database?");
    s.send("\x1b[200~half a paste");
    // After a pause the text so far goes where a paste goes: the free-form editor.
    s.wait_for("half a paste");
    s.send("!");
    s.wait_for("half a paste!");
    s.send("\x03\x03");
    assert_eq!(s.finish(), 1);
    assert_eq!(s.result()["details"]["cancelled"], true);
    s.assert_restored();
}

#[test]
fn sigquit_sigusr1_and_sigusr2_cancel_with_answers_so_far() {
    for signal in ["QUIT", "USR1", "USR2"] {
        let mut s = answered_first();
        s.signal(signal);
        assert_cancelled_with_answer(&mut s, &format!("SIG{signal}"));
    }
}

#[test]
fn sigtstp_restores_the_terminal_while_stopped_and_sigcont_redraws() {
    let mut s = answered_first();
    let pid = s.ask_pid();
    s.signal("TSTP");
    wait_until("ask stops (state T)", || process_state(pid) == 'T');
    // Stopped: the shell's terminal is back.
    wait_until("full-screen modes left", || !s.in_full_screen_mode());
    assert_eq!(
        s.stty_now(),
        s.stty_before(),
        "terminal modes while stopped"
    );
    assert!(!s.screen().contains("Which features?"), "{}", s.screen());
    s.signal("CONT");
    s.wait_for("Which features?"); // redrawn in full on the alternate screen
    wait_until("ask runs again", || process_state(pid) != 'T');
    s.send("1\r"); // and it still answers keys
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(result["details"]["answers"]["db"]["values"][0], "sqlite");
    assert_eq!(result["details"]["answers"]["feat"]["values"][0], "auth");
    s.assert_restored();
}

#[test]
fn a_signal_during_start_up_writes_the_cancelled_result() {
    if !crate::support::test_hooks("the start-up signal test") {
        return;
    }
    // The hook pauses after the payload is valid and before the UI is drawn, and
    // says so on stderr, so the signal surely lands in that window.
    let mut s = Session::start_with_env(
        SMALL,
        RUN,
        80,
        24,
        &[("ASK_TEST_STARTUP_PAUSE_MS", "20000")],
    );
    s.wait_for("start-up pause");
    s.signal("TERM");
    assert_eq!(s.finish(), 1, "exit status");
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], true, "{result}");
    s.assert_restored();
}

/// The test hooks exist in debug builds only: a release build neither pauses at start-up
/// nor panics on a key, whatever the environment says. (Runs with `cargo test --release`
/// or `ASK_BIN=target/release/ask`; a debug build, as `cargo test` makes, skips it.)
#[test]
fn a_release_build_ignores_the_test_hooks() {
    if crate::support::has_test_hooks() {
        println!("skipped: checks a release build of ask (cargo test --release, or ASK_BIN)");
        return;
    }
    let env = [
        ("ASK_TEST_STARTUP_PAUSE_MS", "20000"),
        ("ASK_TEST_PANIC_KEY", "x"),
        ("RUST_BACKTRACE", "0"),
    ];
    let mut s = Session::start_with_env(SMALL, RUN, 80, 24, &env);
    // Well within the pause the hook would take.
    s.wait_for("Which database?");
    s.send("x");
    s.send("2");
    s.wait_for("Which features?");
    s.signal("TERM");
    assert_cancelled_with_answer(&mut s, "x is an ordinary key");
    let raw = String::from_utf8_lossy(&s.raw()).into_owned();
    assert!(!raw.contains("start-up pause"), "paused");
    assert!(!raw.contains("ASK_TEST_PANIC_KEY"), "panicked");
}

/// Under a host that runs `ask` in its own process group (as this test's `sh -c` does, and
/// as pi does), Ctrl+Z must not stop it: nobody would resume it and the host would hang.
#[test]
fn ctrl_z_outside_a_job_control_shell_never_stops_the_form() {
    let mut s = answered_first();
    let pid = s.ask_pid();
    s.send("\x1a");
    // The fence: keys typed after Ctrl+Z act (a stopped form would never show Submit);
    // the terminal delivers them in order, so Ctrl+Z was dealt with before them.
    s.send("1\r");
    s.wait_for("Submit");
    assert_ne!(process_state(pid), 'T', "ask was stopped");
    s.send("11");
    assert_eq!(s.finish(), 0);
    assert_eq!(
        s.result()["details"]["answers"]["feat"]["values"][0],
        "auth"
    );
}

/// Run as a job of a job-control shell, Ctrl+Z suspends the form like SIGTSTP: the shell
/// sees its job stopped with the terminal restored. (This test's shell then exits, so the
/// kernel hangs up the orphaned job, which ends cancelled with the answers so far.)
#[test]
fn ctrl_z_in_a_job_control_shell_suspends_the_form() {
    let mut s = Session::start_after("set -m", 0, crate::support::SMALL, RUN, 80, 24, &[]);
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which features?");
    s.send("\x1a");
    // The shell reports a job stopped by SIGSTOP as 128 + 19.
    assert_eq!(s.finish(), 128 + 19, "the shell saw the job stop");
    s.assert_restored();
    wait_until("the hung-up job writes its result", || {
        std::fs::read_to_string(s.path("r.json"))
            .is_ok_and(|r| r.ends_with('}') || r.ends_with("}\n"))
    });
    assert_cancelled_with_answer_only(&s);
}

fn assert_cancelled_with_answer_only(s: &Session) {
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], true, "{result}");
    assert_eq!(result["details"]["answers"]["db"]["values"][0], "sqlite");
}
