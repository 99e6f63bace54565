//! The browser form: the form runs in this process on an `ask_host::Session`, served by
//! `ask_web` on loopback. Its link reaches the person as a URL-mode elicitation (MCP
//! 2025-11-25: `elicitation/create` with `mode: "url"`, the link and an `elicitationId`;
//! the client asks the person and opens it) when the client declared `elicitation.url`,
//! else the browser is opened here and the link handed to [`ServerOptions::announce_link`]
//! (the binary prints it on stderr). The answers arrive through the web server, never
//! through the client; once the form ended, `notifications/elicitation/complete` tells the
//! client.
//!
//! [`ServerOptions::announce_link`]: crate::ServerOptions::announce_link

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use ask_contract::{AskForm, elicitation::ElicitationRequest, result::AskResult};
use ask_host::{Session, control::Controller, settings::Settings};
use ask_web::{WebOptions, WebServer};
use rmcp::model::{CustomNotification, ElicitRequestParams, ElicitationAction, ServerNotification};
use rmcp::{Peer, RoleServer};
use tokio::sync::oneshot;

use super::{BoxFuture, Call, Presented, Presenter};

/// The notification that tells the client a URL-mode elicitation is over.
pub(crate) const ELICITATION_COMPLETE: &str = "notifications/elicitation/complete";

/// How the browser form's link may reach the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum WebVia {
    /// Only a URL-mode elicitation (the client opens the link); unavailable otherwise.
    Elicitation,
    /// Only a browser opened here, when one can be ([`ask_web::can_open_browser`]).
    Browser,
    /// A URL-mode elicitation when the client declared it, else the browser opened here
    /// (when it cannot be, the announced link is the only way in): `--ui web`.
    Any,
}

/// Serves the form to a browser (`--ui web`; in `auto`, once by URL-mode elicitation
/// and, as the last resort, by opening the browser).
#[derive(Debug, Clone)]
pub(crate) struct WebPresenter {
    /// How the link may reach the person.
    pub via: WebVia,
    /// The settings file the form uses (`--config`), else the one `ask run` would find.
    pub config: Option<PathBuf>,
    /// The address the browser form listens on (loopback, a free port, by default).
    pub addr: SocketAddr,
    /// Called with the link when the browser is opened here (not for a URL elicitation,
    /// whose link only the client gets).
    pub announce: Option<fn(&str)>,
}

impl WebPresenter {
    /// A presenter on loopback with a free port.
    pub(crate) fn new(via: WebVia, config: Option<PathBuf>, announce: Option<fn(&str)>) -> Self {
        Self {
            via,
            config,
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            announce,
        }
    }
}

/// True when the client declared URL-mode elicitation.
fn declares_url(peer: Option<&Peer<RoleServer>>) -> bool {
    peer.and_then(Peer::peer_info).is_some_and(|info| {
        info.capabilities
            .elicitation
            .as_ref()
            .is_some_and(|e| e.url.is_some())
    })
}

impl Presenter for WebPresenter {
    fn name(&self) -> &'static str {
        "web"
    }

    fn present<'a>(&'a self, call: &'a Call) -> BoxFuture<'a, Presented> {
        Box::pin(async move {
            let by_url = self.via != WebVia::Browser && declares_url(call.peer.as_ref());
            let env = |name: &str| std::env::var(name).ok();
            let here = !by_url
                && match self.via {
                    WebVia::Elicitation => false,
                    WebVia::Browser => ask_web::can_open_browser(env),
                    WebVia::Any => true,
                };
            if !by_url && !here {
                return Presented::Unavailable(match self.via {
                    WebVia::Browser => "no browser can be opened here (no desktop session)".into(),
                    _ => "the client did not declare URL-mode elicitation".into(),
                });
            }
            let mut form = Running::start(self, call);
            let ready = form.ready.take();
            let url = match ready {
                Some(ready) => match ready.await {
                    Ok(Ok((url, controller))) => {
                        form.controller = Some(controller);
                        url
                    }
                    Ok(Err(why)) => {
                        return Presented::Unavailable(format!(
                            "the browser form could not start: {why}"
                        ));
                    }
                    Err(_) => {
                        return Presented::Unavailable("the browser form could not start".into());
                    }
                },
                None => return Presented::Unavailable("the browser form could not start".into()),
            };
            // The progress messages carry the link (the client may hide our stderr).
            call.files.set_link(&url);
            let mut elicitation = None;
            if let (true, Some(peer)) = (by_url, call.peer.as_ref()) {
                let Ok(id) = ask_web::new_token() else {
                    form.stop();
                    return Presented::Unavailable("no random elicitation id".into());
                };
                let params = ElicitRequestParams::UrlElicitationParams {
                    meta: None,
                    message: url_message(&call.form),
                    url: url.clone(),
                    elicitation_id: id.clone(),
                };
                tokio::select! {
                    reply = peer.create_elicitation(params) => match reply {
                        Ok(reply) if reply.action == ElicitationAction::Accept => elicitation = Some(id),
                        // The person would not open the link: the cancelled result with
                        // whatever was answered.
                        Ok(_) => return Presented::Done(Box::new(form.stop_and_wait().await)),
                        Err(err) => {
                            form.stop();
                            let _ = form.wait().await;
                            return Presented::Unavailable(format!("the client's URL elicitation failed: {err}"));
                        }
                    },
                    // Answered through the link before the client replied.
                    result = form.wait() => {
                        tell_complete(peer, &id).await;
                        return Presented::Done(Box::new(result));
                    }
                    () = call.cancel.cancelled() => return Presented::Done(Box::new(form.stop_and_wait().await)),
                }
            } else {
                if ask_web::open_browser(&url).is_err() && self.via == WebVia::Browser {
                    form.stop();
                    let _ = form.wait().await;
                    return Presented::Unavailable("the browser could not be opened".into());
                }
                if let Some(announce) = self.announce {
                    announce(&url);
                }
            }
            let result = tokio::select! {
                result = form.wait() => result,
                () = call.cancel.cancelled() => form.stop_and_wait().await,
            };
            if let (Some(id), Some(peer)) = (elicitation, call.peer.as_ref()) {
                tell_complete(peer, &id).await;
            }
            Presented::Done(Box::new(result))
        })
    }
}

