//! One setup for every surface: the elicitation rules and output, the language `auto`
//! stands for and the draft hold for `--web-only` (driven over its control socket and
//! its page) and `--script` as they do on the terminal (whose own tests are typed.rs,
//! locale.rs and draft.rs). Before, `--elicitation --web-only` submitted with required
//! properties unanswered and wrote the tool result, and `--web-only` dropped `--draft`.
#![cfg(unix)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Stdio};

use serde_json::{Value, json};

use crate::control::Client;
use crate::support::{ask, detached, temp_file};

const REQUEST: &str = r#"{"mode": "form", "message": "Who are you?", "requestedSchema": {
  "type": "object", "properties": {
    "name": {"type": "string", "title": "Name"},
    "role": {"type": "string", "enum": ["dev", "ops"]}},
  "required": ["name"]}}"#;

const PAYLOAD: &str = r#"{"questions": [{"id": "db", "prompt": "Which database?", "options": [
  {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]}]}"#;

/// `ask run ARGS --web-only --control DIR/s.sock` without a terminal, `LANG` set to
/// `lang`; stdout and stderr piped.
fn web_only(dir: &Path, args: &[&str], lang: &str) -> Child {
    let sock = dir.join("s.sock");
    let config = dir.join("ask-user.json");
    let mut all = vec!["run"];
    all.extend_from_slice(args);
    all.extend([
        "--web-only",
        "--control",
        sock.to_str().unwrap(),
        "--config",
        config.to_str().unwrap(),
    ]);
    let mut cmd = detached(&ask(&all));
    cmd.env("LANG", lang)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    cmd.spawn().expect("start ask")
}

