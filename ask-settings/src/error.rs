//! The crate's error type.

use std::path::PathBuf;

/// Everything that can go wrong reading, writing or locating the settings file and the
/// other files this crate reads for a host ([`crate::fs::read_regular_file`]).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SettingsError {
    /// A key id or a keymap was refused (the message says which and how to fix it).
    #[error(transparent)]
    Keymap(#[from] ask_keymap::KeymapError),
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
        /// The cap in bytes ([`crate::fs::MAX_SETTINGS_BYTES`]).
        limit: u64,
    },
    /// A file the program keeps for itself ([`crate::fs::read_regular_file`]: a host's draft,
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
    /// A file read with [`crate::fs::read_regular_file`] is larger than its cap.
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
    /// Reading a file with [`crate::fs::read_regular_file`] failed.
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

impl SettingsError {
    pub(crate) fn io(op: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Self::Io {
            op,
            path: path.into(),
            source,
        }
    }
}
