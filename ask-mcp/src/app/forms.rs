//! The forms shown in the app: each runs on a headless `ask_host::Session` while its
//! `ask_user` call waits, and is found by the page through [`Apps`].

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ask_contract::result::AskResult;
use ask_host::control::Controller;
use tokio::sync::{Notify, oneshot};

use crate::present::{BoxFuture, Call, Presented, Presenter, Setup, form_key};

/// How long a call waits for its page to open the form before the next surface is
/// tried: a client that declared the extension but never showed the page (or a person
/// who scrolled it away before it loaded) still gets the form another way.
pub(crate) const APP_OPEN_WAIT: Duration = Duration::from_secs(30);

/// How long an `open` waits for its form's turn (another form is open) before the page
/// is told to ask again.
const TURN_WAIT: Duration = Duration::from_secs(20);

/// One form waiting in (or shown by) the app.
struct Entry {
    /// [`form_key`] of the form: what the page's `open` (the call's arguments) names.
    key: String,
    token: String,
    controller: Controller,
    opened: Arc<Notify>,
}

/// The forms the app can open now, shared by the presenter and the `ask_app` handler.
#[derive(Default)]
pub(crate) struct Apps {
    entries: Mutex<Vec<Entry>>,
    registered: Notify,
}

impl Apps {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Entry>> {
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn register(&self, entry: Entry) {
        self.lock().push(entry);
        self.registered.notify_waiters();
    }

    fn remove(&self, token: &str) {
        self.lock().retain(|e| e.token != token);
    }

    /// The form a page shown for `key` opens (its token and controller), waiting up to
    /// [`TURN_WAIT`] for it to be asked; `None` when it was not.
    pub(crate) async fn open(&self, key: &str) -> Option<(String, Controller)> {
        let deadline = tokio::time::Instant::now() + TURN_WAIT;
        loop {
            let registered = self.registered.notified();
            if let Some(e) = self.lock().iter().find(|e| e.key == key) {
                e.opened.notify_one();
                return Some((e.token.clone(), e.controller.clone()));
            }
            if tokio::time::timeout_at(deadline, registered).await.is_err() {
                return None;
            }
        }
    }

    /// The form behind `token`, while its call waits.
    pub(crate) fn get(&self, token: &str) -> Option<Controller> {
        self.lock()
            .iter()
            .find(|e| e.token == token)
            .map(|e| e.controller.clone())
    }
}

/// Shows the form in the client's app: only for a client that declared the extension
/// (`crate::app::declares`), in `--ui auto`, before every other surface.
pub(crate) struct AppPresenter {
    pub(crate) apps: Arc<Apps>,
    pub(crate) config: Option<PathBuf>,
}

impl Presenter for AppPresenter {
    fn name(&self) -> &'static str {
        "app"
    }

    fn present<'a>(&'a self, call: &'a Call) -> BoxFuture<'a, Presented> {
        Box::pin(async move {
            let Ok(token) = ask_web::new_token() else {
                return Presented::Unavailable("no random token".into());
            };
            let setup = Setup {
                form: call.form.clone(),
                config: self.config.clone(),
                draft: call.files.draft.clone(),
                resume: call.files.has_draft(),
                addr: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            };
            let stop = Arc::new(AtomicBool::new(false));
            let (ready_tx, ready) = oneshot::channel();
            let mut task = tokio::task::spawn_blocking({
                let stop = Arc::clone(&stop);
                move || run(setup, ready_tx, &stop)
            });
            let Ok(controller) = ready.await else {
                return Presented::Unavailable("the form could not start".into());
            };
            let opened = Arc::new(Notify::new());
            self.apps.register(Entry {
                key: form_key(&call.form),
                token: token.clone(),
                controller: controller.clone(),
                opened: Arc::clone(&opened),
            });
            let halt = |task| {
                stop.store(true, Ordering::SeqCst);
                controller.wake();
                task
            };
            let shown = tokio::select! {
                () = opened.notified() => true,
                () = tokio::time::sleep(APP_OPEN_WAIT) => false,
                () = call.cancel.cancelled() => true,
            };
            if !shown {
                self.apps.remove(&token);
                let _ = halt(&mut task).await;
                return Presented::Unavailable(format!(
                    "the client did not open the app within {} s",
                    APP_OPEN_WAIT.as_secs()
                ));
            }
            let result = tokio::select! {
                result = &mut task => result.ok(),
                () = call.cancel.cancelled() => halt(&mut task).await.ok(),
            };
            self.apps.remove(&token);
            Presented::Done(Box::new(
                result.unwrap_or_else(|| crate::outcome::cancelled_result(&call.form)),
            ))
        })
    }
}

/// Runs the form until it ends or `stop` is set (then it ends as cancelled, keeping
/// what was answered), as the browser form's thread does without its web server.
fn run(setup: Setup, ready: oneshot::Sender<Controller>, stop: &AtomicBool) -> AskResult {
    let mut session = setup.session(|name| std::env::var(name).ok());
    let _ = ready.send(session.controller());
    session.set_settings_watched(true);
    let ended = session.run_headless(|| stop.load(Ordering::SeqCst));
    let by_flow = ended.is_some();
    let result = ended.unwrap_or_else(|| session.cancelled());
    session.close_control(&result);
    if by_flow {
        session.discard_draft();
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn controller() -> (ask_host::Session, Controller) {
        let payload = serde_json::json!({"questions": [{"id": "db", "prompt": "Which?",
            "options": [{"value": "pg", "label": "PG"}, {"value": "lite", "label": "SQLite"}]}]});
        let form = ask_contract::parse_params(&payload, ask_contract::ParseOptions::default())
            .expect("valid");
        let mut session = ask_host::Session::new(
            form,
            ask_host::settings::Settings::in_memory(ask_settings::AskConfig::default()),
        );
        let controller = session.controller();
        (session, controller)
    }

    #[test]
    fn an_open_waits_for_its_form_and_a_token_finds_it_until_removed() {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let apps = Arc::new(Apps::default());
            let (_session, controller) = controller();
            let key = form_key(controller.form());
            let opened = Arc::new(Notify::new());
            // The page asks before the call's turn came; the form is registered after.
            let waiting = tokio::spawn({
                let apps = Arc::clone(&apps);
                let key = key.clone();
                async move { apps.open(&key).await }
            });
            tokio::task::yield_now().await;
            apps.register(Entry {
                key,
                token: "t1".into(),
                controller,
                opened: Arc::clone(&opened),
            });
            let (token, _) = waiting.await.expect("joined").expect("found");
            assert_eq!(token, "t1");
            // The presenter learns that its page opened the form.
            tokio::time::timeout(Duration::from_secs(1), opened.notified())
                .await
                .expect("told");
            assert!(apps.get("t1").is_some() && apps.get("t2").is_none());
            apps.remove("t1");
            assert!(apps.get("t1").is_none());
        });
    }
}
