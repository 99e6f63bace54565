//! `elicitation/create` form request -> [`AskForm`](crate::AskForm): the restricted
//! schema checked property by property (issues name the property and the rule, see
//! `property`), then turned into a payload that the normal validation checks again
//! (defaults against their own rules, bounds against each other), its issues mapped
//! back to schema paths. A valid request's text is read one property at a time (see
//! `stream`).

use indexmap::IndexMap;
use serde_json::{Map, Value, json};

use super::issues::schema_issue;
use super::property::{Reader, property, unenforced};
use super::stream;
use super::{CONFIRM_ID, ElicitationForm, ElicitationSchema, Field};
use crate::issue::{ContractError, Issue};
use crate::parse::ParseOptions;

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
        if let Some(form) = streamed(text) {
            return Ok(form);
        }
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

/// What a request says around its properties, read and checked.
struct Head<'v> {
    /// The trimmed message (empty when it was missing or blank: an issue says so).
    message: String,
    /// The `properties` object (empty when missing, or when read by [`stream`]).
    properties: &'v Map<String, Value>,
    /// The names listed in `required` that are properties.
    required: Vec<String>,
}

/// Reads and checks everything of a request but the properties' own schemas: the
/// method, mode and message, the schema's type and keywords, `required` (against `has`,
/// whether a property exists, or the `properties` object itself). An error when nothing
/// more can be read.
fn read_head<'v>(
    r: &mut Reader,
    request: &'v Value,
    has: Option<&dyn Fn(&str) -> bool>,
) -> Result<Head<'v>, ContractError> {
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
            return Err(invalid(std::mem::take(&mut r.issues)));
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
        return Err(invalid(std::mem::take(&mut r.issues)));
    };
    match schema_obj.get("type") {
        None => {}
        Some(Value::String(t)) if t == "object" => {}
        Some(other) => r.issue(
            "requestedSchema.type",
            format!("must be \"object\" (a flat form of properties), got {other}"),
        ),
    }
    unenforced(r, "requestedSchema", schema_obj, UNENFORCED_OBJECT);
    let properties = match schema_obj.get("properties") {
        None | Some(Value::Null) => empty(),
        Some(Value::Object(map)) => map,
        Some(other) => {
            r.issue(
                "requestedSchema.properties",
                format!("must be an object of property schemas, got {other}"),
            );
            empty()
        }
    };
    let in_map = |name: &str| properties.contains_key(name);
    let required = required_names(r, schema_obj, has.unwrap_or(&in_map));
    Ok(Head {
        message,
        properties,
        required,
    })
}

/// An empty object of properties.
fn empty() -> &'static Map<String, Value> {
    static EMPTY: std::sync::LazyLock<Map<String, Value>> = std::sync::LazyLock::new(Map::new);
    &EMPTY
}

fn build(request: &Value, order: Option<&[String]>) -> Result<ElicitationForm, ContractError> {
    let mut r = Reader { issues: Vec::new() };
    let head = read_head(&mut r, request, None)?;
    let properties = head.properties;
    let names: Vec<&String> = match order {
        Some(order)
            if order.len() == properties.len()
                && order.iter().all(|n| properties.contains_key(n)) =>
        {
            order.iter().collect()
        }
        _ => properties.keys().collect(),
    };
    let mut questions = Questions::new(&head.message, &head.required, names.len());
    for name in names {
        if let Some(prop) = properties.get(name) {
            questions.property(&mut r, name, prop);
        }
    }
    questions.finish(r, &head.message, properties.is_empty(), properties)
}

