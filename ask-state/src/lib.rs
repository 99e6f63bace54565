#![doc = include_str!("../README.md")]

mod apply;
mod command;
mod completion;
mod error;
mod filter_line;
mod flow;
mod flow_editor;
mod flow_options;
mod form_hash;
mod host;
mod keys;
mod lines;
mod option_filter;
pub mod paths;
mod question_draft;
mod remote;
mod result;
mod review_list;
pub mod scripted;
mod settings;
pub mod snapshot;
mod switch;
mod text_buffer;
mod timeout;
mod typed;

/// The parts of a flow a renderer reads: editors and their text buffers, each question's
/// draft, the review and settings rows, the option filter, the `@` completion list, the
/// form's text index, and the flow's fixed texts and timings.
pub mod model {
    pub use crate::command::EARLY_KEYS_HINT;
    pub use crate::completion::CompletionList;
    pub use crate::flow::{Editor, EditorTarget, QuestionDraft, ReviewAction, SettingsRow};
    pub use crate::lines::{FormText, LINE_INDEX_CHUNK, LineIndex, count_newlines};
    pub use crate::option_filter::{OptionFilter, OptionMarks};
    pub use crate::settings::RESET_WINDOW_MS;
    pub use crate::text_buffer::{EditCommand, TextBuffer};
    pub use crate::timeout::COUNTDOWN_MS;
}

pub use command::{Command, Effect, Outcome};
pub use completion::Completion;
pub use error::StateError;
pub use flow::{Flow, FlowOptions, Tab};
pub use host::{HostFeature, HostFeatures};
