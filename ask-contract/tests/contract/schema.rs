//! The public input schema.

use ask_contract::{JSON_SCHEMA, json_schema};
use serde_json::Value;

#[test]
fn schema_snapshot() {
    // The text, key order included, is what `ask schema` prints.
    insta::assert_snapshot!("json_schema", JSON_SCHEMA.trim_end());
}

#[test]
fn the_schema_text_is_the_parsed_schema_pretty_printed() {
    let parsed: Value = serde_json::from_str(JSON_SCHEMA).unwrap();
    assert_eq!(json_schema(), parsed);
    assert!(parsed.is_object());
    // Pretty-printed as serde_json does, keys in the text's order.
    let ordered: indexmap::IndexMap<String, Value> = serde_json::from_str(JSON_SCHEMA).unwrap();
    assert_eq!(ordered.keys().next().map(String::as_str), Some("$schema"));
    assert!(JSON_SCHEMA.ends_with("}\n") && !JSON_SCHEMA.ends_with("\n\n"));
}

#[test]
fn schema_has_no_internal_freeform_marker() {
    let text = serde_json::to_string(&json_schema()).unwrap();
    assert!(!text.contains("freeform"), "{text}");
}

/// A tiny checker for the keywords the schema uses (type, required,
/// properties, items, enum, minItems, minLength), enough to prove that the
/// examples satisfy the published schema.
fn conforms(schema: &Value, value: &Value, path: &str) -> Result<(), String> {
    let fail = |why: &str| Err(format!("{path}: {why}"));
    if let Some(kind) = schema.get("type").and_then(Value::as_str) {
        let ok = match kind {
            "object" => value.is_object(),
            "array" => value.is_array(),
            "string" => value.is_string(),
            "boolean" => value.is_boolean(),
            _ => true,
        };
        if !ok {
            return fail(&format!("expected {kind}"));
        }
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        if !options.contains(value) {
            return fail("not one of the enum values");
        }
    }
    if let (Some(min), Some(s)) = (
        schema.get("minLength").and_then(Value::as_u64),
        value.as_str(),
    ) {
        if (s.chars().count() as u64) < min {
            return fail("string too short");
        }
    }
    if let Some(items) = value.as_array() {
        if let Some(min) = schema.get("minItems").and_then(Value::as_u64) {
            if (items.len() as u64) < min {
                return fail("too few items");
            }
        }
        if let Some(item_schema) = schema.get("items") {
            for (i, item) in items.iter().enumerate() {
                conforms(item_schema, item, &format!("{path}[{i}]"))?;
            }
        }
    }
    if let Some(object) = value.as_object() {
        for key in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !object.contains_key(key) {
                return fail(&format!("missing {key}"));
            }
        }
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            for (key, sub) in properties {
                if let Some(v) = object.get(key) {
                    conforms(sub, v, &format!("{path}.{key}"))?;
                }
            }
        }
    }
    Ok(())
}

#[test]
fn checker_rejects_what_the_schema_forbids() {
    let schema = json_schema();
    for bad in [
        serde_json::json!({}),
        serde_json::json!({"questions": []}),
        serde_json::json!({"questions": [{"id": "a", "prompt": "p", "options": [{"value": "v"}]}]}),
        serde_json::json!({"questions": [{"id": "a", "prompt": "p", "type": "dropdown",
            "options": [{"value": "v", "label": "l"}]}]}),
    ] {
        assert!(conforms(&schema, &bad, "payload").is_err(), "{bad}");
    }
}
