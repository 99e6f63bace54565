//! The HTTP server: one thread with a single-threaded tokio runtime, serving the page
//! and a small JSON API over a session's [`Controller`].

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use ask_contract::result::AnsweredVia;
use ask_host::control::{ControlEvent, Controller};
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
    /// How long a connection may take to send a request's headers, and how long an idle
    /// one stays open: 10 s unless set.
    pub header_timeout: Duration,
    /// Connections open at once: 64 unless set. More are closed as they arrive.
    pub max_connections: usize,
}

impl Default for WebOptions {
    fn default() -> Self {
        Self {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            linger: Duration::from_secs(2),
            header_timeout: Duration::from_secs(10),
            max_connections: 64,
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

    /// Sets [`WebOptions::header_timeout`].
    #[must_use]
    pub fn header_timeout(mut self, timeout: Duration) -> Self {
        self.header_timeout = timeout;
        self
    }

    /// Sets [`WebOptions::max_connections`] (at least 1).
    #[must_use]
    pub fn max_connections(mut self, max: usize) -> Self {
        self.max_connections = max.max(1);
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
    wrong_links: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

/// What the request handlers share.
pub(crate) struct App {
    pub(crate) guard: Guard,
    pub(crate) controller: Controller,
    pub(crate) revision: watch::Receiver<u64>,
    pub(crate) errors: broadcast::Sender<String>,
    pub(crate) stop: watch::Sender<bool>,
    /// Event streams that have not sent the final view yet.
    pub(crate) streams: Arc<AtomicUsize>,
    /// The page and view JSON of the latest revision.
    pub(crate) page: crate::page::Cache,
    /// Set when wrong links shut the server.
    pub(crate) wrong_links: Arc<AtomicBool>,
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
        let guard = Guard::new(addr)?;
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
        let wrong_links = Arc::new(AtomicBool::new(false));
        let app = Arc::new(App {
            streams: Arc::clone(&streams),
            guard,
            controller: controller.clone(),
            page: crate::page::Cache::default(),
            wrong_links: Arc::clone(&wrong_links),
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
                let stop = stop.clone();
                let (header_timeout, max_connections) =
                    (options.header_timeout, options.max_connections);
                let controller = controller.clone();
                move || {
                    runtime.block_on(async move {
                        let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                            return;
                        };
                        let router = router(app);
                        crate::listen::serve(
                            listener,
                            router,
                            stop,
                            header_timeout,
                            max_connections,
                        )
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
            wrong_links,
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

    /// True when [`MAX_WRONG_TOKENS`](crate::MAX_WRONG_TOKENS) wrong links (or session
    /// cookies) shut the server: someone may have been guessing the link. The person
    /// was told in the form's notice line; a host without a terminal says so in its
    /// result.
    pub fn closed_by_wrong_links(&self) -> bool {
        self.wrong_links.load(Ordering::SeqCst)
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
    handle: &ask_host::control::ControlHandle,
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
        // Looked at before each wait: the form may have ended before this thread first
        // read the revision, and no later change would then wake it.
        if ended.is_none() && controller.live().result.is_some() {
            ended = Some(std::time::Instant::now());
        }
        if ended.is_some_and(|at| at.elapsed() >= linger) {
            stop.send_replace(true);
            return;
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
    }
}

pub(crate) fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/favicon.svg", get(favicon))
        .route("/favicon.ico", get(favicon))
        .route("/sw.js", get(worker))
        .route("/api/view", get(api::view))
        .route("/api/events", get(api::events))
        .route("/api/command", post(api::command))
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
            if spent && !app.wrong_links.swap(true, Ordering::SeqCst) {
                // Ten wrong tokens: someone is guessing. Shut the listener, and tell the
                // person at the form why the link stopped working.
                let locale = app.controller.live().locale;
                let count = crate::MAX_WRONG_TOKENS.to_string();
                app.controller.show_notice(
                    locale.format(ask_host::i18n::Msg::NoticeWebShut, &[("count", &count)]),
                );
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

/// The page with everything it needs inline: style, script and the view model now
/// (built once per view change), gzip-compressed when the browser accepts it.
async fn page(State(app): State<Arc<App>>, request: Request) -> Response {
    let built = app.page.now(&app);
    let gzip = crate::page::accepts_gzip(request.headers());
    let body = if gzip {
        built.page_gzip()
    } else {
        built.page()
    };
    let mut response = ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if gzip {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    if let Ok(policy) = HeaderValue::from_str(assets::policy()) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    response
}

/// The service worker that keeps the done screen for a reload after `ask` exited.
async fn worker() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        assets::WORKER,
    )
        .into_response()
}

/// The page's icon: a speech bubble with a question mark, in the accent colour.
async fn favicon() -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], assets::FAVICON).into_response()
}
