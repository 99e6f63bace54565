//! Transcript tests.
