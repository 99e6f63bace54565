//! Notifications in a real terminal: the bell, OSC 9 and a command channel, once per ask
//! when the UI waits for input, with the payload's text kept out of the shell and out of
//! the escape sequences' framing.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::pty::Session;

const RUN: &str = "run --input p.json --output r.json";

/// A question whose label tries to break out of a shell string and an OSC.
const PAYLOAD: &str = r#"{"questions": [{"id": "db", "label": "DB $(touch pwned); `touch pwned2` \u001b]52;c;AAAA\u0007 x",
  "prompt": "Which database?", "options": [{"value": "pg", "label": "PostgreSQL"}]}]}"#;

/// Writes a settings file with these notification channels; returns its folder and path.
fn config(channels: &serde_json::Value, enabled: bool) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("settings.json");
    let doc = serde_json::json!({"schemaVersion": 3,
        "notifications": {"enabled": enabled, "channels": channels}});
    std::fs::write(&path, doc.to_string()).expect("write settings");
    (dir, path)
}

fn start(config: &Path) -> Session {
    let args = format!("{RUN} --config '{}'", config.display());
    let s = Session::start(PAYLOAD, &args, 80, 24);
    s.wait_for("Which database?");
    s
}

/// A fence on ask's output: a key whose repaint shows (the pointer moves to the second
/// row, "Type your own"). Whatever ask wrote before it handled the key (the notification
/// of the waiting question) is in the terminal once the repaint is.
fn fence(s: &mut Session) {
    s.send("\x1b[B");
    s.wait_for("❯ 2.");
}

fn count(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle)
        .count()
}

const MESSAGE: &str = "Question waiting: DB $(touch pwned); `touch pwned2` ]52;c;AAAA x";

/// The bell rings whichever way the form opens: inline (the default) or full screen.
#[test]
fn the_bell_rings_inline_and_full_screen() {
    for flag in ["--inline", "--fullscreen"] {
        let (_dir, path) = config(&serde_json::json!(["bell"]), true);
        let args = format!("{RUN} {flag} --config '{}'", path.display());
        let mut s = Session::start(PAYLOAD, &args, 80, 24);
        s.wait_for("Which database?");
        fence(&mut s);
        assert_eq!(count(&s.raw(), b"\x07"), 1, "{flag}: one BEL");
        s.send("\x03\x03");
        assert_eq!(s.finish(), 1, "{flag}");
    }
}

#[test]
fn the_bell_rings_once_when_the_question_waits() {
    let (_dir, path) = config(&serde_json::json!(["bell"]), true);
    let mut s = start(&path);
    fence(&mut s); // a key after the notification must not ring again
    assert_eq!(count(&s.raw(), b"\x07"), 1, "one BEL");
    s.send("\x03\x03");
    assert_eq!(s.finish(), 1);

    let (_dir, path) = config(&serde_json::json!(["bell"]), false);
    let mut s = start(&path);
    fence(&mut s);
    assert_eq!(count(&s.raw(), b"\x07"), 0, "disabled: no BEL");
    s.send("\x03");
    assert_eq!(s.finish(), 1);
}

#[test]
fn osc9_carries_the_sanitized_message() {
    let (_dir, path) = config(&serde_json::json!(["osc9"]), true);
    let mut s = start(&path);
    fence(&mut s);
    let raw = s.raw();
    let expected = format!("\x1b]9;{MESSAGE}\x07");
    assert_eq!(
        count(&raw, expected.as_bytes()),
        1,
        "{:?}",
        String::from_utf8_lossy(&raw)
    );
    assert_eq!(
        count(&raw, b"\x1b]52"),
        0,
        "the payload's OSC 52 never reached the terminal"
    );
    s.send("\x03");
    assert_eq!(s.finish(), 1);
}

#[test]
fn a_command_channel_gets_the_text_in_its_environment_only() {
    let out = tempfile::tempdir().expect("temp dir");
    let env_file = out.path().join("env.txt");
    // Written whole, then renamed: the file's existence is the fence.
    let command = format!(
        "env | grep '^ASK_NOTIFY_' | sort > '{0}.tmp' && mv '{0}.tmp' '{0}'",
        env_file.display()
    );
    let (_dir, path) = config(
        &serde_json::json!([{"type": "command", "command": command}]),
        true,
    );
    let mut s = start(&path);
    let started = Instant::now();
    while !env_file.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the command never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let env = std::fs::read_to_string(&env_file).expect("env file");
    assert_eq!(
        env,
        format!(
            "ASK_NOTIFY_EVENT=question.waiting\nASK_NOTIFY_MESSAGE={MESSAGE}\nASK_NOTIFY_TITLE=ask\n"
        )
    );
    s.send("\x03");
    assert_eq!(s.finish(), 1);
    assert!(
        !s.path("pwned").exists() && !s.path("pwned2").exists(),
        "nothing ran from the payload"
    );
}

/// OSC 777 has `;`-separated fields: the payload's `;` become `,` so the label cannot add
/// fields of its own, and the title and message are sanitized like OSC 9's.
#[test]
fn osc777_keeps_the_payload_inside_its_fields() {
    let (_dir, path) = config(&serde_json::json!(["osc777"]), true);
    let mut s = start(&path);
    fence(&mut s);
    let raw = s.raw();
    let expected = format!("\x1b]777;notify;ask;{}\x07", MESSAGE.replace(';', ","));
    assert_eq!(
        count(&raw, expected.as_bytes()),
        1,
        "{:?}",
        String::from_utf8_lossy(&raw)
    );
    assert_eq!(count(&raw, b"\x1b]52"), 0);
    s.send("\x03");
    assert_eq!(s.finish(), 1);
}

