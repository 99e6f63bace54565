//! Answering a terminal form from elsewhere: the control socket (`--control PATH`) and
//! the browser form (`--web`, `--web-only`). Both drive the same `ask_host::Session`
//! through its control handles; the terminal loop (or, without a terminal, the headless
//! loop here) pumps them.

#[cfg(unix)]
mod socket;
#[cfg(not(unix))]
mod socket_windows;
mod web;

use std::net::SocketAddr;
use std::path::PathBuf;

pub(crate) use web::link;

use ask_contract::result::{AnsweredVia, AskResult};
use ask_host::Session;

use crate::exit::CliError;
#[cfg(unix)]
use socket::ControlSocket;
#[cfg(not(unix))]
use socket_windows::ControlSocket;

/// The flags that open a form to other front ends.
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct RemoteArgs {
    /// While the form is open, listen on a Unix socket at PATH (on Windows a named pipe,
    /// \\.\pipe\NAME) for a program to drive it: JSON lines both ways, versioned
    /// ({"v": 1, ...}); events started, changed, completed, folded, error; commands answer
    /// (the --answers shape), submit, elaborate, cancel, focus, unfold. The first to end
    /// the form wins.
    /// The Unix socket is made owner-only and removed when the form ends. `ask schema
    /// --control` prints the protocol's schema.
    #[arg(long, value_name = "PATH")]
    pub(crate) control: Option<PathBuf>,
    /// With --control: the peek key (alt+o) hands the terminal back to the program that
    /// started ask instead of folding the form to one line, so that program can draw its
    /// own screen (a chat host gives the rows back to the conversation). ask erases its
    /// rows, leaves raw mode, stops reading keys and sends {"v": 1, "type": "folded"};
    /// a client's {"v": 1, "type": "unfold"} takes the terminal back. Commands, signals and
    /// the idle timeout still work meanwhile.
    #[arg(long, requires = "control")]
    pub(crate) host_peek: bool,
    /// Also serve the form to a browser at ADDR (default 127.0.0.1:0, a free loopback
    /// port). The link (with a secret token, good for this form only, reusable to reopen
    /// the page; keep it private) shows in the form's notice line and in
    /// `$ASK_NOTIFY_URL` for notification commands. Both sides answer the same form; the
    /// first to submit wins. 0.0.0.0:PORT serves every network (a warning says so).
    /// Example: --web or --web=0.0.0.0:8765
    #[arg(long, value_name = "ADDR", num_args = 0..=1, require_equals = true,
          default_missing_value = "127.0.0.1:0")]
    pub(crate) web: Option<SocketAddr>,
    /// Answer in the browser only, with no terminal (hosts without a tty): the link is
    /// printed on stderr. Implies --web (at its default address unless given).
    #[arg(long)]
    pub(crate) web_only: bool,
    /// With --web or --web-only: open the link in the default browser.
    #[arg(long)]
    pub(crate) open: bool,
    /// With --web or --web-only: draw the link as a QR code (for a phone on the same
    /// network; pair it with --web=0.0.0.0:PORT).
    #[arg(long)]
    pub(crate) qr: bool,
}

impl RemoteArgs {
    /// The address to serve the browser form on, when one is wanted.
    fn web_addr(&self) -> Option<SocketAddr> {
        self.web
            .or_else(|| self.web_only.then(|| SocketAddr::from(([127, 0, 0, 1], 0))))
    }
}

/// The open remote front ends of one form; dropping it closes them (and removes the
/// socket file).
pub(crate) struct Remote {
    _socket: Option<ControlSocket>,
    web: Option<ask_web::WebServer>,
}

impl Remote {
    /// Opens what `args` asks for on `session`. The browser link goes into the form's
    /// notice line; with `--qr` its QR code and with `--web-only` the link itself are
    /// written to `say` (the terminal before the form opens, or stderr).
    pub(crate) fn start(
        args: &RemoteArgs,
        session: &mut Session,
        say: &mut dyn std::io::Write,
    ) -> Result<Self, CliError> {
        let socket = match &args.control {
            Some(path) => Some(ControlSocket::bind(path, session.controller())?),
            None => None,
        };
        let web = match args.web_addr() {
            Some(addr) => {
                let server = web::start(addr, session)?;
                let url = server.url().to_owned();
                let locale = session.flow().locale();
                session.command(ask_state::Command::SetNotice(Some(
                    locale.format(ask_host::i18n::Msg::NoticeBrowser, &[("url", &url)]),
                )));
                if args.qr
                    && let Some(code) = web::qr(&url)
                {
                    let _ = writeln!(say, "{code}");
                    if server.local_addr().ip().is_loopback() {
                        let _ = writeln!(say, "{}", web::loopback_warning(&url, locale));
                    }
                }
                if args.web_only || args.qr {
                    let _ = writeln!(
                        say,
                        "{}",
                        locale.format(ask_host::i18n::Msg::TermBrowserLink, &[("url", &url)])
                    );
                }
                if args.open {
                    web::open_browser(&url);
                }
                Some(server)
            }
            None => None,
        };
        Ok(Self {
            _socket: socket,
            web,
        })
    }

