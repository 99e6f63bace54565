//! MCP 2026-07-28 over rmcp's own transport: per-request capabilities, the client's own
//! form as an `input_required` round, the sealed state (tampered, foreign, replayed,
//! expired), replies that break the schema, decline, and a URL-only client. The client
//! is raw JSON-RPC lines, as a 2026-07-28 client sends them.

use crate::{AskServer, ServerOptions, Ui};
use rmcp::ServiceExt;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

pub(crate) fn options(state: &std::path::Path) -> ServerOptions {
    ServerOptions {
        answer_later: true,
        ..ServerOptions::testing(Ui::Auto, state)
    }
}

pub(crate) const PAYLOAD: &str = r#"{"questions": [
    {"id": "db", "label": "DB", "prompt": "Which database?",
     "options": [{"value": "pg", "label": "PostgreSQL", "recommended": true}, {"value": "lite", "label": "SQLite"}]},
    {"id": "api", "label": "API", "type": "multi", "prompt": "Which APIs?",
     "options": [{"value": "rest", "label": "REST"}, {"value": "grpc", "label": "gRPC"}]}]}"#;

/// A JSON-RPC client on lines, talking to a server on an in-memory pipe.
pub(crate) struct Client {
    write: tokio::io::WriteHalf<tokio::io::DuplexStream>,
    read: BufReader<tokio::io::ReadHalf<tokio::io::DuplexStream>>,
    next: u64,
}

impl Client {
    pub(crate) fn start(server: AskServer) -> Self {
        let (ours, theirs) = tokio::io::duplex(1 << 20);
        let (read, write) = tokio::io::split(theirs);
        tokio::spawn(async move {
            if let Ok(running) = server.serve((read, write)).await {
                let _ = running.waiting().await;
            }
        });
        let (read, write) = tokio::io::split(ours);
        Self {
            write,
            read: BufReader::new(read),
            next: 1,
        }
    }

    /// Sends a notification.
    pub(crate) async fn notify(&mut self, method: &str) {
        let line = json!({"jsonrpc": "2.0", "method": method});
        self.write
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
    }

    /// Sends `method` with `params`, returns the reply with its id (notifications skipped).
    pub(crate) async fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        let line = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.write
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
        loop {
            let mut text = String::new();
            assert!(
                self.read.read_line(&mut text).await.unwrap() > 0,
                "server closed"
            );
            let reply: Value = serde_json::from_str(&text).unwrap();
            if reply["id"] == json!(id) {
                return reply;
            }
        }
    }
}

pub(crate) fn meta(client: &str, caps: Value) -> Value {
    let mut meta = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": client, "version": "1.0"},
    });
    meta["io.modelcontextprotocol/clientCapabilities"] = caps;
    meta
}

pub(crate) fn call(meta: Value, extra: Value) -> Value {
    let mut params =
        json!({"name": "ask_user", "arguments": serde_json::from_str::<Value>(PAYLOAD).unwrap()});
    params["_meta"] = meta;
    if let (Some(params), Value::Object(extra)) = (params.as_object_mut(), extra) {
        params.extend(extra);
    }
    params
}

pub(crate) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

fn form_caps() -> Value {
    json!({"elicitation": {"form": {}}})
}

fn retry(meta: Value, state: &Value, response: Value) -> Value {
    let mut extra = json!({"requestState": state, "inputResponses": {}});
    extra["inputResponses"]["ask_user"] = response;
    call(meta, extra)
}

/// What `ask run --answers` gives for these answers, with `answeredVia: "host"`.
fn expected(answers: &Value) -> Value {
    let form = ask_contract::parse_params(
        &serde_json::from_str(PAYLOAD).unwrap(),
        ask_contract::ParseOptions::default(),
    )
    .unwrap();
    let mut result = ask_state::scripted::scripted_result(&form, answers).unwrap();
    result.details.answered_via = Some(ask_contract::result::AnsweredVia::Host);
    serde_json::to_value(&result.details).unwrap()
}

