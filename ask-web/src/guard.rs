//! Who may talk to the server: the link token exchanged for a cookie, the `Host` and
//! `Origin` checks, the wrong-token budget, and the headers every response carries.

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

/// Hex digits of the secrets.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// 16 random bytes as 32 hex digits.
pub(crate) fn secret() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|err| err.to_string())?;
    Ok(bytes
        .iter()
        .flat_map(|b| [HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]])
        .map(char::from)
        .collect())
}

/// Compares without stopping at the first difference.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

impl Guard {
    pub(crate) fn new(addr: SocketAddr) -> Result<Self, String> {
        Ok(Self {
            token: secret()?,
            cookie: secret()?,
            addr,
            wrong: AtomicU32::new(0),
        })
    }

    /// True when `host` (a `Host` header) names the bound address: the same IP literal
    /// and port, or, bound to every interface, any IP literal with the port. A name (a
    /// DNS-rebinding attacker's domain, even `localhost`) never matches.
    pub(crate) fn host_ok(&self, host: &str) -> bool {
        let Ok(named) = host.parse::<SocketAddr>() else {
            return false;
        };
        named.port() == self.addr.port()
            && (named.ip() == self.addr.ip() || self.addr.ip().is_unspecified())
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
            if path == "/" && method == Method::GET && same(token, &self.token) {
                return Verdict::Exchange;
            }
            return Verdict::Refuse(StatusCode::NOT_FOUND, wrong());
        }
        match cookie_of(headers) {
            Some(value) if same(value, &self.cookie) => {}
            Some(_) => return Verdict::Refuse(StatusCode::NOT_FOUND, wrong()),
            None => return Verdict::Refuse(StatusCode::NOT_FOUND, false),
        }
        if method != Method::GET && method != Method::HEAD {
            let origin = headers.get(header::ORIGIN).and_then(|h| h.to_str().ok());
            if origin != Some(format!("http://{host}").as_str()) {
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
        || origin.is_some_and(|o| o != format!("http://{host}"))
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
    fn secrets_are_128_bits_and_differ() {
        let g = guard();
        assert_eq!(g.token.len(), 32);
        assert!(g.token.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(g.token, g.cookie);
    }

    #[test]
    fn host_must_be_the_bound_ip_and_port() {
        let g = guard();
        assert!(g.host_ok("127.0.0.1:4000"));
        for bad in [
            "localhost:4000",
            "127.0.0.1:4001",
            "evil.example:4000",
            "",
            "10.0.0.1:4000",
        ] {
            assert!(!g.host_ok(bad), "{bad}");
        }
        let any = Guard::new("0.0.0.0:4000".parse().unwrap()).unwrap();
        assert!(any.host_ok("192.168.1.7:4000"));
        assert!(!any.host_ok("attacker.example:4000"));
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
