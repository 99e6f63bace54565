//! Streamable HTTP: loopback only unless allowed, `Host` and `Origin` checked (DNS
//! rebinding), a bearer token on every request, bodies capped at 16 MiB, and sessions
//! left without a `DELETE` closed once idle ([`crate::sessions`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use crate::error::Error;
use crate::serve::{SHUTDOWN_GRACE, runtime, terminated};
use crate::server::AskServer;
pub use crate::sessions::SESSION_IDLE;
use crate::sessions::Tracker;

/// The largest request body accepted (16 MiB, the payload cap of `ask run`).
pub const MAX_BODY_BYTES: usize = 16 * 1024 * 1024;

/// The path the MCP endpoint is served on.
pub const MCP_PATH: &str = "/mcp";

/// How to serve HTTP.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// Serve a non-loopback address (and accept any `Host`); the token is still required.
    pub allow_remote: bool,
    /// The bearer token every request must carry (`Authorization: Bearer TOKEN`).
    pub token: String,
    /// How long a session may sit with no request open before it is closed
    /// ([`SESSION_IDLE`] by default).
    pub session_idle: Duration,
}

/// Parses `--http ADDR` and refuses a non-loopback address without `allow_remote`.
pub fn parse_addr(text: &str, allow_remote: bool) -> Result<SocketAddr, Error> {
    let addr: SocketAddr = text.parse().map_err(|_| Error::BadAddress {
        given: text.to_owned(),
    })?;
    if !allow_remote && !addr.ip().is_loopback() {
        return Err(Error::RemoteAddress {
            given: text.to_owned(),
        });
    }
    Ok(addr)
}

/// A fresh random token: 32 bytes from the operating system, in hex.
pub fn new_token() -> Result<String, Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|err| Error::Serve {
        what: "random token",
        message: err.to_string(),
    })?;
    Ok(bytes.iter().fold(String::with_capacity(64), |mut hex, b| {
        use std::fmt::Write as _;
        let _ = write!(hex, "{b:02x}");
        hex
    }))
}

/// Serves MCP over Streamable HTTP at `http://ADDR/mcp` until SIGTERM, SIGINT or
/// SIGHUP. `ready` gets the bound address once the socket listens (to print the URL
/// and token). Every call of a session that ends is cancelled; no form outlives the
/// server.
pub fn serve_http(
    server: AskServer,
    options: &HttpOptions,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), Error> {
    runtime()?.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.addr)
            .await
            .map_err(|source| Error::Io {
                what: "HTTP address",
                path: options.addr.to_string().into(),
                source,
            })?;
        let addr = listener.local_addr().map_err(|source| Error::Io {
            what: "HTTP address",
            path: options.addr.to_string().into(),
            source,
        })?;
        ready(addr);
        serve_listener(server, listener, options, terminated()).await
    })
}

