//! Validation: walks a payload as a plain JSON tree (any [`Node`]) and builds the
//! [`AskForm`], collecting every issue with its path (the first [`MAX_ISSUES`] of them).

use std::collections::HashMap;

use crate::form::{AskForm, Question, QuestionOption, QuestionType};
use crate::issue::{ContractError, Issue};
use crate::json::{Node, View};
use crate::loc::{Loc, describe, field_name, quote};
use crate::parse::{MAX_ISSUES, ParseOptions};

pub(crate) fn validate<N: Node>(
    payload: &N,
    options: ParseOptions,
) -> Result<AskForm, ContractError> {
    let mut v = Validator {
        issues: Vec::new(),
        more: 0,
        options,
    };
    match v.root(payload) {
        Some(form) if v.count() == 0 => Ok(form),
        _ => {
            let mut issues = v.issues;
            if v.more > 0 {
                issues.push(Issue::new(
                    "payload",
                    format!(
                        "... and {} more issue{} (only the first {MAX_ISSUES} are listed); fix these and validate again",
                        v.more,
                        if v.more == 1 { "" } else { "s" }
                    ),
                ));
            }
            Err(ContractError::InvalidPayload { issues })
        }
    }
}

pub(crate) struct Validator {
    /// The first [`MAX_ISSUES`] issues.
    issues: Vec<Issue>,
    /// How many more were found.
    more: usize,
    options: ParseOptions,
}

impl Validator {
    pub(crate) fn issue(&mut self, loc: Loc<'_>, message: impl Into<String>) {
        if self.issues.len() < MAX_ISSUES {
            self.issues.push(Issue::new(loc.to_string(), message));
        } else {
            self.more += 1;
        }
    }

    /// Issues found so far, listed or not.
    pub(crate) fn count(&self) -> usize {
        self.issues.len() + self.more
    }

    fn root<N: Node>(&mut self, payload: &N) -> Option<AskForm> {
        let View::Object = payload.view() else {
            self.issue(
                Loc::Root("payload"),
                format!(
                    "must be a JSON object with a \"questions\" array, got {}",
                    describe(&payload.view())
                ),
            );
            return None;
        };
        let title = self
            .optional_text(payload, Loc::Root("title"))
            .map(str::to_owned);
        let questions = match payload.get("questions").map(Node::view) {
            None | Some(View::Null) => {
                self.issue(
                    Loc::Root("questions"),
                    "is required: add a \"questions\" array with at least one question",
                );
                return None;
            }
            Some(View::Array([])) => {
                self.issue(Loc::Root("questions"), "must contain at least one question");
                return None;
            }
            Some(View::Array(items)) => items,
            Some(other) => {
                self.issue(
                    Loc::Root("questions"),
                    format!(
                        "must be an array of question objects, got {}",
                        describe(&other)
                    ),
                );
                return None;
            }
        };
        let mut seen = Seen::default();
        let mut out = Vec::with_capacity(questions.len());
        for (i, item) in questions.iter().enumerate() {
            out.extend(self.question(i, item, &mut seen));
        }
        if self.count() > 0 {
            return None;
        }
        Some(AskForm {
            title,
            questions: out,
        })
    }

    /// A required, non-blank string; returns it trimmed.
    fn required_text<'v, N: Node>(&mut self, obj: &'v N, loc: Loc<'_>) -> Option<&'v str> {
        let key = field_name(loc);
        match obj.get(key).map(Node::view) {
            None | Some(View::Null) => {
                self.issue(loc, "is required: provide a non-empty string");
                None
            }
            Some(View::Str(s)) => {
                let s = trim(s);
                if s.is_empty() {
                    self.issue(loc, "must not be empty or whitespace");
                    return None;
                }
                Some(s)
            }
            Some(other) => {
                self.issue(loc, format!("must be a string, got {}", describe(&other)));
                None
            }
        }
    }

    /// An optional string that must not be blank when provided (`null` counts as absent).
    fn optional_text<'v, N: Node>(&mut self, obj: &'v N, loc: Loc<'_>) -> Option<&'v str> {
        let key = field_name(loc);
        match obj.get(key).map(Node::view) {
            None | Some(View::Null) => None,
            Some(View::Str(s)) => {
                let s = trim(s);
                if s.is_empty() {
                    self.issue(
                        loc,
                        "must not be blank when provided; remove it or add text",
                    );
                    return None;
                }
                Some(s)
            }
            Some(other) => {
                self.issue(
                    loc,
                    format!("must be a string when provided, got {}", describe(&other)),
                );
                None
            }
        }
    }

