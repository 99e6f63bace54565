//! `ask_user` as a Model Context Protocol server, for every harness that speaks MCP.
//!
//! One tool, [`TOOL_NAME`] (`ask_user`): its input schema is the payload schema of
//! [`ask_contract`], its output schema the result `details` ([`OUTPUT_SCHEMA`]). A call
//! returns the same text `ask run` writes as `content` and `details` as
//! `structuredContent` ([`call_result`]). Forms reach the person through a
//! [`Presenter`](present::Presenter): a tmux popup over the harness's pane, a launcher
//! command, the browser form (served from this process by `ask-web`, its link handed to
//! the client by URL-mode elicitation or opened here), the client's own form (MCP elicitation, mapped by the pure functions of
//! [`elicit`]), the controlling terminal when asked, or not at all (the "Needs user
//! input" result). Calls queue: one form at a time.
//!
//! The async runtime stays in this crate: [`serve_stdio`] and [`serve_http`] block on
//! their own single-threaded tokio runtime.
//!
//! ```
//! use ask_contract::payload::{AskParams, QuestionParams};
//!
//! // The tool a client lists.
//! let tool = ask_mcp::tool();
//! assert_eq!(tool.name, "ask_user");
//! assert_eq!(tool.annotations.as_ref().and_then(|a| a.read_only_hint), Some(true));
//!
//! // A form as the client's own form (elicitation), and its reply as the result.
//! let form = AskParams::new()
//!     .question(QuestionParams::new("db", "Which database?").options([("pg", "PostgreSQL"), ("lite", "SQLite")]))
//!     .validate()?;
//! let request = ask_mcp::elicit::request(&form);
//! let reply = ask_mcp::elicit::Reply::Accept(serde_json::json!({"q01_answer": "pg"}));
//! let result = ask_mcp::elicit::reply_result(&request, &reply)?;
//! let call = ask_mcp::call_result(&result);
//! assert_eq!(call.structured_content.unwrap()["answers"]["db"]["values"][0], "pg");
//! assert!(request.message().contains("one question"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod app;
pub mod auto;
mod caps;
pub mod elicit;
mod error;
mod http;
mod lines;
mod mrtr;
mod outcome;
pub mod present;
mod round;
mod serve;
mod server;
mod sessions;
mod tasks;
mod tool;

pub use error::Error;
pub use http::{
    HttpOptions, MAX_BODY_BYTES, MCP_PATH, SESSION_IDLE, new_token, parse_addr, serve_http,
};
pub use mrtr::INPUT_KEY;
pub use mrtr::state::{KEY_FILE, STATE_TTL};
pub use outcome::{
    LINK_INSTRUCTION, NO_FORM_HINT, call_result, cancelled_result, link_result, no_form_result,
    progress_message, read_result,
};
pub use round::MAX_ROUNDS;
pub use serve::{SHUTDOWN_GRACE, serve_stdio};
pub use server::{AskServer, PROGRESS_INTERVAL, ServerOptions, Ui};
pub use tasks::TASKS_DIR;
pub use tool::{
    INSTRUCTIONS, OUTPUT_SCHEMA, TOOL_DESCRIPTION, TOOL_NAME, input_schema, output_schema, tool,
};
