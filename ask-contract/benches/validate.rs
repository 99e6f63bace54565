//! Validation speed on a large payload: the budget (ARCHITECTURE.md, "Performance
//! budgets") is validate + normalize
//! of a 1 MiB payload at <= 10 ms median.
//!
//! `serde_json` text parsing is measured on its own so the two costs can be told
//! apart; `parse_params` is what a caller holding a `Value` pays, `parse_params_str`
//! is the whole way from text.

use std::hint::black_box;

use ask_contract::{ParseOptions, parse_params, parse_params_str, payload::parse_params_bytes};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::{Value, json};

const TARGET_BYTES: usize = 1024 * 1024;

/// One realistic question: a long prompt, ten options with descriptions, and
/// multi-line previews on every third question.
fn question(i: usize) -> Value {
    let kind = ["single", "multi", "preview"][i % 3];
    let options: Vec<Value> = (0..10)
        .map(|j| {
            let mut option = json!({
                "value": format!("option-{i}-{j}"),
                "label": format!("  Option {j} for question {i}  "),
                "description": format!(
                    "Trade-off {j}: faster builds, more memory, and a slightly larger binary (question {i})."
                ),
            });
            if kind == "preview" {
                option["preview"] = Value::String(format!(
                    "\n\nfn handler_{i}_{j}(req: Request) -> Response {{\n    let body = render(req.path());\n    Response::ok(body)\n}}\n\n"
                ));
            }
            option
        })
        .collect();
    let mut q = json!({
        "id": format!(" question-{i} "),
        // Every other question without a label (a JSON Schema validator takes `null`
        // for a wrong type, so the same text is valid for both, side by side).
        "label": format!("Q{i} label"),
        "prompt": format!(
            "Question {i}: which approach should the refactor of the request pipeline take, given the constraints in the issue?"
        ),
        "type": kind,
        "required": i.is_multiple_of(4),
        "options": options,
    });
    if i % 2 == 1
        && let Some(fields) = q.as_object_mut()
    {
        fields.remove("label");
    }
    q
}

/// A valid payload of at least 1 MiB of JSON text.
fn payload() -> (Value, String) {
    let mut questions = Vec::new();
    let mut size = 0;
    while size < TARGET_BYTES {
        let q = question(questions.len());
        size += serde_json::to_string(&q).map_or(0, |s| s.len()) + 1;
        questions.push(q);
    }
    let value = json!({"title": "Large generated form", "questions": questions});
    let text = serde_json::to_string(&value).unwrap_or_default();
    (value, text)
}

fn bench(c: &mut Criterion) {
    let (value, text) = payload();
    assert!(
        text.len() >= TARGET_BYTES,
        "payload is {} bytes",
        text.len()
    );
    assert!(parse_params(&value, ParseOptions::default()).is_ok());
    // The same text for a side-by-side run of another validator
    // (tests/pty-bench/validate_vs_ajv.sh reads it from here).
    let dump = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("validate_1mib.json");
    if let Err(err) = std::fs::write(&dump, &text) {
        eprintln!("could not write {}: {err}", dump.display());
    }

    let mut group = c.benchmark_group("validate_1mib");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("serde_json_from_str", |b| {
        b.iter(|| serde_json::from_str::<Value>(black_box(&text)));
    });
    group.bench_function("parse_params", |b| {
        b.iter(|| parse_params(black_box(&value), ParseOptions::default()));
    });
    group.bench_function("parse_params_str", |b| {
        b.iter(|| parse_params_str(black_box(&text), ParseOptions::default()));
    });
    // What `ask validate` runs on the bytes it read.
    group.bench_function("parse_params_bytes", |b| {
        b.iter(|| parse_params_bytes(black_box(text.as_bytes()), ParseOptions::default()));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
