//! Integration tests of ask-render: frame snapshots, properties, sanitizer, transcripts.

mod huge;
mod props;
mod sanitizer;
mod screens;
mod support;
mod transcript;
