#![doc = include_str!("../README.md")]

mod apply;
mod command;
mod completion;
mod editing;
mod editor;
mod error;
mod flow;
mod keys;
mod result;
mod scripted;

pub use command::{Command, Effect, Outcome};
pub use completion::{Completion, CompletionList};
pub use editor::{EditCommand, TextBuffer};
pub use error::StateError;
pub use flow::{Editor, EditorTarget, Flow, FlowOptions, QuestionDraft, ReviewAction, Tab};
pub use scripted::scripted_result;
