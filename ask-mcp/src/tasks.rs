//! Answer later: the tasks extension (`io.modelcontextprotocol/tasks`, MCP 2026-07-28).
//!
//! When a `tools/call ask_user` declares the extension in its `_meta`, the ask becomes a
//! task: the call returns `resultType: "task"` at once, and the ask waits in one file
//! per task under the state folder (`tasks/<id>.json`, the folder owner-only), so it
//! survives a restart of `ask mcp` or of the harness. `tasks/get` shows
//! `input_required` with the client's own form (when the client declared form
//! elicitation) while nobody answered, `tasks/update` answers it, and the surfaces that
//! block here (popup, launcher, the browser opened here) run at the same time: the first
//! answer wins and closes the others. After a restart the form is asked through
//! `tasks/get` only.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

use ask_contract::{ParseOptions, parse_params, result::AskResult};
use rmcp::ErrorData;
use rmcp::model::{
    CreateTaskResult, DetailedTask, InputResponses, JsonObject, Task, TaskPayload, TaskStatus,
};
use rmcp::task_manager::{DEFAULT_POLL_INTERVAL_MS, current_timestamp};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio_util::sync::CancellationToken;

use crate::caps::RequestCaps;
use crate::mrtr::{self, Response};
use crate::outcome::{call_result, cancelled_result};

/// The folder of task files under the state folder.
pub(crate) const TASKS_DIR: &str = "tasks";

/// One pending (or finished) ask, as kept on disk.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TaskFile {
    /// `name@version` of the client that made it; only it sees the task.
    client: String,
    /// The call's arguments (the payload).
    arguments: Value,
    /// The client declared form elicitation: `tasks/get` asks through its form.
    host_form: bool,
    created_at: String,
    last_updated_at: String,
    /// Why the last reply was not taken (leads the form's message).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    problem: Option<String>,
    /// The final `CallToolResult`, once answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    result: Option<JsonObject>,
    /// Ended by `tasks/cancel`.
    #[serde(default)]
    cancelled: bool,
}

/// The tasks of one state folder, with the surfaces still running for them.
pub(crate) struct Tasks {
    dir: PathBuf,
    live: Mutex<HashMap<String, CancellationToken>>,
    lock: Mutex<()>,
}

impl Tasks {
    pub(crate) fn new(state_dir: &std::path::Path) -> Self {
        Self {
            dir: state_dir.join(TASKS_DIR),
            live: Mutex::new(HashMap::new()),
            lock: Mutex::new(()),
        }
    }

