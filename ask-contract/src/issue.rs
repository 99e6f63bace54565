//! Validation issues and the crate's error type.

use serde::{Deserialize, Serialize};

/// One problem found in a payload: where it is and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Issue {
    /// Location in the payload, such as `questions[0].options[2].preview`,
    /// or `payload` for the document as a whole.
    pub path: String,
    /// A short, human message that says what was expected.
    pub message: String,
}

impl Issue {
    /// Builds an issue from a path and a message.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Issue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Errors of this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ContractError {
    /// The payload broke one or more input rules; every issue is listed.
    #[error("invalid ask_user payload: {}", join_issues(.issues))]
    InvalidPayload {
        /// All issues found, in payload order.
        issues: Vec<Issue>,
    },
    /// An MCP elicitation request that cannot be shown as a form (paths such as
    /// `requestedSchema.properties.age.minimum`), or a result that would not validate
    /// against its schema (paths `content.<property>`).
    #[error("invalid elicitation: {}", join_issues(.issues))]
    InvalidElicitation {
        /// All issues found.
        issues: Vec<Issue>,
    },
    /// A `pattern` that cannot be checked ([`Pattern::new`](crate::rules::Pattern::new)): a
    /// syntax error, or what the supported dialect lacks (look-around, backreferences).
    #[error("pattern {pattern:?} cannot be checked: {reason}")]
    InvalidPattern {
        /// The pattern as given (its first 40 characters and `…` when it is longer than the
        /// 8 KiB a pattern may be).
        pattern: String,
        /// Why, in one line.
        reason: String,
    },
}

impl ContractError {
    /// The issues behind the error.
    pub fn issues(&self) -> &[Issue] {
        match self {
            Self::InvalidPayload { issues } | Self::InvalidElicitation { issues } => issues,
            Self::InvalidPattern { .. } => &[],
        }
    }
}

fn join_issues(issues: &[Issue]) -> String {
    issues
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}
