//! The session's side of the control channel: clients, change detection, and applying
//! commands to the flow.

use std::sync::atomic::AtomicU64;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};

use ask_contract::result::{AnsweredVia, AskResult};
use ask_state::{
    Command, Flow, Outcome, StateError,
    model::{QuestionDraft, ReviewAction},
};
use serde_json::{Map, Value};

use super::handle::{Inbound, LiveState, Shared, already};
use super::{ControlCommand, ControlError, ControlEvent, Controller, FocusTarget, FormView};
use crate::Session;

/// One connected client.
#[derive(Debug)]
struct Client {
    id: u64,
    via: AnsweredVia,
    events: Sender<ControlEvent>,
}

/// What the control clients were last told about one question.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Seen {
    draft: QuestionDraft,
    editor_text: Option<String>,
}

/// The control clients of a session and what they last saw.
#[derive(Debug)]
pub(crate) struct Hub {
    pub(crate) inbound: Receiver<Inbound>,
    controller: Controller,
    clients: Vec<Client>,
    seen: Vec<Seen>,
    completed_sent: bool,
    /// A client sent `unfold` since the host last asked ([`Session::take_unfold`]).
    unfold: bool,
    /// A message taken by [`Session::wait_control`], handled at the next pump.
    pub(crate) pending: Option<Inbound>,
}

impl Hub {
    fn new(session: &Session) -> Self {
        let (tx, rx) = mpsc::channel();
        let shared = Arc::new(Shared {
            live: Mutex::new(LiveState {
                snapshot: session.flow.snapshot(),
                result: session.result.clone(),
                revision: 0,
                locale: session.flow.locale(),
                view: Arc::new(session.view_at(0)),
            }),
            bell: Condvar::new(),
            form: session.flow.form().clone(),
            rings: AtomicU64::new(0),
            waker: Mutex::new(None),
        });
        Self {
            inbound: rx,
            controller: Controller {
                inbound: tx,
                next_id: Arc::new(AtomicU64::new(1)),
                shared,
            },
            clients: Vec::new(),
            seen: seen_of(&session.flow),
            completed_sent: false,
            unfold: false,
            pending: None,
        }
    }

    fn send(&mut self, id: u64, event: ControlEvent) {
        let refused = matches!(event, ControlEvent::Error { .. });
        if let Some(client) = self.clients.iter().find(|c| c.id == id) {
            let _ = client.events.send(event);
        }
        if refused {
            // A front end waiting on the live state (the browser server) learns of it.
            self.controller.shared.ring();
        }
    }

    fn broadcast(&mut self, event: &ControlEvent) {
        // A client whose handle is gone is dropped here.
        self.clients
            .retain(|c| c.events.send(event.clone()).is_ok());
    }
}

/// Per question: the draft without the cursor and scroll, plus the open editor's text.
fn seen_of(flow: &Flow) -> Vec<Seen> {
    let editor = flow.editor();
    (0..flow.form().questions.len())
        .map(|i| Seen {
            draft: flow
                .draft(i)
                .map(|d| QuestionDraft {
                    cursor: 0,
                    preview_scroll: 0,
                    ..d.clone()
                })
                .unwrap_or_default(),
            editor_text: editor
                .filter(|e| e.question == i)
                .map(|e| e.buffer.text().to_owned()),
        })
        .collect()
}

