//! The routes in process: requests go straight into the router (`tower`'s `oneshot`), no
//! socket and no server thread, so each answer is the router's own. The guard's checks
//! are here too (the router runs it on every request); `tests/web.rs` keeps the few
//! that need a real connection (the `Host` a client writes, the listener shutting).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use ask_contract::{ParseOptions, parse_params, result::AnsweredVia};
use ask_host::{Session, settings::Settings};
use ask_settings::AskConfig;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use tokio::sync::{broadcast, watch};
use tower::ServiceExt;

use crate::guard::Guard;
use crate::server::{App, router};

/// The address the guard believes it is bound to (nothing is bound).
const ADDR: &str = "127.0.0.1:4321";

fn session() -> Session {
    let payload = json!({"title": "T <b>", "questions": [
        {"id": "db", "label": "DB", "prompt": "Which <script>alert(1)</script>?", "options": [
            {"value": "pg", "label": "PG"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "n", "prompt": "How many?", "type": "number", "min": 1, "max": 9}]});
    let form = parse_params(&payload, ParseOptions::default()).expect("a valid payload");
    Session::new(form, Settings::in_memory(AskConfig::default()))
}

/// The router over `s`'s controller, the link token and cookie its guard expects, and
/// the browser's control handle (kept for as long as the router serves, as the server
/// keeps it).
fn app(
    s: &mut Session,
) -> (
    axum::Router,
    String,
    String,
    ask_host::control::ControlHandle,
) {
    let controller = s.controller();
    let handle = controller.connect(AnsweredVia::Browser);
    let addr: SocketAddr = ADDR.parse().expect("address");
    let guard = Guard::new(addr).expect("random secrets");
    let (token, cookie) = (guard.token.clone(), format!("ask_session={}", guard.cookie));
    let (_, revision) = watch::channel(controller.live().revision);
    let app = Arc::new(App {
        guard,
        controller,
        revision,
        errors: broadcast::channel(16).0,
        stop: watch::channel(false).0,
        streams: Arc::new(AtomicUsize::new(0)),
        page: crate::page::Cache::default(),
        wrong_links: Arc::new(std::sync::atomic::AtomicBool::new(false)),
    });
    (router(app), token, cookie, handle)
}

/// Sends one request through the router; returns the status, headers and body.
fn send(
    router: &axum::Router,
    request: Request<Body>,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let response = router.clone().oneshot(request).await.expect("infallible");
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, usize::MAX).await.expect("body");
        (
            parts.status,
            parts.headers,
            String::from_utf8_lossy(&bytes).into_owned(),
        )
    })
}

/// [`send`] on another thread while this one pumps the session, as a host does: a
/// command's reply waits until the session took it.
fn send_pumped(
    router: &axum::Router,
    request: Request<Body>,
    s: &mut Session,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let router = router.clone();
    let sender = std::thread::spawn(move || send(&router, request));
    while !sender.is_finished() {
        s.wait_control(Some(std::time::Duration::from_millis(50)));
        s.pump_control();
    }
    sender.join().expect("the request thread")
}

fn get(path: &str, cookie: Option<&str>) -> Request<Body> {
    let mut request = Request::get(path).header(header::HOST, ADDR);
    if let Some(cookie) = cookie {
        request = request.header(header::COOKIE, cookie);
    }
    request.body(Body::empty()).expect("request")
}

