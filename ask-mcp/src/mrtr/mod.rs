//! Multi round-trip requests (MCP 2026-07-28): a `tools/call ask_user` that needs the
//! person answers `input_required` with one elicitation input request under the key
//! [`INPUT_KEY`] and a sealed `requestState`; the client shows it and calls again with
//! the same arguments, the state and `inputResponses`.
//!
//! The form mode is ask-contract's mapping ([`ElicitationRequest`]), the same one the
//! 2025-11-25 `elicitation/create` uses; the reply is read by the same code, so accept,
//! decline and cancel give the same results, with `answeredVia: "host"`. A reply that
//! does not fit the requested schema is never accepted: the form is asked again, the
//! problem first in its message. The URL mode hands out the browser form's loopback
//! link; its answers reach our web server, and the retry waits for them.

pub(crate) mod state;

use ask_contract::{
    AskForm,
    elicitation::ElicitationRequest,
    result::{AnsweredVia, AskResult},
};
use rmcp::model::{ElicitRequest, InputRequest, InputRequests, InputRequiredResult};
use serde::Deserialize as _;
use serde_json::{Value, json};

use crate::elicit::{self, Reply};
use crate::outcome::cancelled_result;

/// The key of the one input request (and of its response).
pub(crate) const INPUT_KEY: &str = "ask_user";

/// What the client answered for [`INPUT_KEY`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Response {
    /// An elicitation result: accept (with content), decline or cancel.
    Reply(Reply),
    /// Nothing under [`INPUT_KEY`], or not an elicitation result: why.
    Unusable(String),
}

/// Reads `inputResponses[INPUT_KEY]`.
pub(crate) fn read_response(responses: Option<&rmcp::model::InputResponses>) -> Response {
    let Some(value) = responses.and_then(|r| r.get(INPUT_KEY)) else {
        return Response::Unusable(format!(
            "the retry carried no inputResponses[{INPUT_KEY:?}] (the reply to the form)"
        ));
    };
    match value.get("action").and_then(Value::as_str) {
        Some("accept") => Response::Reply(Reply::Accept(
            value.get("content").cloned().unwrap_or_else(|| json!({})),
        )),
        Some("decline") => Response::Reply(Reply::Decline),
        Some("cancel") => Response::Reply(Reply::Cancel),
        Some(other) => Response::Unusable(format!(
            "the reply's action {other:?} is not accept, decline or cancel"
        )),
        None => Response::Unusable("the reply has no action (accept, decline or cancel)".into()),
    }
}

/// The result of a reply to the client's own form, or the problems that send the
/// form back to the person (content that breaks the requested schema).
pub(crate) fn form_reply(form: &AskForm, reply: &Reply) -> Result<AskResult, Vec<String>> {
    let request = elicit::request(form);
    let mut result = match reply {
        Reply::Decline | Reply::Cancel => cancelled_result(form),
        Reply::Accept(_) => elicit::reply_result(&request, reply).map_err(|err| match err {
            crate::Error::ElicitReply { problems } => problems,
            other => vec![other.to_string()],
        })?,
    };
    result.details.answered_via = Some(AnsweredVia::Host);
    Ok(result)
}

/// The form-mode input request for `form`, `problem` (why it is asked again) leading
/// its message; `None` when the form does not map to an elicitation schema.
///
/// The request is read once from the JSON text of the mapping
/// ([`ElicitationRequest::requested_schema_text`], made once with the mapping): no copy
/// of the schema as a `Value` is made or walked on the way (a 30x40 form's schema is
/// about 130 KB; copying and converting it took most of the call's time).
pub(crate) fn form_request(form: &AskForm, problem: Option<&str>) -> Option<InputRequests> {
    let request = ElicitationRequest::for_form(form);
    let message = Value::String(with_problem(request.message(), problem));
    let text = format!(
        "{{\"method\":\"elicitation/create\",\"params\":{{\"mode\":\"form\",\"message\":{message},\"requestedSchema\":{}}}}}",
        request.requested_schema_text()
    );
    // Read as the elicitation request it is, not as rmcp's untagged `InputRequest`,
    // which would first copy the whole text into a buffer to try each kind in turn.
    let request: ElicitRequest = serde_json::from_str(&text).ok()?;
    Some(InputRequests::from([(
        INPUT_KEY.to_owned(),
        InputRequest::Elicitation(request),
    )]))
}

