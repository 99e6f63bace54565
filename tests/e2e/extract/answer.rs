//! `ask answer` with the fake completer: the form answered by `--answers`,
//! `--script` and a real terminal; retries; failing and hanging completers;
//! cancellation; exit 4.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{Work, fixture, keys, reply, stderr};
use crate::support::code;

const SUBMIT_ANSWERS: &str = r#"{"mode": "submit", "answers": {
    "database": {"values": ["sqlite"]}, "service_name": {"customText": "billing-api"}}}"#;

/// The answers of the extracted `answer.jsonl` form, as the result holds them.
fn assert_submitted_answers(result: &Value) {
    let details = &result["details"];
    assert_eq!(details["cancelled"], false);
    assert_eq!(details["mode"], "submit");
    assert_eq!(details["answers"]["database"]["values"], json!(["sqlite"]));
    assert_eq!(
        details["answers"]["service_name"]["customText"],
        "billing-api"
    );
    assert_eq!(
        result["content"][0]["text"],
        "Database: SQLite\nName: billing-api"
    );
}

#[test]
fn answer_with_scripted_answers_writes_the_result_file() {
    let work = Work::new(&[&reply("form.json")]);
    let answers = work.write("answers.json", SUBMIT_ANSWERS);
    let out = work.answer("answer.jsonl", &["--answers", &answers]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "the result goes to --output only");
    assert_submitted_answers(&work.result());

    let request = work.request(1).expect("the completer was called");
    let text = std::fs::read(work.path("request-1.json")).unwrap();
    assert_eq!(keys(&text, &[]), ["systemPrompt", "userText", "attempt"]);
    assert_eq!(request["attempt"], 1);
    assert!(request["systemPrompt"].as_str().unwrap().contains("JSON"));
    assert!(
        request["userText"]
            .as_str()
            .unwrap()
            .contains("PostgreSQL or SQLite?")
    );
    assert!(
        work.request(2).is_none(),
        "a valid first reply needs no retry"
    );
}

