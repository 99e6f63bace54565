//! The crate's error type.

/// Everything that can go wrong in this crate: key ids and keymaps.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KeymapError {
    /// A key id string could not be parsed.
    #[error("invalid key id {input:?}: {reason}")]
    InvalidKey {
        /// The text that was parsed.
        input: String,
        /// What was wrong and what was expected.
        reason: String,
    },
    /// The `keymaps` section is not a JSON object.
    #[error("keymaps should be an object of action names to key ids, found {found}")]
    KeymapNotObject {
        /// A short description of the JSON that was found.
        found: String,
    },
    /// A context of the `keymaps` section is missing.
    #[error(
        "keymaps is missing the {context:?} context; expected an object of its actions, \
         e.g. \"{context}\": {{...}} (see `ask settings --path` for the file to fix)"
    )]
    MissingContext {
        /// The context's config name.
        context: &'static str,
    },
    /// A context of the `keymaps` section is not an object.
    #[error("keymaps.{context} should be an object of action names to key ids, found {found}")]
    ContextNotObject {
        /// The context's config name.
        context: &'static str,
        /// A short description of the JSON that was found.
        found: String,
    },
    /// A configurable action has no binding.
    #[error("keymap is missing the {action:?} action; expected a key id such as {example:?}")]
    MissingAction {
        /// The action's qualified name, e.g. `main.confirm`.
        action: &'static str,
        /// The default key id of the action, as an example.
        example: String,
    },
    /// An action is bound to something that is not a valid key id string.
    #[error("keymap action {action:?} has an invalid key {input}: {reason}")]
    InvalidActionKey {
        /// The action's qualified name, e.g. `main.confirm`.
        action: &'static str,
        /// The value found (JSON text).
        input: String,
        /// What was wrong and what was expected.
        reason: String,
    },
    /// An action is bound to a key with a fixed meaning.
    #[error(
        "keymap action {action:?} uses the reserved key {key:?}; \
         1..9 always pick options and @ opens file completion in editors, pick another key"
    )]
    ReservedKey {
        /// The action's qualified name, e.g. `main.toggle`.
        action: &'static str,
        /// The reserved key, in canonical notation.
        key: String,
    },
    /// Two actions are bound to the same key.
    #[error(
        "keymap actions {first:?} and {second:?} are both bound to {key:?}; \
         keys must differ within a context and between global and main, editor or noteEditor"
    )]
    DuplicateKey {
        /// The shared key, in canonical notation.
        key: String,
        /// The first action's qualified name (in `Action::ALL` order).
        first: &'static str,
        /// The second action.
        second: &'static str,
    },
}
