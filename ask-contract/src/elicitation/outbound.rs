//! [`AskForm`] -> one MCP form elicitation request: the direction an MCP *server* needs
//! to show our form in a client's own form (`ask mcp`'s elicitation presenter), with the
//! reply read back as scripted answers ([`ElicitationRequest::answers`]).
//!
//! One field per question, `qNN_answer` (two or more digits, in form order), then one
//! optional note for the agent:
//!
//! | type | `qNN_answer` |
//! |---|---|
//! | single, preview | string, `oneOf` of `{const: value, title: label}` |
//! | multi | array, `items.anyOf` of the same, `minItems`, `maxItems` |
//! | confirm | string, `oneOf` of `{const: "yes", title: yes label}`, `{const: "no", ...}` |
//! | text | string, `minLength`, `maxLength`, `format`, `default` |
//! | number | `number` or `integer`, `minimum`, `maximum`, `default` |
//! | path | string, `default` |
//!
//! Nothing is answered unless the person chose it: no field is required (the contract's
//! `required` never blocks a submit), a choice or yes/no carries no `default` (a client
//! prefills a default, and Accept would send a choice nobody made), and a field left
//! empty is an unanswered question. The last field, [`NOTE_PROPERTY`], is the way to
//! what the short form has no field for: a note or question for the agent, or an answer
//! in the person's own words; writing one makes the result `elaborate`, with the note on
//! the first question left unanswered (or the first question when all are answered), so
//! the agent answers it before anything is final.
//!
//! The rule of a typed question in words (`A whole number from 1 to 10`), option
//! descriptions and previews are folded into the field's `description`. A `text`
//! question's `pattern` is said there too (`matching ^[a-z-]+$`) rather than sent as a
//! keyword: the restricted string schema of MCP 2025-11-25 has none (and SDKs drop it);
//! the reply is checked against it like every other rule.

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use crate::form::{AskForm, Question, QuestionType};
use crate::issue::ContractError;

/// The last property of an [`ElicitationRequest`]: an optional note for the agent (see
/// the module docs). Property names sort in form order (`q01_answer` < `q02_answer` ... <
/// `to_agent`), because clients and SDKs may reorder the properties of an object by name.
pub const NOTE_PROPERTY: &str = "to_agent";

/// The property name of one question in an [`ElicitationRequest`]. It is made from the
/// question's position, never from its id, so no id can collide with it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ElicitationFields {
    /// The answer: a choice, a list of choices, yes or no, or the typed value.
    pub answer: String,
}

/// An [`AskForm`] as one MCP `elicitation/create` form request (protocol revision
/// 2025-11-25): the `message` and a flat `requestedSchema` in the restricted schema MCP
/// defines, and the way back from the client's `content` to the scripted answers of
/// `ask run --answers` ([`ElicitationRequest::answers`]). The reverse of
/// [`ElicitationForm`](crate::ElicitationForm), which reads a request as a form.
///
/// Defaults: a `text`, `number` or `path` default becomes the property's `default` (the
/// client prefills it, as our editor does). A default or recommended option of a choice or
/// `confirm` question is named in its title only (` (Recommended)`): clients prefill
/// `default`, and the contract never preselects a choice for the person.
///
/// ```
/// use ask_contract::{AskParams, ElicitationRequest, QuestionParams, QuestionType, Rules};
/// use serde_json::json;
///
/// let mut rules = Rules::default();
/// rules.min = Some(1.into());
/// rules.max = Some(10.into());
/// rules.integer = true;
/// let form = AskParams::new()
///     .question(QuestionParams::new("n", "How many replicas?").kind(QuestionType::Number).rules(rules))
///     .validate()?;
/// let request = ElicitationRequest::for_form(&form);
/// let field = &request.requested_schema()["properties"]["q01_answer"];
/// assert_eq!((field["type"].as_str(), field["maximum"].as_i64()), (Some("integer"), Some(10)));
///
/// let answers = request.answers(&json!({"q01_answer": 3}))?;
/// assert_eq!(answers, json!({"mode": "submit", "answers": {"n": {"value": 3}}}));
/// # Ok::<(), ask_contract::ContractError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ElicitationRequest {
    form: AskForm,
    message: String,
    schema: Value,
    schema_text: String,
    fields: Vec<ElicitationFields>,
}

