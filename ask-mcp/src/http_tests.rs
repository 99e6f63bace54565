//! The Streamable HTTP transport, over real loopback connections.

use super::{HttpOptions, serve_listener};
use crate::server::{AskServer, ServerOptions, Ui};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One HTTP/1.1 request on its own connection: the status and the session header.
async fn send(
    addr: std::net::SocketAddr,
    method: &str,
    session: Option<&str>,
    body: &str,
) -> (u16, Option<String>) {
    let (status, id, _) = exchange(addr, method, session, body).await;
    (status, id)
}

/// One HTTP/1.1 request on its own connection: the status, the session header and the
/// body.
async fn exchange(
    addr: std::net::SocketAddr,
    method: &str,
    session: Option<&str>,
    body: &str,
) -> (u16, Option<String>, String) {
    let session = session.map_or(String::new(), |s| {
        format!("Mcp-Session-Id: {s}\r\nMCP-Protocol-Version: 2025-11-25\r\n")
    });
    let head = format!("Host: {addr}\r\nAuthorization: Bearer t\r\n{session}");
    raw(addr, method, &head, body).await
}

/// One HTTP/1.1 request with these header lines (each ending in CRLF) besides the
/// content headers.
async fn raw(
    addr: std::net::SocketAddr,
    method: &str,
    head: &str,
    body: &str,
) -> (u16, Option<String>, String) {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "{method} /mcp HTTP/1.1\r\n{head}\
         Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).await.unwrap();
    let status = reply[9..12].parse().unwrap();
    let (head, body) = reply.split_once("\r\n\r\n").unwrap_or((&reply, ""));
    let id = head.lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.eq_ignore_ascii_case("mcp-session-id")
            .then(|| value.trim().to_owned())
    });
    (status, id, body.to_owned())
}

fn server(state: &std::path::Path) -> AskServer {
    AskServer::new(ServerOptions::testing(Ui::None, state))
}

/// Serves HTTP on a free loopback port while `client` runs with its address.
fn serving<F: std::future::Future<Output = ()>>(
    session_idle: Duration,
    client: impl FnOnce(std::net::SocketAddr) -> F,
) {
    let state = tempfile::tempdir().unwrap();
    let server = server(state.path());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let options = HttpOptions {
            addr,
            allow_remote: false,
            token: "t".into(),
            session_idle,
        };
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = tokio::spawn(async move {
            serve_listener(server, listener, &options, async {
                let _ = stopped.await;
            })
            .await
        });
        client(addr).await;
        let _ = stop.send(());
        serving.await.unwrap().unwrap();
    });
}

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;

/// A JSON-RPC error body: its code and id.
fn error_of(body: &str) -> (i64, serde_json::Value, String) {
    let reply: serde_json::Value = serde_json::from_str(body).unwrap_or_else(|_| panic!("{body}"));
    (
        reply["error"]["code"].as_i64().unwrap_or(0),
        reply
            .get("id")
            .cloned()
            .unwrap_or_else(|| serde_json::json!("absent")),
        reply["error"]["message"].as_str().unwrap_or("").to_owned(),
    )
}

