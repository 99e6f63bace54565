//! The MCP server handler: one tool, `ask_user`, one form at a time.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use ask_contract::{AskForm, ParseOptions, parse_params, result::AskResult};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CancelTaskParams, GetTaskParams,
    GetTaskResult, Implementation, InitializeRequestParams, InitializeResult, ListToolsResult,
    PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities, ServerConfig,
    UpdateTaskParams,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use tokio::sync::{Notify, Semaphore};
use tokio_util::sync::CancellationToken;

use crate::caps::RequestCaps;
pub(crate) use crate::options::{ServerOptions, Ui};
use crate::outcome::{call_result, cancelled_result, no_form_result};
use crate::present::{
    Call, ElicitPresenter, FormFiles, LaunchPresenter, PopupPresenter, Presented, Presenter,
    RunCommand, TtyPresenter, WebPresenter, WebVia,
};
use crate::tool::{INSTRUCTIONS, TOOL_NAME};

/// How often a progress notification goes out while the person answers.
pub(crate) const PROGRESS_INTERVAL: Duration = Duration::from_secs(10);

/// The `ask_user` MCP server. Clones share one queue: one form at a time for the one
/// person behind the server, first come first served, across every session.
#[derive(Clone)]
pub(crate) struct AskServer {
    shared: Arc<Shared>,
}

pub(crate) struct Shared {
    pub(crate) options: ServerOptions,
    pub(crate) presenters: Vec<Box<dyn Presenter>>,
    /// The presenters a 2026-07-28 call may block on, by surface (`None` for
    /// [`AskServer::with_presenters`], whose presenters are tried as they are).
    pub(crate) kit: Option<Kit>,
    queue: Semaphore,
    waiting: AtomicUsize,
    running: AtomicUsize,
    idle: Notify,
    stop: CancellationToken,
    /// The request-state sealer, made on the first 2026-07-28 call (`None` inside when
    /// the state folder cannot hold its key).
    pub(crate) sealer: std::sync::OnceLock<Option<crate::mrtr::state::Sealer>>,
    /// Asks running as tasks (one file each under the state folder).
    pub(crate) tasks: crate::tasks::Tasks,
    /// Browser forms whose link went out in a 2026-07-28 round, by id.
    pub(crate) links: std::sync::Mutex<std::collections::HashMap<String, crate::round::Link>>,
    /// Forms shown in the client's app (the MCP Apps extension), see [`crate::app`].
    pub(crate) apps: Arc<crate::app::Apps>,
}

/// The blocking presenters of `--ui`, by surface, for per-request decisions.
pub(crate) struct Kit {
    pub(crate) popup: Option<Box<dyn Presenter>>,
    pub(crate) launch: Option<Box<dyn Presenter>>,
    pub(crate) browser: Box<dyn Presenter>,
    pub(crate) tty: Box<dyn Presenter>,
}

impl AskServer {
    /// A server with these options.
    pub(crate) fn new(options: ServerOptions) -> Self {
        let run = RunCommand {
            ask_bin: options.ask_bin.clone(),
            config: options.config.clone(),
        };
        let popup = || -> Option<Box<dyn Presenter>> {
            let tmux = options.tmux.clone()?;
            Some(Box::new(PopupPresenter {
                tmux,
                run: run.clone(),
            }))
        };
        let launch = || -> Option<Box<dyn Presenter>> {
            let launch = options.launch.clone()?;
            Some(Box::new(LaunchPresenter {
                launch,
                run: run.clone(),
            }))
        };
        let elicit = || -> Option<Box<dyn Presenter>> { Some(Box::new(ElicitPresenter)) };
        let web = |via: WebVia| -> Option<Box<dyn Presenter>> {
            Some(Box::new(WebPresenter::new(
                via,
                options.config.clone(),
                options.announce_link,
            )))
        };
        let kit = Kit {
            popup: popup(),
            launch: launch(),
            browser: Box::new(WebPresenter::new(
                if options.ui == Ui::Web {
                    WebVia::Any
                } else {
                    WebVia::Browser
                },
                options.config.clone(),
                options.announce_link,
            )),
            tty: Box::new(TtyPresenter { run: run.clone() }),
        };
        let presenters: Vec<Box<dyn Presenter>> = match options.ui {
            Ui::Auto => [
                popup(),
                launch(),
                web(WebVia::Elicitation),
                elicit(),
                web(WebVia::Browser),
            ]
            .into_iter()
            .flatten()
            .collect(),
            Ui::Popup => popup().into_iter().collect(),
            Ui::Launch => launch().into_iter().collect(),
            Ui::Web => web(WebVia::Any).into_iter().collect(),
            Ui::Elicit => elicit().into_iter().collect(),
            Ui::Tty => vec![Box::new(TtyPresenter { run: run.clone() })],
            Ui::None => Vec::new(),
        };
        let mut server = Self::with_presenters(options, presenters);
        if let Some(shared) = Arc::get_mut(&mut server.shared) {
            shared.kit = Some(kit);
        }
        server
    }

