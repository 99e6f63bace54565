//! One `tools/call ask_user` from an MCP 2026-07-28 client: the surfaces come from the
//! request's own declarations ([`crate::auto`]); the client's own form and the browser
//! form's link go out as `input_required` rounds ([`crate::mrtr`]), the others (popup,
//! launcher, the browser opened here) block as they do for 2025-11-25 sessions.

use std::time::Duration;

use ask_contract::{AskForm, ParseOptions, parse_params, result::AskResult};
use rmcp::ErrorData;
use rmcp::model::{CallToolRequestParams, CallToolResponse};
use tokio_util::sync::CancellationToken;

use crate::auto::{Environment, FormNeeds, Surface, surfaces};
use crate::caps::RequestCaps;
use crate::elicit::Reply;
use crate::mrtr::state::{Asked, Refused, Round, Sealer, arguments_hash, nonce};
use crate::mrtr::{self, Response};
use crate::outcome::{call_result, no_form_result};
use crate::present::{FormFiles, Presenter, Running};
use crate::server::{AskServer, Ui};

/// The most rounds one call is asked again (a reply that keeps breaking the schema
/// ends as cancelled, with the last problem said).
pub(crate) const MAX_ROUNDS: u32 = 10;

/// A browser form whose link went out, waiting for the retry.
pub(crate) struct Link {
    running: Running,
    _files: FormFiles,
}

/// How a round's retry ended.
enum RoundEnd {
    /// The call's result.
    Result(Box<AskResult>),
    /// Ask again, saying why first.
    Again(String),
}

impl AskServer {
    /// Answers one 2026-07-28 `tools/call ask_user`: a first call, or a retry with
    /// `requestState` and `inputResponses`. No progress goes out on this path (see
    /// `call_tool`), so nothing ticks while a form is open.
    pub(crate) async fn call_per_request(
        &self,
        request: CallToolRequestParams,
        caps: &RequestCaps,
        cancel: CancellationToken,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = serde_json::Value::Object(request.arguments.clone().unwrap_or_default());
        let form = match parse_params(&arguments, ParseOptions::default()) {
            Ok(form) => form,
            Err(err) => {
                return Ok(call_result(&AskResult::invalid(err.issues().to_vec())).into());
            }
        };
        let args = arguments_hash(&arguments);
        let mut problem = None;
        let mut next = 1;
        let mut only = None;
        if request.request_state.is_some() || request.input_responses.is_some() {
            let Some(state) = request.request_state.as_deref() else {
                return Err(ErrorData::invalid_params(
                    "inputResponses came without requestState: retry with the requestState \
                     of the input_required result, or call ask_user without inputResponses",
                    None,
                ));
            };
            let Some(sealer) = self.sealer() else {
                return Err(ErrorData::internal_error(
                    "ask mcp has no request-state key (its state folder cannot be written)",
                    None,
                ));
            };
            match sealer.open_state(state, &caps.client_id, &args) {
                Err(Refused::Expired) => {
                    problem = Some(
                        "The earlier form expired before its answers came back; please answer again."
                            .to_owned(),
                    );
                }
                Err(why) => {
                    self.announce(&format!("refused a retry: {why}"));
                    return Err(ErrorData::invalid_params(
                        format!(
                            "{why}; no answers were taken. Call ask_user again without \
                             requestState and inputResponses for a new form."
                        ),
                        None,
                    ));
                }
                Ok(round) => {
                    sealer.redeem(&round.nonce);
                    let end = self.finish_round(&form, &round, &request, &cancel).await;
                    match end {
                        RoundEnd::Result(result) => return Ok(call_result(&result).into()),
                        RoundEnd::Again(why) if round.number >= MAX_ROUNDS => {
                            let mut result = crate::outcome::cancelled_result(&form);
                            if let Some(block) = result.content.first_mut() {
                                block.text = format!(
                                    "{} (asked {MAX_ROUNDS} times; the last reply still did not fit: {why})",
                                    block.text
                                );
                            }
                            return Ok(call_result(&result).into());
                        }
                        RoundEnd::Again(why) => {
                            problem = Some(why);
                            next = round.number + 1;
                            only = Some(round.asked);
                        }
                    }
                }
            }
        }
        let first_call = request.request_state.is_none() && request.input_responses.is_none();
        if first_call && let Some(result) = self.resume_handed(caps, &args, &cancel).await {
            return Ok(call_result(&result).into());
        }
        let order = self.order(caps, &form, only);
        if first_call
            && self.shared().options.ui == Ui::Web
            && order == [Surface::Browser]
            && !ask_web::can_open_browser(|name| std::env::var(name).ok())
            && let Some(result) = self.hand_link(caps, &form, &args).await
        {
            return Ok(call_result(&result).into());
        }
        if caps.tasks
            && self.shared().options.answer_later
            && only.is_none()
            && problem.is_none()
            && let Some(task) = self.start_task(caps, &form, &arguments, &order)
        {
            return Ok(task);
        }
        if order.is_empty() {
            self.announce("no surface for this call: the \"Needs user input\" result");
        }
        let mut blocking: Vec<&dyn Presenter> = Vec::new();
        let kit = self.shared().kit.as_ref();
        for surface in order {
            let presenter = match (surface, kit) {
                (Surface::Popup, Some(kit)) => kit.popup.as_deref(),
                (Surface::Launch, Some(kit)) => kit.launch.as_deref(),
                (Surface::Browser, Some(kit)) => Some(kit.browser.as_ref()),
                (Surface::Tty, Some(kit)) => Some(kit.tty.as_ref()),
                _ => None,
            };
            if let Some(presenter) = presenter {
                blocking.push(presenter);
                continue;
            }
            // A blocking surface before this one: try those first, in order.
            if !blocking.is_empty() {
                let tried = std::mem::take(&mut blocking);
                if let Ok(result) = self
                    .ask_with(
                        form.clone(),
                        &tried,
                        caps.client.clone(),
                        cancel.clone(),
                        None,
                        None::<fn(usize, usize, Option<&str>)>,
                    )
                    .await
                {
                    return Ok(call_result(&result).into());
                }
            }
            let sent = match surface {
                Surface::HostForm => {
                    self.ask_host_form(caps, &form, &args, next, problem.as_deref())
                }
                Surface::Link => {
                    self.ask_link(caps, &form, &args, next, problem.as_deref())
                        .await
                }
                _ => None,
            };
            if let Some(response) = sent {
                self.announce(&format!("asking through {}", surface.as_str()));
                return Ok(response);
            }
        }
        if !blocking.is_empty()
            && let Ok(result) = self
                .ask_with(
                    form.clone(),
                    &blocking,
                    caps.client.clone(),
                    cancel,
                    None,
                    None::<fn(usize, usize, Option<&str>)>,
                )
                .await
        {
            return Ok(call_result(&result).into());
        }
        Ok(call_result(&no_form_result(&form)).into())
    }

