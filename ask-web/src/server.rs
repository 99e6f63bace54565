//! The HTTP server: one thread with a single-threaded tokio runtime, serving the page
//! and a small JSON API over a session's [`Controller`].

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use ask_contract::AnsweredVia;
use ask_host::{CommandSender, ControlEvent, Controller};
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use tokio::sync::{broadcast, watch};

use crate::guard::{Guard, Verdict};
use crate::{WebError, api, assets};

/// Where and how the server listens.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct WebOptions {
    /// The address to bind: loopback, any free port (`127.0.0.1:0`) unless set.
    pub addr: SocketAddr,
    /// How long the server keeps answering after the form ended (so every page learns
    /// how it ended) before it stops by itself.
    pub linger: Duration,
}

impl Default for WebOptions {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            linger: Duration::from_secs(2),
        }
    }
}

impl WebOptions {
    /// Binds `addr` instead (a port of 0 picks a free one).
    #[must_use]
    pub fn addr(mut self, addr: SocketAddr) -> Self {
        self.addr = addr;
        self
    }
}

/// The browser front end of a running form. It serves until the form ended (and
/// [`WebOptions::linger`] passed), ten wrong tokens arrived, or it is dropped.
#[derive(Debug)]
pub struct WebServer {
    addr: SocketAddr,
    url: String,
    pub(crate) stop: watch::Sender<bool>,
    stopped: Arc<AtomicBool>,
    pub(crate) streams: Arc<AtomicUsize>,
    pub(crate) controller: Controller,
    thread: Option<JoinHandle<()>>,
}

/// What the request handlers share.
pub(crate) struct App {
    pub(crate) guard: Guard,
    pub(crate) controller: Controller,
    pub(crate) sender: CommandSender,
    pub(crate) revision: watch::Receiver<u64>,
    pub(crate) errors: broadcast::Sender<String>,
    pub(crate) stop: watch::Sender<bool>,
    /// Event streams that have not sent the final view yet.
    pub(crate) streams: Arc<AtomicUsize>,
}

/// Counts an open event stream until it is dropped (after its final view).
pub(crate) struct Open(Arc<AtomicUsize>);

impl Open {
    pub(crate) fn new(count: &Arc<AtomicUsize>) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Self(Arc::clone(count))
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl WebServer {
    /// Binds `options.addr` and serves `controller`'s form from a thread of its own.
    /// Commands from the page are sent as [`AnsweredVia::Browser`]. The host keeps
    /// calling [`Session::pump_control`](ask_host::Session::pump_control) as usual.
    pub fn start(controller: &Controller, options: &WebOptions) -> Result<Self, WebError> {
        let listener = TcpListener::bind(options.addr).map_err(|source| WebError::Bind {
            addr: options.addr,
            source,
        })?;
        let addr = listener.local_addr().map_err(WebError::Start)?;
        listener.set_nonblocking(true).map_err(WebError::Start)?;
        let guard = Guard::new(addr).map_err(WebError::Random)?;
        let url = format!("http://{}/?t={}", link_addr(addr), guard.token);
        let (stop, _) = watch::channel(false);
        let stopped = Arc::new(AtomicBool::new(false));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(WebError::Start)?;
        let handle = controller.connect(AnsweredVia::Browser);
        let (revision_tx, revision) = watch::channel(controller.live().revision);
        let (errors, _) = broadcast::channel(16);
        let streams = Arc::new(AtomicUsize::new(0));
        let app = Arc::new(App {
            streams: Arc::clone(&streams),
            guard,
            controller: controller.clone(),
            sender: handle.sender(),
            revision,
            errors: errors.clone(),
            stop: stop.clone(),
        });
        // The session's side: revisions and refused commands, into the runtime.
        std::thread::Builder::new()
            .name("ask-web-watch".into())
            .spawn({
                let controller = controller.clone();
                let mut stopping = stop.subscribe();
                let stop = stop.clone();
                let linger = options.linger;
                move || {
                    watch_session(
                        &controller,
                        &handle,
                        &revision_tx,
                        &errors,
                        &mut stopping,
                        &stop,
                        linger,
                    );
                }
            })
            .map_err(WebError::Start)?;
        let thread = std::thread::Builder::new()
            .name("ask-web".into())
            .spawn({
                let stopped = Arc::clone(&stopped);
                let mut stopping = stop.subscribe();
                let controller = controller.clone();
                move || {
                    runtime.block_on(async move {
                        let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                            return;
                        };
                        let router = router(app);
                        // Small responses go out at once (no Nagle wait for an ACK).
                        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
                            let _ = tcp.set_nodelay(true);
                        });
                        let _ = axum::serve(listener, router)
                            .with_graceful_shutdown(async move {
                                let _ = stopping.wait_for(|s| *s).await;
                            })
                            .await;
                    });
                    stopped.store(true, Ordering::SeqCst);
                    // The host waiting on the session looks again (`is_stopped`).
                    controller.wake();
                }
            })
            .map_err(WebError::Start)?;
        Ok(Self {
            addr,
            url,
            stop,
            stopped,
            streams,
            controller: controller.clone(),
            thread: Some(thread),
        })
    }

    /// The link to open: `http://ADDR/?t=TOKEN`. It holds the secret: show it only to
    /// the person answering.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The bound address (the port the system picked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// True once the server stopped (the form ended, ten wrong tokens, or a failure).
    pub fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst)
    }
}

