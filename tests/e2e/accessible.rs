//! `ask run --accessible` (and `TERM=dumb`, and the `accessible` setting) in a real
//! pseudo-terminal: plain lines, no cursor addressing, the same result as scripted
//! answers, and the terminal's session around it: the elicitation rules, the locale,
//! the draft, the path check, `--timeout` and `--control`.

use crate::pty::Session;
use crate::support::ask;

const PAYLOAD: &str = r#"{"questions": [
  {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL", "recommended": true},
    {"value": "sqlite", "label": "SQLite"}]},
  {"id": "features", "label": "Features", "type": "multi", "prompt": "Which features?", "options": [
    {"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"},
    {"value": "search", "label": "Search"}]}
]}"#;

/// True when `raw` holds a CSI sequence that moves the cursor, clears, or
/// switches screens (anything but SGR, which this mode does not use either).
fn has_csi(raw: &[u8]) -> bool {
    raw.windows(2).any(|w| w == b"\x1b[") || raw.contains(&0x9b)
}

fn answered(mut s: Session) -> (Session, i32) {
    s.wait_for("Question 1 of 2: Database");
    s.send("2\r");
    s.wait_for("Question 2 of 2: Features");
    s.send("n 1 only for admins\r");
    s.wait_for("Note on option 1 saved.");
    s.send("1,3\r");
    s.wait_for("Review your answers");
    s.send("submit\r");
    let code = s.finish();
    (s, code)
}

#[test]
fn accessible_mode_prints_plain_lines_and_gives_the_scripted_result() {
    let (s, code) = answered(Session::start(
        PAYLOAD,
        "run --accessible -i p.json -o r.json",
        80,
        24,
    ));
    assert_eq!(code, 0);
    let raw = s.raw();
    assert!(
        !has_csi(&raw),
        "escape sequences in {:?}",
        String::from_utf8_lossy(&raw)
    );
    s.assert_restored();

    std::fs::write(
        s.path("answers.json"),
        r#"{"mode": "submit", "answers": {"db": {"values": ["sqlite"]},
            "features": {"indices": [1, 3], "optionNotes": {"auth": "only for admins"}}}}"#,
    )
    .unwrap();
    let out = ask(&["run", "--input"])
        .arg(s.path("p.json"))
        .arg("--answers")
        .arg(s.path("answers.json"))
        .output()
        .unwrap();
    let mut scripted: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The same result, answered elsewhere.
    assert_eq!(scripted["details"]["answeredVia"], "scripted");
    scripted["details"]["answeredVia"] = "terminal".into();
    assert_eq!(s.result(), scripted);
}

#[test]
fn term_dumb_turns_it_on_and_a_signal_cancels_with_the_answers_so_far() {
    let mut s = Session::start_with_env(
        PAYLOAD,
        "run -i p.json -o r.json",
        80,
        24,
        &[("TERM", "dumb")],
    );
    s.wait_for("Question 1 of 2: Database");
    s.send("1\r");
    s.wait_for("Question 2 of 2: Features");
    s.signal("TERM");
    assert_eq!(s.finish(), 1);
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        serde_json::json!(["pg"])
    );
    assert!(!has_csi(&s.raw()));
}

/// Writes the settings file `ask-user.json` (in the session folder, where `ASK_CONFIG`
/// points) from the terminal before `ask` starts.
fn with_settings(behaviour: &str) -> String {
    format!("printf '%s' '{{\"schemaVersion\": 3, \"behaviour\": {behaviour}}}' > ask-user.json")
}

/// The result of [`answered`]: that of the same answers as `ask run --answers` takes
/// them, answered via the terminal.
fn expected_result(s: &Session) -> serde_json::Value {
    std::fs::write(
        s.path("answers.json"),
        r#"{"mode": "submit", "answers": {"db": {"values": ["sqlite"]},
            "features": {"indices": [1, 3], "optionNotes": {"auth": "only for admins"}}}}"#,
    )
    .unwrap();
    let out = ask(&["run", "--input"])
        .arg(s.path("p.json"))
        .arg("--answers")
        .arg(s.path("answers.json"))
        .output()
        .unwrap();
    let mut scripted: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The same result, answered on the terminal instead.
    assert_eq!(scripted["details"]["answeredVia"], "scripted");
    scripted["details"]["answeredVia"] = "terminal".into();
    scripted
}

