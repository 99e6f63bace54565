//! Lenient parsing and validation of a payload into an [`AskForm`].
//!
//! The payload is walked as a plain [`serde_json::Value`], so a wrong JSON type
//! anywhere is reported as an issue at its path instead of a serde error, and
//! every issue is collected rather than the first one only.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::form::{AskForm, Question, QuestionOption, QuestionType};
use crate::issue::{ContractError, Issue};

/// What a caller accepts beyond the public contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ParseOptions {
    /// Accept the internal `freeform: true` option of `/answer` extraction.
    pub allow_freeform: bool,
}

impl ParseOptions {
    /// Options for forms produced by `/answer` extraction.
    pub fn with_freeform() -> Self {
        Self {
            allow_freeform: true,
        }
    }
}

/// Parses, validates and normalizes a payload.
///
/// ```
/// let payload = serde_json::json!({"questions": [{"id": "db", "prompt": "Which database?",
///     "options": [{"value": "pg", "label": "PostgreSQL"}]}]});
/// let form = ask_contract::parse_params(&payload, ask_contract::ParseOptions::default()).unwrap();
/// assert_eq!(form.questions[0].label, "Q1");
/// ```
pub fn parse_params(payload: &Value, options: ParseOptions) -> Result<AskForm, ContractError> {
    let mut v = Validator {
        issues: Vec::new(),
        options,
    };
    let form = v.root(payload);
    match form {
        Some(form) if v.issues.is_empty() => Ok(form),
        _ => Err(ContractError::InvalidPayload { issues: v.issues }),
    }
}

/// Like [`parse_params`] for raw text; text that is not JSON is one issue at `payload`.
pub fn parse_params_str(text: &str, options: ParseOptions) -> Result<AskForm, ContractError> {
    match serde_json::from_str::<Value>(text) {
        Ok(value) => parse_params(&value, options),
        Err(err) => Err(ContractError::InvalidPayload {
            issues: vec![Issue::new(
                "payload",
                format!("is not valid JSON ({err}); send a JSON object with a \"questions\" array"),
            )],
        }),
    }
}

