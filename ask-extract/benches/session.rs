//! Reading a large pi session and finding what `/answer` and replay need.
//!
//! No budget is set for this (ARCHITECTURE.md, "Performance budgets"); the figures show that a long
//! session (tool results of several KiB on most turns, about 16 MiB) is read in
//! one streamed pass and that the lookups on the branch cost next to nothing.
//! Reply parsing is measured on a reply wrapped in prose and a code fence.

use std::fmt::Write as _;
use std::hint::black_box;

use ask_extract::{
    lookup::{Source, latest_assistant_message, latest_payload},
    next_step,
    session::PiSession,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::json;

/// A linear session of `turns` user/assistant/tool-result turns, with an
/// `ask:payload` entry every tenth turn.
fn session_text(turns: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"{{"type":"session","version":3,"id":"bench","timestamp":"2026-01-01T00:00:00Z","cwd":"/w"}}"#
    );
    let tool_output = "line of tool output with some text in it\n".repeat(100);
    let mut parent = serde_json::Value::Null;
    let mut push = |out: &mut String, id: String, body: serde_json::Value| {
        let mut entry = json!({"id": id, "parentId": parent, "timestamp": "2026-01-01T00:00:00Z"});
        if let (Some(entry), Some(body)) = (entry.as_object_mut(), body.as_object()) {
            entry.extend(body.clone());
        }
        let _ = writeln!(out, "{entry}");
        parent = json!(id);
    };
    for t in 0..turns {
        push(
            &mut out,
            format!("u{t}"),
            json!({"type": "message", "message": {"role": "user", "content": [{"type": "text", "text": "Go on with the next step"}]}}),
        );
        push(
            &mut out,
            format!("a{t}"),
            json!({"type": "message", "message": {"role": "assistant", "content": [{"type": "thinking", "thinking": "planning"}, {"type": "text", "text": "Running the tests."}, {"type": "toolCall", "id": format!("c{t}"), "name": "bash", "arguments": {"command": "cargo test"}}], "stopReason": "toolUse"}}),
        );
        push(
            &mut out,
            format!("r{t}"),
            json!({"type": "message", "message": {"role": "toolResult", "toolCallId": format!("c{t}"), "toolName": "bash", "content": [{"type": "text", "text": tool_output}], "isError": false}}),
        );
        if t % 10 == 0 {
            push(
                &mut out,
                format!("p{t}"),
                json!({"type": "custom", "customType": "ask:payload", "data": {"version": 1, "timestamp": 0, "source": "tool", "params": {"questions": [{"id": "db", "prompt": "Which database?", "options": [{"value": "pg", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}]}]}}}),
            );
        }
    }
    push(
        &mut out,
        "last".into(),
        json!({"type": "message", "message": {"role": "assistant", "content": [{"type": "text", "text": "Done. Should I also update the changelog?"}], "stopReason": "stop"}}),
    );
    out
}

fn bench_session(c: &mut Criterion) {
    let text = session_text(4000);
    let mut group = c.benchmark_group("session");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function("read 4000 turns", |b| {
        b.iter(|| PiSession::from_reader(black_box(text.as_bytes())).unwrap());
    });
    let session = PiSession::from_reader(text.as_bytes()).unwrap();
    group.bench_function("branch and lookups", |b| {
        b.iter(|| {
            let branch = session.branch(None).unwrap();
            let message = latest_assistant_message(&branch).unwrap();
            let stored = latest_payload(&branch, Source::Tool).unwrap();
            black_box((message, stored))
        });
    });
    group.finish();
}

fn bench_reply(c: &mut Criterion) {
    let options: Vec<_> = (0..4)
        .map(|j| json!({"value": format!("v{j}"), "label": format!("Option {j}"), "description": "a short explanation"}))
        .collect();
    let questions: Vec<_> = (0..20)
        .map(|i| json!({"id": format!("q{i}"), "prompt": format!("Question {i}: which one {{braces}} do you want?"), "options": options}))
        .collect();
    let reply = format!(
        "Here is the form you asked for:\n\n```json\n{}\n```\n\nLet me know if anything is off.",
        serde_json::to_string_pretty(&json!({"questions": questions})).unwrap()
    );
    c.bench_function("reply: 20 questions in prose and a fence", |b| {
        b.iter(|| next_step("message", black_box(&[reply.as_str()]), 1));
    });
}

criterion_group!(benches, bench_session, bench_reply);
criterion_main!(benches);
