//! Running the server: over stdio, or over Streamable HTTP on a loopback address with a
//! bearer token. Each entry point builds its own single-threaded tokio runtime and
//! blocks until the client goes away or a terminating signal arrives, so callers stay
//! synchronous.

use std::time::Duration;

use rmcp::ServiceExt;

use crate::error::Error;
use crate::server::AskServer;

/// How long open calls get to close their forms and answer when the server stops.
pub(crate) const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves MCP on stdin/stdout until stdin closes or SIGTERM, SIGINT or SIGHUP arrives.
/// When the client goes away every open form closes (its result keeps what was
/// answered), every request read before the end of input is answered, and no form
/// outlives the server.
pub fn serve_stdio(options: crate::ServerOptions) -> Result<(), Error> {
    let server = AskServer::new(options);
    runtime()?.block_on(async move {
        let (stdin, stdout) = rmcp::transport::io::stdio_pipes();
        serve_lines(server, stdin, stdout, terminated()).await
    })
}

/// Serves MCP on newline-delimited JSON-RPC read from `input` and written to `output`
/// (a socket, a pipe, an in-memory stream) until the input ends, on the caller's tokio
/// runtime; as [`serve_stdio`] at the end of input, without its signal handling.
pub async fn serve_io<R, W>(options: crate::ServerOptions, input: R, output: W) -> Result<(), Error>
where
    R: tokio::io::AsyncRead + Unpin + Send + 'static,
    W: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    serve_lines(
        AskServer::new(options),
        input,
        output,
        std::future::pending(),
    )
    .await
}

/// Serves MCP on lines read from `input` and written to `output` until the input ends,
/// `stop` resolves or the server stops. At the end of input every form closes (as
/// cancelled, keeping what was answered) and every request read before it is answered
/// and flushed before this returns.
pub(crate) async fn serve_lines<R, W>(
    server: AskServer,
    input: R,
    output: W,
    stop: impl std::future::Future<Output = ()>,
) -> Result<(), Error>
where
    R: tokio::io::AsyncRead + Unpin + Send + 'static,
    W: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let eof = tokio_util::sync::CancellationToken::new();
    // Every line is checked before rmcp reads it: a broken one gets a JSON-RPC error.
    let (reader, writer, flushed) = crate::lines::framed(input, output, eof.clone());
    let running = server
        .clone()
        .serve((reader, writer))
        .await
        .map_err(|err| Error::Serve {
            what: "MCP handshake",
            message: err.to_string(),
        });
    let running = match running {
        Ok(running) => running,
        Err(err) => {
            // Whatever was answered before the handshake failed still goes out.
            let _ = tokio::time::timeout(SHUTDOWN_GRACE, flushed).await;
            return Err(err);
        }
    };
    let stopped = server.stop_token();
    let waiting = running.waiting();
    tokio::pin!(waiting);
    let flush = tokio::select! {
        _ = &mut waiting => true,
        () = stop => false,
        () = stopped.cancelled() => false,
        () = eof.cancelled() => {
            // The client closed its end: close the forms, let rmcp answer everything it
            // read (it drains in-flight replies at the end of input), then flush.
            server.shutdown(SHUTDOWN_GRACE).await;
            let _ = tokio::time::timeout(SHUTDOWN_GRACE, &mut waiting).await;
            true
        }
    };
    server.shutdown(SHUTDOWN_GRACE).await;
    if flush {
        let _ = tokio::time::timeout(SHUTDOWN_GRACE, flushed).await;
    }
    Ok(())
}

/// A single-threaded runtime: one person answers one form at a time, and an idle
/// server then has no threads to wake.
pub(crate) fn runtime() -> Result<tokio::runtime::Runtime, Error> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| Error::Serve {
            what: "tokio runtime",
            message: err.to_string(),
        })
}

