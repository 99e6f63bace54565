//! The form as one MCP elicitation (form mode), and the reply back as a result.
//!
//! The mapping is ask-contract's [`ElicitationRequest`] (the same code that reads an
//! MCP request as a form for `ask run --elicitation`, in the other direction): per
//! question `qNN_answer` (a choice, a list of choices, or the typed value: a string with
//! `minLength`/`maxLength`/`format`, a number or integer with `minimum`/`maximum`, a
//! boolean for yes or no; `default` for typed questions), `qNN_custom` ("Type your own" on
//! questions that show that row), `qNN_note`, and a last, required `submit_as` (`submit`
//! or `elaborate`). [`reply_result`] reads the client's reply as the scripted answers of
//! `ask run --answers` and builds the result with [`ask_state::scripted_result`], so its
//! details are exactly those of `ask run --answers` for the same choices.
//!
//! What an elicitation form cannot express: option notes (only the question note is
//! asked), switching a question's type (single as multi), `@` file completion, the
//! settings overlay and the idle timeout. Decline and cancel give the cancelled result.
//!
//! ```
//! use ask_contract::{AskParams, QuestionParams};
//! use ask_mcp::elicit;
//! use serde_json::json;
//!
//! let form = AskParams::new()
//!     .question(QuestionParams::new("db", "Which database?").options([("pg", "PostgreSQL"), ("lite", "SQLite")]))
//!     .validate()?;
//! let request = elicit::request(&form);
//! assert_eq!(request.requested_schema()["properties"]["q01_answer"]["oneOf"][0]["const"], "pg");
//!
//! let reply = elicit::Reply::Accept(json!({"q01_answer": "lite", "submit_as": "submit"}));
//! let result = elicit::reply_result(&request, &reply)?;
//! assert_eq!(result.details.answers["db"].values, ["lite"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ask_contract::{AskForm, AskResult};
use serde_json::Value;

pub use ask_contract::{ElicitationFields, ElicitationRequest, SUBMIT_AS_PROPERTY};

use crate::error::Error;
use crate::outcome::cancelled_result;

/// What the client answered to an elicitation request.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// `accept` with its `content`.
    Accept(Value),
    /// `decline`: the person said no.
    Decline,
    /// `cancel`: the person dismissed the request.
    Cancel,
}

/// The elicitation request for `form` ([`ElicitationRequest::for_form`]).
pub fn request(form: &AskForm) -> ElicitationRequest {
    ElicitationRequest::for_form(form)
}

/// The result for a reply to `request`: accepted content as the scripted answers would
/// give it, decline and cancel as the cancelled result.
pub fn reply_result(request: &ElicitationRequest, reply: &Reply) -> Result<AskResult, Error> {
    match reply {
        Reply::Decline | Reply::Cancel => Ok(cancelled_result(request.form())),
        Reply::Accept(content) => {
            let answers = request.answers(content).map_err(|err| Error::ElicitReply {
                problems: err.issues().iter().map(ToString::to_string).collect(),
            })?;
            ask_state::scripted_result(request.form(), &answers).map_err(|err| Error::ElicitReply {
                problems: vec![err.to_string()],
            })
        }
    }
}
