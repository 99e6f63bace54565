//! The form as one MCP elicitation (form mode), and the reply back as a result.
//!
//! The mapping is ask-contract's [`ElicitationRequest`] (the same code that reads an
//! MCP request as a form for `ask run --elicitation`, in the other direction): one field
//! per question, `qNN_answer` (a choice, a list of choices, yes or no as a choice, or the
//! typed value: a string with `minLength`/`maxLength`/`format`, a number or integer with
//! `minimum`/`maximum`; `default` for typed questions only), none required and no choice
//! preset, and a last, optional note for the agent (`to_agent`: writing one makes the
//! result `elaborate`). [`reply_result`] reads the client's reply as the scripted answers
//! of `ask run --answers` and builds the result with [`ask_state::scripted::scripted_result`], so its
//! details are exactly those of `ask run --answers` for the same choices.
//!
//! What an elicitation form cannot express: option notes and one note per question (the
//! one note goes with the first unanswered question), "Type your own" beside a choice
//! (written in the note instead), switching a question's type (single as multi), `@` file
//! completion, the settings overlay and the idle timeout. Decline and cancel give the
//! cancelled result.

use ask_contract::{AskForm, result::AskResult};
use serde_json::Value;

pub(crate) use ask_contract::elicitation::ElicitationRequest;

use crate::error::Error;
use crate::outcome::cancelled_result;

/// What the client answered to an elicitation request.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Reply {
    /// `accept` with its `content`.
    Accept(Value),
    /// `decline`: the person said no.
    Decline,
    /// `cancel`: the person dismissed the request.
    Cancel,
}

/// The elicitation request for `form` ([`ElicitationRequest::for_form`]).
pub(crate) fn request(form: &AskForm) -> ElicitationRequest {
    ElicitationRequest::for_form(form)
}

/// The result for a reply to `request`: accepted content as the scripted answers would
/// give it, decline and cancel as the cancelled result.
pub(crate) fn reply_result(
    request: &ElicitationRequest,
    reply: &Reply,
) -> Result<AskResult, Error> {
    match reply {
        Reply::Decline | Reply::Cancel => Ok(cancelled_result(request.form())),
        Reply::Accept(content) => {
            let answers = request.answers(content).map_err(|err| Error::ElicitReply {
                problems: err.issues().iter().map(ToString::to_string).collect(),
            })?;
            ask_state::scripted::scripted_result(request.form(), &answers).map_err(|err| {
                Error::ElicitReply {
                    problems: vec![err.to_string()],
                }
            })
        }
    }
}