impl Drop for WebServer {
    fn drop(&mut self) {
        // A form that ended: let every open page get the final view first (bounded).
        if self.controller.live().result.is_some() {
            let start = std::time::Instant::now();
            while self.streams.load(Ordering::SeqCst) > 0
                && start.elapsed() < Duration::from_millis(1500)
                && !self.is_stopped()
            {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.stop.send_replace(true);
        // The watch thread waits on the session: it looks at `stop` once woken.
        self.controller.wake();
        // Graceful shutdown waits for open connections; a client that stopped reading must
        // not keep the host from exiting, so the thread is left behind after 2 s.
        let start = std::time::Instant::now();
        while !self.is_stopped() && start.elapsed() < Duration::from_secs(2) {
            std::thread::sleep(Duration::from_millis(5));
        }
        if let Some(thread) = self.thread.take()
            && self.is_stopped()
        {
            let _ = thread.join();
        }
    }
}

/// The address a link names: the bound one, or for every interface this machine's
/// address on the default route (for a phone on the same network).
fn link_addr(addr: SocketAddr) -> SocketAddr {
    if !addr.ip().is_unspecified() {
        return addr;
    }
    // A UDP "connection" only picks a route; nothing is sent.
    let ip = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr())
        .map_or_else(|_| std::net::IpAddr::from([127, 0, 0, 1]), |a| a.ip());
    SocketAddr::new(ip, addr.port())
}

/// The longest the watch thread waits with nothing to do (it is woken for everything).
const IDLE_WAIT: Duration = Duration::from_secs(3600);

/// Carries revisions and refused commands from the session to the runtime, and stops
/// the server `linger` after the form ended.
fn watch_session(
    controller: &Controller,
    handle: &ask_host::ControlHandle,
    revision: &watch::Sender<u64>,
    errors: &broadcast::Sender<String>,
    stopping: &mut watch::Receiver<bool>,
    stop: &watch::Sender<bool>,
    linger: Duration,
) {
    let mut seen = controller.live().revision;
    let mut rung = 0;
    let mut ended: Option<std::time::Instant> = None;
    loop {
        if *stopping.borrow() {
            return;
        }
        while let Ok(Some(event)) = handle.try_recv() {
            if let ControlEvent::Error { .. } = event {
                let _ = errors.send(event.to_line());
            }
        }
        // Woken by a change, a refused command or `Controller::wake` (the server
        // stopping), never by a clock, except to stop `linger` after the form ended.
        let wait = ended.map_or(IDLE_WAIT, |at| linger.saturating_sub(at.elapsed()));
        seen = controller.wait_for_change_since(seen, &mut rung, wait);
        revision.send_if_modified(|r| {
            let new = *r != seen;
            *r = seen;
            new
        });
        if ended.is_none() && controller.live().result.is_some() {
            ended = Some(std::time::Instant::now());
        }
        if ended.is_some_and(|at| at.elapsed() >= linger) {
            stop.send_replace(true);
            return;
        }
    }
}

fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/view", get(api::view))
        .route("/api/events", get(api::events))
        .route("/api/command", post(api::command))
        .route("/api/check", post(api::check))
        .fallback(|| async { refusal(StatusCode::NOT_FOUND) })
        .layer(middleware::from_fn_with_state(Arc::clone(&app), guard))
        .with_state(app)
}

/// Every request passes the guard first; every response gets the hardening headers.
async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let verdict = app.guard.check(
        request.method(),
        request.uri().path(),
        request.uri().query(),
        request.headers(),
    );
    let mut response = match verdict {
        Verdict::Pass => next.run(request).await,
        Verdict::Exchange => {
            let mut r = (StatusCode::SEE_OTHER, [(header::LOCATION, "/")]).into_response();
            if let Ok(cookie) = HeaderValue::from_str(&app.guard.set_cookie()) {
                r.headers_mut().insert(header::SET_COOKIE, cookie);
            }
            r
        }
        Verdict::Refuse(status, spent) => {
            if spent {
                // Ten wrong tokens: someone is guessing. Shut the listener.
                app.stop.send_replace(true);
            }
            refusal(status)
        }
    };
    crate::guard::harden(response.headers_mut());
    response
}

/// A refusal with a one-line text body (browsers show an empty error as a failed load).
fn refusal(status: StatusCode) -> Response {
    let text = match status {
        StatusCode::NOT_FOUND => "Not found.\n",
        StatusCode::MISDIRECTED_REQUEST => "This server answers only at its own address.\n",
        StatusCode::FORBIDDEN => "Only the form's own page may change it.\n",
        _ => "Refused.\n",
    };
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

/// The page with everything it needs inline: style, script and the view model now.
async fn page(State(app): State<Arc<App>>) -> Response {
    let nonce = crate::guard::secret().unwrap_or_default();
    let body = assets::page(&nonce, &api::view_json(&app), app.controller.live().locale);
    let mut response = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response();
    if let Ok(policy) = HeaderValue::from_str(&assets::policy(&nonce)) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    response
}
