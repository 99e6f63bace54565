//! The handler logic without a transport: validation, the queue, cancellation and the
//! presenter order, with presenters that answer on command.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::present::{BoxFuture, Call, Presented, Presenter};
use crate::{AskServer, ServerOptions, Ui};
use ask_contract::result::AskResult;
use serde_json::{Value, json};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

fn options(state: &std::path::Path) -> ServerOptions {
    ServerOptions::testing(Ui::Auto, state)
}

fn payload(id: &str) -> Value {
    json!({"questions": [{"id": id, "prompt": "Which?", "options": [{"value": "a", "label": "A"}]}]})
}

/// Records what it was shown, then answers when released (or gives up when cancelled).
#[derive(Default)]
struct Gate {
    shown: Mutex<Vec<(String, usize, String)>>,
    release: Notify,
}

/// A presenter handle the test keeps a second copy of.
struct Shared(Arc<Gate>);

impl Presenter for Shared {
    fn name(&self) -> &'static str {
        "gate"
    }
    fn present<'a>(&'a self, call: &'a Call) -> BoxFuture<'a, Presented> {
        Box::pin(async move {
            let id = call.form.questions[0].id.clone();
            self.0
                .shown
                .lock()
                .unwrap()
                .push((id, call.waiting, call.client.clone()));
            tokio::select! {
                () = self.0.release.notified() => {}
                () = call.cancel.cancelled() => return Presented::Done(Box::new(crate::cancelled_result(&call.form))),
            }
            let answers =
                json!({"answers": {call.form.questions[0].id.clone(): {"values": ["a"]}}});
            Presented::Done(Box::new(
                ask_state::scripted::scripted_result(&call.form, &answers).unwrap(),
            ))
        })
    }
}

struct Unavailable;

