//! Who may talk to a server. The browser form's guard (here): the link token exchanged
//! for a cookie, the `Host` and `Origin` checks, the wrong-token budget, and the headers
//! every response carries. An API's guard ([`bearer`]): a bearer token and the same
//! `Host` and `Origin` checks. Both follow one policy ([`policy`]).

mod bearer;
mod policy;

pub use bearer::{BearerGuard, new_token};

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU32, Ordering};

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};

/// Wrong tokens (or cookies) after which the listener shuts.
pub(crate) const MAX_WRONG_TOKENS: u32 = 10;

/// The session cookie's name.
pub(crate) const COOKIE: &str = "ask_session";

/// The secrets and counters of one server.
#[derive(Debug)]
pub(crate) struct Guard {
    /// 128 bits in the link, hex.
    pub(crate) token: String,
    /// 128 bits in the cookie, hex (a different secret, so the link token is spent on
    /// nothing else).
    pub(crate) cookie: String,
    /// The bound address: `Host` must name it.
    pub(crate) addr: SocketAddr,
    wrong: AtomicU32,
}

/// What the guard decided for a request.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Let it through.
    Pass,
    /// The right link token: set the cookie and redirect to `/`.
    Exchange,
    /// Refuse with this status; `true` when the wrong-token budget is now spent.
    Refuse(StatusCode, bool),
}

impl Guard {
    pub(crate) fn new(addr: SocketAddr) -> Result<Self, crate::WebError> {
        Ok(Self {
            token: policy::secret()?,
            cookie: policy::secret()?,
            addr,
            wrong: AtomicU32::new(0),
        })
    }

    /// True when `host` (a `Host` header) names the bound address.
    pub(crate) fn host_ok(&self, host: &str) -> bool {
        policy::host_names(self.addr, host)
    }

    /// Counts a wrong token; true when the budget is spent.
    fn wrong(&self) -> bool {
        self.wrong.fetch_add(1, Ordering::SeqCst) + 1 >= MAX_WRONG_TOKENS
    }

    /// Decides a request from its method, path, query and headers.
    pub(crate) fn check(
        &self,
        method: &Method,
        path: &str,
        query: Option<&str>,
        headers: &HeaderMap,
    ) -> Verdict {
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        if !self.host_ok(host) {
            return Verdict::Refuse(StatusCode::MISDIRECTED_REQUEST, false);
        }
        // A wrong link from another site (a page with image tags pointing here) is
        // refused without counting: it cannot shut the form for the person.
        let foreign = is_foreign(headers, host);
        let wrong = || !foreign && self.wrong();
        if let Some(token) = query.and_then(token_of) {
            if path == "/" && method == Method::GET && policy::same(token, &self.token) {
                return Verdict::Exchange;
            }
            return Verdict::Refuse(StatusCode::NOT_FOUND, wrong());
        }
        match cookie_of(headers) {
            Some(value) if policy::same(value, &self.cookie) => {}
            Some(_) => return Verdict::Refuse(StatusCode::NOT_FOUND, wrong()),
            None => return Verdict::Refuse(StatusCode::NOT_FOUND, false),
        }
        if method != Method::GET && method != Method::HEAD {
            let origin = headers.get(header::ORIGIN).and_then(|h| h.to_str().ok());
            if !origin.is_some_and(|o| policy::same_origin(o, host)) {
                return Verdict::Refuse(StatusCode::FORBIDDEN, false);
            }
        }
        Verdict::Pass
    }

    /// The `Set-Cookie` value of the exchange.
    pub(crate) fn set_cookie(&self) -> String {
        format!(
            "{COOKIE}={}; HttpOnly; SameSite=Strict; Path=/",
            self.cookie
        )
    }
}

/// True when a browser says the request comes from another site: `Sec-Fetch-Site` is
/// `cross-site` or `same-site`, or an `Origin` names another origin than `host`.
fn is_foreign(headers: &HeaderMap, host: &str) -> bool {
    let site = headers
        .get("sec-fetch-site")
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let origin = headers.get(header::ORIGIN).and_then(|h| h.to_str().ok());
    matches!(site, "cross-site" | "same-site")
        || origin.is_some_and(|o| !policy::same_origin(o, host))
}

/// The `t` parameter of a query string.
fn token_of(query: &str) -> Option<&str> {
    query.split('&').find_map(|pair| pair.strip_prefix("t="))
}

/// The session cookie's value.
fn cookie_of(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|h| h.to_str().ok())
        .flat_map(|h| h.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(COOKIE)?.strip_prefix('='))
}

/// The headers every response carries: nothing loads from elsewhere, nothing is cached,
/// the page is never framed and never sends a referrer.
pub(crate) fn harden(headers: &mut HeaderMap) {
    // The page sets its own policy (the same, plus its inline code's hashes).
    headers
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(HeaderValue::from_static(
            "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ));
    let fixed = [
        (header::CACHE_CONTROL, "no-store"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ];
    for (name, value) in fixed {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn guard() -> Guard {
        Guard::new("127.0.0.1:4000".parse().unwrap()).unwrap()
    }

    #[test]
    fn the_link_and_the_cookie_are_different_secrets_and_host_is_the_bound_address() {
        let g = guard();
        assert_ne!(g.token, g.cookie);
        assert!(g.host_ok("127.0.0.1:4000"));
        assert!(!g.host_ok("localhost:4000"));
    }

    #[test]
    fn cookies_are_found_among_others() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; ask_session=abc; b=2"),
        );
        assert_eq!(cookie_of(&h), Some("abc"));
        assert_eq!(token_of("x=1&t=zz"), Some("zz"));
    }
}
