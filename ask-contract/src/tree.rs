//! The payload tree `parse_params_str` validates: parsed straight from text,
//! keeping only what validation reads, so its memory stays proportional to the
//! input whatever the payload's shape.
//!
//! The parser knows where each value sits in a payload (the root, a question,
//! an option, or a field the contract expects a scalar in) and keeps:
//!
//! - in the root, question and option objects, only the fields the contract
//!   reads, each once (the last one wins for repeated keys, as with
//!   `serde_json::Value`); unknown fields are parsed and dropped;
//! - the elements of the `questions` and `options` arrays;
//! - anywhere else, scalars as they are but arrays and objects as their kind
//!   only, since an issue about them only says "an array" or "an object".
//!
//! Strings without escapes borrow from the input. Every value is still parsed,
//! so text that is not JSON gives exactly the error `serde_json::from_str`
//! gives (the same recursion limit included).
//!
//! Two readers build the same tree: a byte-level one (`read.rs`) for text it
//! reads through, and a `serde_json` visitor (here) for everything else, bad JSON
//! included, so every error is `serde_json`'s.
//!
//! Memory: a node is 24 bytes, a kept field 32 bytes and the smallest element
//! of an array (`0,`) is two bytes of input, so the tree takes at most about
//! twelve times the input, plus unescaped copies of escaped strings (shorter
//! than their text) and, while reading, one buffer as long as the longest.

use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Number;

use crate::json::{Node, View};

pub(crate) use keys::Key;
use keys::{MAX_FIELDS, OPTION_FIELDS, QUESTION_FIELDS, ROOT_FIELDS};

