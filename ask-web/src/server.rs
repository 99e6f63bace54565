//! The HTTP server: one thread with a single-threaded tokio runtime, serving the page
//! and a small JSON API over a session's [`Controller`].

use std::convert::Infallible;
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use ask_contract::AnsweredVia;
use ask_host::{CommandSender, ControlCommand, ControlError, ControlEvent, Controller};
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::Stream;
use tokio::sync::{broadcast, watch};

use crate::guard::{Guard, Verdict};
use crate::{ViewModel, WebError, assets};

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
    stop: watch::Sender<bool>,
    stopped: Arc<AtomicBool>,
    streams: Arc<AtomicUsize>,
    controller: Controller,
    thread: Option<JoinHandle<()>>,
}

/// What the request handlers share.
struct App {
    guard: Guard,
    controller: Controller,
    sender: CommandSender,
    revision: watch::Receiver<u64>,
    errors: broadcast::Sender<String>,
    stop: watch::Sender<bool>,
    /// Event streams that have not sent the final view yet.
    streams: Arc<AtomicUsize>,
}

/// Counts an open event stream until it is dropped (after its final view).
struct Open(Arc<AtomicUsize>);

impl Open {
    fn new(count: &Arc<AtomicUsize>) -> Self {
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
        seen = controller.wait_for_change(seen, Duration::from_millis(25));
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
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", assets::SCRIPT) }),
        )
        .route(
            "/app.css",
            get(|| async { asset("text/css; charset=utf-8", assets::STYLE) }),
        )
        .route("/api/view", get(view))
        .route("/api/events", get(events))
        .route("/api/command", post(command))
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

fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

async fn page(State(app): State<Arc<App>>) -> Response {
    let locale = app.controller.live().locale;
    asset_owned("text/html; charset=utf-8", assets::page(locale))
}

fn view_json(app: &App) -> String {
    let view = ViewModel::new(app.controller.form(), &app.controller.live());
    serde_json::to_string(&view).unwrap_or_default()
}

async fn view(State(app): State<Arc<App>>) -> Response {
    asset_owned("application/json", view_json(&app))
}

fn asset_owned(kind: &'static str, body: String) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// Server-sent events: `view` (the whole view model) at once and after every change,
/// `problem` for a refused command; the stream ends after the completed view.
async fn events(State(app): State<Arc<App>>) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let open = Open::new(&app.streams);
    let state = (
        app,
        None::<(watch::Receiver<u64>, broadcast::Receiver<String>)>,
        false,
    );
    let stream = futures_util::stream::unfold(state, |(app, channels, done)| async move {
        if done {
            return None;
        }
        let Some((mut revision, mut errors)) = channels else {
            let channels = (app.revision.clone(), app.errors.subscribe());
            let json = view_json(&app);
            let done = app.controller.live().result.is_some();
            return Some((
                Ok(Event::default().event("view").data(json)),
                (app, Some(channels), done),
            ));
        };
        let mut stopping = app.stop.subscribe();
        tokio::select! {
            changed = revision.changed() => {
                if changed.is_err() {
                    return None;
                }
                let json = view_json(&app);
                let done = app.controller.live().result.is_some();
                Some((Ok(Event::default().event("view").data(json)), (app, Some((revision, errors)), done)))
            }
            problem = errors.recv() => {
                let event = match problem {
                    Ok(line) => Event::default().event("problem").data(line),
                    Err(_) => Event::default().comment("missed"),
                };
                Some((Ok(event), (app, Some((revision, errors)), false)))
            }
            _ = stopping.wait_for(|s| *s) => None,
        }
    });
    // The counter goes with the stream: dropped after the final view (or a lost page).
    let stream = futures_util::StreamExt::map(stream, move |item| {
        let _counted = &open;
        item
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

/// `POST /api/command`: one control-protocol command as JSON (the same lines as
/// `ask run --control`), sent as the browser. 202 when queued; 400 for a bad command,
/// 409 after the form ended, 410 when the session is gone.
async fn command(State(app): State<Arc<App>>, request: Request) -> Response {
    let is_json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !is_json {
        return problem(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &ControlError::BadLine("send Content-Type: application/json".into()),
        );
    }
    let Ok(body) =
        axum::body::to_bytes(request.into_body(), ask_host::control::MAX_LINE_BYTES).await
    else {
        return problem(
            StatusCode::PAYLOAD_TOO_LARGE,
            &ControlError::BadLine("the body is too large".into()),
        );
    };
    let sent = std::str::from_utf8(&body)
        .map_err(|err| ControlError::BadLine(format!("not UTF-8 ({err})")))
        .and_then(ControlCommand::parse_line)
        .and_then(|c| app.sender.send(c));
    match sent {
        Ok(()) => (
            StatusCode::ACCEPTED,
            [(header::CONTENT_TYPE, "application/json")],
            Body::from("{\"ok\":true}"),
        )
            .into_response(),
        Err(err @ ControlError::AlreadyCompleted(_)) => problem(StatusCode::CONFLICT, &err),
        Err(err @ ControlError::Disconnected) => problem(StatusCode::GONE, &err),
        Err(err) => problem(StatusCode::BAD_REQUEST, &err),
    }
}

fn problem(status: StatusCode, err: &ControlError) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        ControlEvent::error(err).to_line(),
    )
        .into_response()
}
