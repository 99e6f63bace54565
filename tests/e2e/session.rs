//! The pi session subcommands: extract, answer (with a completer), replay,
//! answer-again. Without a terminal the reopened form gives the
//! non-interactive result.

use std::fmt::Write as _;

use serde_json::{Value, json};

use crate::support::{ask, code, run, stdout_json, temp_file};

const HEADER: &str = r#"{"type":"session","version":3,"id":"s","timestamp":"","cwd":"/w"}"#;

fn session(extra: &[Value]) -> String {
    let mut text = format!("{HEADER}\n");
    let mut lines = vec![
        json!({"type":"message","id":"u1","parentId":null,"timestamp":"","message":{"role":"user","content":"Set up the service"}}),
        json!({"type":"message","id":"a1","parentId":"u1","timestamp":"","message":{"role":"assistant","content":[{"type":"text","text":"Should it use PostgreSQL or SQLite?"}],"stopReason":"stop"}}),
    ];
    lines.extend_from_slice(extra);
    for line in lines {
        let _ = writeln!(text, "{line}");
    }
    text
}

fn payload_entry(id: &str, parent: &str, source: &str) -> Value {
    json!({"type":"custom","customType":"ask:payload","id":id,"parentId":parent,"timestamp":"",
        "data":{"version":1,"timestamp":1,"source":source,"sourceEntryId":"a1","params":{"questions":[
            {"id":"db","prompt":"Which database?","options":[{"value":"pg","label":"PostgreSQL"}]}]}}})
}

#[test]
fn extract_prints_the_first_request_then_the_form() {
    let (dir, path) = temp_file("s.jsonl", &session(&[]));
    let config = dir.path().join("c.json");
    let s = path.to_str().unwrap();
    let c = config.to_str().unwrap();
    let out = run(&ask(&["extract", "--session", s, "--config", c]));
    assert_eq!(code(&out), 0);
    let status = stdout_json(&out);
    assert_eq!(status["status"], "request");
    assert_eq!(status["assistantEntryId"], "a1");
    assert_eq!(
        status["request"]["userText"],
        "Should it use PostgreSQL or SQLite?"
    );
    let reply = dir.path().join("reply.txt");
    std::fs::write(
        &reply,
        r#"{"questions":[{"id":"db","prompt":"Which database?","options":[{"value":"pg","label":"PostgreSQL"},{"value":"sqlite","label":"SQLite"}]}]}"#,
    )
    .unwrap();
    let out = run(&ask(&[
        "extract",
        "--session",
        s,
        "--config",
        c,
        "--response",
        reply.to_str().unwrap(),
    ]));
    let status = stdout_json(&out);
    assert_eq!(status["status"], "form");
    assert_eq!(
        status["params"]["questions"][0]["options"][1]["value"],
        "sqlite"
    );
}

#[test]
fn answer_runs_the_completer_then_asks_without_a_terminal() {
    let (dir, path) = temp_file("s.jsonl", &session(&[]));
    let reply = dir.path().join("reply.json");
    std::fs::write(
        &reply,
        r#"{"questions":[{"id":"db","prompt":"Which database?","options":[{"value":"pg","label":"PostgreSQL"}]}]}"#,
    )
    .unwrap();
    let seen = dir.path().join("seen.json");
    let completer = format!("cat > {}; cat {}", seen.display(), reply.display());
    let config = dir.path().join("c.json");
    let out = run(&ask(&[
        "answer",
        "--session",
        path.to_str().unwrap(),
        "--completer",
        &completer,
        "--config",
        config.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 3, "{}", String::from_utf8_lossy(&out.stderr));
    let result = stdout_json(&out);
    assert_eq!(result["details"]["questions"][0]["id"], "db");
    let request: Value = serde_json::from_str(&std::fs::read_to_string(&seen).unwrap()).unwrap();
    assert_eq!(request["attempt"], 1);
    assert!(request["systemPrompt"].as_str().unwrap().len() > 100);
}

#[test]
fn a_failing_completer_counts_as_an_empty_reply_until_retries_run_out() {
    let (dir, path) = temp_file("s.jsonl", &session(&[]));
    let config = dir.path().join("c.json");
    let out = run(&ask(&[
        "answer",
        "--session",
        path.to_str().unwrap(),
        "--completer",
        "exit 7",
        "--config",
        config.to_str().unwrap(),
    ]));
    assert_eq!(code(&out), 4);
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("exit 7") && stderr.contains("status 7"),
        "{stderr}"
    );
}

#[test]
fn replay_reopens_the_stored_tool_form_and_answer_again_the_extracted_one() {
    let text = session(&[
        payload_entry("p1", "a1", "tool"),
        payload_entry("p2", "p1", "answer-extraction"),
    ]);
    let (_dir, path) = temp_file("s.jsonl", &text);
    let s = path.to_str().unwrap();
    for command in ["replay", "answer-again"] {
        let out = run(&ask(&[command, "--session", s]));
        assert_eq!(code(&out), 3, "{command}");
        assert_eq!(
            stdout_json(&out)["details"]["questions"][0]["prompt"],
            "Which database?"
        );
    }
}

#[test]
fn nothing_to_replay_exits_4_with_the_reason() {
    let (_dir, path) = temp_file("s.jsonl", &session(&[]));
    let out = run(&ask(&["replay", "--session", path.to_str().unwrap()]));
    assert_eq!(code(&out), 4);
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no ask_user form"));
    let out = run(&ask(&["replay", "--session", "/nonexistent/s.jsonl"]));
    assert_eq!(code(&out), 66);
    let out = run(&ask(&[
        "replay",
        "--session",
        path.to_str().unwrap(),
        "--leaf",
        "zzz",
    ]));
    assert_eq!(code(&out), 64);
}
