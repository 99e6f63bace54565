//! The `ask_user` flow as a pure state machine.
//!
//! A [`Flow`] holds a validated form, the behaviour settings and the keymap, and
//! everything the user did: tabs, per-question cursors and selections, free-form
//! answers, question and option notes, the open editor, the review tab, the
//! settings overlay and the dirty-dismiss guard. Input reaches it in two steps:
//! [`Flow::handle_key`] resolves a key in its context to a semantic [`Command`],
//! and [`Flow::apply`] carries the command out and returns an [`Outcome`]. The
//! flow finishes with an [`ask_contract::AskResult`] exactly as the contract
//! describes it.
//!
//! There is no I/O, no clock and no terminal here: rendering is `ask-render`'s
//! job and reading keys is the frontend's. Frontends with their own input model
//! can build [`Command`]s directly.
//!
//! ```
//! use ask_contract::{ParseOptions, parse_params};
//! use ask_keymap::{Behaviour, Key, KeyCode, Keymap};
//! use ask_state::{Flow, FlowOptions};
//! use serde_json::json;
//!
//! let form = parse_params(&json!({"questions": [{"id": "db", "prompt": "Which database?",
//!     "options": [{"value": "pg", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}]}]}),
//!     ParseOptions::default()).unwrap();
//! let behaviour = Behaviour { double_press_review_shortcuts: false, ..Behaviour::default() };
//! let mut flow = Flow::new(form, behaviour, Keymap::default(), FlowOptions::default());
//!
//! // "2" picks SQLite and moves to the review tab; "1" submits.
//! for key in [Key::char('2'), Key::char('1')] {
//!     let command = flow.handle_key(key);
//!     if let Some(result) = flow.apply(command).result() {
//!         assert_eq!(result.details.answers["db"].values, ["sqlite"]);
//!         assert_eq!(result.text(), "Q1: SQLite");
//!     }
//! }
//! assert!(flow.is_done());
//! ```

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
mod settings;
mod snapshot;
mod switch;
mod timeout;

pub use command::{Command, Effect, Outcome};
pub use completion::{Completion, CompletionList};
pub use editor::{EditCommand, TextBuffer};
pub use error::StateError;
pub use flow::{
    Editor, EditorTarget, Flow, FlowOptions, QuestionDraft, ReviewAction, SettingsRow, Tab,
};
pub use scripted::scripted_result;
pub use settings::RESET_WINDOW_MS;
pub use snapshot::{EditorSnapshot, FlowSnapshot, QuestionSnapshot, SNAPSHOT_VERSION};
pub use timeout::COUNTDOWN_MS;