/// A short description of a JSON value's type for messages, quoting short strings.
fn describe(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean {b}"),
        Value::Number(n) => format!("number {n}"),
        Value::String(s) if s.chars().count() <= 40 => format!("string {s:?}"),
        Value::String(_) => "a string".into(),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

struct Validator {
    issues: Vec<Issue>,
    options: ParseOptions,
}

impl Validator {
    fn issue(&mut self, path: &str, message: impl Into<String>) {
        self.issues.push(Issue::new(path, message));
    }

    fn root(&mut self, payload: &Value) -> Option<AskForm> {
        let Value::Object(root) = payload else {
            self.issue(
                "payload",
                format!(
                    "must be a JSON object with a \"questions\" array, got {}",
                    describe(payload)
                ),
            );
            return None;
        };
        let title = self.optional_text(root, "title", "title");
        let questions = match root.get("questions") {
            None | Some(Value::Null) => {
                self.issue(
                    "questions",
                    "is required: add a \"questions\" array with at least one question",
                );
                return None;
            }
            Some(Value::Array(items)) if items.is_empty() => {
                self.issue("questions", "must contain at least one question");
                return None;
            }
            Some(Value::Array(items)) => items,
            Some(other) => {
                self.issue(
                    "questions",
                    format!(
                        "must be an array of question objects, got {}",
                        describe(other)
                    ),
                );
                return None;
            }
        };
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut out = Vec::with_capacity(questions.len());
        for (i, item) in questions.iter().enumerate() {
            if let Some(q) = self.question(i, item) {
                if let Some(first) = seen.get(&q.id) {
                    self.issue(
                        &format!("questions[{i}].id"),
                        format!(
                            "duplicate id {:?} (already used by questions[{first}]); question ids must be unique",
                            q.id
                        ),
                    );
                } else {
                    seen.insert(q.id.clone(), i);
                }
                out.push(q);
            }
        }
        Some(AskForm {
            title,
            questions: out,
        })
    }

    /// A required, non-blank string; returns it trimmed.
    fn required_text(&mut self, obj: &Map<String, Value>, key: &str, path: &str) -> Option<String> {
        match obj.get(key) {
            None | Some(Value::Null) => {
                self.issue(path, "is required: provide a non-empty string");
                None
            }
            Some(Value::String(s)) if s.trim().is_empty() => {
                self.issue(path, "must not be empty or whitespace");
                None
            }
            Some(Value::String(s)) => Some(s.trim().to_owned()),
            Some(other) => {
                self.issue(path, format!("must be a string, got {}", describe(other)));
                None
            }
        }
    }

    /// An optional string that must not be blank when provided (`null` counts as absent).
    fn optional_text(&mut self, obj: &Map<String, Value>, key: &str, path: &str) -> Option<String> {
        match obj.get(key) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => {
                self.issue(
                    path,
                    "must not be blank when provided; remove it or add text",
                );
                None
            }
            Some(Value::String(s)) => Some(s.trim().to_owned()),
            Some(other) => {
                self.issue(
                    path,
                    format!("must be a string when provided, got {}", describe(other)),
                );
                None
            }
        }
    }

    fn question(&mut self, i: usize, item: &Value) -> Option<Question> {
        let base = format!("questions[{i}]");
        let Value::Object(obj) = item else {
            self.issue(
                &base,
                format!("must be a question object, got {}", describe(item)),
            );
            return None;
        };
        let before = self.issues.len();
        let id = self.required_text(obj, "id", &format!("{base}.id"));
        let label = self.optional_text(obj, "label", &format!("{base}.label"));
        let prompt = self.required_text(obj, "prompt", &format!("{base}.prompt"));
        let kind = match obj.get("type") {
            None | Some(Value::Null) => QuestionType::Single,
            Some(Value::String(s)) => match s.trim().to_ascii_lowercase().as_str() {
                "single" => QuestionType::Single,
                "multi" => QuestionType::Multi,
                "preview" => QuestionType::Preview,
                _ => {
                    self.issue(
                        &format!("{base}.type"),
                        format!("unknown type {s:?}; use \"single\", \"multi\" or \"preview\""),
                    );
                    QuestionType::Single
                }
            },
            Some(other) => {
                self.issue(
                    &format!("{base}.type"),
                    format!(
                        "must be \"single\", \"multi\" or \"preview\", got {}",
                        describe(other)
                    ),
                );
                QuestionType::Single
            }
        };
        let required = match obj.get("required") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                self.issue(
                    &format!("{base}.required"),
                    format!(
                        "must be true or false when provided, got {}",
                        describe(other)
                    ),
                );
                false
            }
        };
        let (options, freeform) = self.options(&base, kind, obj.get("options"));
        if self.issues.len() > before {
            return id.map(|id| Question {
                id,
                label: String::new(),
                prompt: String::new(),
                kind,
                required,
                options: Vec::new(),
                freeform: false,
            });
        }
        Some(Question {
            id: id?,
            label: label.unwrap_or_else(|| format!("Q{}", i + 1)),
            prompt: prompt?,
            kind,
            required,
            options,
            freeform,
        })
    }

    fn options(
        &mut self,
        base: &str,
        kind: QuestionType,
        value: Option<&Value>,
    ) -> (Vec<QuestionOption>, bool) {
        let path = format!("{base}.options");
        let items = match value {
            None | Some(Value::Null) => {
                self.issue(&path, "is required: add at least one option");
                return (Vec::new(), false);
            }
            Some(Value::Array(items)) if items.is_empty() => {
                self.issue(&path, "must contain at least one option");
                return (Vec::new(), false);
            }
            Some(Value::Array(items)) => items,
            Some(other) => {
                self.issue(
                    &path,
                    format!(
                        "must be an array of option objects, got {}",
                        describe(other)
                    ),
                );
                return (Vec::new(), false);
            }
        };
        let mut out = Vec::with_capacity(items.len());
        let mut seen: HashMap<String, usize> = HashMap::new();
        let mut freeform_count = 0usize;
        for (j, item) in items.iter().enumerate() {
            let opath = format!("{path}[{j}]");
            let Value::Object(obj) = item else {
                self.issue(
                    &opath,
                    format!(
                        "must be an option object with value and label, got {}",
                        describe(item)
                    ),
                );
                continue;
            };
            let freeform = match obj.get("freeform") {
                None | Some(Value::Null | Value::Bool(false)) => false,
                Some(Value::Bool(true)) => true,
                Some(other) => {
                    self.issue(
                        &format!("{opath}.freeform"),
                        format!("must be a boolean, got {}", describe(other)),
                    );
                    false
                }
            };
            if freeform {
                freeform_count += 1;
                continue;
            }
            let value = self.required_text(obj, "value", &format!("{opath}.value"));
            let label = self.required_text(obj, "label", &format!("{opath}.label"));
            let description =
                self.optional_text(obj, "description", &format!("{opath}.description"));
            let preview = self.preview_text(obj, kind, &format!("{opath}.preview"));
            if let Some(value) = &value {
                if let Some(first) = seen.get(value) {
                    self.issue(
                        &format!("{opath}.value"),
                        format!(
                            "duplicate value {value:?} (already used by options[{first}]); option values must be unique within a question"
                        ),
                    );
                } else {
                    seen.insert(value.clone(), j);
                }
            }
            if let (Some(value), Some(label)) = (value, label) {
                out.push(QuestionOption {
                    value,
                    label,
                    description,
                    preview,
                });
            }
        }
        if freeform_count > 0 {
            if !self.options.allow_freeform {
                self.issue(
                    &path,
                    "freeform options are internal to /answer extraction; list explicit options instead (every question already offers \"Type your own\")",
                );
            } else if freeform_count > 1 || items.len() > 1 {
                self.issue(
                    &path,
                    "a freeform option must be the only option of its question",
                );
            } else {
                return (Vec::new(), true);
            }
        }
        (out, false)
    }

    /// Preview text keeps its inner layout: only trailing whitespace and leading
    /// blank lines are dropped.
    fn preview_text(
        &mut self,
        obj: &Map<String, Value>,
        kind: QuestionType,
        path: &str,
    ) -> Option<String> {
        let blank = match obj.get("preview") {
            None | Some(Value::Null) => true,
            Some(Value::String(s)) => s.trim().is_empty(),
            Some(_) => false,
        };
        if blank && kind == QuestionType::Preview {
            self.issue(
                path,
                "preview questions need preview text on every option (a description does not count); add preview text or use type \"single\"",
            );
            return None;
        }
        match obj.get("preview") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => {
                self.issue(
                    path,
                    "must not be blank when provided; add preview text or remove it",
                );
                None
            }
            Some(Value::String(s)) => {
                let trimmed = s.trim_end();
                let start = trimmed
                    .char_indices()
                    .take_while(|(_, c)| c.is_whitespace())
                    .filter(|(_, c)| *c == '\n')
                    .last()
                    .map_or(0, |(i, _)| i + 1);
                Some(trimmed[start..].to_owned())
            }
            Some(other) => {
                self.issue(
                    path,
                    format!("must be a string when provided, got {}", describe(other)),
                );
                None
            }
        }
    }
}
