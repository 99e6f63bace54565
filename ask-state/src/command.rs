//! Semantic commands between input and the flow, and what applying one yields.

use ask_contract::result::AskResult;
use ask_keymap::{Keymap, behaviour::Behaviour};

use crate::completion::Completion;
use crate::flow::ReviewAction;
use crate::text_buffer::EditCommand;

/// One semantic step of the flow. [`Flow::handle_key`](crate::Flow::handle_key)
/// produces these from keys; frontends with their own input model may build them directly.
///
/// With serde a command is `{"type": "<name>"}` plus a `value` when it carries data, e.g.
/// `{"type": "moveCursor", "value": 1}` or `{"type": "paste", "value": "text"}`, so a web or
/// RPC frontend can send commands as JSON. Names are the variants in lower camel case;
/// a review action is its name, an edit an [`EditCommand`] object (`{"insert": "text"}`,
/// `"backspace"`):
///
/// ```
/// use ask_state::{
///     Command,
///     model::{EditCommand, ReviewAction},
/// };
///
/// let commands: Vec<Command> = serde_json::from_str(
///     r#"[{"type": "nextTab"}, {"type": "moveCursor", "value": -1}, {"type": "digit", "value": 2},
///         {"type": "openQuestionNote"}, {"type": "edit", "value": {"insert": "hi"}},
///         {"type": "editorSubmit"}, {"type": "review", "value": "submit"}]"#,
/// )?;
/// assert_eq!(commands[1], Command::MoveCursor(-1));
/// assert_eq!(commands[4], Command::Edit(EditCommand::Insert("hi".into())));
/// assert_eq!(commands[6], Command::Review(ReviewAction::Submit));
/// assert_eq!(serde_json::to_string(&Command::Digit(3))?, r#"{"type":"digit","value":3}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
#[non_exhaustive]
pub enum Command {
    /// Nothing to do (an unbound key). Still disarms a pending review shortcut.
    Noop,
    /// Next tab (wraps around).
    NextTab,
    /// Previous tab (wraps around).
    PrevTab,
    /// Move the option or review cursor by this many rows (clamped).
    MoveCursor(i32),
    /// Confirm the row under the cursor (select and advance, open the custom editor, or trigger a review action).
    Confirm,
    /// Toggle the row under the cursor.
    Toggle,
    /// Digit shortcut: option `n` (1-based) on a question, action `n` on the review tab.
    Digit(u8),
    /// Open the note editor of the option under the cursor.
    OpenOptionNote,
    /// Open the question note editor.
    OpenQuestionNote,
    /// Switch the active question between single (or preview) and multi-select
    /// (`main.changeQuestionType`). Multi to single with more than one committed answer
    /// needs a second press, which clears the option selections.
    ChangeQuestionType,
    /// The cancel binding outside an editor.
    Cancel,
    /// The dismiss binding (anywhere).
    Dismiss,
    /// Trigger a review action directly.
    Review(ReviewAction),
    /// Scroll the preview pane by this many lines.
    ScrollPreview(i32),
    /// Scroll the review tab's answer list by this many questions (PageUp/PageDown on
    /// the review tab; see [`Flow::review_scroll`](crate::Flow::review_scroll)).
    ScrollReview(i32),
    /// An edit inside the open editor.
    Edit(EditCommand),
    /// Save the editor (confirm binding) and close it.
    EditorSubmit,
    /// Save the draft and close the editor (cancel binding).
    EditorClose,
    /// Pasted text: into the open editor, or into the free-form answer of the current question.
    Paste(String),
    /// Open the settings overlay.
    OpenSettings,
    /// Close the settings overlay.
    CloseSettings,
    /// Move the settings cursor.
    SettingsMove(i32),
    /// Scroll the settings overlay by this many rows (PageUp/PageDown there; see
    /// [`Flow::settings_scroll`](crate::Flow::settings_scroll)).
    ScrollSettings(i32),
    /// Flip the setting under the settings cursor.
    SettingsToggle,
    /// Move the selection in the `@` completion list.
    CompletionMove(i32),
    /// Insert the selected completion.
    CompletionAccept,
    /// Close the completion list (until the `@` word changes).
    CompletionClose,
    /// What the host found at [`Flow::path_check_query`](crate::Flow::path_check_query)
    /// (a host command: `mustExist` and `pathKind` of path questions are checked with it).
    PathStatus {
        /// The typed path, as the query gave it.
        path: String,
        /// What is there.
        status: crate::typed::PathStatus,
    },
    /// Completion candidates for [`Flow::completion_query`](crate::Flow::completion_query), computed by the host.
    SetCompletions(Vec<Completion>),
    /// Like [`Command::SetCompletions`], from a source that holds only part of what
    /// exists (a file index that stopped at its size cap): the list says so, so a person
    /// knows to type more of the path instead of concluding the file is not there.
    SetPartialCompletions(Vec<Completion>),
    /// Behaviour settings changed outside the flow (a config file edited on disk).
    ApplyBehaviour(Behaviour),
    /// The keymap changed outside the flow.
    ApplyKeymap(Keymap),
    /// A notice to show (for example a broken config file), or none.
    SetNotice(Option<String>),
    /// The `notifications.enabled` setting changed outside the flow.
    ApplyNotifications(bool),
    /// Open the type-to-filter line on the current question (`main.filter`).
    OpenFilter,
    /// Text typed or pasted into the open filter line.
    FilterInsert(String),
    /// Delete the last character of the filter query (closes the filter when empty).
    FilterBackspace,
    /// Clear and close the filter line.
    CloseFilter,
    /// The host dropped keys that arrived before the form opened or right after its first
    /// paint (the early-key guard, `behaviour.ignoreEarlyKeysMs`): the one-line hint
    /// [`EARLY_KEYS_HINT`] shows until the next key, so the drop is visible.
    EarlyKeysIgnored,
    /// The current time in milliseconds from any fixed origin, from the host. The flow has
    /// no clock: hosts send this before each key and while [`Flow::reset_armed`](crate::Flow::reset_armed)
    /// so the reset row disarms after 3 s. It never disarms anything else.
    Clock(u64),
}

