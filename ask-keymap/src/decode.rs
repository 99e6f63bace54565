//! Streaming decoder from raw terminal bytes to key events and pastes.

use crate::Key;

/// One decoded input event.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum InputEvent {
    /// A key press (or repeat).
    Key(Key),
    /// A bracketed paste, its text as pasted.
    Paste(String),
}

/// A streaming decoder: feed it bytes as they arrive, in any split.
#[derive(Debug, Clone, Default)]
pub struct Decoder {
    pending: Vec<u8>,
}

impl Decoder {
    /// An empty decoder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Decodes as much of `bytes` (after what is pending) as possible.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<InputEvent> {
        self.pending.extend_from_slice(bytes);
        Vec::new()
    }

    /// No more bytes follow now: a pending lone ESC becomes Esc.
    pub fn flush(&mut self) -> Vec<InputEvent> {
        self.pending.clear();
        Vec::new()
    }
}
