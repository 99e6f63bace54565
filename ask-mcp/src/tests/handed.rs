//! `--ui web` for an MCP 2026-07-28 client without URL-mode elicitation, on a machine
//! with no browser to open: the browser form's link comes back in the result
//! (`details.needsInput.url`), a person answers on that page, and the next call with the
//! same arguments gets their answers.

use crate::{AskServer, Ui};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::tests::mrtr::{Client, call, meta, options, runtime};

/// One HTTP/1.1 exchange with the browser form: the status line and headers, and the body.
async fn http(host: &str, request: &str) -> (String, String) {
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).await.unwrap();
    let reply = String::from_utf8_lossy(&reply).into_owned();
    let (head, body) = reply.split_once("\r\n\r\n").unwrap_or((&reply, ""));
    (head.to_owned(), body.to_owned())
}

/// What a browser does with the link: trade its token for the session cookie, then
/// answer and submit through the page's command endpoint.
async fn answer_in_browser(url: String, commands: Vec<Value>) {
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_at(rest.find('/').unwrap());
    let (head, _) = http(
        host,
        &format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
    )
    .await;
    let cookie = head
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("set-cookie")
                .then(|| value.trim().split(';').next().unwrap_or("").to_owned())
        })
        .unwrap_or_else(|| panic!("no cookie for the link: {head}"));
    for command in commands {
        let body = command.to_string();
        let (head, reply) = http(
            host,
            &format!(
                "POST /api/command HTTP/1.1\r\nHost: {host}\r\nCookie: {cookie}\r\n\
                 Origin: http://{host}\r\nContent-Type: application/json\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            ),
        )
        .await;
        assert!(
            head.starts_with("HTTP/1.1 200"),
            "{command}: {head}\n{reply}"
        );
    }
}

#[test]
fn without_url_mode_or_a_browser_here_the_link_is_in_the_result_and_the_next_call_answers() {
    // The premise: nothing can open a browser here (no DISPLAY or WAYLAND_DISPLAY), as on
    // a server over SSH or in CI.
    assert!(
        !ask_web::can_open_browser(|name| std::env::var(name).ok()),
        "this test needs a machine where no browser can be opened (unset DISPLAY)"
    );
    let state = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let mut options = options(state.path());
        options.ui = Ui::Web;
        options.answer_later = false;
        let mut client = Client::start(AskServer::new(options));
        // A client that declares no elicitation at all.
        let first = client
            .request("tools/call", call(meta("a", json!({})), json!({})))
            .await;
        let details = &first["result"]["structuredContent"];
        assert_eq!(details["outcome"], "needs_input", "{first}");
        let url = details["needsInput"]["url"].as_str().unwrap().to_owned();
        assert!(url.starts_with("http://127.0.0.1:"), "{url}");
        assert!(
            details["needsInput"]["instruction"]
                .as_str()
                .unwrap()
                .contains("call ask_user again with exactly the same arguments"),
            "{details}"
        );
        let text = first["result"]["content"][0]["text"].as_str().unwrap();
        assert!(text.contains(&url), "{text}");

        // The person opens the link and answers; the model calls again meanwhile.
        let page = tokio::spawn(answer_in_browser(
            url.clone(),
            vec![
                json!({"v": 1, "type": "answer", "answers": {
                    "db": {"values": ["lite"]}, "api": {"values": ["rest"]}}}),
                json!({"v": 1, "type": "submit"}),
            ],
        ));
        let second = client
            .request("tools/call", call(meta("a", json!({})), json!({})))
            .await;
        page.await.unwrap();
        let details = &second["result"]["structuredContent"];
        assert_eq!(details["outcome"], "submitted", "{second}");
        assert_eq!(details["answeredVia"], "browser");
        assert_eq!(details["answers"]["db"]["values"], json!(["lite"]));
        assert_eq!(details["answers"]["api"]["values"], json!(["rest"]));

        // Another call after that is a new ask: a new link.
        let third = client
            .request("tools/call", call(meta("a", json!({})), json!({})))
            .await;
        let again = third["result"]["structuredContent"]["needsInput"]["url"].as_str();
        assert!(again.is_some_and(|u| u != url), "{third}");
    });
}
