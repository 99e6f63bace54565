//! The lines of a session file as serde reads them: only the fields lookups use, and
//! nothing built for the rest (a message that is not the assistant's is skipped once its
//! role is read; a stored payload stays raw JSON text).

use serde::Deserialize;
use serde_json::Value;

/// The fields of one line that matter here; everything else is skipped
/// while parsing, without building values for it.
#[derive(Deserialize)]
pub(crate) struct RawLine {
    #[serde(rename = "type", default)]
    pub(crate) kind: Option<Value>,
    #[serde(default)]
    pub(crate) id: Option<Value>,
    #[serde(rename = "parentId", default)]
    pub(crate) parent_id: Option<Value>,
    #[serde(default)]
    pub(crate) message: Option<RawMessage>,
    #[serde(rename = "customType", default)]
    pub(crate) custom_type: Option<Value>,
    #[serde(default)]
    pub(crate) data: Option<Box<serde_json::value::RawValue>>,
}

/// What a message holds for extraction: the text blocks and stop reason of an assistant
/// message. The content of any other message (tool output, user text, images) is
/// skipped unbuilt when its role comes first, as pi writes it.
#[derive(Default)]
pub(crate) struct RawMessage {
    pub(crate) assistant: Option<bool>,
    pub(crate) texts: Vec<String>,
    pub(crate) stop_reason: Option<String>,
}

impl<'de> Deserialize<'de> for RawMessage {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(MessageVisitor)
    }
}

struct MessageVisitor;

impl<'de> serde::de::Visitor<'de> for MessageVisitor {
    type Value = RawMessage;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a message object")
    }

    /// Anything but an object is no message: nothing is kept.
    fn visit_bool<E>(self, _: bool) -> Result<RawMessage, E> {
        Ok(RawMessage::default())
    }
    fn visit_i64<E>(self, _: i64) -> Result<RawMessage, E> {
        Ok(RawMessage::default())
    }
    fn visit_u64<E>(self, _: u64) -> Result<RawMessage, E> {
        Ok(RawMessage::default())
    }
    fn visit_f64<E>(self, _: f64) -> Result<RawMessage, E> {
        Ok(RawMessage::default())
    }
    fn visit_str<E>(self, _: &str) -> Result<RawMessage, E> {
        Ok(RawMessage::default())
    }
    fn visit_unit<E>(self) -> Result<RawMessage, E> {
        Ok(RawMessage::default())
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<RawMessage, A::Error> {
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        Ok(RawMessage::default())
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<RawMessage, A::Error> {
        use serde::de::IgnoredAny;
        let mut out = RawMessage::default();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            match key.as_ref() {
                "role" => {
                    let role: Value = map.next_value()?;
                    let assistant = role.as_str() == Some("assistant");
                    out.assistant = Some(assistant);
                    if !assistant {
                        out.texts.clear();
                    }
                }
                "content" if out.assistant != Some(false) => {
                    out.texts = map.next_value::<Content>()?.0;
                }
                "stopReason" => {
                    let reason: Value = map.next_value()?;
                    out.stop_reason = reason.as_str().map(str::to_owned);
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(out)
    }
}

/// The text blocks of a message's content: a string, or the `text` of each block of
/// type `text` (other blocks are skipped unbuilt).
struct Content(Vec<String>);

impl<'de> Deserialize<'de> for Content {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ContentVisitor)
    }
}

struct ContentVisitor;

impl<'de> serde::de::Visitor<'de> for ContentVisitor {
    type Value = Content;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("message content")
    }

    fn visit_str<E>(self, text: &str) -> Result<Content, E> {
        Ok(Content(vec![text.to_owned()]))
    }
    fn visit_string<E>(self, text: String) -> Result<Content, E> {
        Ok(Content(vec![text]))
    }
    fn visit_bool<E>(self, _: bool) -> Result<Content, E> {
        Ok(Content(Vec::new()))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Content, E> {
        Ok(Content(Vec::new()))
    }
    fn visit_u64<E>(self, _: u64) -> Result<Content, E> {
        Ok(Content(Vec::new()))
    }
    fn visit_f64<E>(self, _: f64) -> Result<Content, E> {
        Ok(Content(Vec::new()))
    }
    fn visit_unit<E>(self) -> Result<Content, E> {
        Ok(Content(Vec::new()))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Content, A::Error> {
        while map
            .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
            .is_some()
        {}
        Ok(Content(Vec::new()))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Content, A::Error> {
        /// A content block: only the `text` of a `text` block is kept.
        #[derive(Deserialize)]
        struct Block {
            #[serde(rename = "type", default)]
            kind: Option<Value>,
            #[serde(default)]
            text: Option<Value>,
        }
        let mut texts = Vec::new();
        while let Some(block) = seq.next_element::<Option<Block>>()? {
            if let Some(Block {
                kind: Some(Value::String(kind)),
                text: Some(Value::String(text)),
            }) = block
                && kind == "text"
            {
                texts.push(text);
            }
        }
        Ok(Content(texts))
    }
}
