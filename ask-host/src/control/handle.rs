//! The two ends a host thread holds: a [`Controller`] that makes handles, and a
//! [`ControlHandle`] per client (commands in, events out). Plain std channels: no
//! runtime, usable from any thread or, through a blocking task, any async runtime.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use ask_contract::{
    AskForm,
    result::{AnsweredVia, AskResult},
};
use ask_state::snapshot::FlowSnapshot;

use super::{ControlCommand, ControlError, ControlEvent};
use crate::view::ViewModel;

/// What every client can read at any time: the form's live state, updated by the session
/// each time its host calls [`Session::pump_control`](crate::Session::pump_control).
#[derive(Debug, Clone)]
pub struct LiveState {
    /// Everything answered so far, the open editor's text and the active tab.
    pub snapshot: FlowSnapshot,
    /// The result, once the form ended.
    pub result: Option<AskResult>,
    /// Goes up by one at every change (of the snapshot or the result).
    pub revision: u64,
    /// The language the form speaks now ([`ask_state::Flow::locale`]): front ends that
    /// draw the form themselves (the browser page) speak it too.
    pub locale: ask_i18n::Locale,
    /// The form as front ends draw it, at this revision ([`ViewModel::of`]).
    pub view: Arc<ViewModel>,
}

/// What the host runs to wake its loop when a message for the session arrives
/// ([`Controller::set_waker`]).
pub(crate) type WakeFn = Arc<dyn Fn() + Send + Sync>;

/// The shared state and the condition variable that wakes waiters on a new revision.
pub(crate) struct Shared {
    pub(crate) live: Mutex<LiveState>,
    pub(crate) bell: Condvar,
    pub(crate) form: AskForm,
    /// Goes up at every [`Controller::wake`] and refused command, so waiters on the bell
    /// return for them too.
    pub(crate) rings: AtomicU64,
    pub(crate) waker: Mutex<Option<WakeFn>>,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("live", &self.live)
            .field("form", &self.form)
            .finish_non_exhaustive()
    }
}

impl Shared {
    /// Tells the host a message for the session is queued (its waker, if set).
    pub(crate) fn wake_host(&self) {
        let waker = self
            .waker
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        if let Some(wake) = waker {
            wake();
        }
    }

    /// Wakes every thread waiting in [`Controller::wait_for_change`].
    pub(crate) fn ring(&self) {
        let live = self.lock();
        self.rings.fetch_add(1, Ordering::SeqCst);
        drop(live);
        self.bell.notify_all();
    }

    /// The live state, also when a thread panicked while holding it.
    pub(crate) fn lock(&self) -> MutexGuard<'_, LiveState> {
        self.live
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A message into the session.
#[derive(Debug)]
pub(crate) enum Inbound {
    Connect {
        id: u64,
        via: AnsweredVia,
        events: Sender<ControlEvent>,
    },
    Command {
        id: u64,
        command: ControlCommand,
        /// Dropped once the session took the command (after its reply, if any, was
        /// queued): counts the client's unanswered commands down.
        taken: Taken,
    },
    Disconnect(u64),
    /// A line for the form's notice line, from a front end.
    Notice(String),
    /// Nothing to do: the host's wait returns ([`Controller::wake`]).
    Wake,
}

/// One unanswered command of a client: counted up when sent, down when dropped.
#[derive(Debug)]
pub(crate) struct Taken(Arc<AtomicUsize>);

impl Taken {
    fn new(count: &Arc<AtomicUsize>) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Self(Arc::clone(count))
    }
}

impl Drop for Taken {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Makes [`ControlHandle`]s for a running [`Session`](crate::Session): cheap to clone,
/// `Send + Sync`, for any thread. Get one with
/// [`Session::controller`](crate::Session::controller).
#[derive(Debug, Clone)]
pub struct Controller {
    pub(crate) inbound: Sender<Inbound>,
    pub(crate) next_id: Arc<AtomicU64>,
    pub(crate) shared: Arc<Shared>,
}

impl Controller {
    /// A new client acting as `via` (named in `details.answeredVia` when it ends the
    /// form). Its first event is `started` (sent at the session's next pump), or
    /// `completed` when the form had already ended.
    pub fn connect(&self, via: AnsweredVia) -> ControlHandle {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (events_tx, events) = mpsc::channel();
        // A session already gone: the handle's receive reports it as closed.
        let _ = self.inbound.send(Inbound::Connect {
            id,
            via,
            events: events_tx,
        });
        self.shared.wake_host();
        ControlHandle {
            sender: CommandSender {
                id,
                inbound: self.inbound.clone(),
                shared: Arc::clone(&self.shared),
                unanswered: Arc::new(AtomicUsize::new(0)),
            },
            events,
        }
    }

