//! Streamable HTTP: rmcp's `StreamableHttpService` mounted at [`MCP_PATH`] in an axum
//! `Router`, behind ask-web's [`BearerGuard`] (the browser form's token policy: a bearer
//! token on every request, `Host` naming the bound address, no foreign `Origin`) and
//! served by ask-web's accept loop. Here: bodies capped at 16 MiB, envelopes rmcp would
//! answer badly answered as over stdio, and sessions left without a `DELETE` closed once
//! idle ([`crate::sessions`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ask_web::BearerGuard;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use crate::error::Error;
use crate::serve::{SHUTDOWN_GRACE, runtime, terminated};
use crate::server::AskServer;
use crate::sessions::Tracker;

/// The largest request body accepted (16 MiB, the payload cap of `ask run`).
pub(crate) const MAX_BODY_BYTES: usize = 16 * 1024 * 1024;

/// The path the MCP endpoint is served on.
pub const MCP_PATH: &str = "/mcp";

/// How to serve HTTP.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct HttpOptions {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// Serve a non-loopback address (and accept any `Host`); the token is still required.
    pub allow_remote: bool,
    /// The bearer token every request must carry (`Authorization: Bearer TOKEN`).
    pub token: String,
    /// How long a session may sit with no request open before it is closed (10
    /// minutes by default).
    pub session_idle: Duration,
}

impl HttpOptions {
    /// Parses `--http ADDR` (a non-loopback address only with `allow_remote`) and draws a
    /// fresh token: 128 random bits in hex, the size of the browser form's link token.
    pub fn new(addr: &str, allow_remote: bool) -> Result<Self, Error> {
        Ok(Self {
            addr: parse_addr(addr, allow_remote)?,
            allow_remote,
            token: ask_web::new_token().map_err(|err| Error::Serve {
                what: "random token",
                message: err.to_string(),
            })?,
            session_idle: crate::sessions::SESSION_IDLE,
        })
    }
}

/// Parses `--http ADDR` and refuses a non-loopback address without `allow_remote`.
fn parse_addr(text: &str, allow_remote: bool) -> Result<SocketAddr, Error> {
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

/// Serves MCP over Streamable HTTP at `http://ADDR/mcp` until SIGTERM, SIGINT or
/// SIGHUP. `ready` gets the bound address once the socket listens (to print the URL
/// and token). Every call of a session that ends is cancelled; no form outlives the
/// server.
pub fn serve_http(
    server: crate::ServerOptions,
    options: &HttpOptions,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), Error> {
    let server = AskServer::new(server);
    runtime()?.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.addr)
            .await
            .map_err(|source| Error::Io {
                what: "HTTP address",
                path: options.addr.to_string().into(),
                source,
            })?;
        ready(listener.local_addr().map_err(|source| Error::Io {
            what: "HTTP address",
            path: options.addr.to_string().into(),
            source,
        })?);
        serve_listener(server, listener, options, terminated()).await
    })
}

/// What the endpoint shares: rmcp's service and the sessions' open requests.
struct Endpoint {
    mcp: StreamableHttpService<AskServer, LocalSessionManager>,
    tracker: Tracker,
}

/// Serves MCP on `listener` until `stop` resolves or the server stops; the open calls
/// are then answered (closing their forms) before the connections close.
pub(crate) async fn serve_listener(
    server: AskServer,
    listener: tokio::net::TcpListener,
    options: &HttpOptions,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), Error> {
    let cancel = server.stop_token();
    let addr = listener.local_addr().map_err(|source| Error::Io {
        what: "HTTP address",
        path: options.addr.to_string().into(),
        source,
    })?;
    // The guard checks Host and Origin against the bound address; rmcp's own checks
    // (names on any port) are off.
    let config = StreamableHttpServerConfig::default()
        .with_max_request_body_bytes(MAX_BODY_BYTES)
        .with_sse_keep_alive(None)
        .with_cancellation_token(cancel.child_token())
        .disable_allowed_hosts()
        .disable_allowed_origins();
    // rmcp's own idle timer counts only messages, so it would cut a session whose
    // tools/call waits minutes for the person, and it never forgets a session either:
    // the tracker closes sessions with no request open instead.
    let mut manager = LocalSessionManager::default();
    manager.session_config.keep_alive = None;
    let manager = Arc::new(manager);
    let factory = server.clone();
    let mcp = StreamableHttpService::new(move || Ok(factory.clone()), manager.clone(), config);
    let tracker = Tracker::default();
    let reaper = tokio::spawn(crate::sessions::reap(
        tracker.clone(),
        manager,
        options.session_idle,
    ));
    let router = Router::new()
        .route(MCP_PATH, axum::routing::any(endpoint))
        .fallback(|| async { plain(StatusCode::NOT_FOUND, "not found: the MCP endpoint is /mcp") })
        .with_state(Arc::new(Endpoint { mcp, tracker }));
    let router = BearerGuard::new(addr, options.allow_remote, &options.token).protect(router);
    let stopping = async {
        tokio::select! {
            () = stop => {}
            () = cancel.cancelled() => {}
        }
        // Open calls close their forms and answer while their connections still stand.
        server.shutdown(SHUTDOWN_GRACE).await;
    };
    ask_web::serve_router(listener, router, stopping).await;
    reaper.abort();
    cancel.cancel();
    Ok(())
}

/// One request that passed the guard: the body size, the envelope, then rmcp.
async fn endpoint(State(endpoint): State<Arc<Endpoint>>, request: Request) -> Response {
    use tower_service::Service as _;
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
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
    let deleting = parts.method == Method::DELETE;
    let body = collected.to_bytes();
    let json = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().starts_with("application/json"));
    if parts.method == Method::POST
        && json
        && let Some(refusal) = check_body(&body, session.is_some())
    {
        return refusal;
    }
    let tracker = &endpoint.tracker;
    let open = session
        .as_deref()
        .map(|id| tracker.open(id, Instant::now()));
    let request = axum::http::Request::from_parts(parts, Full::new(body));
    let response = match endpoint.mcp.clone().call(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    if let (true, Some(id)) = (deleting, session.as_deref()) {
        tracker.forget(id);
        return response.map(Body::new);
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
        // person is one long SSE response): the body owns `open` until it is dropped.
        Some(open) => response.map(|body| {
            Body::new(body.map_frame(move |frame| {
                let _ = &open;
                frame
            }))
        }),
        None => response.map(Body::new),
    }
}

/// The reply to a POST body rmcp would answer badly, as the stdio framing answers it
/// ([`crate::lines::check_envelope`]): a body that is not JSON or an id that cannot be
/// read gets `400` with the JSON-RPC error (`"id": null`); params that are not what the
/// method needs get the `-32602` error for the request's `id` (`200`, a JSON reply the
/// client matches like any other); a request without a session (no `Mcp-Session-Id`, no
/// 2026-07-28 `_meta`) other than `initialize` is told to initialize first (`400`, with
/// its `id`). `None`: the body goes to rmcp.
fn check_body(body: &[u8], session: bool) -> Option<Response> {
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
    Some(
        (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            Bytes::from(line),
        )
            .into_response(),
    )
}

fn too_large() -> Response {
    plain(
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload too large: request bodies are capped at 16 MiB",
    )
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain")], text).into_response()
}

#[cfg(test)]
#[path = "http_tests.rs"]
mod tests;
