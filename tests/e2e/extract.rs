//! The session subcommands end to end: `ask extract` statuses, `ask answer`
//! with a fake completer (retries, a failing and a hanging completer, the form
//! answered by `--answers` and `--script`), and `ask answer-again` / `ask
//! replay` picking the latest form of the branch, never a sibling's.
//!
//! Fixtures live in `fixtures/extract/`: `branching.jsonl` is a tree (a root
//! form, a compaction, branch A with an invalid newer tool form and a label,
//! branch B later in the file with a branch summary, a torn last line);
//! `answer.jsonl` ends with a finished assistant message holding two questions;
//! `tool-use.jsonl` ends with one that stopped for a tool call. The fake
//! completer (`fake-completer.sh DIR`) saves each request as
//! `DIR/request-N.json` and prints `DIR/reply-N` (`HANG`: hangs, `FAIL`: exits 3).

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::{ask, code, run, stdout_json};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/e2e/fixtures/extract");

fn fixture(name: &str) -> String {
    format!("{FIXTURES}/{name}")
}

fn reply(name: &str) -> String {
    std::fs::read_to_string(fixture(&format!("replies/{name}"))).expect("reply fixture")
}

/// A temp dir for one test: settings with a short timeout, the fake
/// completer's replies (one per attempt) and whatever the run writes.
struct Work {
    dir: tempfile::TempDir,
}

impl Work {
    fn new(replies: &[&str]) -> Self {
        Self::with_settings(replies, 1, 30_000)
    }

    fn with_settings(replies: &[&str], retries: u8, timeout_ms: u64) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        let settings = json!({"schemaVersion": 2,
            "answer": {"extractionRetries": retries, "extractionTimeoutMs": timeout_ms}});
        std::fs::write(dir.path().join("settings.json"), settings.to_string()).unwrap();
        for (i, text) in replies.iter().enumerate() {
            std::fs::write(dir.path().join(format!("reply-{}", i + 1)), text).unwrap();
        }
        Self { dir }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn arg(&self, name: &str) -> String {
        self.path(name).to_str().unwrap().to_owned()
    }

    fn write(&self, name: &str, text: &str) -> String {
        std::fs::write(self.path(name), text).unwrap();
        self.arg(name)
    }

    fn completer(&self) -> String {
        format!(
            "sh '{}' '{}'",
            fixture("fake-completer.sh"),
            self.dir.path().display()
        )
    }

    /// The request the completer got on attempt `n`, if it was called.
    fn request(&self, n: u32) -> Option<Value> {
        let text = std::fs::read_to_string(self.path(&format!("request-{n}.json"))).ok()?;
        Some(serde_json::from_str(&text).expect("request is JSON"))
    }

    fn result(&self) -> Value {
        let text = std::fs::read_to_string(self.path("result.json")).expect("result file");
        serde_json::from_str(&text).expect("result is JSON")
    }

    /// Runs `ask <args> --config settings.json` without a terminal.
    fn ask(&self, args: &[&str]) -> Output {
        let mut all: Vec<&str> = args.to_vec();
        let config = self.arg("settings.json");
        all.extend(["--config", &config]);
        run(&ask(&all))
    }

