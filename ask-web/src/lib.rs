#![doc = include_str!("../README.md")]

mod api;
mod assets;
mod browser;
mod error;
mod guard;
mod listen;
mod page;
#[cfg(test)]
mod router_tests;
mod server;

/// The view model the page draws, computed by the session in ask-host (one view for every
/// front end: the page, the control channel's events, the MCP App, the pi bridge).
pub use ask_host::view::{
    Blocked, FormState, InputControl, InputView, OptionView, PAGE_TEXTS, QuestionView, ViewModel,
    page_texts,
};
pub use assets::app_page;
pub use browser::{can_open_browser, open_browser};
pub use error::WebError;
pub use server::{WebOptions, WebServer};

/// Wrong link tokens (or session cookies) after which the server shuts its listener.
pub const MAX_WRONG_TOKENS: u32 = guard::MAX_WRONG_TOKENS;