#[test]
fn answer_retries_a_bad_reply_then_drives_the_form_with_a_script() {
    let work = Work::new(&[&reply("not-json.txt"), &reply("fenced.txt")]);
    let frame = work.arg("frame.txt");
    let script = r#"["2", {"text": "billing-api"}, "enter", "1", "1"]"#;
    let out = work.answer("answer.jsonl", &["--script", script, "--frame-out", &frame]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_submitted_answers(&work.result());
    let retry = work.request(2).expect("a retry after the prose reply");
    assert_eq!(retry["attempt"], 2);
    assert!(
        retry["userText"]
            .as_str()
            .unwrap()
            .contains("Sure! The message asks")
    );
    let frame = std::fs::read_to_string(work.path("frame.txt")).unwrap();
    assert!(frame.contains("Name → billing-api"), "{frame}");
}

#[test]
fn answer_cancelled_writes_the_cancelled_result_and_exits_1() {
    let work = Work::new(&[&reply("form.json")]);
    // The script ends before the flow does: a dismissal.
    let out = work.answer("answer.jsonl", &["--script", r#"["1"]"#]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let result = work.result();
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(
        result["details"]["answers"]["database"]["values"],
        json!(["postgresql"])
    );

    let cancel = work.write("cancel.json", r#"{"mode": "cancel", "answers": {}}"#);
    let out = work.answer("answer.jsonl", &["--answers", &cancel]);
    assert_eq!(code(&out), 1);
    assert_eq!(work.result()["details"]["cancelled"], true);
}

#[test]
fn answer_without_a_terminal_gives_the_non_interactive_result() {
    let work = Work::new(&[&reply("form.json")]);
    let out = work.answer("answer.jsonl", &["--no-ui"]);
    assert_eq!(code(&out), 3, "{}", stderr(&out));
    let text = work.result()["content"][0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(text.starts_with("Needs user input:"), "{text}");
    assert!(
        text.contains("What should the service be called?"),
        "{text}"
    );
}

#[test]
fn a_hanging_completer_is_killed_and_counted_as_an_empty_reply() {
    let work = Work::with_settings(&["HANG", &reply("form.json")], 1, 300);
    let answers = work.write("answers.json", SUBMIT_ANSWERS);
    let started = Instant::now();
    let out = work.answer("answer.jsonl", &["--answers", &answers]);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "completer attempt 1 of 2 timed out after 300 ms (answer.extractionTimeoutMs)"
        ),
        "{err}"
    );
    assert_submitted_answers(&work.result());

    // Every attempt hangs: exit 4, the timeouts named, no result.
    let work = Work::with_settings(&["HANG", "HANG"], 1, 200);
    let out = work.answer("answer.jsonl", &["--answers", &answers]);
    assert_eq!(code(&out), 4, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("could not extract questions after 2 attempt(s)"),
        "{err}"
    );
    assert!(
        err.contains("attempt 2 of 2 timed out after 200 ms"),
        "{err}"
    );
    assert!(!work.path("result.json").exists());
}

#[test]
fn a_failing_completer_is_retried_then_reported_with_exit_4() {
    let work = Work::new(&["FAIL", "FAIL"]);
    let out = work.answer("answer.jsonl", &["--no-ui"]);
    assert_eq!(code(&out), 4, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("attempt 1 of 2 exited with status 3 (model quota exceeded)"),
        "{err}"
    );
    assert!(
        err.contains("could not extract questions after 2 attempt(s)"),
        "{err}"
    );
    assert!(work.request(2).is_some(), "the failure was retried");
    assert!(!work.path("result.json").exists());
}

#[test]
fn answer_exits_4_when_there_is_nothing_to_ask() {
    let work = Work::new(&[&reply("no-questions.json")]);
    let out = work.answer("answer.jsonl", &["--no-ui"]);
    assert_eq!(code(&out), 4);
    assert!(
        stderr(&out).contains("no questions found"),
        "{}",
        stderr(&out)
    );
    assert!(!work.path("result.json").exists());

    // A message that stopped for a tool call is refused before any model call.
    let work = Work::new(&[&reply("form.json")]);
    let out = work.answer("tool-use.jsonl", &["--no-ui"]);
    assert_eq!(code(&out), 4);
    assert!(stderr(&out).contains("\"toolUse\""), "{}", stderr(&out));
    assert!(work.request(1).is_none(), "the completer must not run");

    let out = work.answer("no-assistant.jsonl", &["--no-ui"]);
    assert_eq!(code(&out), 4);
    assert!(
        stderr(&out).contains("no assistant message"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn answer_checks_its_flags_before_calling_the_completer() {
    let work = Work::new(&[&reply("form.json")]);
    let out = work.answer("answer.jsonl", &["--script", "[\"nope+key\"]"]);
    assert_eq!(code(&out), 64, "{}", stderr(&out));
    assert!(work.request(1).is_none());
    let out = work.answer("answer.jsonl", &["--no-ui", "--answers", "a.json"]);
    assert_eq!(code(&out), 64);
    assert!(work.request(1).is_none());
}

// ---- ask answer in a real terminal ----

/// `ask answer` on `answer.jsonl` in a pseudo-terminal, the completer printing
/// the `form.json` reply, the result written to `r.json`.
fn answer_in_a_terminal() -> crate::pty::Session {
    let args = format!(
        "answer --session '{}' --completer \"cat > /dev/null; cat '{}'\" --output r.json",
        fixture("answer.jsonl"),
        fixture("replies/form.json"),
    );
    let s = crate::pty::Session::start("{}", &args, 80, 24);
    s.wait_for("Should it use PostgreSQL or SQLite?");
    s
}

#[test]
fn answer_opens_the_extracted_form_in_the_terminal() {
    let mut s = answer_in_a_terminal();
    s.send("2");
    // The free-form-only question opens its editor at once.
    s.wait_for("Type your answer:");
    s.send("billing-api\r");
    s.wait_for("Review your answers");
    s.send("1");
    s.send("1");
    assert_eq!(s.finish(), 0, "{}", s.screen());
    assert_submitted_answers(&s.result());
    s.assert_restored();
}

#[test]
fn ctrl_c_in_the_answer_form_writes_the_cancelled_result_and_exits_1() {
    let mut s = answer_in_a_terminal();
    s.send("\x03");
    assert_eq!(s.finish(), 1, "{}", s.screen());
    let result = s.result();
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(result["details"]["questions"][1]["id"], "service_name");
    s.assert_restored();
}