    /// Shows `text` in the form's notice line at the session's next pump (the browser
    /// front end says so when wrong links shut it). Does nothing once the form ended.
    pub fn show_notice(&self, text: String) {
        let _ = self.inbound.send(Inbound::Notice(text));
        self.shared.wake_host();
    }

    /// The form being answered.
    pub fn form(&self) -> &AskForm {
        &self.shared.form
    }

    /// The live state now.
    pub fn live(&self) -> LiveState {
        self.shared.lock().clone()
    }

    /// Waits until the live revision is above `seen` (or `timeout` passes) and returns
    /// the revision then. Front ends that redraw from [`Controller::live`] (a browser
    /// page) wait here instead of polling.
    pub fn wait_for_change(&self, seen: u64, timeout: Duration) -> u64 {
        let mut rung = self.shared.rings.load(Ordering::SeqCst);
        self.wait_for_change_since(seen, &mut rung, timeout)
    }

    /// [`Controller::wait_for_change`], also returning when the session was rung since
    /// `rung` (a command of a client was refused, or [`Controller::wake`] was called);
    /// `rung` is then brought up to date. A front end that also reads its
    /// [`ControlHandle`]'s events (to pass refusals on) takes them after each return, and
    /// misses none: a refusal is queued before the ring.
    pub fn wait_for_change_since(&self, seen: u64, rung: &mut u64, timeout: Duration) -> u64 {
        let live = self.shared.lock();
        let before = *rung;
        let (live, _) = self
            .shared
            .bell
            .wait_timeout_while(live, timeout, |l| {
                l.revision <= seen && self.shared.rings.load(Ordering::SeqCst) == before
            })
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *rung = self.shared.rings.load(Ordering::SeqCst);
        live.revision
    }

    /// Has `wake` run (on the thread that sends) each time a message for the session is
    /// queued: a command, a client connecting or leaving, a [`Controller::wake`]. A host
    /// whose loop waits on something else (a terminal, a socket) makes that wait return
    /// with it, then calls [`Session::pump_control`](crate::Session::pump_control); a host
    /// without one waits in [`Session::wait_control`](crate::Session::wait_control).
    pub fn set_waker(&self, wake: impl Fn() + Send + Sync + 'static) {
        *self
            .shared
            .waker
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Arc::new(wake));
    }

    /// Wakes the session's host ([`Session::wait_control`](crate::Session::wait_control)
    /// returns, the waker runs) and every thread in [`Controller::wait_for_change`], with
    /// nothing to do: for a host that should look at its own state again (a signal
    /// arrived, a server stopped).
    pub fn wake(&self) {
        let _ = self.inbound.send(Inbound::Wake);
        self.shared.wake_host();
        self.shared.ring();
    }
}

/// The command half of a [`ControlHandle`]: `Clone + Send + Sync`, so a reader thread can
/// send while another thread receives events.
#[derive(Debug, Clone)]
pub struct CommandSender {
    id: u64,
    inbound: Sender<Inbound>,
    shared: Arc<Shared>,
    unanswered: Arc<AtomicUsize>,
}

impl CommandSender {
    /// Sends a command. It is checked and applied by the session at its next pump;
    /// a refused command comes back as an `error` event and changes nothing. Fails at
    /// once when the form has already ended ([`ControlError::AlreadyCompleted`]) or the
    /// session is gone ([`ControlError::Disconnected`]).
    pub fn send(&self, command: ControlCommand) -> Result<(), ControlError> {
        // Checked and sent under the lock the session takes to record the end, so a
        // command is either refused here or queued before the session's last drain.
        let live = self.shared.lock();
        if let Some(result) = &live.result {
            return Err(already(result));
        }
        let sent = self.inbound.send(Inbound::Command {
            id: self.id,
            command,
            taken: Taken::new(&self.unanswered),
        });
        drop(live);
        self.shared.wake_host();
        sent.map_err(|_| ControlError::Disconnected)
    }

    /// Parses one JSON line ([`ControlCommand::parse_line`]) and sends it.
    pub fn send_line(&self, line: &str) -> Result<(), ControlError> {
        self.send(ControlCommand::parse_line(line)?)
    }

