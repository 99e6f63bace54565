//! `ask_user` as a Model Context Protocol server, for every harness that speaks MCP.
//!
//! One tool, `ask_user`: its input schema is the payload schema of
//! [`ask_contract`], its output schema the result `details`. A call
//! returns the same text `ask run` writes as `content` and `details` as
//! `structuredContent`. Forms reach the person through a
//! presenter: a tmux popup over the harness's pane, a launcher command, the browser form
//! (served from this process by `ask-web`, its link handed to the client by URL-mode
//! elicitation or opened here), the client's own form (MCP elicitation), the controlling
//! terminal when asked, or not at all (the "Needs user input" result). Calls queue: one
//! form at a time.
//!
//! The async runtime stays in this crate: [`serve_stdio`] and [`serve_http`] block on
//! their own single-threaded tokio runtime; [`serve_io`] runs on the caller's. Over HTTP
//! the MCP endpoint is an axum route behind `ask-web`'s guard (the browser form's token
//! policy). No type of the MCP library (rmcp) is in this crate's API.
//!
//! ```no_run
//! use ask_mcp::{ServerOptions, Ui};
//!
//! // The tool over stdio, forms in a tmux popup (when the server runs in tmux).
//! let ask = std::path::PathBuf::from("ask");
//! let options = ServerOptions::from_env(Ui::Popup, ask, |name| std::env::var(name).ok());
//! ask_mcp::serve_stdio(options)?;
//! # Ok::<(), ask_mcp::Error>(())
//! ```

mod app;
mod auto;
mod caps;
mod elicit;
mod error;
mod http;
mod lines;
mod mrtr;
mod options;
mod outcome;
mod present;
mod round;
mod serve;
mod server;
mod sessions;
mod tasks;
#[cfg(test)]
mod tests;
mod tool;

pub use error::Error;
pub use http::{HttpOptions, MCP_PATH, serve_http};
pub use options::{ServerOptions, Ui};
pub use serve::{serve_io, serve_stdio};

// What the tests reach from the crate root.
#[cfg(test)]
use {
    outcome::{NO_FORM_HINT, call_result, cancelled_result, no_form_result},
    server::AskServer,
    tasks::TASKS_DIR,
    tool::{INSTRUCTIONS, OUTPUT_SCHEMA, tool},
};
