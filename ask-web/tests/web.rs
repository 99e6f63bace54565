//! The web front end over real HTTP on loopback (a plain TCP client, so every header is
//! what the test wrote): the token exchange, each security check, the API and the view.

mod limits;
mod typed;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use ask_contract::{ParseOptions, parse_params, result::AnsweredVia};
use ask_host::view::ViewModel;
use ask_host::{Session, settings::Settings};
use ask_settings::AskConfig;
use ask_web::{MAX_WRONG_TOKENS, WebOptions, WebServer};
use serde_json::{Value, json};

pub(crate) fn session() -> Session {
    let payload = json!({"title": "T <b>", "questions": [
        {"id": "db", "label": "DB", "prompt": "Which <script>alert(1)</script>?", "options": [
            {"value": "pg", "label": "PG", "preview": "<img src=x onerror=alert(1)>"},
            {"value": "lite", "label": "SQLite", "recommended": true}]},
        {"id": "feat", "prompt": "Features?", "type": "multi", "options": [
            {"value": "a", "label": "A"}, {"value": "b", "label": "B"}]}]});
    let form = parse_params(&payload, ParseOptions::default()).unwrap();
    Session::new(form, Settings::in_memory(AskConfig::default()))
}

/// One raw HTTP/1.1 request; returns (status, headers lowercased, body).
pub(crate) fn request(addr: SocketAddr, raw: &str) -> (u16, String, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    stream.write_all(raw.as_bytes()).unwrap();
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, head.to_ascii_lowercase(), body.to_owned())
}

pub(crate) fn get(addr: SocketAddr, path: &str, extra: &str) -> (u16, String, String) {
    request(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\r\n"),
    )
}

pub(crate) fn post(addr: SocketAddr, body: &str, extra: &str) -> (u16, String, String) {
    request(
        addr,
        &format!(
            "POST /api/command HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{extra}\r\n{body}",
            body.len()
        ),
    )
}

/// [`post`] from another thread while this one pumps the session as a host does: the
/// server answers a command once the session took it.
pub(crate) fn post_pumping(
    s: &mut Session,
    addr: SocketAddr,
    body: &str,
    extra: &str,
) -> (u16, String, String) {
    let (body, extra) = (body.to_owned(), extra.to_owned());
    let sent = std::thread::spawn(move || post(addr, &body, &extra));
    while !sent.is_finished() {
        s.pump_control();
        std::thread::sleep(Duration::from_millis(2));
    }
    sent.join().unwrap()
}

/// The server, its token and a valid cookie header.
pub(crate) fn started(s: &mut Session) -> (WebServer, String, String) {
    let server = WebServer::start(&s.controller(), &WebOptions::default()).unwrap();
    let token = server.url().split("?t=").nth(1).unwrap().to_owned();
    let (status, head, _) = get(server.local_addr(), &format!("/?t={token}"), "");
    assert_eq!(status, 303, "{head}");
    let cookie = head
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    (server, token, format!("Cookie: {cookie}\r\n"))
}

#[test]
fn the_link_is_loopback_with_a_128_bit_token_exchanged_for_a_strict_cookie() {
    let mut s = session();
    let server = WebServer::start(&s.controller(), &WebOptions::default()).unwrap();
    assert!(server.local_addr().ip().is_loopback());
    let token = server.url().split("?t=").nth(1).unwrap();
    assert_eq!(token.len(), 32);
    let (status, head, _) = get(server.local_addr(), &format!("/?t={token}"), "");
    assert_eq!(status, 303);
    assert!(head.contains("location: /\r\n"), "{head}");
    let cookie = head.lines().find(|l| l.starts_with("set-cookie:")).unwrap();
    assert!(
        cookie.contains("httponly") && cookie.contains("samesite=strict"),
        "{cookie}"
    );
    assert!(!cookie.contains(token), "the cookie is another secret");
}

