//! Typed questions in the client's own form: each type maps to the MCP primitive with its
//! rules, every request validates against the restricted `requestedSchema` of MCP
//! 2025-11-25, and typed replies give the result of the same scripted answers.

use crate::elicit::{self, Reply};
use ask_contract::{AskForm, ParseOptions, parse_params};
use rmcp::model::ElicitationSchema;
use serde_json::{Value, json};

fn typed_form() -> AskForm {
    parse_params(
        &json!({"title": "Deploy", "questions": [
            {"id": "name", "label": "Name", "type": "text", "prompt": "What should the project be called?",
             "minLength": 3, "maxLength": 20, "pattern": "^[a-z-]+$", "placeholder": "my-app", "default": "demo"},
            {"id": "mail", "label": "Mail", "type": "text", "prompt": "Who gets the report?", "format": "email"},
            {"id": "when", "label": "When", "type": "text", "prompt": "Which day?", "format": "date"},
            {"id": "replicas", "label": "Replicas", "type": "number", "prompt": "How many replicas?",
             "min": 1, "max": 10, "integer": true, "default": 3},
            {"id": "memory", "label": "Memory", "type": "number", "prompt": "How much memory?",
             "min": 0.5, "max": 64, "unit": "GB"},
            {"id": "ok", "label": "Go", "type": "confirm", "prompt": "Deploy now?",
             "yesLabel": "Deploy", "noLabel": "Wait", "default": true},
            {"id": "dir", "label": "Dir", "type": "path", "prompt": "Where?", "pathKind": "dir", "default": "src"},
            {"id": "envs", "label": "Envs", "type": "multi", "prompt": "Which environments?",
             "minItems": 1, "maxItems": 2, "default": ["dev"], "options": [
                {"value": "dev", "label": "Dev"}, {"value": "stage", "label": "Stage"}, {"value": "prod", "label": "Prod"}]},
            {"id": "db", "label": "DB", "prompt": "Which database?", "default": "lite", "options": [
                {"value": "pg", "label": "PostgreSQL"}, {"value": "lite", "label": "SQLite"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap()
}

fn choice_form() -> AskForm {
    parse_params(
        &json!({"questions": [
            {"id": "db", "prompt": "Which database?", "options": [
                {"value": "pg", "label": "PostgreSQL", "recommended": true, "description": "a server"},
                {"value": "lite", "label": "SQLite"}]},
            {"id": "feat", "type": "multi", "prompt": "Which features?", "options": [
                {"value": "a", "label": "Auth"}, {"value": "b", "label": "Billing"}]},
            {"id": "look", "type": "preview", "prompt": "Which layout?", "options": [
                {"value": "x", "label": "X", "preview": "left | right"}, {"value": "y", "label": "Y", "preview": "top"}]}
        ]}),
        ParseOptions::default(),
    )
    .unwrap()
}

/// The restricted `requestedSchema` of MCP 2025-11-25, closed: the specification's
/// TypeScript types are closed interfaces, but the generated JSON Schema leaves every
/// primitive open (`additionalProperties` unset), under which a property with any extra
/// keyword (a nested `properties`, `uniqueItems`, `pattern`) would still pass.
fn restricted_validator() -> jsonschema::Validator {
    let text = include_str!("fixtures/mcp-2025-11-25-requested-schema.json");
    let mut schema: Value = serde_json::from_str(text).unwrap();
    for (name, def) in schema["$defs"].as_object_mut().unwrap() {
        if name != "PrimitiveSchemaDefinition" {
            def["additionalProperties"] = json!(false);
            if let Some(items) = def["properties"].get_mut("items") {
                items["additionalProperties"] = json!(false);
            }
            // The {const, title} choices: `oneOf` on single-select, `items.anyOf` on multi.
            let props = &mut def["properties"];
            if let Some(choice) = props.get_mut("oneOf") {
                choice["items"]["additionalProperties"] = json!(false);
            }
            if let Some(choice) = props
                .get_mut("items")
                .and_then(|i| i["properties"].get_mut("anyOf"))
            {
                choice["items"]["additionalProperties"] = json!(false);
            }
        }
    }
    jsonschema::validator_for(&schema).unwrap()
}

fn problems(validator: &jsonschema::Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn every_request_is_a_valid_restricted_requested_schema_of_mcp_2025_11_25() {
    let validator = restricted_validator();
    let freeform = parse_params(
        &json!({"questions": [{"id": "why", "prompt": "Why?", "options": [{"value": "freeform", "label": "x", "freeform": true}]}]}),
        ParseOptions::default().freeform(true),
    )
    .unwrap();
    for form in [typed_form(), choice_form(), freeform] {
        let request = elicit::request(&form);
        let schema = request.requested_schema();
        let found = problems(&validator, schema);
        assert!(found.is_empty(), "{found:?}\n{schema:#}");
        // The text sent on the wire (form order) is the same schema.
        let text: Value = serde_json::from_str(request.requested_schema_text()).unwrap();
        assert_eq!(&text, schema);
    }
    // The oracle can fail: a nested object and an unknown keyword are refused.
    let nested =
        json!({"type": "object", "properties": {"a": {"type": "object", "properties": {}}}});
    assert!(!problems(&validator, &nested).is_empty());
    let extra =
        json!({"type": "object", "properties": {"a": {"type": "string", "pattern": "^x$"}}});
    assert!(!problems(&validator, &extra).is_empty());
    let unique = json!({"type": "object", "properties": {"a": {"type": "array", "uniqueItems": true,
        "items": {"anyOf": [{"const": "x", "title": "X"}]}}}});
    assert!(!problems(&validator, &unique).is_empty());
}

#[test]
fn typed_questions_map_to_the_primitive_of_their_type_with_their_rules() {
    let request = elicit::request(&typed_form());
    let p = &request.requested_schema()["properties"];
    let name = &p["q01_answer"];
    assert_eq!(name["type"], "string");
    assert_eq!(
        (name["minLength"].as_u64(), name["maxLength"].as_u64()),
        (Some(3), Some(20))
    );
    assert_eq!(name["default"], "demo");
    let description = name["description"].as_str().unwrap();
    assert!(
        description.starts_with("What should the project be called?"),
        "{description}"
    );
    assert!(description.contains("3 to 20 characters"), "{description}");
    // MCP 2025-11-25's string schema has no `pattern`: it is said, and checked on the reply.
    assert!(description.contains("matching ^[a-z-]+$"), "{description}");
    assert!(name.get("pattern").is_none());
    assert!(description.contains("For example: my-app"), "{description}");
    assert_eq!(p["q02_answer"]["format"], "email");
    assert_eq!(p["q03_answer"]["format"], "date");
    let replicas = &p["q04_answer"];
    assert_eq!(replicas["type"], "integer");
    assert_eq!(
        (replicas["minimum"].as_i64(), replicas["maximum"].as_i64()),
        (Some(1), Some(10))
    );
    assert_eq!(replicas["default"], 3);
    assert!(
        replicas["description"]
            .as_str()
            .unwrap()
            .contains("A whole number from 1 to 10")
    );
    let memory = &p["q05_answer"];
    assert_eq!(memory["type"], "number");
    assert_eq!(memory["minimum"].as_f64(), Some(0.5));
    assert_eq!(memory["title"], "Memory (GB)");
    // Yes or no is a choice with no default, never a boolean (an unticked box that
    // Accept would send as a "no" nobody chose); the suggested answer is named.
    let go = &p["q06_answer"];
    assert_eq!(go["type"], "string");
    assert!(go.get("default").is_none());
    assert_eq!(
        go["oneOf"],
        json!([{"const": "yes", "title": "Deploy (Recommended)"}, {"const": "no", "title": "Wait"}])
    );
    assert_eq!(p["q07_answer"]["type"], "string");
    assert_eq!(p["q07_answer"]["default"], "src");
    assert!(
        p["q07_answer"]["description"]
            .as_str()
            .unwrap()
            .contains("A directory path")
    );
    let envs = &p["q08_answer"];
    assert_eq!(
        (envs["minItems"].as_u64(), envs["maxItems"].as_u64()),
        (Some(1), Some(2))
    );
    assert!(envs.get("default").is_none());
    assert_eq!(envs["items"]["anyOf"][0]["title"], "Dev (Recommended)");
    assert!(
        envs["description"]
            .as_str()
            .unwrap()
            .contains("Choose 1 to 2")
    );
    assert_eq!(p["q09_answer"]["oneOf"][1]["title"], "SQLite (Recommended)");
    // One field per question, then the note: ten rows for nine questions.
    assert_eq!(p.as_object().unwrap().len(), 10);
    assert_eq!(
        request
            .fields()
            .iter()
            .filter(|f| p.get(&f.answer).is_some())
            .count(),
        9
    );
    // Nothing is preset but the typed defaults the editor would show too.
    let preset: Vec<&String> = p
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, f)| f.get("default").is_some())
        .map(|(n, _)| n)
        .collect();
    assert_eq!(preset, ["q01_answer", "q04_answer", "q07_answer"]);
}

#[test]
fn the_sdk_reads_typed_requests_without_losing_a_rule() {
    let request = elicit::request(&typed_form());
    let parsed: ElicitationSchema = serde_json::from_str(request.requested_schema_text()).unwrap();
    let wire = serde_json::to_value(&parsed).unwrap();
    let ours = request.requested_schema();
    let names: Vec<&String> = wire["properties"].as_object().unwrap().keys().collect();
    assert_eq!(names.len(), ours["properties"].as_object().unwrap().len());
    for (name, field) in ours["properties"].as_object().unwrap() {
        for (key, value) in field.as_object().unwrap() {
            let sent = &wire["properties"][name][key];
            // rmcp writes a number schema's bounds as floats (1 -> 1.0).
            let same = match (value, sent) {
                (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
                _ => value == sent,
            };
            assert!(same, "{name}.{key}: {value} became {sent}");
        }
    }
}

#[test]
fn a_typed_reply_gives_the_result_of_the_same_scripted_answers() {
    let form = typed_form();
    let request = elicit::request(&form);
    let reply = json!({"q01_answer": " my-app ", "q02_answer": "ops@example.com", "q03_answer": "2026-12-01",
        "q04_answer": 4, "q05_answer": 1.5, "q06_answer": "no",
        "q07_answer": "src/bin", "q08_answer": ["prod", "dev"], "q09_answer": "pg", "to_agent": "after the freeze?"});
    let result = elicit::reply_result(&request, &Reply::Accept(reply)).unwrap();
    let scripted = ask_state::scripted::scripted_result(
        &form,
        &json!({"mode": "elaborate", "answers": {
            "name": {"value": "my-app", "note": "after the freeze?"}, "mail": {"value": "ops@example.com"},
            "when": {"value": "2026-12-01"}, "replicas": {"value": 4}, "memory": {"value": 1.5}, "ok": {"value": false},
            "dir": {"value": "src/bin"}, "envs": {"values": ["dev", "prod"]}, "db": {"values": ["pg"]}}}),
    )
    .unwrap();
    assert_eq!(result, scripted);
    let answers = &result.details.answers;
    assert_eq!(answers["replicas"].value, Some(json!(4)));
    assert_eq!(answers["ok"].value, Some(json!(false)));
    assert_eq!(answers["name"].value, Some(json!("my-app")));
    // Unanswered typed questions stay unanswered: a default is never sent for the person.
    let result = elicit::reply_result(&request, &Reply::Accept(json!({}))).unwrap();
    assert!(result.details.answers.values().all(|a| !a.is_committed()));
    assert!(!result.details.answers.contains_key("ok"));
    let yes = elicit::reply_result(&request, &Reply::Accept(json!({"q06_answer": "yes"}))).unwrap();
    assert_eq!(yes.details.answers["ok"].value, Some(json!(true)));
}

#[test]
fn typed_replies_outside_their_rules_or_of_the_wrong_type_are_refused() {
    let request = elicit::request(&typed_form());
    let err = request
        .answers(&json!({"q04_answer": "many", "q06_answer": true, "q05_answer": [1]}))
        .map(|_| ())
        .unwrap_err();
    let text = err.to_string();
    for needle in [
        "content.q06_answer: is true; expected \"yes\" or \"no\"",
        "content.q05_answer: is [1]; expected a number",
    ] {
        assert!(text.contains(needle), "{needle} not in {text}");
    }
    // The rules are those of the form, checked where the scripted answers are applied.
    for (reply, rule) in [
        (json!({"q04_answer": 12}), "at most 10"),
        (json!({"q04_answer": 2.5}), "a whole number"),
        (json!({"q01_answer": "ab"}), "at least 3 characters"),
        (json!({"q01_answer": "My App"}), "does not match ^[a-z-]+$"),
        (json!({"q02_answer": "not mail"}), "e-mail"),
        (json!({"q08_answer": ["dev", "stage", "prod"]}), "at most 2"),
    ] {
        let err = elicit::reply_result(&request, &Reply::Accept(reply.clone())).unwrap_err();
        assert!(err.to_string().contains(rule), "{reply}: {err}");
    }
}