/// The message of the URL elicitation: the form's title and question count, and what
/// the link is.
pub(crate) fn url_message(form: &AskForm) -> String {
    format!(
        "{} Open the link to answer in your browser (a form served by ask on this computer).",
        ElicitationRequest::for_form(form).message()
    )
}

/// `notifications/elicitation/complete` for `id` (best effort: the result follows anyway).
async fn tell_complete(peer: &Peer<RoleServer>, id: &str) {
    let note = CustomNotification::new(
        ELICITATION_COMPLETE,
        Some(serde_json::json!({ "elicitationId": id })),
    );
    let _ = peer
        .send_notification(ServerNotification::CustomNotification(note))
        .await;
}

/// The form's session on a blocking thread, with its web server.
pub(crate) struct Running {
    ready: Option<oneshot::Receiver<Ready>>,
    /// The session's controller once it runs: [`Running::stop`] wakes it.
    controller: Option<Controller>,
    stop: Arc<AtomicBool>,
    task: Option<tokio::task::JoinHandle<Option<AskResult>>>,
    form: AskForm,
}

impl Running {
    fn start(presenter: &WebPresenter, call: &Call) -> Self {
        Self::start_form(
            &call.form,
            presenter.config.clone(),
            &call.files,
            presenter.addr,
        )
    }

    /// Starts the browser form for `form` outside a [`Call`] (the link of an MCP
    /// 2026-07-28 round, answered across requests).
    pub(crate) fn start_form(
        form: &AskForm,
        config: Option<PathBuf>,
        files: &super::FormFiles,
        addr: SocketAddr,
    ) -> Self {
        let (ready_tx, ready) = oneshot::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let setup = Setup {
            form: form.clone(),
            config,
            draft: files.draft.clone(),
            resume: files.has_draft(),
            addr,
        };
        let task = tokio::task::spawn_blocking({
            let stop = Arc::clone(&stop);
            move || run_form(setup, ready_tx, &stop)
        });
        Self {
            ready: Some(ready),
            controller: None,
            stop,
            task: Some(task),
            form: form.clone(),
        }
    }

    /// The link, once the web server listens (an error says why it could not start).
    pub(crate) async fn url(&mut self) -> Result<String, String> {
        let Some(ready) = self.ready.take() else {
            return Err("the browser form could not start".into());
        };
        match ready.await {
            Ok(Ok((url, controller))) => {
                self.controller = Some(controller);
                Ok(url)
            }
            Ok(Err(why)) => Err(why),
            Err(_) => Err("the browser form could not start".into()),
        }
    }

    /// Asks the form to end (as cancelled, keeping what was answered).
    pub(crate) fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(controller) = &self.controller {
            controller.wake();
        }
    }

    /// The form's result, once it ended (the cancelled result if it could not run).
    pub(crate) async fn wait(&mut self) -> AskResult {
        let Some(task) = self.task.as_mut() else {
            return crate::outcome::cancelled_result(&self.form);
        };
        let result = task.await.ok().flatten();
        self.task = None;
        result.unwrap_or_else(|| crate::outcome::cancelled_result(&self.form))
    }

    pub(crate) async fn stop_and_wait(&mut self) -> AskResult {
        self.stop();
        self.wait().await
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // A call dropped mid-way (the server stopping) still ends its form.
        self.stop();
    }
}

