//! MCP 2026-07-28 rounds through the whole server (`serve_io`: the line framing, rmcp's
//! dispatch, the form mapping, the seal) on an in-memory pipe, for a 30-question form with 40 options
//! each: `tools/call` to `input_required` (budget: under 5 ms median), the retry with
//! the answers to the result (under 5 ms), and the sealed `requestState`'s size (under
//! 8 KB), printed before the timings. Run with `cargo bench -p ask-mcp --bench mrtr`.

use std::time::{Duration, Instant};

use ask_mcp::{ServerOptions, Ui};
use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

const QUESTIONS: usize = 30;
const OPTIONS: usize = 40;

fn payload() -> Value {
    let questions: Vec<Value> = (0..QUESTIONS)
        .map(|i| {
            let options: Vec<Value> = (0..OPTIONS)
                .map(|j| json!({"value": format!("o{j}"), "label": format!("Option {j} of question {i}"),
                                "description": format!("What option {j} costs and gives")}))
                .collect();
            json!({"id": format!("q{i}"), "label": format!("Q{i}"), "prompt": format!("Question {i}?"), "options": options})
        })
        .collect();
    json!({"title": "Thirty questions", "questions": questions})
}

fn call(extra: &Value) -> Value {
    let mut params = json!({"name": "ask_user", "arguments": payload(), "_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
    }});
    if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
        p.extend(e.clone());
    }
    params
}

/// What the client keeps of a reply.
#[derive(serde::Deserialize)]
struct Reply {
    id: u64,
    #[serde(default)]
    result: Outcome,
}

#[derive(serde::Deserialize, Default, Debug)]
#[serde(rename_all = "camelCase")]
struct Outcome {
    result_type: String,
    request_state: Option<String>,
}

struct Client {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    read: BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>,
    next: u64,
}

impl Client {
    fn start(options: ServerOptions) -> Self {
        let (ours, theirs) = tokio::io::duplex(1 << 22);
        let (read, write) = tokio::io::split(theirs);
        tokio::spawn(ask_mcp::serve_io(options, read, write));
        let (read, write) = tokio::io::split(ours);
        Self {
            write,
            read: BufReader::new(read),
            next: 1,
        }
    }

    /// The request as one line (made before timing starts).
    fn line(&mut self, params: &Value) -> (u64, String) {
        let id = self.next;
        self.next += 1;
        let line = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params});
        (id, format!("{line}\n"))
    }

    /// Sends the line; the text of the reply with its id.
    async fn exchange(&mut self, (id, line): (u64, String)) -> String {
        self.write.write_all(line.as_bytes()).await.unwrap();
        loop {
            let mut text = String::new();
            self.read.read_line(&mut text).await.unwrap();
            // The whole reply is read as JSON, but only what is checked is kept (a
            // 130 KB reply as a Value took the client 0.7 ms of the measured time).
            let reply: Reply = serde_json::from_str(&text).unwrap();
            if reply.id == id {
                return text;
            }
        }
    }

    async fn send(&mut self, line: (u64, String)) -> Outcome {
        let text = self.exchange(line).await;
        let reply: Reply = serde_json::from_str(&text).unwrap();
        reply.result
    }
}

/// The CPU time this thread used so far (the runtime is single-threaded: the server
/// and the client), from Linux's `/proc/thread-self/schedstat` (zero elsewhere).
fn cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// Prints the mean CPU time per call of a bench function (wall time on a loaded
/// machine also counts the time other processes ran).
fn report_cpu(name: &str, cpu: Duration, calls: u32) {
    if calls > 0 {
        eprintln!(
            "mrtr: {name}: mean CPU per call {:.2} ms over {calls} calls",
            (cpu / calls).as_secs_f64() * 1000.0
        );
    }
}

fn answers() -> Value {
    let mut content = serde_json::Map::new();
    for i in 0..QUESTIONS {
        content.insert(
            format!("q{:02}_answer", i + 1),
            json!(format!("o{}", i % OPTIONS)),
        );
    }
    json!({"action": "accept", "content": content})
}

fn rounds(c: &mut Criterion) {
    let state = tempfile::tempdir().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut options = ServerOptions::from_env(Ui::Auto, "ask".into(), |_| None);
    options.state_dir = state.path().to_path_buf();
    let mut client = runtime.block_on(async { Client::start(options) });
    let first = call(&json!({}));
    let sample: Value = runtime.block_on(async {
        let line = client.line(&first);
        serde_json::from_str(&client.exchange(line).await).unwrap()
    });
    let sealed = sample["result"]["requestState"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(sample["result"]["resultType"], "input_required");
    let schema = sample["result"]["inputRequests"]["ask_user"]["params"]["requestedSchema"]
        .to_string()
        .len();
    eprintln!(
        "mrtr: {QUESTIONS}x{OPTIONS} form: sealed requestState {} bytes (budget 8192); requestedSchema {schema} bytes",
        sealed.len()
    );
    assert!(sealed.len() < 8192);

    let mut group = c.benchmark_group("mrtr_30x40");
    group.measurement_time(Duration::from_secs(8));
    let (mut cpu_used, mut calls) = (Duration::ZERO, 0_u32);
    group.bench_function("tools_call_to_input_required", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let line = client.line(&first);
                let (start, on_cpu) = (Instant::now(), cpu());
                let reply = runtime.block_on(client.send(line));
                total += start.elapsed();
                cpu_used += cpu().saturating_sub(on_cpu);
                calls += 1;
                assert_eq!(reply.result_type, "input_required");
            }
            total
        });
    });
    report_cpu("tools_call_to_input_required", cpu_used, calls);
    let answer = answers();
    let (mut cpu_used, mut calls) = (Duration::ZERO, 0_u32);
    group.bench_function("retry_to_result", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                // A fresh state each time (a state is redeemed once), made off the clock.
                let line = client.line(&first);
                let reply = runtime.block_on(client.send(line));
                let state = reply.request_state;
                let retry =
                    call(&json!({"requestState": state, "inputResponses": {"ask_user": answer}}));
                let line = client.line(&retry);
                let (start, on_cpu) = (Instant::now(), cpu());
                let done = runtime.block_on(client.send(line));
                total += start.elapsed();
                cpu_used += cpu().saturating_sub(on_cpu);
                calls += 1;
                assert_eq!(done.result_type, "complete", "{done:?}");
            }
            total
        });
    });
    report_cpu("retry_to_result", cpu_used, calls);
    group.finish();
}

criterion_group!(benches, rounds);
criterion_main!(benches);