#[test]
fn the_accessible_setting_turns_it_on() {
    let before = with_settings(r#"{"accessible": true}"#);
    let s = Session::start_after(&before, 0, PAYLOAD, "run -i p.json -o r.json", 80, 24, &[]);
    let (s, code) = answered(s);
    assert_eq!(code, 0);
    assert!(
        !has_csi(&s.raw()),
        "{:?}",
        String::from_utf8_lossy(&s.raw())
    );
    assert_eq!(s.result(), expected_result(&s));
}

#[test]
fn timeout_ends_the_accessible_form_with_the_answers_so_far() {
    let mut s = Session::start(
        PAYLOAD,
        "run --accessible --timeout 1 -i p.json -o r.json",
        80,
        24,
    );
    s.wait_for("Question 1 of 2: Database");
    s.send("2\r");
    // The fence: the form says it closed (a second after the last line).
    s.wait_for("Closed: no answer came in time.");
    assert_eq!(s.finish(), 1, "cancelled by the timeout");
    let result = s.result();
    assert_eq!(result["details"]["timedOut"], true, "{result}");
    assert_eq!(result["details"]["cancelled"], true, "{result}");
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        serde_json::json!(["sqlite"])
    );
}

#[test]
fn no_accessible_opens_the_full_form_despite_the_setting() {
    let before = with_settings(r#"{"accessible": true}"#);
    let mut s = Session::start_after(
        &before,
        0,
        PAYLOAD,
        "run --no-accessible -i p.json -o r.json",
        80,
        24,
        &[],
    );
    s.wait_for("Type your own");
    assert!(
        has_csi(&s.raw()),
        "the full form draws with escape sequences"
    );
    s.send("\x1b");
    assert_eq!(s.finish(), 1);
    s.assert_restored();
}

#[test]
fn an_accessible_draft_survives_sigkill_and_resumes_in_the_full_form() {
    let keep = tempfile::tempdir().expect("temp dir");
    let draft = keep.path().join("draft.json");
    let args = format!("run -i p.json -o r.json --draft '{}'", draft.display());
    let mut s = Session::start(PAYLOAD, &format!("{args} --accessible"), 80, 24);
    s.wait_for("Question 1 of 2: Database");
    s.send("2\r");
    s.wait_for("Question 2 of 2: Features");
    // The session saves the move to the next question at once: kill once it is on disk.
    crate::draft::wait_for_draft_tab(&draft, 1);
    s.signal("KILL");
    s.finish();
    assert!(draft.exists(), "SIGKILL keeps the draft");

    let mut s = Session::start(PAYLOAD, &format!("{args} --resume"), 80, 24);
    s.wait_for("Which features?");
    s.send(" ");
    s.send("\t");
    s.wait_for("Submit");
    s.send("11");
    assert_eq!(s.finish(), 0);
    let answers = &s.result()["details"]["answers"];
    assert_eq!(answers["db"]["values"], serde_json::json!(["sqlite"]));
    assert_eq!(answers["features"]["values"], serde_json::json!(["auth"]));
    assert!(!draft.exists(), "a normal end deletes the draft");
}

#[test]
fn a_full_form_draft_resumes_in_the_accessible_mode_and_submitting_deletes_it() {
    let keep = tempfile::tempdir().expect("temp dir");
    let draft = keep.path().join("draft.json");
    let args = format!("run -i p.json -o r.json --draft '{}'", draft.display());
    let mut s = Session::start(PAYLOAD, &args, 80, 24);
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which features?");
    // The tab change is saved at once: the kill comes once it is on disk.
    crate::draft::wait_for_draft_tab(&draft, 1);
    s.signal("KILL");
    s.finish();
    assert!(draft.exists(), "SIGKILL keeps the draft");

    let mut s = Session::start(PAYLOAD, &format!("{args} --resume --accessible"), 80, 24);
    s.wait_for("Your answers from the draft are back.");
    s.wait_for("Question 2 of 2: Features");
    s.send("3\r");
    s.wait_for("Database: SQLite");
    s.send("submit\r");
    assert_eq!(s.finish(), 0);
    let answers = &s.result()["details"]["answers"];
    assert_eq!(answers["db"]["values"], serde_json::json!(["sqlite"]));
    assert_eq!(answers["features"]["values"], serde_json::json!(["search"]));
    assert!(!draft.exists(), "submitting deletes the draft");
    assert!(!has_csi(&s.raw()));
}

#[test]
fn settings_on_a_dumb_terminal_are_numbered_lines_and_a_number_switches_one() {
    let mut s = Session::start_with_env(PAYLOAD, "settings", 80, 24, &[("TERM", "dumb")]);
    s.wait_for("Accessible mode (next form): off");
    s.send("7\r");
    s.wait_for("Accessible mode (next form): on.");
    s.send("\r");
    assert_eq!(s.finish(), 0);
    assert!(
        !has_csi(&s.raw()),
        "{:?}",
        String::from_utf8_lossy(&s.raw())
    );
    let saved: serde_json::Value =
        serde_json::from_slice(&std::fs::read(s.path("ask-user.json")).unwrap()).unwrap();
    assert_eq!(saved["behaviour"]["accessible"], true);
}

/// The settings path and the notices quote the file system: a folder name holding a
/// window-title sequence, a colour and a right-to-left override reaches the terminal as
/// visible text, never as controls.
#[test]
fn settings_in_the_accessible_mode_sanitize_the_path_and_notices() {
    let keep = tempfile::tempdir().unwrap();
    let evil = keep.path().join("\u{1b}]0;pwned\u{7}\u{1b}[31m\u{202e}dir");
    std::fs::create_dir(&evil).unwrap();
    // Broken JSON: loading it gives a notice that names the file.
    let config = evil.join("ask-user.json");
    std::fs::write(&config, "{ not json").unwrap();
    let config = config.to_str().unwrap().to_owned();
    let mut s = Session::start_with_env(
        PAYLOAD,
        "settings --accessible",
        400,
        24,
        &[("ASK_CONFIG", &config)],
    );
    s.wait_for("Settings file:");
    s.wait_for("> ");
    s.send("\r");
    assert_eq!(s.finish(), 0);
    let raw = String::from_utf8_lossy(&s.raw()).into_owned();
    assert!(raw.contains("Settings file:"), "{raw:?}");
    for control in ["\u{1b}]0;pwned", "\u{1b}[31m", "\u{202e}"] {
        assert!(
            !raw.contains(control),
            "{control:?} reached the terminal: {raw:?}"
        );
    }
    assert!(raw.contains("␛]0;pwned"), "shown as text: {raw:?}");
}

/// An MCP elicitation request with two required properties.
const REQUEST: &str = r#"{"message": "Contact", "requestedSchema": {"type": "object", "properties": {
  "name": {"type": "string", "title": "Name"},
  "plan": {"type": "string", "title": "Plan", "enum": ["free", "pro"]}},
  "required": ["name", "plan"]}}"#;

