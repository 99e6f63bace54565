//! Peeking: the form folds to one status line so the conversation above it
//! can be read and scrolled, and comes back unchanged (the flow is not touched
//! while folded; only the painter draws something else).

use ask_keymap::{Action, Key};
use ask_state::Flow;

/// True when `key` folds or unfolds the form: the `global.peek` action
/// (default `alt+o`), which works everywhere but in the settings overlay.
pub(crate) fn toggles(flow: &Flow, key: Key) -> bool {
    flow.settings_cursor().is_none() && flow.keymap().is(Action::Peek, &key)
}

/// The status line shown while folded:
/// `ask: 3 questions waiting - alt+o to return`.
pub(crate) fn status(flow: &Flow) -> String {
    use ask_host::i18n::Msg;
    let n = flow.form().questions.len();
    let key = flow
        .keymap()
        .keys(Action::Peek)
        .first()
        .map(ToString::to_string)
        .unwrap_or_default();
    flow.locale().plural(
        n as u64,
        (Msg::TermPeekOne, Msg::TermPeekOther),
        &[("n", &n), ("key", &key)],
    )
}
