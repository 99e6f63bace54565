//! A read-only view over JSON documents, so validation walks either a
//! [`serde_json::Value`] the caller already has or the lighter
//! [`Tree`](crate::tree::Tree) parsed straight from text.

use serde_json::{Number, Value};

/// What a JSON node is, with borrowed contents.
pub(crate) enum View<'a, N> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// Any number.
    Number(&'a Number),
    /// A string.
    Str(&'a str),
    /// An array.
    Array(&'a [N]),
    /// An object; look fields up with [`Node::get`].
    Object,
}

/// A JSON node validation can read.
pub(crate) trait Node: Sized {
    /// The node's kind and contents.
    fn view(&self) -> View<'_, Self>;
    /// The value of `key` when this is an object that has it (the last one
    /// wins for repeated keys, as with `serde_json::Value`).
    fn get(&self, key: &str) -> Option<&Self>;
}

impl Node for Value {
    fn view(&self) -> View<'_, Self> {
        match self {
            Value::Null => View::Null,
            Value::Bool(b) => View::Bool(*b),
            Value::Number(n) => View::Number(n),
            Value::String(s) => View::Str(s),
            Value::Array(items) => View::Array(items),
            Value::Object(_) => View::Object,
        }
    }

    fn get(&self, key: &str) -> Option<&Self> {
        self.as_object().and_then(|map| map.get(key))
    }
}
