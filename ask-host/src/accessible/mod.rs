//! The accessible mode: one question at a time as plain lines, answers typed on a line.
//! No cursor addressing, no colours, no alternate screen, so a screen reader reads it top
//! to bottom and it works over a pipe-like terminal.
//!
//! It is a thin adapter over a [`Session`]: a typed line becomes the commands every other
//! front end sends (the control channel's `answer`, `focus`, `submit`, `elaborate`,
//! `cancel`, as a client of its own session), and what it prints is drawn from the live
//! flow's [`ViewModel`](crate::view::ViewModel). The rules are the flow's (typed input, counts,
//! paths looked up by the session's [`CompletionSource`](crate::setup::CompletionSource), the
//! closed rules of an MCP elicitation), the draft is the session's, and so are the idle
//! timeout and the control clients (`--control`, `--web`), which answer it too.
//!
//! [`Accessible::line`] is the pure step (a line in, text out); [`Accessible::run`] reads
//! lines from any reader and writes to any writer until the form ends.

mod lines;
mod run;
mod settings;
mod text;

use ask_contract::result::AnsweredVia;
use ask_i18n::{Locale, Msg};
use ask_state::{Tab, snapshot::FlowSnapshot};

pub use run::AccessibleEnd;
pub use settings::accessible_settings;

use crate::control::{ControlCommand, ControlEvent, ControlHandle, FocusTarget};
use crate::{Notice, Session};

/// What the caller does after a line ([`Accessible::line`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AccessibleStep {
    /// Print this text (then [`Accessible::prompt`]) and read another line.
    Ask(String),
    /// The form ended: print this text; the result is the session's
    /// ([`Session::result`]).
    Done(String),
}

/// A form asked line by line over a [`Session`].
///
/// ```
/// use ask_host::accessible::{Accessible, AccessibleStep};
/// use ask_host::{config::AskConfig, Session, settings::Settings, contract::parse_params_str};
///
/// let form = parse_params_str(r#"{"questions": [{"id": "db", "prompt": "Which database?",
///     "options": [{"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]}]}"#,
///     Default::default())?;
/// let mut ask = Accessible::new(Session::new(form, Settings::in_memory(AskConfig::default())));
/// assert!(ask.start().contains("2. SQLite"));
/// assert!(matches!(ask.line("2"), AccessibleStep::Ask(_)));
/// assert!(matches!(ask.line("submit"), AccessibleStep::Done(_)));
/// let result = ask.session().result().expect("submitted");
/// assert_eq!(result.details.answers["db"].values, ["lite"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Accessible {
    session: Session,
    /// This front end as a client of its own session.
    me: ControlHandle,
    /// The tab whose text was printed last.
    shown: Tab,
    /// The notice line last printed.
    notice: Option<String>,
    /// The session restored a draft: the start says it came back.
    resumed: bool,
}

impl Accessible {
    /// The accessible mode over `session` (built like any other surface's, e.g. by
    /// [`Setup::session`](crate::setup::Setup::session)); lines typed here are answered as the
    /// terminal ([`AnsweredVia::Terminal`]).
    pub fn new(mut session: Session) -> Self {
        if session.flow().editor().is_some() {
            // Text left in an editor of the full form (a resumed draft) is kept as that
            // editor keeps it on close: the answer's draft or the note.
            session.command(ask_state::Command::EditorClose);
        }
        let me = session.controller().connect(AnsweredVia::Terminal);
        let _ = session.pump_control();
        let shown = session.flow().tab();
        let mut ask = Self {
            session,
            me,
            shown,
            notice: None,
            resumed: false,
        };
        let _ = ask.drain_events();
        ask
    }

    /// The session was opened on a draft with `resume`: when nothing said it was not
    /// restored, the start says the answers are back.
    #[must_use]
    pub fn resumed(mut self, resumed: bool) -> Self {
        self.resumed = resumed;
        self
    }

    /// The session (its result, draft and notices).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session, to hand back to the host once the form ended.
    pub fn into_session(self) -> Session {
        self.session
    }

    /// The user's work so far, as a draft of the full form.
    pub fn snapshot(&self) -> FlowSnapshot {
        self.session.snapshot()
    }

    fn locale(&self) -> Locale {
        self.session.flow().locale()
    }

