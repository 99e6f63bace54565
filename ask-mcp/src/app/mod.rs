//! `ask_user` as an MCP App (the `io.modelcontextprotocol/ui` extension, 2026-01-26).
//!
//! When a client declares the extension (with the `text/html;profile=mcp-app` type),
//! `ask_user` names the resource [`RESOURCE_URI`] in its `_meta.ui`, and the app-only
//! tool [`APP_TOOL`] is listed beside it. The resource is the browser form's own page
//! ([`ask_web::app_page`]): the client draws it in a sandboxed frame while the
//! `ask_user` call stays pending, and the page sends the person's commands back as
//! `ask_app` calls through the client. The form itself runs here, on an
//! `ask_host::Session` built as the browser form's is, headless; its result is the
//! call's result, with `answeredVia: "app"`. Why this flow (and not a result that carries
//! the UI and a follow-up call, or MRTR): ARCHITECTURE.md, "The MCP App".

mod command;
mod forms;

use rmcp::model::{ClientCapabilities, JsonObject, MetaObject, Tool};
use serde_json::{Value, json};

pub(crate) use forms::{AppPresenter, Apps};

/// The extension's identifier in `capabilities.extensions`.
pub(crate) const EXTENSION: &str = "io.modelcontextprotocol/ui";
/// The MIME type of an MCP App's HTML.
pub(crate) const MIME_TYPE: &str = "text/html;profile=mcp-app";
/// The form's page as a resource.
pub(crate) const RESOURCE_URI: &str = "ui://ask/form.html";
/// The app-only tool the page calls (through the client) to open its form, send
/// commands and have typed input checked.
pub(crate) const APP_TOOL: &str = "ask_app";

/// True when `caps` declare the extension with the HTML type (an extension entry
/// without `mimeTypes` counts: HTML is the one type the extension defines).
pub(crate) fn declares(caps: &ClientCapabilities) -> bool {
    caps.extensions
        .as_ref()
        .and_then(|e| e.get(EXTENSION))
        .is_some_and(|settings| match settings.get("mimeTypes") {
            Some(Value::Array(types)) => types.iter().any(|t| t.as_str() == Some(MIME_TYPE)),
            Some(_) => false,
            None => true,
        })
}