/// [`ElicitationForm::from_request_str`] for a valid request, reading the properties one
/// at a time from the text ([`stream`]): a request of 100,000 properties never exists as
/// a tree of 100,000 schema objects. `None` for anything else (an issue, a repeated
/// property name, text that is not a request), which the whole request read as a value
/// then reports exactly.
fn streamed(text: &str) -> Option<ElicitationForm> {
    let (request, names) = stream::head(text)?;
    let in_params = request.get("params").is_some();
    let names = if in_params { names.params } else { names.root };
    let known: std::collections::HashSet<&str> = names.iter().map(String::as_str).collect();
    let mut r = Reader { issues: Vec::new() };
    let head = read_head(&mut r, &request, Some(&|name| known.contains(name))).ok()?;
    drop(known);
    let mut questions = Questions::new(&head.message, &head.required, names.len());
    let mut seen = 0;
    stream::properties(text, in_params, &mut |name, prop| {
        seen += 1;
        questions.property(&mut r, name, prop);
    })?;
    if seen != names.len() || !r.issues.is_empty() {
        return None;
    }
    let no_properties = names.is_empty();
    drop(names);
    questions
        .finish(r, &head.message, no_properties, head.properties)
        .ok()
}

/// The questions of a request, written one property at a time.
struct Questions<'a> {
    payload: Payload,
    fields: Vec<Field>,
    required: std::collections::HashSet<&'a str>,
}

impl<'a> Questions<'a> {
    fn new(message: &str, required: &'a [String], count: usize) -> Self {
        Self {
            payload: Payload::new(message),
            fields: Vec::with_capacity(count),
            required: required.iter().map(String::as_str).collect(),
        }
    }

    /// Adds the question of property `name`, or the issues that keep it out.
    fn property(&mut self, r: &mut Reader, name: &str, prop: &Value) {
        let path = format!("requestedSchema.properties.{name}");
        let is_required = self.required.contains(name);
        if let Some((question, options, kind)) = property(r, &path, name, prop, is_required) {
            self.payload.question(&question, options.as_deref());
            self.fields.push(Field {
                name: name.to_owned(),
                kind,
                required: is_required,
            });
        }
    }

    /// The form, checked as a payload, or every issue found (`properties` tells which
    /// list of choices an issue names). A request with no properties at all becomes one
    /// yes-or-no question on the message.
    fn finish(
        self,
        mut r: Reader,
        message: &str,
        no_properties: bool,
        properties: &Map<String, Value>,
    ) -> Result<ElicitationForm, ContractError> {
        let Self {
            mut payload,
            fields,
            ..
        } = self;
        if no_properties && !message.is_empty() {
            // Nothing to fill in: the request only asks to go ahead.
            payload.question(
                &json!({"id": CONFIRM_ID, "label": "Confirm", "prompt": message, "type": "confirm",
                                  "yesLabel": "Accept", "noLabel": "Decline"}),
                None,
            );
        }
        let has_questions = payload.count > 0;
        let payload = payload.finish();
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
                Ok(form) if r.issues.is_empty() => {
                    return Ok(ElicitationForm {
                        form,
                        schema: ElicitationSchema { fields },
                    });
                }
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
}

/// The payload a request becomes, as JSON text, written in place.
struct Payload {
    text: String,
    count: usize,
}

impl Payload {
    /// A payload with `title` (none when empty) and no question yet.
    fn new(title: &str) -> Self {
        let title = if title.is_empty() {
            Value::Null
        } else {
            json!(title)
        };
        Self {
            text: format!("{{\"title\":{title},\"questions\":["),
            count: 0,
        }
    }

    /// Appends a question; `options` is its options array as JSON text.
    fn question(&mut self, question: &Value, options: Option<&str>) {
        if self.count > 0 {
            self.text.push(',');
        }
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

    /// The whole payload's text.
    fn finish(mut self) -> String {
        self.text.push_str("]}");
        self.text
    }
}

/// `required`: names of properties.
fn required_names(
    r: &mut Reader,
    schema: &Map<String, Value>,
    is_property: &dyn Fn(&str) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    match schema.get("required") {
        None | Some(Value::Null) => {}
        Some(Value::Array(items)) => {
            for (k, item) in items.iter().enumerate() {
                match item.as_str() {
                    Some(name) if is_property(name) => out.push(name.to_owned()),
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
