//! Typed questions in the flow: checking typed input against its rules, prefilled
//! defaults, `minItems`/`maxItems`, `y`/`n` on confirm questions, path completion from
//! the first character and the host's path checks. Everything here is pure: a path's
//! existence comes from the host as [`Command::PathStatus`](crate::Command::PathStatus).

use ask_contract::{Question, QuestionType, rules::PathKind};

use crate::paths::PathLookup;
use ask_keymap::{Key, KeyCode};

use crate::command::Command;
use crate::flow::{EditorTarget, Flow, Tab};

/// What the host found at a typed path (see [`Command::PathStatus`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub enum PathStatus {
    /// Nothing there.
    Missing,
    /// A file (or anything that is not a directory).
    File,
    /// A directory.
    Dir,
}

impl crate::flow::FlowOptions {
    /// Answers must fit a closed schema, as an MCP elicitation's do: Submit waits until
    /// every required question is answered and no choice question holds a typed answer
    /// (the "Type your own" row still shows; a typed answer there keeps Submit back with a
    /// hint that says why).
    #[must_use]
    pub fn closed(mut self, on: bool) -> Self {
        self.closed = on;
        self
    }
}

impl Flow {
    /// The question `i` when it is answered by typing (`text`, `number`, `path`).
    fn typed_question(&self, i: usize) -> Option<&Question> {
        self.question(i).filter(|q| q.kind.is_typed_input())
    }

    /// The text of the free-form editor of question `i` when it is open.
    pub(crate) fn custom_editor_text(&self, i: usize) -> Option<&str> {
        self.editor
            .as_ref()
            .filter(|e| e.question == i && e.target == EditorTarget::Custom)
            .map(|e| e.buffer.text())
    }

    /// Why `text` cannot be the answer of question `i` (its rules, and for paths what the
    /// host last reported for exactly this text), or `None` when it can.
    pub(crate) fn text_problem(&self, i: usize, text: &str) -> Option<String> {
        let q = self.typed_question(i)?;
        if text.trim().is_empty() {
            return None;
        }
        if let Err(rule) = q.check_input_in(self.locale(), text) {
            return Some(rule);
        }
        if q.kind == QuestionType::Path {
            return self.path_problem(q, text.trim());
        }
        None
    }

    fn path_problem(&self, q: &Question, text: &str) -> Option<String> {
        self.known_path_problem(q, text)
    }

    /// The problem question `i` shows inline now: the open editor's text breaking the
    /// rules, saved text that was never accepted, or a multi-select count outside
    /// `minItems`/`maxItems`. `None` when there is nothing to fix.
    pub fn input_problem(&self, i: usize) -> Option<String> {
        let q = self.question(i)?;
        let draft = self.drafts.get(i)?;
        if q.kind.is_typed_input() {
            // The open editor's text, unless it is empty while another way in (the
            // control channel, a browser) put text in the draft.
            let text = self
                .custom_editor_text(i)
                .filter(|t| !t.trim().is_empty() || draft.custom_text.is_none())
                .or(draft.custom_text.as_deref())?;
            return self.text_problem(i, text);
        }
        if q.kind == QuestionType::Multi && self.kind(i) == QuestionType::Multi {
            return q
                .check_count_in(self.locale(), draft.committed_count())
                .err();
        }
        None
    }

    /// The first question that keeps Submit and Elaborate back, with the problem it shows
    /// ([`Flow::input_problem`]): a multi-select question with a count outside
    /// `minItems`/`maxItems`, or typed text that breaks its question's rules (kept as a
    /// draft, never the answer, until it is fixed or cleared); with
    /// [`FlowOptions::closed`](crate::FlowOptions::closed), a required question without
    /// an answer too.
    pub fn blocking_problem(&self) -> Option<(usize, String)> {
        self.form.questions.iter().enumerate().find_map(|(i, q)| {
            let count = (q.kind == QuestionType::Multi || q.kind.is_typed_input())
                .then(|| self.input_problem(i))
                .flatten();
            count.or_else(|| self.closed_problem(i, q)).map(|p| (i, p))
        })
    }

