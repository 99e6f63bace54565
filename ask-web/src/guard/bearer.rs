//! The guard of an API served to programs (`ask mcp --http`): every request carries
//! `Authorization: Bearer TOKEN`, names the bound address in `Host` (loopback by
//! default; any `Host` when remote clients are allowed) and, when it says where it
//! comes from, sends this server's own `Origin`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};

use super::policy;
use crate::WebError;

/// A fresh bearer token: 128 random bits from the operating system, 32 hex digits (the
/// size of the browser form's link token).
pub fn new_token() -> Result<String, WebError> {
    policy::secret()
}

/// Who may call an API: the holder of the token, at the bound address.
#[derive(Debug, Clone)]
pub struct BearerGuard {
    addr: SocketAddr,
    allow_remote: bool,
    token: Arc<str>,
}

impl BearerGuard {
    /// A guard for a server bound to `addr`, whose requests must carry `token`. With
    /// `allow_remote` any `Host` is accepted (a name, a proxy's address); the token is
    /// still required and a foreign `Origin` still refused.
    pub fn new(addr: SocketAddr, allow_remote: bool, token: &str) -> Self {
        Self {
            addr,
            allow_remote,
            token: Arc::from(token),
        }
    }

    /// `router` with every request checked first: `421` for a `Host` that does not name
    /// the bound address, `401` (with `WWW-Authenticate: Bearer`) without the token,
    /// `403` for another site's `Origin`.
    pub fn protect(self, router: Router) -> Router {
        router.layer(middleware::from_fn_with_state(Arc::new(self), check))
    }

    /// The refusal of a request with these headers, or `None` to let it through.
    fn refusal(&self, headers: &HeaderMap) -> Option<Response> {
        let text = |h: header::HeaderName| headers.get(h).and_then(|v| v.to_str().ok());
        let host = text(header::HOST).unwrap_or("");
        if !self.allow_remote && !policy::host_names(self.addr, host) {
            let said = format!(
                "misdirected: this server answers only at http://{}\n",
                self.addr
            );
            return Some(plain(StatusCode::MISDIRECTED_REQUEST, said));
        }
        let given = text(header::AUTHORIZATION).and_then(|v| v.strip_prefix("Bearer "));
        if !given.is_some_and(|given| policy::same(given, &self.token)) {
            let mut response = plain(
                StatusCode::UNAUTHORIZED,
                "unauthorized: send Authorization: Bearer <the token the server printed>\n".into(),
            );
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            return Some(response);
        }
        if text(header::ORIGIN).is_some_and(|origin| !policy::same_origin(origin, host)) {
            return Some(plain(
                StatusCode::FORBIDDEN,
                "forbidden: a page of another site may not call this server\n".into(),
            ));
        }
        None
    }
}

/// The middleware: the guard's verdict, then the route.
async fn check(State(guard): State<Arc<BearerGuard>>, request: Request, next: Next) -> Response {
    match guard.refusal(request.headers()) {
        Some(refusal) => refusal,
        None => next.run(request).await,
    }
}

/// A refusal with a one-line text body.
fn plain(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn status(guard: &BearerGuard, pairs: &[(&'static str, &str)]) -> Option<StatusCode> {
        guard.refusal(&headers(pairs)).map(|r| r.status())
    }

    #[test]
    fn the_token_the_bound_host_and_no_foreign_origin_are_needed() {
        let guard = BearerGuard::new("127.0.0.1:4000".parse().unwrap(), false, "t0ken");
        let host = ("host", "127.0.0.1:4000");
        let bearer = ("authorization", "Bearer t0ken");
        assert_eq!(status(&guard, &[host, bearer]), None);
        assert_eq!(
            status(&guard, &[host, bearer, ("origin", "http://127.0.0.1:4000")]),
            None
        );
        assert_eq!(status(&guard, &[host]), Some(StatusCode::UNAUTHORIZED));
        assert_eq!(
            status(&guard, &[host, ("authorization", "Bearer t0kem")]),
            Some(StatusCode::UNAUTHORIZED)
        );
        for other in ["localhost:4000", "127.0.0.1:4001", "evil.example:4000"] {
            assert_eq!(
                status(&guard, &[("host", other), bearer]),
                Some(StatusCode::MISDIRECTED_REQUEST),
                "{other}"
            );
        }
        assert_eq!(
            status(&guard, &[host, bearer, ("origin", "http://evil.example")]),
            Some(StatusCode::FORBIDDEN)
        );
    }

    #[test]
    fn remote_clients_may_name_the_server_as_they_like_but_still_need_the_token() {
        let guard = BearerGuard::new("0.0.0.0:4000".parse().unwrap(), true, "t0ken");
        let bearer = ("authorization", "Bearer t0ken");
        assert_eq!(status(&guard, &[("host", "mcp.example:443"), bearer]), None);
        assert_eq!(
            status(&guard, &[("host", "mcp.example:443")]),
            Some(StatusCode::UNAUTHORIZED)
        );
        assert_eq!(
            status(
                &guard,
                &[
                    ("host", "mcp.example:443"),
                    bearer,
                    ("origin", "http://evil.example")
                ]
            ),
            Some(StatusCode::FORBIDDEN)
        );
    }
}