    /// One question; `seen` maps the ids met so far to their question index so
    /// a duplicate is reported at its own id, in payload order.
    fn question<'v, N: Node>(
        &mut self,
        i: usize,
        item: &'v N,
        seen: &mut Seen<'v>,
    ) -> Option<Question> {
        let here = Loc::Question(i, "");
        let obj = item;
        let View::Object = item.view() else {
            self.issue(
                here,
                format!("must be a question object, got {}", describe(&item.view())),
            );
            return None;
        };
        let before = self.count();
        let id = self.required_text(obj, here.field("id"));
        if let Some(id) = id
            && let Some(first) = seen.first(id, i)
        {
            self.issue(
                    here.field("id"),
                    format!(
                        "duplicate id {} (already used by questions[{first}]); question ids must be unique",
                        quote(id)
                    ),
                );
        }
        let label = self.optional_text(obj, here.field("label"));
        let prompt = self.required_text(obj, here.field("prompt"));
        let kind = self.kind(obj.get("type").map(Node::view), here.field("type"));
        let required = match obj.get("required").map(Node::view) {
            None | Some(View::Null) => false,
            Some(View::Bool(b)) => b,
            Some(other) => {
                self.issue(
                    here.field("required"),
                    format!(
                        "must be true or false when provided, got {}",
                        describe(&other)
                    ),
                );
                false
            }
        };
        let kind_was_typed = kind.has_value();
        let (kind, mut options, freeform) = if kind.has_value() {
            self.no_options(obj, i, kind);
            (kind, Vec::new(), kind.is_typed_input())
        } else {
            let (options, freeform) = self.options(i, kind, obj.get("options").map(Node::view));
            // The `/answer` free-form marker reads as a text question.
            let kind = if freeform { QuestionType::Text } else { kind };
            (kind, options, freeform)
        };
        let mut rules = self.rules(obj, i, kind, &mut options);
        if freeform && !kind_was_typed {
            // The marker's editor always took several lines; it keeps doing so.
            rules.multiline = true;
        }
        match (id, prompt) {
            (Some(id), Some(prompt)) if self.count() == before => Some(Question {
                id: id.to_owned(),
                label: label.map_or_else(|| format!("Q{}", i + 1), str::to_owned),
                prompt: prompt.to_owned(),
                kind,
                required,
                options,
                freeform,
                rules,
            }),
            _ => None,
        }
    }

    fn kind<N: Node>(&mut self, value: Option<View<'_, N>>, loc: Loc<'_>) -> QuestionType {
        match value {
            None | Some(View::Null) => QuestionType::Single,
            Some(View::Str(s)) => {
                let spelled = trim(s);
                if let Some(kind) = QuestionType::ALL
                    .iter()
                    .copied()
                    .find(|t| t.as_str().eq_ignore_ascii_case(spelled))
                {
                    kind
                } else {
                    self.issue(loc, format!("unknown type {}; use {TYPES}", quote(s)));
                    QuestionType::Single
                }
            }
            Some(other) => {
                self.issue(
                    loc,
                    format!("must be one of {TYPES}, got {}", describe(&other)),
                );
                QuestionType::Single
            }
        }
    }

    fn options<N: Node>(
        &mut self,
        i: usize,
        kind: QuestionType,
        value: Option<View<'_, N>>,
    ) -> (Vec<QuestionOption>, bool) {
        let loc = Loc::Question(i, "options");
        let items = match value {
            None | Some(View::Null) => {
                self.issue(loc, "is required: add at least one option");
                return (Vec::new(), false);
            }
            Some(View::Array([])) => {
                self.issue(loc, "must contain at least one option");
                return (Vec::new(), false);
            }
            Some(View::Array(items)) => items,
            Some(other) => {
                self.issue(
                    loc,
                    format!(
                        "must be an array of option objects, got {}",
                        describe(&other)
                    ),
                );
                return (Vec::new(), false);
            }
        };
        let mut out = Vec::with_capacity(items.len());
        let mut seen = Seen::default();
        let mut freeform_count = 0usize;
        let mut first_recommended: Option<usize> = None;
        for (j, item) in items.iter().enumerate() {
            let here = Loc::Option(i, j, "");
            let obj = item;
            let View::Object = item.view() else {
                self.issue(
                    here,
                    format!(
                        "must be an option object with value and label, got {}",
                        describe(&item.view())
                    ),
                );
                continue;
            };
            let freeform = match obj.get("freeform").map(Node::view) {
                None | Some(View::Null | View::Bool(false)) => false,
                Some(View::Bool(true)) => true,
                Some(other) => {
                    self.issue(
                        here.field("freeform"),
                        format!("must be a boolean, got {}", describe(&other)),
                    );
                    false
                }
            };
            if freeform {
                freeform_count += 1;
                continue;
            }
            let value = self.required_text(obj, here.field("value"));
            if let Some(value) = value
                && let Some(first) = seen.first(value, j)
            {
                self.issue(
                        here.field("value"),
                        format!(
                            "duplicate value {} (already used by options[{first}]); option values must be unique within a question",
                            quote(value)
                        ),
                    );
            }
            let label = self.required_text(obj, here.field("label"));
            let description = self.optional_text(obj, here.field("description"));
            let preview = self.preview_text(obj, kind, here.field("preview"));
            let recommended = self.recommended(
                obj,
                kind,
                here.field("recommended"),
                j,
                &mut first_recommended,
            );
            if let (Some(value), Some(label)) = (value, label) {
                out.push(QuestionOption {
                    value: value.to_owned(),
                    label: label.to_owned(),
                    description: description.map(str::to_owned),
                    preview,
                    recommended,
                });
            }
        }
        if freeform_count > 0 {
            if !self.options.allow_freeform {
                self.issue(
                    loc,
                    "freeform options are internal to /answer extraction; list explicit options instead (every question already offers \"Type your own\")",
                );
            } else if freeform_count > 1 || items.len() > 1 {
                self.issue(
                    loc,
                    "a freeform option must be the only option of its question",
                );
            } else {
                return (Vec::new(), true);
            }
        }
        (out, false)
    }

    /// The optional `recommended` flag of option `j`: a boolean, and on single and
    /// preview questions true on at most one option (`first` remembers which).
    fn recommended<N: Node>(
        &mut self,
        obj: &N,
        kind: QuestionType,
        loc: Loc<'_>,
        j: usize,
        first: &mut Option<usize>,
    ) -> bool {
        match obj.get("recommended").map(Node::view) {
            None | Some(View::Null | View::Bool(false)) => false,
            Some(View::Bool(true)) => {
                let single = matches!(kind, QuestionType::Single | QuestionType::Preview);
                if let (Some(k), true) = (*first, single) {
                    self.issue(
                        loc,
                        format!(
                            "only one option of a {} question can be recommended (options[{k}] already is); remove one flag or use type \"multi\"",
                            kind.as_str()
                        ),
                    );
                    return false;
                }
                first.get_or_insert(j);
                true
            }
            Some(other) => {
                self.issue(loc, format!("must be a boolean, got {}", describe(&other)));
                false
            }
        }
    }

    /// Preview text keeps its inner layout (indentation matters in code
    /// previews): only trailing whitespace and leading blank lines are dropped.
    fn preview_text<N: Node>(
        &mut self,
        obj: &N,
        kind: QuestionType,
        loc: Loc<'_>,
    ) -> Option<String> {
        match obj.get("preview").map(Node::view) {
            None | Some(View::Null) => {
                if kind == QuestionType::Preview {
                    self.issue(loc, PREVIEW_REQUIRED);
                }
                None
            }
            Some(View::Str(s)) if trim(s).is_empty() => {
                if kind == QuestionType::Preview {
                    self.issue(loc, PREVIEW_REQUIRED);
                } else {
                    self.issue(
                        loc,
                        "must not be blank when provided; add preview text or remove it",
                    );
                }
                None
            }
            Some(View::Str(s)) => Some(trim_preview(s).to_owned()),
            Some(other) => {
                self.issue(
                    loc,
                    format!("must be a string when provided, got {}", describe(&other)),
                );
                None
            }
        }
    }
}

