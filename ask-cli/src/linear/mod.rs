//! The accessible linear mode: one question at a time as plain lines, answers
//! typed on a line. No cursor addressing, no colours, no alternate screen, so a
//! screen reader reads it top to bottom and it works over a pipe-like terminal.
//!
//! [`Linear`] is the pure part: lines in, text out, and at the end the same
//! result the full UI gives. The choices are collected as scripted answers and
//! turned into the result by [`ask_state::scripted::scripted_result`], the function behind
//! `ask run --answers`, so both routes agree by construction. [`tty`] runs it on
//! the controlling terminal.

mod draft;
pub(crate) mod settings;
pub(crate) mod tty;
mod typed;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use ask_contract::{
    AskForm, Question, QuestionType,
    result::{AskDetails, AskResult},
};
use ask_host::i18n::{Locale, Msg};
use ask_render::text::sanitize;
use serde_json::{Map, Value, json};

/// The help text (`?`): the command letters stay, what they do is in `locale`.
fn help(locale: Locale) -> String {
    let t = |m: Msg| locale.text(m);
    let text = t(Msg::LinearHelpTextWord);
    let (own, option, question) = (
        format!("o {text}"),
        format!("n N {text}"),
        format!("q {text}"),
    );
    let rows = [
        (own.as_str(), t(Msg::LinearHelpOwn)),
        (option.as_str(), t(Msg::LinearHelpOptionNote)),
        (question.as_str(), t(Msg::LinearHelpQuestionNote)),
        (t(Msg::LinearHelpEmpty), t(Msg::LinearHelpSkip)),
        ("b", t(Msg::LinearHelpBack)),
        ("?", t(Msg::LinearHelpHelp)),
    ];
    let w = rows
        .iter()
        .map(|(k, _)| ask_render::text::display_width(k))
        .max()
        .unwrap_or(0);
    let mut out = format!("{}\n", t(Msg::LinearHelpIntro));
    for (key, what) in rows {
        let pad = w - ask_render::text::display_width(key);
        let _ = writeln!(out, "  {key}{}   {what}", " ".repeat(pad));
    }
    out.push_str(t(Msg::LinearHelpReview));
    out
}

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
    /// What identifies the form in a draft (`ask_state::snapshot::form_hash`).
    form_hash: String,
    /// The language of every line it writes (answers go to the agent in English).
    locale: Locale,
    /// A closed form (`ask run --elicitation`): see [`Linear::closed`].
    closed: bool,
    /// Where path questions are looked up (`--cwd`): see [`Linear::with_root`].
    root: Option<std::path::PathBuf>,
}

impl Linear {
    /// A flow at the first question.
    pub(crate) fn new(form: AskForm, locale: Locale) -> Self {
        let drafts = vec![Draft::default(); form.questions.len()];
        let form_hash = ask_state::snapshot::form_hash(&form);
        Self {
            form,
            drafts,
            at: 0,
            form_hash,
            locale,
            closed: false,
            root: None,
        }
    }

