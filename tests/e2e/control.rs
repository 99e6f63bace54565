//! `ask run --control PATH`: a real Unix socket next to the real terminal form in a PTY.
//! Every command and event, bad lines, racing writers, a client that vanishes mid-line,
//! and the socket file removed at exit.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::pty::{Session, TIMEOUT};

const PAYLOAD: &str = r#"{"title": "Setup", "questions": [
  {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
  {"id": "feat", "label": "Features", "prompt": "Which features?", "type": "multi", "options": [
    {"value": "auth", "label": "Auth"}, {"value": "search", "label": "Search"}]}]}"#;

/// A connected control client.
pub(crate) struct Client {
    out: UnixStream,
    lines: BufReader<UnixStream>,
}

impl Client {
    /// Connects once the socket is there.
    pub(crate) fn connect(path: &Path) -> Self {
        let start = Instant::now();
        loop {
            if let Ok(stream) = UnixStream::connect(path) {
                stream.set_read_timeout(Some(TIMEOUT)).unwrap();
                let lines = BufReader::new(stream.try_clone().unwrap());
                return Self { out: stream, lines };
            }
            assert!(start.elapsed() < TIMEOUT, "no socket at {}", path.display());
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    pub(crate) fn send(&mut self, line: &str) {
        self.out.write_all(line.as_bytes()).unwrap();
        self.out.write_all(b"\n").unwrap();
    }

    pub(crate) fn send_json(&mut self, value: &Value) {
        self.send(&value.to_string());
    }

    /// The next event line; panics after the timeout.
    pub(crate) fn event(&mut self) -> Value {
        let mut line = String::new();
        let n = self
            .lines
            .read_line(&mut line)
            .expect("an event line in time");
        assert!(n > 0, "the socket closed before an event");
        serde_json::from_str(&line).expect("an event line is JSON")
    }

    /// Events until one of type `kind` (returned with the ones before it).
    pub(crate) fn until(&mut self, kind: &str) -> Vec<Value> {
        let mut seen = Vec::new();
        loop {
            let event = self.event();
            let done = event["type"] == kind;
            seen.push(event);
            if done {
                return seen;
            }
        }
    }

    /// Every event until ask closes the connection (it does once the form ended and
    /// this client's commands were answered).
    fn until_closed(&mut self) -> Vec<Value> {
        let mut seen = Vec::new();
        loop {
            let mut line = String::new();
            let n = self
                .lines
                .read_line(&mut line)
                .expect("an event line or the end in time");
            if n == 0 {
                return seen;
            }
            seen.push(serde_json::from_str(&line).expect("an event line is JSON"));
        }
    }

    /// True when ask closed the connection (nothing more to read).
    fn closed(&mut self) -> bool {
        let mut line = String::new();
        matches!(self.lines.read_line(&mut line), Ok(0))
    }
}

fn start() -> Session {
    Session::start(PAYLOAD, "run -i p.json -o r.json --control c.sock", 80, 24)
}

#[test]
fn a_client_sees_the_form_answers_focuses_and_submits_while_the_terminal_repaints() {
    let mut s = start();
    s.wait_for("Which database?");
    let socket = s.path("c.sock");
    let meta = std::fs::symlink_metadata(&socket).unwrap();
    assert!(meta.file_type().is_socket());
    assert_eq!(meta.permissions().mode() & 0o777, 0o600, "owner-only");
    let mut c = Client::connect(&socket);
    let started = c.event();
    assert_eq!(started["v"], 1);
    assert_eq!(started["type"], "started");
    assert_eq!(started["form"]["title"], "Setup");
    assert_eq!(
        started["form"]["questions"][1]["options"][1]["value"],
        "search"
    );
    assert_eq!(started["answered"], json!([]));

    assert_eq!(started["view"]["questions"][0]["required"], false);
    assert_eq!(started["view"]["state"], "open");

    c.send_json(&json!({"v": 1, "type": "answer", "answers": {"db": {"values": ["lite"]}}}));
    // The last change of a batch carries the form's view after it.
    let mut changed = c.event();
    let view = changed
        .as_object_mut()
        .unwrap()
        .remove("view")
        .expect("a view");
    assert_eq!(view["questions"][0]["options"][1]["selected"], true);
    assert_eq!(
        changed,
        json!({"v": 1, "type": "changed", "question": "db", "index": 0, "answered": true})
    );
    s.wait_until("the SQLite row checked", |screen| {
        screen.contains("SQLite ✓")
    });

    c.send_json(&json!({"v": 1, "type": "focus", "question": "feat"}));
    s.wait_for("Which features?");
    // A key on the terminal is a change the client sees (no text in it).
    s.send(" ");
    let mut changed = c.event();
    changed.as_object_mut().unwrap().remove("view");
    assert_eq!(
        changed,
        json!({"v": 1, "type": "changed", "question": "feat", "index": 1, "answered": true})
    );

    c.send_json(&json!({"v": 1, "type": "submit"}));
    let completed = c.until("completed");
    assert_eq!(completed.len(), 1, "{completed:?}");
    let result = &completed[0]["result"];
    assert_eq!(result["details"]["answeredVia"], "control");
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!(["lite"])
    );
    assert_eq!(
        result["details"]["answers"]["feat"]["values"],
        json!(["auth"])
    );
    assert!(c.closed(), "ask closes the connection after completed");
    assert_eq!(s.finish(), 0);
    assert_eq!(&s.result(), result, "the client got the written result");
    s.assert_restored();
    assert!(
        s.screen().contains("answered by a control client"),
        "{}",
        s.screen()
    );
    assert!(!socket.exists(), "the socket file is removed at exit");
}

#[test]
fn elaborate_and_cancel_from_a_client() {
    for (command, mode, cancelled, code) in [
        ("elaborate", "elaborate", false, 0),
        ("cancel", "submit", true, 1),
    ] {
        let mut s = start();
        let mut c = Client::connect(&s.path("c.sock"));
        c.event();
        c.send_json(&json!({"v": 1, "type": "answer", "answers": {"db": {"values": ["pg"], "note": "which version?"}}}));
        c.send_json(&json!({"v": 1, "type": command}));
        let result = c.until("completed").pop().unwrap()["result"].clone();
        assert_eq!(result["details"]["mode"], mode, "{command}");
        assert_eq!(result["details"]["cancelled"], cancelled, "{command}");
        assert_eq!(result["details"]["answeredVia"], "control");
        assert_eq!(s.finish(), code, "{command}");
        assert_eq!(s.result(), result);
        s.assert_restored();
    }
}

#[test]
fn answer_with_a_mode_gives_the_same_result_as_scripted_answers() {
    let answers = json!({"mode": "submit", "answers": {
        "db": {"values": ["pg"], "optionNotes": {"pg": "16"}},
        "feat": {"indices": [1, 2], "customText": "sso", "note": "later"}}});
    let (dir, path) = crate::support::temp_file("a.json", &answers.to_string());
    let (_payload_dir, payload) = crate::support::temp_file("p.json", PAYLOAD);
    let scripted = crate::support::stdout_json(&crate::support::run(&crate::support::ask(&[
        "run",
        "-i",
        payload.to_str().unwrap(),
        "--answers",
        path.to_str().unwrap(),
    ])));
    drop(dir);
    assert_eq!(scripted["details"]["answeredVia"], "scripted");
    let mut s = start();
    let mut c = Client::connect(&s.path("c.sock"));
    c.event();
    let mut line = answers.clone();
    line["v"] = json!(1);
    line["type"] = json!("answer");
    c.send_json(&line);
    let mut result = c.until("completed").pop().unwrap()["result"].clone();
    assert_eq!(result["details"]["answeredVia"], "control");
    result["details"]["answeredVia"] = json!("scripted");
    assert_eq!(result, scripted);
    assert_eq!(s.finish(), 0);
}

#[test]
fn bad_lines_get_an_error_line_and_change_nothing() {
    let mut s = start();
    s.wait_for("Which database?");
    let before = s.screen();
    let mut c = Client::connect(&s.path("c.sock"));
    c.event();
    for (line, code) in [
        ("this is not json", "badLine"),
        ("[]", "badLine"),
        (r#"{"type": "submit"}"#, "unsupportedVersion"),
        (r#"{"v": 9, "type": "submit"}"#, "unsupportedVersion"),
        (r#"{"v": 1, "type": "explode"}"#, "unknownCommand"),
        (r#"{"v": 1, "type": "answer", "answers": 3}"#, "badCommand"),
        (
            r#"{"v": 1, "type": "answer", "answers": {"db": {"values": ["pg", "lite"]}}}"#,
            "badAnswers",
        ),
        (
            r#"{"v": 1, "type": "answer", "answers": {"nope": {"values": ["pg"]}}}"#,
            "badAnswers",
        ),
        (
            r#"{"v": 1, "type": "answer", "answers": {"db": {"indices": [7]}}}"#,
            "badAnswers",
        ),
        (
            r#"{"v": 1, "type": "focus", "question": "nope"}"#,
            "unknownQuestion",
        ),
    ] {
        c.send(line);
        let event = c.event();
        assert_eq!(event["type"], "error", "{line}");
        assert_eq!(event["code"], code, "{line}: {event}");
        assert!(!event["message"].as_str().unwrap().is_empty());
    }
    // Invalid UTF-8 is a bad line too.
    c.out.write_all(b"{\"v\": 1, \xff}\n").unwrap();
    assert_eq!(c.event()["code"], "badLine");
    // Nothing of the bad lines reached the form. The fence: a round trip to the other
    // question and back, painted after every line before it was taken; the form then
    // looks as it did before the bad lines.
    c.send_json(&json!({"v": 1, "type": "focus", "question": "feat"}));
    s.wait_for("Which features?");
    c.send_json(&json!({"v": 1, "type": "focus", "question": "db"}));
    s.wait_until("the form as it was before the bad lines", |screen| {
        screen == before
    });
    // Blank lines are skipped silently; the next good command still works.
    c.send("");
    c.send_json(&json!({"v": 1, "type": "answer", "answers": {"feat": {"values": ["search"]}}}));
    assert_eq!(c.event()["type"], "changed");
    s.wait_until("the Features tab marked answered", |screen| {
        screen.contains("☒ Features")
    });
    c.send_json(&json!({"v": 1, "type": "submit"}));
    let result = c.until("completed").pop().unwrap()["result"].clone();
    assert!(result["details"]["answers"].get("db").is_none(), "{result}");
    assert_eq!(
        result["details"]["answers"]["feat"]["values"],
        json!(["search"])
    );
    assert_eq!(s.finish(), 0);
}

#[test]
fn two_writers_racing_to_submit_one_wins_the_other_is_told() {
    let mut s = start();
    let socket = s.path("c.sock");
    let mut a = Client::connect(&socket);
    let mut b = Client::connect(&socket);
    a.event();
    b.event();
    // Both lines are on the wire before either is answered: ask is stopped while they
    // are written (otherwise it may end the form on the first and close the second
    // client's socket before its line is written).
    s.signal("STOP");
    a.send_json(
        &json!({"v": 1, "type": "answer", "answers": {"db": {"values": ["pg"]}}, "mode": "submit"}),
    );
    b.send_json(&json!({"v": 1, "type": "answer", "answers": {"db": {"values": ["lite"]}}, "mode": "submit"}));
    s.signal("CONT");
    // The loser's refusal may come before or after `completed` (its line may reach
    // ask only once the form ended): read each client to the end.
    let seen_a = a.until_closed();
    let seen_b = b.until_closed();
    let told = |seen: &[Value]| {
        seen.iter()
            .any(|e| e["type"] == "error" && e["code"] == "alreadyCompleted")
    };
    assert!(
        told(&seen_a) != told(&seen_b),
        "exactly one loser is told:\n{seen_a:?}\n{seen_b:?}"
    );
    let completed = |seen: &[Value]| {
        let done: Vec<&Value> = seen.iter().filter(|e| e["type"] == "completed").collect();
        assert_eq!(done.len(), 1, "one completed event each: {seen:?}");
        done[0]["result"].clone()
    };
    let result = completed(&seen_a);
    assert_eq!(completed(&seen_b), result, "both get the same result");
    let winner = if told(&seen_a) { "lite" } else { "pg" };
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!([winner])
    );
    assert_eq!(s.finish(), 0);
    assert_eq!(s.result(), result);
}

#[test]
fn a_client_that_vanishes_mid_line_changes_nothing() {
    let mut s = start();
    s.wait_for("Which database?");
    let socket = s.path("c.sock");
    {
        let mut gone = Client::connect(&socket);
        gone.event();
        // A whole submit but for its newline, then the client's end of input.
        gone.out
            .write_all(br#"{"v": 1, "type": "submit"}"#)
            .unwrap();
        gone.out.shutdown(std::net::Shutdown::Write).unwrap();
        // The fence: ask closes the connection once its reader took the end of input
        // (and whatever it made of the unfinished line).
        assert!(gone.closed(), "ask closes a client at its end of input");
    }
    assert!(
        s.screen().contains("Which database?"),
        "the form is still open"
    );
    let mut c = Client::connect(&socket);
    assert_eq!(c.event()["type"], "started", "the form did not end");
    // The terminal answers and submits; the client learns it was the terminal.
    s.send("2");
    s.wait_for("Which features?");
    s.send("\t");
    s.wait_for("Submit");
    s.send("\r");
    let result = c.until("completed").pop().unwrap()["result"].clone();
    assert_eq!(result["details"]["answeredVia"], "terminal");
    assert_eq!(s.finish(), 0);
    assert_eq!(s.result(), result);
    s.assert_restored();
    assert!(!socket.exists(), "the socket file is removed at exit");
}

/// Every line a client gets until ask closes the connection.
fn rest(c: &mut Client) -> Vec<Value> {
    let mut lines = Vec::new();
    loop {
        let mut line = String::new();
        match c.lines.read_line(&mut line) {
            Ok(0) => return lines,
            Ok(_) => lines.push(serde_json::from_str(&line).expect("an event line is JSON")),
            Err(err) => panic!("no end of the connection in time ({err}) after {lines:?}"),
        }
    }
}

#[test]
fn a_client_that_half_closes_after_its_command_gets_exactly_one_line() {
    // As socat and `nc -U` do: the command, then the client's side is shut, and the
    // reply is read until ask closes the connection. Each run races the session's pump.
    let mut s = start();
    s.wait_for("Which database?");
    let socket = s.path("c.sock");
    for run in 0..20 {
        let mut c = Client::connect(&socket);
        assert_eq!(c.event()["type"], "started");
        c.send_json(&json!({"v": 1, "type": "focus", "question": "nope"}));
        c.out.shutdown(std::net::Shutdown::Write).unwrap();
        let lines = rest(&mut c);
        assert_eq!(lines.len(), 1, "run {run}: {lines:?}");
        assert_eq!(lines[0]["code"], "unknownQuestion", "run {run}");
    }
    let mut c = Client::connect(&socket);
    assert_eq!(c.event()["type"], "started");
    c.send_json(
        &json!({"v": 1, "type": "answer", "answers": {"db": {"values": ["pg"]}}, "mode": "submit"}),
    );
    c.out.shutdown(std::net::Shutdown::Write).unwrap();
    let lines = rest(&mut c);
    assert_eq!(lines.last().unwrap()["type"], "completed", "{lines:?}");
    assert_eq!(
        lines.iter().filter(|l| l["type"] == "completed").count(),
        1,
        "{lines:?}"
    );
    assert_eq!(s.finish(), 0);
}

#[test]
fn a_signal_ends_the_form_and_clients_get_the_cancelled_result() {
    let mut s = start();
    let socket = s.path("c.sock");
    let mut c = Client::connect(&socket);
    c.event();
    s.signal("TERM");
    let result = c.until("completed").pop().unwrap()["result"].clone();
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(s.finish(), 1);
    assert!(!socket.exists(), "the socket file is removed at exit");
}

#[test]
fn an_existing_file_is_never_replaced() {
    let mut s = Session::start(
        PAYLOAD,
        "run -i p.json -o r.json --control p.json 2> err",
        80,
        24,
    );
    assert_eq!(s.finish(), 74);
    let err = std::fs::read_to_string(s.path("err")).unwrap();
    assert!(
        err.contains("--control") && err.contains("not a socket"),
        "{err}"
    );
    assert!(
        std::fs::read_to_string(s.path("p.json"))
            .unwrap()
            .contains("Which database?")
    );
}

#[test]
fn schema_control_prints_the_protocol_schema() {
    let out = crate::support::run(&crate::support::ask(&["schema", "--control"]));
    assert_eq!(crate::support::code(&out), 0);
    let schema: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(schema["$defs"]["v"]["const"], 1);
    assert!(schema["$defs"]["completed"].is_object());
}

#[test]
fn a_client_that_never_reads_cannot_keep_ask_open() {
    // A 4 MB preview: the `started` line alone is far more than a socket buffer holds.
    let payload = json!({"questions": [{"id": "db", "prompt": "Which database?", "type": "preview",
        "options": [{"value": "pg", "label": "PostgreSQL", "preview": "x".repeat(4 << 20)},
                    {"value": "lite", "label": "SQLite", "preview": "y"}]}]});
    let mut s = Session::start(
        &payload.to_string(),
        "run -i p.json -o r.json --control c.sock",
        80,
        24,
    );
    let socket = s.path("c.sock");
    let mut c = Client::connect(&socket);
    // Connected, never reading: its writer blocks on the full socket buffer.
    let _silent = UnixStream::connect(&socket).unwrap();
    c.event();
    c.send_json(&json!({"v": 1, "type": "answer", "answers": {"db": {"values": ["lite"]}}, "mode": "submit"}));
    c.until("completed");
    assert_eq!(s.finish(), 0, "ask exits although one client never read");
    assert!(!socket.exists());
}