    /// True when the browser server was shut by wrong links (ten wrong tokens).
    pub(crate) fn web_shut(&self) -> bool {
        self.web
            .as_ref()
            .is_some_and(|w| w.is_stopped() && w.closed_by_wrong_links())
    }

    /// Tells every client how the form ended (also when it ended outside the flow).
    pub(crate) fn finish(self, session: &mut Session, result: &AskResult) {
        session.close_control(result);
        // Give the client threads a moment to write `completed` before the sockets close.
        drop(self);
    }
}

/// How a headless form ended.
pub(crate) struct Headless {
    /// The result (the cancelled one when ended from outside).
    pub(crate) result: AskResult,
    /// The session, for its draft.
    pub(crate) session: Session,
    /// The flow ended it (a person or a client), not a signal or a shut link.
    pub(crate) by_flow: bool,
}

/// `--web-only`: no terminal; the session is driven by the browser (and any control
/// client) until the form ends or a signal arrives.
pub(crate) fn headless(
    args: &RemoteArgs,
    mut session: Session,
    signals: &ask_host::term::Signals,
) -> Result<Headless, CliError> {
    let remote = Remote::start(args, &mut session, &mut std::io::stderr())?;
    // Woken, not polled: commands wake the session through its control channel, a
    // signal or a shut browser server through `Controller::wake`. Nothing here reads
    // keys, so the settings file is not polled either (its edits apply to the next form).
    session.set_settings_watched(true);
    let controller = session.controller();
    signals.wake_on_signal({
        let controller = controller.clone();
        move || controller.wake()
    });
    let mut shut = false;
    let ended = session.run_headless(|| {
        shut = remote.web_shut();
        signals.terminated().is_some() || shut
    });
    let result = match ended {
        Some(result) => result,
        None if shut && signals.terminated().is_none() => {
            let text = format!(
                "The browser form was closed after {} wrong links (something on this \
                 machine, or a web page open in a browser here, may have been guessing its \
                 address); the user could not answer. The answers given before are in \
                 details. Ask again if you still need them.",
                ask_web::MAX_WRONG_TOKENS
            );
            crate::exit::warn(&format!(
                "the browser form was closed after {} wrong links; the form is cancelled",
                ask_web::MAX_WRONG_TOKENS
            ));
            let mut result = session.cancelled();
            result.content = vec![ask_contract::result::TextContent::text(text)];
            result
        }
        None => session.cancelled(),
    };
    let by_flow = session.result().is_some();
    remote.finish(&mut session, &result);
    Ok(Headless {
        result,
        session,
        by_flow,
    })
}

/// The line a terminal shows when the form was answered elsewhere.
pub(crate) fn answered_elsewhere(
    result: &AskResult,
    locale: ask_host::i18n::Locale,
) -> Option<&'static str> {
    use ask_host::i18n::Msg;
    match result.details.answered_via? {
        AnsweredVia::Browser => Some(locale.text(Msg::TermAnsweredBrowser)),
        AnsweredVia::Control => Some(locale.text(Msg::TermAnsweredControl)),
        _ => None,
    }
}

/// The controlling terminal for a few lines before the form opens (the link's QR
/// code), or stderr without one.
pub(crate) fn terminal_writer() -> Box<dyn std::io::Write> {
    let path = if cfg!(windows) { "CONOUT$" } else { "/dev/tty" };
    match std::fs::OpenOptions::new().write(true).open(path) {
        Ok(tty) => Box::new(tty),
        Err(_) => Box::new(std::io::stderr()),
    }
}

/// Writes `line` on the controlling terminal (after the form closed and the terminal was
/// restored), so the person at the terminal learns where the form went.
pub(crate) fn tell_terminal(line: &str) {
    use std::io::Write;
    let path = if cfg!(windows) { "CONOUT$" } else { "/dev/tty" };
    if let Ok(mut tty) = std::fs::OpenOptions::new().write(true).open(path) {
        let _ = writeln!(tty, "ask: {line}");
    }
}