    fn t(&self, msg: Msg) -> &'static str {
        self.locale.text(msg)
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
            "{}",
            self.locale.plural(
                n as u64,
                (Msg::LinearCountOne, Msg::LinearCountOther),
                &[("n", &n)]
            )
        );
        out.push_str(&self.screen());
        out
    }

    /// The prompt line a terminal shows before reading.
    pub(crate) fn prompt(&self) -> String {
        if self.at < self.form.questions.len() {
            "> ".to_owned()
        } else {
            format!("{}> ", self.t(Msg::LinearReviewPrompt))
        }
    }

    /// Handles one typed line.
    pub(crate) fn line(&mut self, line: &str) -> Step {
        let line = line.trim();
        if line == "?" || line.eq_ignore_ascii_case("help") {
            return Step::Ask(format!("{}\n", help(self.locale)));
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
            Err(problem) => Step::Ask(format!("{problem} {}\n", self.t(Msg::LinearHelpHint))),
        }
    }

    /// The flow ended from outside (end of input, a signal): cancelled, with the
    /// answers given so far.
    pub(crate) fn cancelled(&self) -> AskResult {
        self.result("cancel")
    }

    /// A line on a question: `Ok(None)` moves on, `Ok(Some(text))` stays with a reply.
    fn question_line(&mut self, line: &str) -> Result<Option<String>, String> {
        let locale = self.locale;
        let t = |m: Msg| locale.text(m);
        let q = &self.form.questions[self.at];
        let refusal = self.refuses_own_answer(q);
        let draft = &mut self.drafts[self.at];
        if line.is_empty() {
            return Ok(None);
        }
        if let Some(reply) = typed::confirm_line(q, draft, line, locale) {
            return reply;
        }
        if let Some(rest) = command(line, "q") {
            draft.note = non_empty(rest);
            return Ok(Some(
                t(if draft.note.is_some() {
                    Msg::LinearQuestionNoteSaved
                } else {
                    Msg::LinearQuestionNoteRemoved
                })
                .into(),
            ));
        }
        if let Some(rest) = command(line, "n") {
            let (num, text) = rest.split_once(' ').unwrap_or((rest, ""));
            let j = option_index(q, num, locale)?;
            return Ok(Some(if let Some(note) = non_empty(text) {
                draft.option_notes.insert(j, note);
                locale.format(Msg::LinearOptionNoteSaved, &[("n", &(j + 1))])
            } else {
                draft.option_notes.remove(&j);
                locale.format(Msg::LinearOptionNoteRemoved, &[("n", &(j + 1))])
            }));
        }
        if let Some(reply) = typed::typed_line(q, draft, line, (self.root.as_deref(), locale)) {
            return reply;
        }
        if let Some(rest) = command(line, "o") {
            if let Some(refusal) = refusal {
                return Err(refusal);
            }
            let Some(text) = non_empty(rest) else {
                return Err(t(Msg::LinearOwnMissing).into());
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
            let j = option_index(q, part, locale)?;
            if !picked.contains(&j) {
                picked.push(j);
            }
        }
        if q.kind != QuestionType::Multi && !draft.as_multi {
            if picked.len() > 1 {
                return Err(t(Msg::LinearPickOne).into());
            }
            draft.custom = None;
        }
        let chosen = picked.len() + usize::from(draft.custom.is_some());
        if let (QuestionType::Multi, Err(rule)) = (q.kind, q.check_count_in(locale, chosen)) {
            return Err(locale.format(Msg::LinearNotAccepted, &[("problem", &rule)]));
        }
        picked.sort_unstable();
        draft.selected = picked;
        Ok(None)
    }

    fn review_line(&mut self, line: &str) -> Step {
        // The English words and letters always work; the language's words too.
        let typed = line.to_lowercase();
        let said = |m: Msg| typed == self.t(m).to_lowercase();
        let mode = match typed.as_str() {
            "submit" | "s" | "1" => "submit",
            "elaborate" | "e" | "2" => "elaborate",
            "cancel" | "c" | "3" => "cancel",
            _ if said(Msg::LinearWordSubmit) => "submit",
            _ if said(Msg::LinearWordElaborate) => "elaborate",
            _ if said(Msg::LinearWordCancel) => "cancel",
            _ => {
                return Step::Ask(format!("{}\n", self.t(Msg::LinearReviewRetry)));
            }
        };
        if mode == "submit"
            && let Some((first, why)) = self.unanswered_required()
        {
            self.at = first;
            return Step::Ask(format!("{why}\n{}", self.screen()));
        }
        let said = self.t(match mode {
            "submit" => Msg::LinearSubmitted,
            "elaborate" => Msg::LinearElaborated,
            _ => Msg::LinearCancelled,
        });
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
        let kind = self.t(match (q.freeform, q.kind) {
            (_, QuestionType::Confirm) => Msg::LinearKindConfirm,
            (_, QuestionType::Number) => Msg::LinearKindNumber,
            (_, QuestionType::Path) => Msg::LinearKindPath,
            (true, _) => Msg::LinearKindText,
            (_, QuestionType::Multi) => Msg::LinearKindMulti,
            _ if draft.as_multi => Msg::LinearKindSwitched,
            _ => Msg::LinearKindSingle,
        });
        let of = self
            .locale
            .format(Msg::LinearQuestionOf, &[("n", &(i + 1)), ("total", &n)]);
        let kind = if self.closed && q.required {
            self.locale
                .format(Msg::LinearKindRequired, &[("kind", &kind)])
        } else {
            kind.to_owned()
        };
        let _ = writeln!(out, "\n{of}: {} ({kind})", clean(&q.label));
        let _ = writeln!(out, "{}", clean(&q.prompt));
        for (j, option) in q.options.iter().enumerate() {
            let mut row = format!("{}. {}", j + 1, clean(option_label(q, j, self.locale)));
            if option.recommended {
                let _ = write!(row, " {}", self.t(Msg::OptionRecommended));
            }
            if draft.selected.contains(&j) {
                let _ = write!(row, " {}", self.t(Msg::LinearSelected));
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
                let _ = writeln!(out, "   {} {}", self.t(Msg::LinearNote), clean(note));
            }
        }
        if q.offers_custom_row() {
            let _ = writeln!(out, "o. {}", self.t(Msg::OptionCustom));
        }
        typed::typed_text(q, &mut out, self.locale);
        if let Some(custom) = &draft.custom {
            let _ = writeln!(out, "{} {}", self.t(Msg::LinearOwnAnswer), clean(custom));
        }
        if let Some(note) = &draft.note {
            let _ = writeln!(out, "{} {}", self.t(Msg::NoteQuestion), clean(note));
        }
        out
    }

    fn review_text(&self) -> String {
        let mut out = format!("\n{}\n", self.t(Msg::LinearReviewTitle));
        for (q, d) in self.form.questions.iter().zip(&self.drafts) {
            let mut labels: Vec<String> = d
                .selected
                .iter()
                .filter_map(|&j| q.options.get(j).map(|o| (j, o)))
                .map(|(j, o)| {
                    let label = clean(option_label(q, j, self.locale));
                    if o.recommended {
                        format!("{label} {}", self.t(Msg::OptionRecommended))
                    } else {
                        label
                    }
                })
                .collect();
            labels.extend(d.custom.as_deref().map(clean));
            let answer = if labels.is_empty() && self.closed && q.required {
                self.t(Msg::LinearUnansweredRequired).into()
            } else if labels.is_empty() {
                self.t(Msg::ReviewUnanswered).into()
            } else {
                labels.join(", ")
            };
            let _ = writeln!(out, "{}: {answer}", clean(&q.label));
            if let Some(note) = &d.note {
                let _ = writeln!(out, "  {} {}", self.t(Msg::LinearNote), clean(note));
            }
            for (j, note) in &d.option_notes {
                if q.options.get(*j).is_some() {
                    // Submit drops the notes of options that are not selected.
                    let unsent = if d.selected.contains(j) {
                        String::new()
                    } else {
                        format!(" {}", self.t(Msg::LinearNotSelected))
                    };
                    let _ = writeln!(
                        out,
                        "  {}{unsent} {} {}",
                        clean(option_label(q, *j, self.locale)),
                        self.t(Msg::LinearNote),
                        clean(note)
                    );
                }
            }
        }
        let _ = writeln!(out, "{}", self.t(Msg::LinearReviewQuestion));
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
        ask_state::scripted::scripted_result(&self.form, &script).unwrap_or_else(|_| {
            AskResult::from_details(AskDetails::for_form(&self.form).with_cancelled(true))
        })
    }
}

/// The label of option `j` as the person reads it: a confirm question's made-up
/// `Yes`/`No` in `locale` (the answer the agent gets keeps the English ones).
fn option_label(q: &Question, j: usize, locale: Locale) -> &str {
    let Some(option) = q.options.get(j) else {
        return "";
    };
    let made_up = match (q.kind, option.value.as_str()) {
        (QuestionType::Confirm, "yes") if q.rules.yes_label.is_none() => Some(Msg::OptionYes),
        (QuestionType::Confirm, "no") if q.rules.no_label.is_none() => Some(Msg::OptionNo),
        _ => None,
    };
    made_up.map_or(option.label.as_str(), |m| locale.text(m))
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
fn option_index(q: &Question, text: &str, locale: Locale) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=q.options.len()).contains(&n) => Ok(n - 1),
        _ if q.options.is_empty() => Err(locale.text(Msg::LinearNoOptions).into()),
        _ => Err(locale.format(
            Msg::LinearNotOption,
            &[
                ("text", &format!("{:?}", clean(text))),
                ("max", &q.options.len()),
            ],
        )),
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod typed_tests;

#[cfg(test)]
mod i18n_tests;
