//! The one token policy of both servers (the browser form's and `ask mcp --http`): one
//! secret size, one constant-time compare, and `Host` and `Origin` checked against the
//! exact bound address and port (a DNS-rebinding page names its own domain).

use std::net::SocketAddr;

use crate::WebError;

/// Random bytes in every secret: 128 bits, 32 hex digits.
const SECRET_BYTES: usize = 16;

/// Hex digits of the secrets.
const HEX: &[u8; 16] = b"0123456789abcdef";

/// A fresh secret: [`SECRET_BYTES`] from the operating system, in hex.
pub(crate) fn secret() -> Result<String, WebError> {
    let mut bytes = [0u8; SECRET_BYTES];
    getrandom::fill(&mut bytes).map_err(|err| WebError::Random(err.to_string()))?;
    Ok(bytes
        .iter()
        .flat_map(|b| [HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]])
        .map(char::from)
        .collect())
}

/// Compares without stopping at the first difference.
pub(crate) fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// True when `host` (a `Host` header) names `bound`: the same IP literal and port, or,
/// bound to every interface, any IP literal with the port. A name (a DNS-rebinding
/// attacker's domain, even `localhost`) never matches.
pub(crate) fn host_names(bound: SocketAddr, host: &str) -> bool {
    let Ok(named) = host.parse::<SocketAddr>() else {
        return false;
    };
    named.port() == bound.port() && (named.ip() == bound.ip() || bound.ip().is_unspecified())
}

/// True when `origin` (an `Origin` header) is the origin of `host`, the request's own
/// (already checked) `Host`: the page that sent it was served from this server.
pub(crate) fn same_origin(origin: &str, host: &str) -> bool {
    origin.strip_prefix("http://") == Some(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_128_bits_in_hex_and_differ() {
        let (a, b) = (secret().unwrap(), secret().unwrap());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert!(same(&a, &a.clone()) && !same(&a, &b) && !same(&a, &a[1..]));
    }

    #[test]
    fn host_must_be_the_bound_ip_and_port() {
        let bound: SocketAddr = "127.0.0.1:4000".parse().unwrap();
        assert!(host_names(bound, "127.0.0.1:4000"));
        for bad in [
            "localhost:4000",
            "127.0.0.1:4001",
            "evil.example:4000",
            "",
            "10.0.0.1:4000",
        ] {
            assert!(!host_names(bound, bad), "{bad}");
        }
        let v6: SocketAddr = "[::1]:4000".parse().unwrap();
        assert!(host_names(v6, "[::1]:4000"));
        let any: SocketAddr = "0.0.0.0:4000".parse().unwrap();
        assert!(host_names(any, "192.168.1.7:4000"));
        assert!(!host_names(any, "attacker.example:4000"));
    }

    #[test]
    fn an_origin_is_the_hosts_own_or_foreign() {
        assert!(same_origin("http://127.0.0.1:4000", "127.0.0.1:4000"));
        for foreign in ["http://evil.example", "https://127.0.0.1:4000", "null", ""] {
            assert!(!same_origin(foreign, "127.0.0.1:4000"), "{foreign}");
        }
    }
}