/// The URL-mode input request: the browser form's `url`.
pub(crate) fn link_request(
    form: &AskForm,
    url: &str,
    elicitation_id: &str,
    problem: Option<&str>,
) -> Option<InputRequests> {
    let message = with_problem(&crate::present::url_message(form), problem);
    input_requests(&json!({
        "method": "elicitation/create",
        "params": {"mode": "url", "message": message, "url": url, "elicitationId": elicitation_id},
    }))
}

/// `input_required` with `requests` and the sealed `state`.
pub(crate) fn input_required(requests: InputRequests, state: String) -> InputRequiredResult {
    InputRequiredResult::new(Some(requests), Some(state))
}

fn with_problem(message: &str, problem: Option<&str>) -> String {
    match problem {
        Some(problem) => format!("{problem}\n\n{message}"),
        None => message.to_owned(),
    }
}

fn input_requests(request: &Value) -> Option<InputRequests> {
    let request = InputRequest::deserialize(request).ok()?;
    Some(InputRequests::from([(INPUT_KEY.to_owned(), request)]))
}

#[cfg(test)]
mod tests {
    use super::{Response, form_reply, form_request, read_response};
    use crate::elicit::Reply;
    use ask_contract::{
        payload::{AskParams, QuestionParams},
        result::AnsweredVia,
    };
    use serde_json::json;

    fn form() -> ask_contract::AskForm {
        AskParams::new()
            .question(
                QuestionParams::new("db", "Which database?")
                    .options([("pg", "PostgreSQL"), ("lite", "SQLite")]),
            )
            .validate()
            .unwrap()
    }

    #[test]
    fn the_form_request_is_the_shared_mapping_and_the_problem_leads_the_message() {
        let requests = form_request(&form(), Some("q01_answer: not an option")).unwrap();
        let value = serde_json::to_value(&requests["ask_user"]).unwrap();
        assert_eq!(value["method"], "elicitation/create");
        assert_eq!(value["params"]["mode"], "form");
        assert_eq!(
            value["params"]["requestedSchema"],
            *ask_contract::elicitation::ElicitationRequest::for_form(&form()).requested_schema()
        );
        assert!(
            value["params"]["message"]
                .as_str()
                .unwrap()
                .starts_with("q01_answer: not an option")
        );
    }

    #[test]
    fn replies_map_as_the_session_path_does_with_answered_via_host() {
        let reply = Reply::Accept(json!({"q01_answer": "lite"}));
        let result = form_reply(&form(), &reply).unwrap();
        let request = crate::elicit::request(&form());
        let mut session = crate::elicit::reply_result(&request, &reply).unwrap();
        session.details.answered_via = Some(AnsweredVia::Host);
        assert_eq!(result, session);
        let declined = form_reply(&form(), &Reply::Decline).unwrap();
        assert!(declined.details.cancelled);
        assert!(form_reply(&form(), &Reply::Accept(json!({"q01_answer": "mysql"}))).is_err());
    }

    #[test]
    fn responses_without_the_key_or_an_action_are_unusable() {
        assert!(matches!(read_response(None), Response::Unusable(_)));
        let odd =
            std::collections::BTreeMap::from([("ask_user".to_owned(), json!({"action": "maybe"}))]);
        assert!(matches!(read_response(Some(&odd)), Response::Unusable(m) if m.contains("maybe")));
        let ok = std::collections::BTreeMap::from([(
            "ask_user".to_owned(),
            json!({"action": "decline"}),
        )]);
        assert_eq!(read_response(Some(&ok)), Response::Reply(Reply::Decline));
    }
}
