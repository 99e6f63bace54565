#![doc = include_str!("../README.md")]

mod candidate;
mod error;
pub mod lookup;
mod prompt;
mod raw;
mod repair;
pub mod session;
mod status;
mod step;

pub use error::ExtractError;
pub use prompt::EXTRACTION_SYSTEM_PROMPT;
pub use repair::MAX_REPLY_OPTIONS;
pub use status::{ExtractStatus, extract_status};
pub use step::{Decision, ModelRequest, Step, next_step};
