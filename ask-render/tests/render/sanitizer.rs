//! Sanitizer tests.