impl Session {
    /// A [`Controller`] for this session: hand it to other threads, which make
    /// [`ControlHandle`](super::ControlHandle)s with it. The session takes their commands
    /// and sends their events each time the host calls [`Session::pump_control`].
    ///
    /// ```
    /// use ask_host::contract::result::AnsweredVia;
    /// use ask_host::{
    ///     Session,
    ///     config::AskConfig,
    ///     contract::ParseOptions,
    ///     control::{ControlCommand, ControlEvent},
    ///     settings::Settings,
    /// };
    ///
    /// let payload = r#"{"questions": [{"id": "db", "prompt": "Which database?",
    ///     "options": [{"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]}]}"#;
    /// let form = ask_host::contract::parse_params_str(payload, ParseOptions::default())?;
    /// let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
    /// let client = session.controller().connect(AnsweredVia::Control);
    /// client.send_line(r#"{"v": 1, "type": "answer", "answers": {"db": {"values": ["lite"]}}}"#)?;
    /// client.send(ControlCommand::Submit)?;
    /// session.pump_control(); // the host loop does this between keys
    /// assert!(matches!(client.recv()?, ControlEvent::Started { .. }));
    /// assert!(matches!(client.recv()?, ControlEvent::Changed { answered: true, .. }));
    /// let ControlEvent::Completed { result } = client.recv()? else { panic!("completed") };
    /// assert_eq!(result.details.answers["db"].values, ["lite"]);
    /// assert_eq!(result.details.answered_via, Some(AnsweredVia::Control));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn controller(&mut self) -> Controller {
        if let Some(hub) = &self.control {
            return hub.controller.clone();
        }
        let hub = Hub::new(self);
        let controller = hub.controller.clone();
        self.control = Some(hub);
        controller
    }

    /// True once [`Session::controller`] was called: the host should then call
    /// [`Session::pump_control`] often.
    pub fn is_controlled(&self) -> bool {
        self.control.is_some()
    }

    /// Who keys, pastes and commands come from (named in `details.answeredVia` when they
    /// end the form): [`AnsweredVia::Terminal`] unless set, `Scripted` for headless
    /// scripts. Control clients name themselves when they connect.
    pub fn set_input_via(&mut self, via: AnsweredVia) {
        self.via = via;
    }

    /// Takes the control clients' commands (in arrival order) and tells every client what
    /// changed since the last call, from any side; then, once the form ended, sends
    /// `completed`. Hosts call it in their loop (a few dozen times a second keeps a remote
    /// change on screen within 100 ms) and once after the form ended. True when the screen
    /// changed.
    pub fn pump_control(&mut self) -> bool {
        let Some(mut hub) = self.control.take() else {
            return false;
        };
        let mut changed = false;
        // Commands count as taken once their change is published (below).
        let mut taken = Vec::new();
        loop {
            let Some(message) = hub.pending.take().or_else(|| hub.inbound.try_recv().ok()) else {
                break;
            };
            match message {
                Inbound::Wake => {}
                Inbound::Connect { id, via, events } => {
                    hub.clients.push(Client { id, via, events });
                    let event = match &self.result {
                        Some(result) => ControlEvent::Completed {
                            result: Box::new(result.clone()),
                        },
                        None => ControlEvent::Started {
                            form: FormView::from(self.flow.form()),
                            answered: answered_ids(&self.flow),
                            view: Arc::clone(&hub.controller.shared.lock().view),
                        },
                    };
                    hub.send(id, event);
                }
                Inbound::Disconnect(id) => hub.clients.retain(|c| c.id != id),
                Inbound::Notice(text) => {
                    changed |= self.command(ask_state::Command::SetNotice(Some(text)));
                }
                Inbound::Command {
                    id,
                    command,
                    taken: counted,
                } => {
                    taken.push(counted);
                    let via = hub.clients.iter().find(|c| c.id == id).map(|c| c.via);
                    let outcome = match (&self.result, via) {
                        (Some(result), _) => Err(already(result)),
                        (None, Some(_)) if command == ControlCommand::Unfold => {
                            hub.unfold = true;
                            Ok(false)
                        }
                        (None, Some(via)) => {
                            let before = self.via;
                            self.via = via;
                            let applied = self.control_command(command);
                            self.via = before;
                            applied
                        }
                        // A command from a client that already disconnected.
                        (None, None) => Ok(false),
                    };
                    match outcome {
                        Ok(c) => changed |= c,
                        Err(err) => hub.send(id, ControlEvent::error(&err)),
                    }
                    if self.result.is_some() {
                        // Recorded under the lock senders check, then drained once more
                        // (see `CommandSender::send`).
                        self.publish(&mut hub);
                    }
                }
            }
        }
        self.publish(&mut hub);
        // Their replies (an error, `completed`) are queued and the live state shows them.
        drop(taken);
        self.control = Some(hub);
        changed
    }

    /// Tells every control client that the form handed the terminal to its host (the
    /// `folded` event; `redraw`: the host should redraw and hand it back at once); a
    /// client answers with `unfold` ([`Session::take_unfold`]).
    pub fn notify_folded(&mut self, redraw: bool) {
        if let Some(hub) = self.control.as_mut() {
            hub.broadcast(&ControlEvent::Folded { redraw });
        }
    }

    /// True once after a control client sent `unfold`: the host takes the terminal back.
    /// Call [`Session::pump_control`] first, which takes the clients' commands.
    pub fn take_unfold(&mut self) -> bool {
        self.control
            .as_mut()
            .is_some_and(|hub| std::mem::take(&mut hub.unfold))
    }

    /// Ends the control channel with `result` when the form ended from outside the flow
    /// (a signal, a closed terminal): clients get `completed` with it, and the session
    /// keeps it as its result (it is over). Does nothing when they were told already.
    pub fn close_control(&mut self, result: &AskResult) {
        if let Some(hub) = self.control.as_mut()
            && !hub.completed_sent
        {
            if self.result.is_none() {
                self.result = Some(result.clone());
                // The draft keeps the answers of a form ended from outside.
                self.save_draft(self.now_ms());
            }
            let _ = self.pump_control();
        }
    }

    /// Tells clients about changes since the last call, updates the live state, and
    /// sends `completed` once.
    fn publish(&mut self, hub: &mut Hub) {
        if hub.completed_sent {
            return;
        }
        let mut events = Vec::new();
        if std::mem::take(&mut self.touched) || self.result.is_some() {
            let seen = seen_of(&self.flow);
            for (i, (now, before)) in seen.iter().zip(&hub.seen).enumerate() {
                if now != before
                    && let Some(q) = self.flow.form().questions.get(i)
                {
                    events.push(ControlEvent::Changed {
                        question: q.id.clone(),
                        index: i,
                        answered: now.draft.is_answered(),
                        view: None,
                    });
                }
            }
            hub.seen = seen;
            let shared = &hub.controller.shared;
            let mut live = shared.lock();
            live.snapshot = self.flow.snapshot();
            live.result.clone_from(&self.result);
            live.locale = self.flow.locale();
            live.revision += 1;
            live.view = Arc::new(self.view_at(live.revision));
            // The last `changed` of a batch carries the view after all of them.
            if let Some(ControlEvent::Changed { view, .. }) = events.last_mut() {
                *view = Some(Arc::clone(&live.view));
            }
            drop(live);
            shared.bell.notify_all();
        }
        for event in &events {
            hub.broadcast(event);
        }
        if let Some(result) = &self.result {
            hub.completed_sent = true;
            let event = ControlEvent::Completed {
                result: Box::new(result.clone()),
            };
            // Commands queued before the end was recorded are answered first.
            while let Ok(message) = hub.inbound.try_recv() {
                if let Inbound::Command { id, .. } = message {
                    hub.send(id, ControlEvent::error(&already(result)));
                }
            }
            hub.broadcast(&event);
        }
    }

    /// Applies one command; true when the screen changed.
    fn control_command(&mut self, command: ControlCommand) -> Result<bool, ControlError> {
        match command {
            ControlCommand::Submit => self.control_end(ReviewAction::Submit),
            ControlCommand::Elaborate => self.control_end(ReviewAction::Elaborate),
            ControlCommand::Cancel => Ok(self.command(Command::Review(ReviewAction::Cancel))),
            // Taken by `pump_control` (the hub holds the request).
            ControlCommand::Unfold => Ok(false),
            ControlCommand::Answer { answers, mode } => self.control_answer(answers, mode),
            ControlCommand::Focus(target) => {
                let form = self.flow.form();
                let index = match target {
                    FocusTarget::Review => form.questions.len(),
                    FocusTarget::Question(id) => form
                        .questions
                        .iter()
                        .position(|q| q.id == id)
                        .ok_or_else(|| {
                            let known = form.questions.iter().map(|q| q.id.clone()).collect();
                            ControlError::UnknownQuestion(id, known)
                        })?,
                };
                let outcome = self.flow.focus(index);
                Ok(self.outcome(outcome))
            }
        }
    }

    fn control_answer(
        &mut self,
        answers: Map<String, Value>,
        mode: Option<ReviewAction>,
    ) -> Result<bool, ControlError> {
        let named: Vec<usize> = (self.flow.form().questions.iter().enumerate())
            .filter(|(_, q)| answers.contains_key(&q.id))
            .map(|(i, _)| i)
            .collect();
        let script = Value::Object(Map::from_iter([(
            "answers".to_owned(),
            Value::Object(answers),
        )]));
        // `mustExist` and `pathKind` are looked up where the terminal looks them up.
        let source = &mut self.source;
        let mut lookup = |path: &str| source.as_mut().and_then(|s| s.path_status(path));
        let (_, drafts) =
            ask_state::scripted::scripted_drafts_with(self.flow.form(), &script, &mut lookup)
                .map_err(|err| match err {
                    StateError::AnswersMismatch { problems } => ControlError::BadAnswers(problems),
                    other => ControlError::BadAnswers(vec![other.to_string()]),
                })?;
        let before: Vec<(usize, QuestionDraft)> = (named.iter())
            .filter_map(|&i| self.flow.draft(i).map(|d| (i, d.clone())))
            .collect();
        let mut changed = false;
        for &i in &named {
            if let Some(draft) = drafts.get(i) {
                changed |= self.flow.set_answer(i, draft.clone());
            }
        }
        // A path kept as a draft is looked up, so its problem shows.
        changed |= self.refresh_completion();
        self.touched |= changed;
        if let Some(action) = mode {
            match self.control_end(action) {
                Ok(ended) => changed |= ended,
                Err(err) => {
                    // A command with a problem changes nothing: the answers go back.
                    for (i, draft) in before {
                        self.flow.set_answer(i, draft);
                    }
                    return Err(err);
                }
            }
        }
        Ok(changed)
    }

    /// Ends the form with `action` (submit or elaborate), or refuses with the reason the
    /// review would show (an answer that breaks the form's rules).
    fn control_end(&mut self, action: ReviewAction) -> Result<bool, ControlError> {
        let changed = self.command(Command::Review(action));
        if self.result.is_some() || action == ReviewAction::Cancel {
            return Ok(changed);
        }
        let why = self
            .flow
            .hint()
            .unwrap_or("an answer breaks a rule of the form");
        Err(ControlError::NotReady(why.to_owned()))
    }

    /// Carries out an outcome's effects; true when something changed.
    fn outcome(&mut self, outcome: Outcome) -> bool {
        self.touched |= outcome.is_changed();
        let changed = outcome.is_changed();
        for effect in outcome.into_effects() {
            self.effect(effect);
        }
        changed
    }
}

/// Ids of the answered questions, in form order.
fn answered_ids(flow: &Flow) -> Vec<String> {
    (flow.form().questions.iter().enumerate())
        .filter(|(i, _)| flow.draft(*i).is_some_and(QuestionDraft::is_answered))
        .map(|(_, q)| q.id.clone())
        .collect()
}
