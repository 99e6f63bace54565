//! Form to `requestedSchema`.

use std::fmt::Write as _;

use ask_contract::{AskForm, Question, QuestionType};
use serde_json::{Map, Value, json};

/// The last property: `submit` or `elaborate`. Property names sort in form order
/// (`q01_answer` < `q01_custom` < `q01_note` < `q02_answer` ... < `submit_as`), because
/// clients and SDKs may reorder the properties of a JSON object by name.
pub const ACTION_PROPERTY: &str = "submit_as";

/// An elicitation request for one form.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The `message` shown above the fields.
    pub message: String,
    /// The flat `requestedSchema` (`{"type": "object", "properties", "required"}`).
    pub schema: Value,
    /// The JSON text of `schema` with its properties in form order (a
    /// `serde_json::Value` sorts object keys; this text does not).
    pub schema_text: String,
}

/// The property names of one question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldNames {
    /// The answer: a choice, a list of choices, or the text of a free-form question.
    pub answer: String,
    /// "Type your own" (questions with options only).
    pub other: Option<String>,
    /// The question note.
    pub note: String,
}

/// The property names for each question of `form`, in form order.
pub fn field_names(form: &AskForm) -> Vec<FieldNames> {
    let width = form.questions.len().to_string().len().max(2);
    form.questions
        .iter()
        .enumerate()
        .map(|(index, question)| {
            let base = format!("q{:0width$}", index + 1);
            FieldNames {
                answer: format!("{base}_answer"),
                other: (!question.freeform).then(|| format!("{base}_custom")),
                note: format!("{base}_note"),
            }
        })
        .collect()
}

/// Maps `form` to one flat elicitation request (see the module docs for the mapping).
pub fn request(form: &AskForm) -> Request {
    let names = field_names(form);
    let mut properties: Vec<(String, Value)> = Vec::new();
    for (question, names) in form.questions.iter().zip(&names) {
        properties.push((names.answer.clone(), answer_field(question)));
        if let Some(other) = &names.other {
            let (title, description) = if question.kind == QuestionType::Multi {
                (
                    "type your own",
                    "Your own answer, added to the options you picked.",
                )
            } else {
                (
                    "type your own",
                    "Your own answer, instead of an option (it wins over the choice).",
                )
            };
            properties.push((
                other.clone(),
                json!({"type": "string", "title": format!("{}: {title}", question.label), "description": description}),
            ));
        }
        properties.push((
            names.note.clone(),
            json!({
                "type": "string",
                "title": format!("{}: note for the agent", question.label),
                "description": "Optional: a remark or question for the agent. With Elaborate the agent answers your notes before you decide."
            }),
        ));
    }
    properties.push((
        ACTION_PROPERTY.to_owned(),
        json!({
            "type": "string",
            "title": "Submit or elaborate",
            "description": "Submit the answers, or ask the agent to answer your notes first.",
            "oneOf": [
                {"const": "submit", "title": "Submit"},
                {"const": "elaborate", "title": "Elaborate: the agent answers my notes first"}
            ],
            "default": "submit"
        }),
    ));
    let mut text = String::from("{\"type\":\"object\",\"properties\":{");
    for (n, (name, field)) in properties.iter().enumerate() {
        if n > 0 {
            text.push(',');
        }
        let _ = write!(text, "{}:{field}", Value::String(name.clone()));
    }
    let _ = write!(text, "}},\"required\":[\"{ACTION_PROPERTY}\"]}}");
    let schema = json!({
        "type": "object",
        "properties": properties.into_iter().collect::<Map<String, Value>>(),
        "required": [ACTION_PROPERTY],
    });
    Request {
        message: message(form),
        schema,
        schema_text: text,
    }
}

/// The request message: the title, then how many questions.
fn message(form: &AskForm) -> String {
    let count = form.questions.len();
    let asks = if count == 1 {
        "The agent asks one question.".to_owned()
    } else {
        format!("The agent asks {count} questions.")
    };
    match &form.title {
        Some(title) => format!("{title}\n{asks}"),
        None => asks,
    }
}

/// The answer field of one question.
fn answer_field(question: &Question) -> Value {
    let description = description(question);
    if question.freeform || question.options.is_empty() {
        return json!({"type": "string", "title": question.label, "description": description});
    }
    let choices: Vec<Value> = question
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
        .collect();
    if question.kind == QuestionType::Multi {
        json!({
            "type": "array",
            "title": question.label,
            "description": description,
            "items": {"anyOf": choices},
            "uniqueItems": true
        })
    } else {
        json!({"type": "string", "title": question.label, "description": description, "oneOf": choices})
    }
}

/// The prompt, then each option's description and preview text.
fn description(question: &Question) -> String {
    let mut out = question.prompt.clone();
    let details: Vec<_> = question
        .options
        .iter()
        .filter(|o| o.description.is_some() || o.preview.is_some())
        .collect();
    if details.is_empty() {
        return out;
    }
    for option in details {
        let _ = write!(out, "\n\n{}", option.label);
        if let Some(description) = &option.description {
            let _ = write!(out, ": {description}");
        }
        if let Some(preview) = &option.preview {
            let _ = write!(out, "\n{preview}");
        }
    }
    out
}
