//! A terminal that goes away or stops reading never costs the answers: closing it while
//! the form redraws (the race of a resize) and closing it under the accessible mode end
//! with the cancelled result and the answers given; a terminal that stops reading output
//! never blocks SIGTERM or `--timeout`.

use std::sync::atomic::Ordering::SeqCst;
use std::time::{Duration, Instant};

use crate::pty::{Session, TIMEOUT};

const PAYLOAD: &str = r#"{"questions": [
  {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
  {"id": "os", "label": "System", "prompt": "Which system?", "options": [
    {"value": "linux", "label": "Linux"}, {"value": "mac", "label": "macOS"}]}]}"#;

/// The shell around `ask` outlives the hang-up (it records ask's exit code).
const OUTLIVE_HANGUP: &str = "trap 'true' HUP";

impl Session {
    /// Closes the terminal as an emulator window does: `trigger` makes ask write (a
    /// resize, a line), the terminal's reader stops at that output, and every handle of
    /// the terminal's side is dropped, so ask gets EIO and SIGHUP while it writes.
    fn close_terminal(&mut self, trigger: impl FnOnce(&mut Session)) {
        self.gate.closing.store(true, SeqCst);
        trigger(self);
        self.writer = None;
        self.master = None;
    }

    /// True while a thread of `ask` sleeps in `write(2)`: its terminal is full (read from
    /// `/proc/<pid>/task/*/syscall`, which names the system call a sleeping thread is in,
    /// and says `running` of one that runs).
    fn writes_block(&self) -> bool {
        let write = if cfg!(target_arch = "aarch64") { 64 } else { 1 };
        let tasks = format!("/proc/{}/task", self.ask_pid());
        std::fs::read_dir(tasks)
            .into_iter()
            .flatten()
            .flatten()
            .any(|task| {
                std::fs::read_to_string(task.path().join("syscall"))
                    .is_ok_and(|call| call.split_whitespace().next() == Some(&write.to_string()))
            })
    }

    /// Runs `more` (something that makes ask write) until a write of ask blocks on the
    /// terminal that stopped reading (the fence: [`Session::writes_block`]).
    fn fill_until_writes_block(&mut self, mut more: impl FnMut(&mut Session, u16)) {
        let start = Instant::now();
        for i in 0u16.. {
            more(self, i);
            // What `more` made ask write may take a moment to fill the terminal.
            let given = Instant::now();
            while given.elapsed() < Duration::from_millis(50) {
                if self.writes_block() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            assert!(
                start.elapsed() < TIMEOUT,
                "ask's writes never blocked on a terminal that stopped reading"
            );
        }
    }
}

/// Exit 1 and the cancelled result with the first question's answer.
fn assert_cancelled_with_db(s: &mut Session, what: &str) {
    let code = s.finish();
    let result = std::fs::read_to_string(s.path("r.json"))
        .unwrap_or_else(|_| panic!("{what}: no result (exit {code})"));
    assert_eq!(code, 1, "{what}: {result}");
    let result: serde_json::Value = serde_json::from_str(&result).expect("result JSON");
    assert_eq!(result["details"]["cancelled"], true, "{what}: {result}");
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        serde_json::json!(["lite"]),
        "{what}: the answers given are kept"
    );
}

/// Closing while the form redraws after a resize: seen in 2-3 of 40 trials idle and 18 of
/// 40 under load before. 60 trials catch a 5% race with 95% probability.
#[test]
fn closing_the_terminal_while_redrawing_writes_the_cancelled_result() {
    for trial in 0..60 {
        let mut s = Session::start_after(
            OUTLIVE_HANGUP,
            0,
            PAYLOAD,
            "run --input p.json --output r.json",
            80,
            24,
            &[],
        );
        s.wait_for("Which database?");
        s.send("2");
        s.wait_for("Which system?");
        s.close_terminal(|s| s.resize(100 + trial % 7, 30));
        assert_cancelled_with_db(&mut s, &format!("trial {trial}"));
    }
}

#[test]
fn closing_the_terminal_in_the_accessible_mode_writes_the_cancelled_result() {
    for trial in 0..10 {
        let mut s = Session::start_after(
            OUTLIVE_HANGUP,
            0,
            PAYLOAD,
            "run --accessible --input p.json --output r.json",
            200,
            24,
            &[],
        );
        s.wait_for("Question 1 of 2: Database");
        s.send("2\r");
        s.wait_for("Question 2 of 2: System");
        s.close_terminal(|s| s.send("?\r"));
        assert_cancelled_with_db(&mut s, &format!("accessible trial {trial}"));
    }
}

/// A form whose frames are large, so a few redraws fill the terminal's buffer.
fn big_payload() -> String {
    let options: Vec<serde_json::Value> = (0..40)
        .map(|i| {
            serde_json::json!({"value": format!("v{i}"), "label": format!("Option {i} {}", "x".repeat(60)),
                "description": "d".repeat(150)})
        })
        .collect();
    serde_json::json!({"questions": [
        {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "many", "label": "Many", "prompt": "Which one?", "options": options}]})
    .to_string()
}

/// Starts a form, answers the first question, then stops reading the terminal and makes
/// the form redraw until its writes block.
fn stalled(extra: &str) -> Session {
    let mut s = Session::start(
        &big_payload(),
        &format!("run --fullscreen --input p.json --output r.json {extra}"),
        200,
        60,
    );
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which one?");
    s.gate.paused.store(true, SeqCst);
    s.fill_until_writes_block(|s, i| s.resize(150 + (i % 2) * 50, 50 + (i % 2) * 10));
    s
}

#[test]
fn sigterm_ends_a_form_whose_terminal_stopped_reading() {
    let mut s = stalled("");
    s.signal("TERM");
    assert_cancelled_with_db(&mut s, "SIGTERM on a stalled terminal");
    s.gate.paused.store(false, SeqCst);
}

#[test]
fn the_timeout_ends_a_form_whose_terminal_stopped_reading() {
    let mut s = stalled("--timeout 2");
    assert_cancelled_with_db(&mut s, "--timeout on a stalled terminal");
    assert_eq!(s.result()["details"]["timedOut"], true);
    s.gate.paused.store(false, SeqCst);
}

#[test]
fn sigterm_ends_the_accessible_mode_whose_terminal_stopped_reading() {
    let mut s = Session::start(
        &big_payload(),
        "run --accessible --input p.json --output r.json",
        200,
        60,
    );
    s.wait_for("Question 1 of 2: Database");
    s.send("2\r");
    s.wait_for("40. Option 39");
    s.gate.paused.store(true, SeqCst);
    // Help lines until the terminal's buffer is full and the writes block.
    s.fill_until_writes_block(|s, _| s.send("?\r"));
    s.signal("TERM");
    assert_cancelled_with_db(&mut s, "SIGTERM on a stalled terminal (accessible)");
    s.gate.paused.store(false, SeqCst);
}
