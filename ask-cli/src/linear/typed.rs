//! Typed questions in the linear mode: typed lines checked against their rules (and
//! paths against the file system under `--cwd`), yes-or-no lines, the rule shown
//! under a question, and the closed forms of `ask run --elicitation`, whose Submit waits
//! for every required question.

use std::fmt::Write as _;
use std::path::Path;

use ask_contract::{Question, QuestionType};
use ask_host::i18n::{Locale, Msg};
use ask_state::paths::PathStatus;

use super::{Draft, Linear, clean};

impl Linear {
    /// Answers must fit a closed schema (an MCP elicitation): Submit waits until every
    /// required question is answered, and choice questions take only their options.
    pub(crate) fn closed(mut self, on: bool) -> Self {
        self.closed = on;
        self
    }

    /// Path questions are checked (`mustExist`, `pathKind`) under `root` (`--cwd`).
    pub(crate) fn with_root(mut self, root: impl Into<std::path::PathBuf>) -> Self {
        self.root = Some(root.into());
        self
    }

    /// Why Submit is held back in a closed form: the required questions without an
    /// answer, by name and number; `None` when it may go. The first of them is returned
    /// too, to go back to.
    pub(super) fn unanswered_required(&self) -> Option<(usize, String)> {
        if !self.closed {
            return None;
        }
        let missing: Vec<(usize, &Question)> = self
            .form
            .questions
            .iter()
            .zip(&self.drafts)
            .enumerate()
            .filter(|(_, (q, d))| q.required && d.selected.is_empty() && d.custom.is_none())
            .map(|(i, (q, _))| (i, q))
            .collect();
        let (first, _) = *missing.first()?;
        let names: Vec<String> = missing
            .iter()
            .map(|(i, q)| {
                self.locale.format(
                    Msg::LinearQuestionNumber,
                    &[("label", &clean(&q.label)), ("n", &(i + 1))],
                )
            })
            .collect();
        let said = self.locale.plural(
            names.len() as u64,
            (Msg::LinearRequiredOne, Msg::LinearRequiredOther),
            &[("names", &names.join(", ")), ("n", &(first + 1))],
        );
        Some((first, said))
    }

    /// A typed answer on a choice question of a closed form cannot be sent.
    pub(super) fn refuses_own_answer(&self, q: &Question) -> Option<String> {
        (self.closed && q.offers_custom_row())
            .then(|| self.locale.text(Msg::LinearRefuseOwn).to_owned())
    }
}

/// A line on a `text`, `number` or `path` question: typed input checked against its
/// rules, a path also against what is at it under `root` (`None`: not such a line,
/// handled as usual).
pub(super) fn typed_line(
    q: &Question,
    draft: &mut Draft,
    line: &str,
    (root, locale): (Option<&Path>, Locale),
) -> Option<Result<Option<String>, String>> {
    if !q.kind.is_typed_input() {
        return None;
    }
    if let Err(rule) = q.check_input_in(locale, line) {
        let hint = q
            .rule_text_in(locale)
            .map(|r| format!(" {r}."))
            .unwrap_or_default();
        let said = locale.format(Msg::LinearNotAccepted, &[("problem", &rule)]);
        return Some(Err(format!("{said}{hint}")));
    }
    if let Some(problem) = root.and_then(|root| path_problem(q, line.trim(), (root, locale))) {
        return Some(Err(problem));
    }
    draft.custom = Some(line.to_owned());
    Some(Ok(None))
}

/// What is wrong with `path` for path question `q` (`mustExist`, `pathKind`), looked up
/// under `root` as the full form's host does; `None` when it may be the answer.
fn path_problem(q: &Question, path: &str, (root, locale): (&Path, Locale)) -> Option<String> {
    if q.kind != QuestionType::Path {
        return None;
    }
    let status = match std::fs::metadata(root.join(path)) {
        Ok(meta) if meta.is_dir() => PathStatus::Dir,
        Ok(_) => PathStatus::File,
        Err(_) => PathStatus::Missing,
    };
    let problem = ask_state::paths::path_problem_in(q, status, locale)?;
    let rule = q
        .rule_text_in(locale)
        .map(|r| format!(" {r}."))
        .unwrap_or_default();
    Some(locale.format(
        Msg::LinearPathProblem,
        &[
            ("path", &clean(path)),
            ("problem", &problem),
            ("root", &clean(&root.display().to_string())),
            ("rule", &rule),
        ],
    ))
}

/// A line on a confirm question: `y`/`yes`/`1` or `n`/`no`/`2`; `q TEXT` stays the
/// question note (`None`), anything else is refused.
pub(super) fn confirm_line(
    q: &Question,
    draft: &mut Draft,
    line: &str,
    locale: Locale,
) -> Option<Result<Option<String>, String>> {
    if q.kind != QuestionType::Confirm || super::command(line, "q").is_some() {
        return None;
    }
    // `y`/`n` and the English words always work; the language's words (and their
    // first letters) too.
    let typed = line.to_lowercase();
    let word = |m: Msg| {
        let w = locale.text(m).to_lowercase();
        typed == w || typed.chars().count() == 1 && w.starts_with(typed.as_str())
    };
    let yes = match typed.as_str() {
        "y" | "yes" | "1" => true,
        "n" | "no" | "2" => false,
        _ if word(Msg::LinearWordYes) => true,
        _ if word(Msg::LinearWordNo) => false,
        _ => return Some(Err(locale.text(Msg::LinearConfirmOnly).into())),
    };
    draft.selected = vec![usize::from(!yes)];
    Some(Ok(None))
}

/// The rule and the suggestion of a typed or confirm question, under its options.
pub(super) fn typed_text(q: &Question, out: &mut String, locale: Locale) {
    match q.kind {
        QuestionType::Confirm => {
            let _ = writeln!(out, "{}", locale.text(Msg::LinearConfirmPrompt));
        }
        kind if kind.is_typed_input() || kind == QuestionType::Multi => {
            if let Some(rule) = q.rule_text_in(locale) {
                let _ = writeln!(out, "{}", clean(&rule));
            }
        }
        _ => {}
    }
    if let Some(placeholder) = q.rules.placeholder.as_deref() {
        let _ = writeln!(
            out,
            "{} {}",
            locale.text(Msg::LinearExample),
            clean(placeholder)
        );
    }
    if let Some(suggestion) = q.suggestion().filter(|_| q.kind.is_typed_input()) {
        let _ = writeln!(
            out,
            "{}",
            locale.format(Msg::LinearSuggested, &[("answer", &clean(&suggestion))])
        );
    }
}
