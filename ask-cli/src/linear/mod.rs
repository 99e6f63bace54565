//! The accessible linear mode: one question at a time as plain lines, answers
//! typed on a line. No cursor addressing, no colours, no alternate screen, so a
//! screen reader reads it top to bottom and it works over a pipe-like terminal.
//!
//! [`Linear`] is the pure part: lines in, text out, and at the end the same
//! result the full UI gives. The choices are collected as scripted answers and
//! turned into the result by [`ask_state::scripted_result`], the function behind
//! `ask run --answers`, so both routes agree by construction. [`tty`] runs it on
//! the controlling terminal.

mod draft;
pub(crate) mod settings;
pub(crate) mod tty;
mod typed;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use ask_contract::{AskDetails, AskForm, AskResult, Question, QuestionType};
use ask_render::sanitize;
use serde_json::{Map, Value, json};

/// The help text (`?`).
const HELP: &str = "\
Answer with option numbers: 2, or 1,3 on a multi-select question.
  o TEXT     type your own answer
  n N TEXT   a note on option N (n N alone removes it)
  q TEXT     a note on the question (q alone removes it)
  (empty)    skip: keep the current answer and go on
  b          back to the previous question
  ?          this help
On the review: submit, elaborate (ask the agent about your notes first) or cancel.";

/// One question's answers so far.
#[derive(Debug, Clone, Default)]
struct Draft {
    /// Selected option indices (0-based), declaration order.
    selected: Vec<usize>,
    custom: Option<String>,
    note: Option<String>,
    option_notes: BTreeMap<usize, String>,
    /// Answered as multi-select although declared single or preview (only from a
    /// draft of the full form, whose type switch allows it).
    as_multi: bool,
}

/// What the caller does after a line.
#[derive(Debug)]
pub(crate) enum Step {
    /// Print this text and read another line.
    Ask(String),
    /// The flow ended: print the text, then write this result.
    Done(String, Box<AskResult>),
}

/// The linear flow over a form.
pub(crate) struct Linear {
    form: AskForm,
    drafts: Vec<Draft>,
    /// The current question, or `form.questions.len()` for the review.
    at: usize,
    /// What identifies the form in a draft (`ask_state::form_hash`).
    form_hash: String,
    /// A closed form (`ask run --elicitation`): see [`Linear::closed`].
    closed: bool,
    /// Where path questions are looked up (`--cwd`): see [`Linear::with_root`].
    root: Option<std::path::PathBuf>,
}

impl Linear {
    /// A flow at the first question.
    pub(crate) fn new(form: AskForm) -> Self {
        let drafts = vec![Draft::default(); form.questions.len()];
        let form_hash = ask_state::form_hash(&form);
        Self {
            form,
            drafts,
            at: 0,
            form_hash,
            closed: false,
            root: None,
        }
    }

    /// The opening text: the title, how to get help, the first question.
    pub(crate) fn start(&self) -> String {
        let mut out = String::new();
        if let Some(title) = &self.form.title {
            let _ = writeln!(out, "{}", clean(title));
        }
        let n = self.form.questions.len();
        let _ = writeln!(
            out,
            "{n} question{}. Type ? for help.",
            if n == 1 { "" } else { "s" }
        );
        out.push_str(&self.screen());
        out
    }

