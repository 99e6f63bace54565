//! `ask answer` while the completer runs: a signal ends with the cancelled
//! result and exit 1; a completer that leaves a `setsid` child holding its
//! stdout still has its reply read as soon as it exits.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{Work, fixture, reply, stderr};
use crate::support::{ask, code, detached};

/// Generous guard for things that should happen at once.
const GUARD: Duration = Duration::from_secs(20);

#[test]
fn a_signal_while_the_completer_runs_writes_the_cancelled_result() {
    for signal in ["TERM", "INT", "HUP"] {
        let work = Work::with_settings(&["HANG"], 0, 60_000);
        let session = fixture("answer.jsonl");
        let completer = work.completer();
        let output = work.arg("result.json");
        let config = work.arg("settings.json");
        let mut child = detached(&ask(&[
            "answer",
            "--session",
            &session,
            "--completer",
            &completer,
            "--output",
            &output,
            "--no-ui",
            "--config",
            &config,
        ]))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn ask");
        let started = Instant::now();
        while work.request(1).is_none() {
            assert!(started.elapsed() < GUARD, "the completer never started");
            std::thread::sleep(Duration::from_millis(20));
        }
        let sent = Command::new("kill")
            .args(["-s", signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        let started = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > GUARD {
                let _ = child.kill();
                panic!("SIG{signal} did not end `ask answer`");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(1),
            "SIG{signal}: {:?} {}",
            out.status,
            stderr(&out)
        );
        let result = work.result();
        assert_eq!(result["details"]["cancelled"], true, "SIG{signal}");
        assert_eq!(
            result["content"][0]["text"], "User cancelled the ask flow.",
            "SIG{signal}"
        );
    }
}

#[test]
fn a_setsid_child_holding_stdout_does_not_hold_back_the_reply() {
    // The timeout is short so that waiting for the pipe to close (the bug)
    // turns into a timed-out, empty reply and exit 4; the child outlives it.
    let work = Work::with_settings(&[], 0, 3_000);
    let reply_file = work.write("reply.json", &reply("form.json"));
    let completer = format!("(setsid sleep 8 &); cat '{reply_file}'");
    let answers = work.write(
        "answers.json",
        r#"{"mode": "submit", "answers": {"database": {"values": ["sqlite"]}}}"#,
    );
    let out = work.ask(&[
        "answer",
        "--session",
        &fixture("answer.jsonl"),
        "--completer",
        &completer,
        "--output",
        &work.arg("result.json"),
        "--answers",
        &answers,
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        work.result()["details"]["answers"]["database"]["values"][0],
        "sqlite"
    );
}
