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

use std::borrow::Cow;
use std::sync::OnceLock;

use serde::Serialize;
use serde_json::Value;

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
/// [`ElicitationForm`](crate::elicitation::ElicitationForm), which reads a request as a form.
///
/// Defaults: a `text`, `number` or `path` default becomes the property's `default` (the
/// client prefills it, as our editor does). A default or recommended option of a choice or
/// `confirm` question is named in its title only (` (Recommended)`): clients prefill
/// `default`, and the contract never preselects a choice for the person.
///
/// ```
/// use ask_contract::{
///     QuestionType,
///     elicitation::ElicitationRequest,
///     payload::{AskParams, QuestionParams},
///     rules::Rules,
/// };
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
#[derive(Debug, Clone)]
pub struct ElicitationRequest {
    form: AskForm,
    message: String,
    /// The schema as a value, read from `schema_text` when first asked for: the text is
    /// what goes out, made once without building a value tree (a 30x40 form's schema is
    /// about 130 KB).
    schema: OnceLock<Value>,
    schema_text: String,
    fields: Vec<ElicitationFields>,
}

impl PartialEq for ElicitationRequest {
    fn eq(&self, other: &Self) -> bool {
        // The value follows from the text.
        self.form == other.form
            && self.message == other.message
            && self.schema_text == other.schema_text
            && self.fields == other.fields
    }
}

impl ElicitationRequest {
    /// Maps `form` to one request (see the module table).
    pub fn for_form(form: &AskForm) -> Self {
        let fields = field_names(form);
        let mut text = String::from("{\"type\":\"object\",\"properties\":{");
        for (question, names) in form.questions.iter().zip(&fields) {
            push_property(&mut text, &names.answer, &answer_field(question));
            text.push(',');
        }
        push_property(
            &mut text,
            NOTE_PROPERTY,
            &Field {
                title: "Note for the agent (optional)".into(),
                description: "A question or remark for the agent, or your own answer in words. \
Writing one asks the agent to answer it before anything is final; leave it empty to just send \
your choices."
                    .into(),
                ..Field::of("string")
            },
        );
        text.push_str("}}");
        Self {
            form: form.clone(),
            message: message(form),
            schema: OnceLock::new(),
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
        self.schema
            .get_or_init(|| serde_json::from_str(&self.schema_text).unwrap_or(Value::Null))
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

/// One property of the schema, borrowed from the question and serialized once.
#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct Field<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    title: Cow<'a, str>,
    description: Cow<'a, str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    one_of: Option<Vec<Choice<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    items: Option<Items<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min_items: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_items: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    minimum: Option<&'a serde_json::Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    maximum: Option<&'a serde_json::Number>,
    #[serde(skip_serializing_if = "Option::is_none")]
    min_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_length: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    default: Option<&'a Value>,
}

impl Field<'_> {
    fn of(kind: &'static str) -> Self {
        Self {
            kind,
            ..Self::default()
        }
    }
}

/// `{const: value, title: label}`.
#[derive(Serialize)]
struct Choice<'a> {
    #[serde(rename = "const")]
    value: &'a str,
    title: Cow<'a, str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Items<'a> {
    any_of: Vec<Choice<'a>>,
}

/// `"name":field` onto the schema's text.
fn push_property(text: &mut String, name: &str, field: &Field<'_>) {
    // Writing JSON into a String cannot fail (both are UTF-8, no I/O).
    if let Ok(name) = serde_json::to_string(name) {
        text.push_str(&name);
    }
    text.push(':');
    if let Ok(field) = serde_json::to_string(field) {
        text.push_str(&field);
    }
}

/// The answer field of one question.
fn answer_field(question: &Question) -> Field<'_> {
    let description = Cow::Owned(description(question));
    let r = &question.rules;
    let title = Cow::Borrowed(question.label.as_str());
    match question.kind {
        // Yes or no as a choice without a default, never a boolean: a client shows a
        // boolean as an unticked box, and Accept would send a "no" nobody chose.
        QuestionType::Confirm => Field {
            title,
            description,
            one_of: Some(choices(question)),
            ..Field::of("string")
        },
        QuestionType::Number => Field {
            title: match &r.unit {
                Some(unit) => Cow::Owned(format!("{} ({unit})", question.label)),
                None => title,
            },
            description,
            minimum: r.min.as_ref(),
            maximum: r.max.as_ref(),
            default: r.default.as_ref().filter(|d| d.is_number()),
            ..Field::of(if r.integer { "integer" } else { "number" })
        },
        QuestionType::Text | QuestionType::Path => Field {
            title,
            description,
            min_length: r.min_length,
            max_length: r.max_length,
            format: r.format.map(crate::typed::TextFormat::as_str),
            default: r.default.as_ref().filter(|d| d.is_string()),
            ..Field::of("string")
        },
        _ if question.freeform || question.options.is_empty() => Field {
            title,
            description,
            ..Field::of("string")
        },
        QuestionType::Multi => Field {
            title,
            description,
            items: Some(Items {
                any_of: choices(question),
            }),
            min_items: r.min_items,
            max_items: r.max_items,
            ..Field::of("array")
        },
        _ => Field {
            title,
            description,
            one_of: Some(choices(question)),
            ..Field::of("string")
        },
    }
}

/// The options of a choice or yes/no question as `{const: value, title: label}`, the
/// recommended one's title ending in ` (Recommended)`.
fn choices(question: &Question) -> Vec<Choice<'_>> {
    question
        .options
        .iter()
        .map(|option| Choice {
            value: &option.value,
            title: if option.recommended {
                Cow::Owned(format!("{} (Recommended)", option.label))
            } else {
                Cow::Borrowed(option.label.as_str())
            },
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
