//! Scripted answers: the result the UI would give, without a UI.
//!
//! Shape: `{"mode": "submit"|"elaborate"|"cancel", "answers": {"<id>": {"values": [...]
//! or "indices": [...], "customText": "...", "note": "...", "optionNotes": {"<value>": "..."},
//! "presentedType": "single"|"multi"|"preview", "value": ...}}}`. `presentedType` answers a
//! question as the UI's type switch would have presented it (single <-> multi, preview <->
//! multi). `value` answers a typed question: a string (`text`, `path`), a number or its text
//! (`number`), `true`/`false` (`confirm`); it is checked against the question's rules like
//! `customText` on those questions, and on path questions against `mustExist` and
//! `pathKind` when the host supplies a [`PathLookup`]. `draft: true` keeps what breaks
//! a rule as the question's draft instead of refusing it ([`scripted_drafts_with`]).

use ask_contract::{AskForm, Question, QuestionType, result::AskResult};
use serde_json::Value;

use crate::error::StateError;
use crate::flow::{QuestionDraft, ReviewAction};
use crate::paths::{NoPathLookup, PathLookup};
use crate::result::build_result;

/// Checks scripted answers against `form` and builds the result the UI would give.
///
/// Every mismatch (unknown question ids or option values, indices out of range,
/// several options on a single-select question, wrong JSON types) is reported.
///
/// `mustExist` and `pathKind` are not checked here (nothing looks at the file system):
/// hosts that can look use [`scripted_result_with`].
pub fn scripted_result(form: &AskForm, script: &Value) -> Result<AskResult, StateError> {
    scripted_result_with(form, script, &mut NoPathLookup)
}

/// [`scripted_result`] with the host's path lookup: a path answer must also pass the
/// question's `mustExist` and `pathKind` for what `paths` finds there (`ask run
/// --answers` looks under `--cwd`).
pub fn scripted_result_with(
    form: &AskForm,
    script: &Value,
    paths: &mut dyn PathLookup,
) -> Result<AskResult, StateError> {
    let (action, drafts) = scripted_drafts_with(form, script, paths)?;
    Ok(build_result(form, &drafts, action))
}

/// Checks scripted answers against `form` exactly like [`scripted_result`] and returns the
/// review action (`mode`, submit when absent) and one draft per question (untouched for
/// questions the script does not name). Remote answers into a running flow use it
/// ([`Flow::set_answer`](crate::Flow::set_answer)).
pub fn scripted_drafts(
    form: &AskForm,
    script: &Value,
) -> Result<(ReviewAction, Vec<QuestionDraft>), StateError> {
    scripted_drafts_with(form, script, &mut NoPathLookup)
}

/// [`scripted_drafts`] with the host's path lookup for `mustExist` and `pathKind` (see
/// [`scripted_result_with`]). An answer entry with `"draft": true` keeps typed text, or a
/// multi-select count, that breaks a rule as the question's draft (unanswered; the flow
/// shows the problem and holds Submit back, as after typing it in the terminal) instead
/// of refusing it: a front end that sends what the person typed as they type it (the
/// browser page) uses it.
pub fn scripted_drafts_with(
    form: &AskForm,
    script: &Value,
    paths: &mut dyn PathLookup,
) -> Result<(ReviewAction, Vec<QuestionDraft>), StateError> {
    let mut problems = Vec::new();
    let Value::Object(root) = script else {
        return Err(StateError::AnswersMismatch {
            problems: vec![
                "expected an object like {\"mode\": \"submit\", \"answers\": {...}}".into(),
            ],
        });
    };
    let action = match root.get("mode") {
        None | Some(Value::Null) => ReviewAction::Submit,
        Some(Value::String(m)) if m == "submit" => ReviewAction::Submit,
        Some(Value::String(m)) if m == "elaborate" => ReviewAction::Elaborate,
        Some(Value::String(m)) if m == "cancel" => ReviewAction::Cancel,
        Some(other) => {
            problems.push(format!(
                "mode {other} is not one of \"submit\", \"elaborate\", \"cancel\""
            ));
            ReviewAction::Submit
        }
    };
    let mut drafts = QuestionDraft::fresh(form, false);
    match root.get("answers") {
        None | Some(Value::Null) => {}
        Some(Value::Object(answers)) => {
            // Question order, not the map's (which is sorted unless serde_json's
            // `preserve_order` is on): problems are reported the same in every build.
            for (q, d) in form.questions.iter().zip(drafts.iter_mut()) {
                if let Some(entry) = answers.get(&q.id) {
                    fill(q, d, entry, &mut problems, paths);
                }
            }
            for id in answers.keys() {
                if !form.questions.iter().any(|q| &q.id == id) {
                    let known: Vec<&str> = form.questions.iter().map(|q| q.id.as_str()).collect();
                    problems.push(format!(
                        "unknown question id {id:?}; the form has {known:?}"
                    ));
                }
            }
        }
        Some(other) => problems.push(format!(
            "answers must be an object keyed by question id, got {other}"
        )),
    }
    if problems.is_empty() {
        Ok((action, drafts))
    } else {
        Err(StateError::AnswersMismatch { problems })
    }
}

