//! Answer later: an ask from a client that declares the tasks extension runs as a task
//! kept in the state folder; it survives a restart of the server and is answered after
//! it through `tasks/update`, and only its client sees it.

use crate::AskServer;
use serde_json::{Value, json};

use crate::tests::mrtr::{Client, PAYLOAD, call, meta, options, runtime};

fn task_caps() -> Value {
    json!({"elicitation": {"form": {}}, "extensions": {"io.modelcontextprotocol/tasks": {}}})
}

fn with_meta(mut params: Value, client: &str) -> Value {
    params["_meta"] = meta(client, task_caps());
    params
}

#[test]
fn an_ask_survives_a_restart_as_a_task_and_is_answered_after_it() {
    let state = tempfile::tempdir().unwrap();
    let rt = runtime();
    let id = rt.block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        let created = client
            .request(
                "tools/call",
                call(meta("claude-code", task_caps()), json!({})),
            )
            .await;
        let result = &created["result"];
        assert_eq!(result["resultType"], "task", "{created}");
        assert_eq!(result["status"], "input_required");
        result["taskId"].as_str().unwrap().to_owned()
    });
    let files: Vec<_> = std::fs::read_dir(state.path().join(crate::TASKS_DIR))
        .unwrap()
        .collect();
    assert_eq!(files.len(), 1, "one file per pending ask");

    // A new server on the same state folder (the old one is gone with its runtime).
    drop(rt);
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        let got = client
            .request("tasks/get", with_meta(json!({"taskId": id}), "claude-code"))
            .await;
        assert_eq!(got["result"]["status"], "input_required", "{got}");
        let request = &got["result"]["inputRequests"]["ask_user"];
        assert_eq!(request["params"]["mode"], "form");

        // Another client does not see it.
        let foreign = client
            .request("tasks/get", with_meta(json!({"taskId": id}), "someone-else"))
            .await;
        assert!(foreign.get("error").is_some(), "{foreign}");

        // A reply that breaks the schema: asked again, the problem first.
        let bad = json!({"ask_user": {"action": "accept", "content": {"q01_answer": "mysql"}}});
        let updated = client
            .request("tasks/update", with_meta(json!({"taskId": id, "inputResponses": bad}), "claude-code"))
            .await;
        assert!(updated.get("result").is_some(), "{updated}");
        let again = client
            .request("tasks/get", with_meta(json!({"taskId": id}), "claude-code"))
            .await;
        let message = again["result"]["inputRequests"]["ask_user"]["params"]["message"]
            .as_str()
            .unwrap();
        assert!(message.starts_with("Your last reply could not be used"), "{message}");

        let good = json!({"ask_user": {"action": "accept", "content": {"q01_answer": "pg", "q02_answer": ["rest"]}}});
        client
            .request("tasks/update", with_meta(json!({"taskId": id, "inputResponses": good}), "claude-code"))
            .await;
        let done = client
            .request("tasks/get", with_meta(json!({"taskId": id}), "claude-code"))
            .await;
        assert_eq!(done["result"]["status"], "completed", "{done}");
        let details = &done["result"]["result"]["structuredContent"];
        assert_eq!(details["answers"]["db"]["values"][0], "pg");
        assert_eq!(details["answers"]["api"]["values"][0], "rest");
        assert_eq!(details["answeredVia"], "host");

        // The first answer won: a later one changes nothing.
        let late = json!({"ask_user": {"action": "decline"}});
        client
            .request("tasks/update", with_meta(json!({"taskId": id, "inputResponses": late}), "claude-code"))
            .await;
        let still = client
            .request("tasks/get", with_meta(json!({"taskId": id}), "claude-code"))
            .await;
        assert_eq!(still["result"]["result"]["structuredContent"]["answers"]["db"]["values"][0], "pg");
    });
}

#[test]
fn a_cancelled_task_says_so_and_a_client_without_the_extension_gets_no_task() {
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        let created = client
            .request("tools/call", call(meta("c", task_caps()), json!({})))
            .await;
        let id = created["result"]["taskId"].clone();
        client
            .request("tasks/cancel", with_meta(json!({"taskId": id}), "c"))
            .await;
        let got = client
            .request("tasks/get", with_meta(json!({"taskId": id}), "c"))
            .await;
        assert_eq!(got["result"]["status"], "cancelled", "{got}");

        let plain = client
            .request(
                "tools/call",
                call(meta("c", json!({"elicitation": {"form": {}}})), json!({})),
            )
            .await;
        assert_eq!(plain["result"]["resultType"], "input_required", "{plain}");
        let _ = PAYLOAD;
    });
}

#[test]
fn discover_and_tools_list_speak_2026_07_28() {
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut client = Client::start(AskServer::new(options(state.path())));
        let discovered = client
            .request("server/discover", json!({"_meta": meta("c", json!({}))}))
            .await;
        let text = discovered.to_string();
        assert!(text.contains("2026-07-28"), "{text}");
        assert!(text.contains("io.modelcontextprotocol/tasks"), "{text}");
        let listed = client
            .request("tools/list", json!({"_meta": meta("c", json!({}))}))
            .await;
        let result = &listed["result"];
        assert_eq!(result["tools"][0]["name"], "ask_user", "{listed}");
        assert!(
            result.get("ttlMs").is_some() && result.get("cacheScope").is_some(),
            "{listed}"
        );
        assert_eq!(result["resultType"], "complete");
    });
}

#[test]
fn without_answer_later_a_client_that_declares_tasks_waits_for_the_answer() {
    // Claude Code 2.1.332 declares the tasks extension; a task would tell its model to
    // carry on without the answer, so only `--answer-later` turns an ask into a task.
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut waits = options(state.path());
        waits.answer_later = false;
        let mut client = Client::start(AskServer::new(waits));
        let first = client
            .request(
                "tools/call",
                call(meta("claude-code", task_caps()), json!({})),
            )
            .await;
        assert_eq!(first["result"]["resultType"], "input_required", "{first}");
        assert!(
            !state.path().join(crate::TASKS_DIR).exists()
                || std::fs::read_dir(state.path().join(crate::TASKS_DIR))
                    .unwrap()
                    .next()
                    .is_none(),
            "no task was made"
        );
    });
}