    /// `ask answer --session FIXTURE --completer fake --output result.json <extra>`.
    fn answer(&self, session: &str, extra: &[&str]) -> Output {
        let session = fixture(session);
        let completer = self.completer();
        let output = self.arg("result.json");
        let mut args = vec!["answer", "--session", &session, "--completer", &completer];
        args.extend(["--output", &output]);
        args.extend_from_slice(extra);
        self.ask(&args)
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect()
}

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

// ---- ask extract ----

#[test]
fn extract_walks_request_then_form_with_the_exact_keys() {
    let work = Work::new(&[]);
    let session = fixture("answer.jsonl");
    let out = work.ask(&["extract", "--session", &session]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let status = stdout_json(&out);
    assert_eq!(
        keys(&status),
        ["status", "assistantEntryId", "attempt", "request"]
    );
    assert_eq!(status["status"], "request");
    assert_eq!(status["assistantEntryId"], "a1");
    assert_eq!(status["attempt"], 1);
    assert_eq!(keys(&status["request"]), ["systemPrompt", "userText"]);
    let user_text = status["request"]["userText"].as_str().unwrap();
    assert!(
        user_text.contains("What should the service be called?"),
        "{user_text}"
    );
    assert!(
        !user_text.contains("hmm"),
        "thinking must not reach the model: {user_text}"
    );

    // A fenced reply with prose around it still yields the form.
    let fenced = work.write("r1.txt", &reply("fenced.txt"));
    let out = work.ask(&["extract", "--session", &session, "--response", &fenced]);
    assert_eq!(code(&out), 0);
    let status = stdout_json(&out);
    assert_eq!(keys(&status), ["status", "assistantEntryId", "params"]);
    assert_eq!(status["status"], "form");
    let questions = status["params"]["questions"].as_array().unwrap();
    assert_eq!(questions.len(), 2);
    assert_eq!(questions[0]["id"], "database");
    assert_eq!(questions[1]["options"][0]["freeform"], true);
}

#[test]
fn extract_reports_no_questions_and_retries_an_unparseable_reply() {
    let work = Work::new(&[]);
    let session = fixture("answer.jsonl");
    let none = work.write("none.json", &reply("no-questions.json"));
    let out = work.ask(&["extract", "--session", &session, "--response", &none]);
    assert_eq!(code(&out), 0);
    assert_eq!(
        stdout_json(&out),
        json!({"status": "no_questions", "assistantEntryId": "a1"})
    );

    let prose = work.write("prose.txt", &reply("not-json.txt"));
    let out = work.ask(&["extract", "--session", &session, "--response", &prose]);
    let status = stdout_json(&out);
    assert_eq!(status["status"], "request");
    assert_eq!(status["attempt"], 2);
    let retry = status["request"]["userText"].as_str().unwrap();
    assert!(
        retry.contains("Sure! The message asks"),
        "the retry carries the reply: {retry}"
    );
    assert!(
        retry.contains("Should it use PostgreSQL or SQLite?"),
        "{retry}"
    );

    // answer.extractionRetries is 1: a second bad reply ends it.
    let out = work.ask(&[
        "extract",
        "--session",
        &session,
        "--response",
        &prose,
        "--response",
        &prose,
    ]);
    assert_eq!(code(&out), 0);
    let status = stdout_json(&out);
    assert_eq!(keys(&status), ["status", "error"]);
    assert_eq!(status["status"], "failed");
    let error = status["error"].as_str().unwrap();
    assert!(
        error.starts_with("could not extract questions after 2 attempt(s)"),
        "{error}"
    );
}

#[test]
fn extract_fails_on_a_tool_use_message_and_on_a_branch_without_one() {
    let work = Work::new(&[]);
    let out = work.ask(&["extract", "--session", &fixture("tool-use.jsonl")]);
    assert_eq!(code(&out), 0);
    let status = stdout_json(&out);
    assert_eq!(status["status"], "failed");
    let error = status["error"].as_str().unwrap();
    assert!(
        error.contains("\"a2\"") && error.contains("\"toolUse\""),
        "{error}"
    );

    let out = work.ask(&["extract", "--session", &fixture("no-assistant.jsonl")]);
    let status = stdout_json(&out);
    assert_eq!(status["status"], "failed");
    assert!(
        status["error"]
            .as_str()
            .unwrap()
            .starts_with("no assistant message")
    );
}

#[test]
fn extract_follows_the_leaf_and_skips_the_torn_last_line() {
    let work = Work::new(&[]);
    let session = fixture("branching.jsonl");
    let out = work.ask(&["extract", "--session", &session]);
    assert_eq!(stdout_json(&out)["assistantEntryId"], "a3");
    let out = work.ask(&["extract", "--session", &session, "--leaf", "lA"]);
    let status = stdout_json(&out);
    assert_eq!(status["assistantEntryId"], "a2");
    assert_eq!(
        status["request"]["userText"],
        "Branch A: which queue should we use?"
    );
    let out = work.ask(&["extract", "--session", &session, "--leaf", "c1"]);
    assert_eq!(stdout_json(&out)["assistantEntryId"], "a1");
}

#[test]
fn extract_exits_66_for_unreadable_files() {
    let work = Work::new(&[]);
    let out = work.ask(&["extract", "--session", "/nonexistent/s.jsonl"]);
    assert_eq!(code(&out), 66);
    assert!(
        stderr(&out).contains("/nonexistent/s.jsonl"),
        "{}",
        stderr(&out)
    );
    let session = fixture("answer.jsonl");
    let out = work.ask(&[
        "extract",
        "--session",
        &session,
        "--response",
        "/nonexistent/r.txt",
    ]);
    assert_eq!(code(&out), 66);
    assert!(
        stderr(&out).contains("response file '/nonexistent/r.txt'"),
        "{}",
        stderr(&out)
    );
    assert!(out.stdout.is_empty());
}

// ---- ask answer ----

#[test]
fn answer_with_scripted_answers_writes_the_result_file() {
    let work = Work::new(&[&reply("form.json")]);
    let answers = work.write("answers.json", SUBMIT_ANSWERS);
    let out = work.answer("answer.jsonl", &["--answers", &answers]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(out.stdout.is_empty(), "the result goes to --output only");
    assert_submitted_answers(&work.result());

    let request = work.request(1).expect("the completer was called");
    assert_eq!(keys(&request), ["systemPrompt", "userText", "attempt"]);
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

// ---- ask answer-again / ask replay ----

/// Runs `ask <command> --session branching.jsonl [--leaf L] --no-ui` and
/// returns the question ids of the reopened form.
fn reopened_ids(work: &Work, command: &str, leaf: Option<&str>) -> Vec<String> {
    let session = fixture("branching.jsonl");
    let mut args = vec![command, "--session", &session, "--no-ui"];
    if let Some(leaf) = leaf {
        args.extend(["--leaf", leaf]);
    }
    let out = work.ask(&args);
    assert_eq!(code(&out), 3, "{command} {leaf:?}: {}", stderr(&out));
    stdout_json(&out)["details"]["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn replay_and_answer_again_reopen_the_latest_form_of_the_branch_only() {
    let work = Work::new(&[]);
    // Default leaf: the last entry (branch B; the torn line is skipped).
    assert_eq!(reopened_ids(&work, "replay", None), ["cache"]);
    assert_eq!(reopened_ids(&work, "answer-again", None), ["cache_b"]);
    // A leaf in the middle of the file: branch A, never B's later forms; the
    // newer invalid tool form on A is skipped for the valid one.
    assert_eq!(reopened_ids(&work, "replay", Some("lA")), ["queue"]);
    assert_eq!(
        reopened_ids(&work, "answer-again", Some("lA")),
        ["queue_a", "notes"]
    );
    // Before branch A's forms: the root form.
    assert_eq!(reopened_ids(&work, "replay", Some("a2")), ["root_db"]);
}

#[test]
fn answer_again_answers_a_free_form_question_through_the_run_flags() {
    let work = Work::new(&[]);
    let session = fixture("branching.jsonl");
    let answers = work.write(
        "answers.json",
        r#"{"mode": "submit", "answers": {"queue_a": {"indices": [2]}, "notes": {"customText": "keep retries"}}}"#,
    );
    let output = work.arg("result.json");
    let out = work.ask(&[
        "answer-again",
        "--session",
        &session,
        "--leaf",
        "lA",
        "--answers",
        &answers,
        "--output",
        &output,
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let result = work.result();
    assert_eq!(
        result["details"]["answers"]["queue_a"]["values"],
        json!(["redis"])
    );
    assert_eq!(
        result["details"]["answers"]["notes"]["customText"],
        "keep retries"
    );

    // replay through a headless script: 2 picks Memcached, then submit twice.
    let frame = work.arg("frame.txt");
    let out = work.ask(&[
        "replay",
        "--session",
        &session,
        "--script",
        r#"["2", "1", "1"]"#,
        "--frame-out",
        &frame,
        "--output",
        &output,
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(
        work.result()["details"]["answers"]["cache"]["values"],
        json!(["memcached"])
    );
    assert!(Path::new(&frame).exists());
}

#[test]
fn nothing_to_reopen_exits_4_with_the_reason() {
    let work = Work::new(&[]);
    let session = fixture("branching.jsonl");
    let out = work.ask(&[
        "answer-again",
        "--session",
        &session,
        "--leaf",
        "a2",
        "--no-ui",
    ]);
    assert_eq!(code(&out), 4);
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).contains("no /answer form on the current branch"),
        "{}",
        stderr(&out)
    );
    let out = work.ask(&["replay", "--session", &session, "--leaf", "u1", "--no-ui"]);
    assert_eq!(code(&out), 4);
    assert!(
        stderr(&out).contains("no ask_user form on the current branch"),
        "{}",
        stderr(&out)
    );

    // Only an invalid stored form on the branch.
    let text = std::fs::read_to_string(fixture("branching.jsonl")).unwrap();
    let only_invalid = text
        .lines()
        .filter(|l| !l.contains("\"id\": \"pA1\"") && !l.contains("\"id\": \"p1\""))
        .collect::<Vec<_>>()
        .join("\n")
        .replace("\"parentId\": \"pA1\"", "\"parentId\": \"a2\"")
        .replace("\"parentId\": \"p1\"", "\"parentId\": \"a1\"");
    let broken = work.write("broken.jsonl", &only_invalid);
    let out = work.ask(&["replay", "--session", &broken, "--leaf", "lA", "--no-ui"]);
    assert_eq!(code(&out), 4, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("the stored form is no longer valid"), "{err}");
    assert!(err.contains("\"pA3\""), "{err}");

    let out = work.ask(&["replay", "--session", &session, "--leaf", "zzz", "--no-ui"]);
    assert_eq!(code(&out), 64);
    assert!(stderr(&out).contains("\"zzz\""), "{}", stderr(&out));
    let out = work.ask(&["replay", "--session", "/nonexistent/s.jsonl", "--no-ui"]);
    assert_eq!(code(&out), 66);
}

#[test]
fn help_shows_examples_for_each_session_subcommand() {
    for (command, example) in [
        ("extract", "ask extract --session s.jsonl --response r1.txt"),
        (
            "answer",
            "ask answer --session s.jsonl --completer './complete.sh' --output result.json",
        ),
        (
            "answer-again",
            "ask answer-again --session s.jsonl --output result.json",
        ),
        (
            "replay",
            "ask replay --session s.jsonl --leaf 4f2a --output result.json",
        ),
    ] {
        let out = run(&ask(&[command, "--help"]));
        assert_eq!(code(&out), 0, "{command}");
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains(example), "{command}: {help}");
        assert!(
            help.contains("Exit") || help.contains("exits 0"),
            "{command}: {help}"
        );
    }
}
