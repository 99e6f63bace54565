//! An elicitation reply to the result `ask run --answers` gives.

use ask_contract::{AskForm, AskResult, Question, QuestionType};
use serde_json::{Map, Value, json};

use super::schema::{ACTION_PROPERTY, FieldNames, field_names};
use crate::error::Error;
use crate::outcome::cancelled_result;

/// What the client answered to an elicitation request.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// `accept` with its `content`.
    Accept(Value),
    /// `decline`: the person said no.
    Decline,
    /// `cancel`: the person dismissed the request.
    Cancel,
}

/// The result for a reply: accepted content as the scripted answers would give it,
/// decline and cancel as the cancelled result.
pub fn reply_result(form: &AskForm, reply: &Reply) -> Result<AskResult, Error> {
    match reply {
        Reply::Decline | Reply::Cancel => Ok(cancelled_result(form)),
        Reply::Accept(content) => {
            let answers = answers_json(form, content)?;
            ask_state::scripted_result(form, &answers).map_err(|err| Error::ElicitReply {
                problems: vec![err.to_string()],
            })
        }
    }
}

/// Checks accepted `content` against the form's `requestedSchema` and turns it into the
/// scripted-answers JSON of `ask run --answers`
/// (`{"mode": "submit"|"elaborate", "answers": {"<id>": {"values", "customText", "note"}}}`).
/// Blank strings count as not given.
pub fn answers_json(form: &AskForm, content: &Value) -> Result<Value, Error> {
    let mut problems = Vec::new();
    let Value::Object(fields) = content else {
        return Err(Error::ElicitReply {
            problems: vec![format!(
                "the reply content must be an object, got {content}"
            )],
        });
    };
    let names = field_names(form);
    for key in fields.keys() {
        let known = key == ACTION_PROPERTY
            || names
                .iter()
                .any(|n| &n.answer == key || n.other.as_ref() == Some(key) || &n.note == key);
        if !known {
            problems.push(format!("unknown field {key:?}; the request asked for qNN_answer, qNN_custom, qNN_note and {ACTION_PROPERTY}"));
        }
    }
    let mode = match fields.get(ACTION_PROPERTY) {
        None | Some(Value::Null) => "submit",
        Some(Value::String(s)) if s == "submit" => "submit",
        Some(Value::String(s)) if s == "elaborate" => "elaborate",
        Some(other) => {
            problems.push(format!(
                "{ACTION_PROPERTY} is {other}; expected \"submit\" or \"elaborate\""
            ));
            "submit"
        }
    };
    let mut answers = Map::new();
    for (question, names) in form.questions.iter().zip(&names) {
        if let Some(entry) = answer_entry(question, names, fields, &mut problems) {
            answers.insert(question.id.clone(), entry);
        }
    }
    if problems.is_empty() {
        Ok(json!({"mode": mode, "answers": answers}))
    } else {
        Err(Error::ElicitReply { problems })
    }
}

/// One question's scripted answer, or `None` when nothing was given for it.
fn answer_entry(
    question: &Question,
    names: &FieldNames,
    fields: &Map<String, Value>,
    problems: &mut Vec<String>,
) -> Option<Value> {
    let mut entry = Map::new();
    let text = |name: &str, problems: &mut Vec<String>| -> Option<String> {
        match fields.get(name) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.trim().to_owned()).filter(|s| !s.is_empty()),
            Some(other) => {
                problems.push(format!("{name} is {other}; expected a string"));
                None
            }
        }
    };
    let other = names.other.as_deref().and_then(|name| text(name, problems));
    if question.freeform || question.options.is_empty() {
        if let Some(typed) = text(&names.answer, problems) {
            entry.insert("customText".into(), Value::String(typed));
        }
    } else {
        let mut values = choices(question, &names.answer, fields.get(&names.answer), problems);
        // On a single-select question the typed answer replaces the choice.
        if other.is_some() && question.kind != QuestionType::Multi {
            values.clear();
        }
        if !values.is_empty() {
            entry.insert("values".into(), json!(values));
        }
        if let Some(typed) = other {
            entry.insert("customText".into(), Value::String(typed));
        }
    }
    if let Some(note) = text(&names.note, problems) {
        entry.insert("note".into(), Value::String(note));
    }
    (!entry.is_empty()).then_some(Value::Object(entry))
}

/// The chosen option values of an answer field, each checked against the options.
fn choices(
    question: &Question,
    name: &str,
    value: Option<&Value>,
    problems: &mut Vec<String>,
) -> Vec<String> {
    let known = |v: &str| question.options.iter().any(|o| o.value == v);
    let allowed = || {
        question
            .options
            .iter()
            .map(|o| o.value.as_str())
            .collect::<Vec<_>>()
    };
    let multi = question.kind == QuestionType::Multi;
    match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(s)) if !multi => {
            if known(s) {
                vec![s.clone()]
            } else {
                problems.push(format!("{name} is {s:?}; expected one of {:?}", allowed()));
                Vec::new()
            }
        }
        Some(Value::Array(items)) if multi => {
            let mut out: Vec<String> = Vec::new();
            for item in items {
                match item {
                    Value::String(s) if known(s) => {
                        if out.contains(s) {
                            problems.push(format!("{name} lists {s:?} twice"));
                        } else {
                            out.push(s.clone());
                        }
                    }
                    other => problems.push(format!(
                        "{name} holds {other}; expected values from {:?}",
                        allowed()
                    )),
                }
            }
            // Declaration order, as the form reports selections.
            question
                .options
                .iter()
                .filter(|o| out.contains(&o.value))
                .map(|o| o.value.clone())
                .collect()
        }
        Some(other) => {
            let expected = if multi {
                "an array of option values"
            } else {
                "one option value"
            };
            problems.push(format!("{name} is {other}; expected {expected}"));
            Vec::new()
        }
    }
}
