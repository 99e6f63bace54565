//! The JSON API under the page: the view model, its event stream and commands. What the
//! page sends is judged by the form itself (the view says any problem).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use ask_host::control::{ControlCommand, ControlError, ControlEvent};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::Stream;
use tokio::sync::{broadcast, watch};

use crate::server::{App, Open};

/// The view model of `live` (the session computed it), as JSON.
pub(crate) fn view_json_of(live: &ask_host::control::LiveState) -> String {
    serde_json::to_string(&*live.view).unwrap_or_default()
}

/// The view model now, as JSON (built once per revision, see [`crate::page`]).
pub(crate) fn view_json(app: &App) -> Arc<str> {
    Arc::clone(&app.page.now(app).view)
}

/// `GET /api/view`: the view model now.
pub(crate) async fn view(State(app): State<Arc<App>>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        view_json(&app).to_string(),
    )
        .into_response()
}

/// Server-sent events: `view` (the whole view model) at once and after every change,
/// `problem` for a refused command; the stream ends after the completed view.
pub(crate) async fn events(
    State(app): State<Arc<App>>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let open = Open::new(&app.streams);
    let state = (
        app,
        None::<(watch::Receiver<u64>, broadcast::Receiver<String>)>,
        false,
    );
    let stream = futures_util::stream::unfold(state, |(app, channels, done)| async move {
        if done {
            return None;
        }
        let Some((mut revision, mut errors)) = channels else {
            let channels = (app.revision.clone(), app.errors.subscribe());
            let json = view_json(&app);
            let done = app.controller.live().result.is_some();
            return Some((
                Ok(Event::default().event("view").data(&*json)),
                (app, Some(channels), done),
            ));
        };
        let mut stopping = app.stop.subscribe();
        tokio::select! {
            changed = revision.changed() => {
                if changed.is_err() {
                    return None;
                }
                let json = view_json(&app);
                let done = app.controller.live().result.is_some();
                Some((Ok(Event::default().event("view").data(&*json)), (app, Some((revision, errors)), done)))
            }
            problem = errors.recv() => {
                let event = match problem {
                    Ok(line) => Event::default().event("problem").data(line),
                    Err(_) => Event::default().comment("missed"),
                };
                Some((Ok(event), (app, Some((revision, errors)), false)))
            }
            _ = stopping.wait_for(|s| *s) => None,
        }
    });
    // The counter goes with the stream: dropped after the final view (or a lost page).
    let stream = futures_util::StreamExt::map(stream, move |item| {
        let _counted = &open;
        item
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

/// `POST /api/command`: one control-protocol command as JSON (the same lines as
/// `ask run --control`), sent as the browser, answered once the session took it: 200
/// `{"ok":true,"revision":N}` when it was applied (`N`: the view revision that shows it); the refusal itself (the control protocol's `error`
/// line) for a command the form refused: 409 after the form ended, 400 otherwise (an
/// unknown question, answers that do not fit, a form not ready to end); 410 when the
/// session is gone.
pub(crate) async fn command(State(app): State<Arc<App>>, request: Request) -> Response {
    let is_json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !is_json {
        return problem(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &ControlError::BadLine("send Content-Type: application/json".into()),
        );
    }
    let Ok(body) =
        axum::body::to_bytes(request.into_body(), ask_host::control::MAX_LINE_BYTES).await
    else {
        return problem(
            StatusCode::PAYLOAD_TOO_LARGE,
            &ControlError::BadLine("the body is too large".into()),
        );
    };
    // A client of its own for this request, so the session's answer to this command
    // (and to no other) comes back here.
    let handle = app
        .controller
        .connect(ask_contract::result::AnsweredVia::Browser);
    let sent = std::str::from_utf8(&body)
        .map_err(|err| ControlError::BadLine(format!("not UTF-8 ({err})")))
        .and_then(ControlCommand::parse_line)
        .and_then(|c| handle.send(c));
    if sent.is_ok() {
        let replied = tokio::task::spawn_blocking(move || reply(&handle))
            .await
            .unwrap_or_else(|_| Err(ControlEvent::error(&ControlError::Disconnected)));
        if let Err(event) = replied {
            let status = match &event {
                ControlEvent::Error {
                    code: "alreadyCompleted",
                    ..
                } => StatusCode::CONFLICT,
                ControlEvent::Error { code: "closed", .. } => StatusCode::GONE,
                _ => StatusCode::BAD_REQUEST,
            };
            return (
                status,
                [(header::CONTENT_TYPE, "application/json")],
                event.to_line(),
            )
                .into_response();
        }
    }
    match sent {
        // The revision that shows the command's change: the page keeps what it shows
        // for the question until a view that recent arrives.
        Ok(()) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/json")],
            Body::from(format!(
                "{{\"ok\":true,\"revision\":{}}}",
                app.controller.live().revision
            )),
        )
            .into_response(),
        Err(err @ ControlError::AlreadyCompleted(_)) => problem(StatusCode::CONFLICT, &err),
        Err(err @ ControlError::Disconnected) => problem(StatusCode::GONE, &err),
        Err(err) => problem(StatusCode::BAD_REQUEST, &err),
    }
}

/// Waits until the session took the command sent on `handle`: the `error` event it sent
/// back for a refused command, if any.
fn reply(handle: &ask_host::control::ControlHandle) -> Result<(), ControlEvent> {
    handle.wait_taken(Duration::from_secs(30))
}

fn problem(status: StatusCode, err: &ControlError) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        ControlEvent::error(err).to_line(),
    )
        .into_response()
}
