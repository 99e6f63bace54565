//! Peak memory of validating a huge broken payload: one question with 1,000,000 empty
//! options (4 MB of JSON, two issues per option). Budget: peak RSS at most 20 times the
//! payload size plus 20 MB.
//!
//! The measurement runs in a child process (this same binary, re-run with
//! `ASK_MEMORY_CHILD` set) so the parent's own allocations do not count; the child reads
//! its high-water mark (`VmHWM` in `/proc/self/status`) after validating. The process
//! exits 1 when the budget is exceeded. Run with `cargo bench -p ask-contract --bench memory`.

use std::process::Command;

use ask_contract::{ParseOptions, parse_params_str};

const OPTIONS: usize = 1_000_000;
const CHILD_ENV: &str = "ASK_MEMORY_CHILD";

/// `{"questions": [{"id": "q", "prompt": "p", "options": [{}, {}, ...]}]}`, built without
/// intermediate collections so the payload itself is the only large allocation.
fn payload() -> String {
    let mut text = String::with_capacity(OPTIONS * 4 + 64);
    text.push_str(r#"{"questions": [{"id": "q", "prompt": "p", "options": ["#);
    for i in 0..OPTIONS {
        text.push_str(if i == 0 { "{}" } else { ", {}" });
    }
    text.push_str("]}]}");
    text
}

/// The peak resident set size of this process in bytes, from `/proc/self/status`.
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn child() {
    let text = payload();
    let err = parse_params_str(&text, ParseOptions::default()).expect_err("the payload is invalid");
    let issues = err.issues().len();
    let peak = peak_rss().unwrap_or(0);
    println!("{} {peak} {issues}", text.len());
}

fn main() {
    if std::env::var_os(CHILD_ENV).is_some() {
        child();
        return;
    }
    let exe = std::env::current_exe().expect("bench binary path");
    let out = Command::new(exe)
        .env(CHILD_ENV, "1")
        .output()
        .expect("run the measuring child");
    let text = String::from_utf8_lossy(&out.stdout);
    let fields: Vec<u64> = text
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    let [payload_bytes, peak, issues] = fields[..] else {
        eprintln!(
            "the measuring child failed: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::process::exit(2);
    };
    let budget = 20 * payload_bytes + 20 * 1024 * 1024;
    // Tenths of a MiB, exact in integers.
    let mb = |b: u64| {
        format!(
            "{}.{}",
            b / (1024 * 1024),
            b % (1024 * 1024) * 10 / (1024 * 1024)
        )
    };
    println!(
        "validate_1m_empty_options: payload {} MiB, peak RSS {} MiB, budget {} MiB, {issues} issues reported",
        mb(payload_bytes),
        mb(peak),
        mb(budget)
    );
    if peak == 0 {
        println!("skipped the budget check: /proc/self/status has no VmHWM on this system");
    } else if peak > budget {
        eprintln!("over budget: peak RSS {peak} bytes > {budget} bytes");
        std::process::exit(1);
    }
}