impl ElicitationRequest {
    /// Maps `form` to one request (see the module table).
    pub fn for_form(form: &AskForm) -> Self {
        let fields = field_names(form);
        let mut properties: Vec<(String, Value)> = form
            .questions
            .iter()
            .zip(&fields)
            .map(|(question, names)| (names.answer.clone(), answer_field(question)))
            .collect();
        properties.push((
            NOTE_PROPERTY.to_owned(),
            json!({
                "type": "string",
                "title": "Note for the agent (optional)",
                "description": "A question or remark for the agent, or your own answer in words. \
Writing one asks the agent to answer it before anything is final; leave it empty to just send \
your choices."
            }),
        ));
        let mut text = String::from("{\"type\":\"object\",\"properties\":{");
        for (n, (name, field)) in properties.iter().enumerate() {
            if n > 0 {
                text.push(',');
            }
            let _ = write!(text, "{}:{field}", Value::String(name.clone()));
        }
        text.push_str("}}");
        let schema = json!({
            "type": "object",
            "properties": properties.into_iter().collect::<Map<String, Value>>(),
        });
        Self {
            form: form.clone(),
            message: message(form),
            schema,
            schema_text: text,
            fields,
        }
    }

    /// The form this request asks.
    pub fn form(&self) -> &AskForm {
        &self.form
    }

    /// The `message` shown above the fields: the title, then how many questions.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The flat `requestedSchema` (`{"type": "object", "properties", "required"}`), as a
    /// value (its properties sorted by name, which is form order too).
    pub fn requested_schema(&self) -> &Value {
        &self.schema
    }

    /// The JSON text of [`ElicitationRequest::requested_schema`] with its properties in
    /// form order, whatever `serde_json` does with object keys.
    pub fn requested_schema_text(&self) -> &str {
        &self.schema_text
    }

    /// The property names of each question, in form order.
    pub fn fields(&self) -> &[ElicitationFields] {
        &self.fields
    }

    /// The request's `params` as JSON text: `{"mode": "form", "message", "requestedSchema"}`.
    pub fn params_text(&self) -> String {
        format!(
            "{{\"mode\":\"form\",\"message\":{},\"requestedSchema\":{}}}",
            Value::String(self.message.clone()),
            self.schema_text
        )
    }

    /// Checks an accepted reply's `content` against the request and turns it into the
    /// scripted answers of `ask run --answers` (`{"mode": "submit"|"elaborate", "answers":
    /// {"<id>": {"values", "customText", "value", "note"}}}`): typed and yes/no questions
    /// answer with `value`, so the rules are checked again where the answers are applied.
    /// Absent, null and blank values are unanswered questions; a note makes the mode
    /// `elaborate` and lands on the first unanswered question (the first question when
    /// every one is answered).
    ///
    /// # Errors
    /// [`ContractError::InvalidElicitation`] listing every problem at `content.<property>`:
    /// content that is not an object, an unknown property, a value of the wrong type, a
    /// choice the question does not offer, a choice listed twice.
    pub fn answers(&self, content: &Value) -> Result<Value, ContractError> {
        super::reply::answers(self, content)
    }
}

/// The property names for each question of `form`, in form order.
fn field_names(form: &AskForm) -> Vec<ElicitationFields> {
    let width = form.questions.len().to_string().len().max(2);
    form.questions
        .iter()
        .enumerate()
        .map(|(index, _)| {
            let base = format!("q{:0width$}", index + 1);
            ElicitationFields {
                answer: format!("{base}_answer"),
            }
        })
        .collect()
}

/// The request message: the title, then how many questions.
fn message(form: &AskForm) -> String {
    let count = form.questions.len();
    let asks = if count == 1 {
        "The agent asks one question.".to_owned()
    } else {
        format!("The agent asks {count} questions.")
    };
    let asks = format!(
        "{asks} Leave a question empty to skip it; the last field asks the agent something first."
    );
    match &form.title {
        Some(title) => format!("{title}\n{asks}"),
        None => asks,
    }
}

