//! Streamable HTTP: loopback only unless allowed, `Host` and `Origin` checked (DNS
//! rebinding), a bearer token on every request, bodies capped at 16 MiB.

use std::net::SocketAddr;
use std::sync::Arc;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use crate::error::Error;
use crate::serve::{SHUTDOWN_GRACE, runtime, terminated};
use crate::server::AskServer;

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
        let stop = server.stop_token();
        let mut config = StreamableHttpServerConfig::default()
            .with_max_request_body_bytes(MAX_BODY_BYTES)
            .with_sse_keep_alive(None)
            .with_cancellation_token(stop.child_token());
        if options.allow_remote {
            config = config.disable_allowed_hosts();
        } else {
            // A rebinding page's Host and Origin name its own domain; loopback names on
            // any port are this machine, so the port is not compared.
            config = config
                .with_allowed_hosts(["localhost", "127.0.0.1", "::1"])
                .with_allowed_origins([
                    "http://127.0.0.1:*",
                    "http://localhost:*",
                    "http://[::1]:*",
                ]);
        }
        let factory = server.clone();
        let mcp = StreamableHttpService::new(
            move || Ok(factory.clone()),
            Arc::new(LocalSessionManager::default()),
            config,
        );
        let token: Arc<str> = Arc::from(options.token.as_str());
        ready(addr);
        loop {
            let stream = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => stream,
                    Err(_) => continue,
                },
                () = terminated() => break,
            };
            let mcp = mcp.clone();
            let token = token.clone();
            let service = hyper::service::service_fn(move |request| {
                let mcp = mcp.clone();
                let token = token.clone();
                async move { Ok::<_, std::convert::Infallible>(handle(request, &token, mcp).await) }
            });
            tokio::spawn(async move {
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
        server.shutdown(SHUTDOWN_GRACE).await;
        stop.cancel();
        Ok(())
    })
}

type BoxBody = http_body_util::combinators::BoxBody<Bytes, std::convert::Infallible>;

/// One request: the path, the token and the body size, then the MCP service.
async fn handle(
    request: Request<Incoming>,
    token: &str,
    mut mcp: StreamableHttpService<AskServer, LocalSessionManager>,
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
    let request = Request::from_parts(parts, Full::new(collected.to_bytes()));
    match mcp.call(request).await {
        Ok(response) => response,
        Err(never) => match never {},
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