fn post(path: &str, cookie: &str, body: &str) -> Request<Body> {
    Request::post(path)
        .header(header::HOST, ADDR)
        .header(header::COOKIE, cookie)
        .header(header::ORIGIN, format!("http://{ADDR}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_owned()))
        .expect("request")
}

fn header_of(headers: &axum::http::HeaderMap, name: header::HeaderName) -> &str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

#[test]
fn the_link_token_is_exchanged_for_a_strict_cookie_and_a_redirect() {
    let mut s = session();
    let (router, token, cookie, _handle) = app(&mut s);
    let (status, headers, _) = send(&router, get(&format!("/?t={token}"), None));
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(header_of(&headers, header::LOCATION), "/");
    let set = header_of(&headers, header::SET_COOKIE);
    assert!(set.starts_with(&format!("{cookie};")), "{set}");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Strict"),
        "{set}"
    );
    // The link token opens nothing else, and a wrong one is a 404 like any unknown page.
    let (status, _, _) = send(&router, get(&format!("/api/view?t={token}"), None));
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _, _) = send(&router, get("/?t=00", None));
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[test]
fn without_the_cookie_or_with_a_foreign_host_nothing_is_served() {
    let mut s = session();
    let (router, _, cookie, _handle) = app(&mut s);
    for path in ["/", "/api/view", "/api/events"] {
        assert_eq!(
            send(&router, get(path, None)).0,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    let (status, _, _) = send(&router, get("/", Some("ask_session=0123")));
    assert_eq!(status, StatusCode::NOT_FOUND, "a wrong cookie");
    for host in ["localhost:4321", "127.0.0.1:1", "evil.example"] {
        let request = Request::get("/")
            .header(header::HOST, host)
            .header(header::COOKIE, &cookie)
            .body(Body::empty())
            .expect("request");
        assert_eq!(
            send(&router, request).0,
            StatusCode::MISDIRECTED_REQUEST,
            "{host}"
        );
    }
}

#[test]
fn the_page_and_the_view_carry_the_form_as_data_with_hardened_headers() {
    let mut s = session();
    let (router, _, cookie, _handle) = app(&mut s);
    let (status, headers, page) = send(&router, get("/", Some(&cookie)));
    assert_eq!(status, StatusCode::OK);
    assert!(header_of(&headers, header::CONTENT_TYPE).starts_with("text/html"));
    let policy = header_of(&headers, header::CONTENT_SECURITY_POLICY);
    assert!(
        policy.contains("default-src 'self'") && policy.contains("script-src 'sha256-"),
        "{policy}"
    );
    assert!(header_of(&headers, header::CACHE_CONTROL).contains("no-store"));
    assert!(
        !page.contains("<script>alert"),
        "payload text never becomes markup"
    );

    let (status, headers, body) = send(&router, get("/api/view", Some(&cookie)));
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        header_of(&headers, header::CONTENT_TYPE),
        "application/json"
    );
    let view: Value = serde_json::from_str(&body).expect("the view is JSON");
    assert_eq!(view["title"], "T <b>");
    assert_eq!(
        view["questions"][0]["prompt"],
        "Which <script>alert(1)</script>?"
    );
    assert_eq!(view["questions"][1]["id"], "n");

    let (status, _, _) = send(&router, get("/nowhere", Some(&cookie)));
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[test]
fn commands_need_json_from_the_pages_origin_and_reach_the_session() {
    let mut s = session();
    let (router, _, cookie, _handle) = app(&mut s);
    let answer = r#"{"v":1,"type":"answer","answers":{"db":{"values":["lite"]}}}"#;
    let mut foreign = post("/api/command", &cookie, answer);
    foreign.headers_mut().insert(
        header::ORIGIN,
        "http://evil.example".parse().expect("header"),
    );
    assert_eq!(send(&router, foreign).0, StatusCode::FORBIDDEN);
    let mut plain = post("/api/command", &cookie, answer);
    plain
        .headers_mut()
        .insert(header::CONTENT_TYPE, "text/plain".parse().expect("header"));
    assert_eq!(send(&router, plain).0, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let (status, _, body) = send(&router, post("/api/command", &cookie, "{"));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let error: Value = serde_json::from_str(&body).expect("an error event");
    assert_eq!(
        (error["type"].as_str(), error["code"].as_str()),
        (Some("error"), Some("badLine"))
    );
    s.pump_control();
    assert!(
        !s.flow().draft(0).expect("db").is_answered(),
        "nothing refused reached the form"
    );

    // The reply comes once the session took the command: the host pumps meanwhile.
    let (status, _, body) = send_pumped(&router, post("/api/command", &cookie, answer), &mut s);
    let reply: Value = serde_json::from_str(&body).expect("a JSON reply");
    assert_eq!(
        (status, reply["ok"].as_bool()),
        (StatusCode::OK, Some(true)),
        "{body}"
    );
    assert!(s.flow().draft(0).expect("db").is_answered());
    send_pumped(
        &router,
        post("/api/command", &cookie, r#"{"v":1,"type":"submit"}"#),
        &mut s,
    );
    assert_eq!(
        s.result().expect("submitted").details.answered_via,
        Some(AnsweredVia::Browser)
    );
    let (status, _, _) = send(
        &router,
        post("/api/command", &cookie, r#"{"v":1,"type":"cancel"}"#),
    );
    assert_eq!(status, StatusCode::CONFLICT, "after the end");
}

/// A file system with `Cargo.toml` (a file) and nothing else.
struct Disk;
impl ask_host::setup::CompletionSource for Disk {
    fn complete(&mut self, _query: &str) -> Vec<ask_host::state::Completion> {
        Vec::new()
    }
    fn path_status(&mut self, path: &str) -> Option<ask_host::state::paths::PathStatus> {
        use ask_host::state::paths::PathStatus;
        Some(if path == "Cargo.toml" {
            PathStatus::File
        } else {
            PathStatus::Missing
        })
    }
}

fn view_of(router: &axum::Router, cookie: &str) -> Value {
    let (status, _, text) = send(router, get("/api/view", Some(cookie)));
    assert_eq!(status, StatusCode::OK);
    serde_json::from_str(&text).expect("the view")
}

#[test]
fn the_page_view_carries_required_problems_and_what_holds_submit_back() {
    let payload = json!({"questions": [
        {"id": "cfg", "prompt": "Which config?", "type": "path", "mustExist": true, "required": true},
        {"id": "n", "prompt": "How many?", "type": "number", "max": 9}]});
    let form = parse_params(&payload, ParseOptions::default()).expect("a valid payload");
    let mut s =
        Session::new(form, Settings::in_memory(AskConfig::default())).with_completions(Disk);
    let (router, _, cookie, _handle) = app(&mut s);
    let view = view_of(&router, &cookie);
    assert_eq!(view["questions"][0]["required"], true);
    assert_eq!(view["questions"][1]["required"], false);
    assert!(view.get("blocked").is_none(), "{view}");
    // What the person typed goes to the form as a draft; the form judges it, as the
    // terminal does, and the view says why it is not taken.
    let typed = json!({"v": 1, "type": "answer", "answers": {
        "cfg": {"value": "nope.toml", "draft": true}, "n": {"value": "12", "draft": true}}});
    let (status, _, _) = send_pumped(
        &router,
        post("/api/command", &cookie, &typed.to_string()),
        &mut s,
    );
    assert_eq!(status, StatusCode::OK);
    let view = view_of(&router, &cookie);
    let cfg = &view["questions"][0];
    assert_eq!(
        (cfg["customText"].as_str(), cfg["answered"].as_bool()),
        (Some("nope.toml"), Some(false))
    );
    assert_eq!(cfg["problem"], "no such file or directory", "{view}");
    assert_eq!(view["questions"][1]["problem"], "at most 9");
    assert_eq!(view["blocked"]["question"], "cfg");
    // Submit is refused with the terminal's words, and nothing ends.
    let (status, _, text) = send_pumped(
        &router,
        post("/api/command", &cookie, r#"{"v":1,"type":"submit"}"#),
        &mut s,
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        text.contains("notReady") && text.contains("no such file or directory"),
        "{text}"
    );
    assert!(!s.is_over());
    // Without the draft flag a bad path is refused outright, with the same words.
    let plain = json!({"v": 1, "type": "answer", "answers": {"cfg": {"value": "gone.toml"}}});
    let (status, _, text) = send_pumped(
        &router,
        post("/api/command", &cookie, &plain.to_string()),
        &mut s,
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        text.contains("\\\"gone.toml\\\" is not accepted: no such file or directory"),
        "{text}"
    );
    // A path that is there is the answer, and Submit goes through.
    let good = json!({"v": 1, "type": "answer", "answers": {
        "cfg": {"value": "Cargo.toml", "draft": true}, "n": {"value": "4", "draft": true}}, "mode": "submit"});
    let (status, _, _) = send_pumped(
        &router,
        post("/api/command", &cookie, &good.to_string()),
        &mut s,
    );
    assert_eq!(status, StatusCode::OK);
    let result = s.result().expect("submitted");
    assert_eq!(
        result.details.answers["cfg"].value,
        Some(json!("Cargo.toml"))
    );
    // The page's own check is gone: the form is the one judge.
    let (status, _, _) = send(
        &router,
        post("/api/check", &cookie, r#"{"question":"n","text":"5"}"#),
    );
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[test]
fn the_worker_that_keeps_the_end_is_served_with_the_cookie_only() {
    let mut s = session();
    let (router, _token, cookie, _handle) = app(&mut s);
    let (status, headers, body) = send(&router, get("/sw.js", Some(&cookie)));
    assert_eq!(status, StatusCode::OK);
    assert!(header_of(&headers, header::CONTENT_TYPE).starts_with("text/javascript"));
    assert!(body.contains("addEventListener('fetch'") && body.contains("mode !== 'navigate'"));
    assert_eq!(send(&router, get("/sw.js", None)).0, StatusCode::NOT_FOUND);
    // The page may register it: the policy allows this origin's workers.
    let (_, headers, _) = send(&router, get("/", Some(&cookie)));
    assert!(header_of(&headers, header::CONTENT_SECURITY_POLICY).contains("worker-src 'self'"));
}

#[test]
fn large_previews_come_with_the_view_not_with_the_page() {
    let options: Vec<Value> = (0..4)
        .map(|j| json!({"value": format!("o{j}"), "label": format!("O{j}"), "preview": format!("{j}").repeat(20_000)}))
        .collect();
    let payload = json!({"questions": [{"id": "a", "prompt": "Which?", "type": "preview", "options": options}]});
    let form = parse_params(&payload, ParseOptions::default()).expect("a valid payload");
    let mut s = Session::new(form, Settings::in_memory(AskConfig::default()));
    let (router, _, cookie, _handle) = app(&mut s);
    let (status, _, page) = send(&router, get("/", Some(&cookie)));
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.len() < 60_000,
        "the page holds no preview: {} bytes",
        page.len()
    );
    assert!(page.contains(r#""preview":true"#) && page.contains(r#""previewsLater":true"#));
    let view = view_of(&router, &cookie);
    assert_eq!(
        view["questions"][0]["options"][3]["preview"],
        "3".repeat(20_000)
    );
    assert!(view.get("previewsLater").is_none());
}
