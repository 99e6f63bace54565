//! Running the server: over stdio, or over Streamable HTTP on a loopback address with a
//! bearer token. Each entry point builds its own single-threaded tokio runtime and
//! blocks until the client goes away or a terminating signal arrives, so callers stay
//! synchronous.

use std::time::Duration;

use rmcp::ServiceExt;

use crate::error::Error;
use crate::server::AskServer;

/// How long open calls get to close their forms and answer when the server stops.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves MCP on stdin/stdout until stdin closes or SIGTERM, SIGINT or SIGHUP arrives.
/// When the client goes away every open form closes (its result keeps what was
/// answered) and no form outlives the server.
pub fn serve_stdio(server: AskServer) -> Result<(), Error> {
    runtime()?.block_on(async move {
        let (stdin, stdout) = rmcp::transport::io::stdio_pipes();
        // Every line is checked before rmcp reads it: a broken one gets a JSON-RPC error.
        let (reader, writer) = crate::lines::framed(stdin, stdout, server.stop_token());
        let running = server
            .clone()
            .serve((reader, writer))
            .await
            .map_err(|err| Error::Serve {
                what: "MCP handshake",
                message: err.to_string(),
            })?;
        let stop = server.stop_token();
        tokio::select! {
            _ = running.waiting() => {}
            () = terminated() => {}
            () = stop.cancelled() => {}
        }
        server.shutdown(SHUTDOWN_GRACE).await;
        Ok(())
    })
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
