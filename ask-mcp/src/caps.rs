//! What one request declared: its protocol era, the client and its capabilities. A
//! 2026-07-28 request carries them in its own `_meta`
//! (`io.modelcontextprotocol/protocolVersion`, `clientInfo`, `clientCapabilities`) and
//! nothing else counts; a 2025-11-25 session declared them once, in `initialize`.

use rmcp::RoleServer;
use rmcp::model::{ClientCapabilities, Implementation, ProtocolVersion};
use rmcp::service::RequestContext;

use crate::auto::Declared;

/// One request's declarations.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct RequestCaps {
    /// The request named 2026-07-28 (or later) in its `_meta`: no session, MRTR.
    pub per_request: bool,
    /// The client's name (for the popup title).
    pub client: String,
    /// `name@version`, what a sealed state is bound to.
    pub client_id: String,
    /// The elicitation modes declared.
    pub declared: Declared,
    /// The tasks extension (`io.modelcontextprotocol/tasks`) declared.
    pub tasks: bool,
    /// The MCP Apps extension (`io.modelcontextprotocol/ui`) declared, with HTML.
    pub app: bool,
}

impl RequestCaps {
    /// The declarations `context` carries.
    pub(crate) fn of(context: &RequestContext<RoleServer>) -> Self {
        let per_request = context
            .meta
            .protocol_version()
            .is_some_and(|v| v.as_str() >= ProtocolVersion::V_2026_07_28.as_str());
        let (info, caps) = if per_request {
            (
                context.meta.client_info(),
                context.meta.client_capabilities(),
            )
        } else {
            let peer = context.peer.peer_info();
            (
                peer.as_ref().map(|p| p.client_info.clone()),
                peer.as_ref().map(|p| p.capabilities.clone()),
            )
        };
        Self::from_parts(per_request, info.as_ref(), caps.as_ref())
    }

    /// The declarations of a client `info` with capabilities `caps`.
    pub(crate) fn from_parts(
        per_request: bool,
        info: Option<&Implementation>,
        caps: Option<&ClientCapabilities>,
    ) -> Self {
        let elicitation = caps.and_then(|c| c.elicitation.as_ref());
        Self {
            per_request,
            client: info.map(|i| i.name.clone()).unwrap_or_default(),
            client_id: info
                .map(|i| format!("{}@{}", i.name, i.version))
                .unwrap_or_default(),
            declared: Declared {
                // An empty `elicitation: {}` means form mode (the spec's default).
                form: elicitation.is_some_and(|e| e.form.is_some() || e.url.is_none()),
                url: elicitation.is_some_and(|e| e.url.is_some()),
            },
            tasks: caps.is_some_and(ClientCapabilities::supports_tasks),
            app: caps.is_some_and(crate::app::declares),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RequestCaps;
    use rmcp::model::{ClientCapabilities, Implementation};
    use serde_json::json;

    fn caps(value: serde_json::Value) -> ClientCapabilities {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn modes_are_what_the_capabilities_say_and_empty_elicitation_is_form() {
        let info = Implementation::new("claude-code", "2.1.332");
        let empty =
            RequestCaps::from_parts(true, Some(&info), Some(&caps(json!({"elicitation": {}}))));
        assert!(empty.declared.form && !empty.declared.url);
        assert_eq!(empty.client_id, "claude-code@2.1.332");
        let url = RequestCaps::from_parts(
            true,
            Some(&info),
            Some(&caps(json!({"elicitation": {"url": {}}}))),
        );
        assert!(!url.declared.form && url.declared.url);
        let none = RequestCaps::from_parts(true, Some(&info), Some(&caps(json!({}))));
        assert_eq!(none.declared, crate::auto::Declared::default());
        assert!(!none.tasks);
    }

    #[test]
    fn the_tasks_extension_is_read_from_the_capabilities() {
        let with = caps(json!({"extensions": {"io.modelcontextprotocol/tasks": {}}}));
        assert!(RequestCaps::from_parts(true, None, Some(&with)).tasks);
    }
}