    /// Says this client will send nothing more (its connection reached end of input:
    /// gone, or half-closed after its last command). The session answers every command
    /// sent before, then drops the client, so its [`ControlHandle::recv`] returns the
    /// replies still queued and then [`ControlError::Disconnected`]: a writer thread
    /// blocked there ends without polling.
    pub fn disconnect(&self) {
        let _ = self.inbound.send(Inbound::Disconnect(self.id));
        self.shared.wake_host();
    }

    /// How many commands this client sent that the session has not taken yet. Once it
    /// is 0, whatever they caused (an `error`, `completed`) is already among the
    /// client's events, and [`Controller::live`] shows their changes: a client that stopped sending (a socket half-closed after its
    /// last command) reads its events until then and is sure to get every reply.
    pub fn unanswered(&self) -> usize {
        self.unanswered.load(Ordering::SeqCst)
    }
}

/// The error for a command that arrived after the form ended.
pub(crate) fn already(result: &AskResult) -> ControlError {
    ControlError::AlreadyCompleted(result.details.answered_via.map(|v| v.as_str().to_owned()))
}

/// One client of a running form: send [`ControlCommand`]s, receive [`ControlEvent`]s.
/// Dropping it disconnects the client.
#[derive(Debug)]
pub struct ControlHandle {
    sender: CommandSender,
    events: Receiver<ControlEvent>,
}

impl ControlHandle {
    /// See [`CommandSender::send`].
    pub fn send(&self, command: ControlCommand) -> Result<(), ControlError> {
        self.sender.send(command)
    }

    /// See [`CommandSender::send_line`].
    pub fn send_line(&self, line: &str) -> Result<(), ControlError> {
        self.sender.send_line(line)
    }

    /// See [`CommandSender::unanswered`].
    pub fn unanswered(&self) -> usize {
        self.sender.unanswered()
    }

    /// A sender for another thread.
    pub fn sender(&self) -> CommandSender {
        self.sender.clone()
    }

    /// The next event, waiting for it; [`ControlError::Disconnected`] once the session is
    /// gone and every event was read.
    pub fn recv(&self) -> Result<ControlEvent, ControlError> {
        self.events.recv().map_err(|_| ControlError::Disconnected)
    }

    /// The next event within `timeout`: `Ok(None)` when none came.
    pub fn recv_timeout(&self, timeout: Duration) -> Result<Option<ControlEvent>, ControlError> {
        match self.events.recv_timeout(timeout) {
            Ok(event) => Ok(Some(event)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(ControlError::Disconnected),
        }
    }

    /// The next event if one is waiting.
    pub fn try_recv(&self) -> Result<Option<ControlEvent>, ControlError> {
        match self.events.try_recv() {
            Ok(event) => Ok(Some(event)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(ControlError::Disconnected),
        }
    }

    /// The live state now (see [`Controller::live`]).
    pub fn live(&self) -> LiveState {
        self.sender.shared.lock().clone()
    }

    /// Waits, at most `within`, until the session took every command sent on this handle,
    /// and returns the `error` event it sent back for a refused one, if any (events that
    /// are not errors are read and dropped). A session that ended after taking them (a
    /// command that submitted the form) counts as taken; one that went away without a
    /// result is a `closed` error. Used by front ends that answer each command (an HTTP
    /// API, a tool).
    pub fn wait_taken(&self, within: Duration) -> Result<(), ControlEvent> {
        let deadline = std::time::Instant::now() + within;
        // Disconnected is reported only once every event was read, so nothing sent was
        // refused; a session gone with a result had ended the form (commands it had not
        // read by then were dropped with it, as late as a refusal would have been).
        let gone = |this: &Self| {
            if this.unanswered() == 0 && this.live().result.is_some() {
                Ok(())
            } else {
                Err(ControlEvent::error(&ControlError::Disconnected))
            }
        };
        loop {
            let taken = self.unanswered() == 0;
            // What a command caused was queued before it counted as taken.
            loop {
                match self.try_recv() {
                    Ok(Some(event @ ControlEvent::Error { .. })) => return Err(event),
                    Ok(Some(_)) => {}
                    Ok(None) => break,
                    Err(_) => return gone(self),
                }
            }
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if taken || left.is_zero() {
                return Ok(());
            }
            match self.recv_timeout(left.min(Duration::from_millis(10))) {
                Ok(Some(event @ ControlEvent::Error { .. })) => return Err(event),
                Ok(_) => {}
                Err(_) => return gone(self),
            }
        }
    }
}

impl Drop for ControlHandle {
    fn drop(&mut self) {
        let _ = self
            .sender
            .inbound
            .send(Inbound::Disconnect(self.sender.id));
        self.sender.shared.wake_host();
    }
}
