//! The crate's error type.

use std::path::PathBuf;

/// Everything that can go wrong in this crate: key ids, keymaps and the settings file.
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
    /// No settings path could be derived: no explicit path, no environment and no home directory.
    #[error(
        "cannot locate the settings file: no --config path, no ASK_CONFIG or PI_CODING_AGENT_DIR, \
         and no home directory; pass --config FILE"
    )]
    NoConfigPath,
    /// The settings path names something other than a regular file (a FIFO, a device, a
    /// folder...); it is not read.
    #[error(
        "the settings path {path:?} is {kind}, not a regular file; point --config (or \
         ASK_CONFIG) at a JSON settings file, or at a path that does not exist yet"
    )]
    NotAFile {
        /// The path given.
        path: PathBuf,
        /// What it is instead, in words ("a FIFO (named pipe)", "a character device"...).
        kind: &'static str,
    },
    /// The settings file is larger than the cap.
    #[error(
        "the settings file {path:?} is larger than {limit} bytes, the most a settings file \
         may hold; check that --config names the right file, or shrink it"
    )]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The cap in bytes ([`crate::MAX_SETTINGS_BYTES`]).
        limit: u64,
    },
    /// A file the program keeps for itself ([`crate::read_regular_file`]: a host's draft,
    /// say) names something other than a regular file; it is not read.
    #[error(
        "{path:?} is {kind}, not a regular file; give the path of a regular file, or of \
         one that does not exist yet"
    )]
    NotRegularFile {
        /// The path given.
        path: PathBuf,
        /// What it is instead, in words ("a FIFO (named pipe)", "a character device"...).
        kind: &'static str,
    },
    /// A file read with [`crate::read_regular_file`] is larger than its cap.
    #[error(
        "{path:?} is larger than {limit} bytes, the most read from it; check that the path \
         names the right file"
    )]
    FileTooLarge {
        /// The file.
        path: PathBuf,
        /// The cap in bytes.
        limit: u64,
    },
    /// Reading a file with [`crate::read_regular_file`] failed.
    #[error("cannot read {path:?}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying I/O error.
        #[source]
        source: std::io::Error,
    },
    /// Reading, writing or moving a settings file failed.
    #[error("cannot {op} settings file {path:?}")]
    Io {
        /// What was being done: "read", "write", "create the folder of", "back up", "move",
        /// "resolve the path of".
        op: &'static str,
        /// The file involved.
        path: PathBuf,
        /// The underlying I/O error.
        #[source]
        source: std::io::Error,
    },
}

impl KeymapError {
    pub(crate) fn io(op: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Self::Io {
            op,
            path: path.into(),
            source,
        }
    }
}
