//! An order-keeping JSON document: the settings file as the user wrote it.
//!
//! The store rewrites the user's file (a toggle saved, a schema upgraded) and must keep the
//! user's key order and every unknown key. `serde_json::Map` keeps insertion order only with
//! `serde_json`'s `preserve_order` feature, which a library must not force on the programs
//! that embed it; so the document lives in this small tree whose objects are `IndexMap`s.
//! Reading the settings converts the parts it needs to `serde_json::Value`, where order does
//! not matter.

use std::fmt;

use indexmap::IndexMap;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Number, Value};

/// An object of the document: its fields in document (or insertion) order.
pub(crate) type Obj = IndexMap<String, Node>;

/// A JSON value whose objects keep their key order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Node>),
    Object(Obj),
}

impl Node {
    /// An object with these fields, in this order.
    pub(crate) fn object<K: Into<String>>(fields: impl IntoIterator<Item = (K, Node)>) -> Node {
        Node::Object(obj(fields))
    }

    /// The fields, when this is an object.
    pub(crate) fn as_object(&self) -> Option<&Obj> {
        match self {
            Node::Object(obj) => Some(obj),
            _ => None,
        }
    }

    /// The same value as a `serde_json::Value` (whose objects may order keys differently).
    pub(crate) fn to_value(&self) -> Value {
        match self {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::Number(n) => Value::Number(n.clone()),
            Node::String(s) => Value::String(s.clone()),
            Node::Array(items) => Value::Array(items.iter().map(Node::to_value).collect()),
            Node::Object(obj) => Value::Object(to_map(obj)),
        }
    }
}

/// An object with these fields, in this order.
pub(crate) fn obj<K: Into<String>>(fields: impl IntoIterator<Item = (K, Node)>) -> Obj {
    fields.into_iter().map(|(k, v)| (k.into(), v)).collect()
}

/// An object of the document as a `serde_json::Map`, for reading.
/// The `keymaps` section in the order the settings file is written: every context with
/// every action mapped to an array of key ids.
pub(crate) fn keymap_node(keymap: &ask_keymap::Keymap) -> Node {
    let mut obj = Obj::new();
    for &context in ask_keymap::Context::ALL {
        let mut section = Obj::new();
        for action in context.actions() {
            let ids: Vec<Node> = keymap
                .keys(action)
                .iter()
                .map(|k| Node::String(k.to_string()))
                .collect();
            section.insert(action.config_name().to_owned(), Node::Array(ids));
        }
        obj.insert(context.config_name().to_owned(), Node::Object(section));
    }
    Node::Object(obj)
}

/// A short description of a JSON value for messages (shared with the keymaps).
pub(crate) use ask_keymap::describe_json as describe;

pub(crate) fn to_map(obj: &Obj) -> serde_json::Map<String, Value> {
    obj.iter().map(|(k, v)| (k.clone(), v.to_value())).collect()
}

/// Keeps the order `value`'s objects iterate in (alphabetical unless `serde_json`'s
/// `preserve_order` is on): for values whose order is not the user's.
impl From<Value> for Node {
    fn from(value: Value) -> Node {
        match value {
            Value::Null => Node::Null,
            Value::Bool(b) => Node::Bool(b),
            Value::Number(n) => Node::Number(n),
            Value::String(s) => Node::String(s),
            Value::Array(items) => Node::Array(items.into_iter().map(Node::from).collect()),
            Value::Object(map) => Node::object(map.into_iter().map(|(k, v)| (k, Node::from(v)))),
        }
    }
}

impl From<bool> for Node {
    fn from(b: bool) -> Node {
        Node::Bool(b)
    }
}

impl From<u64> for Node {
    fn from(n: u64) -> Node {
        Node::Number(n.into())
    }
}

impl From<&str> for Node {
    fn from(s: &str) -> Node {
        Node::String(s.to_owned())
    }
}

impl From<Vec<Node>> for Node {
    fn from(items: Vec<Node>) -> Node {
        Node::Array(items)
    }
}

impl Serialize for Node {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Node::Null => serializer.serialize_unit(),
            Node::Bool(b) => serializer.serialize_bool(*b),
            Node::Number(n) => n.serialize(serializer),
            Node::String(s) => serializer.serialize_str(s),
            Node::Array(items) => items.serialize(serializer),
            Node::Object(obj) => {
                let mut map = serializer.serialize_map(Some(obj.len()))?;
                for (k, v) in obj {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        deserializer.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Node, D::Error> {
        Node::deserialize(deserializer)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Node, E> {
        Ok(Node::Bool(b))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Node, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Node, E> {
        Ok(Node::Number(n.into()))
    }

    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Node, E> {
        // As serde_json's own `Value`: JSON text has no NaN or infinity.
        Ok(Number::from_f64(n).map_or(Node::Null, Node::Number))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Node, E> {
        Ok(Node::String(s.to_owned()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> Result<Node, E> {
        Ok(Node::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Node::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Node, A::Error> {
        let mut obj = Obj::with_capacity(access.size_hint().unwrap_or(0).min(64));
        // A repeated key keeps its first place and its last value, like serde_json's `Value`.
        while let Some((k, v)) = access.next_entry::<String, Node>()? {
            obj.insert(k, v);
        }
        Ok(Node::Object(obj))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_byte_for_byte_in_the_users_order() {
        let text = "{\n  \"z\": 1,\n  \"a\": [\n    -2,\n    1.5,\n    null,\n    true\n  ],\n  \
                    \"m\": {\n    \"y\": \"x\",\n    \"b\": {}\n  }\n}";
        let node: Node = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string_pretty(&node).unwrap(), text);
        assert_eq!(
            node.to_value(),
            serde_json::from_str::<Value>(text).unwrap()
        );
    }

    #[test]
    fn a_repeated_key_keeps_its_first_place_and_last_value() {
        let node: Node = serde_json::from_str(r#"{"a": 1, "b": 2, "a": 3}"#).unwrap();
        assert_eq!(serde_json::to_string(&node).unwrap(), r#"{"a":3,"b":2}"#);
    }

    #[test]
    fn objects_built_in_code_keep_the_order_given() {
        let node = Node::object([("schemaVersion", Node::from(3)), ("answer", Node::Null)]);
        assert_eq!(
            serde_json::to_string(&node).unwrap(),
            r#"{"schemaVersion":3,"answer":null}"#
        );
    }
}