fn object(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// The tools a client that declared the extension sees: `ask_user` naming the page,
/// and [`APP_TOOL`], visible to the app only.
pub(crate) fn tools(ask_user: Tool) -> Vec<Tool> {
    let mut ask_user = ask_user;
    let mut meta = ask_user.meta.take().map(|m| m.0).unwrap_or_default();
    meta.insert("ui".into(), json!({ "resourceUri": RESOURCE_URI }));
    ask_user.meta = Some(MetaObject(meta));
    let mut app = Tool::new(
        APP_TOOL,
        "The ask_user form's page (an MCP App) opening its form and sending the person's \
         answers. Called by the page only.",
        std::sync::Arc::new(object(json!({
            "type": "object",
            "properties": {
                "open": {"type": "object", "description": "The ask_user arguments the page was shown for."},
                "token": {"type": "string", "description": "The form's token, from open."},
                "command": {"type": "object", "description": "A control-protocol command (as `ask run --control` reads)."}
            },
            "additionalProperties": false
        }))),
    );
    app.meta = Some(MetaObject(object(json!({
        "ui": { "resourceUri": RESOURCE_URI, "visibility": ["app"] }
    }))));
    vec![ask_user, app]
}

/// `resources/list` for a client that declared the extension: the page.
pub(crate) fn resources_json() -> Value {
    json!({
        "resources": [{
            "uri": RESOURCE_URI,
            "name": "ask_user form",
            "title": "Ask the user",
            "description": "The form ask_user shows: the questions, their options and previews, notes, Submit, Elaborate and Cancel.",
            "mimeType": MIME_TYPE
        }]
    })
}

/// `resources/read` of [`RESOURCE_URI`]: the page in the system language (the view
/// switches to the form's), with no domain to reach (the extension's restrictive
/// default) and a border asked for. `None` for another URI.
pub(crate) fn read_json(uri: &str) -> Option<Value> {
    if uri != RESOURCE_URI {
        return None;
    }
    let locale = ask_host::setup::Setup::new()
        .system_locale_from(|name| std::env::var(name).ok())
        .locale();
    Some(json!({
        "contents": [{
            "uri": RESOURCE_URI,
            "mimeType": MIME_TYPE,
            "text": ask_web::app_page(locale),
            "_meta": { "ui": { "csp": {}, "prefersBorder": true } }
        }]
    }))
}

impl crate::server::AskServer {
    /// True when this call's client is shown the app: it declared the extension (in its
    /// MCP 2025-11-25 session, or in a 2026-07-28 request's capabilities), and the server
    /// runs `--ui auto` with its own presenters.
    pub(crate) fn offers_app(&self, caps: &crate::caps::RequestCaps) -> bool {
        let shared = self.shared();
        caps.app && shared.options.ui == crate::Ui::Auto && shared.kit.is_some()
    }

    /// The tools `caps`' client sees.
    pub(crate) fn tools_for(&self, caps: &crate::caps::RequestCaps) -> Vec<Tool> {
        if self.offers_app(caps) {
            tools(crate::tool::tool())
        } else {
            vec![crate::tool::tool()]
        }
    }

    /// Answers one `ask_user` call of a client shown the app: the app first, then the
    /// surfaces `--ui auto` tries for any client.
    pub(crate) async fn ask_in_app(
        &self,
        arguments: Value,
        client: String,
        cancel: tokio_util::sync::CancellationToken,
        peer: Option<rmcp::Peer<rmcp::RoleServer>>,
        progress: Option<impl Fn(usize, usize, Option<&str>) + Send + Sync>,
    ) -> ask_contract::result::AskResult {
        let form =
            match ask_contract::parse_params(&arguments, ask_contract::ParseOptions::default()) {
                Ok(form) => form,
                Err(err) => return ask_contract::result::AskResult::invalid(err.issues().to_vec()),
            };
        let shared = self.shared();
        let app = AppPresenter {
            apps: std::sync::Arc::clone(&shared.apps),
            config: shared.options.config.clone(),
        };
        let mut presenters: Vec<&dyn crate::present::Presenter> = vec![&app];
        presenters.extend(shared.presenters.iter().map(AsRef::as_ref));
        self.ask_with(form, &presenters, client, cancel, peer, progress)
            .await
            .unwrap_or_else(|form| crate::outcome::no_form_result(&form))
    }

    /// One `ask_app` call (an error for a client that is not shown the app).
    pub(crate) async fn call_app(
        &self,
        arguments: Option<JsonObject>,
        caps: &crate::caps::RequestCaps,
    ) -> Result<rmcp::model::CallToolResult, rmcp::ErrorData> {
        if !self.offers_app(caps) {
            return Err(rmcp::ErrorData::invalid_params(
                format!("unknown tool {APP_TOOL:?}; this server has one tool, \"ask_user\""),
                None,
            ));
        }
        let arguments = arguments.unwrap_or_default();
        Ok(command::handle(&self.shared().apps, &arguments).await)
    }
}

/// `resources/list`: the page for a client shown the app, nothing for another.
pub(crate) fn list_resources(
    offered: bool,
) -> Result<rmcp::model::ListResourcesResult, rmcp::ErrorData> {
    let json = if offered {
        resources_json()
    } else {
        json!({"resources": []})
    };
    serde_json::from_value(json)
        .map_err(|err| rmcp::ErrorData::internal_error(err.to_string(), None))
}

/// `resources/read`: the page, for a client shown the app.
pub(crate) fn read_resource(
    offered: bool,
    uri: &str,
) -> Result<rmcp::model::ReadResourceResponse, rmcp::ErrorData> {
    let Some(json) = read_json(uri).filter(|_| offered) else {
        return Err(rmcp::ErrorData::resource_not_found(
            format!(
                "no resource {uri:?}; the one resource is {RESOURCE_URI:?}, for a client that declared {EXTENSION}"
            ),
            None,
        ));
    };
    let result: rmcp::model::ReadResourceResult = serde_json::from_value(json)
        .map_err(|err| rmcp::ErrorData::internal_error(err.to_string(), None))?;
    Ok(result.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(value: Value) -> ClientCapabilities {
        serde_json::from_value(value).expect("capabilities")
    }

    #[test]
    fn the_extension_counts_only_with_the_html_type() {
        assert!(declares(&caps(
            json!({"extensions": {EXTENSION: {"mimeTypes": [MIME_TYPE]}}})
        )));
        assert!(declares(&caps(json!({"extensions": {EXTENSION: {}}}))));
        assert!(!declares(&caps(
            json!({"extensions": {EXTENSION: {"mimeTypes": ["text/uri-list"]}}})
        )));
        assert!(!declares(&caps(json!({"elicitation": {}}))));
    }

    #[test]
    fn ask_user_names_the_page_and_the_app_tool_is_for_the_app_only() {
        let tools = tools(crate::tool::tool());
        let json = serde_json::to_value(&tools).expect("tools");
        assert_eq!(json[0]["name"], "ask_user");
        assert_eq!(json[0]["_meta"]["ui"]["resourceUri"], RESOURCE_URI);
        assert_eq!(json[1]["name"], APP_TOOL);
        assert_eq!(json[1]["_meta"]["ui"]["visibility"], json!(["app"]));
    }

    #[test]
    fn the_resource_is_the_page_with_the_extension_type_and_no_domains() {
        let read = read_json(RESOURCE_URI).expect("the page");
        let content = &read["contents"][0];
        assert_eq!(content["mimeType"], MIME_TYPE);
        assert_eq!(content["_meta"]["ui"]["csp"], json!({}));
        let html = content["text"].as_str().expect("text");
        assert!(html.starts_with("<!doctype html>") && html.contains(r#"{"app":true}"#));
        assert!(read_json("ui://other").is_none());
    }
}