    fn t(&self, msg: Msg) -> &'static str {
        self.locale().text(msg)
    }

    /// The opening text: the session's notices, the title, how to get help, the current
    /// question.
    pub fn start(&mut self) -> String {
        let locale = self.locale();
        let mut out = String::new();
        for notice in self.session.notices() {
            out.push_str(&text::clean(&notice.text(locale)));
            out.push('\n');
        }
        let refused = (self.session.notices().iter())
            .any(|n| matches!(n, Notice::DraftNotRestored(_) | Notice::DraftNotSaved(_)));
        if self.resumed && !refused {
            out.push_str(self.t(Msg::AccessibleDraftBack));
            out.push('\n');
        }
        // The notice line, unless it says the last notice again (a browser link does not).
        let notice = self.session.flow().options().notice.clone();
        let last = self.session.notices().last().map(|n| n.text(locale));
        if let Some(text) = notice.as_ref().filter(|n| Some(*n) != last.as_ref()) {
            out.push_str(&text::clean(text));
            out.push('\n');
        }
        self.notice = notice;
        out.push_str(&self.opening());
        out
    }

    /// The prompt a terminal shows before reading a line.
    pub fn prompt(&self) -> String {
        match self.session.flow().tab() {
            Tab::Question(_) => "> ".to_owned(),
            Tab::Review => format!("{}> ", self.t(Msg::AccessibleReviewPrompt)),
        }
    }

    /// Handles one typed line.
    pub fn line(&mut self, line: &str) -> AccessibleStep {
        if self.session.is_over() {
            return AccessibleStep::Done(self.ended_text());
        }
        let said = self.answer_line(line.trim());
        // What a line changed is saved like a key's change (when due).
        self.session.tick();
        if self.session.is_over() {
            return AccessibleStep::Done(format!("{said}{}", self.ended_text()));
        }
        let mut out = self.news();
        out.push_str(&said);
        if self.session.flow().tab() != self.shown {
            out.push_str(&self.screen());
        }
        AccessibleStep::Ask(out)
    }

    /// Sends `command` as this front end and takes it at once; `Err` is the refusal.
    fn send(&mut self, command: ControlCommand) -> Result<(), String> {
        self.me.send(command).map_err(|e| e.to_string())?;
        let _ = self.session.pump_control();
        self.drain_events()
    }

    /// Empties this client's events; a refusal among them is returned.
    fn drain_events(&mut self) -> Result<(), String> {
        let mut refused = Ok(());
        while let Ok(Some(event)) = self.me.try_recv() {
            if let ControlEvent::Error { message, .. } = event {
                refused = Err(message);
            }
        }
        refused
    }

    /// Shows question `i` (the review for the number of questions).
    fn focus(&mut self, i: usize) {
        let form = self.session.form();
        let target = match form.questions.get(i) {
            Some(q) => FocusTarget::Question(q.id.clone()),
            None => FocusTarget::Review,
        };
        let _ = self.send(ControlCommand::Focus(target));
    }

    /// What changed from elsewhere (a control client, the browser, the clock) since the
    /// last text: a new notice line, and the question now shown.
    fn news(&mut self) -> String {
        let mut out = String::new();
        let notice = &self.session.flow().options().notice;
        if *notice != self.notice {
            if let Some(text) = notice {
                out.push_str(&text::clean(text));
                out.push('\n');
            }
            self.notice.clone_from(notice);
        }
        out
    }

    /// The text for the current tab: a question, or the review.
    fn screen(&mut self) -> String {
        self.shown = self.session.flow().tab();
        let view = self.session.view();
        match self.shown {
            Tab::Question(i) => text::question(&view, i, self.session.flow()),
            Tab::Review => text::review(&view, self.session.flow()),
        }
    }

    /// The title, the number of questions and the current screen.
    fn opening(&mut self) -> String {
        let mut out = String::new();
        if let Some(title) = &self.session.form().title {
            out.push_str(&text::clean(title));
            out.push('\n');
        }
        let n = self.session.form().questions.len();
        let count = (Msg::AccessibleCountOne, Msg::AccessibleCountOther);
        out.push_str(&self.locale().plural(n as u64, count, &[("n", &n)]));
        out.push('\n');
        out.push_str(&self.screen());
        out
    }

    /// How the form ended, in a line: sent, elaborated, cancelled, timed out, or answered
    /// elsewhere.
    pub fn ended_text(&self) -> String {
        let Some(result) = self.session.result() else {
            return format!("{}\n", self.t(Msg::AccessibleCancelled));
        };
        let d = &result.details;
        let msg = match d.answered_via {
            _ if d.timed_out => Msg::AccessibleTimedOut,
            Some(AnsweredVia::Browser) => Msg::TermAnsweredBrowser,
            Some(AnsweredVia::Control) => Msg::TermAnsweredControl,
            _ if d.cancelled => Msg::AccessibleCancelled,
            _ if d.elaboration.is_some() => Msg::AccessibleElaborated,
            _ => Msg::AccessibleSubmitted,
        };
        format!("{}\n", self.t(msg))
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod typed_tests;

#[cfg(test)]
mod i18n_tests;
