//! `elicitation/create` form request -> [`AskForm`]: the restricted schema checked
//! property by property (issues name the property and the rule), then turned into a
//! payload that the normal validation checks again (defaults against their own rules,
//! bounds against each other), its issues mapped back to schema paths.

use indexmap::IndexMap;
use serde_json::{Map, Value, json};

use super::issues::schema_issue;
use super::{CONFIRM_ID, ElicitationForm, Field, FieldKind};
use crate::issue::{ContractError, Issue};
use crate::parse::ParseOptions;

/// The JSON Schema keywords of each MCP primitive that map to a question rule:
/// (schema keyword, payload field).
const STRING_RULES: &[(&str, &str)] = &[
    ("minLength", "minLength"),
    ("maxLength", "maxLength"),
    ("format", "format"),
    ("pattern", "pattern"),
    ("default", "default"),
];
const NUMBER_RULES: &[(&str, &str)] = &[
    ("minimum", "min"),
    ("maximum", "max"),
    ("default", "default"),
];
const ARRAY_RULES: &[(&str, &str)] = &[
    ("minItems", "minItems"),
    ("maxItems", "maxItems"),
    ("default", "default"),
];

/// Keywords of a property that restrict its value and that no question rule expresses:
/// an answer could break them, so a request using one is refused, naming it (keyword,
/// what to do instead).
const UNENFORCED: &[(&str, &str)] = &[
    (
        "exclusiveMinimum",
        "use minimum (the form's bounds are inclusive)",
    ),
    (
        "exclusiveMaximum",
        "use maximum (the form's bounds are inclusive)",
    ),
    (
        "multipleOf",
        "drop it and check the value in the reply, or list the values as an enum",
    ),
    (
        "const",
        "a fixed value needs no question: leave the property out",
    ),
    ("not", "drop it"),
    ("allOf", "drop it"),
    ("if", "drop it"),
    ("contains", "drop it"),
    ("minContains", "drop it"),
    ("maxContains", "drop it"),
    ("prefixItems", "use items with enum or anyOf"),
];

/// The same for the whole `requestedSchema`.
const UNENFORCED_OBJECT: &[(&str, &str)] = &[
    (
        "minProperties",
        "mark the properties that must be answered as required",
    ),
    ("maxProperties", "drop it"),
    (
        "dependentRequired",
        "mark the properties that must be answered as required",
    ),
    ("dependentSchemas", "drop it"),
    ("allOf", "drop it"),
    ("anyOf", "drop it"),
    ("oneOf", "drop it"),
    ("not", "drop it"),
    ("if", "drop it"),
];

/// Refuses the `keywords` present in `obj` (at `path`).
fn unenforced(r: &mut Reader, path: &str, obj: &Map<String, Value>, keywords: &[(&str, &str)]) {
    for (keyword, instead) in keywords {
        if obj.contains_key(*keyword) {
            r.issue(
                format!("{path}.{keyword}"),
                format!("is a rule the form cannot enforce, so an accepted answer could break it; {instead}"),
            );
        }
    }
}

/// The formats MCP defines for strings.
const FORMATS: [&str; 4] = ["email", "uri", "date", "date-time"];

impl ElicitationForm {
    /// Reads a form request: a whole JSON-RPC `elicitation/create` message, its `params`,
    /// or just `{"message", "requestedSchema"}`. Properties keep the order of the value's
    /// map (sorted by name unless `serde_json`'s `preserve_order` is on); use
    /// [`ElicitationForm::from_request_str`] to keep the request's own order.
    ///
    /// # Errors
    /// [`ContractError::InvalidElicitation`] listing every problem with its path
    /// (`requestedSchema.properties.age.minimum`), such as a `url` mode request, a
    /// property type MCP does not define, a `format` it does not define, bounds that
    /// contradict each other or a `default` outside its own rules.
    pub fn from_request(request: &Value) -> Result<Self, ContractError> {
        build(request, None)
    }