#[test]
fn the_elicitation_rules_hold_in_the_accessible_mode_and_the_output_is_the_mcp_result() {
    let before = format!("printf '%s' '{REQUEST}' > req.json");
    let mut s = Session::start_after(
        &before,
        0,
        "{}",
        "run --elicitation req.json --accessible -o r.json",
        100,
        24,
        &[],
    );
    s.wait_for("Question 1 of 2: Name (type your answer, required)");
    s.send("\r");
    s.wait_for("Question 2 of 2: Plan");
    s.send("\r");
    s.wait_for("Plan: unanswered (required)");
    s.send("submit\r");
    // Submit is held back by the flow's rule and goes to the first question missing.
    s.wait_for("Not submitted yet: Name (question 1): required: answer it.");
    s.send("Ada\r");
    s.wait_for("Question 2 of 2: Plan");
    s.send("o enterprise\r");
    s.wait_for("Not accepted: pick one of the options");
    s.send("2\r");
    s.wait_for("Plan: pro");
    s.send("submit\r");
    assert_eq!(s.finish(), 0);
    let out: serde_json::Value =
        serde_json::from_slice(&std::fs::read(s.path("r.json")).unwrap()).unwrap();
    assert_eq!(
        out,
        serde_json::json!({"action": "accept", "content": {"name": "Ada", "plan": "pro"}})
    );
}