    /// The prompt line a terminal shows before reading.
    pub(crate) fn prompt(&self) -> &'static str {
        if self.at < self.form.questions.len() {
            "> "
        } else {
            "submit, elaborate or cancel> "
        }
    }

    /// Handles one typed line.
    pub(crate) fn line(&mut self, line: &str) -> Step {
        let line = line.trim();
        if line == "?" || line.eq_ignore_ascii_case("help") {
            return Step::Ask(format!("{HELP}\n"));
        }
        if line == "b" {
            self.at = self.at.saturating_sub(1);
            return Step::Ask(self.screen());
        }
        if self.at >= self.form.questions.len() {
            return self.review_line(line);
        }
        match self.question_line(line) {
            Ok(Some(said)) => Step::Ask(format!("{said}\n")),
            Ok(None) => {
                self.at += 1;
                Step::Ask(self.screen())
            }
            Err(problem) => Step::Ask(format!("{problem} Type ? for help.\n")),
        }
    }

    /// The flow ended from outside (end of input, a signal): cancelled, with the
    /// answers given so far.
    pub(crate) fn cancelled(&self) -> AskResult {
        self.result("cancel")
    }

    /// A line on a question: `Ok(None)` moves on, `Ok(Some(text))` stays with a reply.
    fn question_line(&mut self, line: &str) -> Result<Option<String>, String> {
        let q = &self.form.questions[self.at];
        let refusal = self.refuses_own_answer(q);
        let draft = &mut self.drafts[self.at];
        if line.is_empty() {
            return Ok(None);
        }
        if let Some(reply) = typed::confirm_line(q, draft, line) {
            return reply;
        }
        if let Some(rest) = command(line, "q") {
            draft.note = non_empty(rest);
            return Ok(Some(
                if draft.note.is_some() {
                    "Question note saved."
                } else {
                    "Question note removed."
                }
                .into(),
            ));
        }
        if let Some(rest) = command(line, "n") {
            let (num, text) = rest.split_once(' ').unwrap_or((rest, ""));
            let j = option_index(q, num)?;
            return Ok(Some(if let Some(note) = non_empty(text) {
                draft.option_notes.insert(j, note);
                format!("Note on option {} saved.", j + 1)
            } else {
                draft.option_notes.remove(&j);
                format!("Note on option {} removed.", j + 1)
            }));
        }
        if let Some(reply) = typed::typed_line(q, draft, line, self.root.as_deref()) {
            return reply;
        }
        if let Some(rest) = command(line, "o") {
            if let Some(refusal) = refusal {
                return Err(refusal);
            }
            let Some(text) = non_empty(rest) else {
                return Err("Type your answer after o, like: o use both".into());
            };
            if q.kind != QuestionType::Multi && !draft.as_multi {
                draft.selected.clear();
            }
            draft.custom = Some(text);
            return Ok(None);
        }
        if q.freeform {
            // A free-form-only question: the whole line is the answer.
            draft.custom = Some(line.to_owned());
            return Ok(None);
        }
        let mut picked = Vec::new();
        for part in line.split([',', ' ']).filter(|p| !p.is_empty()) {
            let j = option_index(q, part)?;
            if !picked.contains(&j) {
                picked.push(j);
            }
        }
        if q.kind != QuestionType::Multi && !draft.as_multi {
            if picked.len() > 1 {
                return Err("Pick one option on this question.".into());
            }
            draft.custom = None;
        }
        let chosen = picked.len() + usize::from(draft.custom.is_some());
        if let (QuestionType::Multi, Err(rule)) = (q.kind, q.check_count(chosen)) {
            return Err(format!("Not accepted: {rule}."));
        }
        picked.sort_unstable();
        draft.selected = picked;
        Ok(None)
    }

    fn review_line(&mut self, line: &str) -> Step {
        let mode = match line.to_ascii_lowercase().as_str() {
            "submit" | "s" | "1" => "submit",
            "elaborate" | "e" | "2" => "elaborate",
            "cancel" | "c" | "3" => "cancel",
            _ => {
                return Step::Ask(
                    "Type submit, elaborate or cancel (b goes back to the last question).\n".into(),
                );
            }
        };
        if mode == "submit"
            && let Some((first, why)) = self.unanswered_required()
        {
            self.at = first;
            return Step::Ask(format!("{why}\n{}", self.screen()));
        }
        let said = match mode {
            "submit" => "Submitted.",
            "elaborate" => "Sent for elaboration.",
            _ => "Cancelled.",
        };
        Step::Done(format!("{said}\n"), Box::new(self.result(mode)))
    }

    /// The text for the current position: a question, or the review.
    fn screen(&self) -> String {
        match self.form.questions.get(self.at) {
            Some(q) => self.question_text(self.at, q),
            None => self.review_text(),
        }
    }

    fn question_text(&self, i: usize, q: &Question) -> String {
        let mut out = String::new();
        let n = self.form.questions.len();
        let draft = &self.drafts[i];
        let kind = match (q.freeform, q.kind) {
            (_, QuestionType::Confirm) => "yes or no",
            (_, QuestionType::Number) => "type a number",
            (_, QuestionType::Path) => "type a path",
            (true, _) => "type your answer",
            (_, QuestionType::Multi) => "choose any",
            _ if draft.as_multi => "choose any, as you switched it to multi-select",
            _ => "choose one",
        };
        let required = if self.closed && q.required {
            ", required"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "\nQuestion {} of {n}: {} ({kind}{required})",
            i + 1,
            clean(&q.label)
        );
        let _ = writeln!(out, "{}", clean(&q.prompt));
        for (j, option) in q.options.iter().enumerate() {
            let mut row = format!("{}. {}", j + 1, clean(&option.label));
            if option.recommended {
                row.push_str(" (Recommended)");
            }
            if draft.selected.contains(&j) {
                row.push_str(" (selected)");
            }
            if let Some(description) = &option.description {
                let _ = write!(row, " - {}", clean(description));
            }
            let _ = writeln!(out, "{row}");
            if let Some(preview) = &option.preview {
                for l in clean(preview).lines() {
                    let _ = writeln!(out, "    {l}");
                }
            }
            if let Some(note) = draft.option_notes.get(&j) {
                let _ = writeln!(out, "   note: {}", clean(note));
            }
        }
        if q.offers_custom_row() {
            let _ = writeln!(out, "o. Type your own");
        }
        typed::typed_text(q, &mut out);
        if let Some(custom) = &draft.custom {
            let _ = writeln!(out, "Your own answer: {}", clean(custom));
        }
        if let Some(note) = &draft.note {
            let _ = writeln!(out, "Question note: {}", clean(note));
        }
        out
    }

    fn review_text(&self) -> String {
        let mut out = String::from("\nReview your answers\n");
        for (q, d) in self.form.questions.iter().zip(&self.drafts) {
            let mut labels: Vec<String> = d
                .selected
                .iter()
                .filter_map(|&j| q.options.get(j))
                .map(|o| {
                    let label = clean(&o.label);
                    if o.recommended {
                        format!("{label} (Recommended)")
                    } else {
                        label
                    }
                })
                .collect();
            labels.extend(d.custom.as_deref().map(clean));
            let answer = if labels.is_empty() && self.closed && q.required {
                "unanswered (required)".into()
            } else if labels.is_empty() {
                "unanswered".into()
            } else {
                labels.join(", ")
            };
            let _ = writeln!(out, "{}: {answer}", clean(&q.label));
            if let Some(note) = &d.note {
                let _ = writeln!(out, "  note: {}", clean(note));
            }
            for (j, note) in &d.option_notes {
                if let Some(option) = q.options.get(*j) {
                    // Submit drops the notes of options that are not selected.
                    let unsent = if d.selected.contains(j) {
                        ""
                    } else {
                        " (not selected, sent only with Elaborate)"
                    };
                    let _ = writeln!(
                        out,
                        "  {}{unsent} note: {}",
                        clean(&option.label),
                        clean(note)
                    );
                }
            }
        }
        out.push_str("Submit, elaborate (ask the agent about your notes first) or cancel?\n");
        out
    }

    /// The scripted answers for `mode`, turned into a result.
    fn result(&self, mode: &str) -> AskResult {
        let mut answers = Map::new();
        for (q, d) in self.form.questions.iter().zip(&self.drafts) {
            let mut entry = Map::new();
            if !d.selected.is_empty() {
                let values: Vec<&str> = d
                    .selected
                    .iter()
                    .filter_map(|&j| q.options.get(j))
                    .map(|o| o.value.as_str())
                    .collect();
                entry.insert("values".into(), json!(values));
            }
            if let Some(custom) = &d.custom {
                entry.insert("customText".into(), json!(custom));
            }
            if d.as_multi && q.kind != QuestionType::Multi {
                entry.insert("presentedType".into(), json!("multi"));
            }
            if let Some(note) = &d.note {
                entry.insert("note".into(), json!(note));
            }
            if !d.option_notes.is_empty() {
                let notes: Map<String, Value> = d
                    .option_notes
                    .iter()
                    .filter_map(|(j, n)| Some((q.options.get(*j)?.value.clone(), json!(n))))
                    .collect();
                entry.insert("optionNotes".into(), Value::Object(notes));
            }
            if !entry.is_empty() {
                answers.insert(q.id.clone(), Value::Object(entry));
            }
        }
        let script = json!({"mode": mode, "answers": answers});
        // The drafts only ever hold what the form allows, so this cannot fail;
        // should it, the user's choices are not silently turned into something else.
        ask_state::scripted_result(&self.form, &script).unwrap_or_else(|_| {
            AskResult::from_details(AskDetails::for_form(&self.form).with_cancelled(true))
        })
    }
}

/// Untrusted text made safe for a terminal (control characters and bidi
/// controls become visible placeholders).
fn clean(text: &str) -> String {
    sanitize(text).into_owned()
}

/// `rest` when `line` is `word` or starts with `word` and a space.
fn command<'a>(line: &'a str, word: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(word)?;
    if rest.is_empty() {
        Some("")
    } else {
        rest.strip_prefix(' ').map(str::trim)
    }
}

fn non_empty(text: &str) -> Option<String> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

/// The 0-based index of the option numbered `text`.
fn option_index(q: &Question, text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=q.options.len()).contains(&n) => Ok(n - 1),
        _ if q.options.is_empty() => Err("This question has no options; type your answer.".into()),
        _ => Err(format!(
            "{:?} is not an option number; use 1 to {}, or o TEXT for your own answer.",
            clean(text),
            q.options.len()
        )),
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod typed_tests;