    /// With [`FlowOptions::closed`]: a required question without an answer, or a
    /// typed answer on a choice question.
    fn closed_problem(&self, i: usize, q: &Question) -> Option<String> {
        if !self.options.closed {
            return None;
        }
        let draft = self.drafts.get(i)?;
        if q.offers_custom_row() && draft.custom_selected && draft.custom_text.is_some() {
            return Some(
                self.locale()
                    .text(ask_i18n::Msg::ProblemPickOption)
                    .to_owned(),
            );
        }
        if q.required && self.answer(i).is_none() {
            return Some(
                self.locale()
                    .text(ask_i18n::Msg::ProblemRequired)
                    .to_owned(),
            );
        }
        None
    }

    /// True when the flow ended by a dismiss (the dismiss or cancel key, or a second
    /// press after the dirty warning) rather than by the review's Cancel: MCP tells the
    /// two apart as `cancel` and `decline`.
    pub fn dismissed(&self) -> bool {
        self.dismissed
    }

    /// True when the open free-form editor still holds question `i`'s untouched default.
    pub fn editor_holds_default(&self) -> bool {
        let Some(editor) = self
            .editor
            .as_ref()
            .filter(|e| e.target == EditorTarget::Custom)
        else {
            return false;
        };
        let untouched = self
            .drafts
            .get(editor.question)
            .is_some_and(|d| d.custom_text.is_none());
        untouched
            && self
                .question(editor.question)
                .and_then(Question::default_text)
                .is_some_and(|d| d == editor.buffer.text())
    }

    /// False in the answer editor of a `number` or `path` question and of a `text`
    /// question without `multiline`: the newline key does nothing there.
    pub(crate) fn editor_allows_newline(&self) -> bool {
        let Some(editor) = self
            .editor
            .as_ref()
            .filter(|e| e.target == EditorTarget::Custom)
        else {
            return true;
        };
        self.question(editor.question).is_none_or(|q| {
            !q.kind.is_typed_input() || (q.kind == QuestionType::Text && q.rules.multiline)
        })
    }

    /// `y` and `n` answer a confirm question (before any binding: on confirm questions
    /// they mean yes and no).
    pub(crate) fn confirm_key(&self, key: Key) -> Option<Command> {
        let Tab::Question(i) = self.tab else {
            return None;
        };
        if self.question(i)?.kind != QuestionType::Confirm || !key.mods().is_empty() {
            return None;
        }
        match key.code() {
            KeyCode::Char('y' | 'Y') => Some(Command::Digit(1)),
            KeyCode::Char('n' | 'N') => Some(Command::Digit(2)),
            _ => None,
        }
    }

    /// Whether option `row` of multi question `i` may be turned on: refused past
    /// `maxItems` with an inline hint.
    pub(crate) fn may_select_more(&mut self, i: usize, row: usize) -> bool {
        let Some(q) = self.question(i) else {
            return true;
        };
        let Some(max) = q.rules.max_items else {
            return true;
        };
        let Some(draft) = self.drafts.get(i) else {
            return true;
        };
        if draft.selected.get(row).copied().unwrap_or(true) {
            return true;
        }
        if (draft.committed_count() as u64) < max {
            return true;
        }
        self.hint = Some(
            self.locale()
                .format(ask_i18n::Msg::FlowAtMost, &[("max", &max)]),
        );
        false
    }

    /// The path completion query: on a `path` question the whole text before the
    /// cursor, from the first character (no `@` needed).
    pub(crate) fn path_word(&self) -> Option<(usize, &str)> {
        let editor = self
            .editor
            .as_ref()
            .filter(|e| e.target == EditorTarget::Custom)?;
        if self.question(editor.question)?.kind != QuestionType::Path {
            return None;
        }
        let text = editor.buffer.text().get(..editor.buffer.cursor())?;
        (!text.contains('\n')).then_some((0, text))
    }
}

/// What is wrong with a typed path for path question `q`, given what is there
/// (`mustExist`, `pathKind`), in a few words (`no such file or directory`); `None` when
/// it may be the answer. Hosts that check paths themselves (the accessible mode) use it
/// to say what the full form says.
pub fn path_problem(q: &Question, status: PathStatus) -> Option<String> {
    path_problem_in(q, status, ask_i18n::Locale::En)
}

