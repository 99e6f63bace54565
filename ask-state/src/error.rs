//! The crate's error type.

/// Errors of this crate.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// Scripted answers that do not fit the form; every mismatch is listed.
    #[error("scripted answers do not fit the form: {}", .problems.join("; "))]
    AnswersMismatch {
        /// One message per mismatch, naming the question and the value.
        problems: Vec<String>,
    },
    /// A saved draft does not fit this form; the flow starts fresh.
    #[error("the saved draft does not fit this form ({why}); starting fresh")]
    DraftMismatch {
        /// Why it does not fit.
        why: String,
    },
}