    /// Like [`ElicitationForm::from_request`] for the request's text, keeping the order in
    /// which it lists the properties.
    ///
    /// # Errors
    /// As [`ElicitationForm::from_request`]; text that is not JSON is one issue at `request`.
    pub fn from_request_str(text: &str) -> Result<Self, ContractError> {
        let value: Value = serde_json::from_str(text).map_err(|err| {
            invalid(vec![Issue::new(
                "request",
                format!(
                    "is not valid JSON ({err}); send the elicitation/create request or its params"
                ),
            )])
        })?;
        let order = serde_json::from_str::<Order>(text)
            .ok()
            .and_then(Order::names);
        build(&value, order.as_deref())
    }
}

/// Just the property names of a request, in their order.
#[derive(serde::Deserialize)]
struct Order {
    #[serde(default)]
    params: Option<Box<Order>>,
    #[serde(default, rename = "requestedSchema")]
    schema: Option<SchemaOrder>,
}

#[derive(serde::Deserialize)]
struct SchemaOrder {
    #[serde(default)]
    properties: IndexMap<String, serde::de::IgnoredAny>,
}

impl Order {
    fn names(self) -> Option<Vec<String>> {
        match (self.params, self.schema) {
            (Some(params), _) => params.names(),
            (None, Some(schema)) => Some(schema.properties.into_keys().collect()),
            (None, None) => None,
        }
    }
}

fn invalid(issues: Vec<Issue>) -> ContractError {
    ContractError::InvalidElicitation { issues }
}

/// Collects issues while a request is read.
struct Reader {
    issues: Vec<Issue>,
}

impl Reader {
    fn issue(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.issues.push(Issue::new(path, message));
    }
}

