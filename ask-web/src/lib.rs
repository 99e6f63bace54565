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

pub use assets::app_page;
pub use browser::{can_open_browser, open_browser};
pub use error::WebError;
pub use guard::{BearerGuard, new_token};
pub use listen::serve_router;
pub use server::{WebOptions, WebServer};

/// Wrong link tokens (or session cookies) after which the server shuts its listener.
pub const MAX_WRONG_TOKENS: u32 = guard::MAX_WRONG_TOKENS;
