//! The terminal layer: everything that touches `/dev/tty` and crossterm.

use std::fs::{File, OpenOptions};

/// The controlling terminal, opened for reading and writing.
pub(crate) struct Tty {
    /// Handle the painter draws to (never stdout).
    pub(crate) file: File,
}

impl Tty {
    /// Opens `/dev/tty`; `None` when the process has no controlling terminal.
    pub(crate) fn open() -> Option<Self> {
        OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/tty")
            .ok()
            .map(|file| Self { file })
    }
}
