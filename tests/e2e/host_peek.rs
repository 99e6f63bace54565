//! What the pi package asks of the terminal form: `--host-peek` (the peek key hands the
//! terminal to the host, which draws its own screen until a control client sends
//! `unfold`; closing a settings overlay that grew the form asks the host for a redraw),
//! `--keep-above` (rows above the form stay on screen, the form says what it cut), a
//! hang-up that keeps the draft with a control socket open, and `--prefill`.
#![cfg(unix)]

use serde_json::json;

use crate::control::Client;
use crate::pty::Session;

const PAYLOAD: &str = r#"{"questions": [
  {"id": "db", "label": "Database", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL", "description": "Server"},
    {"value": "lite", "label": "SQLite", "description": "Embedded"},
    {"value": "my", "label": "MySQL", "description": "Hosted"},
    {"value": "duck", "label": "DuckDB", "description": "Analytics"},
    {"value": "mongo", "label": "MongoDB", "description": "Documents"}]},
  {"id": "os", "label": "System", "prompt": "Which system?", "options": [
    {"value": "linux", "label": "Linux"}, {"value": "mac", "label": "macOS"}]}]}"#;

#[test]
fn the_peek_key_hands_the_terminal_to_the_host_until_it_sends_unfold() {
    let mut s = Session::start(
        PAYLOAD,
        "run -i p.json -o r.json --control c.sock --host-peek",
        80,
        24,
    );
    s.wait_for("Which database?");
    let mut c = Client::connect(&s.path("c.sock"));
    assert_eq!(c.event()["type"], "started");
    s.send("\x1bo");
    assert_eq!(
        c.until("folded").pop().unwrap(),
        json!({"v": 1, "type": "folded", "redraw": false})
    );
    s.wait_until("the form's rows erased", |screen| {
        !screen.contains("Which database?")
    });
    // The terminal is the host's: normal mode, and keys are not read by the form.
    assert_eq!(s.stty_now(), s.stty_before(), "cooked mode while folded");
    // The fence: the terminal's own echo of the key (cooked mode echoes it), so the key
    // has been through the terminal by the time the screen is checked.
    let before = s.screen();
    s.send("2");
    s.wait_until("the terminal's echo of the key", |screen| screen != before);
    assert!(!s.screen().contains("Which system?"), "{}", s.screen());
    // Commands still work while folded; unfold brings the form back.
    c.send_json(&json!({"v": 1, "type": "answer", "answers": {"db": {"values": ["lite"]}}}));
    assert_eq!(c.event()["type"], "changed");
    c.send_json(&json!({"v": 1, "type": "unfold"}));
    s.wait_for("SQLite ✓");
    // Taken back: a new early-key window from that paint.
    s.wait_past_guard();
    s.send("\t");
    s.wait_for("Which system?");
    s.send("1");
    s.wait_for("Submit");
    s.send("\r");
    assert_eq!(s.finish(), 0);
    let result = s.result();
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!(["lite"])
    );
    assert_eq!(
        result["details"]["answers"]["os"]["values"],
        json!(["linux"])
    );
    s.assert_restored();
}

#[test]
fn closing_an_overlay_that_grew_the_form_asks_the_host_for_a_redraw() {
    let small = r#"{"questions": [{"id": "db", "prompt": "Which database?", "options": [
        {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]}]}"#;
    let mut s = Session::start(
        small,
        "run -i p.json -o r.json --control c.sock --host-peek",
        80,
        30,
    );
    s.wait_for("Which database?");
    let mut c = Client::connect(&s.path("c.sock"));
    c.event();
    s.send("?");
    s.wait_for("Reset settings to defaults");
    s.send("\x1b");
    assert_eq!(
        c.until("folded").pop().unwrap(),
        json!({"v": 1, "type": "folded", "redraw": true})
    );
    c.send_json(&json!({"v": 1, "type": "unfold"}));
    s.wait_for("Which database?");
    c.send_json(&json!({"v": 1, "type": "cancel"}));
    assert_eq!(s.finish(), 1);
    s.assert_restored();
}