/// Resolves on the first SIGTERM, SIGINT or SIGHUP (Ctrl+C elsewhere).
pub(crate) async fn terminated() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut int), Ok(mut hup)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
            signal(SignalKind::hangup()),
        ) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = int.recv() => {}
            _ = hup.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::serve_lines;
    use crate::server::{AskServer, ServerOptions, Ui};
    use serde_json::{Value, json};
    use tokio::io::AsyncReadExt;

    fn server(state: &std::path::Path, ui: Ui) -> AskServer {
        AskServer::new(ServerOptions::testing(ui, state))
    }

    /// Every reply the server wrote for `lines`, sent at once and followed by the end of
    /// input.
    fn replies(lines: &[Value]) -> Vec<Value> {
        replies_with(Ui::None, lines)
    }

    /// [`replies`] of a server with `--ui` `ui`.
    fn replies_with(ui: Ui, lines: &[Value]) -> Vec<Value> {
        let state = tempfile::tempdir().unwrap();
        let input = lines.iter().fold(String::new(), |mut text, line| {
            text.push_str(&line.to_string());
            text.push('\n');
            text
        });
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let (output, mut read) = tokio::io::duplex(1 << 20);
            let input: &'static [u8] = Box::leak(input.into_bytes().into_boxed_slice());
            let serving = serve_lines(
                server(state.path(), ui),
                input,
                output,
                std::future::pending(),
            );
            let reading = async {
                let mut text = String::new();
                read.read_to_string(&mut text).await.unwrap();
                text
            };
            let (_, text) = tokio::join!(serving, reading);
            text.lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect()
        })
    }

    fn initialize(id: u64) -> Value {
        json!({"jsonrpc": "2.0", "id": id, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
    }

    fn request(id: &Value, method: &str, params: Option<Value>) -> Value {
        let mut message = json!({"jsonrpc": "2.0", "id": id, "method": method});
        if let Some(params) = params {
            message["params"] = params;
        }
        message
    }

    fn by_id(replies: &[Value], id: &Value) -> Value {
        replies
            .iter()
            .find(|r| &r["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("no reply with id {id} in {replies:?}"))
    }

    #[test]
    fn requests_followed_at_once_by_the_end_of_input_are_all_answered() {
        let alone = replies(&[initialize(1)]);
        assert_eq!(alone.len(), 1, "{alone:?}");
        assert_eq!(alone[0]["result"]["protocolVersion"], "2025-11-25");
        let mut lines = vec![
            initialize(1),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        ];
        lines.extend((2..12).map(|id| request(&json!(id), "tools/list", None)));
        let got = replies(&lines);
        for id in 1..12 {
            assert!(
                by_id(&got, &json!(id)).get("result").is_some(),
                "{id}: {got:?}"
            );
        }
    }

    #[test]
    fn bad_params_and_ids_get_the_right_code_with_an_id_the_client_can_match() {
        let got = replies(&[
            initialize(1),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
            request(&json!(2), "tools/call", Some(json!("ask_user"))),
            request(&json!(3), "tools/call", Some(json!(["ask_user"]))),
            request(&json!(4), "tools/call", None),
            request(
                &json!("five"),
                "tools/call",
                Some(json!({"name": "ask_user", "arguments": "no"})),
            ),
            request(&json!({"an": "object"}), "tools/list", None),
            request(&json!(1.5), "tools/list", None),
            request(&json!(9), "tools/list", None),
        ]);
        for id in [json!(2), json!(3), json!(4), json!("five")] {
            let reply = by_id(&got, &id);
            assert_eq!(reply["error"]["code"], -32602, "{reply}");
        }
        assert!(
            by_id(&got, &json!("five"))["error"]["message"]
                .as_str()
                .unwrap()
                .contains("arguments of tools/call must be an object")
        );
        let nulls: Vec<&Value> = got.iter().filter(|r| r["id"].is_null()).collect();
        assert_eq!(nulls.len(), 2, "{got:?}");
        for reply in nulls {
            assert_eq!(reply["error"]["code"], -32600);
            assert!(reply.as_object().unwrap().contains_key("id"));
        }
        assert!(by_id(&got, &json!(9)).get("result").is_some());
    }

    #[test]
    fn resources_are_offered_only_to_a_client_that_declared_the_ui_extension() {
        let plain = replies_with(Ui::Auto, &[initialize(1)]);
        let caps = &by_id(&plain, &json!(1))["result"]["capabilities"];
        assert!(caps.get("tools").is_some(), "{caps}");
        assert!(caps.get("resources").is_none(), "{caps}");
        let mut with_ui = initialize(1);
        with_ui["params"]["capabilities"] = json!({"extensions": {"io.modelcontextprotocol/ui":
            {"mimeTypes": ["text/html;profile=mcp-app"]}}});
        let got = replies_with(Ui::Auto, &[with_ui.clone()]);
        let caps = &by_id(&got, &json!(1))["result"]["capabilities"];
        assert!(caps.get("resources").is_some(), "{caps}");
        // The app is tried only with --ui auto: elsewhere there is no page to offer.
        let got = replies_with(Ui::Popup, &[with_ui]);
        let caps = &by_id(&got, &json!(1))["result"]["capabilities"];
        assert!(caps.get("resources").is_none(), "{caps}");
    }

    #[test]
    fn a_request_before_initialize_is_told_to_initialize() {
        let got = replies(&[request(&json!(1), "tools/list", None)]);
        let message = by_id(&got, &json!(1))["error"]["message"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(message.contains("send \"initialize\" first"), "{message}");
    }
}
