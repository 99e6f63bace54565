//! A request's text read without its properties as one tree: [`head`] reads the request
//! as a value whose `requestedSchema.properties` objects are empty (their names kept
//! apart), [`properties`] hands the property schemas over one at a time. A request of
//! 100,000 properties then costs one small value at a time instead of 100,000 `serde_json`
//! maps held together.
//!
//! Both refuse (`None`) what the whole value would read differently or what is not a
//! request worth streaming: a repeated key on the way to the properties, a repeated
//! property name, a path object that is not an object, `serde_json`'s private number key.
//! The caller then reads the request as one value, as before.

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::{Map, Value};

/// The key `serde_json`'s `arbitrary_precision` feature wraps numbers in.
const PRIVATE_NUMBER_KEY: &str = "$serde_json::private::Number";

/// The property names of the two places a request may put its schema, in text order.
#[derive(Default)]
pub(super) struct Names {
    /// `requestedSchema.properties` at the root.
    pub(super) root: Vec<String>,
    /// `params.requestedSchema.properties`.
    pub(super) params: Vec<String>,
}

/// An object on the way to the properties.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    /// The request itself.
    Root,
    /// `params`.
    Params,
    /// `requestedSchema` (in `params` or not).
    Schema { in_params: bool },
    /// `requestedSchema.properties`.
    Properties { in_params: bool },
}

impl Step {
    /// Where `key` of this object leads, when it is on the way.
    fn next(self, key: &str) -> Option<Step> {
        match (self, key) {
            (Step::Root, "params") => Some(Step::Params),
            (Step::Root, "requestedSchema") => Some(Step::Schema { in_params: false }),
            (Step::Params, "requestedSchema") => Some(Step::Schema { in_params: true }),
            (Step::Schema { in_params }, "properties") => Some(Step::Properties { in_params }),
            _ => None,
        }
    }
}

/// The request as a value with empty `properties`, and their names.
pub(super) fn head(text: &str) -> Option<(Value, Names)> {
    let mut names = Names::default();
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Head {
        step: Step::Root,
        names: &mut names,
    }
    .deserialize(&mut de)
    .ok()?;
    de.end().ok()?;
    for list in [&names.root, &names.params] {
        let mut unique = HashSet::with_capacity(list.len());
        if !list.iter().all(|name| unique.insert(name.as_str())) {
            return None;
        }
    }
    Some((value, names))
}

/// Calls `each` with every property of the request's schema (the one in `params` when
/// `in_params`), in text order.
pub(super) fn properties(
    text: &str,
    in_params: bool,
    each: &mut dyn FnMut(&str, &Value),
) -> Option<()> {
    let mut de = serde_json::Deserializer::from_str(text);
    Walk {
        step: Step::Root,
        in_params,
        each,
    }
    .deserialize(&mut de)
    .ok()?;
    de.end().ok()
}

/// Reads an object on the way to the properties as a value.
struct Head<'n> {
    step: Step,
    names: &'n mut Names,
}

impl<'de> DeserializeSeed<'de> for Head<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Head<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == PRIVATE_NUMBER_KEY {
                return Err(de::Error::custom("a number"));
            }
            if let Step::Properties { in_params } = self.step {
                map.next_value::<IgnoredAny>()?;
                let list = if in_params {
                    &mut self.names.params
                } else {
                    &mut self.names.root
                };
                list.push(key);
                continue;
            }
            let value = match self.step.next(&key) {
                Some(_) if out.contains_key(&key) => {
                    return Err(de::Error::custom("a repeated key"));
                }
                Some(step) => map.next_value_seed(Head {
                    step,
                    names: &mut *self.names,
                })?,
                None => map.next_value::<Value>()?,
            };
            out.insert(key, value);
        }
        Ok(Value::Object(out))
    }
}

/// Walks to the chosen properties and hands each over.
struct Walk<'f> {
    step: Step,
    in_params: bool,
    each: &'f mut dyn FnMut(&str, &Value),
}

impl<'de> DeserializeSeed<'de> for Walk<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if let Step::Properties { .. } = self.step {
                let schema = map.next_value::<Value>()?;
                (self.each)(&key, &schema);
                continue;
            }
            let next = self.step.next(&key).filter(|step| match step {
                Step::Params => self.in_params,
                Step::Schema { in_params } | Step::Properties { in_params } => {
                    *in_params == self.in_params
                }
                Step::Root => false,
            });
            match next {
                Some(step) => map.next_value_seed(Walk {
                    step,
                    in_params: self.in_params,
                    each: &mut *self.each,
                })?,
                None => map.next_value::<IgnoredAny>().map(drop)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::ElicitationForm;
    use super::*;

    /// The form from the text and from the whole value, which must agree.
    fn both(
        text: &str,
    ) -> (
        Result<ElicitationForm, String>,
        Result<ElicitationForm, String>,
    ) {
        let value: Value = serde_json::from_str(text).expect("JSON");
        (
            ElicitationForm::from_request_str(text).map_err(|e| e.to_string()),
            ElicitationForm::from_request(&value).map_err(|e| e.to_string()),
        )
    }

    #[test]
    fn head_keeps_the_names_of_both_places_and_empties_their_properties() {
        let text = r#"{"requestedSchema": {"properties": {"b": {"type": "string"}}},
            "params": {"message": "M", "requestedSchema": {"type": "object",
            "properties": {"a": {"type": "string"}, "c": {"type": "boolean"}}}}}"#;
        let (value, names) = head(text).expect("a request");
        assert_eq!(names.root, ["b"]);
        assert_eq!(names.params, ["a", "c"]);
        assert_eq!(
            value["params"]["requestedSchema"],
            serde_json::json!({"type": "object", "properties": {}})
        );
        let mut seen = Vec::new();
        properties(text, true, &mut |name, schema| {
            seen.push((name.to_owned(), schema["type"].clone()));
        })
        .expect("walked");
        assert_eq!(
            seen,
            [
                ("a".into(), "string".into()),
                ("c".into(), "boolean".into())
            ]
        );
        let (text_form, value_form) = both(text);
        assert_eq!(text_form, value_form);
        assert_eq!(text_form.expect("valid").form().questions.len(), 2);
    }

    #[test]
    fn what_the_whole_value_reads_differently_is_left_to_it() {
        for text in [
            // A repeated property: the last schema counts, as in a value.
            r#"{"message": "M", "requestedSchema": {"properties": {"a": {"type": "string"},
                "a": {"type": "boolean"}}}}"#,
            // A repeated schema.
            r#"{"message": "M", "requestedSchema": {"properties": {"a": {"type": "string"}}},
                "requestedSchema": {"properties": {"b": {"type": "boolean"}}}}"#,
        ] {
            assert!(head(text).is_none(), "{text}");
            let (text_form, value_form) = both(text);
            assert_eq!(text_form, value_form, "{text}");
            assert!(text_form.is_ok(), "{text}");
        }
        // An invalid property: the same issues either way.
        let text = r#"{"message": "M", "requestedSchema": {"properties": {"a": {"type": "date"}},
            "required": ["a", "z"]}}"#;
        let (text_form, value_form) = both(text);
        assert!(text_form.is_err());
        assert_eq!(text_form, value_form);
    }
}
