//! The stdio framing in front of rmcp. rmcp drops a line that is not JSON, or that is
//! longer than it accepts, without a word, and a client that sent it then waits for a
//! reply that never comes. Every line from the client is checked here first: a line
//! that is not JSON gets a JSON-RPC parse error (-32700), a line over
//! [`MAX_LINE_BYTES`] an invalid-request error (-32600), and rmcp never sees either.
//! Replies (rmcp's and these) reach stdout one whole line at a time, from one task, so
//! they never interleave. Nothing here wakes up unless a byte arrives.
//!
//! The envelope of each request is checked here too, so a client always gets a reply it
//! can match: an `id` that is not a string or an integer gets -32600 with `"id": null`;
//! `params` that are not an object, a missing `params` where the method needs them, and
//! `tools/call` arguments that are not an object get -32602 with the request's `id`; a
//! request before the session started (no `initialize`, no 2026-07-28 `_meta`) is told
//! to initialize first or to name its protocol in `_meta`.

use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// The longest line taken from the client: the payload cap (16 MiB) plus room for the
/// JSON-RPC envelope.
pub(crate) const MAX_LINE_BYTES: usize = 16 * 1024 * 1024 + 64 * 1024;

/// Lines waiting for stdout; a client that stops reading holds up the server (and so
/// rmcp) instead of growing this.
const QUEUED_LINES: usize = 64;

/// Starts the framing tasks on the current runtime; returns the reader and writer rmcp
/// serves on. `on_eof` is cancelled when the client closes stdin or it cannot be read.
/// The task that writes stdout ends once every reply before the end of input went out:
/// wait for it before exiting, or replies are lost.
pub(crate) fn framed<R, W>(
    stdin: R,
    stdout: W,
    on_eof: CancellationToken,
) -> (DuplexStream, DuplexStream, tokio::task::JoinHandle<()>)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (rmcp_in, to_rmcp) = tokio::io::duplex(64 * 1024);
    let (rmcp_out, from_rmcp) = tokio::io::duplex(64 * 1024);
    let (lines, queue) = mpsc::channel::<Vec<u8>>(QUEUED_LINES);
    let writer = tokio::spawn(write_lines(queue, stdout));
    tokio::spawn(forward_replies(from_rmcp, lines.clone()));
    tokio::spawn(check_requests(stdin, to_rmcp, lines, on_eof));
    (rmcp_in, rmcp_out, writer)
}

/// The only writer of stdout.
async fn write_lines<W: AsyncWrite + Unpin>(mut queue: mpsc::Receiver<Vec<u8>>, mut stdout: W) {
    while let Some(line) = queue.recv().await {
        if stdout.write_all(&line).await.is_err() || stdout.flush().await.is_err() {
            return;
        }
    }
}

/// rmcp's output, cut into whole lines for the writer.
async fn forward_replies(from_rmcp: DuplexStream, lines: mpsc::Sender<Vec<u8>>) {
    let mut reader = BufReader::new(from_rmcp);
    loop {
        let mut line = Vec::new();
        match reader.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {
                if lines.send(line).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Reads the client's lines, answers the broken ones, and hands the others to rmcp.
async fn check_requests<R: AsyncRead + Unpin>(
    stdin: R,
    mut to_rmcp: DuplexStream,
    lines: mpsc::Sender<Vec<u8>>,
    on_eof: CancellationToken,
) {
    let mut reader = BufReader::new(stdin);
    let mut session = false;
    loop {
        let Ok(Some(line)) = read_line(&mut reader).await else {
            break;
        };
        let reply = match line {
            Line::TooLong => Some(error_line(
                -32600,
                &format!(
                    "Invalid request: a message is at most {MAX_LINE_BYTES} bytes on one line; \
                     this one is longer and was not read"
                ),
            )),
            Line::Text(text) if text.iter().all(u8::is_ascii_whitespace) => None,
            Line::Text(text) => match serde_json::from_slice::<serde_json::Value>(&text) {
                Ok(message) => {
                    let refused = check_envelope(&message, &mut session).map(|r| r.line);
                    if refused.is_none()
                        && (to_rmcp.write_all(&text).await.is_err()
                            || to_rmcp.write_all(b"\n").await.is_err())
                    {
                        break;
                    }
                    refused
                }
                Err(err) => Some(not_json(&err).line),
            },
        };
        if let Some(reply) = reply
            && lines.send(reply).await.is_err()
        {
            break;
        }
    }
    on_eof.cancel();
}

/// One line from the client, without its line break.
enum Line {
    Text(Vec<u8>),
    /// Over [`MAX_LINE_BYTES`]: the rest of it was skipped, unkept.
    TooLong,
}

/// The next line, `None` at the end of input. A line longer than the cap is read to its
/// end without keeping it, so memory stays bounded whatever the client sends.
async fn read_line<R: AsyncRead + Unpin>(
    reader: &mut BufReader<R>,
) -> std::io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = reader.fill_buf().await?;
        if chunk.is_empty() {
            // The end of input; a last line without a break still counts.
            return Ok(match (too_long, line.is_empty()) {
                (true, _) => Some(Line::TooLong),
                (false, true) => None,
                (false, false) => Some(Line::Text(line)),
            });
        }
        let (part, done) = match chunk.iter().position(|b| *b == b'\n') {
            Some(end) => (&chunk[..end], end + 1),
            None => (chunk, chunk.len()),
        };
        let ends = done > part.len();
        if !too_long {
            if line.len() + part.len() > MAX_LINE_BYTES {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(part);
            }
        }
        reader.consume(done);
        if ends {
            if too_long {
                return Ok(Some(Line::TooLong));
            }
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(Line::Text(line)));
        }
    }
}

