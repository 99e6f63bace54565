//! Tool results: an [`AskResult`] as an MCP `CallToolResult`, and the results the server
//! makes itself (no form could open, a form that ended without writing a result).

use ask_contract::{
    AskForm,
    result::{AskDetails, AskResult},
};
use rmcp::model::{CallToolResult, ContentBlock};

/// The line the server adds to the "Needs user input" text when no form could open, so
/// the model can tell the person what would open one.
pub(crate) const NO_FORM_HINT: &str = "No form could open from this MCP server: run the harness \
inside tmux 3.3 or later (a popup opens over it), set \"mcp\": {\"launch\": \"CMD\"} in the \
ask settings file or start the server with --launch CMD (a terminal command that runs the \
form), or use a client that supports MCP elicitation (URL mode gets the browser form, form \
mode the client's own form); `ask mcp --ui auto` tries them in that order, and `--ui web` \
serves the browser form and prints its link on stderr.";

/// The message of a progress notification: `N of M answered`, and where the form has a
/// link (the browser form), `; answer in your browser: URL`. Clients such as Claude Code
/// hide the server's stderr, so this is how the person sees the link.
pub(crate) fn progress_message(answered: usize, total: usize, link: Option<&str>) -> String {
    match link {
        Some(url) => format!("{answered} of {total} answered; answer in your browser: {url}"),
        None => format!("{answered} of {total} answered"),
    }
}

/// The MCP result of one finished call.
///
/// `content` is exactly one text block with the same text `ask run` writes (what pi
/// sends to its model); `structuredContent` is `details`. An invalid payload is a tool
/// error (`isError: true`) whose `structuredContent` still holds `details`, with the
/// issues under `error.issues`; cancelled and timed-out forms are ordinary results.
pub(crate) fn call_result(result: &AskResult) -> CallToolResult {
    let content = result
        .content
        .iter()
        .map(|block| ContentBlock::text(block.text.clone()))
        .collect();
    let mut out = if result.details.error.is_some() {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    };
    out.structured_content = serde_json::to_value(&result.details).ok();
    out
}

/// The result when no form could open: the "Needs user input" result (cancelled,
/// `outcome: "needs_input"`, the pending questions in `details.needsInput`) with
/// [`NO_FORM_HINT`] as its last line and as `details.needsInput.hint`, since some clients
/// give their model only `structuredContent`.
pub(crate) fn no_form_result(form: &AskForm) -> AskResult {
    let mut result = AskResult::non_interactive(form);
    if let Some(block) = result.content.first_mut() {
        block.text.push('\n');
        block.text.push_str(NO_FORM_HINT);
    }
    result.details.needs_input = result
        .details
        .needs_input
        .take()
        .map(|needs| needs.with_hint(NO_FORM_HINT));
    result
}

/// The first words of the instruction of [`link_result`].
pub(crate) const LINK_INSTRUCTION: &str = "The questions were not answered yet: they wait in a browser \
form this MCP server serves on the user's computer (needsInput.url). Give the user that link \
and ask them to answer there; once they say they are done, call ask_user again with exactly \
the same arguments to receive their answers. If they cannot open it, ask them directly \
(needsInput.questions holds each question with its options) and continue with their answers.";

/// The result when the browser form's link can reach the person only through the
/// model (`--ui web`, a client without URL-mode elicitation, no browser to open here):
/// the "Needs user input" result (cancelled, `outcome: "needs_input"`) whose
/// `details.needsInput.url` is the link and whose instruction ([`LINK_INSTRUCTION`])
/// says to hand it over and call again with the same arguments for the answers.
pub(crate) fn link_result(form: &AskForm, url: &str) -> AskResult {
    let mut result = AskResult::non_interactive(form);
    if let Some(block) = result.content.first_mut() {
        block.text = format!(
            "Answer in a browser: {url}\n{LINK_INSTRUCTION}\n\n{}",
            block.text
        );
    }
    result.details.needs_input = result.details.needs_input.take().map(|mut needs| {
        LINK_INSTRUCTION.clone_into(&mut needs.instruction);
        needs.with_url(url)
    });
    result
}

/// The cancelled result of a form that ended without writing one (its window was
/// closed, the launcher failed): nothing answered, nothing chosen for the user.
pub(crate) fn cancelled_result(form: &AskForm) -> AskResult {
    AskResult::from_details(AskDetails::for_form(form).with_cancelled(true))
}

/// A result read back from a form's output file, when it belongs to `form` (the same
/// questions in the same order); anything else is `None`.
pub(crate) fn read_result(text: &str, form: &AskForm) -> Option<AskResult> {
    let result: AskResult = serde_json::from_str(text).ok()?;
    let same = result.details.questions.len() == form.questions.len()
        && result
            .details
            .questions
            .iter()
            .zip(&form.questions)
            .all(|(summary, question)| summary.id == question.id);
    (same && result.content.iter().all(|c| c.kind == "text")).then_some(result)
}
