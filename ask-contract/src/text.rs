//! Agent-facing texts and the result constructors that use them.

use std::fmt::Write as _;

pub use crate::message::{MessageKind, REPLAY_TEXT, RESUME_TEXT, message_text};
pub use crate::outcome::NEEDS_INPUT_INSTRUCTION;

use crate::form::{AskForm, QuestionType};
use crate::issue::Issue;
use crate::result::{
    AskDetails, AskResult, ElaborationItem, ElaborationTarget, ErrorKind, Mode, NeedsInput,
    PayloadError, TextContent,
};

/// Text of a cancelled flow.
pub const CANCELLED_TEXT: &str = "User cancelled the ask flow.";

/// First line of a flow that timed out.
pub const TIMED_OUT_TEXT: &str = "User did not answer in time: the ask flow closed after the idle timeout and nothing was chosen on their behalf.";

/// Text of a timed-out flow: [`TIMED_OUT_TEXT`], then what was answered before it closed
/// (one line per answer and note) or that nothing was.
pub fn timed_out_text(details: &AskDetails) -> String {
    let lines = answer_lines(details, |_| true);
    let mut out = String::from(TIMED_OUT_TEXT);
    if lines.is_empty() {
        out.push_str("\nNo question was answered.");
    } else {
        out.push_str("\nAnswered before the timeout:");
        for line in lines {
            out.push('\n');
            out.push_str(&line);
        }
    }
    out
}

/// Text of a submit with no answers at all.
pub const EMPTY_SUBMIT_TEXT: &str = "User submitted the ask flow without answering.";

/// The instruction carried by every elaboration.
pub const ELABORATION_INSTRUCTION: &str = "Answer the user's clarification notes directly first. \
Notes are questions or comments, not final answers. If a choice is still needed afterwards, \
re-ask only the affected questions with another structured ask_user call (bundle 2-3 related \
questions), and keep the preserved answers without asking them again.";

/// `Invalid ask_user payload:` followed by one `- <path>: <message>` line per issue.
pub fn invalid_payload_text(issues: &[Issue]) -> String {
    let mut out = String::from("Invalid ask_user payload:");
    for issue in issues {
        let _ = write!(out, "\n- {}: {}", issue.path, issue.message);
    }
    out
}

/// The non-interactive fallback: every pending question with its options and values.
pub fn non_interactive_text(form: &AskForm) -> String {
    let count = form.questions.len();
    let mut out = format!(
        "Needs user input: no interactive UI is available, so {count} question{} could not be asked. \
Ask the user directly and continue with their answers.",
        if count == 1 { "" } else { "s" }
    );
    if let Some(title) = &form.title {
        let _ = write!(out, "\nTitle: {title}");
    }
    for (n, q) in form.questions.iter().enumerate() {
        let _ = write!(out, "\n{}. {}: {}", n + 1, q.label, q.prompt);
        for option in &q.options {
            let _ = write!(out, "\n   - {} [{}]", option.label, option.value);
        }
        let custom = if q.freeform {
            "Type your answer"
        } else {
            "Type your own"
        };
        let _ = write!(out, "\n   - {custom} [custom]");
    }
    out.push_str(
        "\ndetails.questions holds the normalized pending questions; details.answers stays empty until the user responds.",
    );
    out
}

/// One line per answer, note and option note, questions in order.
pub fn submit_text(details: &AskDetails) -> String {
    let lines = answer_lines(details, |_| true);
    if lines.is_empty() {
        return EMPTY_SUBMIT_TEXT.to_owned();
    }
    lines.join("\n")
}

/// How answer lines name their question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Naming {
    /// `<label>: <answers>`, `<label> note: ...`, `<label> / <option> note: ...`: the tool
    /// result, read by the model that wrote the labels.
    Label,
    /// `<prompt> -> <answers>`, then `  note: ...` and `  <option> note: ...`: a user
    /// message, where a label such as `Q4` means nothing.
    Prompt,
}

/// Lines `<label>: <answers>`, `<label> note: ...`, `<label> / <option> note: ...`
/// for the answers whose question id passes `keep`.
fn answer_lines(details: &AskDetails, keep: impl Fn(&str) -> bool) -> Vec<String> {
    named_answer_lines(details, keep, Naming::Label)
}

