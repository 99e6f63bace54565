//! The accept loop: every connection served by hyper's HTTP/1 with a header-read timeout
//! (an idle or half-sent connection is closed, not kept forever), at most
//! [`WebOptions::max_connections`] at once (more are closed at once, so a flood of them
//! cannot take every file descriptor of the process), all closed when the server stops.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::watch;

use crate::server::Open;

/// Serves `router` on `listener` until `stop` turns true, then lets the open connections
/// finish their response (at most `grace`).
pub(crate) async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    stop: watch::Sender<bool>,
    header_timeout: Duration,
    max_connections: usize,
) {
    let open = Arc::new(AtomicUsize::new(0));
    let (all_closed_tx, mut all_closed) = watch::channel(());
    let mut stopping = stop.subscribe();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopping.wait_for(|s| *s) => break,
        };
        let Ok((tcp, _)) = accepted else {
            // Out of descriptors (or another passing failure): wait a little rather than
            // spin; the stop still ends the wait.
            tokio::select! {
                () = tokio::time::sleep(Duration::from_millis(100)) => continue,
                _ = stopping.wait_for(|s| *s) => break,
            }
        };
        if open.load(Ordering::SeqCst) >= max_connections {
            // Closed at once: the connections already open (the person's page among
            // them) keep working, and an idle one frees its place after the timeout.
            drop(tcp);
            continue;
        }
        // Small responses go out at once (no Nagle wait for an ACK).
        let _ = tcp.set_nodelay(true);
        let counted = Open::new(&open);
        let service = TowerToHyperService::new(router.clone());
        let mut stopping = stop.subscribe();
        let closed = all_closed_tx.clone();
        tokio::spawn(async move {
            let _counted = counted;
            let _closed = closed;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            let connection = builder.serve_connection(TokioIo::new(tcp), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => return,
                _ = stopping.wait_for(|s| *s) => {}
            }
            connection.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(Duration::from_secs(1), connection).await;
        });
    }
    // Every connection task holds a sender: `changed` fails once they all ended.
    drop(all_closed_tx);
    let _ = tokio::time::timeout(Duration::from_secs(2), all_closed.changed()).await;
}

/// How long an API connection may take to send a request's headers, and how long an
/// idle one stays open.
const API_HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// API connections open at once (more are closed as they arrive).
const API_MAX_CONNECTIONS: usize = 64;

/// Serves `router` on `listener` with the browser form's connection rules (a header-read
/// timeout of 10 s, at most 64 connections) until `stop` resolves, then lets the open
/// connections finish their response (about a second). Put a
/// [`BearerGuard`](crate::BearerGuard) in front of `router` first.
pub async fn serve_router(
    listener: tokio::net::TcpListener,
    router: Router,
    stop: impl std::future::Future<Output = ()>,
) {
    let (stop_tx, _) = watch::channel(false);
    let serving = serve(
        listener,
        router,
        stop_tx.clone(),
        API_HEADER_TIMEOUT,
        API_MAX_CONNECTIONS,
    );
    tokio::pin!(serving);
    tokio::select! {
        () = &mut serving => return,
        () = stop => {}
    }
    stop_tx.send_replace(true);
    serving.await;
}
