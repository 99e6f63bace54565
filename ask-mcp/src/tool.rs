//! The one tool, `ask_user`: its name, description, schemas and annotations, and the
//! server's instructions. Pure data; the handler serves it.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};

/// The tool's name.
pub(crate) const TOOL_NAME: &str = "ask_user";

/// The JSON Schema of the result `details`: the tool's `outputSchema`, which every
/// `structuredContent` this server returns validates against.
pub(crate) const OUTPUT_SCHEMA: &str = include_str!("details.schema.json");

/// The server's `instructions` (sent in the `initialize` reply).
pub(crate) const INSTRUCTIONS: &str = "Call ask_user when the next step depends on a preference, a \
high-stakes choice or a missing requirement only the user can settle, bundling two or three \
related questions with concrete options and an honest recommended one. It blocks until the \
person answers in a form; read cancelled as \"do not re-ask now\" and mode \"elaborate\" as \
\"answer the notes first, then re-ask only continuation.affectedQuestionIds\".";

/// The tool description: the agent guidance of the bundled skill, condensed.
pub(crate) const TOOL_DESCRIPTION: &str = "\
Ask the user structured questions in a keyboard-first form and wait for their answers.

When to ask: the next step depends on something only the user can settle (a preference or \
policy, a high-stakes or hard-to-undo choice, a requirement with several readings, the few \
decisions at the start of a larger task). Do not ask what the code, docs or a quick \
experiment can answer, or what is cheap to change later.

How to ask: one decision per question, a prompt that stands on its own, a short label, two \
to four distinct options with stable values and the trade-off in description. Mark the \
option you recommend with \"recommended\": true (at most one on single or preview) instead \
of writing it into the label. Use multi when several options can apply together and preview \
only when every option has preview text worth comparing. Never add an \"Other\" option: every \
question has \"Type your own\". Bundle two or three related questions in one call rather \
than a chain of single-question calls.

Reading the result (structuredContent holds details): mode \"submit\": answers by question \
id (values, labels, customText); unanswered questions are absent. cancelled: true: the user \
dismissed the form (or timedOut: true, nobody answered in time): do not re-ask right away. \
mode \"elaborate\": notes are questions, not answers: answer each note in plain text first, \
keep continuation.preservedAnswers, then re-ask only continuation.affectedQuestionIds if a \
choice is still open. Notes on submitted answers are constraints: honour them. \"Needs user \
input\": no form could open; ask in plain text. \"Invalid ask_user payload\": fix the listed \
issues and call again.";

/// The `ask_user` tool definition: `inputSchema` is the payload schema
/// ([`ask_contract::payload::JSON_SCHEMA`], extensions included), `outputSchema` is
/// [`OUTPUT_SCHEMA`]; it is read-only and closed-world.
pub(crate) fn tool() -> Tool {
    let mut annotations = ToolAnnotations::new()
        .read_only(true)
        .destructive(false)
        .idempotent(false)
        .open_world(false);
    annotations.title = Some("Ask the user".to_owned());
    let mut tool = Tool::new(TOOL_NAME, TOOL_DESCRIPTION, input_schema());
    tool.title = Some("Ask the user".to_owned());
    tool.output_schema = Some(output_schema());
    tool.annotations = Some(annotations);
    tool
}

/// The payload schema as a JSON object.
pub(crate) fn input_schema() -> Arc<JsonObject> {
    Arc::new(schema_object(ask_contract::payload::JSON_SCHEMA))
}

/// [`OUTPUT_SCHEMA`] as a JSON object.
pub(crate) fn output_schema() -> Arc<JsonObject> {
    Arc::new(schema_object(OUTPUT_SCHEMA))
}

/// Both schemas are JSON documents compiled into the crate (and tested), so they
/// always parse; an empty object would only stand in if that ever broke.
fn schema_object(text: &str) -> JsonObject {
    serde_json::from_str(text).unwrap_or_default()
}