    /// A server that tries exactly these presenters, in order (`options.ui` and
    /// `options.launch` are then not consulted): for embedders with their own way to
    /// show a form.
    pub(crate) fn with_presenters(
        options: ServerOptions,
        presenters: Vec<Box<dyn Presenter>>,
    ) -> Self {
        let tasks = crate::tasks::Tasks::new(&options.state_dir);
        Self {
            shared: Arc::new(Shared {
                options,
                presenters,
                kit: None,
                tasks,
                sealer: std::sync::OnceLock::new(),
                links: std::sync::Mutex::new(std::collections::HashMap::new()),
                apps: Arc::default(),
                queue: Semaphore::new(1),
                waiting: AtomicUsize::new(0),
                running: AtomicUsize::new(0),
                idle: Notify::new(),
                stop: CancellationToken::new(),
            }),
        }
    }

    /// The presenters `--ui` leaves, in the order they are tried.
    #[cfg(test)]
    pub(crate) fn presenter_names(&self) -> Vec<&'static str> {
        self.shared.presenters.iter().map(|p| p.name()).collect()
    }

    /// Cancels every call (their forms close and answer with the cancelled result) and
    /// waits up to `grace` for them to finish.
    pub(crate) async fn shutdown(&self, grace: Duration) {
        self.shared.stop.cancel();
        let _ = tokio::time::timeout(grace, async {
            while self.shared.running.load(Ordering::SeqCst) > 0 {
                let notified = self.shared.idle.notified();
                if self.shared.running.load(Ordering::SeqCst) == 0 {
                    break;
                }
                notified.await;
            }
        })
        .await;
    }

    /// A token that is cancelled when the server shuts down; calls cancel with it.
    pub(crate) fn stop_token(&self) -> CancellationToken {
        self.shared.stop.clone()
    }

    /// Answers one `ask_user` call: validates the arguments, waits for its turn, shows
    /// the form and returns the result. `cancel` ends it early (the cancelled result).
    #[cfg(test)]
    pub(crate) async fn ask(
        &self,
        arguments: serde_json::Value,
        client: String,
        cancel: CancellationToken,
        peer: Option<rmcp::Peer<RoleServer>>,
        progress: impl Fn(usize, usize, Option<&str>) + Send + Sync,
    ) -> AskResult {
        self.ask_reporting(arguments, client, cancel, peer, Some(progress))
            .await
    }

    /// [`AskServer::ask`], with no clock at all while the form is open when `progress`
    /// is `None` (the client gave no progress token, so there is nothing to tell it).
    pub(crate) async fn ask_reporting(
        &self,
        arguments: serde_json::Value,
        client: String,
        cancel: CancellationToken,
        peer: Option<rmcp::Peer<RoleServer>>,
        progress: Option<impl Fn(usize, usize, Option<&str>) + Send + Sync>,
    ) -> AskResult {
        let form = match parse_params(&arguments, ParseOptions::default()) {
            Ok(form) => form,
            Err(err) => return AskResult::invalid(err.issues().to_vec()),
        };
        let presenters: Vec<&dyn Presenter> =
            self.shared.presenters.iter().map(AsRef::as_ref).collect();
        self.ask_with(form, &presenters, client, cancel, peer, progress)
            .await
            .unwrap_or_else(|form| no_form_result(&form))
    }

    /// Shows `form` through the first of `presenters` that can, one form at a time;
    /// `Err(form)` when none could. `progress` is called every [`PROGRESS_INTERVAL`] and
    /// when the form gets a link; with `None` nothing here wakes until the form ends.
    pub(crate) async fn ask_with(
        &self,
        form: AskForm,
        presenters: &[&dyn Presenter],
        client: String,
        cancel: CancellationToken,
        peer: Option<rmcp::Peer<RoleServer>>,
        progress: Option<impl Fn(usize, usize, Option<&str>) + Send + Sync>,
    ) -> Result<AskResult, AskForm> {
        if presenters.is_empty() {
            return Err(form);
        }
        let shared = &self.shared;
        shared.waiting.fetch_add(1, Ordering::SeqCst);
        let permit = tokio::select! {
            permit = shared.queue.acquire() => permit.ok(),
            () = cancel.cancelled() => None,
        };
        shared.waiting.fetch_sub(1, Ordering::SeqCst);
        let Some(_permit) = permit else {
            return Ok(cancelled_result(&form));
        };
        let Ok(files) = FormFiles::create(&form, &shared.options.state_dir) else {
            return Err(form);
        };
        let mut call = Call {
            form,
            client,
            waiting: shared.waiting.load(Ordering::SeqCst),
            files,
            cancel,
            peer,
        };
        let total = call.form.questions.len();
        // Every PROGRESS_INTERVAL, and at once when the form gets a link (the browser
        // form), which the message then carries: the client may hide our stderr.
        let mut linked = call.files.watch_link();
        let ticker = async {
            let Some(progress) = progress else {
                return std::future::pending().await;
            };
            loop {
                tokio::select! {
                    () = tokio::time::sleep(PROGRESS_INTERVAL) => {}
                    Ok(()) = linked.changed() => {}
                }
                let link = call.files.link();
                progress(call.files.answered().unwrap_or(0), total, link.as_deref());
            }
        };
        let presented = async {
            for presenter in presenters {
                self.announce(&format!("asking through {}", presenter.name()));
                match presenter.present(&call).await {
                    Presented::Done(result) => return Some(*result),
                    Presented::Unavailable(why) => {
                        self.announce(&format!("{} unavailable: {why}", presenter.name()));
                    }
                }
                if call.cancel.is_cancelled() {
                    return Some(cancelled_result(&call.form));
                }
            }
            None
        };
        let result = tokio::select! {
            result = presented => result,
            () = ticker => None,
        };
        call.peer = None;
        result.ok_or(call.form)
    }

    /// Hands `line` to [`ServerOptions::announce_surface`].
    pub(crate) fn announce(&self, line: &str) {
        if let Some(announce) = self.shared.options.announce_surface {
            announce(line);
        }
    }

    pub(crate) fn shared(&self) -> &Shared {
        &self.shared
    }
}