fn build(request: &Value, order: Option<&[String]>) -> Result<ElicitationForm, ContractError> {
    let mut r = Reader { issues: Vec::new() };
    let params = match request.get("method") {
        Some(Value::String(m)) if m == "elicitation/create" => {
            request.get("params").unwrap_or(&Value::Null)
        }
        Some(other) => {
            return Err(invalid(vec![Issue::new(
                "method",
                format!("is {other}; only \"elicitation/create\" requests open a form"),
            )]));
        }
        None => request.get("params").unwrap_or(request),
    };
    if !params.is_object() {
        return Err(invalid(vec![Issue::new(
            "params",
            "must be an object with message and requestedSchema",
        )]));
    }
    match params.get("mode") {
        None | Some(Value::Null) => {}
        Some(Value::String(m)) if m == "form" => {}
        Some(Value::String(m)) if m == "url" => {
            r.issue(
                "mode",
                "is \"url\": a URL elicitation opens a web page, not a form; only form mode requests can be shown",
            );
            return Err(invalid(r.issues));
        }
        Some(other) => r.issue("mode", format!("must be \"form\" (or absent), got {other}")),
    }
    let message = match params.get("message") {
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_owned(),
        Some(Value::String(_)) => {
            r.issue(
                "message",
                "must not be empty: it tells the user why the form is asked",
            );
            String::new()
        }
        None | Some(Value::Null) => {
            r.issue(
                "message",
                "is required: a human-readable reason for the request",
            );
            String::new()
        }
        Some(other) => {
            r.issue("message", format!("must be a string, got {other}"));
            String::new()
        }
    };
    let schema = params.get("requestedSchema").unwrap_or(&Value::Null);
    let Some(schema_obj) = schema.as_object() else {
        r.issue(
            "requestedSchema",
            format!(
                "must be a JSON Schema object with type \"object\" and properties, got {schema}"
            ),
        );
        return Err(invalid(r.issues));
    };
    match schema_obj.get("type") {
        None => {}
        Some(Value::String(t)) if t == "object" => {}
        Some(other) => r.issue(
            "requestedSchema.type",
            format!("must be \"object\" (a flat form of properties), got {other}"),
        ),
    }
    unenforced(&mut r, "requestedSchema", schema_obj, UNENFORCED_OBJECT);
    let empty = Map::new();
    let properties = match schema_obj.get("properties") {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(map)) => map,
        Some(other) => {
            r.issue(
                "requestedSchema.properties",
                format!("must be an object of property schemas, got {other}"),
            );
            &empty
        }
    };
    let required = required_names(&mut r, schema_obj, properties);
    let names: Vec<&String> = match order {
        Some(order)
            if order.len() == properties.len()
                && order.iter().all(|n| properties.contains_key(n)) =>
        {
            order.iter().collect()
        }
        _ => properties.keys().collect(),
    };
    // The payload is written as text, one question at a time, and read back by the
    // payload parser, which keeps only what validation reads: a request of 100,000
    // choices or properties never exists as a tree of JSON values twice over.
    let mut payload = Payload::default();
    let mut fields = Vec::with_capacity(names.len());
    let required: std::collections::HashSet<&str> = required.iter().map(String::as_str).collect();
    for name in names {
        let Some(prop) = properties.get(name) else {
            continue;
        };
        let path = format!("requestedSchema.properties.{name}");
        let is_required = required.contains(name.as_str());
        if let Some((question, options, kind)) = property(&mut r, &path, name, prop, is_required) {
            payload.question(&question, options.as_deref());
            fields.push(Field {
                name: name.clone(),
                kind,
                required: is_required,
            });
        }
    }
    if properties.is_empty() && !message.is_empty() {
        // Nothing to fill in: the request only asks to go ahead.
        payload.question(
            &json!({"id": CONFIRM_ID, "label": "Confirm", "prompt": message, "type": "confirm",
                              "yesLabel": "Accept", "noLabel": "Decline"}),
            None,
        );
    }
    let has_questions = payload.count > 0;
    let payload = payload.finish(&message);
    // The properties read so far are checked too, so every problem is listed at once.
    if has_questions {
        // Text written from JSON values always parses back.
        let parsed = crate::tree::Tree::parse(&payload)
            .map_err(|err| {
                invalid(vec![Issue::new(
                    "requestedSchema",
                    format!("cannot be read as a form ({err})"),
                )])
            })
            .and_then(|tree| crate::validate::validate(&tree, ParseOptions::default()));
        drop(payload);
        match parsed {
            Ok(form) if r.issues.is_empty() => return Ok(ElicitationForm { form, fields }),
            Ok(_) => {}
            Err(err) => r.issues.extend(
                err.issues()
                    .iter()
                    .map(|i| schema_issue(i, &fields, properties)),
            ),
        }
    }
    if r.issues.is_empty() {
        r.issue(
            "requestedSchema.properties",
            "has no property that can be shown",
        );
    }
    Err(invalid(r.issues))
}

/// The payload a request becomes, as JSON text.
#[derive(Default)]
struct Payload {
    text: String,
    count: usize,
}

impl Payload {
    /// Appends a question; `options` is its options array as JSON text.
    fn question(&mut self, question: &Value, options: Option<&str>) {
        self.text.push(if self.count == 0 { '[' } else { ',' });
        self.count += 1;
        let body = question.to_string();
        match (options, body.strip_suffix('}')) {
            (Some(options), Some(open)) => {
                self.text.push_str(open);
                self.text.push_str(if open.len() > 1 {
                    ",\"options\":"
                } else {
                    "\"options\":"
                });
                self.text.push_str(options);
                self.text.push('}');
            }
            _ => self.text.push_str(&body),
        }
    }

    /// The whole payload: `title` (none when empty) and the questions.
    fn finish(self, title: &str) -> String {
        let title = if title.is_empty() {
            Value::Null
        } else {
            json!(title)
        };
        let questions = if self.count == 0 { "[" } else { "" };
        format!(
            "{{\"title\":{title},\"questions\":{}{questions}]}}",
            self.text
        )
    }
}

