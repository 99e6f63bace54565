//! MCP elicitation end to end without a terminal: generated `requestedSchema`s of every
//! shape (strings with formats and lengths, numbers and integers with bounds, booleans,
//! titled and untitled single- and multi-select enums, defaults, required) become forms,
//! scripted answers answer them, and the MCP content must validate against the schema,
//! with the `jsonschema` crate (formats checked) as the oracle. The closed flow keeps
//! Submit back until required questions are answered, and tells dismiss from Cancel.

use ask_contract::elicitation::{ElicitationEnd, ElicitationForm};
use ask_keymap::Keymap;
use ask_state::{Flow, FlowOptions, scripted::scripted_result};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

use crate::support::{behaviour, drive};

/// One property schema and a valid answer for it (`None`: leave it unanswered).
#[derive(Debug, Clone)]
struct Prop {
    schema: Value,
    answer: Value,
}

const FORMATS: [(&str, &str); 4] = [
    ("email", "me@example.com"),
    ("uri", "https://example.com/a"),
    ("date", "2026-12-01"),
    ("date-time", "2026-12-01T09:30:00Z"),
];

fn string_prop() -> impl Strategy<Value = Prop> {
    prop_oneof![
        (0..4usize, any::<bool>()).prop_map(|(f, with_default)| {
            let (format, sample) = FORMATS[f];
            let mut schema = json!({"type": "string", "format": format, "title": format,
                                    "minLength": 1, "maxLength": 40});
            if with_default {
                schema["default"] = json!(sample);
            }
            Prop { schema, answer: json!({"value": sample}) }
        }),
        (0..5u64, 0..20u64, "[a-z]{0,30}", any::<bool>()).prop_map(|(min, extra, text, with_default)| {
            let max = min + extra;
            let mut schema = json!({"type": "string", "description": "Some text", "minLength": min, "maxLength": max});
            let mut answer: String = text.chars().take(usize::try_from(max).unwrap_or(0)).collect();
            while (answer.chars().count() as u64) < min.max(1) {
                answer.push('x');
            }
            if answer.chars().count() as u64 > max {
                // maxLength 0 and nothing fits: leave it unanswered.
                return Prop { schema, answer: Value::Null };
            }
            if with_default {
                schema["default"] = json!(answer.clone());
            }
            Prop { schema, answer: json!({"value": answer}) }
        }),
        (0..PATTERNS.len(), any::<bool>()).prop_map(|(k, with_default)| {
            let (pattern, sample) = PATTERNS[k];
            let mut schema = json!({"type": "string", "pattern": pattern, "maxLength": 40});
            if with_default {
                schema["default"] = json!(sample);
            }
            Prop { schema, answer: json!({"value": sample}) }
        }),
    ]
}

/// Patterns written alike in ECMA-262 (the oracle's dialect) and the Rust `regex`
/// dialect the form checks with, and a text each matches.
const PATTERNS: [(&str, &str); 5] = [
    ("^[a-z][a-z0-9-]*$", "my-app"),
    ("^[0-9]{3}-[0-9]{4}$", "555-1234"),
    ("^(dev|staging|prod)$", "prod"),
    ("[A-Z]+-\\d+", "see ASK-21 please"),
    ("^\\w+@\\w+\\.com$", "me@example.com"),
];

fn number_prop() -> impl Strategy<Value = Prop> {
    (-100i64..100, 0i64..50, any::<bool>(), 0.0f64..1.0, any::<bool>()).prop_map(|(min, span, integer, at, with_default)| {
        let max = min + span;
        #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation)]
        let value = if integer {
            json!(min + (span as f64 * at) as i64)
        } else {
            json!(min as f64 + span as f64 * at)
        };
        let mut schema = json!({"type": if integer { "integer" } else { "number" }, "minimum": min, "maximum": max});
        if with_default {
            schema["default"] = json!(min);
        }
        Prop { schema, answer: json!({"value": value}) }
    })
}

fn boolean_prop() -> impl Strategy<Value = Prop> {
    (any::<bool>(), any::<bool>()).prop_map(|(yes, with_default)| {
        let mut schema = json!({"type": "boolean", "title": "Sure?"});
        if with_default {
            schema["default"] = json!(!yes);
        }
        Prop {
            schema,
            answer: json!({"value": yes}),
        }
    })
}

fn choices(n: usize) -> Vec<String> {
    (0..n).map(|k| format!("c{k}")).collect()
}

fn enum_prop() -> impl Strategy<Value = Prop> {
    (1..6usize, any::<bool>(), 0..6usize, any::<bool>()).prop_map(
        |(n, titled, pick, with_default)| {
            let values = choices(n);
            let mut schema = if titled {
                let one_of: Vec<Value> = values
                    .iter()
                    .map(|v| json!({"const": v, "title": format!("Title {v}")}))
                    .collect();
                json!({"type": "string", "oneOf": one_of})
            } else {
                json!({"type": "string", "enum": values})
            };
            if with_default {
                schema["default"] = json!(values[0]);
            }
            Prop {
                schema,
                answer: json!({"values": [values[pick % n]]}),
            }
        },
    )
}

