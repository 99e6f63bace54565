//! `ask run --web`, `--web-only`, `--qr`: the flags around the browser form (the browser
//! itself is driven in tests/web-e2e): the link, the QR code, the warning for every
//! interface, `$ASK_NOTIFY_URL`, and the terminal's notice line.

use std::io::Read;
use std::time::{Duration, Instant};

use crate::pty::Session;
use crate::support::{ask, code, detached};

const PAYLOAD: &str = r#"{"questions": [{"id": "db", "prompt": "Which database?", "options": [
  {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]}]}"#;

/// Runs `ask run ARGS` with no terminal; returns (exit code, stderr, stdout).
fn headless(args: &[&str]) -> (i32, String, serde_json::Value) {
    let (_dir, payload) = crate::support::temp_file("p.json", PAYLOAD);
    let mut cmd = ask(&["run", "-i", payload.to_str().unwrap()]);
    cmd.args(args);
    let out = detached(&cmd).output().expect("run ask");
    let stdout = serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null);
    (
        code(&out),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        stdout,
    )
}

fn link_in(text: &str) -> Option<&str> {
    let start = text.find("http://127.0.0.1:")?;
    let rest = &text[start..];
    let end = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
    Some(&rest[..end])
}

#[test]
fn web_only_prints_the_link_and_a_qr_code_and_needs_no_terminal() {
    let (status, stderr, result) = headless(&["--web-only", "--qr", "--timeout", "1"]);
    let link = link_in(&stderr).unwrap_or_else(|| panic!("no link: {stderr}"));
    let token = link.split("/?t=").nth(1).unwrap();
    assert_eq!(token.len(), 32, "{link}");
    assert!(
        stderr.contains("ask: answer in a browser: http://127.0.0.1:"),
        "{stderr}"
    );
    assert!(
        stderr.contains('▀') || stderr.contains('▄') || stderr.contains('█'),
        "a QR code: {stderr}"
    );
    // Nobody answered: the idle timeout ends it like on the terminal.
    assert_eq!(status, 1);
    assert_eq!(result["details"]["timedOut"], true);
}

#[test]
fn every_interface_is_served_only_with_a_one_line_warning() {
    let (status, stderr, _) = headless(&["--web-only", "--web=0.0.0.0:0", "--timeout", "1"]);
    assert_eq!(status, 1);
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("every network interface"))
        .collect();
    assert_eq!(warnings.len(), 1, "{stderr}");
    // The link names this machine's address, not 0.0.0.0.
    assert!(!stderr.contains("http://0.0.0.0"), "{stderr}");
}

#[test]
fn a_bad_web_address_is_a_usage_error() {
    let (status, stderr, _) = headless(&["--web=not-an-address"]);
    assert_eq!(status, 64, "{stderr}");
    assert!(stderr.contains("--web"), "{stderr}");
}