#[test]
fn the_page_loads_with_the_cookie_and_every_response_is_hardened() {
    let mut s = session();
    let (server, _, cookie) = started(&mut s);
    let addr = server.local_addr();
    for path in ["/", "/api/view"] {
        let (status, head, body) = get(addr, path, &cookie);
        assert_eq!(status, 200, "{path}");
        assert!(
            head.contains("content-security-policy: default-src 'self'"),
            "{path}: {head}"
        );
        assert!(head.contains("cache-control: no-store"), "{path}");
        assert!(head.contains("x-content-type-options: nosniff"), "{path}");
        assert!(
            !body.contains("https://"),
            "{path} loads nothing from elsewhere"
        );
    }
    // One response holds the whole page: the style, the script (allowed by their
    // SHA-256, no other inline code), and the view model as a data block.
    let (_, head, page) = get(addr, "/", &cookie);
    assert!(head.contains("script-src 'sha256-"), "{head}");
    assert!(head.contains("style-src 'sha256-"), "{head}");
    assert!(!head.contains("unsafe-inline"), "{head}");
    assert_eq!(page.matches("<script>").count(), 1, "one inline script");
    assert!(
        !page.contains("src=\""),
        "nothing else to load but the icon"
    );
    assert!(page.contains("<link rel=\"icon\" href=\"/favicon.svg\""));
    assert!(
        !page.contains("innerHTML"),
        "payload text is never parsed as HTML"
    );
    // Payload text in the data block cannot end it: `<` is escaped.
    let data = page
        .split("<script type=\"application/json\" id=\"view\">")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .unwrap();
    assert!(!data.contains('<'), "{data}");
    let view: Value = serde_json::from_str(data).unwrap();
    assert_eq!(
        view["questions"][0]["prompt"],
        "Which <script>alert(1)</script>?"
    );
    assert_eq!(view["title"], "T <b>");
}

#[test]
fn no_token_and_a_wrong_token_get_404() {
    let mut s = session();
    let (server, token, _) = started(&mut s);
    let addr = server.local_addr();
    assert_eq!(get(addr, "/", "").0, 404, "no token, no cookie");
    assert_eq!(get(addr, "/api/view", "").0, 404);
    let wrong = token.chars().rev().collect::<String>();
    assert_eq!(get(addr, &format!("/?t={wrong}"), "").0, 404);
    assert_eq!(
        get(addr, "/", "Cookie: ask_session=0123\r\n").0,
        404,
        "a wrong cookie"
    );
    assert!(!server.is_stopped(), "two wrong ones do not shut it");
}