    fn path(&self, id: &str) -> Option<PathBuf> {
        let safe = !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_hexdigit());
        safe.then(|| self.dir.join(format!("{id}.json")))
    }

    fn read(&self, id: &str) -> Option<TaskFile> {
        let text = std::fs::read(self.path(id)?).ok()?;
        serde_json::from_slice(&text).ok()
    }

    fn write(&self, id: &str, task: &TaskFile) -> Result<(), ErrorData> {
        let fail = |what: String| ErrorData::internal_error(what, None);
        crate::present::make_private_dir(&self.dir).map_err(|e| fail(e.to_string()))?;
        let path = self
            .path(id)
            .ok_or_else(|| fail(format!("bad task id {id:?}")))?;
        let text = serde_json::to_vec(task).map_err(|e| fail(e.to_string()))?;
        ask_settings::fs::write_atomic(&path, &text)
            .map_err(|e| fail(format!("task file {}: {e}", path.display())))
    }

    /// Makes the task of a call; the caller starts its blocking surfaces with the token.
    pub(crate) fn create(
        &self,
        caps: &RequestCaps,
        arguments: &Value,
    ) -> Result<(String, CreateTaskResult, CancellationToken), ErrorData> {
        let id = crate::mrtr::state::nonce();
        let now = current_timestamp();
        let task = TaskFile {
            client: caps.client_id.clone(),
            arguments: arguments.clone(),
            host_form: caps.declared.form,
            created_at: now.clone(),
            last_updated_at: now,
            problem: None,
            result: None,
            cancelled: false,
        };
        self.write(&id, &task)?;
        let token = CancellationToken::new();
        if let Ok(mut live) = self.live.lock() {
            live.insert(id.clone(), token.clone());
        }
        let created = CreateTaskResult::new(base(&id, &task, status(&task)));
        Ok((id, created, token))
    }

    /// Ends the task with `result` unless it already ended (the first answer wins);
    /// the other surfaces are stopped. True when this answer won.
    pub(crate) fn finish(&self, id: &str, result: &AskResult, cancelled: bool) -> bool {
        let won = {
            let Ok(_guard) = self.lock.lock() else {
                return false;
            };
            let Some(mut task) = self.read(id) else {
                return false;
            };
            if task.result.is_some() {
                false
            } else {
                task.result = serde_json::to_value(call_result(result))
                    .ok()
                    .and_then(|v| v.as_object().cloned());
                task.cancelled = cancelled;
                task.problem = None;
                task.last_updated_at = current_timestamp();
                self.write(id, &task).is_ok()
            }
        };
        if let Some(token) = self.live.lock().ok().and_then(|mut l| l.remove(id)) {
            token.cancel();
        }
        won
    }

    /// `tasks/get`.
    pub(crate) fn get(&self, id: &str, caps: &RequestCaps) -> Result<DetailedTask, ErrorData> {
        let task = self.owned(id, caps)?;
        let payload = match (&task.result, task.cancelled) {
            (Some(_), true) => TaskPayload::Cancelled,
            (Some(result), false) => TaskPayload::Completed {
                result: result.clone(),
            },
            (None, _) => match form_of(&task).filter(|_| task.host_form) {
                Some(form) => match mrtr::form_request(&form, task.problem.as_deref()) {
                    Some(input_requests) => TaskPayload::InputRequired { input_requests },
                    None => TaskPayload::Working,
                },
                None => TaskPayload::Working,
            },
        };
        Ok(DetailedTask::new(
            base(id, &task, payload.status()),
            payload,
        ))
    }

    /// `tasks/update`: the client's form answered. A reply that breaks the schema is
    /// kept as the problem the form is asked again with.
    pub(crate) fn update(
        &self,
        id: &str,
        caps: &RequestCaps,
        responses: &InputResponses,
    ) -> Result<(), ErrorData> {
        let mut task = self.owned(id, caps)?;
        if task.result.is_some() {
            return Ok(());
        }
        let form = form_of(&task).ok_or_else(|| {
            ErrorData::internal_error(format!("task {id}: its payload no longer parses"), None)
        })?;
        let problem = match mrtr::read_response(Some(responses)) {
            Response::Unusable(why) => why,
            Response::Reply(reply) => match mrtr::form_reply(&form, &reply) {
                Ok(result) => {
                    // Decline is an answer (the cancelled result), not a cancelled task.
                    self.finish(id, &result, false);
                    return Ok(());
                }
                Err(problems) => problems.join("; "),
            },
        };
        task.problem = Some(format!(
            "Your last reply could not be used: {problem}. Please answer again."
        ));
        task.last_updated_at = current_timestamp();
        self.write(id, &task)
    }

    /// `tasks/cancel`: the ask ends as cancelled; its surfaces close.
    pub(crate) fn cancel(&self, id: &str, caps: &RequestCaps) -> Result<(), ErrorData> {
        let task = self.owned(id, caps)?;
        if let Some(form) = form_of(&task) {
            self.finish(id, &cancelled_result(&form), true);
        }
        Ok(())
    }

    /// The task, if it exists and belongs to this client.
    fn owned(&self, id: &str, caps: &RequestCaps) -> Result<TaskFile, ErrorData> {
        match self.read(id) {
            Some(task) if task.client == caps.client_id => Ok(task),
            _ => Err(ErrorData::invalid_params(
                format!(
                    "no task {id:?} of this client (it never existed, or another client made it)"
                ),
                None,
            )),
        }
    }
}

fn form_of(task: &TaskFile) -> Option<ask_contract::AskForm> {
    parse_params(&task.arguments, ParseOptions::default()).ok()
}

fn status(task: &TaskFile) -> TaskStatus {
    match (&task.result, task.cancelled) {
        (Some(_), true) => TaskStatus::Cancelled,
        (Some(_), false) => TaskStatus::Completed,
        (None, _) if task.host_form => TaskStatus::InputRequired,
        (None, _) => TaskStatus::Working,
    }
}

fn base(id: &str, task: &TaskFile, status: TaskStatus) -> Task {
    Task::new(id, status, &task.created_at, &task.last_updated_at)
        .with_poll_interval_ms(DEFAULT_POLL_INTERVAL_MS)
}
