//! Prefilled answers: a form opened again with the answers it was given last time (a
//! replay), so the person only changes what they want and confirms.

use ask_contract::result::{Answer, AskDetails};
use ask_state::StateError;
use serde_json::{Map, Value, json};

use crate::{Notice, Session};

impl Session {
    /// Opens the form with the answers of `last` (the details of an earlier result for
    /// the same questions) already given: selections, free-form text, typed values, notes
    /// and the presented type, matched by question id and option position. Nothing is
    /// submitted: the person still confirms, as with answers they gave themselves. An
    /// answer that no longer fits its question (another option list, another type) is
    /// left out, and the notice [`Notice::Prefilled`] says so; it shows whenever
    /// something was prefilled or left out. A path answer must still pass `mustExist` and
    /// `pathKind` where the session's [completion source](Session::with_completions)
    /// looks (add it first, as [`Setup`](crate::setup::Setup) does). Apply a draft ([`Session::with_draft`]) after
    /// it when both are wanted: the draft is the newer work.
    #[must_use]
    pub fn with_prefill(mut self, last: &AskDetails) -> Self {
        let form = self.flow.form().clone();
        let mut filled = 0;
        let mut dropped = Vec::new();
        for (i, q) in form.questions.iter().enumerate() {
            let Some(answer) = last.answers.get(&q.id) else {
                continue;
            };
            let presented = last
                .questions
                .iter()
                .find(|s| s.id == q.id)
                .and_then(|s| s.presented_type);
            let mut entry = scripted_entry(answer);
            if let Some(kind) = presented {
                entry.insert("presentedType".into(), json!(kind.as_str()));
            }
            let script = json!({ "answers": { q.id.clone(): Value::Object(entry) } });
            let source = &mut self.source;
            let mut lookup = |path: &str| source.as_mut().and_then(|s| s.path_status(path));
            match ask_state::scripted::scripted_drafts_with(&form, &script, &mut lookup) {
                Ok((_, drafts)) => {
                    let draft = drafts.get(i).cloned().unwrap_or_default();
                    if self.flow.set_answer(i, draft) {
                        filled += 1;
                    }
                }
                Err(StateError::AnswersMismatch { problems }) => dropped.extend(problems),
                Err(other) => dropped.push(other.to_string()),
            }
        }
        if filled > 0 || !dropped.is_empty() {
            self.show(Notice::Prefilled { dropped });
        }
        self
    }
}

/// An answer of a result in the shape of scripted answers (`ask run --answers`): option
/// positions (the values list also holds the free-form text), the free-form text or the
/// typed value, and the notes.
fn scripted_entry(answer: &Answer) -> Map<String, Value> {
    let mut entry = Map::new();
    if !answer.indices.is_empty() {
        entry.insert("indices".into(), json!(answer.indices));
    }
    match (&answer.value, &answer.custom_text) {
        (Some(value), _) => {
            entry.insert("value".into(), value.clone());
        }
        (None, Some(text)) => {
            entry.insert("customText".into(), json!(text));
        }
        (None, None) => {}
    }
    if let Some(note) = &answer.note {
        entry.insert("note".into(), json!(note));
    }
    if let Some(notes) = answer.option_notes.as_ref().filter(|n| !n.is_empty()) {
        entry.insert("optionNotes".into(), json!(notes));
    }
    entry
}