/// `required`: names of properties.
fn required_names(
    r: &mut Reader,
    schema: &Map<String, Value>,
    properties: &Map<String, Value>,
) -> Vec<String> {
    let mut out = Vec::new();
    match schema.get("required") {
        None | Some(Value::Null) => {}
        Some(Value::Array(items)) => {
            for (k, item) in items.iter().enumerate() {
                match item.as_str() {
                    Some(name) if properties.contains_key(name) => out.push(name.to_owned()),
                    Some(name) => r.issue(
                        format!("requestedSchema.required[{k}]"),
                        format!("names {name:?}, which is not a property"),
                    ),
                    None => r.issue(
                        format!("requestedSchema.required[{k}]"),
                        format!("must be a property name, got {item}"),
                    ),
                }
            }
        }
        Some(other) => r.issue(
            "requestedSchema.required",
            format!("must be an array of property names, got {other}"),
        ),
    }
    out
}

/// One property as a question payload and its kind.
fn property(
    r: &mut Reader,
    path: &str,
    name: &str,
    prop: &Value,
    required: bool,
) -> Option<(Value, Option<String>, FieldKind)> {
    let Some(obj) = prop.as_object() else {
        r.issue(
            path,
            format!("must be a property schema object, got {prop}"),
        );
        return None;
    };
    if name.trim().is_empty() {
        r.issue(path, "has an empty name; give every property a name");
        return None;
    }
    let before = r.issues.len();
    unenforced(r, path, obj, UNENFORCED);
    if let Some(items) = obj.get("items").and_then(Value::as_object) {
        unenforced(r, &format!("{path}.items"), items, UNENFORCED);
    }
    // Answers of a multi-select never repeat (option values are unique), so
    // `uniqueItems` holds whatever its value; only its type is checked.
    if let Some(unique) = obj.get("uniqueItems").filter(|u| !u.is_boolean()) {
        r.issue(
            format!("{path}.uniqueItems"),
            format!("must be true or false, got {unique}"),
        );
    }
    if r.issues.len() > before {
        return None;
    }
    let text = |key: &str| {
        obj.get(key)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
    };
    let mut q = Map::new();
    let mut options = None;
    q.insert("id".into(), json!(name));
    q.insert("label".into(), json!(text("title").unwrap_or(name)));
    q.insert(
        "prompt".into(),
        json!(text("description").or(text("title")).unwrap_or(name)),
    );
    q.insert("required".into(), json!(required));
    let kind = match obj.get("type").and_then(Value::as_str) {
        Some("string") if obj.contains_key("enum") || obj.contains_key("oneOf") => {
            q.insert("type".into(), json!("single"));
            options = Some(enum_options(r, path, obj, "")?);
            copy(obj, &mut q, &[("default", "default")]);
            FieldKind::Enum
        }
        Some("string") => {
            if let Some(format) = obj.get("format") {
                if !format.as_str().is_some_and(|f| FORMATS.contains(&f)) {
                    r.issue(format!("{path}.format"), format!("is {format}; MCP string formats are \"email\", \"uri\", \"date\" and \"date-time\""));
                    return None;
                }
            }
            q.insert("type".into(), json!("text"));
            copy(obj, &mut q, STRING_RULES);
            drop_default_against_pattern(&mut q);
            FieldKind::String
        }
        Some(kind @ ("number" | "integer")) => {
            q.insert("type".into(), json!("number"));
            if kind == "integer" {
                q.insert("integer".into(), json!(true));
            }
            copy(obj, &mut q, NUMBER_RULES);
            if kind == "integer" {
                FieldKind::Integer
            } else {
                FieldKind::Number
            }
        }
        Some("boolean") => {
            q.insert("type".into(), json!("confirm"));
            copy(obj, &mut q, &[("default", "default")]);
            FieldKind::Boolean
        }
        Some("array") => {
            let Some(items) = obj.get("items").and_then(Value::as_object) else {
                r.issue(format!("{path}.items"), "is required on an array property: an object with enum or anyOf (a multi-select)");
                return None;
            };
            q.insert("type".into(), json!("multi"));
            options = Some(enum_options(r, path, items, ".items")?);
            copy(obj, &mut q, ARRAY_RULES);
            FieldKind::MultiEnum
        }
        Some(other) => {
            r.issue(format!("{path}.type"), format!("is {other:?}; MCP form properties are \"string\", \"number\", \"integer\", \"boolean\" or \"array\" (a multi-select enum)"));
            return None;
        }
        None => {
            r.issue(
                format!("{path}.type"),
                "is required: \"string\", \"number\", \"integer\", \"boolean\" or \"array\"",
            );
            return None;
        }
    };
    Some((Value::Object(q), options, kind))
}

