//! The stdio framing in front of rmcp. rmcp drops a line that is not JSON, or that is
//! longer than it accepts, without a word, and a client that sent it then waits for a
//! reply that never comes. Every line from the client is checked here first: a line
//! that is not JSON gets a JSON-RPC parse error (-32700), a line over
//! [`MAX_LINE_BYTES`] an invalid-request error (-32600), and rmcp never sees either.
//! Replies (rmcp's and these) reach stdout one whole line at a time, from one task, so
//! they never interleave. Nothing here wakes up unless a byte arrives.

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
pub(crate) fn framed<R, W>(
    stdin: R,
    stdout: W,
    on_eof: CancellationToken,
) -> (DuplexStream, DuplexStream)
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (rmcp_in, to_rmcp) = tokio::io::duplex(64 * 1024);
    let (rmcp_out, from_rmcp) = tokio::io::duplex(64 * 1024);
    let (lines, queue) = mpsc::channel::<Vec<u8>>(QUEUED_LINES);
    tokio::spawn(write_lines(queue, stdout));
    tokio::spawn(forward_replies(from_rmcp, lines.clone()));
    tokio::spawn(check_requests(stdin, to_rmcp, lines, on_eof));
    (rmcp_in, rmcp_out)
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
            Line::Text(text) => match serde_json::from_slice::<serde::de::IgnoredAny>(&text) {
                Ok(_) => {
                    if to_rmcp.write_all(&text).await.is_err()
                        || to_rmcp.write_all(b"\n").await.is_err()
                    {
                        break;
                    }
                    None
                }
                Err(err) => Some(error_line(
                    -32700,
                    &format!(
                        "Parse error: the message is not JSON ({err}); send one JSON-RPC \
                         object per line"
                    ),
                )),
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
    let reply = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": {"code": code, "message": message},
    });
    let mut line = reply.to_string().into_bytes();
    line.push(b'\n');
    line
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