/// [`path_problem`] said in `locale`.
pub fn path_problem_in(
    q: &Question,
    status: PathStatus,
    locale: ask_i18n::Locale,
) -> Option<String> {
    let kind = q.rules.path_kind.unwrap_or_default();
    let msg = match (status, kind) {
        (PathStatus::Missing, _) if q.rules.must_exist => ask_i18n::Msg::ProblemPathMissing,
        (PathStatus::Dir, PathKind::File) => ask_i18n::Msg::ProblemPathDir,
        (PathStatus::File, PathKind::Dir) => ask_i18n::Msg::ProblemPathFile,
        _ => return None,
    };
    Some(locale.text(msg).to_owned())
}

/// The `value` of a typed answer: the checked input of `text`, `number` and `path`
/// questions, `true`/`false` for `confirm`; `None` for other types and for input that
/// breaks its rules.
pub(crate) fn value_of(
    q: &Question,
    answer: &ask_contract::result::Answer,
) -> Option<serde_json::Value> {
    match q.kind {
        QuestionType::Confirm => match answer.indices.as_slice() {
            [1] => Some(serde_json::Value::Bool(true)),
            [2] => Some(serde_json::Value::Bool(false)),
            _ => None,
        },
        kind if kind.is_typed_input() => q.check_input(answer.custom_text.as_deref()?).ok(),
        _ => None,
    }
}

/// Scripted answers to typed questions: `value` (or `customText`) checked against the
/// question's rules and, on path questions, what `paths` finds there (`mustExist`,
/// `pathKind`); `true`/`false` on confirm questions, and `minItems`/`maxItems`. With
/// `keep` (the entry's `"draft": true`), text or a count that breaks a rule is kept as
/// the question's draft, unanswered, as the terminal's editor keeps it, instead of
/// being a problem.
pub(crate) fn fill_typed(
    q: &Question,
    d: &mut crate::flow::QuestionDraft,
    entry: &serde_json::Map<String, serde_json::Value>,
    problems: &mut Vec<String>,
    (paths, keep): (&mut dyn PathLookup, bool),
) {
    use serde_json::Value;
    let value = entry.get("value").filter(|v| !v.is_null());
    if value.is_some() && !q.kind.has_value() {
        problems.push(format!(
            "question {:?} is {}: value applies to text, number, path and confirm questions; use values or customText",
            q.id,
            q.kind.as_str()
        ));
        return;
    }
    if q.kind == QuestionType::Confirm {
        match value {
            None => {}
            Some(Value::Bool(yes)) => {
                d.selected = vec![*yes, !*yes];
            }
            Some(other) => problems.push(format!(
                "question {:?} is confirm: value must be true or false, got {other}",
                q.id
            )),
        }
        if d.custom_text.take().is_some() {
            d.custom_selected = false;
            problems.push(format!(
                "question {:?} is confirm: it has no free-form answer; give value true or false",
                q.id
            ));
        }
        return;
    }
    if q.kind.is_typed_input() {
        let text = match value {
            None => d.custom_text.clone(),
            Some(Value::String(s)) => Some(s.trim().to_owned()).filter(|s| !s.is_empty()),
            Some(Value::Number(n)) if q.kind == QuestionType::Number => Some(n.to_string()),
            Some(other) => {
                problems.push(format!(
                    "question {:?} is {}: value must be {}, got {other}",
                    q.id,
                    q.kind.as_str(),
                    if q.kind == QuestionType::Number {
                        "a number"
                    } else {
                        "a string"
                    }
                ));
                None
            }
        };
        let broken = text.as_deref().and_then(|text| {
            q.check_input(text)
                .err()
                .or_else(|| crate::paths::looked_up_problem(q, text, paths, ask_i18n::Locale::En))
        });
        if let (Some(rule), Some(text), false) = (&broken, &text, keep) {
            problems.push(format!(
                "question {:?}: {text:?} is not accepted: {rule}",
                q.id
            ));
        }
        d.custom_selected = text.is_some() && broken.is_none();
        d.custom_text = text;
        return;
    }
    if q.kind == QuestionType::Multi
        && d.presented == QuestionType::Multi
        && !keep
        && let Err(rule) = q.check_count(d.committed_count())
    {
        problems.push(format!("question {:?}: {rule}", q.id));
    }
}
