//! Integration tests of ask-i18n: the catalogues against the English one, the lookups
//! and placeholders, and reading locale names.

mod catalogue;
mod locale;