fn multi_prop() -> impl Strategy<Value = Prop> {
    (
        1..6usize,
        any::<bool>(),
        0..6usize,
        0..6usize,
        any::<bool>(),
    )
        .prop_map(|(n, titled, lo, hi, with_default)| {
            let values = choices(n);
            let min = lo % n + 1;
            let max = min + hi % (n - min + 1);
            let items = if titled {
                let any_of: Vec<Value> = values
                    .iter()
                    .map(|v| json!({"const": v, "title": v.to_uppercase()}))
                    .collect();
                json!({"anyOf": any_of})
            } else {
                json!({"type": "string", "enum": values})
            };
            let mut schema =
                json!({"type": "array", "items": items, "minItems": min, "maxItems": max});
            if with_default {
                schema["default"] = json!(values[..min].to_vec());
            }
            Prop {
                schema,
                answer: json!({"values": values[..max].to_vec()}),
            }
        })
}

fn any_prop() -> impl Strategy<Value = Prop> {
    prop_oneof![
        string_prop(),
        number_prop(),
        boolean_prop(),
        enum_prop(),
        multi_prop()
    ]
}

/// A request, its scripted answers and its schema.
fn request() -> impl Strategy<Value = (Value, Value, Value)> {
    prop::collection::vec((any_prop(), any::<bool>(), any::<bool>()), 1..7).prop_map(|props| {
        let mut properties = Map::new();
        let mut answers = Map::new();
        let mut required = Vec::new();
        for (k, (p, is_required, skip)) in props.into_iter().enumerate() {
            let name = format!("p{k}");
            let answerable = !p.answer.is_null();
            if is_required && answerable {
                required.push(json!(name));
            }
            if answerable && (is_required || !skip) {
                answers.insert(name.clone(), p.answer);
            }
            properties.insert(name, p.schema);
        }
        let schema = json!({"type": "object", "properties": properties, "required": required});
        let request = json!({"method": "elicitation/create", "params": {"mode": "form",
            "message": "Generated request", "requestedSchema": schema}});
        (request, json!({"answers": answers}), schema)
    })
}

fn oracle(schema: &Value) -> jsonschema::Validator {
    jsonschema::options()
        .should_validate_formats(true)
        .build(schema)
        .expect("generated schemas are valid JSON Schema")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn scripted_answers_to_any_request_give_content_the_schema_accepts((request, answers, schema) in request()) {
        let form = ElicitationForm::from_request(&request).expect("generated requests are valid");
        let result = scripted_result(form.form(), &answers).expect("generated answers are valid");
        let mcp = form.result(&result, ElicitationEnd::from_result(&result, false)).expect("answers fit the schema").to_json();
        prop_assert_eq!(&mcp["action"], "accept");
        let content = &mcp["content"];
        let validator = oracle(&schema);
        let errors: Vec<String> = validator.iter_errors(content).map(|e| e.to_string()).collect();
        prop_assert!(errors.is_empty(), "content {} breaks the schema: {:?}", content, errors);
        // Every answered property is in the content, nothing else.
        let sent: Vec<&String> = content.as_object().map(|o| o.keys().collect()).unwrap_or_default();
        prop_assert_eq!(sent.len(), answers["answers"].as_object().map_or(0, Map::len));
    }
}

