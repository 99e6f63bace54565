//! The payloads under the repository's `examples/` folder (used by the README)
//! are valid, match the published schema, and cover what the README promises.
//! (Here rather than in ask-contract: the folder is the workspace's, not part of
//! that crate's package.)

use std::path::PathBuf;

use ask_contract::{AskForm, AskResult, ParseOptions, QuestionType, json_schema, parse_params};
use serde_json::Value;

fn examples_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

fn load(name: &str) -> (Value, AskForm) {
    let path = examples_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let value: Value = serde_json::from_str(&text).expect("example is JSON");
    let form = parse_params(&value, ParseOptions::default())
        .unwrap_or_else(|e| panic!("{name} is invalid: {e}"));
    (value, form)
}

#[test]
fn every_example_is_valid_and_matches_the_schema() {
    let mut names: Vec<String> = std::fs::read_dir(examples_dir())
        .expect("examples/ exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|ext| ext == "json"))
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "mixed.json",
            "multi.json",
            "preview.json",
            "single.json",
            "typed.json"
        ]
    );
    for name in &names {
        let (value, _) = load(name);
        conforms(&json_schema(), &value, name).unwrap();
    }
}

#[test]
fn single_multi_preview_examples_have_their_type() {
    for (name, kind) in [
        ("single.json", QuestionType::Single),
        ("multi.json", QuestionType::Multi),
        ("preview.json", QuestionType::Preview),
    ] {
        let (_, form) = load(name);
        assert!(form.questions.iter().all(|q| q.kind == kind), "{name}");
    }
}

#[test]
fn typed_example_has_every_typed_question() {
    let (_, form) = load("typed.json");
    for kind in [
        QuestionType::Text,
        QuestionType::Number,
        QuestionType::Path,
        QuestionType::Confirm,
    ] {
        assert!(form.questions.iter().any(|q| q.kind == kind), "{kind:?}");
    }
    assert!(form.questions.iter().any(|q| q.rules.max_items.is_some()));
}

#[test]
fn mixed_example_covers_the_contract() {
    let (_, form) = load("mixed.json");
    assert!(form.title.is_some());
    for kind in [
        QuestionType::Single,
        QuestionType::Multi,
        QuestionType::Preview,
    ] {
        assert!(form.questions.iter().any(|q| q.kind == kind), "{kind:?}");
    }
    assert!(form.questions.iter().any(|q| q.required));
    assert!(
        form.questions
            .iter()
            .flat_map(|q| &q.options)
            .any(|o| o.description.is_some())
    );
    insta::assert_snapshot!(
        "mixed_non_interactive_text",
        AskResult::non_interactive(&form).text()
    );
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
    if let Some(options) = schema.get("enum").and_then(Value::as_array)
        && !options.contains(value)
    {
        return fail("not one of the enum values");
    }
    if let (Some(min), Some(s)) = (
        schema.get("minLength").and_then(Value::as_u64),
        value.as_str(),
    ) && (s.chars().count() as u64) < min
    {
        return fail("string too short");
    }
    if let Some(items) = value.as_array() {
        if let Some(min) = schema.get("minItems").and_then(Value::as_u64)
            && (items.len() as u64) < min
        {
            return fail("too few items");
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