/// The answer field of one question.
fn answer_field(question: &Question) -> Value {
    let description = description(question);
    let r = &question.rules;
    let mut field = Map::new();
    let mut put = |key: &str, value: Value| {
        field.insert(key.to_owned(), value);
    };
    match question.kind {
        QuestionType::Confirm => {
            // Yes or no as a choice without a default, never a boolean: a client shows a
            // boolean as an unticked box, and Accept would send a "no" nobody chose.
            put("type", json!("string"));
            put("title", json!(question.label));
            put("description", json!(description));
            put("oneOf", Value::Array(choices(question)));
        }
        QuestionType::Number => {
            put("type", json!(if r.integer { "integer" } else { "number" }));
            let title = match &r.unit {
                Some(unit) => format!("{} ({unit})", question.label),
                None => question.label.clone(),
            };
            put("title", json!(title));
            put("description", json!(description));
            if let Some(min) = &r.min {
                put("minimum", Value::Number(min.clone()));
            }
            if let Some(max) = &r.max {
                put("maximum", Value::Number(max.clone()));
            }
            if let Some(default @ Value::Number(_)) = &r.default {
                put("default", default.clone());
            }
        }
        QuestionType::Text | QuestionType::Path => {
            put("type", json!("string"));
            put("title", json!(question.label));
            put("description", json!(description));
            if let Some(n) = r.min_length {
                put("minLength", json!(n));
            }
            if let Some(n) = r.max_length {
                put("maxLength", json!(n));
            }
            if let Some(format) = r.format {
                put("format", json!(format.as_str()));
            }
            if let Some(default @ Value::String(_)) = &r.default {
                put("default", default.clone());
            }
        }
        _ if question.freeform || question.options.is_empty() => {
            put("type", json!("string"));
            put("title", json!(question.label));
            put("description", json!(description));
        }
        _ => {
            let choices = choices(question);
            put("title", json!(question.label));
            put("description", json!(description));
            if question.kind == QuestionType::Multi {
                put("type", json!("array"));
                put("items", json!({"anyOf": choices}));
                if let Some(n) = r.min_items {
                    put("minItems", json!(n));
                }
                if let Some(n) = r.max_items {
                    put("maxItems", json!(n));
                }
            } else {
                put("type", json!("string"));
                put("oneOf", Value::Array(choices));
            }
        }
    }
    Value::Object(field)
}

/// The options of a choice or yes/no question as `{const: value, title: label}`, the
/// recommended one's title ending in ` (Recommended)`.
fn choices(question: &Question) -> Vec<Value> {
    question
        .options
        .iter()
        .map(|option| {
            let title = if option.recommended {
                format!("{} (Recommended)", option.label)
            } else {
                option.label.clone()
            };
            json!({"const": option.value, "title": title})
        })
        .collect()
}

/// The prompt, then the typed rule in words and the placeholder (typed questions), or
/// each option's description and preview text (choices); a yes/no question's labels and
/// suggestion are its choices' titles.
fn description(question: &Question) -> String {
    let mut out = question.prompt.clone();
    let r = &question.rules;
    match question.kind {
        QuestionType::Confirm => return out,
        QuestionType::Text | QuestionType::Number | QuestionType::Path => {
            if let Some(rule) = question.rule_text() {
                let _ = write!(out, " · {rule}.");
            }
            if let Some(placeholder) = &r.placeholder {
                let _ = write!(out, " · For example: {placeholder}");
            }
            return out;
        }
        _ => {}
    }
    if let Some(rule) = question.rule_text() {
        let _ = write!(out, " · {rule}.");
    }
    for option in question
        .options
        .iter()
        .filter(|o| o.description.is_some() || o.preview.is_some())
    {
        let _ = write!(out, " · {}", option.label);
        if let Some(description) = &option.description {
            let _ = write!(out, ": {description}");
        }
        if let Some(preview) = &option.preview {
            let _ = write!(out, "\n{preview}");
        }
    }
    out
}