impl ServerHandler for AskServer {
    fn get_info(&self) -> ServerConfig {
        // Tasks are offered only with `--answer-later` (see `ServerOptions::answer_later`).
        let capabilities = if self.shared.options.answer_later {
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .enable_tasks()
                .build()
        } else {
            // Resources: the MCP App's page, for a client that declared the extension
            // (a 2025-11-25 client that did not is told none in `initialize`).
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build()
        };
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("ask-mcp", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        context.peer.set_peer_info(request.clone());
        let mut result = self.negotiate_initialize(&request)?;
        // The page is the only resource: offered where the app is.
        let caps = RequestCaps::from_parts(
            false,
            Some(&request.client_info),
            Some(&request.capabilities),
        );
        if !self.offers_app(&caps) {
            result.capabilities.resources = None;
        }
        Ok(result)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let caps = RequestCaps::of(&context);
        Ok(ListToolsResult::with_all_items(self.tools_for(&caps)))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ListResourcesResult, ErrorData> {
        let caps = RequestCaps::of(&context);
        crate::app::list_resources(self.offers_app(&caps))
    }

    async fn read_resource(
        &self,
        request: rmcp::model::ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ReadResourceResponse, ErrorData> {
        let caps = RequestCaps::of(&context);
        crate::app::read_resource(self.offers_app(&caps), &request.uri)
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        let caps = RequestCaps::of(&context);
        let task = self.shared.tasks.get(&request.task_id, &caps)?;
        Ok(GetTaskResult::new(task))
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let caps = RequestCaps::of(&context);
        self.shared
            .tasks
            .update(&request.task_id, &caps, &request.input_responses)
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let caps = RequestCaps::of(&context);
        self.shared.tasks.cancel(&request.task_id, &caps)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if request.name == crate::app::APP_TOOL {
            let caps = RequestCaps::of(&context);
            return self
                .call_app(request.arguments, &caps)
                .await
                .map(Into::into);
        }
        if request.name != TOOL_NAME {
            return Err(ErrorData::invalid_params(
                format!(
                    "unknown tool {:?}; this server has one tool, {TOOL_NAME:?}",
                    request.name
                ),
                None,
            ));
        }
        let shared = &self.shared;
        shared.running.fetch_add(1, Ordering::SeqCst);
        let cancel = shared.stop.child_token();
        let request_ct = context.ct.clone();
        let linked = cancel.clone();
        let link = tokio::spawn(async move {
            request_ct.cancelled().await;
            linked.cancel();
        });
        let caps = RequestCaps::of(&context);
        // No progress notifications on a 2026-07-28 call: with Claude Code 2.1.332 a popup
        // call ended cancelled at the first one (10 s in), so a person who took longer
        // than that lost the form (harness-e2e scenario 11). Its 30-minute idle limit is
        // then the bound, as for a client that sends no progress token.
        let token = context
            .meta
            .get_progress_token()
            .filter(|_| !caps.per_request);
        let peer = context.peer.clone();
        let sent = AtomicUsize::new(0);
        let progress = |answered: usize, total: usize, link: Option<&str>| {
            let Some(token) = token.clone() else { return };
            let n = sent.fetch_add(1, Ordering::SeqCst) + 1;
            let peer = peer.clone();
            let mut param = ProgressNotificationParam::new(
                token,
                f64::from(u32::try_from(n).unwrap_or(u32::MAX)),
            );
            param.message = Some(crate::outcome::progress_message(answered, total, link));
            tokio::spawn(async move {
                let _ = peer.notify_progress(param).await;
            });
        };
        let response = if caps.per_request && !self.offers_app(&caps) {
            // MCP 2026-07-28: no session; everything comes from this request.
            self.call_per_request(request, &caps, cancel).await
        } else {
            // A 2025-11-25 session, or a client that shows the MCP App (either era): the
            // call stays pending until the form ends. On 2026-07-28 the server may not ask
            // the client anything outside an `input_required` round, so no peer is handed
            // to the presenters there (a page that never opens falls back to the others).
            let arguments = serde_json::Value::Object(request.arguments.unwrap_or_default());
            let peer = (!caps.per_request).then(|| context.peer.clone());
            let progress = token.is_some().then_some(progress);
            let result = if self.offers_app(&caps) {
                self.ask_in_app(arguments, caps.client.clone(), cancel, peer, progress)
                    .await
            } else {
                self.ask_reporting(arguments, caps.client.clone(), cancel, peer, progress)
                    .await
            };
            let out: CallToolResult = call_result(&result);
            Ok(out.into())
        };
        link.abort();
        if shared.running.fetch_sub(1, Ordering::SeqCst) == 1 {
            shared.idle.notify_waiters();
        }
        response
    }
}
