//! Integration tests of ask-render: frame snapshots, properties, sanitizer, transcripts.

mod countdown;
mod cuts;
mod filter;
mod huge;
mod i18n;
mod many;
mod props;
mod sanitizer;
mod screens;
mod settings_v3;
mod sizes;
mod support;
mod transcript;
mod typed;