/// A payload parsed from text, trimmed to what validation reads (see the
/// module docs). An array or object whose contents are not kept reads as an
/// empty one.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tree<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// Any number.
    Number(Number),
    /// A string without escapes, borrowed from the input.
    Str(&'a str),
    /// A string that had escapes, unescaped.
    Owned(Box<str>),
    /// An array: the elements of `questions` and `options`, empty elsewhere.
    Array(Box<[Tree<'a>]>),
    /// An object: the known fields of the root, a question or an option;
    /// empty elsewhere.
    Object(Box<[(Key, Tree<'a>)]>),
}

impl<'a> Tree<'a> {
    /// Parses a whole payload text; the error is `serde_json`'s. The fast reader in
    /// `read.rs` reads well-formed text; anything else goes through `serde_json`.
    pub(crate) fn parse(text: &'a str) -> Result<Self, serde_json::Error> {
        read::read(text).map_or_else(|| Self::parse_serde(text), Ok)
    }

    /// [`Tree::parse`] through `serde_json` alone.
    fn parse_serde(text: &'a str) -> Result<Self, serde_json::Error> {
        let mut de = serde_json::Deserializer::from_str(text);
        let mut stack = Vec::new();
        let tree = Seed {
            place: Place::Root,
            stack: &mut stack,
        }
        .deserialize(&mut de)?;
        de.end()?;
        Ok(tree)
    }
}

impl Node for Tree<'_> {
    fn view(&self) -> View<'_, Self> {
        match self {
            Tree::Null => View::Null,
            Tree::Bool(b) => View::Bool(*b),
            Tree::Number(n) => View::Number(n),
            Tree::Str(s) => View::Str(s),
            Tree::Owned(s) => View::Str(s),
            Tree::Array(items) => View::Array(items),
            Tree::Object(_) => View::Object,
        }
    }

    fn get(&self, key: &str) -> Option<&Self> {
        let Tree::Object(fields) = self else {
            return None;
        };
        let key = Key::named(key)?;
        fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }
}

/// Where a value sits in a payload, which decides what of it is kept.
#[derive(Debug, Clone, Copy)]
enum Place {
    /// The whole payload.
    Root,
    /// The value of `questions`.
    Questions,
    /// An element of `questions`.
    Question,
    /// The value of a question's `options`.
    Options,
    /// An element of `options`.
    Option,
    /// A field the contract expects a string, boolean or number in.
    Scalar,
    /// A question's `default`: a scalar, or an array of scalars (multi).
    Default,
}

impl Place {
    /// Where the elements sit when this value is an array whose elements are kept.
    fn items(self) -> Option<Place> {
        match self {
            Place::Questions => Some(Place::Question),
            Place::Options => Some(Place::Option),
            Place::Default => Some(Place::Scalar),
            _ => None,
        }
    }

    /// The fields kept when this value is an object.
    fn fields(self) -> Option<&'static [Key]> {
        match self {
            Place::Root => Some(ROOT_FIELDS),
            Place::Question => Some(QUESTION_FIELDS),
            Place::Option => Some(OPTION_FIELDS),
            _ => None,
        }
    }
}

/// A [`Place`] with the stack the elements of kept arrays are gathered on: each array
/// takes its elements off the top once it is complete, so it is allocated once at its
/// size instead of grown and shrunk (nested arrays finish before their parent goes on).
struct Seed<'s, 'de> {
    place: Place,
    stack: &'s mut Vec<Tree<'de>>,
}

impl<'de> Seed<'_, 'de> {
    fn at(&mut self, place: Place) -> Seed<'_, 'de> {
        Seed {
            place,
            stack: &mut *self.stack,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Seed<'_, 'de> {
    type Value = Tree<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_, 'de> {
    type Value = Tree<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Tree::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Tree::Number(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Tree::Number(v.into()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Number::from_f64(v).map_or(Tree::Null, Tree::Number))
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(Tree::Str(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Tree::Owned(v.into()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Tree::Owned(v.into_boxed_str()))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Tree::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Tree::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        self.deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Self::Value, A::Error> {
        let Some(item) = self.place.items() else {
            while seq.next_element::<Skip>()?.is_some() {}
            return Ok(Tree::Array(Box::default()));
        };
        let start = self.stack.len();
        while let Some(node) = seq.next_element_seed(self.at(item))? {
            self.stack.push(node);
        }
        Ok(Tree::Array(take_items(self.stack, start)))
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Self::Value, A::Error> {
        let fields = self.place.fields();
        let known = fields.unwrap_or(&[]);
        let mut values: [Option<Tree<'de>>; MAX_FIELDS] = Default::default();
        let mut first = true;
        while let Some(key) = map.next_key_seed(KeySeed(known))? {
            match key {
                KeyKind::PrivateNumber if first && *ARBITRARY_PRECISION => {
                    return private_number(&mut map);
                }
                KeyKind::Known(i) => match (known.get(i), values.get_mut(i)) {
                    (Some(field), Some(place)) => {
                        *place = Some(map.next_value_seed(self.at(field.place()))?);
                    }
                    _ => map.next_value::<Skip>().map(drop)?,
                },
                _ => map.next_value::<Skip>().map(drop)?,
            }
            first = false;
        }
        let Some(known) = fields else {
            return Ok(Tree::Object(Box::default()));
        };
        let mut fields = Vec::with_capacity(values.iter().flatten().count());
        for (key, value) in known.iter().zip(values) {
            if let Some(value) = value {
                fields.push((*key, value));
            }
        }
        Ok(Tree::Object(fields.into_boxed_slice()))
    }
}

/// The elements of a kept array, `stack[start..]`, taken off the stack. When they are
/// the whole stack, the stack itself becomes the array, so a huge array is not copied
/// (its peak memory stays the stack's).
fn take_items<'a>(stack: &mut Vec<Tree<'a>>, start: usize) -> Box<[Tree<'a>]> {
    if start == 0 {
        std::mem::take(stack).into_boxed_slice()
    } else {
        stack.drain(start..).collect()
    }
}

/// What an object key is.
#[derive(Debug, Clone, Copy)]
enum KeyKind {
    /// The field at this index of the known fields.
    Known(usize),
    /// The key `serde_json` uses for a number when some crate in the build enables its
    /// `arbitrary_precision` feature (see [`ARBITRARY_PRECISION`]).
    PrivateNumber,
    /// Any other key.
    Other,
}

/// The key `serde_json`'s `arbitrary_precision` feature wraps numbers in.
const PRIVATE_NUMBER_KEY: &str = "$serde_json::private::Number";

/// Whether `serde_json` was built with `arbitrary_precision` (by any crate of the build):
/// then it hands every number that is not a plain integer to `visit_map` as a one-key
/// object, and reads such an object in the text as a number too. `1e400` only parses as
/// a number then.
static ARBITRARY_PRECISION: std::sync::LazyLock<bool> =
    std::sync::LazyLock::new(|| "1e400".parse::<Number>().is_ok());

/// The rest of a `$serde_json::private::Number` object, as `serde_json`'s own `Value` reads
/// it: the number's text, and nothing after it.
fn private_number<'de, A: MapAccess<'de>>(map: &mut A) -> Result<Tree<'de>, A::Error> {
    let text: String = map.next_value()?;
    let number = text
        .parse::<Number>()
        .map_err(|_| de::Error::custom(format!("invalid number {text:?}")))?;
    if map.next_key::<SkipKey>()?.is_some() {
        return Err(de::Error::custom("a number object has one key"));
    }
    Ok(Tree::Number(number))
}

/// Reads an object key as its index in a list of known fields, without copying it.
struct KeySeed(&'static [Key]);

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = KeyKind;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for KeySeed {
    type Value = KeyKind;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object key")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        let known = Key::named(v).and_then(|key| self.0.iter().position(|k| *k == key));
        Ok(match known {
            Some(i) => KeyKind::Known(i),
            None if v == PRIVATE_NUMBER_KEY => KeyKind::PrivateNumber,
            None => KeyKind::Other,
        })
    }
}

/// Any JSON value, parsed the way [`Tree`] parses it (numbers, strings and the
/// recursion limit checked alike) and dropped.
struct Skip;

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Skip)
    }
}

impl<'de> Visitor<'de> for Skip {
    type Value = Skip;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Skip)
    }

    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(Skip)
    }

    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(Skip)
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(Skip)
    }

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Self::Value, E> {
        Ok(Skip)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Skip)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Skip)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        Skip::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<Skip>()?.is_some() {}
        Ok(Skip)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_key::<SkipKey>()?.is_some() {
            map.next_value::<Skip>()?;
        }
        Ok(Skip)
    }
}

/// An object key, read as a string (as [`KeySeed`] reads it) and dropped.
struct SkipKey;

impl<'de> Deserialize<'de> for SkipKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(KeySeed(&[])).map(|_| SkipKey)
    }
}

mod keys;
mod read;

#[cfg(test)]
mod tests;
