//! An accepted reply's `content` to an [`ElicitationRequest`] -> the scripted answers of
//! `ask run --answers`.

use serde_json::{Map, Value, json};

use super::outbound::{ElicitationFields, ElicitationRequest, NOTE_PROPERTY};
use crate::form::{Question, QuestionType};
use crate::issue::{ContractError, Issue};

/// See [`ElicitationRequest::answers`].
pub(crate) fn answers(
    request: &ElicitationRequest,
    content: &Value,
) -> Result<Value, ContractError> {
    let mut issues = Vec::new();
    let Value::Object(fields) = content else {
        return Err(ContractError::InvalidElicitation {
            issues: vec![Issue::new(
                "content",
                format!("must be an object of the requested properties, got {content}"),
            )],
        });
    };
    let names = request.fields();
    for key in fields.keys() {
        let known = key == NOTE_PROPERTY || names.iter().any(|n| &n.answer == key);
        if !known {
            issues.push(Issue::new(
                format!("content.{key}"),
                format!("is not a requested property; the request asked for qNN_answer and {NOTE_PROPERTY}"),
            ));
        }
    }
    let note = text(fields, NOTE_PROPERTY, &mut issues);
    let mut answers = Map::new();
    for (question, names) in request.form().questions.iter().zip(names) {
        if let Some(entry) = answer_entry(question, names, fields, &mut issues) {
            answers.insert(question.id.clone(), Value::Object(entry));
        }
    }
    let mode = if note.is_some() {
        "elaborate"
    } else {
        "submit"
    };
    if let Some(note) = note {
        // The note goes with the first question left unanswered: that is where a person
        // writes their own answer or asks what a choice means. With every question
        // answered it is a remark on the form, kept on the first question.
        let questions = &request.form().questions;
        let target = questions
            .iter()
            .find(|q| !answers.contains_key(&q.id))
            .or(questions.first());
        if let Some(question) = target {
            let entry = answers
                .entry(question.id.clone())
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(entry) = entry {
                entry.insert("note".into(), Value::String(note));
            }
        }
    }
    if issues.is_empty() {
        Ok(json!({"mode": mode, "answers": answers}))
    } else {
        Err(ContractError::InvalidElicitation { issues })
    }
}

/// A string property: trimmed, `None` when absent, null or blank.
fn text(fields: &Map<String, Value>, name: &str, issues: &mut Vec<Issue>) -> Option<String> {
    match fields.get(name) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.trim().to_owned()).filter(|s| !s.is_empty()),
        Some(other) => {
            issues.push(Issue::new(
                format!("content.{name}"),
                format!("is {other}; expected a string"),
            ));
            None
        }
    }
}

/// One question's scripted answer, or `None` when nothing was chosen for it.
fn answer_entry(
    question: &Question,
    names: &ElicitationFields,
    fields: &Map<String, Value>,
    issues: &mut Vec<Issue>,
) -> Option<Map<String, Value>> {
    let mut entry = Map::new();
    let path = format!("content.{}", names.answer);
    match question.kind {
        QuestionType::Text | QuestionType::Path => {
            if let Some(typed) = text(fields, &names.answer, issues) {
                entry.insert("value".into(), Value::String(typed));
            }
        }
        QuestionType::Number => match fields.get(&names.answer) {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) if s.trim().is_empty() => {}
            Some(n @ Value::Number(_)) => {
                entry.insert("value".into(), n.clone());
            }
            // A client that sends the number as text: checked like typed text.
            Some(Value::String(s)) => {
                entry.insert("value".into(), Value::String(s.trim().to_owned()));
            }
            Some(other) => issues.push(Issue::new(path, format!("is {other}; expected a number"))),
        },
        QuestionType::Confirm => match fields.get(&names.answer) {
            None | Some(Value::Null) => {}
            Some(Value::String(s)) if s == "yes" || s == "no" => {
                entry.insert("value".into(), Value::Bool(s == "yes"));
            }
            Some(other) => issues.push(Issue::new(
                path,
                format!("is {other}; expected \"yes\" or \"no\""),
            )),
        },
        _ if question.freeform || question.options.is_empty() => {
            if let Some(typed) = text(fields, &names.answer, issues) {
                entry.insert("customText".into(), Value::String(typed));
            }
        }
        _ => {
            let values = choices(question, &names.answer, fields.get(&names.answer), issues);
            if !values.is_empty() {
                entry.insert("values".into(), json!(values));
            }
        }
    }
    (!entry.is_empty()).then_some(entry)
}

/// The chosen option values of an answer field, each checked against the options.
fn choices(
    question: &Question,
    name: &str,
    value: Option<&Value>,
    issues: &mut Vec<Issue>,
) -> Vec<String> {
    let known = |v: &str| question.options.iter().any(|o| o.value == v);
    let allowed = || {
        question
            .options
            .iter()
            .map(|o| o.value.as_str())
            .collect::<Vec<_>>()
    };
    let path = format!("content.{name}");
    let multi = question.kind == QuestionType::Multi;
    match value {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::String(s)) if !multi => {
            if known(s) {
                vec![s.clone()]
            } else {
                issues.push(Issue::new(
                    path,
                    format!("is {s:?}; expected one of {:?}", allowed()),
                ));
                Vec::new()
            }
        }
        Some(Value::Array(items)) if multi => {
            let mut out: Vec<String> = Vec::new();
            for item in items {
                match item {
                    Value::String(s) if known(s) => {
                        if out.contains(s) {
                            issues.push(Issue::new(path.clone(), format!("lists {s:?} twice")));
                        } else {
                            out.push(s.clone());
                        }
                    }
                    other => issues.push(Issue::new(
                        path.clone(),
                        format!("holds {other}; expected values from {:?}", allowed()),
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
            issues.push(Issue::new(path, format!("is {other}; expected {expected}")));
            Vec::new()
        }
    }
}
