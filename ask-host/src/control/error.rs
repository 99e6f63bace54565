//! The control channel's error type.

/// Why a control command was refused (nothing changed), or a handle could not reach its
/// form. Each has a stable [`code`](ControlError::code) for the `error` event.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ControlError {
    /// The line is not a JSON object, or is too long.
    #[error("bad line: {0}")]
    BadLine(String),
    /// `v` is missing or not 1.
    #[error("protocol version {0} is not supported; send \"v\": 1")]
    UnsupportedVersion(String),
    /// `type` is missing or not a known command.
    #[error(
        "unknown command type {0}; expected \"answer\", \"submit\", \"elaborate\", \"cancel\", \"focus\" or \"unfold\""
    )]
    UnknownCommand(String),
    /// A known command with a missing or mistyped field.
    #[error("{0}")]
    BadCommand(String),
    /// The answers do not fit the form (as `ask run --answers` would report them).
    #[error("answers do not fit the form: {}", .0.join("; "))]
    BadAnswers(Vec<String>),
    /// `focus` named a question the form does not have.
    #[error("focus: unknown question id {0:?}; the form has {1:?}")]
    UnknownQuestion(String, Vec<String>),
    /// A command that ends the form (`submit`, `elaborate`, or `answer` with `mode`) could
    /// not end it: an answer breaks a rule of the form (too few choices on a multi-select
    /// question, a required question left open). Nothing changed; the text says what to fix.
    #[error("the form cannot end yet: {0}")]
    NotReady(String),
    /// The form had already ended (another side answered first).
    #[error("the form was already answered {}", via_words(.0.as_deref()))]
    AlreadyCompleted(Option<String>),
    /// The session is gone (the form ended and its host dropped it).
    #[error("the form is closed")]
    Disconnected,
}

impl ControlError {
    /// The code in the `error` event: `badLine`, `unsupportedVersion`, `unknownCommand`,
    /// `badCommand`, `badAnswers`, `unknownQuestion`, `notReady`, `alreadyCompleted` or
    /// `closed`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::BadLine(_) => "badLine",
            Self::UnsupportedVersion(_) => "unsupportedVersion",
            Self::UnknownCommand(_) => "unknownCommand",
            Self::BadCommand(_) => "badCommand",
            Self::BadAnswers(_) => "badAnswers",
            Self::UnknownQuestion(..) => "unknownQuestion",
            Self::NotReady(_) => "notReady",
            Self::AlreadyCompleted(_) => "alreadyCompleted",
            Self::Disconnected => "closed",
        }
    }
}

/// "in the terminal", "in the browser", "by a control client", "by scripted answers".
fn via_words(via: Option<&str>) -> &'static str {
    match via {
        Some("terminal") => "in the terminal",
        Some("browser") => "in the browser",
        Some("control") => "by a control client",
        Some("scripted") => "by scripted answers",
        Some("app") => "in the MCP client's app",
        _ => "(the form ended)",
    }
}