/// The type spellings for messages.
const TYPES: &str =
    "\"single\", \"multi\", \"preview\", \"text\", \"confirm\", \"number\" or \"path\"";

const PREVIEW_REQUIRED: &str = "preview questions need preview text on every option (a description does not count); add preview text or use type \"single\"";

/// Drops trailing whitespace and whole blank lines at the start, keeping the
/// indentation of the first non-blank line.
fn trim_preview(s: &str) -> &str {
    let trimmed = s.trim_end();
    let rest = trimmed.trim_start();
    let leading = trimmed.get(..trimmed.len() - rest.len()).unwrap_or("");
    match leading.rfind('\n') {
        Some(newline) => trimmed.get(newline + 1..).unwrap_or(rest),
        None => trimmed,
    }
}

/// `s` without leading and trailing whitespace, as [`str::trim`] gives it, without
/// walking the ends when they are plain ASCII (most payload text).
pub(crate) fn trim(s: &str) -> &str {
    match (s.as_bytes().first(), s.as_bytes().last()) {
        (Some(first), Some(last)) if first.is_ascii_graphic() && last.is_ascii_graphic() => s,
        _ => s.trim(),
    }
}

/// The first index each id or option value was met at: a linear search in a fixed array
/// (no allocation) while the list is short, a hash map past that.
#[derive(Default)]
pub(crate) struct Seen<'v> {
    /// The first `len` entries are in use.
    few: [(&'v str, usize); FEW],
    len: usize,
    many: HashMap<&'v str, usize>,
}

/// Past this many entries [`Seen`] moves to its hash map.
const FEW: usize = 16;

impl<'v> Seen<'v> {
    /// Where `key` was first met, or `None` after remembering it at `index`.
    pub(crate) fn first(&mut self, key: &'v str, index: usize) -> Option<usize> {
        if self.many.is_empty() {
            let few = self.few.get(..self.len).unwrap_or_default();
            if let Some((_, first)) = few.iter().find(|(k, _)| *k == key) {
                return Some(*first);
            }
            if let Some(slot) = self.few.get_mut(self.len) {
                *slot = (key, index);
                self.len += 1;
                return None;
            }
            self.many.reserve(FEW * 2);
            self.many.extend(self.few);
        }
        match self.many.entry(key) {
            std::collections::hash_map::Entry::Occupied(entry) => Some(*entry.get()),
            std::collections::hash_map::Entry::Vacant(entry) => {
                entry.insert(index);
                None
            }
        }
    }
}