/// The spec's example schemas (2025-11-25 client/elicitation), inline so the packaged
/// crate's tests read nothing outside it: (name, requestedSchema, scripted answers).
fn spec_examples() -> Vec<(&'static str, Value, Value)> {
    let one = |prop: Value| json!({"type": "object", "properties": {"value": prop}});
    vec![
        (
            "simple text",
            json!({"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}),
            json!({"name": {"value": "octocat"}}),
        ),
        (
            "structured data",
            json!({"type": "object", "properties": {
            "name": {"type": "string", "description": "Your full name"},
            "email": {"type": "string", "format": "email", "description": "Your email address"},
            "age": {"type": "number", "minimum": 18, "description": "Your age"}}, "required": ["name", "email"]}),
            json!({"name": {"value": "Monalisa Octocat"}, "email": {"value": "octocat@github.com"}, "age": {"value": 30}}),
        ),
        // The spec's string example as it stands: `pattern: ^[A-Za-z]+$` together with
        // `format: email`, which no text meets (nor its own default, so it is not
        // suggested); left unanswered, as it is not required, it still submits.
        (
            "string",
            one(
                json!({"type": "string", "title": "Display Name", "description": "Description text",
            "minLength": 3, "maxLength": 50, "pattern": "^[A-Za-z]+$", "format": "email", "default": "user@example.com"}),
            ),
            json!({}),
        ),
        (
            "string without the pattern",
            one(
                json!({"type": "string", "title": "Display Name", "description": "Description text",
            "minLength": 3, "maxLength": 50, "format": "email", "default": "user@example.com"}),
            ),
            json!({"value": {"value": "user@example.com"}}),
        ),
        (
            "number",
            one(json!({"type": "number", "minimum": 0, "maximum": 100, "default": 50})),
            json!({"value": {"value": 50}}),
        ),
        (
            "integer",
            one(json!({"type": "integer", "minimum": 0, "maximum": 100, "default": 50})),
            json!({"value": {"value": 7}}),
        ),
        (
            "boolean",
            one(json!({"type": "boolean", "default": false})),
            json!({"value": {"value": true}}),
        ),
        (
            "enum",
            one(json!({"type": "string", "enum": ["Red", "Green", "Blue"], "default": "Red"})),
            json!({"value": {"values": ["Green"]}}),
        ),
        (
            "titled enum",
            one(
                json!({"type": "string", "oneOf": [{"const": "#FF0000", "title": "Red"},
            {"const": "#00FF00", "title": "Green"}, {"const": "#0000FF", "title": "Blue"}], "default": "#FF0000"}),
            ),
            json!({"value": {"values": ["#0000FF"]}}),
        ),
        (
            "multi",
            one(json!({"type": "array", "minItems": 1, "maxItems": 2,
            "items": {"type": "string", "enum": ["Red", "Green", "Blue"]}, "default": ["Red", "Green"]})),
            json!({"value": {"values": ["Red", "Blue"]}}),
        ),
        (
            "titled multi",
            one(
                json!({"type": "array", "minItems": 1, "maxItems": 2, "items": {"anyOf": [
            {"const": "#FF0000", "title": "Red"}, {"const": "#00FF00", "title": "Green"}, {"const": "#0000FF", "title": "Blue"}]},
            "default": ["#FF0000", "#00FF00"]}),
            ),
            json!({"value": {"values": ["#00FF00"]}}),
        ),
    ]
}

fn request_for(schema: &Value) -> ElicitationForm {
    ElicitationForm::from_request(&json!({"message": "Spec example", "requestedSchema": schema}))
        .expect("valid")
}

#[test]
fn the_spec_examples_answer_with_content_their_schema_accepts() {
    for (name, schema, answers) in spec_examples() {
        let form = request_for(&schema);
        let result = scripted_result(form.form(), &json!({"answers": answers})).expect(name);
        let mcp = form
            .result(&result, ElicitationEnd::Submitted)
            .expect(name)
            .to_json();
        assert_eq!(mcp["action"], "accept", "{name}");
        assert!(oracle(&schema).is_valid(&mcp["content"]), "{name}: {mcp}");
    }
    // The structured example gives exactly the response the spec shows.
    let (_, schema, answers) = spec_examples().swap_remove(1);
    let form = request_for(&schema);
    let result = scripted_result(form.form(), &json!({"answers": answers})).unwrap();
    assert_eq!(
        form.result(&result, ElicitationEnd::Submitted)
            .unwrap()
            .to_json(),
        json!({"action": "accept", "content": {"name": "Monalisa Octocat", "email": "octocat@github.com", "age": 30}})
    );
    // The string example's default breaks its own pattern: not suggested, and refused.
    let (_, schema, _) = spec_examples().swap_remove(2);
    let string = request_for(&schema);
    assert_eq!(string.form().questions[0].rules.default, None);
    let err = scripted_result(
        string.form(),
        &json!({"answers": {"value": {"value": "user@example.com"}}}),
    )
    .expect_err("the pattern refuses it");
    assert!(
        err.to_string().contains("does not match ^[A-Za-z]+$"),
        "{err}"
    );
}

#[test]
fn a_closed_flow_waits_for_required_answers_and_tells_dismiss_from_cancel() {
    let (_, schema, _) = spec_examples().swap_remove(1);
    let form = request_for(&schema);
    let options = FlowOptions::default().closed(true);
    let mut f = Flow::new(
        form.form().clone(),
        behaviour(),
        Keymap::default(),
        options.clone(),
    );
    // Properties of a `Value` come sorted: age, email, name. Only the age is answered;
    // email and name are required.
    drive(&mut f, "\"30\" enter tab tab 1 1");
    assert!(!f.is_done());
    assert_eq!(
        f.hint(),
        Some("email: required: answer it. Fix it before you submit.")
    );
    let (result, _) = drive(&mut f, "3 3");
    let result = result.expect("the review's Cancel ends it");
    assert!(!f.dismissed());
    assert_eq!(
        form.result(&result, ElicitationEnd::from_result(&result, f.dismissed()))
            .unwrap()
            .to_json(),
        json!({"action": "decline"})
    );
    let mut f = Flow::new(form.form().clone(), behaviour(), Keymap::default(), options);
    let (result, _) = drive(&mut f, "ctrl+c");
    let result = result.expect("dismissed");
    assert!(f.dismissed());
    assert_eq!(
        form.result(&result, ElicitationEnd::from_result(&result, f.dismissed()))
            .unwrap()
            .to_json(),
        json!({"action": "cancel"})
    );
}
