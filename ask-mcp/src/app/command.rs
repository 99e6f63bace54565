//! `ask_app`: what the page asks of its form through the client. The answers mirror the
//! browser form's HTTP API (`ask_web`'s `/api/command`): a `status` as that API's, its
//! `body`, and the view model after the request, so the page's code is the same for both.

use std::sync::Arc;
use std::time::Duration;

use ask_contract::{ParseOptions, parse_params, result::AnsweredVia};
use ask_host::control::{ControlCommand, ControlError, ControlEvent, ControlHandle, Controller};
use rmcp::model::{CallToolResult, JsonObject};
use serde_json::{Value, json};

use super::Apps;
use crate::present::form_key;

/// The view model now: the same JSON the browser page gets.
fn view(controller: &Controller) -> Value {
    serde_json::to_value(&*controller.live().view).unwrap_or(Value::Null)
}

fn refused(status: u16, err: &ControlError) -> (u16, Value) {
    let line = ControlEvent::error(err).to_line();
    (status, serde_json::from_str(&line).unwrap_or(Value::Null))
}

/// Answers one `ask_app` call.
pub(crate) async fn handle(apps: &Arc<Apps>, args: &JsonObject) -> CallToolResult {
    if let Some(open) = args.get("open") {
        let form = match parse_params(open, ParseOptions::default()) {
            Ok(form) => form,
            Err(err) => {
                return reply(
                    400,
                    &json!({"message": format!("not an ask_user payload: {err}")}),
                    None,
                );
            }
        };
        return match apps.open(&form_key(&form)).await {
            Some((token, controller)) => {
                let mut out = reply(200, &json!({"ok": true}), Some(&controller));
                if let Some(Value::Object(map)) = out.structured_content.as_mut() {
                    map.insert("token".into(), Value::String(token));
                }
                out
            }
            None => reply(
                202,
                &json!({"message": "this form waits for its turn (another is open)"}),
                None,
            ),
        };
    }
    let token = args.get("token").and_then(Value::as_str).unwrap_or("");
    let Some(controller) = apps.get(token) else {
        let (status, body) = refused(410, &ControlError::Disconnected);
        return reply(status, &body, None);
    };
    let (status, body) = if let Some(command) = args.get("command") {
        let line = command.to_string();
        let handle = controller.connect(AnsweredVia::App);
        tokio::task::spawn_blocking(move || apply(&handle, &line))
            .await
            .unwrap_or_else(|_| refused(410, &ControlError::Disconnected))
    } else {
        (200, json!({"ok": true}))
    };
    reply(status, &body, Some(&controller))
}

fn reply(status: u16, body: &Value, controller: Option<&Controller>) -> CallToolResult {
    let mut out = json!({"status": status, "body": body});
    if let Some(controller) = controller {
        out["view"] = view(controller);
    }
    CallToolResult::structured(out)
}

/// Sends the command line and waits until the session took it, as `/api/command` does:
/// 200 with the revision that shows it, or the session's refusal (409 after the form
/// ended, 410 when it is gone, 400 otherwise).
fn apply(handle: &ControlHandle, line: &str) -> (u16, Value) {
    let status_of = |event: &ControlEvent| match event {
        ControlEvent::Error {
            code: "alreadyCompleted",
            ..
        } => 409,
        ControlEvent::Error { code: "closed", .. } => 410,
        _ => 400,
    };
    let sent = ControlCommand::parse_line(line).and_then(|c| handle.send(c));
    match sent {
        Ok(()) => {}
        Err(err @ ControlError::AlreadyCompleted(_)) => return refused(409, &err),
        Err(err @ ControlError::Disconnected) => return refused(410, &err),
        Err(err) => return refused(400, &err),
    }
    let error = handle.wait_taken(Duration::from_secs(30)).err();
    match error {
        Some(event) => (
            status_of(&event),
            serde_json::from_str(&event.to_line()).unwrap_or(Value::Null),
        ),
        None => (200, json!({"ok": true, "revision": handle.live().revision})),
    }
}
