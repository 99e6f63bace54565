//! `ask run --accessible` (and `TERM=dumb`, and the `accessible` setting) in a real
//! pseudo-terminal: plain lines, no cursor addressing, the same result as scripted
//! answers, and no timeout.

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
fn the_accessible_setting_turns_it_on_and_the_idle_timeout_setting_is_ignored() {
    let before = with_settings(r#"{"accessible": true, "idleTimeoutSeconds": 1}"#);
    let s = Session::start_after(&before, 0, PAYLOAD, "run -i p.json -o r.json", 80, 24, &[]);
    s.wait_for("Question 1 of 2: Database");
    // Well past the 1 s idle timeout: the accessible mode waits for the user.
    std::thread::sleep(std::time::Duration::from_millis(2500));
    let (s, code) = answered(s);
    assert_eq!(code, 0, "completed, not timed out");
    assert!(
        !has_csi(&s.raw()),
        "{:?}",
        String::from_utf8_lossy(&s.raw())
    );
    let result = s.result();
    assert!(result["details"].get("timedOut").is_none(), "{result}");
    assert_eq!(result, expected_result(&s));
}

#[test]
fn accessible_with_timeout_waits_for_the_user_and_gives_the_normal_result() {
    let s = Session::start(
        PAYLOAD,
        "run --accessible --timeout 1 -i p.json -o r.json",
        80,
        24,
    );
    s.wait_for("Question 1 of 2: Database");
    s.wait_for("--timeout 1 is not applied in the accessible mode");
    std::thread::sleep(std::time::Duration::from_millis(2500));
    let (s, code) = answered(s);
    assert_eq!(code, 0, "completed, not timed out");
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], false, "{result}");
    assert!(result["details"].get("timedOut").is_none(), "{result}");
    assert_eq!(result, expected_result(&s));
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
fn a_linear_draft_survives_sigkill_and_resumes_in_the_full_form() {
    let keep = tempfile::tempdir().expect("temp dir");
    let draft = keep.path().join("draft.json");
    let args = format!("run -i p.json -o r.json --draft '{}'", draft.display());
    let mut s = Session::start(PAYLOAD, &format!("{args} --accessible"), 80, 24);
    s.wait_for("Question 1 of 2: Database");
    s.send("2\r");
    s.wait_for("Question 2 of 2: Features");
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
fn a_full_form_draft_resumes_in_the_linear_mode_and_submitting_deletes_it() {
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
    s.wait_for("Accessible linear mode (next form): off");
    s.send("7\r");
    s.wait_for("Accessible linear mode (next form): on.");
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
