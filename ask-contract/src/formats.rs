//! The string formats of `text` questions, checked as JSON Schema (and so MCP) defines
//! them: `email` (RFC 5321 mailbox, the common dot-atom form), `uri` (RFC 3986 absolute
//! URI), `date` and `date-time` (RFC 3339).

/// `local@domain`: a dot-atom local part and a host name of letters, digits and hyphens
/// (or a bracketed address literal).
pub(crate) fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.rsplit_once('@') else {
        return false;
    };
    let atom =
        |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || !c.is_ascii();
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local
            .split('.')
            .all(|part| !part.is_empty() && part.chars().all(atom));
    let domain_ok =
        if let Some(literal) = domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
            literal.parse::<std::net::Ipv4Addr>().is_ok()
                || literal
                    .strip_prefix("IPv6:")
                    .is_some_and(|a| a.parse::<std::net::Ipv6Addr>().is_ok())
        } else {
            is_host_name(domain)
        };
    local_ok && domain_ok
}

fn is_host_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 253
        && s.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || !c.is_ascii())
        })
}

/// `scheme:rest` with a scheme of a letter then letters, digits, `+`, `-`, `.`; the rest
/// has no spaces, controls or characters RFC 3986 never allows, and `%` starts two hex digits.
pub(crate) fn is_uri(s: &str) -> bool {
    let Some((scheme, rest)) = s.split_once(':') else {
        return false;
    };
    let scheme_ok = scheme
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
    if !scheme_ok {
        return false;
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c);
    let bytes = rest.as_bytes();
    let percent_ok = bytes.iter().enumerate().all(|(i, b)| {
        *b != b'%'
            || (bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit))
    });
    rest.chars().all(allowed) && percent_ok
}

/// `YYYY-MM-DD` with a real month and day.
pub(crate) fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
        return false;
    }
    let (Some(year), Some(month), Some(day)) = (digits(s, 0, 4), digits(s, 5, 2), digits(s, 8, 2))
    else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// `date` `T` `HH:MM:SS[.frac]` then `Z` or `+HH:MM`/`-HH:MM`.
pub(crate) fn is_date_time(s: &str) -> bool {
    let Some((date, time)) = s.split_once(['T', 't']) else {
        return false;
    };
    if !is_date(date) {
        return false;
    }
    let (clock, zone) = if let Some(clock) = time.strip_suffix(['Z', 'z']) {
        (clock, None)
    } else {
        let Some(at) = time.rfind(['+', '-']) else {
            return false;
        };
        (time.get(..at).unwrap_or(""), time.get(at + 1..))
    };
    let (hms, fraction) = match clock.split_once('.') {
        Some((hms, f)) => (hms, Some(f)),
        None => (clock, None),
    };
    let b = hms.as_bytes();
    let hms_ok = b.len() == 8
        && b.get(2) == Some(&b':')
        && b.get(5) == Some(&b':')
        && digits(hms, 0, 2).is_some_and(|h| h < 24)
        && digits(hms, 3, 2).is_some_and(|m| m < 60)
        && digits(hms, 6, 2).is_some_and(|s| s < 60);
    let fraction_ok =
        fraction.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()));
    let zone_ok = zone.is_none_or(|z| {
        z.len() == 5
            && z.as_bytes().get(2) == Some(&b':')
            && digits(z, 0, 2).is_some_and(|h| h < 24)
            && digits(z, 3, 2).is_some_and(|m| m < 60)
    });
    hms_ok && fraction_ok && zone_ok
}

/// The number written by `len` ASCII digits at `start`.
fn digits(s: &str, start: usize, len: usize) -> Option<u32> {
    let part = s.get(start..start + len)?;
    part.bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| part.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_accept_and_reject_what_json_schema_does() {
        for ok in [
            "a@example.com",
            "first.last+tag@sub.example.org",
            "x@[127.0.0.1]",
        ] {
            assert!(is_email(ok), "{ok}");
        }
        for bad in [
            "",
            "a",
            "@example.com",
            "a@",
            "a b@example.com",
            "a..b@x.org",
            "a@-x.org",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
        for ok in [
            "https://example.com",
            "mailto:a@b.org",
            "urn:isbn:0451450523",
            "http://[::1]:8080/x?y#z",
        ] {
            assert!(is_uri(ok), "{ok}");
        }
        for bad in [
            "",
            "example.com",
            "1http://x",
            "http://a b",
            "http://x/%zz",
            "/relative",
        ] {
            assert!(!is_uri(bad), "{bad}");
        }
        for ok in ["2026-12-01", "2024-02-29", "0001-01-01"] {
            assert!(is_date(ok), "{ok}");
        }
        for bad in [
            "2026-13-01",
            "2023-02-29",
            "2026-1-01",
            "20261201",
            "2026-12-01T00:00:00Z",
        ] {
            assert!(!is_date(bad), "{bad}");
        }
        for ok in [
            "2026-12-01T09:30:00Z",
            "2026-12-01t09:30:00.123+02:00",
            "2026-12-01T23:59:59-05:30",
        ] {
            assert!(is_date_time(ok), "{ok}");
        }
        for bad in [
            "2026-12-01",
            "2026-12-01T24:00:00Z",
            "2026-12-01T09:30Z",
            "2026-12-01T09:30:00",
            "2026-12-01T09:30:00+2",
        ] {
            assert!(!is_date_time(bad), "{bad}");
        }
    }
}