/// The answer lines of `details` named the [`Naming`] way, for the question ids that
/// pass `keep`.
pub(crate) fn named_answer_lines(
    details: &AskDetails,
    keep: impl Fn(&str) -> bool,
    naming: Naming,
) -> Vec<String> {
    let mut lines = Vec::new();
    for q in &details.questions {
        let Some(answer) = details.answers.get(&q.id) else {
            continue;
        };
        if !keep(&q.id) {
            continue;
        }
        let answered = answer.labels.join(", ");
        match naming {
            Naming::Label if !answer.labels.is_empty() => {
                lines.push(format!("{}: {answered}", q.label));
            }
            Naming::Label => {}
            Naming::Prompt if answer.labels.is_empty() => {
                lines.push(format!("{} -> {NO_ANSWER}", q.prompt));
            }
            Naming::Prompt => lines.push(format!("{} -> {answered}", q.prompt)),
        }
        if let Some(note) = &answer.note {
            lines.push(match naming {
                Naming::Label => format!("{} note: {note}", q.label),
                Naming::Prompt => format!("  note: {note}"),
            });
        }
        for (value, note) in answer.option_notes.iter().flatten() {
            let option_label = answer
                .values
                .iter()
                .position(|v| v == value)
                .and_then(|i| answer.labels.get(i))
                .unwrap_or(value);
            lines.push(match naming {
                Naming::Label => format!("{} / {option_label} note: {note}", q.label),
                Naming::Prompt => format!("  {option_label} note: {note}"),
            });
        }
    }
    lines
}

/// What a prompt-named line says for a question that has only notes.
const NO_ANSWER: &str = "(no answer)";

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| format!("\"{s}\""))
}

/// How much of a question's prompt, and of its answer's labels, an elaboration line
/// quotes (bytes, cut at a character with `…`): the line names the question, which the
/// items carry in full, and a hundred notes on one long question stay a hundred short
/// lines.
const LINE_QUOTE_BYTES: usize = 256;

/// `s` quoted, cut to `max` bytes at a character (with `…`).
fn quoted_cut(s: &str, max: usize) -> String {
    if s.len() <= max {
        return quoted(s);
    }
    let mut cut = max;
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    quoted(&format!("{}…", s.get(..cut).unwrap_or_default()))
}

fn item_line(item: &ElaborationItem) -> String {
    let mut line = format!(
        "User asked to elaborate on question {}",
        quoted_cut(&item.question.prompt, LINE_QUOTE_BYTES)
    );
    if let (ElaborationTarget::Option { .. }, Some(option)) = (&item.target, &item.option) {
        let _ = write!(
            line,
            " option {}",
            quoted_cut(&option.label, LINE_QUOTE_BYTES)
        );
    }
    if let Some(answer) = item.answer.as_ref().filter(|a| a.is_committed()) {
        let _ = write!(
            line,
            " after current answer {}",
            quoted_cut(&answer.labels.join(", "), LINE_QUOTE_BYTES)
        );
    }
    let _ = write!(line, " with note {}", quoted(&item.note));
    line
}

/// The elaborate text: one direct line per note (or per answered question when
/// there are no notes), the answers to keep, then the instruction.
pub fn elaborate_text(details: &AskDetails) -> String {
    elaborate_text_named(details, Naming::Label)
}

/// [`elaborate_text`] with the answers to keep named the [`Naming`] way.
pub(crate) fn elaborate_text_named(details: &AskDetails, naming: Naming) -> String {
    let mut lines: Vec<String> = Vec::new();
    let items = details
        .elaboration
        .as_ref()
        .map(|e| e.items.as_slice())
        .unwrap_or_default();
    if items.is_empty() {
        for q in &details.questions {
            if let Some(answer) = details.answers.get(&q.id).filter(|a| a.is_committed()) {
                lines.push(format!(
                    "User asked to elaborate on question {} after current answer {}",
                    quoted(&q.prompt),
                    quoted(&answer.labels.join(", "))
                ));
            }
        }
        if lines.is_empty() {
            lines.push("User asked to elaborate on the ask flow.".to_owned());
        }
    } else {
        lines.extend(items.iter().map(item_line));
        if let Some(continuation) = &details.continuation {
            let preserved: Vec<String> = named_answer_lines(
                details,
                |id| continuation.preserved_answers.contains_key(id),
                naming,
            );
            if !preserved.is_empty() {
                lines.push("Answers to keep (do not re-ask):".to_owned());
                lines.extend(preserved.into_iter().map(|l| format!("- {l}")));
            }
        }
    }
    if let Some(elaboration) = &details.elaboration {
        lines.push(String::new());
        lines.push(elaboration.instruction.clone());
    }
    lines.join("\n")
}

