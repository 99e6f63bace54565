#![doc = include_str!("../README.md")]
// docs.rs labels every feature-gated item with the feature it needs.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod catalogue;
mod locale;
mod msg;

pub use catalogue::{entries, fill, placeholders, source};
pub use locale::{Locale, LocaleSetting};
pub use msg::Msg;