/// The `presentedType` of a scripted answer: the requested type when absent; otherwise a
/// type the UI could switch the question to (single <-> multi, preview <-> multi).
fn presented_type(
    q: &Question,
    entry: &serde_json::Map<String, Value>,
    problems: &mut Vec<String>,
) -> QuestionType {
    let Some(raw) = entry.get("presentedType").filter(|v| !v.is_null()) else {
        return q.kind;
    };
    let wanted = match raw.as_str() {
        Some("single") => QuestionType::Single,
        Some("multi") => QuestionType::Multi,
        Some("preview") => QuestionType::Preview,
        _ => {
            problems.push(format!(
                "question {:?}: presentedType must be \"single\", \"multi\" or \"preview\", got {raw}",
                q.id
            ));
            return q.kind;
        }
    };
    let allowed = wanted == q.kind
        || (!q.freeform
            && match q.kind {
                QuestionType::Preview => wanted == QuestionType::Multi,
                _ => wanted != QuestionType::Preview,
            });
    if allowed {
        wanted
    } else {
        problems.push(format!(
            "question {:?} is {}: it cannot be presented as {}",
            q.id,
            q.kind.as_str(),
            wanted.as_str()
        ));
        q.kind
    }
}

fn text_field(
    q: &Question,
    entry: &serde_json::Map<String, Value>,
    key: &str,
    problems: &mut Vec<String>,
) -> Option<String> {
    match entry.get(key) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => {
            let t = s.trim();
            (!t.is_empty()).then(|| t.to_owned())
        }
        Some(other) => {
            problems.push(format!(
                "question {:?}: {key} must be a string, got {other}",
                q.id
            ));
            None
        }
    }
}

fn fill(
    q: &Question,
    d: &mut QuestionDraft,
    entry: &Value,
    problems: &mut Vec<String>,
    paths: &mut dyn PathLookup,
) {
    let Value::Object(entry) = entry else {
        problems.push(format!(
            "question {:?}: the answer must be an object, got {entry}",
            q.id
        ));
        return;
    };
    let mut rows = Vec::new();
    for item in entry
        .get("values")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        match item
            .as_str()
            .and_then(|v| q.options.iter().position(|o| o.value == v))
        {
            Some(j) => rows.push(j),
            None => problems.push(format!("question {:?}: unknown option value {item}", q.id)),
        }
    }
    for item in entry
        .get("indices")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        match item
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|n| (1..=q.options.len()).contains(n))
        {
            Some(n) => rows.push(n - 1),
            None => problems.push(format!(
                "question {:?}: index {item} is out of range 1..={}",
                q.id,
                q.options.len()
            )),
        }
    }
    for key in ["values", "indices"] {
        if entry
            .get(key)
            .is_some_and(|v| !v.is_array() && !v.is_null())
        {
            problems.push(format!("question {:?}: {key} must be an array", q.id));
        }
    }
    rows.sort_unstable();
    rows.dedup();
    let custom = text_field(q, entry, "customText", problems);
    d.presented = presented_type(q, entry, problems);
    if d.presented != QuestionType::Multi && rows.len() + usize::from(custom.is_some()) > 1 {
        problems.push(format!(
            "question {:?} is {}: give one option or customText, not several \
             (or \"presentedType\": \"multi\" to answer it as the UI's multi-select switch would)",
            q.id,
            d.presented.as_str()
        ));
    }
    for j in rows {
        if let Some(s) = d.selected.get_mut(j) {
            *s = true;
        }
    }
    d.custom_selected = custom.is_some();
    d.custom_text = custom;
    let keep = match entry.get("draft") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(keep)) => *keep,
        Some(other) => {
            problems.push(format!(
                "question {:?}: draft must be true or false, got {other}",
                q.id
            ));
            false
        }
    };
    crate::typed::fill_typed(q, d, entry, problems, (paths, keep));
    d.note = text_field(q, entry, "note", problems);
    match entry.get("optionNotes") {
        None | Some(Value::Null) => {}
        Some(Value::Object(notes)) => {
            for (value, note) in notes {
                let Some(j) = q.options.iter().position(|o| &o.value == value) else {
                    problems.push(format!(
                        "question {:?}: optionNotes names unknown option value {value:?}",
                        q.id
                    ));
                    continue;
                };
                match note.as_str().map(str::trim) {
                    Some("") => {}
                    Some(t) => {
                        d.option_notes.insert(j, t.to_owned());
                    }
                    None => problems.push(format!(
                        "question {:?}: the note for {value:?} must be a string",
                        q.id
                    )),
                }
            }
        }
        Some(other) => problems.push(format!(
            "question {:?}: optionNotes must be an object, got {other}",
            q.id
        )),
    }
}
