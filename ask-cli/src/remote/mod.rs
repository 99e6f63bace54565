//! Answering a terminal form from elsewhere: the control socket (`--control PATH`).
//! Both drive the same `ask_host::Session` through its control handles; the terminal
//! loop pumps them.

#[cfg(unix)]
mod socket;
#[cfg(not(unix))]
mod socket_windows;

use std::path::PathBuf;

use ask_contract::{AnsweredVia, AskResult};
use ask_host::Session;

use crate::exit::CliError;
#[cfg(unix)]
use socket::ControlSocket;
#[cfg(not(unix))]
use socket_windows::ControlSocket;

/// The flags that open a form to other front ends.
#[derive(Debug, Clone, Default, clap::Args)]
pub(crate) struct RemoteArgs {
    /// While the form is open, listen on a Unix socket at PATH for a program to drive
    /// it: JSON lines both ways, versioned ({"v": 1, ...}); events started, changed,
    /// completed, error; commands answer (the --answers shape), submit, elaborate,
    /// cancel, focus. The first to end the form wins. The socket is made owner-only and
    /// removed when the form ends. `ask schema --control` prints the protocol's schema.
    #[arg(long, value_name = "PATH")]
    pub(crate) control: Option<PathBuf>,
}

/// The open remote front ends of one form; dropping it closes them (and removes the
/// socket file).
pub(crate) struct Remote {
    _socket: Option<ControlSocket>,
}

impl Remote {
    /// Opens what `args` asks for on `session`.
    pub(crate) fn start(args: &RemoteArgs, session: &mut Session) -> Result<Self, CliError> {
        let socket = match &args.control {
            Some(path) => Some(ControlSocket::bind(path, session.controller())?),
            None => None,
        };
        Ok(Self { _socket: socket })
    }

    /// Tells every client how the form ended (also when it ended outside the flow).
    pub(crate) fn finish(self, session: &mut Session, result: &AskResult) {
        session.close_control(result);
        // Give the client threads a moment to write `completed` before the sockets close.
        drop(self);
    }
}

/// The line a terminal shows when the form was answered elsewhere.
pub(crate) fn answered_elsewhere(result: &AskResult) -> Option<&'static str> {
    match result.details.answered_via? {
        AnsweredVia::Browser => Some("answered in the browser"),
        AnsweredVia::Control => Some("answered by a control client"),
        _ => None,
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