    /// Runs the ask as a task (the client declared the extension): `None` when nothing
    /// could answer it (no host form, no blocking surface).
    fn start_task(
        &self,
        caps: &RequestCaps,
        form: &AskForm,
        arguments: &serde_json::Value,
        order: &[Surface],
    ) -> Option<CallToolResponse> {
        let blocking: Vec<Surface> = order
            .iter()
            .copied()
            .filter(|s| {
                matches!(
                    s,
                    Surface::Popup | Surface::Launch | Surface::Browser | Surface::Tty
                )
            })
            .collect();
        let host_form = order.contains(&Surface::HostForm);
        if blocking.is_empty() && !host_form {
            return None;
        }
        let (id, created, token) = self.shared().tasks.create(caps, arguments).ok()?;
        self.announce(&format!(
            "the ask runs as task {id}: {}",
            order
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        if !blocking.is_empty() {
            let server = self.clone();
            let form = form.clone();
            let client = caps.client.clone();
            tokio::spawn(async move {
                let Some(kit) = server.shared().kit.as_ref() else {
                    return;
                };
                let presenters: Vec<&dyn Presenter> = blocking
                    .iter()
                    .filter_map(|surface| match surface {
                        Surface::Popup => kit.popup.as_deref(),
                        Surface::Launch => kit.launch.as_deref(),
                        Surface::Browser => Some(kit.browser.as_ref()),
                        Surface::Tty => Some(kit.tty.as_ref()),
                        _ => None,
                    })
                    .collect();
                if let Ok(result) = server
                    .ask_with(
                        form,
                        &presenters,
                        client,
                        token,
                        None,
                        None::<fn(usize, usize, Option<&str>)>,
                    )
                    .await
                {
                    // The first answer wins: a result after another surface answered
                    // (this one then closed as cancelled) is dropped.
                    server.shared().tasks.finish(&id, &result, false);
                }
            });
        }
        Some(CallToolResponse::Task(created))
    }

    /// The surfaces for this call: `--ui auto` by the rule, another `--ui` as it says
    /// (its interactive modes only where the request declared them); a round asked
    /// again stays in its mode.
    fn order(&self, caps: &RequestCaps, form: &AskForm, only: Option<Asked>) -> Vec<Surface> {
        let declared = caps.declared;
        if let Some(asked) = only {
            let surface = match asked {
                Asked::Form if declared.form => Surface::HostForm,
                Asked::Url if declared.url => Surface::Link,
                _ => return Vec::new(),
            };
            return vec![surface];
        }
        let options = &self.shared().options;
        let Some(kit) = self.shared().kit.as_ref() else {
            // An embedder's presenters are not consulted per request; its client's
            // declared modes are.
            return surfaces(declared, Environment::default(), FormNeeds::of(form));
        };
        let env = |name: &str| std::env::var(name).ok();
        match options.ui {
            Ui::Auto => surfaces(
                declared,
                Environment {
                    tmux: kit.popup.is_some(),
                    launcher: kit.launch.is_some(),
                    desktop: ask_web::can_open_browser(env),
                },
                FormNeeds::of(form),
            ),
            Ui::Popup => vec![Surface::Popup],
            Ui::Launch => vec![Surface::Launch],
            Ui::Web if declared.url => vec![Surface::Link],
            Ui::Web => vec![Surface::Browser],
            Ui::Elicit if declared.form => vec![Surface::HostForm],
            Ui::Tty => vec![Surface::Tty],
            _ => Vec::new(),
        }
    }

    /// The request-state sealer of the state folder, made once.
    pub(crate) fn sealer(&self) -> Option<&Sealer> {
        self.shared()
            .sealer
            .get_or_init(|| Sealer::open(&self.shared().options.state_dir).ok())
            .as_ref()
    }

    /// `input_required` with the client's own form, or `None` when the form does not
    /// map to one or no state can be sealed.
    fn ask_host_form(
        &self,
        caps: &RequestCaps,
        form: &AskForm,
        args: &str,
        round: u32,
        problem: Option<&str>,
    ) -> Option<CallToolResponse> {
        let requests = mrtr::form_request(form, problem)?;
        let state = self.sealer()?.seal(&Round {
            client: caps.client_id.clone(),
            args: args.to_owned(),
            number: round,
            nonce: nonce(),
            asked: Asked::Form,
            web: None,
        });
        Some(mrtr::input_required(requests, state).into())
    }

    /// `input_required` with the browser form's link; the form runs here until the
    /// retry takes its result, or its state could no longer be redeemed.
    async fn ask_link(
        &self,
        caps: &RequestCaps,
        form: &AskForm,
        args: &str,
        round: u32,
        problem: Option<&str>,
    ) -> Option<CallToolResponse> {
        let sealer = self.sealer()?;
        let (link, url) = self.serve_link(form).await?;
        let id = nonce();
        let requests = mrtr::link_request(form, &url, &id, problem)?;
        let state = sealer.seal(&Round {
            client: caps.client_id.clone(),
            args: args.to_owned(),
            number: round,
            nonce: nonce(),
            asked: Asked::Url,
            web: Some(id.clone()),
        });
        self.keep_link(id, link);
        Some(mrtr::input_required(requests, state).into())
    }

    /// Serves `form` as the browser form on a loopback port and says its link (stderr and
    /// the host's `announce_link`); `None`, said on stderr, when it could not start.
    async fn serve_link(&self, form: &AskForm) -> Option<(Link, String)> {
        let options = &self.shared().options;
        let files = FormFiles::create(form, &options.state_dir).ok()?;
        let mut running = Running::start_form(
            form,
            options.config.clone(),
            &files,
            std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        );
        let url = match running.url().await {
            Ok(url) => url,
            Err(why) => {
                self.announce(&format!("the browser form could not start: {why}"));
                return None;
            }
        };
        if let Some(announce) = options.announce_link {
            announce(&url);
        }
        Some((
            Link {
                running,
                _files: files,
            },
            url,
        ))
    }

    /// `--ui web` for a client without URL mode, on a machine with no browser to open:
    /// the link could reach the person only on our stderr, which clients such as Claude
    /// Code hide, and a 2026-07-28 call gets no progress messages. So the browser form is
    /// served and the call returns at once with the link (`details.needsInput.url`, and
    /// the text says what to do with it); the next call of the same client with the same
    /// arguments waits for that form's answers ([`AskServer::resume_handed`]).
    async fn hand_link(&self, caps: &RequestCaps, form: &AskForm, args: &str) -> Option<AskResult> {
        let (link, url) = self.serve_link(form).await?;
        self.announce("the link goes back in the result: no URL mode and no browser here");
        self.keep_link(handed_key(caps, args), link);
        Some(crate::outcome::link_result(form, &url))
    }

    /// The answers of a form whose link went out in an earlier result
    /// ([`AskServer::hand_link`]) for this client and these arguments, once the person
    /// ends it (cancelling the call ends it, keeping what was answered); `None` when no
    /// such form is served.
    async fn resume_handed(
        &self,
        caps: &RequestCaps,
        args: &str,
        cancel: &CancellationToken,
    ) -> Option<AskResult> {
        let mut link = self
            .shared()
            .links
            .lock()
            .ok()?
            .remove(&handed_key(caps, args))?;
        self.announce("waiting for the browser form whose link went out before");
        Some(tokio::select! {
            result = link.running.wait() => result,
            () = cancel.cancelled() => link.running.stop_and_wait().await,
        })
    }

    /// Keeps a link's form until its retry, at most as long as its state is good.
    fn keep_link(&self, id: String, link: Link) {
        if let Ok(mut links) = self.shared().links.lock() {
            links.insert(id.clone(), link);
        }
        let server = self.clone();
        let stop = self.stop_token();
        tokio::spawn(async move {
            tokio::select! {
                () = tokio::time::sleep(crate::mrtr::state::STATE_TTL + Duration::from_secs(60)) => {}
                () = stop.cancelled() => {}
            }
            let link = server
                .shared()
                .links
                .lock()
                .ok()
                .and_then(|mut l| l.remove(&id));
            if let Some(mut link) = link {
                let _ = link.running.stop_and_wait().await;
            }
        });
    }

    /// The retry of an opened round: its reply read, or the browser form's result.
    async fn finish_round(
        &self,
        form: &AskForm,
        round: &Round,
        request: &CallToolRequestParams,
        cancel: &CancellationToken,
    ) -> RoundEnd {
        let response = mrtr::read_response(request.input_responses.as_ref());
        match round.asked {
            Asked::Form => match response {
                Response::Unusable(why) => RoundEnd::Again(format!(
                    "Your last reply could not be used ({why}); please answer again."
                )),
                Response::Reply(reply) => match mrtr::form_reply(form, &reply) {
                    Ok(result) => RoundEnd::Result(Box::new(result)),
                    Err(problems) => RoundEnd::Again(format!(
                        "Your last reply could not be used: {}. Please answer again.",
                        problems.join("; ")
                    )),
                },
            },
            Asked::Url => {
                let link = round.web.as_ref().and_then(|id| {
                    self.shared()
                        .links
                        .lock()
                        .ok()
                        .and_then(|mut l| l.remove(id))
                });
                let Some(mut link) = link else {
                    return RoundEnd::Again(
                        "The earlier link is no longer served (ask mcp restarted, or it expired); \
                         here is a new one."
                            .to_owned(),
                    );
                };
                // The person would not open the link: the cancelled result, with
                // whatever was answered on the page.
                let result = if let Response::Reply(Reply::Decline | Reply::Cancel) = response {
                    link.running.stop_and_wait().await
                } else {
                    tokio::select! {
                        result = link.running.wait() => result,
                        () = cancel.cancelled() => link.running.stop_and_wait().await,
                    }
                };
                RoundEnd::Result(Box::new(result))
            }
        }
    }
}

/// The key a handed-out link is kept under: the client and the call's arguments.
fn handed_key(caps: &RequestCaps, args: &str) -> String {
    format!("handed {} {args}", caps.client_id)
}
