//! A typed line made into the commands every front end sends: on a question, its whole
//! answer (the `--answers` shape, `"draft": true` so text that breaks a rule is kept
//! and its problem shown, as the terminal's editor keeps it) and a move to the next one;
//! on the review, submit, elaborate or cancel. Whether an answer is accepted and whether
//! the form may end is the flow's to say.

use ask_contract::{Question, QuestionType};
use ask_i18n::Msg;
use ask_state::{Tab, model::QuestionDraft};
use serde_json::{Map, Value, json};

use super::{Accessible, text};
use crate::control::ControlCommand;

impl Accessible {
    /// Handles a (trimmed) line; the text to print back (the next screen is added by the
    /// caller when the tab changed).
    pub(super) fn answer_line(&mut self, line: &str) -> String {
        if line == "?" || line.eq_ignore_ascii_case("help") {
            return format!("{}\n", text::help(self.locale()));
        }
        let tab = self.session.flow().tab();
        let n = self.session.form().questions.len();
        let at = match tab {
            Tab::Question(i) => i,
            Tab::Review => n,
        };
        if line == "b" {
            self.focus(at.saturating_sub(1));
            // Back on the first question: say it again.
            self.shown = Tab::Review;
            return String::new();
        }
        if at >= n {
            return self.review_line(line);
        }
        match self.question_line(at, line) {
            Ok(Some(said)) => format!("{said}\n"),
            Ok(None) => {
                self.focus(at + 1);
                String::new()
            }
            Err(problem) => format!("{problem} {}\n", self.t(Msg::AccessibleHelpHint)),
        }
    }

    /// A line on question `i`: `Ok(None)` moves on, `Ok(Some(text))` stays with a reply,
    /// `Err` stays with a refusal.
    fn question_line(&mut self, i: usize, line: &str) -> Result<Option<String>, String> {
        if line.is_empty() {
            return Ok(None);
        }
        let locale = self.locale();
        let q = self.session.form().questions[i].clone();
        let before = self.session.flow().draft(i).cloned().unwrap_or_default();
        let mut d = before.clone();
        let multi = d.presented == QuestionType::Multi;
        if let Some(rest) = command(line, "q") {
            d.note = non_empty(rest);
            self.set(&q, &d)?;
            let msg = if d.note.is_some() {
                Msg::AccessibleQuestionNoteSaved
            } else {
                Msg::AccessibleQuestionNoteRemoved
            };
            return Ok(Some(self.t(msg).to_owned()));
        }
        if q.kind == QuestionType::Confirm {
            let yes =
                confirm_word(line, locale).ok_or_else(|| self.t(Msg::AccessibleConfirmOnly))?;
            d.selected = vec![yes, !yes];
            return self.answered(i, &q, (&before, &d));
        }
        if let Some(rest) = command(line, "n").filter(|_| !q.kind.is_typed_input()) {
            let (num, note) = rest.split_once(' ').unwrap_or((rest, ""));
            let j = option_index(&q, num, locale)?;
            let said = if let Some(note) = non_empty(note) {
                d.option_notes.insert(j, note);
                Msg::AccessibleOptionNoteSaved
            } else {
                d.option_notes.remove(&j);
                Msg::AccessibleOptionNoteRemoved
            };
            self.set(&q, &d)?;
            return Ok(Some(locale.format(said, &[("n", &(j + 1))])));
        }
        if q.kind.is_typed_input() || q.freeform {
            // The whole line is the answer.
            d.custom_text = Some(line.to_owned());
            d.custom_selected = true;
            return self.answered(i, &q, (&before, &d));
        }
        if let Some(rest) = command(line, "o") {
            let own = non_empty(rest).ok_or_else(|| self.t(Msg::AccessibleOwnMissing))?;
            if !multi {
                d.selected.fill(false);
            }
            d.custom_text = Some(own);
            d.custom_selected = true;
            return self.answered(i, &q, (&before, &d));
        }
        let mut picked = Vec::new();
        for part in line.split([',', ' ']).filter(|p| !p.is_empty()) {
            picked.push(option_index(&q, part, locale)?);
        }
        picked.sort_unstable();
        picked.dedup();
        if !multi {
            if picked.len() > 1 {
                return Err(self.t(Msg::AccessiblePickOne).into());
            }
            d.custom_selected = false;
        }
        d.selected.fill(false);
        for j in picked {
            d.selected[j] = true;
        }
        self.answered(i, &q, (&before, &d))
    }

