//! A read-only view over JSON documents, so validation walks either a
//! [`serde_json::Value`] the caller already has or a lighter tree parsed
//! straight from text.
//!
//! The text tree borrows every string that needs no unescaping from the input
//! and keeps objects as small vectors, so `parse_params_str` does not pay for
//! building (and dropping) a full `Value` with one allocation per string and a
//! hash map per object before validation even starts.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
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

/// A JSON tree parsed from text, borrowing unescaped strings.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// Any number.
    Number(Number),
    /// A string.
    Str(Cow<'a, str>),
    /// An array.
    Array(Vec<Json<'a>>),
    /// An object's fields in document order.
    Object(Vec<(Cow<'a, str>, Json<'a>)>),
}

impl Node for Json<'_> {
    fn view(&self) -> View<'_, Self> {
        match self {
            Json::Null => View::Null,
            Json::Bool(b) => View::Bool(*b),
            Json::Number(n) => View::Number(n),
            Json::Str(s) => View::Str(s),
            Json::Array(items) => View::Array(items),
            Json::Object(_) => View::Object,
        }
    }

    fn get(&self, key: &str) -> Option<&Self> {
        match self {
            Json::Object(fields) => fields.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Json<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Json::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Json::Number(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Json::Number(v.into()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Number::from_f64(v).map_or(Json::Null, Json::Number))
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(Json::Str(Cow::Borrowed(v)))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Json::Str(Cow::Owned(v.to_owned())))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Json::Str(Cow::Owned(v)))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Json::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Json::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        Json::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(0).min(64));
        while let Some(Key(key)) = map.next_key()? {
            fields.push((key, map.next_value()?));
        }
        Ok(Json::Object(fields))
    }
}

/// An object key that borrows from the input when it can (serde's own `Cow`
/// impl always copies).
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object key")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn borrows_plain_strings_and_unescapes_others() {
        let json: Json<'_> = serde_json::from_str(r#"{"a": "plain", "b\n": "esc\"aped"}"#).unwrap();
        let Json::Object(fields) = &json else {
            panic!("not an object: {json:?}");
        };
        assert!(matches!(&fields[0].0, Cow::Borrowed("a")));
        assert!(matches!(&fields[0].1, Json::Str(Cow::Borrowed("plain"))));
        assert!(matches!(&fields[1].0, Cow::Owned(k) if k == "b\n"));
        assert!(matches!(&fields[1].1, Json::Str(Cow::Owned(v)) if v == "esc\"aped"));
    }

    #[test]
    fn repeated_keys_resolve_like_value() {
        let text = r#"{"id": "first", "id": "second"}"#;
        let json: Json<'_> = serde_json::from_str(text).unwrap();
        let value: Value = serde_json::from_str(text).unwrap();
        assert!(matches!(
            json.get("id").map(Node::view),
            Some(View::Str("second"))
        ));
        assert!(matches!(
            value.get("id").map(Node::view),
            Some(View::Str("second"))
        ));
    }

    #[test]
    fn numbers_match_value() {
        for text in ["0", "-7", "18446744073709551615", "1.5e300", "-0.0"] {
            let json: Json<'_> = serde_json::from_str(text).unwrap();
            let value: Value = serde_json::from_str(text).unwrap();
            let (Json::Number(a), Value::Number(b)) = (&json, &value) else {
                panic!("{text}: {json:?} / {value:?}");
            };
            assert_eq!(a, b, "{text}");
        }
    }
}
