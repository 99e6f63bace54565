//! Peeking: the form folds to one status line so the conversation above it
//! can be read and scrolled, and comes back unchanged (the flow is not touched
//! while folded; only the painter draws something else).

use ask_keymap::Key;
use ask_state::Flow;

/// True when `key` folds or unfolds the form: the `peek` action, which
/// belongs to the `global` context (everywhere but the settings overlay).
pub(crate) fn toggles(flow: &Flow, key: &Key) -> bool {
    flow.settings_cursor().is_none() && *key == peek_key(flow)
}

/// The status line shown while folded:
/// `ask: 3 questions waiting - alt+o to return`.
pub(crate) fn status(flow: &Flow) -> String {
    let n = flow.form().questions.len();
    let plural = if n == 1 { "" } else { "s" };
    format!(
        "ask: {n} question{plural} waiting - {} to return",
        peek_key(flow)
    )
}

/// The key of the `peek` action.
fn peek_key(_flow: &Flow) -> Key {
    Key::new(ask_keymap::KeyCode::Char('o'), ask_keymap::Modifiers::ALT)
}