    /// Sends the answer `d` for question `i`, then moves on unless the flow finds a
    /// problem with it: then the answer goes back to what it was `before` (a refused line
    /// changes nothing) and the problem is said with the question's rule.
    fn answered(
        &mut self,
        i: usize,
        q: &Question,
        (before, d): (&QuestionDraft, &QuestionDraft),
    ) -> Result<Option<String>, String> {
        self.set(q, d)?;
        let flow = self.session.flow();
        let blocking = flow.blocking_problem().filter(|(b, _)| *b == i);
        let Some(problem) = flow.input_problem(i).or(blocking.map(|(_, p)| p)) else {
            return Ok(None);
        };
        self.set(q, before)?;
        let locale = self.locale();
        let rule = q
            .rule_text_in(locale)
            .map(|r| format!(" {}.", text::clean(&r)))
            .unwrap_or_default();
        let said = locale.format(Msg::AccessibleNotAccepted, &[("problem", &problem)]);
        Err(format!("{said}{rule}"))
    }

    /// Replaces question `q`'s answer with `d`, as a control client's `answer` does.
    fn set(&mut self, q: &Question, d: &QuestionDraft) -> Result<(), String> {
        let answers = Map::from_iter([(q.id.clone(), entry(q, d))]);
        self.send(ControlCommand::Answer {
            answers,
            mode: None,
        })
    }

    fn review_line(&mut self, line: &str) -> String {
        // The English words and letters always work; the language's words too.
        let typed = line.to_lowercase();
        let said = |m: Msg| typed == self.t(m).to_lowercase();
        let command = match typed.as_str() {
            "submit" | "s" | "1" => ControlCommand::Submit,
            "elaborate" | "e" | "2" => ControlCommand::Elaborate,
            "cancel" | "c" | "3" => ControlCommand::Cancel,
            _ if said(Msg::AccessibleWordSubmit) => ControlCommand::Submit,
            _ if said(Msg::AccessibleWordElaborate) => ControlCommand::Elaborate,
            _ if said(Msg::AccessibleWordCancel) => ControlCommand::Cancel,
            _ => return format!("{}\n", self.t(Msg::AccessibleReviewRetry)),
        };
        if command != ControlCommand::Cancel
            && let Some((i, problem)) = self.session.flow().blocking_problem()
        {
            // The flow's reason, and back to the question that has it.
            let label = text::clean(&self.session.form().questions[i].label);
            let said = self.locale().format(
                Msg::AccessibleNotReady,
                &[("label", &label), ("n", &(i + 1)), ("problem", &problem)],
            );
            self.focus(i);
            return format!("{said}\n");
        }
        match self.send(command) {
            Ok(()) => String::new(),
            Err(why) => format!("{}\n", text::clean(&why)),
        }
    }
}

/// Question `q`'s answer `d` as an `--answers` entry, kept as a draft when it breaks a rule.
fn entry(q: &Question, d: &QuestionDraft) -> Value {
    let mut e = Map::new();
    let values: Vec<&str> = (q.options.iter().zip(&d.selected))
        .filter(|(_, on)| **on)
        .map(|(o, _)| o.value.as_str())
        .collect();
    if !values.is_empty() {
        e.insert("values".into(), json!(values));
    }
    // A typed question's text is sent whether it was accepted or not (the flow judges it);
    // a choice question's own answer only while it is chosen.
    let typed = q.kind.is_typed_input() || q.freeform;
    if let Some(custom) = d
        .custom_text
        .as_ref()
        .filter(|_| typed || d.custom_selected)
    {
        e.insert("customText".into(), json!(custom));
    }
    if d.presented != q.kind {
        e.insert("presentedType".into(), json!(d.presented.as_str()));
    }
    if let Some(note) = &d.note {
        e.insert("note".into(), json!(note));
    }
    let notes: Map<String, Value> = (d.option_notes.iter())
        .filter_map(|(j, n)| Some((q.options.get(*j)?.value.clone(), json!(n))))
        .collect();
    if !notes.is_empty() {
        e.insert("optionNotes".into(), Value::Object(notes));
    }
    e.insert("draft".into(), json!(true));
    Value::Object(e)
}

/// `y`/`yes`/`1` or `n`/`no`/`2`, and the language's words (and their first letters).
fn confirm_word(line: &str, locale: ask_i18n::Locale) -> Option<bool> {
    let typed = line.to_lowercase();
    let word = |m: Msg| {
        let w = locale.text(m).to_lowercase();
        typed == w || typed.chars().count() == 1 && w.starts_with(typed.as_str())
    };
    match typed.as_str() {
        "y" | "yes" | "1" => Some(true),
        "n" | "no" | "2" => Some(false),
        _ if word(Msg::AccessibleWordYes) => Some(true),
        _ if word(Msg::AccessibleWordNo) => Some(false),
        _ => None,
    }
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
fn option_index(q: &Question, text: &str, locale: ask_i18n::Locale) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=q.options.len()).contains(&n) => Ok(n - 1),
        _ if q.options.is_empty() => Err(locale.text(Msg::AccessibleNoOptions).into()),
        _ => Err(locale.format(
            Msg::AccessibleNotOption,
            &[
                ("text", &format!("{:?}", text::clean(text))),
                ("max", &q.options.len()),
            ],
        )),
    }
}