#[test]
fn keep_above_leaves_the_rows_above_and_the_form_says_what_it_cut() {
    let mut s = Session::start(PAYLOAD, "run -i p.json -o r.json --keep-above 14", 80, 24);
    s.wait_for("Which database?");
    let screen = s.screen();
    assert!(screen.contains("↓ 4 more"), "{screen}");
    let rows = screen.lines().filter(|l| !l.trim().is_empty()).count();
    assert!(rows <= 10, "at most the 10 rows left: {rows}\n{screen}");
    s.signal("TERM");
    assert_eq!(s.finish(), 1);
}

#[test]
fn a_hang_up_keeps_the_draft_with_a_control_socket_open() {
    let mut s = Session::start(
        PAYLOAD,
        "run -i p.json -o r.json --control c.sock --draft d.json",
        80,
        24,
    );
    s.wait_for("Which database?");
    s.send("2");
    s.wait_for("Which system?");
    let draft = s.path("d.json");
    assert!(draft.exists());
    s.signal("HUP");
    s.finish();
    assert!(draft.exists(), "the draft is kept for --resume");
}

#[test]
fn prefill_opens_with_the_last_answers_and_waits_for_confirmation() {
    let (dir, payload) = crate::support::temp_file("p.json", PAYLOAD);
    let last = dir.path().join("last.json");
    std::fs::write(
        &last,
        json!({"content": [{"type": "text", "text": "Database: SQLite"}], "details": {
            "cancelled": false, "mode": "submit",
            "questions": [{"id": "db", "label": "Database", "prompt": "Which database?", "type": "single"}],
            "answers": {"db": {"values": ["lite"], "labels": ["SQLite"], "indices": [2],
                               "note": "one file"}}}})
        .to_string(),
    )
    .unwrap();
    let (p, l) = (payload.to_str().unwrap(), last.to_str().unwrap());
    let run = |script: &str, frame: bool| {
        let mut args = vec!["run", "--input", p, "--prefill", l, "--script", script];
        if frame {
            args.extend(["--frame-out", "-", "--output", "/dev/null"]);
        }
        crate::support::run(&crate::support::ask(&args))
    };
    let opened = run("[]", true);
    let frame = String::from_utf8_lossy(&opened.stdout);
    assert!(
        frame.contains("prefilled from your last answers"),
        "{frame}"
    );
    assert!(frame.contains("SQLite ✓"), "{frame}");
    assert_eq!(
        crate::support::code(&opened),
        1,
        "an unconfirmed form is not submitted"
    );
    // Confirmed on the review tab: the prefilled answer and its note are the result.
    let confirmed = run(r#"["tab", "1", "enter"]"#, false);
    assert_eq!(crate::support::code(&confirmed), 0);
    let result = crate::support::stdout_json(&confirmed);
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!(["lite"])
    );
    assert_eq!(result["details"]["answers"]["db"]["note"], "one file");
    // Not a result: refused with what was expected.
    std::fs::write(&last, "[1, 2]").unwrap();
    let bad = run("[]", false);
    assert_eq!(crate::support::code(&bad), 65);
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(said.contains("is not an ask_user result"), "{said}");
}

#[test]
fn render_result_writes_the_user_message_or_the_reopen_hint() {
    let result = json!({"content": [{"type": "text", "text": "Q4: SQLite"}], "details": {
        "cancelled": false, "mode": "submit",
        "questions": [{"id": "db", "label": "Q4", "prompt": "Which database?", "type": "single"}],
        "answers": {"db": {"values": ["lite"], "labels": ["SQLite"], "indices": [2]}}}});
    let render = |args: &[&str], result: &serde_json::Value| {
        let all = [&["render-result"], args].concat();
        let out = crate::support::run_with_stdin(&crate::support::ask(&all), &result.to_string());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        render(&["--message", "replay"], &result),
        "These answers replace the ones given earlier for the same questions.\nWhich database? -> SQLite\n"
    );
    assert_eq!(
        render(&["--message", "answer"], &result),
        "Which database? -> SQLite\n"
    );
    let mut cancelled = result.clone();
    cancelled["details"]["cancelled"] = json!(true);
    assert_eq!(
        render(&["--reopen", "/ask:replay"], &cancelled),
        "Cancelled - /ask:replay reopens it\n"
    );
    assert_eq!(render(&[], &cancelled), "Cancelled\n");
}
