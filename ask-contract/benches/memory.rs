//! Peak memory of validating payloads of every awkward shape at (just under) the 16 MiB
//! cap, `MAX_PAYLOAD_BYTES`. Budget for each: peak RSS at most 20 times the payload size
//! plus 20 MB.
//!
//! Each shape is measured in its own child process (this same binary, re-run with
//! `ASK_MEMORY_CHILD` naming the shape) so neither the parent nor another shape counts;
//! the child builds the payload, validates it with `parse_params_str` and reads its
//! high-water mark (`VmHWM` in `/proc/self/status`). The process prints one line per
//! shape and exits 1 when any shape is over budget (2 when a child fails or a shape
//! validates differently than expected). Run with
//! `cargo bench -p ask-contract --bench memory`.

use std::process::Command;

use ask_contract::{ParseOptions, parse_params_str, payload::MAX_PAYLOAD_BYTES};

const CHILD_ENV: &str = "ASK_MEMORY_CHILD";

/// How close to the cap the payloads come.
const TARGET_BYTES: usize = MAX_PAYLOAD_BYTES - 64;

/// One question whose options are `item` repeated.
const OPTIONS_HEAD: &str = r#"{"questions": [{"id": "q", "prompt": "p", "options": ["#;
const OPTIONS_TAIL: &str = "]}]}";

/// A valid question whose `field` holds `item` repeated.
const FIELD_TAIL: &str = r#"], "options": [{"value": "a", "label": "A"}]}]}"#;

/// Nesting 40 objects deep in a field the contract does not know.
const DEEP: &str = concat!(
    r#"{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":"#,
    r#"{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":"#,
    r#"{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":"#,
    r#"{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":[1, "x"]"#,
    "}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}",
);

/// A shape: its name, the payload's head, one repeated element (given its index),
/// the tail, and whether the payload is valid.
struct Shape {
    name: &'static str,
    head: &'static str,
    item: fn(usize, &mut String),
    tail: &'static str,
    valid: bool,
}