impl Presenter for Unavailable {
    fn name(&self) -> &'static str {
        "unavailable"
    }
    fn present<'a>(&'a self, _call: &'a Call) -> BoxFuture<'a, Presented> {
        Box::pin(async { Presented::Unavailable("not here".into()) })
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

async fn ask(server: &AskServer, id: &str, cancel: CancellationToken) -> AskResult {
    server
        .ask(
            payload(id),
            format!("client-{id}"),
            cancel,
            None,
            |_, _, _| {},
        )
        .await
}

async fn settle() {
    for _ in 0..20 {
        tokio::task::yield_now().await;
    }
    tokio::time::sleep(Duration::from_millis(20)).await;
}

#[test]
fn calls_wait_in_order_one_form_at_a_time_and_each_knows_how_many_wait() {
    let state = tempfile::tempdir().unwrap();
    let gate = Arc::new(Gate::default());
    let server =
        AskServer::with_presenters(options(state.path()), vec![Box::new(Shared(gate.clone()))]);
    runtime().block_on(async {
        let calls: Vec<_> = ["one", "two", "three"]
            .into_iter()
            .map(|id| {
                let server = server.clone();
                tokio::spawn(async move { ask(&server, id, CancellationToken::new()).await })
            })
            .collect();
        settle().await;
        assert_eq!(gate.shown.lock().unwrap().len(), 1, "one form at a time");
        for _ in 0..3 {
            gate.release.notify_one();
            settle().await;
        }
        let mut results = Vec::new();
        for call in calls {
            results.push(call.await.unwrap());
        }
        assert!(results.iter().all(|r| !r.details.cancelled));
        let shown = gate.shown.lock().unwrap().clone();
        let order: Vec<&str> = shown.iter().map(|(id, _, _)| id.as_str()).collect();
        assert_eq!(order, ["one", "two", "three"]);
        // Counted when each form opens: the first opened before the others arrived.
        assert_eq!(shown[0].1, 0);
        assert_eq!(shown[1].1, 1, "the second form knows the third waits");
        assert_eq!(shown[2].1, 0);
        assert_eq!(shown[0].2, "client-one");
    });
}

#[test]
fn a_call_cancelled_while_it_waits_leaves_the_queue_with_the_cancelled_result() {
    let state = tempfile::tempdir().unwrap();
    let gate = Arc::new(Gate::default());
    let server =
        AskServer::with_presenters(options(state.path()), vec![Box::new(Shared(gate.clone()))]);
    runtime().block_on(async {
        let first = tokio::spawn({
            let server = server.clone();
            async move { ask(&server, "first", CancellationToken::new()).await }
        });
        settle().await;
        let cancel = CancellationToken::new();
        let waiting = tokio::spawn({
            let (server, cancel) = (server.clone(), cancel.clone());
            async move { ask(&server, "second", cancel).await }
        });
        settle().await;
        cancel.cancel();
        let result = waiting.await.unwrap();
        assert!(result.details.cancelled);
        assert_eq!(result.details.questions[0].id, "second");
        gate.release.notify_one();
        assert!(!first.await.unwrap().details.cancelled);
        assert_eq!(
            gate.shown.lock().unwrap().len(),
            1,
            "the cancelled call never opened a form"
        );
    });
}

#[test]
fn shutdown_cancels_the_open_form_and_waits_for_it() {
    let state = tempfile::tempdir().unwrap();
    let gate = Arc::new(Gate::default());
    let server =
        AskServer::with_presenters(options(state.path()), vec![Box::new(Shared(gate.clone()))]);
    runtime().block_on(async {
        let open = tokio::spawn({
            let server = server.clone();
            async move { ask(&server, "open", server.stop_token().child_token()).await }
        });
        settle().await;
        server.shutdown(Duration::from_secs(2)).await;
        let result = open.await.unwrap();
        assert!(result.details.cancelled);
    });
}

#[test]
fn presenters_are_tried_in_order_and_none_available_gives_needs_user_input() {
    let state = tempfile::tempdir().unwrap();
    let gate = Arc::new(Gate::default());
    let server = AskServer::with_presenters(
        options(state.path()),
        vec![Box::new(Unavailable), Box::new(Shared(gate.clone()))],
    );
    let only_unavailable =
        AskServer::with_presenters(options(state.path()), vec![Box::new(Unavailable)]);
    let none = AskServer::new(ServerOptions {
        ui: Ui::None,
        ..options(state.path())
    });
    runtime().block_on(async {
        let call = tokio::spawn({
            let server = server.clone();
            async move { ask(&server, "q", CancellationToken::new()).await }
        });
        settle().await;
        gate.release.notify_one();
        let result = call.await.unwrap();
        assert_eq!(result.details.answers["q"].values, ["a"]);
        for server in [&only_unavailable, &none] {
            let result = ask(server, "q", CancellationToken::new()).await;
            assert!(result.text().starts_with("Needs user input:"));
            assert!(result.text().contains(crate::NO_FORM_HINT));
        }
        let invalid = none
            .ask(
                json!({"questions": "no"}),
                String::new(),
                CancellationToken::new(),
                None,
                |_, _, _| {},
            )
            .await;
        assert!(invalid.details.error.is_some());
    });
    assert_eq!(none.presenter_names(), Vec::<&str>::new());
    let auto = AskServer::new(ServerOptions {
        launch: Some("tmux new-window".into()),
        tmux: Some(crate::present::Tmux {
            pane: Some("%1".into()),
        }),
        ..options(state.path())
    });
    assert_eq!(
        auto.presenter_names(),
        ["popup", "launch", "web", "elicit", "web"],
        "the browser form by URL elicitation first, opened here as the last resort"
    );
    let plain = AskServer::new(options(state.path()));
    assert_eq!(
        plain.presenter_names(),
        ["web", "elicit", "web"],
        "auto without tmux or a launcher"
    );
    let web = AskServer::new(ServerOptions {
        ui: Ui::Web,
        ..options(state.path())
    });
    assert_eq!(web.presenter_names(), ["web"]);
}
