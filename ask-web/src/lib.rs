#![doc = include_str!("../README.md")]

mod assets;
mod error;
mod guard;
mod server;
mod view;

pub use error::WebError;
pub use server::{WebOptions, WebServer};
pub use view::{FormState, OptionView, PAGE_TEXTS, QuestionView, ViewModel, page_texts};

/// Wrong link tokens (or session cookies) after which the server shuts its listener.
pub const MAX_WRONG_TOKENS: u32 = guard::MAX_WRONG_TOKENS;