impl From<crate::ContractError> for AskResult {
    /// [`AskResult::from_error`]: a payload that failed to parse becomes the cancelled
    /// `invalid_input` result an agent expects (`parse_params(..).unwrap_or_else(AskResult::from)`
    /// in a host that answers with a result either way).
    fn from(err: crate::ContractError) -> Self {
        Self::from_error(&err)
    }
}

impl AskResult {
    /// The result for an invalid payload: cancelled, `error.kind = invalid_input`.
    pub fn invalid(issues: Vec<Issue>) -> Self {
        let text = invalid_payload_text(&issues);
        Self {
            content: vec![TextContent::text(text)],
            details: AskDetails {
                cancelled: true,
                error: Some(PayloadError {
                    kind: ErrorKind::InvalidInput,
                    issues,
                }),
                ..AskDetails::default()
            },
        }
    }

    /// The result for any [`ContractError`](crate::ContractError): [`AskResult::invalid`] with the error's
    /// issues, or, for an error without a list of issues (a pattern that cannot be
    /// checked), one issue at `payload` saying what was wrong.
    pub fn from_error(err: &crate::ContractError) -> Self {
        let issues = match err.issues() {
            [] => vec![crate::Issue::new("payload", err.to_string())],
            issues => issues.to_vec(),
        };
        Self::invalid(issues)
    }

    /// The result when no interactive UI is available: cancelled, empty answers.
    pub fn non_interactive(form: &AskForm) -> Self {
        Self {
            content: vec![TextContent::text(non_interactive_text(form))],
            details: AskDetails {
                cancelled: true,
                needs_input: Some(NeedsInput::for_form(form)),
                ..AskDetails::for_form(form)
            },
        }
    }

    /// Wraps finished details with the text that matches them: cancel text,
    /// elaborate lines, or the submit summary.
    pub fn from_details(details: AskDetails) -> Self {
        let text = if let Some(error) = &details.error {
            invalid_payload_text(&error.issues)
        } else if details.timed_out {
            timed_out_text(&details)
        } else if details.cancelled {
            CANCELLED_TEXT.to_owned()
        } else if details.mode == Mode::Elaborate {
            with_presentation_note(elaborate_text(&details), &details)
        } else {
            with_presentation_note(submit_text(&details), &details)
        };
        Self {
            content: vec![TextContent::text(text)],
            details,
        }
    }

    /// The first text block, or an empty string.
    pub fn text(&self) -> &str {
        self.content.first().map_or("", |c| c.text.as_str())
    }
}

/// The last line of the content text when an answered question was presented as another
/// type than requested.
pub const PRESENTED_AS_MULTI_NOTE: &str =
    "Note: Some questions were presented as multi-select by user preference.";

/// Like [`PRESENTED_AS_MULTI_NOTE`], for questions switched to single-select or preview.
pub const PRESENTED_AS_SINGLE_NOTE: &str =
    "Note: Some questions were presented as single-select by user preference.";

pub(crate) fn with_presentation_note(mut text: String, details: &AskDetails) -> String {
    let answered_as = |multi: bool| {
        details.questions.iter().any(|q| {
            q.presented_type
                .is_some_and(|t| (t == QuestionType::Multi) == multi)
                && details.answers.contains_key(&q.id)
        })
    };
    for (multi, note) in [
        (true, PRESENTED_AS_MULTI_NOTE),
        (false, PRESENTED_AS_SINGLE_NOTE),
    ] {
        if answered_as(multi) {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(note);
        }
    }
    text
}
