//! The public input schema.

use ask_contract::payload::{JSON_SCHEMA, json_schema};
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

/// The schema, compiled by a JSON Schema implementation, is a valid draft 2020-12 schema,
/// refuses what the parser refuses for its shape (no questions, an option without a
/// label, an unknown type) and accepts a canonical payload of every question type.
#[test]
fn the_published_schema_agrees_with_the_parser() {
    let schema = jsonschema::validator_for(&json_schema()).expect("the schema compiles");
    for bad in [
        serde_json::json!({}),
        serde_json::json!({"questions": []}),
        serde_json::json!({"questions": [{"id": "a", "prompt": "p", "options": [{"value": "v"}]}]}),
        serde_json::json!({"questions": [{"id": "a", "prompt": "p", "type": "dropdown",
            "options": [{"value": "v", "label": "l"}]}]}),
    ] {
        assert!(!schema.is_valid(&bad), "the schema accepts {bad}");
        assert!(
            ask_contract::parse_params(&bad, ask_contract::ParseOptions::default()).is_err(),
            "the parser accepts {bad}"
        );
    }
    // A payload with every question type and the keywords each takes. (The parser is
    // more lenient than the schema in places, e.g. `"type": "TEXT"`; the schema says what
    // an agent should send, so only canonical payloads are checked both ways.)
    let good = serde_json::json!({"title": "T", "questions": [
        {"id": "s", "label": "S", "prompt": "p", "type": "single", "required": true, "options": [
            {"value": "a", "label": "A", "description": "d", "recommended": true}, {"value": "b", "label": "B"}]},
        {"id": "m", "prompt": "p", "type": "multi", "minItems": 1, "maxItems": 2, "options": [
            {"value": "a", "label": "A"}, {"value": "b", "label": "B"}]},
        {"id": "v", "prompt": "p", "type": "preview", "options": [
            {"value": "a", "label": "A", "preview": "fn a() {}"}]},
        {"id": "t", "prompt": "p", "type": "text", "placeholder": "x", "multiline": false,
            "minLength": 1, "maxLength": 9, "pattern": "^[a-z]+$"},
        {"id": "e", "prompt": "p", "type": "text", "format": "email"},
        {"id": "c", "prompt": "p", "type": "confirm", "yesLabel": "Y", "noLabel": "N", "default": true},
        {"id": "n", "prompt": "p", "type": "number", "min": 0, "max": 10, "integer": true, "unit": "GB"},
        {"id": "f", "prompt": "p", "type": "path", "pathKind": "file", "mustExist": false}]});
    ask_contract::parse_params(&good, ask_contract::ParseOptions::default())
        .expect("the parser accepts the canonical payload");
    let errors: Vec<String> = schema
        .iter_errors(&good)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "the schema refuses {errors:#?}");
}
