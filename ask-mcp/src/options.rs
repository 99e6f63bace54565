//! What the server is told at start: `--ui` ([`Ui`]) and the rest of its options
//! ([`ServerOptions`]).

use std::path::PathBuf;

use crate::present::Tmux;

/// `--ui`: how forms reach the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Ui {
    /// The first that works: popup, launch, the browser form by URL-mode elicitation,
    /// the client's own form (form-mode elicitation), the browser opened here (when this
    /// machine has a desktop), none.
    #[default]
    Auto,
    /// The tmux popup only.
    Popup,
    /// The launcher only.
    Launch,
    /// The browser form only: its link by URL-mode elicitation when the client declared
    /// it, else the browser opened here and the link announced.
    Web,
    /// The client's elicitation only.
    Elicit,
    /// The controlling terminal.
    Tty,
    /// No form: the "Needs user input" result.
    None,
}

impl Ui {
    /// The `--ui` spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Auto => "auto",
            Self::Popup => "popup",
            Self::Launch => "launch",
            Self::Web => "web",
            Self::Elicit => "elicit",
            Self::Tty => "tty",
            Self::None => "none",
        }
    }
}

/// Everything the server needs to know, fixed at start ([`ServerOptions::from_env`]).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ServerOptions {
    /// How forms reach the person.
    pub ui: Ui,
    /// The launcher command (`--launch` or the setting `mcp.launch`).
    pub launch: Option<String>,
    /// The `ask` binary the popup, launcher and tty forms run.
    pub ask_bin: PathBuf,
    /// The settings file given to every form (`--config`), when one was named.
    pub config: Option<PathBuf>,
    /// Where drafts, tasks and the request-state key live: `$XDG_STATE_HOME/ask-user/mcp`
    /// (else `~/.local/state/ask-user/mcp`, else the temporary folder).
    pub state_dir: PathBuf,
    /// The tmux the server runs in (`$TMUX`, `$TMUX_PANE`), if any.
    pub(crate) tmux: Option<Tmux>,
    /// Called with the browser form's link when the browser is opened here (the binary
    /// prints it on stderr, for a person without a desktop browser).
    pub announce_link: Option<fn(&str)>,
    /// Called with a line naming the surface a call is asked through (and why one was
    /// passed over); the binary prints it on stderr.
    pub announce_surface: Option<fn(&str)>,
    /// Run an ask as a task (answer later) when the request declares the tasks
    /// extension (`--answer-later`). Off by default: `ask_user` is a question the agent
    /// waits for, and a client that declares tasks (Claude Code 2.1.332 does) otherwise
    /// tells its model to carry on without the answer.
    pub answer_later: bool,
}

impl ServerOptions {
    /// Options for forms shown through `ui` by `ask_bin`, with the state folder and the
    /// tmux pane read from the environment through `env` (`$XDG_STATE_HOME`, `$HOME`,
    /// `$TMUX`, `$TMUX_PANE`); no launcher, no settings file, no announcements.
    pub fn from_env(ui: Ui, ask_bin: PathBuf, env: impl Fn(&str) -> Option<String>) -> Self {
        Self {
            ui,
            launch: None,
            ask_bin,
            config: None,
            state_dir: crate::present::state_dir(&env),
            tmux: Tmux::from_env(&env),
            announce_link: None,
            announce_surface: None,
            answer_later: false,
        }
    }
}

#[cfg(test)]
impl ServerOptions {
    /// A test's options: forms through `ui` by a binary named `ask`, the state in
    /// `state`, nothing read from the environment.
    pub(crate) fn testing(ui: Ui, state: &std::path::Path) -> Self {
        Self {
            state_dir: state.to_path_buf(),
            ..Self::from_env(ui, "ask".into(), |_| None)
        }
    }
}