#[test]
fn a_form_capable_client_gets_input_required_and_its_retry_the_answers() {
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        let first = client
            .request(
                "tools/call",
                call(meta("claude-code", form_caps()), json!({})),
            )
            .await;
        let result = &first["result"];
        assert_eq!(result["resultType"], "input_required", "{first}");
        let request = &result["inputRequests"]["ask_user"];
        assert_eq!(request["method"], "elicitation/create");
        assert_eq!(request["params"]["mode"], "form");
        assert!(request["params"]["requestedSchema"]["properties"]["q01_answer"].is_object());
        let sealed = result["requestState"].clone();
        assert!(sealed.as_str().unwrap().len() < 1024, "{sealed}");

        let content = json!({"q01_answer": "lite", "q02_answer": ["grpc"]});
        let done = client
            .request(
                "tools/call",
                retry(
                    meta("claude-code", form_caps()),
                    &sealed,
                    json!({"action": "accept", "content": content}),
                ),
            )
            .await;
        let result = &done["result"];
        assert_eq!(result["resultType"], "complete", "{done}");
        assert_eq!(
            result["structuredContent"],
            expected(
                &json!({"answers": {"db": {"values": ["lite"]}, "api": {"values": ["grpc"]}}})
            )
        );
        assert_eq!(result["structuredContent"]["answeredVia"], "host");

        // The same state again: a replay, no answers.
        let replay = client
            .request(
                "tools/call",
                retry(
                    meta("claude-code", form_caps()),
                    &sealed,
                    json!({"action": "accept", "content": content}),
                ),
            )
            .await;
        assert_eq!(replay["error"]["code"], -32602, "{replay}");
        assert!(
            replay["error"]["message"]
                .as_str()
                .unwrap()
                .contains("already answered")
        );
    });
}

#[test]
fn tampered_and_foreign_states_give_errors_that_say_why_and_no_answers() {
    let state = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        let mut elsewhere = Client::start(AskServer::new(options(other.path())));
        let first = client
            .request("tools/call", call(meta("a", form_caps()), json!({})))
            .await;
        let sealed = first["result"]["requestState"].as_str().unwrap().to_owned();
        let accept = json!({"action": "accept", "content": {"q01_answer": "pg"}});

        // One character changed.
        let mut bytes = sealed.clone().into_bytes();
        let at = bytes.len() / 3;
        bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
        let tampered = client
            .request(
                "tools/call",
                retry(
                    meta("a", form_caps()),
                    &json!(String::from_utf8(bytes).unwrap()),
                    accept.clone(),
                ),
            )
            .await;
        assert!(
            tampered["error"]["message"]
                .as_str()
                .unwrap()
                .contains("seal does not match"),
            "{tampered}"
        );

        // Another client replays it.
        let foreign = client
            .request(
                "tools/call",
                retry(meta("b", form_caps()), &json!(sealed), accept.clone()),
            )
            .await;
        assert!(
            foreign["error"]["message"]
                .as_str()
                .unwrap()
                .contains("another client"),
            "{foreign}"
        );

        // Another server (another key) is handed it.
        let other_server = elsewhere
            .request(
                "tools/call",
                retry(meta("a", form_caps()), &json!(sealed), accept.clone()),
            )
            .await;
        assert!(
            other_server["error"]["message"]
                .as_str()
                .unwrap()
                .contains("not sealed by this server")
        );

        // Other arguments with the state.
        let mut changed = retry(meta("a", form_caps()), &json!(sealed), accept.clone());
        changed["arguments"]["questions"][0]["prompt"] = json!("Which one?");
        let other_args = client.request("tools/call", changed).await;
        assert!(
            other_args["error"]["message"]
                .as_str()
                .unwrap()
                .contains("other ask_user arguments")
        );

        // No state at all.
        let stateless = client
            .request(
                "tools/call",
                call(
                    meta("a", form_caps()),
                    json!({"inputResponses": {"ask_user": accept}}),
                ),
            )
            .await;
        assert!(
            stateless["error"]["message"]
                .as_str()
                .unwrap()
                .contains("without requestState")
        );

        // The untouched state still works: none of the above redeemed it.
        let good = client
            .request(
                "tools/call",
                retry(meta("a", form_caps()), &json!(sealed), accept),
            )
            .await;
        assert_eq!(
            good["result"]["structuredContent"]["answers"]["db"]["values"][0], "pg",
            "{good}"
        );
    });
}

