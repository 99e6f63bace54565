//! The server's limits and its page delivery: a header-read timeout, a connection cap,
//! and the page built once per view change, gzipped when the browser accepts it.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use ask_web::{WebOptions, WebServer};

use crate::{get, session, started};

#[test]
fn a_half_sent_request_is_closed_after_the_header_timeout() {
    let mut s = session();
    let options = WebOptions::default().header_timeout(Duration::from_millis(300));
    let server = WebServer::start(&s.controller(), &options).unwrap();
    let addr = server.local_addr();
    for partial in ["", "GET / HTTP/1.1\r\nHost: "] {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        stream.write_all(partial.as_bytes()).unwrap();
        let mut out = Vec::new();
        // The server closes it (with a 408 or nothing); before, it waited forever.
        stream
            .read_to_end(&mut out)
            .unwrap_or_else(|err| panic!("{partial:?} still open: {err}"));
    }
}

#[test]
fn connections_over_the_cap_are_closed_and_the_page_still_loads() {
    let mut s = session();
    let (server, _, cookie) = started(&mut s);
    let addr = server.local_addr();
    // Idle connections up to the cap (64 by default), then one more.
    let idle: Vec<TcpStream> = (0..64).map(|_| TcpStream::connect(addr).unwrap()).collect();
    let mut over = TcpStream::connect(addr).unwrap();
    over.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut out = Vec::new();
    assert_eq!(
        over.read_to_end(&mut out).expect("closed at once"),
        0,
        "over the cap"
    );
    drop(idle);
    // Their places are free again once they are closed.
    let start = Instant::now();
    loop {
        let (status, _, _) = get(addr, "/api/view", &cookie);
        if status == 200 {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "{status}");
    }
}

#[test]
fn the_page_is_built_once_per_view_change_and_sent_gzipped_when_accepted() {
    use flate2::read::GzDecoder;
    let mut s = session();
    let (server, _, cookie) = started(&mut s);
    let addr = server.local_addr();
    let (status, head, plain) = get(addr, "/", &cookie);
    assert_eq!(status, 200);
    assert!(!head.contains("content-encoding"), "{head}");
    assert!(head.contains("vary: accept-encoding"), "{head}");
    // Unchanged form: the same page, built once.
    assert_eq!(get(addr, "/", &cookie).2, plain);
    let gzip = format!("{cookie}Accept-Encoding: gzip, deflate, br\r\n");
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{gzip}\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let at = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..at]).to_ascii_lowercase();
    assert!(head.contains("content-encoding: gzip"), "{head}");
    let mut unzipped = String::new();
    GzDecoder::new(&raw[at + 4..])
        .read_to_string(&mut unzipped)
        .unwrap();
    assert_eq!(unzipped, plain, "the same page, compressed");
    assert!(raw.len() - at < plain.len() / 2, "smaller");
    // A change: a new page.
    s.key("2".parse().unwrap());
    s.pump_control();
    let changed = get(addr, "/", &cookie).2;
    assert_ne!(changed, plain);
    // The icon.
    let (status, head, icon) = get(addr, "/favicon.svg", &cookie);
    assert_eq!(status, 200);
    assert!(head.contains("content-type: image/svg+xml"), "{head}");
    assert!(icon.starts_with("<svg"));
}