/// Waits for the process; returns (exit code, stdout JSON, stderr).
fn ended(child: Child) -> (i32, Value, String) {
    let out = child.wait_with_output().expect("ask ends");
    let stdout = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (
        out.status.code().unwrap_or(-1),
        stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn web_only_keeps_the_elicitation_rules_and_writes_the_mcp_result() {
    let dir = tempfile::tempdir().unwrap();
    let request = dir.path().join("req.json");
    std::fs::write(&request, REQUEST).unwrap();
    let child = web_only(
        dir.path(),
        &["--elicitation", request.to_str().unwrap()],
        "C.UTF-8",
    );
    let mut client = Client::connect(&dir.path().join("s.sock"));
    assert_eq!(client.event()["type"], "started");
    // The required name is unanswered: Submit is held, from the control channel too.
    client.send_json(&json!({"v": 1, "type": "submit"}));
    let refused = client.until("error");
    assert_eq!(refused.last().unwrap()["code"], "notReady", "{refused:?}");
    client.send_json(&json!({"v": 1, "type": "answer", "mode": "submit",
        "answers": {"name": {"value": "Ada"}}}));
    client.until("completed");
    let (code, out, stderr) = ended(child);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(out, json!({"action": "accept", "content": {"name": "Ada"}}));
}

/// One GET on loopback; the whole response.
fn get(host: &str, path: &str, cookie: &str) -> String {
    let mut stream = TcpStream::connect(host).expect("the page's server");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

/// The page's `lang` attribute, the page opened by `link` (which sets the cookie and
/// sends the browser on to the page).
fn page_lang(link: &str) -> String {
    let rest = link.trim_start_matches("http://");
    let (host, path) = rest.split_at(rest.find('/').unwrap());
    let mut page = get(host, path, "");
    if let Some(line) = page
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
    {
        let cookie = line[11..].split(';').next().unwrap().trim().to_owned();
        page = get(host, "/", &cookie);
    }
    let at = page
        .find("<html lang=\"")
        .unwrap_or_else(|| panic!("an html element: {page}"))
        + 12;
    page[at..].split('"').next().unwrap().to_owned()
}

/// Reads stderr until the browser link shows.
fn link_of(child: &mut Child) -> String {
    let stderr = child.stderr.as_mut().unwrap();
    let mut seen = Vec::new();
    let mut byte = [0u8; 1];
    loop {
        let n = stderr.read(&mut byte).expect("stderr");
        assert!(n > 0, "no link: {}", String::from_utf8_lossy(&seen));
        seen.push(byte[0]);
        let text = String::from_utf8_lossy(&seen);
        if let Some(at) = text.find("http://127.0.0.1:")
            && text.ends_with('\n')
        {
            return text[at..].trim().to_owned();
        }
    }
}

#[test]
fn web_only_speaks_the_system_language_with_locale_auto() {
    let dir = tempfile::tempdir().unwrap();
    let payload = dir.path().join("p.json");
    std::fs::write(&payload, PAYLOAD).unwrap();
    let mut child = web_only(
        dir.path(),
        &["-i", payload.to_str().unwrap()],
        "de_DE.UTF-8",
    );
    let link = link_of(&mut child);
    assert_eq!(page_lang(&link), "de");
    let mut client = Client::connect(&dir.path().join("s.sock"));
    client.event();
    client.send_json(&json!({"v": 1, "type": "cancel"}));
    client.until("completed");
    let (code, out, _) = ended(child);
    assert_eq!(code, 1);
    assert_eq!(out["details"]["cancelled"], true);
}

#[test]
fn web_only_keeps_the_draft_and_resumes_it() {
    let dir = tempfile::tempdir().unwrap();
    let payload = dir.path().join("p.json");
    std::fs::write(&payload, PAYLOAD).unwrap();
    let draft = dir.path().join("draft.json");
    let args = [
        "-i",
        payload.to_str().unwrap(),
        "--draft",
        draft.to_str().unwrap(),
    ];
    let child = web_only(dir.path(), &args, "C.UTF-8");
    let mut client = Client::connect(&dir.path().join("s.sock"));
    client.event();
    client.send_json(&json!({"v": 1, "type": "answer", "answers": {"db": {"values": ["lite"]}}}));
    client.until("changed");
    // Killed before anyone submitted: the answer is in the draft (saved on the way out).
    let pid = rustix::process::Pid::from_raw(i32::try_from(child.id()).unwrap()).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::TERM).expect("SIGTERM");
    let (code, out, stderr) = ended(child);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(out["details"]["answers"]["db"]["values"], json!(["lite"]));
    let saved = std::fs::read_to_string(&draft).expect("the draft is kept");
    assert!(saved.contains("\"selected\":[1]"), "{saved}");
    // `--resume` brings it back: the control client sees it answered.
    let mut resumed = args.to_vec();
    resumed.push("--resume");
    let child = web_only(dir.path(), &resumed, "C.UTF-8");
    let mut client = Client::connect(&dir.path().join("s.sock"));
    let started = client.event();
    assert_eq!(started["answered"], json!(["db"]), "{started}");
    client.send_json(&json!({"v": 1, "type": "submit"}));
    client.until("completed");
    let (code, out, stderr) = ended(child);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(out["details"]["answers"]["db"]["values"], json!(["lite"]));
    assert!(!draft.exists(), "the draft goes once the result is written");
}

#[test]
fn a_script_holds_the_elicitation_rules_and_speaks_the_system_language() {
    let (_dir, request) = temp_file("req.json", REQUEST);
    let dir = tempfile::tempdir().unwrap();
    let frame = dir.path().join("frame.txt");
    let config = dir.path().join("ask-user.json");
    // Straight to the review and Submit with the required name unanswered: held, so the
    // script runs out with the form open (a dismiss: `cancel`).
    let mut cmd = ask(&[
        "run",
        "--elicitation",
        request.to_str().unwrap(),
        "--config",
        config.to_str().unwrap(),
        "--script",
        r#"["tab", "tab", "1"]"#,
        "--frame-out",
        frame.to_str().unwrap(),
    ]);
    cmd.env("LANG", "de_DE.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    let out = crate::support::run(&cmd);
    let stdout: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    assert_eq!(
        stdout,
        json!({"action": "cancel"}),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&frame).unwrap();
    assert!(text.contains("Senden"), "a German review: {text}");
}