/// The hint [`Command::EarlyKeysIgnored`] shows.
/// In English; the flow shows it in its language ([`Flow::locale`](crate::Flow::locale)).
pub const EARLY_KEYS_HINT: &str = "Keys typed before the form opened were ignored.";

/// Something the host must carry out. More effects will come: match with a wildcard arm.
/// With serde: `{"type": "persistBehaviour", "value": {...}}` or
/// `{"type": "done", "value": <the tool result>}`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
#[non_exhaustive]
pub enum Effect {
    /// Persist these behaviour settings now (they changed in the settings overlay).
    PersistBehaviour(Behaviour),
    /// Persist `notifications.enabled` now (toggled in the settings overlay).
    PersistNotifications(bool),
    /// Back the settings file up and write the defaults (the confirmed reset row). The flow
    /// already applied the default behaviour, keymap and notifications toggle.
    ResetSettings,
    /// The flow finished with this result.
    Done(Box<AskResult>),
}

/// What applying a command did.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use]
#[non_exhaustive]
pub enum Outcome {
    /// Nothing changed; no need to redraw.
    Unchanged,
    /// The visible state changed; redraw.
    Changed,
    /// The state changed and the host has work to do, in order.
    Effects(Vec<Effect>),
}

impl Outcome {
    /// The finished result, when the flow ended.
    pub fn result(&self) -> Option<&AskResult> {
        match self {
            Self::Effects(effects) => effects.iter().find_map(|e| match e {
                Effect::Done(result) => Some(result.as_ref()),
                _ => None,
            }),
            _ => None,
        }
    }

    /// True when the flow ended.
    pub fn is_done(&self) -> bool {
        self.result().is_some()
    }

    /// True unless nothing changed.
    pub fn is_changed(&self) -> bool {
        !matches!(self, Self::Unchanged)
    }

    /// The effects for the host to carry out, in order (none when the outcome has
    /// none). With [`is_changed`](Self::is_changed) this is all a host needs, so it
    /// never has to match the variants (more may come).
    pub fn into_effects(self) -> Vec<Effect> {
        match self {
            Self::Effects(effects) => effects,
            Self::Unchanged | Self::Changed => Vec::new(),
        }
    }
}