/// A JSON-RPC error reply with no id (the request could not be read, so neither could
/// its id), as one line.
fn error_line(code: i64, message: &str) -> Vec<u8> {
    error_reply(&serde_json::Value::Null, code, message)
}

/// A JSON-RPC error reply to `id`, as one line.
fn error_reply(id: &serde_json::Value, code: i64, message: &str) -> Vec<u8> {
    let reply = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message},
    });
    let mut line = reply.to_string().into_bytes();
    line.push(b'\n');
    line
}

/// Methods whose `params` are required.
const NEEDS_PARAMS: [&str; 6] = [
    "initialize",
    "tools/call",
    "tasks/get",
    "tasks/cancel",
    "tasks/update",
    "completion/complete",
];

/// Methods a client may send before the session starts.
const BEFORE_SESSION: [&str; 3] = ["initialize", "ping", "server/discover"];

/// The `_meta` key a 2026-07-28 request names its protocol with.
const META_PROTOCOL: &str = "io.modelcontextprotocol/protocolVersion";

/// Why a request was answered before rmcp saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Not JSON, or an envelope whose `id` cannot be read (the reply has `"id": null`).
    Unreadable,
    /// The request's `params` (its `id` is in the reply).
    Params,
    /// A request before the session started (its `id` is in the reply).
    BeforeSession,
}

/// An error reply made here, as one line, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub(crate) line: Vec<u8>,
    pub(crate) why: Refused,
}

/// The refusal of a message that is not JSON (`-32700`, `"id": null`).
pub(crate) fn not_json(err: &serde_json::Error) -> Refusal {
    Refusal {
        line: error_line(
            -32700,
            &format!(
                "Parse error: the message is not JSON ({err}); send one JSON-RPC object per \
                 line (over HTTP: per request body)"
            ),
        ),
        why: Refused::Unreadable,
    }
}

/// The error reply for a request whose envelope rmcp would answer badly (no `id`, the
/// wrong code, a message about `_meta` to a client that forgot `initialize`); `None`
/// when it may go to rmcp. `session` turns true once `initialize` or a request naming
/// its protocol in `_meta` passed (over HTTP: the request names its session).
pub(crate) fn check_envelope(message: &serde_json::Value, session: &mut bool) -> Option<Refusal> {
    use serde_json::Value;
    let object = message.as_object()?;
    let method = object.get("method")?.as_str()?;
    let id = object.get("id")?;
    let id_ok = matches!(id, Value::String(_))
        || matches!(id, Value::Number(n) if n.is_i64() || n.is_u64());
    if !id_ok {
        return Some(Refusal {
            line: error_line(
                -32600,
                &format!(
                    "Invalid request: the id of {method:?} must be a string or an integer, not {}",
                    kind(id)
                ),
            ),
            why: Refused::Unreadable,
        });
    }
    let params = object.get("params");
    let invalid = |text: String| {
        Some(Refusal {
            line: error_reply(id, -32602, &format!("Invalid params: {text}")),
            why: Refused::Params,
        })
    };
    match params {
        Some(Value::Object(_)) => {}
        Some(other) => {
            return invalid(format!(
                "the params of {method:?} must be an object, not {}",
                kind(other)
            ));
        }
        None if NEEDS_PARAMS.contains(&method) => {
            return invalid(format!("{method:?} needs params (an object)"));
        }
        None => {}
    }
    if method == "tools/call" {
        let params = params.and_then(Value::as_object)?;
        if !params.get("name").is_some_and(Value::is_string) {
            return invalid("tools/call needs params.name, the tool's name as a string".into());
        }
        if let Some(arguments) = params.get("arguments")
            && !arguments.is_object()
        {
            return invalid(format!(
                "the arguments of tools/call must be an object (the ask_user payload), not {}",
                kind(arguments)
            ));
        }
    }
    let names_protocol = params
        .and_then(|p| p.get("_meta"))
        .and_then(|m| m.get(META_PROTOCOL))
        .is_some();
    if method == "initialize" || names_protocol {
        *session = true;
    } else if !*session && !BEFORE_SESSION.contains(&method) {
        return Some(Refusal {
            line: error_reply(
                id,
                -32602,
                &format!(
                    "Invalid params: {method:?} came before the session started: send \
                     \"initialize\" first (MCP 2025-11-25), or name the protocol in the \
                     request's _meta ({META_PROTOCOL}, with io.modelcontextprotocol/clientInfo \
                     and io.modelcontextprotocol/clientCapabilities) for MCP 2026-07-28"
                ),
            ),
            why: Refused::BeforeSession,
        });
    }
    None
}

/// A JSON value's kind, for error messages.
fn kind(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, MAX_LINE_BYTES, read_line};
    use tokio::io::BufReader;

    fn lines(input: &[u8]) -> Vec<Option<Vec<u8>>> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let mut reader = BufReader::with_capacity(7, input);
            let mut out = Vec::new();
            while let Some(line) = read_line(&mut reader).await.unwrap() {
                out.push(match line {
                    Line::Text(text) => Some(text),
                    Line::TooLong => None,
                });
            }
            out
        })
    }

    #[test]
    fn lines_split_on_breaks_across_reads_and_drop_carriage_returns() {
        assert_eq!(
            lines(b"{\"a\":1}\r\n{\"bb\":22}\n\nlast"),
            [
                Some(b"{\"a\":1}".to_vec()),
                Some(b"{\"bb\":22}".to_vec()),
                Some(Vec::new()),
                Some(b"last".to_vec())
            ]
        );
    }

    #[test]
    fn a_line_over_the_cap_is_skipped_to_its_end_and_the_next_one_reads() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\n{}\n");
        assert_eq!(lines(&input), [None, Some(b"{}".to_vec())]);
    }
}
