#![doc = include_str!("../README.md")]

mod completion;
mod draft;
#[cfg(feature = "files")]
pub mod files;
mod idle;
mod notice;
mod session;
mod settings;

pub use ask_state::Completion;
pub use completion::CompletionSource;
pub use draft::{DRAFT_SAVE_INTERVAL_MS, DraftFile, MAX_DRAFT_BYTES, draft_path_problem};
pub use notice::Notice;
pub use session::Session;
pub use settings::{Settings, commands_for_change};
