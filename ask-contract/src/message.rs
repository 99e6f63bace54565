//! Answers sent back as a user message instead of a tool result: a host's commands
//! (`/answer`, a replay, a form reopened after the host stopped) give the model answers
//! it did not ask for in this turn, so each line names its question by the question
//! itself, and a first line says why the answers come now.

use crate::result::{AskDetails, Mode};
use crate::text::{
    EMPTY_SUBMIT_TEXT, Naming, elaborate_text_named, named_answer_lines, with_presentation_note,
};

/// Why answers go back as a user message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MessageKind {
    /// Questions found in the agent's last message and answered in a form (`/answer`).
    Answer,
    /// A form answered again (a replay): the answers replace the earlier ones.
    Replay,
    /// An `ask_user` call whose form was still open when the host stopped, answered
    /// after it came back.
    Resume,
}

/// The first line of a replay's message.
pub const REPLAY_TEXT: &str =
    "These answers replace the ones given earlier for the same questions.";

/// The first line of the message for a form left open when the host stopped.
pub const RESUME_TEXT: &str = "These are the answers to your ask_user questions, which were still open when the session stopped.";

/// The user message for the answers in `details` (a submitted or elaborated result):
/// one `<question> -> <answers>` line per question (notes under it), or the elaborate
/// text with its instruction; a replay starts with [`REPLAY_TEXT`], a resumed form with
/// [`RESUME_TEXT`].
///
/// ```
/// use ask_contract::text::{MessageKind, REPLAY_TEXT, message_text};
///
/// let details = serde_json::from_value(serde_json::json!({
///     "cancelled": false, "mode": "submit",
///     "questions": [{"id": "db", "label": "Q4", "prompt": "Which database?", "type": "single"}],
///     "answers": {"db": {"values": ["lite"], "labels": ["SQLite"], "indices": [2]}}}))?;
/// assert_eq!(message_text(&details, MessageKind::Answer), "Which database? -> SQLite");
/// assert_eq!(
///     message_text(&details, MessageKind::Replay),
///     format!("{REPLAY_TEXT}\nWhich database? -> SQLite")
/// );
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn message_text(details: &AskDetails, kind: MessageKind) -> String {
    let body = if details.mode == Mode::Elaborate {
        elaborate_text_named(details, Naming::Prompt)
    } else {
        let lines = named_answer_lines(details, |_| true, Naming::Prompt);
        if lines.is_empty() {
            EMPTY_SUBMIT_TEXT.to_owned()
        } else {
            lines.join("\n")
        }
    };
    let body = with_presentation_note(body, details);
    match kind {
        MessageKind::Answer => body,
        MessageKind::Replay => format!("{REPLAY_TEXT}\n{body}"),
        MessageKind::Resume => format!("{RESUME_TEXT}\n{body}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn details(value: serde_json::Value) -> AskDetails {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn lines_name_the_questions_and_keep_notes_under_them() {
        let d = details(json!({"cancelled": false, "mode": "submit",
            "questions": [
                {"id": "db", "label": "Q4", "prompt": "Which database?", "type": "single"},
                {"id": "f", "label": "Q5", "prompt": "Which features?", "type": "multi"},
                {"id": "n", "label": "Q6", "prompt": "Anything else?", "type": "single"}],
            "answers": {
                "db": {"values": ["lite"], "labels": ["SQLite"], "indices": [2],
                       "note": "small", "optionNotes": {"lite": "one file"}},
                "f": {"values": ["a", "b"], "labels": ["Auth", "Billing"], "indices": [1, 2]},
                "n": {"values": [], "labels": [], "indices": [], "note": "ask me later"}}}));
        assert_eq!(
            message_text(&d, MessageKind::Answer),
            "Which database? -> SQLite\n  note: small\n  SQLite note: one file\n\
             Which features? -> Auth, Billing\nAnything else? -> (no answer)\n  note: ask me later"
        );
        let resumed = message_text(&d, MessageKind::Resume);
        assert!(resumed.starts_with(RESUME_TEXT), "{resumed}");
        assert!(!resumed.contains("Q4"), "{resumed}");
    }

    #[test]
    fn an_empty_submit_and_an_elaboration_read_as_in_the_tool_result() {
        let empty = details(json!({"cancelled": false, "mode": "submit",
            "questions": [{"id": "db", "label": "Q1", "prompt": "Which?", "type": "single"}],
            "answers": {}}));
        assert_eq!(
            message_text(&empty, MessageKind::Replay),
            format!("{REPLAY_TEXT}\n{EMPTY_SUBMIT_TEXT}")
        );
        let elaborate = details(json!({"cancelled": false, "mode": "elaborate",
            "questions": [
                {"id": "db", "label": "Q1", "prompt": "Which database?", "type": "single"},
                {"id": "c", "label": "Q2", "prompt": "Cache reads?", "type": "single"}],
            "answers": {"c": {"values": ["y"], "labels": ["Yes"], "indices": [1]}},
            "continuation": {"strategy": "refine_only", "affectedQuestionIds": [],
                "preservedAnswers": {"c": {"values": ["y"], "labels": ["Yes"], "indices": [1]}},
                "questionStates": {}},
            "elaboration": {"instruction": "Answer the notes.", "nextAction": "clarify",
                "items": []}}));
        let text = message_text(&elaborate, MessageKind::Answer);
        assert!(
            text.contains("question \"Cache reads?\" after current answer \"Yes\""),
            "{text}"
        );
        assert!(!text.contains("Q2"), "{text}");
        assert!(text.ends_with("Answer the notes."), "{text}");
    }
}