/// What the form's thread hands back once it serves: the link and the session's
/// controller, or why it could not start.
type Ready = Result<(String, Controller), String>;

/// What the form's thread needs (also the MCP App's form, `crate::app`).
pub(crate) struct Setup {
    pub(crate) form: AskForm,
    pub(crate) config: Option<PathBuf>,
    pub(crate) draft: PathBuf,
    pub(crate) resume: bool,
    pub(crate) addr: SocketAddr,
}

impl Setup {
    /// The form's session, built as every surface builds one ([`ask_host::setup::Setup`]): the
    /// settings file, the language `auto` stands for in `env` (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`), the form's draft (resumed when one exists).
    pub(crate) fn session(self, env: impl Fn(&str) -> Option<String>) -> Session {
        let process = ask_settings::paths::ProcessEnv::read();
        let paths =
            ask_settings::paths::ConfigPaths::resolve(self.config.as_deref(), &process.env());
        ask_host::setup::Setup::new()
            .system_locale_from(env)
            .draft(Some(self.draft), self.resume)
            .session(self.form, Settings::open_resolved(paths))
    }
}

/// Runs the form until it ends, `stop` is set, or the server shut itself (ten wrong
/// links); `None` when the web server could not start (told through `ready`).
fn run_form(setup: Setup, ready: oneshot::Sender<Ready>, stop: &AtomicBool) -> Option<AskResult> {
    let addr = setup.addr;
    let mut session = setup.session(|name| std::env::var(name).ok());
    let server = match WebServer::start(&session.controller(), &WebOptions::default().addr(addr)) {
        Ok(server) => server,
        Err(err) => {
            let _ = ready.send(Err(err.to_string()));
            return None;
        }
    };
    let controller = session.controller();
    if ready
        .send(Ok((server.url().to_owned(), controller)))
        .is_err()
    {
        return None;
    }
    // Woken by the browser's commands, by `stop` (with `Controller::wake`) and by the
    // server shutting; ticked only while the session needs its clock. Nothing reads keys
    // here, so the settings file is not polled.
    session.set_settings_watched(true);
    let ended = session.run_headless(|| stop.load(Ordering::SeqCst) || server.is_stopped());
    let by_flow = ended.is_some();
    let result = ended.unwrap_or_else(|| session.cancelled());
    session.close_control(&result);
    // The draft goes once the person (or a page) ended the form; a cancel keeps it.
    if by_flow {
        session.discard_draft();
    }
    drop(server);
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::Setup;

    fn setup(dir: &std::path::Path, resume: bool) -> Setup {
        let payload = serde_json::json!({"questions": [{"id": "db", "prompt": "Which?",
            "options": [{"value": "pg", "label": "PG"}, {"value": "lite", "label": "SQLite"}]}]});
        let config = dir.join("config.json");
        std::fs::write(
            &config,
            r#"{"schemaVersion": 3, "behaviour": {"locale": "auto"}}"#,
        )
        .expect("settings written");
        Setup {
            form: ask_contract::parse_params(&payload, ask_contract::ParseOptions::default())
                .expect("valid"),
            config: Some(config),
            draft: dir.join("draft.json"),
            resume,
            addr: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        }
    }

    #[test]
    fn the_browser_form_speaks_the_system_language_and_keeps_its_draft() {
        let dir = tempfile::tempdir().expect("temp dir");
        let lang = |name: &str| (name == "LANG").then(|| "de_DE.UTF-8".to_owned());
        let mut session = setup(dir.path(), false).session(lang);
        assert_eq!(session.flow().locale().tag(), "de");
        let client = session
            .controller()
            .connect(ask_contract::result::AnsweredVia::Browser);
        client
            .send_line(r#"{"v": 1, "type": "answer", "answers": {"db": {"values": ["lite"]}}}"#)
            .expect("sent");
        session.pump_control();
        // The form stays open, as in a server that is killed: the draft saved when due
        // brings the answer back.
        session.tick_at(ask_host::draft::DRAFT_SAVE_INTERVAL_MS + 1);
        drop(session);
        let resumed = setup(dir.path(), true).session(lang);
        assert_eq!(
            resumed.flow().answer(0).map(|a| a.values),
            Some(vec!["lite".to_owned()])
        );
    }
}