/// Leaves out a string default that its own `pattern` refuses: it could never be sent,
/// so it is not suggested. The specification's own string example is such a schema
/// (`pattern` `^[A-Za-z]+$` with `format` `email` and default `user@example.com`), and a
/// client still shows it. A pattern that does not compile stays, for its issue.
fn drop_default_against_pattern(q: &mut Map<String, Value>) {
    let (Some(Value::String(pattern)), Some(Value::String(default))) =
        (q.get("pattern"), q.get("default"))
    else {
        return;
    };
    let refused = crate::pattern::Pattern::new(pattern).is_ok_and(|p| !p.is_match(default.trim()));
    if refused {
        q.remove("default");
    }
}

/// Copies the schema keywords that are question rules.
fn copy(obj: &Map<String, Value>, q: &mut Map<String, Value>, rules: &[(&str, &str)]) {
    for (keyword, field) in rules {
        if let Some(v) = obj.get(*keyword).filter(|v| !v.is_null()) {
            q.insert((*field).to_owned(), v.clone());
        }
    }
}

/// Appends `{"value": ..., "label": ...}` to a JSON array's text.
fn push_option(out: &mut String, value: &str, label: &str) {
    out.push(if out.is_empty() { '[' } else { ',' });
    out.push_str("{\"value\":");
    out.push_str(&Value::from(value).to_string());
    out.push_str(",\"label\":");
    out.push_str(&Value::from(label).to_string());
    out.push('}');
}

/// The options of `enum` (with the legacy `enumNames` as labels), `oneOf` or `anyOf`
/// (`const` and `title`) at `obj`, as the text of a JSON array.
fn enum_options(r: &mut Reader, path: &str, obj: &Map<String, Value>, at: &str) -> Option<String> {
    let titled_key = if at.is_empty() { "oneOf" } else { "anyOf" };
    let before = r.issues.len();
    let mut out = String::new();
    if let Some(values) = obj.get("enum") {
        let Some(values) = values.as_array().filter(|v| !v.is_empty()) else {
            r.issue(
                format!("{path}{at}.enum"),
                format!("must be a non-empty array of strings, got {values}"),
            );
            return None;
        };
        let names = obj.get("enumNames").and_then(Value::as_array);
        for (k, v) in values.iter().enumerate() {
            let Some(value) = v.as_str() else {
                r.issue(
                    format!("{path}{at}.enum[{k}]"),
                    format!("must be a string, got {v}"),
                );
                continue;
            };
            let label = names
                .and_then(|n| n.get(k))
                .and_then(Value::as_str)
                .unwrap_or(value);
            push_option(&mut out, value, label);
        }
    } else if let Some(choices) = obj.get(titled_key) {
        let Some(choices) = choices.as_array().filter(|v| !v.is_empty()) else {
            r.issue(
                format!("{path}{at}.{titled_key}"),
                format!("must be a non-empty array of {{const, title}} objects, got {choices}"),
            );
            return None;
        };
        for (k, c) in choices.iter().enumerate() {
            let Some(value) = c.get("const").and_then(Value::as_str) else {
                r.issue(
                    format!("{path}{at}.{titled_key}[{k}].const"),
                    "is required: the string value this choice sends",
                );
                continue;
            };
            let label = c.get("title").and_then(Value::as_str).unwrap_or(value);
            push_option(&mut out, value, label);
        }
    } else {
        r.issue(
            format!("{path}{at}"),
            format!("needs enum or {titled_key} to list the choices"),
        );
        return None;
    }
    out.push(if out.is_empty() { '[' } else { ']' });
    if out == "[" {
        out.push(']');
    }
    (r.issues.len() == before).then_some(out)
}
