//! Peak memory of reading `elicitation/create` requests of 100,000 choices or 100,000
//! properties (`ElicitationForm::from_request_str`), each in its own child process (this
//! binary re-run with `ASK_ELICITATION_MEMORY_CHILD`), read from `VmHWM`. Budget: 60 times
//! the request's size plus 20 MB; before the payload was written as text, the 1 MB enum
//! took about 150 MB and the 3 MB of properties over 300 MB; with the payload as text, 42
//! MiB and 173 MiB (a `serde_json` map per property held while the request was read); now
//! that a valid request's properties are read one at a time, 36 MiB and 88 MiB. Exits 1
//! when a case is over budget, 2 when a child fails. Run with
//! `cargo bench -p ask-contract --bench elicitation_memory`.

use std::fmt::Write as _;
use std::process::Command;

use ask_contract::elicitation::ElicitationForm;

const CHILD_ENV: &str = "ASK_ELICITATION_MEMORY_CHILD";

fn request(case: &str) -> String {
    let mut properties = String::new();
    match case {
        "enum" => {
            properties.push_str(r#""pick": {"type": "string", "enum": ["#);
            for i in 0..100_000 {
                let _ = write!(properties, "{}\"v{i}\"", if i == 0 { "" } else { "," });
            }
            properties.push_str("]}");
        }
        _ => {
            for i in 0..100_000 {
                let _ = write!(
                    properties,
                    "{}\"p{i}\": {{\"type\": \"string\"}}",
                    if i == 0 { "" } else { "," }
                );
            }
        }
    }
    format!(
        r#"{{"message": "Fill", "requestedSchema": {{"type": "object", "properties": {{{properties}}}}}}}"#
    )
}

fn peak_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

#[allow(clippy::cast_precision_loss)] // figures printed in MB
fn main() {
    if let Ok(case) = std::env::var(CHILD_ENV) {
        let text = request(&case);
        let form = ElicitationForm::from_request_str(&text).expect("a valid request");
        assert!(!form.form().questions.is_empty());
        println!("{} {}", text.len(), peak_kb());
        return;
    }
    let exe = std::env::current_exe().expect("this binary");
    let mut over = false;
    for case in ["enum", "properties"] {
        let out = Command::new(&exe).env(CHILD_ENV, case).output();
        let Some((bytes, kb)) = out.ok().filter(|o| o.status.success()).and_then(|o| {
            let s = String::from_utf8_lossy(&o.stdout).to_string();
            let mut it = s.split_whitespace().map(|n| n.parse::<u64>().ok());
            Some((it.next()??, it.next()??))
        }) else {
            eprintln!("{case}: the child failed");
            std::process::exit(2);
        };
        let budget_kb = (60 * bytes + 20_000_000) / 1024;
        let verdict = if kb > budget_kb { "OVER" } else { "ok" };
        over |= kb > budget_kb;
        println!(
            "elicitation {case:<10} request {:>6.2} MB  peak RSS {:>7.1} MiB  budget {:>7.1} MiB  {verdict}",
            bytes as f64 / 1e6,
            kb as f64 / 1024.0,
            budget_kb as f64 / 1024.0
        );
    }
    if over {
        std::process::exit(1);
    }
}
