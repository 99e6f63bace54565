//! The real `ask` binary, end to end (ARCHITECTURE.md, "Performance budgets").
//!
//! - `small_script`: process start to result file for `ask run --script` on a
//!   small form (target <= 10 ms).
//! - `large_form/keys_0` and `large_form/keys_N`: the same on a 30-question x
//!   40-option form with previews, with no keys and with N keys; the per-key
//!   cost is `(keys_N - keys_0) / N`, each key going through key resolution,
//!   the reducer and a full 120x40 frame, exactly as in the terminal.
//!
//! Peak RSS is not measured here; see the README (`/usr/bin/time -v`).

use std::hint::black_box;
use std::path::Path;
use std::process::Command;

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

const SMALL: &str = r#"{"questions": [
  {"id": "db", "prompt": "Which database?", "options": [
    {"value": "pg", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}]},
  {"id": "feat", "prompt": "Which features?", "type": "multi", "options": [
    {"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"}]}]}"#;

fn large_form() -> Value {
    let questions: Vec<Value> = (0..30)
        .map(|q| {
            let options: Vec<Value> = (0..40)
                .map(|o| {
                    let preview: Vec<String> = (0..20)
                        .map(|l| format!("fn option_{o}_line_{l}() {{ /* preview of question {q} */ }}"))
                        .collect();
                    json!({"value": format!("v{o}"), "label": format!("Option {o} of question {q}"),
                        "description": "A description long enough to wrap on a narrow terminal window",
                        "preview": preview.join("\n")})
                })
                .collect();
            json!({"id": format!("q{q}"), "prompt": format!("Question {q}: which option fits best?"),
                "type": if q % 3 == 0 { "preview" } else if q % 3 == 1 { "multi" } else { "single" },
                "options": options})
        })
        .collect();
    json!({"title": "Large form", "questions": questions})
}

/// Keys that move through every option of every question and answer it.
fn large_keys(n: usize) -> Value {
    let cycle = ["down", "down", "down", "up", "space", "n", "esc", "tab"];
    Value::Array(cycle.iter().cycle().take(n).map(|k| json!(k)).collect())
}

fn ask(dir: &Path, payload: &Path, script: &Value, size: (u16, u16)) {
    let status = Command::new(env!("CARGO_BIN_EXE_ask"))
        .arg("run")
        .arg("--input")
        .arg(payload)
        .arg("--output")
        .arg(dir.join("r.json"))
        .arg("--config")
        .arg(dir.join("ask-user.json"))
        .arg("--cwd")
        .arg(dir)
        .arg("--script")
        .arg(script.to_string())
        .args([
            "--width",
            &size.0.to_string(),
            "--height",
            &size.1.to_string(),
        ])
        .status()
        .expect("run ask");
    assert!(
        status.code().is_some_and(|c| c <= 1),
        "ask failed: {status}"
    );
}

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small.json");
    std::fs::write(&small, SMALL).unwrap();
    let large = dir.path().join("large.json");
    std::fs::write(&large, large_form().to_string()).unwrap();

    let submit = json!(["down", "enter", "space", "down", "space", "enter", "1", "1"]);
    c.bench_function("binary/small_script", |b| {
        b.iter(|| ask(dir.path(), &small, black_box(&submit), (80, 24)));
    });

    let mut group = c.benchmark_group("binary/large_form");
    group.sample_size(20);
    group.bench_function("keys_0", |b| {
        b.iter(|| ask(dir.path(), &large, &large_keys(0), (120, 40)));
    });
    group.bench_function("keys_400", |b| {
        b.iter(|| ask(dir.path(), &large, &large_keys(400), (120, 40)));
    });
    group.finish();
}

criterion_group!(binary, benches);
criterion_main!(binary);