const SHAPES: &[Shape] = &[
    Shape {
        name: "options {}",
        head: OPTIONS_HEAD,
        item: |_, s| s.push_str("{}"),
        tail: OPTIONS_TAIL,
        valid: false,
    },
    Shape {
        name: r#"options {"":{"":{}}}"#,
        head: OPTIONS_HEAD,
        item: |_, s| s.push_str(r#"{"":{"":{}}}"#),
        tail: OPTIONS_TAIL,
        valid: false,
    },
    Shape {
        name: "options [[]]",
        head: OPTIONS_HEAD,
        item: |_, s| s.push_str("[[]]"),
        tail: OPTIONS_TAIL,
        valid: false,
    },
    Shape {
        name: r#"options {"a":{}}"#,
        head: OPTIONS_HEAD,
        item: |_, s| s.push_str(r#"{"a":{}}"#),
        tail: OPTIONS_TAIL,
        valid: false,
    },
    Shape {
        name: "options 0",
        head: OPTIONS_HEAD,
        item: |_, s| s.push('0'),
        tail: OPTIONS_TAIL,
        valid: false,
    },
    Shape {
        name: r#"options {"label":0}"#,
        head: OPTIONS_HEAD,
        item: |_, s| s.push_str(r#"{"label":0}"#),
        tail: OPTIONS_TAIL,
        valid: false,
    },
    Shape {
        name: "questions {}",
        head: r#"{"questions": ["#,
        item: |_, s| s.push_str("{}"),
        tail: "]}",
        valid: false,
    },
    Shape {
        name: "unknown field, deep nesting",
        head: r#"{"questions": [{"id": "q", "prompt": "p", "meta": ["#,
        item: |_, s| s.push_str(DEEP),
        tail: FIELD_TAIL,
        valid: true,
    },
    Shape {
        name: r#""label": [[],[],...]"#,
        head: r#"{"questions": [{"id": "q", "prompt": "p", "label": ["#,
        item: |_, s| s.push_str("[]"),
        tail: FIELD_TAIL,
        valid: false,
    },
    Shape {
        name: "valid, many questions",
        head: r#"{"questions": ["#,
        item: |i, s| {
            s.push_str(r#"{"id":"q"#);
            s.push_str(&i.to_string());
            s.push_str(
                r#"","prompt":"p","options":[{"value":"a","label":"A"},{"value":"b","label":"B"}]}"#,
            );
        },
        tail: "]}",
        valid: true,
    },
];

/// `head`, items separated by commas while they fit in [`TARGET_BYTES`], `tail`, built
/// in place so the payload itself is the only large allocation.
fn payload(shape: &Shape) -> String {
    let mut text = String::with_capacity(TARGET_BYTES);
    let mut item = String::new();
    text.push_str(shape.head);
    for i in 0.. {
        item.clear();
        if i > 0 {
            item.push(',');
        }
        (shape.item)(i, &mut item);
        if text.len() + item.len() + shape.tail.len() > TARGET_BYTES {
            break;
        }
        text.push_str(&item);
    }
    text.push_str(shape.tail);
    text
}

/// The peak resident set size of this process in bytes, from `/proc/self/status`.
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Prints `payload_bytes peak_bytes issues valid` for the named shape.
fn child(name: &str) {
    let shape = SHAPES
        .iter()
        .find(|s| s.name == name)
        .expect("a known shape");
    let text = payload(shape);
    let result = parse_params_str(&text, ParseOptions::default());
    let peak = peak_rss().unwrap_or(0);
    let issues = result.as_ref().map_or_else(|e| e.issues().len(), |_| 0);
    println!(
        "{} {peak} {issues} {}",
        text.len(),
        u8::from(result.is_ok())
    );
}

/// Tenths of a MiB, exact in integers.
fn mib(b: u64) -> String {
    format!(
        "{}.{}",
        b / (1024 * 1024),
        b % (1024 * 1024) * 10 / (1024 * 1024)
    )
}

fn main() {
    if let Some(name) = std::env::var_os(CHILD_ENV) {
        child(&name.to_string_lossy());
        return;
    }
    let exe = std::env::current_exe().expect("bench binary path");
    let mut over = 0;
    for shape in SHAPES {
        let out = Command::new(&exe)
            .env(CHILD_ENV, shape.name)
            .output()
            .expect("run the measuring child");
        let text = String::from_utf8_lossy(&out.stdout);
        let fields: Vec<u64> = text
            .split_whitespace()
            .filter_map(|f| f.parse().ok())
            .collect();
        let [payload_bytes, peak, issues, valid] = fields[..] else {
            eprintln!(
                "{}: the measuring child failed: {text}{}",
                shape.name,
                String::from_utf8_lossy(&out.stderr)
            );
            std::process::exit(2);
        };
        if (valid == 1) != shape.valid {
            eprintln!(
                "{}: expected a {} payload, got {issues} issues",
                shape.name,
                if shape.valid { "valid" } else { "invalid" }
            );
            std::process::exit(2);
        }
        let budget = 20 * payload_bytes + 20 * 1024 * 1024;
        let outcome = if shape.valid {
            "valid".to_owned()
        } else {
            format!("{issues} issue{}", if issues == 1 { "" } else { "s" })
        };
        let verdict = if peak > budget {
            over += 1;
            "  OVER BUDGET"
        } else {
            ""
        };
        println!(
            "{:<30} payload {} MiB, peak RSS {:>5} MiB, budget {} MiB, {outcome}{verdict}",
            shape.name,
            mib(payload_bytes),
            mib(peak),
            mib(budget)
        );
        if peak == 0 {
            println!("skipped the budget check: /proc/self/status has no VmHWM on this system");
            return;
        }
    }
    if over > 0 {
        eprintln!("{over} shape(s) over budget (20 x payload + 20 MB)");
        std::process::exit(1);
    }
}
