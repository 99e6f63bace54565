//! `ask mcp` over stdio with the real binary: the handshake, the tool, results, errors,
//! a launcher that answers, and the exit when stdin closes. Real MCP clients (the Python
//! SDK, inspector-cli, the conformance runner) and tmux popups are in tests/mcp-e2e.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};

use serde_json::{Value, json};

use crate::support::{ask, detached, temp_file};

const PAYLOAD: &str = r#"{"questions": [
  {"id": "db", "prompt": "Which database?", "options": [{"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]},
  {"id": "feat", "type": "multi", "prompt": "Which features?", "options": [{"value": "a", "label": "Auth"}, {"value": "c", "label": "Chat"}]}]}"#;

struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: BufReader<std::process::ChildStdout>,
    next: u64,
}

impl Server {
    fn start(args: &[&str], state: &std::path::Path, env: &[(&str, &std::path::Path)]) -> Self {
        let mut cmd = ask(&[&["mcp"], args].concat());
        cmd.env("XDG_STATE_HOME", state)
            .env_remove("TMUX")
            .env_remove("TMUX_PANE");
        for (name, value) in env {
            cmd.env(name, value);
        }
        let mut child = detached(&cmd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn ask mcp");
        let stdin = child.stdin.take();
        let lines = BufReader::new(child.stdout.take().expect("stdout"));
        let mut server = Self {
            child,
            stdin,
            lines,
            next: 0,
        };
        let hello = json!({"protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "e2e", "version": "1"}});
        let init = server.request("initialize", &hello);
        assert_eq!(init["result"]["serverInfo"]["name"], "ask-mcp", "{init}");
        server.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        server
    }

    fn send(&mut self, message: &Value) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{message}").expect("write to ask mcp");
        stdin.flush().expect("flush");
    }

    fn request(&mut self, method: &str, params: &Value) -> Value {
        self.next += 1;
        let id = self.next;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let mut line = String::new();
            assert!(
                self.lines.read_line(&mut line).expect("read") > 0,
                "ask mcp closed stdout before answering {method}"
            );
            let message: Value = serde_json::from_str(&line).expect("a JSON-RPC line");
            if message["id"] == id {
                return message;
            }
        }
    }

    fn close(mut self) -> i32 {
        drop(self.stdin.take());
        self.child.wait().expect("wait").code().expect("exit code")
    }
}

#[test]
fn ask_mcp_lists_one_tool_and_answers_without_a_form_with_the_needs_user_input_result() {
    let state = tempfile::tempdir().unwrap();
    let mut server = Server::start(&["--ui", "none"], state.path(), &[]);
    let tools = server.request("tools/list", &json!({}));
    let tools = tools["result"]["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1);
    assert_eq!(tools[0]["name"], "ask_user");
    assert_eq!(tools[0]["inputSchema"]["required"], json!(["questions"]));
    assert_eq!(tools[0]["annotations"]["readOnlyHint"], true);
    let args: Value = serde_json::from_str(PAYLOAD).unwrap();
    let call = server.request(
        "tools/call",
        &json!({"name": "ask_user", "arguments": args}),
    );
    let result = &call["result"];
    assert_eq!(result["isError"], false);
    assert!(
        result["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("Needs user input")
    );
    assert_eq!(result["structuredContent"]["cancelled"], true);
    assert_eq!(result["structuredContent"]["questions"][1]["id"], "feat");
    assert_eq!(server.close(), 0, "stdin closed: a clean exit");
}

#[test]
fn ask_mcp_reports_invalid_payloads_as_tool_errors_and_unknown_tools_as_json_rpc_errors() {
    let state = tempfile::tempdir().unwrap();
    let mut server = Server::start(&["--ui", "none"], state.path(), &[]);
    let call = server.request(
        "tools/call",
        &json!({"name": "ask_user", "arguments": {"questions": []}}),
    );
    assert_eq!(call["result"]["isError"], true, "{call}");
    assert!(
        call["result"]["content"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("Invalid ask_user payload:")
    );
    assert_eq!(
        call["result"]["structuredContent"]["error"]["kind"],
        "invalid_input"
    );
    let unknown = server.request("tools/call", &json!({"name": "ask", "arguments": {}}));
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");
    assert!(
        unknown["error"]["message"]
            .as_str()
            .unwrap()
            .contains("\"ask\"")
    );
    assert_eq!(
        server.request("prompts/list", &json!({}))["error"]["code"],
        -32601
    );
    assert_eq!(server.close(), 0);
}

#[test]
fn a_launcher_runs_the_form_and_the_result_equals_ask_run_answers() {
    let state = tempfile::tempdir().unwrap();
    let answers = r#"{"mode": "submit", "answers": {"db": {"values": ["lite"]}, "feat": {"values": ["a", "c"], "note": "SSO"}}}"#;
    let (dir, answers_path) = temp_file("answers.json", answers);
    // The launcher gets `ask run --input ... --output ...` appended; this one answers
    // with --answers instead of a person.
    let launch = "sh -c 'exec \"$@\" --answers \"$ASK_TEST_ANSWERS\"' launcher";
    let mut server = Server::start(
        &["--ui", "launch", "--launch", launch],
        state.path(),
        &[("ASK_TEST_ANSWERS", &answers_path)],
    );
    let args: Value = serde_json::from_str(PAYLOAD).unwrap();
    let call = server.request(
        "tools/call",
        &json!({"name": "ask_user", "arguments": args}),
    );
    let (_p, payload_path) = temp_file("payload.json", PAYLOAD);
    let expected = ask(&[
        "run",
        "--input",
        payload_path.to_str().unwrap(),
        "--answers",
        answers_path.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    let expected: Value = serde_json::from_slice(&expected.stdout).unwrap();
    assert_eq!(
        call["result"]["structuredContent"], expected["details"],
        "{call}"
    );
    assert_eq!(call["result"]["content"], expected["content"]);
    assert_eq!(server.close(), 0);
    drop(dir);
}

#[test]
fn ask_mcp_refuses_a_remote_address_and_a_launch_ui_without_a_launcher() {
    let out = ask(&["mcp", "--http", "0.0.0.0:0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--allow-remote"));
    let out = ask(&["mcp", "--ui", "launch", "--config", "/nonexistent/ask.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--launch CMD"));
    let help = ask(&["mcp", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    for flag in [
        "--ui",
        "--launch",
        "--http",
        "--allow-remote",
        "--config",
        "popup",
        "elicit",
    ] {
        assert!(help.contains(flag), "--help lacks {flag}");
    }
}

/// `mcp.launch` is a typed setting: a value that is not a command string is named on
/// stderr with the file and what was expected, and `--ui launch` then asks for a launcher.
#[test]
fn ask_mcp_says_which_mcp_launch_setting_is_bad_and_how_to_fix_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("ask.json");
    let text = r#"{"schemaVersion": 3, "mcp": {"launch": 5}}"#;
    std::fs::write(&config, text).unwrap();
    let out = ask(&[
        "mcp",
        "--ui",
        "launch",
        "--config",
        config.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(64));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("mcp.launch should be a shell command as a string")
            && stderr.contains("found the number 5")
            && stderr.contains(&config.display().to_string())
            && stderr.contains("--launch CMD"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&config).unwrap(),
        text,
        "never rewritten"
    );
}

/// A line that is not JSON, or is longer than any message may be, gets a JSON-RPC error
/// (with no id: it could not be read) instead of silence, and the server goes on.
#[test]
fn lines_that_are_not_json_or_too_long_get_a_json_rpc_error_and_the_server_goes_on() {
    let state = tempfile::tempdir().expect("temp dir");
    let mut server = Server::start(&["--ui", "none"], state.path(), &[]);
    let next_line = |server: &mut Server| {
        let mut line = String::new();
        assert!(
            server.lines.read_line(&mut line).expect("read") > 0,
            "stdout closed"
        );
        serde_json::from_str::<Value>(&line).expect("a JSON-RPC line")
    };
    {
        let stdin = server.stdin.as_mut().expect("stdin open");
        writeln!(
            stdin,
            r#"{{"jsonrpc": "2.0", "id": 41, "method": "tools/list""#
        )
        .unwrap();
        stdin.flush().unwrap();
    }
    let reply = next_line(&mut server);
    assert_eq!(reply["error"]["code"], -32700, "{reply}");
    assert_eq!(reply["id"], Value::Null, "{reply}");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not JSON"),
        "{reply}"
    );
    {
        // 17 MiB on one line: over the cap, read to its end without being kept.
        let stdin = server.stdin.as_mut().expect("stdin open");
        let big = format!(
            r#"{{"jsonrpc": "2.0", "id": 42, "method": "tools/call", "params": {{"name": "ask_user", "arguments": {{"title": "{}"}}}}}}"#,
            "x".repeat(17 * 1024 * 1024)
        );
        writeln!(stdin, "{big}").unwrap();
        stdin.flush().unwrap();
    }
    let reply = next_line(&mut server);
    assert_eq!(reply["error"]["code"], -32600, "{reply}");
    assert!(
        reply["error"]["message"]
            .as_str()
            .unwrap()
            .contains("at most"),
        "{reply}"
    );
    // The server still answers.
    let tools = server.request("tools/list", &json!({}));
    assert_eq!(tools["result"]["tools"][0]["name"], "ask_user", "{tools}");
    assert_eq!(server.close(), 0);
}
