//! Transcript texts for hosts: one summary of a tool call, one of its result.

use ask_contract::{
    result::{AskResult, Mode},
    text::{PRESENTED_AS_MULTI_NOTE, PRESENTED_AS_SINGLE_NOTE, elaborate_text},
};
use serde_json::Value;

use crate::sanitize::{sanitize, sanitize_line};
use crate::text::truncate;

/// Columns the label list of [`render_call`] is cut to.
const CALL_LABELS_WIDTH: usize = 50;

/// The one-line transcript of a tool call, from the raw (unvalidated) params:
/// `ask_user 2 questions (Database, Cache)`. Labels fall back to `Q1`, `Q2`...,
/// whitespace runs inside a label collapse to one space, and the joined label list
/// is cut to 50 columns. Params that are not a payload at all give
/// `ask_user (invalid input)`; this never fails.
///
/// ```
/// use ask_render::transcript::render_call;
/// use serde_json::json;
/// let params = json!({"questions": [{"id": "db", "label": "Database"}, {"id": "x"}]});
/// assert_eq!(render_call(&params), "ask_user 2 questions (Database, Q2)");
/// assert_eq!(render_call(&json!("nonsense")), "ask_user (invalid input)");
/// ```
pub fn render_call(params: &Value) -> String {
    let Some(questions) = params.get("questions").and_then(Value::as_array) else {
        return "ask_user (invalid input)".to_owned();
    };
    let count = questions.len();
    let noun = if count == 1 { "question" } else { "questions" };
    let labels: Vec<String> = questions
        .iter()
        .enumerate()
        .map(|(i, q)| {
            q.get("label")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map_or_else(
                    || format!("Q{}", i + 1),
                    |l| sanitize_line(&l.split_whitespace().collect::<Vec<_>>().join(" ")),
                )
        })
        .collect();
    if labels.is_empty() {
        return format!("ask_user {count} {noun}");
    }
    format!(
        "ask_user {count} {noun} ({})",
        truncate(&labels.join(", "), CALL_LABELS_WIDTH)
    )
}

/// Indents the continuation lines of a multi-line value.
fn indented(text: &str) -> String {
    sanitize(text).replace('\n', "\n    ")
}

/// The transcript line of a cancelled result: `Cancelled`, or with the host command that
/// reopens the form, `Cancelled - /ask:replay reopens it`.
pub fn cancelled_line(reopen: Option<&str>) -> String {
    match reopen {
        None => "Cancelled".to_owned(),
        Some(command) => format!("Cancelled - {} reopens it", sanitize_line(command)),
    }
}

/// The transcript of a tool result.
///
/// - invalid payload: `Invalid input` and one `  - path: message` line per issue;
/// - cancelled: `Cancelled`;
/// - elaborate: the elaboration lines of the agent text (without the instruction),
///   or `Elaboration requested` when there is nothing to list;
/// - submit: `✓ Label: answer` per answered question (`✓ Label: (wrote) text` when
///   the answer is only free-form text on a choice question), `  note: ...` and `  <option> note: ...`
///   lines, or `Submitted` when nothing was answered.
///
/// All text is sanitized.
pub fn render_result(result: &AskResult) -> String {
    let details = &result.details;
    if let Some(error) = &details.error {
        let mut lines = vec!["Invalid input".to_owned()];
        for issue in &error.issues {
            lines.push(format!(
                "  - {}: {}",
                sanitize_line(&issue.path),
                sanitize_line(&issue.message)
            ));
        }
        return lines.join("\n");
    }
    if details.cancelled {
        return cancelled_line(None);
    }
    if details.mode == Mode::Elaborate {
        let has_content = details
            .elaboration
            .as_ref()
            .is_some_and(|e| !e.items.is_empty())
            || details
                .answers
                .values()
                .any(ask_contract::result::Answer::is_committed);
        if !has_content {
            return "Elaboration requested".to_owned();
        }
        let mut text = elaborate_text(details);
        if let Some(instruction) = details.elaboration.as_ref().map(|e| e.instruction.as_str())
            && let Some(cut) = text.rfind(instruction)
        {
            text.truncate(cut);
        }
        let mut lines = vec![sanitize(text.trim_end()).into_owned()];
        push_presentation_notes(result, &mut lines);
        return lines.join("\n");
    }
    let mut lines = Vec::new();
    for q in &details.questions {
        let Some(answer) = details.answers.get(&q.id) else {
            continue;
        };
        let label = sanitize_line(&q.label);
        if answer.is_committed() {
            // Typed questions (a `value`) are answered by typing: no "(wrote)" marker.
            let wrote_only =
                answer.indices.is_empty() && answer.custom_text.is_some() && answer.value.is_none();
            let value = if wrote_only {
                format!(
                    "(wrote) {}",
                    indented(answer.custom_text.as_deref().unwrap_or_default())
                )
            } else {
                indented(&answer.labels.join(", "))
            };
            lines.push(format!("✓ {label}: {value}"));
        } else {
            lines.push(format!("• {label}: (no answer)"));
        }
        if let Some(note) = &answer.note {
            lines.push(format!("  note: {}", indented(note)));
        }
        for (value, note) in answer.option_notes.iter().flatten() {
            let option = answer
                .values
                .iter()
                .position(|v| v == value)
                .and_then(|k| answer.labels.get(k))
                .unwrap_or(value);
            lines.push(format!(
                "  {} note: {}",
                sanitize_line(option),
                indented(note)
            ));
        }
    }
    if lines.is_empty() {
        lines.push("Submitted".to_owned());
    }
    push_presentation_notes(result, &mut lines);
    lines.join("\n")
}

/// The `Note: Some questions were presented as ...` lines the content text carries, so the
/// transcript says it too.
fn push_presentation_notes(result: &AskResult, lines: &mut Vec<String>) {
    let text = result.text();
    for note in [PRESENTED_AS_MULTI_NOTE, PRESENTED_AS_SINGLE_NOTE] {
        if text.lines().any(|l| l == note) {
            lines.push(note.to_owned());
        }
    }
}
