#![doc = include_str!("../README.md")]

mod candidate;
mod error;
mod lookup;
mod prompt;
mod raw;
mod repair;
mod session;
mod status;
mod step;

pub use error::ExtractError;
pub use lookup::{
    AssistantMessage, Source, StoredPayload, latest_assistant_message, latest_payload,
};
pub use prompt::EXTRACTION_SYSTEM_PROMPT;
pub use repair::MAX_REPLY_OPTIONS;
pub use session::{Entry, MAX_SESSION_BYTES, PiSession};
pub use status::{ExtractStatus, extract_status};
pub use step::{Decision, ModelRequest, Step, next_step};
