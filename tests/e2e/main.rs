//! End-to-end tests: one integration-test binary, modules per area. Every test
//! runs the real `ask` binary (see `support` for how it is found and built).

mod accessible;
mod cli;
mod control;
mod crossterm_host;
mod doc_captures;
mod draft;
mod draft_keep;
mod early_keys;
mod examples;
mod extract;
mod files;
mod filter;
mod flow;
mod host_peek;
mod idle;
mod inline;
mod input_limits;
mod keyboard;
mod locale;
mod mcp;
mod notify;
mod output;
mod pty;
mod pty_gone;
mod pty_signals;
mod result_signals;
mod script_table;
mod session;
mod settings_docs;
// The FIFO and device helpers of ask-keymap's write-through tests (kept in that package,
// whose packaged tests must not read outside it).
#[path = "../../ask-settings/tests/special_files.rs"]
mod special_files;
mod support;
mod surfaces;
mod timeout;
mod tokio_host;
mod typed;
mod web;