#[test]
fn bad_envelopes_over_http_get_the_right_code_with_an_id_the_client_can_match() {
    serving(Duration::from_secs(60), |addr| async move {
        let (status, session, _) = exchange(addr, "POST", None, INIT).await;
        assert_eq!(status, 200);
        let session = session.expect("a session id");
        let s = Some(session.as_str());
        let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
        assert_eq!(send(addr, "POST", s, initialized).await.0, 202);
        // Params that are not what the method needs: -32602 for the request's id.
        for (id, params) in [
            ("2", r#","params":"ask_user""#),
            ("3", r#","params":["ask_user"]"#),
            ("4", ""),
            (
                r#""five""#,
                r#","params":{"name":"ask_user","arguments":"no"}"#,
            ),
        ] {
            let body = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call"{params}}}"#);
            let (status, _, reply) = exchange(addr, "POST", s, &body).await;
            assert_eq!(status, 200, "{body}: {reply}");
            let (code, got, _) = error_of(&reply);
            assert_eq!(code, -32602, "{body}: {reply}");
            assert_eq!(got, serde_json::from_str::<serde_json::Value>(id).unwrap());
        }
        // An id that cannot be matched, or a body that is not JSON: 400, id null.
        for (body, want) in [
            (
                r#"{"jsonrpc":"2.0","id":{"an":"object"},"method":"tools/list"}"#,
                -32600,
            ),
            (
                r#"{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}"#,
                -32600,
            ),
            ("{not json", -32700),
        ] {
            let (status, _, reply) = exchange(addr, "POST", s, body).await;
            assert_eq!(status, 400, "{body}: {reply}");
            let (code, id, _) = error_of(&reply);
            assert_eq!(
                (code, id),
                (want, serde_json::Value::Null),
                "{body}: {reply}"
            );
        }
        // A good request still reaches the server.
        let list = r#"{"jsonrpc":"2.0","id":9,"method":"tools/list"}"#;
        let (status, _, reply) = exchange(addr, "POST", s, list).await;
        assert_eq!(status, 200);
        assert!(reply.contains("ask_user"), "{reply}");
    });
}

#[test]
fn the_endpoint_is_behind_the_guard_of_the_browser_form() {
    serving(Duration::from_secs(60), |addr| async move {
        let host = format!("Host: {addr}\r\n");
        let bearer = "Authorization: Bearer t\r\n";
        let (status, _, _) = raw(addr, "POST", &host, INIT).await;
        assert_eq!(status, 401, "no token");
        let (status, _, _) = raw(
            addr,
            "POST",
            &format!("{host}Authorization: Bearer u\r\n"),
            INIT,
        )
        .await;
        assert_eq!(status, 401, "a wrong token");
        // Only the bound address and port: a name (even localhost) is what a
        // DNS-rebinding page would send.
        for other in [
            format!("localhost:{}", addr.port()),
            format!("127.0.0.1:{}", addr.port() + 1),
            "evil.example".to_owned(),
        ] {
            let (status, _, body) =
                raw(addr, "POST", &format!("Host: {other}\r\n{bearer}"), INIT).await;
            assert_eq!(status, 421, "{other}: {body}");
        }
        let foreign = format!("{host}{bearer}Origin: http://evil.example\r\n");
        assert_eq!(raw(addr, "POST", &foreign, INIT).await.0, 403);
        let own = format!("{host}{bearer}Origin: http://{addr}\r\n");
        assert_eq!(raw(addr, "POST", &own, INIT).await.0, 200);
    });
}

#[test]
fn a_request_over_http_before_initialize_is_told_to_initialize() {
    serving(Duration::from_secs(60), |addr| async move {
        let list = r#"{"jsonrpc":"2.0","id":7,"method":"tools/list"}"#;
        let (status, _, reply) = exchange(addr, "POST", None, list).await;
        assert_eq!(status, 400, "{reply}");
        let (code, id, message) = error_of(&reply);
        assert_eq!((code, id), (-32602, serde_json::json!(7)), "{reply}");
        assert!(message.contains("send \"initialize\" first"), "{message}");
    });
}

#[test]
fn a_session_its_client_left_without_delete_is_closed_once_idle() {
    serving(Duration::from_millis(200), |addr| async move {
        let (status, session) = send(addr, "POST", None, INIT).await;
        assert_eq!(status, 200);
        let session = session.expect("a session id");
        let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
        let (status, _) = send(addr, "POST", Some(&session), initialized).await;
        assert_eq!(status, 202);
        // The client goes away without DELETE: the session is closed once idle, and
        // the server then answers its id with 404.
        let list = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#;
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let (status, _) = send(addr, "POST", Some(&session), list).await;
            if status == 404 {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the idle session was never closed"
            );
            // Each try is a request of the session, so tries are spaced wider than
            // the idle time (a fence, not a guess: the loop ends on the 404).
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    });
}
