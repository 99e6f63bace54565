//! `ask answer-again` and `ask replay` on `branching.jsonl`: the latest valid
//! form of the branch, never a sibling's; exit 4 when there is none.

use std::path::Path;

use serde_json::json;

use super::{Work, fixture, stderr};
use crate::support::{code, stdout_json};

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
fn print_form_gives_the_stored_form_that_replay_would_open() {
    let work = Work::new(&[]);
    let session = fixture("branching.jsonl");
    let out = work.ask(&[
        "replay",
        "--session",
        &session,
        "--leaf",
        "lA",
        "--print-form",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let form = stdout_json(&out);
    assert_eq!(
        form["questions"][0]["id"],
        json!("queue"),
        "the newer invalid form is skipped"
    );
    let out = work.ask(&[
        "answer-again",
        "--session",
        &session,
        "--leaf",
        "lA",
        "--print-form",
    ]);
    let form = stdout_json(&out);
    // A stored form with the old free-form marker replays as a text question.
    assert_eq!(form["questions"][1]["type"], "text", "{form}");
    assert_eq!(form["questions"][1]["options"], json!([]));
}
