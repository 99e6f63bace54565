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
mod paths;
mod question_draft;
mod remote;
mod result;
mod review_list;
mod scripted;
mod settings;
mod snapshot;
mod switch;
mod text_buffer;
mod timeout;
mod typed;

pub use command::{Command, EARLY_KEYS_HINT, Effect, Outcome};
pub use completion::{Completion, CompletionList};
pub use error::StateError;
pub use flow::{
    Editor, EditorTarget, Flow, FlowOptions, QuestionDraft, ReviewAction, SettingsRow, Tab,
};
pub use form_hash::form_hash;
pub use host::{HostFeature, HostFeatures};
pub use lines::{FormText, LINE_INDEX_CHUNK, LineIndex, count_newlines};
pub use option_filter::{OptionFilter, OptionMarks};
pub use paths::{NoPathLookup, PathLookup};
pub use scripted::{scripted_drafts, scripted_drafts_with, scripted_result, scripted_result_with};
pub use settings::RESET_WINDOW_MS;
pub use snapshot::{EditorSnapshot, FlowSnapshot, QuestionSnapshot, SNAPSHOT_VERSION};
pub use text_buffer::{EditCommand, TextBuffer};
pub use timeout::COUNTDOWN_MS;
pub use typed::{PathStatus, path_problem, path_problem_in};