#[test]
fn ten_wrong_tokens_shut_the_listener() {
    let mut s = session();
    let (server, _, cookie) = started(&mut s);
    let addr = server.local_addr();
    for i in 0..MAX_WRONG_TOKENS {
        assert_eq!(get(addr, &format!("/?t=guess{i}"), "").0, 404);
    }
    let start = Instant::now();
    while TcpStream::connect(addr).is_ok() {
        assert!(start.elapsed() < Duration::from_secs(5), "still listening");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(server.is_stopped());
    // Even the right cookie is too late now.
    assert!(TcpStream::connect(addr).is_err(), "{cookie}");
}

#[test]
fn a_foreign_host_is_refused_even_with_the_token() {
    let mut s = session();
    let server = WebServer::start(&s.controller(), &WebOptions::default()).unwrap();
    let addr = server.local_addr();
    let token = server.url().split("?t=").nth(1).unwrap();
    for host in [
        "evil.example",
        "localhost:1",
        &format!("evil.example:{}", addr.port()),
    ] {
        let raw = format!("GET /?t={token} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        let (status, head, _) = request(addr, &raw);
        assert_eq!(status, 421, "{host}");
        assert!(!head.contains("set-cookie"), "{host}");
    }
}

#[test]
fn state_changing_requests_need_the_pages_origin() {
    let mut s = session();
    let (server, _, cookie) = started(&mut s);
    let addr = server.local_addr();
    let body = r#"{"v":1,"type":"answer","answers":{"db":{"values":["lite"]}}}"#;
    assert_eq!(post(addr, body, &cookie).0, 403, "no Origin");
    let foreign = format!("{cookie}Origin: http://evil.example\r\n");
    assert_eq!(post(addr, body, &foreign).0, 403, "cross-origin");
    s.pump_control();
    assert!(!s.flow().draft(0).unwrap().is_answered(), "nothing changed");
    let own = format!("{cookie}Origin: http://{addr}\r\n");
    assert_eq!(post(addr, "{", &own).0, 400, "a bad command");
    assert_eq!(post_pumping(&mut s, addr, body, &own).0, 200);
    assert!(
        s.flow().draft(0).unwrap().is_answered(),
        "taken when answered"
    );
    assert_eq!(
        post_pumping(&mut s, addr, r#"{"v":1,"type":"submit"}"#, &own).0,
        200
    );
    assert!(s.is_over());
    assert_eq!(
        s.result().unwrap().details.answered_via,
        Some(AnsweredVia::Browser)
    );
    assert_eq!(
        post(addr, r#"{"v":1,"type":"cancel"}"#, &own).0,
        409,
        "after the end"
    );
}

#[test]
fn events_stream_a_view_after_each_change_and_end_after_the_result() {
    let mut s = session();
    let (server, _, cookie) = started(&mut s);
    let addr = server.local_addr();
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    write!(
        stream,
        "GET /api/events HTTP/1.1\r\nHost: {addr}\r\n{cookie}\r\n"
    )
    .unwrap();
    let mut seen = String::new();
    let mut buf = [0u8; 4096];
    let mut read_until = |stream: &mut TcpStream, seen: &mut String, what: &str| {
        while !seen.contains(what) {
            let n = stream.read(&mut buf).expect("events in time");
            assert!(n > 0, "stream ended early: {seen}");
            seen.push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    };
    read_until(&mut stream, &mut seen, "event: view");
    assert!(
        seen.to_ascii_lowercase()
            .contains("content-type: text/event-stream")
    );
    s.key("2".parse().unwrap());
    s.pump_control();
    read_until(&mut stream, &mut seen, "\"selected\":true");
    s.key("tab".parse().unwrap());
    s.key("enter".parse().unwrap());
    s.pump_control();
    read_until(&mut stream, &mut seen, "\"state\":\"completed\"");
    assert!(seen.contains("\"answeredVia\":\"terminal\""), "{seen}");
}

#[test]
fn the_view_model_carries_the_form_and_the_answers_as_plain_text() {
    let mut s = session();
    let controller = s.controller();
    s.key("1".parse().unwrap());
    s.pump_control();
    let view = ViewModel::new(controller.form(), &controller.live());
    let json: Value = serde_json::to_value(&view).unwrap();
    assert_eq!(json["v"], 1);
    assert_eq!(json["state"], "open");
    assert_eq!(
        json["questions"][0]["prompt"],
        "Which <script>alert(1)</script>?"
    );
    assert_eq!(json["questions"][0]["options"][0]["selected"], true);
    assert_eq!(json["questions"][0]["options"][1]["recommended"], true);
    assert_eq!(json["questions"][0]["answered"], true);
    assert_eq!(json["questions"][1]["multiple"], true);
    assert_eq!(json["tab"], 1, "the 1 advanced to the next question");
}

#[test]
fn the_server_stops_after_the_form_ended() {
    let mut s = session();
    let controller = s.controller();
    let server = WebServer::start(&controller, &WebOptions::default()).unwrap();
    let handle = controller.connect(AnsweredVia::Control);
    handle
        .send(ask_host::control::ControlCommand::Cancel)
        .unwrap();
    s.pump_control();
    let start = Instant::now();
    while !server.is_stopped() {
        assert!(start.elapsed() < Duration::from_secs(10), "still serving");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(TcpStream::connect(server.local_addr()).is_err());
}

#[test]
fn a_command_the_session_refuses_is_answered_to_its_caller() {
    let mut s = session();
    let (server, _, cookie) = started(&mut s);
    let addr = server.local_addr();
    let own = format!("{cookie}Origin: http://{addr}\r\n");
    // Well-formed, but two options on a single-select question: only the session knows.
    let body = r#"{"v":1,"type":"answer","answers":{"db":{"values":["pg","lite"]}}}"#;
    let (status, _, reply) = post_pumping(&mut s, addr, body, &own);
    assert_eq!(status, 400, "{reply}");
    let reply: Value = serde_json::from_str(&reply).unwrap();
    assert_eq!(reply["type"], "error");
    assert_eq!(reply["code"], "badAnswers", "{reply}");
    assert!(!s.flow().draft(0).unwrap().is_answered(), "nothing changed");
    // An id the form does not have.
    for body in [
        r#"{"v":1,"type":"focus","question":"nope"}"#,
        r#"{"v":1,"type":"answer","answers":{"nope":{"values":["a"]}}}"#,
    ] {
        let (status, _, reply) = post_pumping(&mut s, addr, body, &own);
        assert_eq!(status, 400, "{body}: {reply}");
        let reply: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(reply["type"], "error", "{body}");
        assert!(
            reply["message"].as_str().unwrap().contains("nope"),
            "{reply}"
        );
    }
}

#[test]
fn wrong_links_from_another_site_do_not_count_and_a_shut_says_why() {
    let mut s = session();
    let (server, _, _) = started(&mut s);
    let addr = server.local_addr();
    // A web page with image tags pointing here: the browser says where they come from.
    for i in 0..MAX_WRONG_TOKENS * 2 {
        let from = if i % 2 == 0 {
            "Sec-Fetch-Site: cross-site\r\n".to_owned()
        } else {
            "Origin: http://evil.example\r\n".to_owned()
        };
        assert_eq!(get(addr, &format!("/?t=guess{i}"), &from).0, 404);
    }
    assert!(!server.is_stopped(), "foreign guesses do not shut it");
    assert!(!server.closed_by_wrong_links());
    // A local process guessing does.
    for i in 0..MAX_WRONG_TOKENS {
        assert_eq!(get(addr, &format!("/?t=guess{i}"), "").0, 404);
    }
    let start = Instant::now();
    while !server.is_stopped() {
        assert!(start.elapsed() < Duration::from_secs(5), "still listening");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(server.closed_by_wrong_links());
    // The person at the form is told in the notice line.
    s.pump_control();
    let notice = s.flow().options().notice.clone().unwrap_or_default();
    assert!(notice.contains("shut after 10 wrong links"), "{notice}");
}

#[test]
fn a_page_that_stops_reading_cannot_hold_the_host() {
    // A 4 MB preview: each view is more than a socket buffer holds.
    let payload = json!({"questions": [{"id": "db", "prompt": "Which?", "type": "preview",
        "options": [{"value": "pg", "label": "PG", "preview": "x".repeat(4 << 20)},
                    {"value": "lite", "label": "SQLite", "preview": "y"}]}]});
    let form = parse_params(&payload, ParseOptions::default()).unwrap();
    let mut s = Session::new(form, Settings::in_memory(AskConfig::default()));
    let (server, _, cookie) = started(&mut s);
    let addr = server.local_addr();
    let mut stuck = TcpStream::connect(addr).unwrap();
    write!(
        stuck,
        "GET /api/events HTTP/1.1\r\nHost: {addr}\r\n{cookie}\r\n"
    )
    .unwrap();
    // Fence: the event stream's head is back, so the server holds the connection open.
    stuck
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut head = [0u8; 12];
    std::io::Read::read_exact(&mut stuck, &mut head).unwrap();
    assert_eq!(&head, b"HTTP/1.1 200");
    s.key("2".parse().unwrap());
    s.key("enter".parse().unwrap());
    s.pump_control();
    assert!(s.is_over());
    let start = Instant::now();
    drop(server);
    assert!(
        start.elapsed() < Duration::from_secs(6),
        "drop took {:?}",
        start.elapsed()
    );
    drop(stuck);
}

#[test]
fn the_page_and_the_view_speak_the_forms_language_and_follow_a_switch() {
    let payload = json!({"questions": [
        {"id": "ok", "label": "Ship", "prompt": "Ship it?", "type": "confirm"}]});
    let form = parse_params(&payload, ParseOptions::default()).unwrap();
    let mut s = Session::new(form, Settings::in_memory(AskConfig::default()))
        .with_system_locale(ask_host::i18n::Locale::De);
    let (server, _, cookie) = started(&mut s);
    let addr = server.local_addr();
    let (_, _, page) = get(addr, "/", &cookie);
    for said in [
        "<html lang=\"de\">",
        "<title>Fragen warten auf Sie</title>",
        "Formular wird geladen…",
        "<code>ask</code>",
    ] {
        assert!(page.contains(said), "{said:?} in {page}");
    }
    assert!(!page.contains("{{"), "every marker filled: {page}");
    // The view the page came with carries the page's texts in the form's language.
    let marker = "id=\"view\">";
    let start = page.find(marker).unwrap() + marker.len();
    let end = start + page[start..].find("</script>").unwrap();
    let embedded: Value = serde_json::from_str(&page[start..end]).unwrap();
    assert_eq!(embedded["texts"]["review.submit"], "Senden");
    let (_, _, view) = get(addr, "/api/view", &cookie);
    let view: Value = serde_json::from_str(&view).unwrap();
    assert_eq!(view["locale"], "de");
    assert_eq!(view["texts"]["web.not_answered"], "Nicht beantwortet");
    assert_eq!(
        view["questions"][0]["options"][0]["label"], "Ja",
        "the made-up Yes"
    );
    assert_eq!(view["questions"][0]["options"][0]["value"], "yes");
    // The terminal's overlay switches the language: the next view says so.
    let controller = s.controller();
    s.command(ask_state::Command::OpenSettings);
    let row = s.flow().settings_rows().len() - 2;
    s.command(ask_state::Command::SettingsMove(
        i32::try_from(row).unwrap(),
    ));
    s.command(ask_state::Command::SettingsToggle);
    s.pump_control();
    let view = ViewModel::new(controller.form(), &controller.live());
    assert_eq!(view.locale, "en");
    assert_eq!(view.texts["web.not_answered"], "Not answered");
    assert_eq!(view.questions[0].options[0].label, "Yes");
    // The result stays English whatever the page spoke.
    s.command(ask_state::Command::CloseSettings);
    s.key("y".parse().unwrap());
    s.key("1".parse().unwrap());
    s.key("1".parse().unwrap());
    assert!(s.result().unwrap().text().contains("Ship: Yes"));
}
