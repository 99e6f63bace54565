//! The client's own form: one MCP elicitation (form mode) for the whole form.

use rmcp::model::{ElicitRequestParams, ElicitationAction, ElicitationSchema};

use super::{BoxFuture, Call, Presented, Presenter};
use crate::elicit::{self, Reply};
use crate::outcome::cancelled_result;

/// Asks through `elicitation/create` when the client declared form elicitation.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ElicitPresenter;

impl Presenter for ElicitPresenter {
    fn name(&self) -> &'static str {
        "elicit"
    }

    fn present<'a>(&'a self, call: &'a Call) -> BoxFuture<'a, Presented> {
        Box::pin(async move {
            let Some(peer) = &call.peer else {
                return Presented::Unavailable("no client to ask".into());
            };
            let declared = peer.peer_info().is_some_and(|info| {
                info.capabilities
                    .elicitation
                    .as_ref()
                    .is_some_and(|e| e.form.is_some() || e.url.is_none())
            });
            if !declared {
                return Presented::Unavailable(
                    "the client did not declare form elicitation".into(),
                );
            }
            let request = elicit::request(&call.form);
            let schema: ElicitationSchema =
                match serde_json::from_str(request.requested_schema_text()) {
                    Ok(schema) => schema,
                    Err(err) => {
                        return Presented::Unavailable(format!(
                            "the form does not map to an elicitation schema: {err}"
                        ));
                    }
                };
            let params = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: request.message().to_owned(),
                requested_schema: schema,
            };
            let reply = tokio::select! {
                reply = peer.create_elicitation(params) => reply,
                () = call.cancel.cancelled() => return Presented::Done(Box::new(cancelled_result(&call.form))),
            };
            let reply = match reply {
                Ok(result) => match result.action {
                    ElicitationAction::Accept => Reply::Accept(result.content.unwrap_or_default()),
                    ElicitationAction::Decline => Reply::Decline,
                    _ => Reply::Cancel,
                },
                Err(err) => {
                    return Presented::Unavailable(format!(
                        "the client's elicitation failed: {err}"
                    ));
                }
            };
            match elicit::reply_result(&request, &reply) {
                Ok(result) => Presented::Done(Box::new(result)),
                Err(err) => {
                    let mut result = cancelled_result(&call.form);
                    if let Some(block) = result.content.first_mut() {
                        block.text = format!("{} ({err})", block.text);
                    }
                    Presented::Done(Box::new(result))
                }
            }
        })
    }
}
