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

mod answer;
mod completer;
mod replay;

use std::path::PathBuf;
use std::process::Output;

use serde_json::{Value, json};

use crate::support::{ask, code, keys_in_order, run, stdout_json};

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

/// The keys of the object at `path` in printed JSON, in printed order.
fn keys(text: &[u8], path: &[&str]) -> Vec<String> {
    keys_in_order(text, path)
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
        keys(&out.stdout, &[]),
        ["status", "assistantEntryId", "attempt", "request"]
    );
    assert_eq!(status["status"], "request");
    assert_eq!(status["assistantEntryId"], "a1");
    assert_eq!(status["attempt"], 1);
    assert_eq!(
        keys(&out.stdout, &["request"]),
        ["systemPrompt", "userText"]
    );
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
    assert_eq!(
        keys(&out.stdout, &[]),
        ["status", "assistantEntryId", "params"]
    );
    assert_eq!(keys(&out.stdout, &["params"]), ["questions"]);
    assert_eq!(status["status"], "form");
    let questions = status["params"]["questions"].as_array().unwrap();
    assert_eq!(questions.len(), 2);
    assert_eq!(questions[0]["id"], "database");
    // The open question (the model's freeform marker) comes out as a text question.
    assert_eq!(questions[1]["type"], "text");
    assert_eq!(questions[1]["options"], json!([]));
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
    assert_eq!(keys(&out.stdout, &[]), ["status", "error"]);
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
