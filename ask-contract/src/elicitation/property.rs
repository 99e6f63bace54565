//! One property of a request's `requestedSchema` as a question payload: the MCP
//! primitive's keywords mapped to question rules, the keywords no question rule expresses
//! refused by name, the choices of `enum`, `oneOf` and `anyOf` written as options.

use serde_json::{Map, Value, json};

use super::FieldKind;
use crate::issue::Issue;

/// Collects issues while a request is read.
pub(super) struct Reader {
    pub(super) issues: Vec<Issue>,
}

impl Reader {
    pub(super) fn issue(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.issues.push(Issue::new(path, message));
    }
}

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

/// Refuses the `keywords` present in `obj` (at `path`).
pub(super) fn unenforced(
    r: &mut Reader,
    path: &str,
    obj: &Map<String, Value>,
    keywords: &[(&str, &str)],
) {
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

/// One property as a question payload and its kind.
pub(super) fn property(
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
            if let Some(format) = obj.get("format")
                && !format.as_str().is_some_and(|f| FORMATS.contains(&f))
            {
                r.issue(format!("{path}.format"), format!("is {format}; MCP string formats are \"email\", \"uri\", \"date\" and \"date-time\""));
                return None;
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