/// A notification command that hangs is killed after 5 s, and the form answers keys all
/// the while.
#[test]
fn a_hanging_command_is_killed_and_never_blocks_the_form() {
    let out = tempfile::tempdir().expect("temp dir");
    let pid_file = out.path().join("pid");
    let command = format!("echo $$ > '{}'; exec sleep 60", pid_file.display());
    let (_dir, path) = config(
        &serde_json::json!([{"type": "command", "command": command}]),
        true,
    );
    let mut s = start(&path);
    let started = Instant::now();
    let pid = loop {
        let text = std::fs::read_to_string(&pid_file).unwrap_or_default();
        if let Ok(pid) = text.trim().parse::<u32>() {
            break pid;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the command never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let alive = |pid: u32| {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .is_ok_and(|stat| !stat.contains(") Z "))
    };
    assert!(alive(pid), "the command runs while the form is open");
    // The form is not blocked by the running command.
    s.send("\x1b[B");
    s.wait_for("Which database?");
    while alive(pid) {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "the hanging command was not killed after 5 s"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        started.elapsed() >= Duration::from_secs(4),
        "killed only after its timeout, not at once"
    );
    s.send("\x03");
    assert_eq!(s.finish(), 1);
}

/// With `--timeout`, a second notification fires when the countdown starts (here at
/// once: the whole timeout is under a minute): event `timeout.countdown`, its message
/// naming the seconds left and the question. Then the form times out as cancelled.
#[test]
fn the_timeout_countdown_notifies_a_command_channel_with_its_own_event() {
    let out = tempfile::tempdir().expect("temp dir");
    let log = out.path().join("events.txt");
    let command = format!(
        "printf '%s|%s\\n' \"$ASK_NOTIFY_EVENT\" \"$ASK_NOTIFY_MESSAGE\" >> '{}'",
        log.display()
    );
    let (_dir, path) = config(
        &serde_json::json!([{"type": "command", "command": command}]),
        true,
    );
    let args = format!("{RUN} --timeout 2 --config '{}'", path.display());
    let mut s = Session::start(PAYLOAD, &args, 80, 24);
    assert_eq!(s.finish(), 1, "the timeout ends the form as cancelled");
    assert_eq!(s.result()["details"]["timedOut"], true);
    let started = Instant::now();
    let events = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if text.lines().count() >= 2 || started.elapsed() > Duration::from_secs(10) {
            break text;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut lines: Vec<&str> = events.lines().collect();
    lines.sort_unstable();
    assert_eq!(
        lines,
        [
            format!("question.waiting|{MESSAGE}"),
            "timeout.countdown|Closing in 2 s unless you answer: DB $(touch pwned); `touch pwned2` ]52;c;AAAA x".to_owned(),
        ],
        "{events:?}"
    );
}

/// Whether process `pid` runs (not a zombie).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| !stat.contains(") Z "))
}

/// Waits for a pid written to `file` by a command.
fn pid_in(file: &Path) -> u32 {
    let started = Instant::now();
    loop {
        if let Ok(pid) = std::fs::read_to_string(file)
            .unwrap_or_default()
            .trim()
            .parse()
        {
            return pid;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "the command never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A command that leaves a background process: the 5 s stop kills the whole group, not
/// only `sh`.
#[test]
fn the_timeout_kills_what_the_command_started() {
    let out = tempfile::tempdir().expect("temp dir");
    let pid_file = out.path().join("pid");
    let command = format!("sleep 60 & echo $! > '{}'; wait", pid_file.display());
    let (_dir, path) = config(
        &serde_json::json!([{"type": "command", "command": command}]),
        true,
    );
    let mut s = start(&path);
    let started = Instant::now();
    let pid = pid_in(&pid_file);
    assert!(running(pid));
    while running(pid) {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "what the command started outlived its 5 s stop"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    s.send("\x03");
    assert_eq!(s.finish(), 1);
}

/// When ask ends first, what a notification command started ends with it (the shell
/// around ask lives on, so no hang-up of the terminal does it instead).
#[test]
fn ending_the_form_stops_the_command_and_what_it_started() {
    let out = tempfile::tempdir().expect("temp dir");
    let pid_file = out.path().join("pid");
    let command = format!("sleep 60 & echo $! > '{}'; wait", pid_file.display());
    let (_dir, path) = config(
        &serde_json::json!([{"type": "command", "command": command}]),
        true,
    );
    let args = format!("{RUN} --config '{}'; echo > ended; sleep 5", path.display());
    let mut s = Session::start(PAYLOAD, &args, 80, 24);
    s.wait_for("Which database?");
    let pid = pid_in(&pid_file);
    assert!(running(pid));
    s.send("\x03");
    let asked = Instant::now();
    while !s.path("ended").exists() {
        assert!(asked.elapsed() < Duration::from_secs(10), "ask did not end");
        std::thread::sleep(Duration::from_millis(20));
    }
    let ended = Instant::now();
    while running(pid) {
        assert!(
            ended.elapsed() < Duration::from_secs(2),
            "the notification command's child outlived ask"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = s.finish();
}