/// Serves MCP on `listener` until `stop` resolves.
pub(crate) async fn serve_listener(
    server: AskServer,
    listener: tokio::net::TcpListener,
    options: &HttpOptions,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), Error> {
    let cancel = server.stop_token();
    let mut config = StreamableHttpServerConfig::default()
        .with_max_request_body_bytes(MAX_BODY_BYTES)
        .with_sse_keep_alive(None)
        .with_cancellation_token(cancel.child_token());
    if options.allow_remote {
        config = config.disable_allowed_hosts();
    } else {
        // A rebinding page's Host and Origin name its own domain; loopback names on
        // any port are this machine, so the port is not compared.
        config = config
            .with_allowed_hosts(["localhost", "127.0.0.1", "::1"])
            .with_allowed_origins(["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]);
    }
    // rmcp's own idle timer counts only messages, so it would cut a session whose
    // tools/call waits minutes for the person, and it never forgets a session either:
    // the tracker closes sessions with no request open instead.
    let mut manager = LocalSessionManager::default();
    manager.session_config.keep_alive = None;
    let manager = Arc::new(manager);
    let factory = server.clone();
    let mcp = StreamableHttpService::new(move || Ok(factory.clone()), manager.clone(), config);
    let token: Arc<str> = Arc::from(options.token.as_str());
    let tracker = Tracker::default();
    let reaper = tokio::spawn(reap(tracker.clone(), manager, options.session_idle));
    tokio::pin!(stop);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => continue,
            },
            () = &mut stop => break,
            () = cancel.cancelled() => break,
        };
        let mcp = mcp.clone();
        let token = token.clone();
        let tracker = tracker.clone();
        let service = hyper::service::service_fn(move |request| {
            let mcp = mcp.clone();
            let token = token.clone();
            let tracker = tracker.clone();
            async move {
                Ok::<_, std::convert::Infallible>(handle(request, &token, mcp, &tracker).await)
            }
        });
        tokio::spawn(async move {
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
    reaper.abort();
    server.shutdown(SHUTDOWN_GRACE).await;
    cancel.cancel();
    Ok(())
}

/// Closes the sessions idle past `idle`, checking a few times per `idle`.
async fn reap(tracker: Tracker, manager: Arc<LocalSessionManager>, idle: Duration) {
    use rmcp::transport::streamable_http_server::session::SessionManager as _;
    let every = (idle / 4).clamp(Duration::from_millis(20), Duration::from_secs(60));
    loop {
        tokio::time::sleep(every).await;
        for id in tracker.take_idle(Instant::now(), idle) {
            let _ = manager.close_session(&Arc::from(id.as_str())).await;
        }
    }
}

type BoxBody = http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>;

/// One request: the path, the token and the body size, then the MCP service.
async fn handle(
    request: Request<Incoming>,
    token: &str,
    mut mcp: StreamableHttpService<AskServer, LocalSessionManager>,
    tracker: &Tracker,
) -> Response<BoxBody> {
    use tower_service::Service as _;
    if request.uri().path() != MCP_PATH {
        return plain(StatusCode::NOT_FOUND, "not found: the MCP endpoint is /mcp");
    }
    if !authorized(&request, token) {
        let mut response = plain(
            StatusCode::UNAUTHORIZED,
            "unauthorized: send Authorization: Bearer <the token ask mcp printed>",
        );
        response.headers_mut().insert(
            "www-authenticate",
            hyper::header::HeaderValue::from_static("Bearer"),
        );
        return response;
    }
    let declared = request
        .headers()
        .get(hyper::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return too_large();
    }
    let (parts, body) = request.into_parts();
    let Ok(collected) = http_body_util::Limited::new(body, MAX_BODY_BYTES)
        .collect()
        .await
    else {
        return too_large();
    };
    let session = parts
        .headers
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let deleting = parts.method == hyper::Method::DELETE;
    let body = collected.to_bytes();
    let json = parts
        .headers
        .get(hyper::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("application/json"));
    if parts.method == hyper::Method::POST
        && json
        && let Some(refusal) = check_body(&body, session.is_some())
    {
        return refusal;
    }
    let request = Request::from_parts(parts, Full::new(body));
    let open = session
        .as_deref()
        .map(|id| tracker.open(id, Instant::now()));
    let response = match mcp.call(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    if let (true, Some(id)) = (deleting, session.as_deref()) {
        tracker.forget(id);
        return response;
    }
    // A new session (the initialize reply names it) is tracked from here.
    let open = open.or_else(|| {
        response
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .map(|id| tracker.open(id, Instant::now()))
    });
    match open {
        // The request stays open while its body streams (a tools/call waiting for the
        // person is one long SSE response).
        Some(open) => response.map(|body| Guarded { body, _open: open }.boxed()),
        None => response,
    }
}

/// The reply to a POST body rmcp would answer badly, as the stdio framing answers it
/// ([`crate::lines::check_envelope`]): a body that is not JSON or an id that cannot be
/// read gets `400` with the JSON-RPC error (`"id": null`); params that are not what the
/// method needs get the `-32602` error for the request's `id` (`200`, a JSON reply the
/// client matches like any other); a request without a session (no `Mcp-Session-Id`, no
/// 2026-07-28 `_meta`) other than `initialize` is told to initialize first (`400`, with
/// its `id`). `None`: the body goes to rmcp.
fn check_body(body: &[u8], session: bool) -> Option<Response<BoxBody>> {
    use crate::lines::{Refused, check_envelope, not_json};
    let refusal = match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(message) => check_envelope(&message, &mut { session })?,
        Err(err) => not_json(&err),
    };
    let status = match refusal.why {
        Refused::Params => StatusCode::OK,
        Refused::Unreadable | Refused::BeforeSession => StatusCode::BAD_REQUEST,
    };
    let mut line = refusal.line;
    if line.last() == Some(&b'\n') {
        line.pop();
    }
    let mut response = Response::new(Full::new(Bytes::from(line)).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        "content-type",
        hyper::header::HeaderValue::from_static("application/json"),
    );
    Some(response)
}

/// A response body that keeps its session's request open until it is dropped.
struct Guarded {
    body: BoxBody,
    _open: crate::sessions::Open,
}

impl hyper::body::Body for Guarded {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<hyper::body::Frame<Bytes>, Self::Error>>> {
        std::pin::Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

/// Whether the request carries `Authorization: Bearer TOKEN` (compared in constant time).
fn authorized<B>(request: &Request<B>, token: &str) -> bool {
    let Some(given) = request
        .headers()
        .get(hyper::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
    else {
        return false;
    };
    let (a, b) = (given.as_bytes(), token.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn too_large() -> Response<BoxBody> {
    plain(
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload too large: request bodies are capped at 16 MiB",
    )
}

fn plain(status: StatusCode, text: &'static str) -> Response<BoxBody> {
    let mut response = Response::new(Full::new(Bytes::from_static(text.as_bytes())).boxed());
    *response.status_mut() = status;
    response.headers_mut().insert(
        "content-type",
        hyper::header::HeaderValue::from_static("text/plain"),
    );
    response
}

#[cfg(test)]
#[path = "http_tests.rs"]
mod tests;