// The system locale in the accessible mode: `locale::the_accessible_mode_speaks_the_language_too`.

#[test]
fn a_path_that_must_exist_and_does_not_is_refused_in_the_accessible_mode() {
    let payload = r#"{"questions": [{"id": "f", "label": "File", "prompt": "Which file?",
        "type": "path", "mustExist": true, "pathKind": "file"}]}"#;
    let mut s = Session::start(payload, "run --accessible -i p.json -o r.json", 80, 24);
    s.wait_for("Question 1 of 1: File (type a path)");
    s.send("nope.rs\r");
    s.wait_for("Not accepted: no such file or directory.");
    // The payload file is there (the session folder is the working directory).
    s.send("p.json\r");
    s.wait_for("File: p.json");
    s.send("submit\r");
    assert_eq!(s.finish(), 0);
    assert_eq!(
        s.result()["details"]["answers"]["f"]["value"],
        serde_json::json!("p.json")
    );
}

#[cfg(unix)]
#[test]
fn a_control_client_answers_the_accessible_form() {
    let mut s = Session::start(
        PAYLOAD,
        "run --accessible --control ctl.sock -i p.json -o r.json",
        80,
        24,
    );
    s.wait_for("Question 1 of 2: Database");
    let mut client = crate::control::Client::connect(&s.path("ctl.sock"));
    client.until("started");
    client.send_json(
        &serde_json::json!({"v": 1, "type": "answer", "mode": "submit",
        "answers": {"db": {"values": ["sqlite"]}, "features": {"values": ["auth"]}}}),
    );
    let result = client.until("completed").pop().unwrap()["result"].clone();
    s.wait_for("answered by a control client");
    assert_eq!(s.finish(), 0);
    assert_eq!(s.result(), result);
    assert_eq!(result["details"]["answeredVia"], "control");
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        serde_json::json!(["sqlite"])
    );
    assert!(!has_csi(&s.raw()));
}

#[test]
fn web_serves_the_accessible_form_and_its_link_is_said() {
    let s = Session::start(
        PAYLOAD,
        "run --accessible --web -i p.json -o r.json",
        200,
        24,
    );
    s.wait_for("Question 1 of 2: Database");
    s.wait_for("Also in a browser: http://127.0.0.1:");
    let screen = s.screen();
    let link = &screen[screen.find("http://127.0.0.1:").unwrap()..];
    let link: String = link.chars().take_while(|c| !c.is_whitespace()).collect();
    let (addr, path) = link.trim_start_matches("http://").split_once('/').unwrap();
    let mut stream = std::net::TcpStream::connect(addr).expect("the server listens");
    std::io::Write::write_all(
        &mut stream,
        format!("GET /{path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .unwrap();
    let mut reply = String::new();
    std::io::Read::read_to_string(&mut stream, &mut reply).unwrap();
    // The link is good: it trades the token for the page's cookie.
    assert!(
        reply.starts_with("HTTP/1.1 303") && reply.contains("set-cookie: ask_session="),
        "the link: {reply:.200}"
    );
    let (s, code) = answered(s);
    assert_eq!(code, 0);
    assert_eq!(s.result(), expected_result(&s));
}