#[test]
fn the_terminal_shows_the_link_and_notification_commands_get_it() {
    let dir = tempfile::tempdir().unwrap();
    let url_file = dir.path().join("url.txt");
    let settings = dir.path().join("settings.json");
    let command = format!("printf '%s' \"$ASK_NOTIFY_URL\" > '{}'", url_file.display());
    let doc = serde_json::json!({"schemaVersion": 3, "notifications": {"enabled": true,
        "channels": [{"type": "command", "command": command}]}});
    std::fs::write(&settings, doc.to_string()).unwrap();
    let args = format!(
        "run -i p.json -o r.json --web --config '{}'",
        settings.display()
    );
    let mut s = Session::start(PAYLOAD, &args, 100, 24);
    s.wait_for("Also in a browser: http://127.0.0.1:");
    let screen = s.screen();
    let shown = link_in(&screen).unwrap().to_owned();
    let start = Instant::now();
    let sent = loop {
        let text = std::fs::read_to_string(&url_file).unwrap_or_default();
        if !text.is_empty() {
            break text;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the command never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(sent, shown, "$ASK_NOTIFY_URL is the link the form shows");
    // The link answers while the form is open, and nothing is served after it ended.
    let addr = shown
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_owned();
    let mut stream = std::net::TcpStream::connect(&addr).expect("the server listens");
    std::io::Write::write_all(
        &mut stream,
        format!("GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 404"), "no token: {reply}");
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
    s.assert_restored();
    assert!(
        std::net::TcpStream::connect(&addr).is_err(),
        "the server stopped with the form"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn open_hands_the_link_to_the_browser_opener_as_one_argument() {
    use std::os::unix::fs::PermissionsExt;
    let bin = tempfile::tempdir().unwrap();
    let seen = bin.path().join("seen.txt");
    let opener = bin.path().join("xdg-open");
    std::fs::write(
        &opener,
        format!(
            "#!/bin/sh\nprintf '%s|%s' \"$#\" \"$1\" > '{}'\n",
            seen.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (_dir, payload) = crate::support::temp_file("p.json", PAYLOAD);
    let mut cmd = ask(&[
        "run",
        "-i",
        payload.to_str().unwrap(),
        "--web-only",
        "--open",
        "--timeout",
        "1",
    ]);
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    cmd.env("PATH", path);
    let out = detached(&cmd).output().expect("run ask");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let link = link_in(&stderr).unwrap_or_else(|| panic!("no link: {stderr}"));
    let start = Instant::now();
    while std::fs::read_to_string(&seen)
        .unwrap_or_default()
        .is_empty()
    {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the opener never ran"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(std::fs::read_to_string(&seen).unwrap(), format!("1|{link}"));
}

#[test]
fn qr_with_a_loopback_link_warns_that_a_phone_cannot_open_it() {
    let (_, stderr, _) = headless(&["--web-only", "--qr", "--timeout", "1"]);
    let warning = stderr
        .lines()
        .find(|l| l.contains("a phone cannot open it"))
        .unwrap_or_else(|| panic!("no warning: {stderr}"));
    assert!(
        warning.contains("--web="),
        "says how to listen on the LAN: {warning}"
    );
    assert!(
        !warning.contains("0.0.0.0"),
        "one interface, not every one: {warning}"
    );
    // A link a phone can open gets no such warning.
    let (_, stderr, _) = headless(&["--web-only", "--web=0.0.0.0:0", "--qr", "--timeout", "1"]);
    assert!(!stderr.contains("a phone cannot open it"), "{stderr}");
}

/// Sends `n` requests with a wrong link token to `addr` (as a local process would).
fn wrong_links(addr: &str, n: u32) {
    for i in 0..n {
        let mut stream = std::net::TcpStream::connect(addr).expect("the server listens");
        std::io::Write::write_all(
            &mut stream,
            format!("GET /?t=guess{i} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
        .unwrap();
        let mut reply = String::new();
        let _ = stream.read_to_string(&mut reply);
        assert!(reply.starts_with("HTTP/1.1 404"), "{reply}");
    }
}

#[test]
fn wrong_links_that_shut_web_only_say_so_in_the_result() {
    use std::io::BufRead;
    let (_dir, payload) = crate::support::temp_file("p.json", PAYLOAD);
    let cmd = ask(&["run", "-i", payload.to_str().unwrap(), "--web-only"]);
    let mut child = detached(&cmd)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run ask");
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    let link = loop {
        said.clear();
        assert!(stderr.read_line(&mut said).unwrap() > 0, "no link");
        if let Some(found) = link_in(&said) {
            break found.to_owned();
        }
    };
    let addr = link
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap();
    wrong_links(addr, 10);
    let out = child.wait_with_output().unwrap();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    assert_eq!(code(&out), 1);
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("closed after 10 wrong links"), "{text}");
    assert!(!text.contains("User cancelled"), "{text}");
    assert_eq!(result["details"]["cancelled"], true);
    assert!(rest.contains("10 wrong links"), "{rest}");
}

#[test]
fn wrong_links_that_shut_the_browser_form_are_told_on_the_terminal() {
    let mut s = Session::start(PAYLOAD, "run -i p.json -o r.json --web", 160, 24);
    s.wait_for("Also in a browser: http://127.0.0.1:");
    let shown = link_in(&s.screen()).unwrap().to_owned();
    let addr = shown
        .trim_start_matches("http://")
        .split('/')
        .next()
        .unwrap()
        .to_owned();
    wrong_links(&addr, 10);
    s.wait_for("shut after 10 wrong links");
    // The form goes on in the terminal.
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
}