#[test]
fn a_reply_that_breaks_the_schema_is_asked_again_with_the_problem() {
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        let first = client
            .request("tools/call", call(meta("a", form_caps()), json!({})))
            .await;
        let sealed = first["result"]["requestState"].clone();
        let bad = json!({"action": "accept", "content": {"q01_answer": "mysql"}});
        let again = client
            .request("tools/call", retry(meta("a", form_caps()), &sealed, bad))
            .await;
        let result = &again["result"];
        assert_eq!(result["resultType"], "input_required", "{again}");
        let message = result["inputRequests"]["ask_user"]["params"]["message"]
            .as_str()
            .unwrap();
        assert!(
            message.starts_with("Your last reply could not be used"),
            "{message}"
        );
        assert!(message.contains("mysql"), "{message}");
        assert_ne!(result["requestState"], sealed);
    });
}

#[test]
fn decline_and_cancel_are_the_cancelled_result() {
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        for action in ["decline", "cancel"] {
            let first = client
                .request("tools/call", call(meta("a", form_caps()), json!({})))
                .await;
            let sealed = first["result"]["requestState"].clone();
            let done = client
                .request(
                    "tools/call",
                    retry(meta("a", form_caps()), &sealed, json!({"action": action})),
                )
                .await;
            let details = &done["result"]["structuredContent"];
            assert_eq!(details["cancelled"], true, "{action}: {done}");
            assert_eq!(details["answers"], json!({}));
            assert_eq!(
                done["result"]["content"][0]["text"],
                "User cancelled the ask flow."
            );
        }
    });
}

#[test]
fn capabilities_come_from_each_request_and_undeclared_modes_are_never_used() {
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        // First a request that declares the form, then one that declares nothing.
        let with = client
            .request("tools/call", call(meta("a", form_caps()), json!({})))
            .await;
        assert_eq!(with["result"]["resultType"], "input_required");
        let without = client
            .request("tools/call", call(meta("a", json!({})), json!({})))
            .await;
        assert_eq!(without["result"]["resultType"], "complete", "{without}");
        let text = without["result"]["content"][0]["text"].as_str().unwrap();
        assert!(text.starts_with("Needs user input:"), "{text}");
    });
}

#[test]
fn a_url_only_client_gets_a_loopback_link_and_decline_cancels() {
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        let url_caps = json!({"elicitation": {"url": {}}});
        let first = client
            .request("tools/call", call(meta("a", url_caps.clone()), json!({})))
            .await;
        let request = &first["result"]["inputRequests"]["ask_user"]["params"];
        assert_eq!(request["mode"], "url", "{first}");
        let url = request["url"].as_str().unwrap();
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        let sealed = first["result"]["requestState"].clone();
        let done = client
            .request(
                "tools/call",
                retry(meta("a", url_caps), &sealed, json!({"action": "decline"})),
            )
            .await;
        assert_eq!(
            done["result"]["structuredContent"]["cancelled"], true,
            "{done}"
        );
    });
}

#[test]
fn a_2025_11_25_session_still_gets_no_input_required() {
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(ServerOptions {
            ui: Ui::None,
            ..options(state.path())
        }));
        let init = client
            .request(
                "initialize",
                json!({"protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
                       "clientInfo": {"name": "old", "version": "1"}}),
            )
            .await;
        assert_eq!(init["result"]["protocolVersion"], "2025-11-25");
        client.notify("notifications/initialized").await;
        let called = client
            .request("tools/call", json!({"name": "ask_user", "arguments": serde_json::from_str::<Value>(PAYLOAD).unwrap()}))
            .await;
        assert!(called["result"].get("resultType").is_none(), "{called}");
        assert!(called["result"]["content"][0]["text"].as_str().unwrap().starts_with("Needs user input:"));
    });
}
