//! The tool result: exactly the JSON shape of the contract's "Output" section.

/// The ordered map of [`AskDetails::answers`] and the other id-keyed result maps,
/// re-exported so embedders need no `indexmap` dependency of their own.
pub use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::form::{AskForm, Question, QuestionOption, QuestionType};
use crate::issue::Issue;
pub use crate::outcome::{NeedsInput, Outcome};

/// The whole tool result: `{"content": [...], "details": {...}}`.
///
/// It serializes to exactly the contract's output JSON (see `docs/contract.md` in the
/// repository): camelCase names, absent optional fields omitted, `answers` keyed by question
/// id in question order.
///
/// ```
/// use ask_contract::{
///     payload::{AskParams, QuestionParams},
///     result::AskResult,
/// };
///
/// let form = AskParams::new()
///     .question(QuestionParams::new("db", "Which database?").options([("pg", "PostgreSQL")]))
///     .validate()?;
///
/// // No UI available: the fallback result lists the pending questions.
/// let result = AskResult::non_interactive(&form);
/// assert!(result.details.cancelled);
/// assert!(result.details.answers.is_empty());
/// assert!(result.text().starts_with("Needs user input:"));
///
/// let json = serde_json::to_value(&result)?;
/// assert_eq!(json["content"][0]["type"], "text");
/// assert_eq!(json["details"]["questions"][0]["id"], "db");
/// assert_eq!(serde_json::from_value::<AskResult>(json)?, result);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AskResult {
    /// Agent-facing text blocks (one, in practice).
    pub content: Vec<TextContent>,
    /// Structured result.
    pub details: AskDetails,
}

/// A `{"type": "text", "text": ...}` content block.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextContent {
    /// Always `"text"`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The text the agent reads.
    pub text: String,
}

impl TextContent {
    /// A text block.
    pub fn text(text: impl Into<String>) -> Self {
        Self {
            kind: "text".into(),
            text: text.into(),
        }
    }
}

/// How the flow ended when it was not cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Normal completion.
    #[default]
    Submit,
    /// The user asked the agent to follow up on notes first.
    Elaborate,
}

/// The structured part of the result.
///
/// It serializes with one computed field more, `outcome` ([`AskDetails::outcome`]), so
/// a client that gives its model only `structuredContent` still says what happened;
/// reading ignores it (it follows from the other fields).
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct AskDetails {
    /// The form title, when it had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// True when the user dismissed the flow, no UI was available, or the payload was invalid.
    pub cancelled: bool,
    /// Present only for invalid payloads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<PayloadError>,
    /// `submit` or `elaborate`.
    pub mode: Mode,
    /// Normalized question metadata, in form order.
    pub questions: Vec<QuestionSummary>,
    /// Answers keyed by question id, in question order; unanswered questions are omitted.
    pub answers: IndexMap<String, Answer>,
    /// Only in elaborate mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub continuation: Option<Continuation>,
    /// Only in elaborate mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elaboration: Option<Elaboration>,
    /// True when the flow ended because the user was idle past the timeout (`--timeout`,
    /// `idleTimeoutSeconds`); the flow is then cancelled and keeps what was answered.
    /// Absent otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timed_out: bool,
    /// Where the form was ended (submitted, elaborated or cancelled): the terminal, a
    /// browser, a control-channel client, scripted answers, or an MCP client's own form. Absent when nobody ended it
    /// (no UI, an invalid payload, the idle timeout, a signal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered_via: Option<AnsweredVia>,
    /// Only when no form could be shown ("Needs user input"): what the agent should do
    /// now and how the person can answer, readable without the text content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub needs_input: Option<NeedsInput>,
}

/// Where a form was answered: `details.answeredVia`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum AnsweredVia {
    /// Keys on the terminal form (full screen, inline or the accessible mode).
    Terminal,
    /// The browser form (`ask run --web`).
    Browser,
    /// A control-channel client (`ask run --control`, or an embedder's control handle).
    Control,
    /// Scripted answers or a headless key script (`--answers`, `--script`).
    Scripted,
    /// The MCP client's own form (`ask mcp`, form-mode elicitation through MCP
    /// 2026-07-28's multi round-trip requests).
    Host,
    /// The form served as an MCP App (the `io.modelcontextprotocol/ui` extension): the
    /// browser form's page shown by the MCP client inside its chat, its answers sent
    /// through the client (`ask mcp`).
    App,
}

impl AnsweredVia {
    /// The JSON name: `terminal`, `browser`, `control`, `scripted`, `host` or `app`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Terminal => "terminal",
            Self::Browser => "browser",
            Self::Control => "control",
            Self::Scripted => "scripted",
            Self::Host => "host",
            Self::App => "app",
        }
    }
}

/// `{"kind": "invalid_input", "issues": [...]}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayloadError {
    /// Always [`ErrorKind::InvalidInput`].
    pub kind: ErrorKind,
    /// Every issue found.
    pub issues: Vec<Issue>,
}

/// The kind of a result error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The payload broke the input rules.
    InvalidInput,
}

/// Question metadata in `details.questions`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionSummary {
    /// Question id.
    pub id: String,
    /// Tab label.
    pub label: String,
    /// Question text.
    pub prompt: String,
    /// Question type.
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// Values of the options the agent marked `recommended`, in declaration
    /// order; omitted when none was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recommended: Vec<String>,
    /// How the question was finally presented, only when that differs from `type` (the
    /// user switched it, or opened single questions as multi by preference).
    #[serde(
        default,
        rename = "presentedType",
        skip_serializing_if = "Option::is_none"
    )]
    pub presented_type: Option<QuestionType>,
}

impl From<&Question> for QuestionSummary {
    fn from(q: &Question) -> Self {
        Self {
            id: q.id.clone(),
            label: q.label.clone(),
            prompt: q.prompt.clone(),
            kind: q.kind,
            recommended: q
                .options
                .iter()
                .filter(|o| o.recommended)
                .map(|o| o.value.clone())
                .collect(),
            presented_type: None,
        }
    }
}

/// A full question with its options, as carried by elaboration items.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct QuestionDetail {
    /// Question id.
    pub id: String,
    /// Tab label.
    pub label: String,
    /// Question text.
    pub prompt: String,
    /// Question type.
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// Declared options in order.
    pub options: Vec<QuestionOption>,
    /// How the question was finally presented, only when that differs from `type`.
    #[serde(
        default,
        rename = "presentedType",
        skip_serializing_if = "Option::is_none"
    )]
    pub presented_type: Option<QuestionType>,
}

impl QuestionDetail {
    /// A question with its declared `options`, presented as its `kind`
    /// ([`QuestionDetail::from`] makes one of a normalized question).
    pub fn new(
        id: impl Into<String>,
        label: impl Into<String>,
        prompt: impl Into<String>,
        kind: QuestionType,
        options: Vec<QuestionOption>,
    ) -> Self {
        Self {
            id: id.into(),
            label: label.into(),
            prompt: prompt.into(),
            kind,
            options,
            presented_type: None,
        }
    }

    /// The same question, presented as `presented` (when the user switched it).
    #[must_use]
    pub fn with_presented_type(mut self, presented: QuestionType) -> Self {
        self.presented_type = Some(presented);
        self
    }
}

impl From<&Question> for QuestionDetail {
    fn from(q: &Question) -> Self {
        Self {
            id: q.id.clone(),
            label: q.label.clone(),
            prompt: q.prompt.clone(),
            kind: q.kind,
            options: q.options.clone(),
            presented_type: None,
        }
    }
}

/// One question's answer.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Answer {
    /// Selected option values (declaration order), then the free-form text.
    pub values: Vec<String>,
    /// Labels matching `values` one to one (free-form text is its own label).
    pub labels: Vec<String>,
    /// 1-based positions of the selected declared options.
    pub indices: Vec<u32>,
    /// The free-form answer, when one is committed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_text: Option<String>,
    /// The typed value of a `text`, `path` (string), `number` (number) or `confirm`
    /// (boolean) answer; absent on `single`, `multi` and `preview` answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<serde_json::Value>,
    /// The question-level note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Notes of selected options, keyed by option value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option_notes: Option<IndexMap<String, String>>,
}

impl Answer {
    /// An answer choosing `values` (option values in declaration order, then the
    /// free-form text), with their `labels` one to one and the 1-based `indices` of the
    /// declared options among them; no free-form text, typed value or notes (the
    /// `with_*` methods add them).
    ///
    /// ```
    /// use ask_contract::result::Answer;
    ///
    /// let answer = Answer::new(["pg"], ["PostgreSQL"], [1]).with_note("the team knows it");
    /// assert_eq!(
    ///     serde_json::to_value(&answer)?,
    ///     serde_json::json!({"values": ["pg"], "labels": ["PostgreSQL"], "indices": [1],
    ///         "note": "the team knows it"})
    /// );
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn new(
        values: impl IntoIterator<Item = impl Into<String>>,
        labels: impl IntoIterator<Item = impl Into<String>>,
        indices: impl IntoIterator<Item = u32>,
    ) -> Self {
        Self {
            values: values.into_iter().map(Into::into).collect(),
            labels: labels.into_iter().map(Into::into).collect(),
            indices: indices.into_iter().collect(),
            ..Self::default()
        }
    }

    /// The answer with `text` as its free-form answer (`customText`); the caller keeps
    /// `values` and `labels` carrying it too, as the contract wants.
    #[must_use]
    pub fn with_custom_text(mut self, text: impl Into<String>) -> Self {
        self.custom_text = Some(text.into());
        self
    }

    /// The answer with a typed `value` (a `text`, `path`, `number` or `confirm` answer).
    #[must_use]
    pub fn with_value(mut self, value: serde_json::Value) -> Self {
        self.value = Some(value);
        self
    }

    /// The answer with a question-level note.
    #[must_use]
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.note = Some(note.into());
        self
    }

    /// The answer with notes of selected options, keyed by option value.
    #[must_use]
    pub fn with_option_notes(mut self, notes: IndexMap<String, String>) -> Self {
        self.option_notes = Some(notes);
        self
    }

    /// True when something is chosen or written (not just a note).
    pub fn is_committed(&self) -> bool {
        !self.values.is_empty()
    }

    /// True when the answer carries a question note or option notes.
    pub fn has_notes(&self) -> bool {
        self.note.is_some() || self.option_notes.as_ref().is_some_and(|n| !n.is_empty())
    }
}

/// How the agent should continue after an elaborate result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Continuation {
    /// Always `refine_only` for now.
    pub strategy: ContinuationStrategy,
    /// The only questions to revisit: those with any note.
    pub affected_question_ids: Vec<String>,
    /// Committed answers of questions without notes: keep, do not re-ask.
    pub preserved_answers: IndexMap<String, Answer>,
    /// A state for every question.
    pub question_states: IndexMap<String, QuestionStatus>,
}

/// `refine_only` or `resume`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ContinuationStrategy {
    /// Refine the current flow rather than restart it.
    RefineOnly,
    /// Resume the flow.
    Resume,
}

/// `{"status": ...}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionStatus {
    /// The question's state.
    pub status: QuestionState,
}

/// Where a question stands after an elaborate result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionState {
    /// Committed answer and no notes.
    Answered,
    /// Has a question or option note.
    NeedsClarification,
    /// Nothing committed, no notes.
    Unanswered,
}

/// The elaboration request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Elaboration {
    /// What the agent should do next, in words.
    pub instruction: String,
    /// `clarify` or `clarify_then_reask`.
    pub next_action: NextAction,
    /// Question notes and option notes, in question order.
    pub items: Vec<ElaborationItem>,
}

/// The agent's next step after elaboration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextAction {
    /// Answer the clarification (Elaborate chosen without notes).
    Clarify,
    /// Answer the notes, then re-ask the affected questions if needed.
    ClarifyThenReask,
}

/// A question whose JSON with its answer's is larger than this (16 KiB) is carried in
/// full, with the answer, by the first elaboration item on it only; later items on it
/// carry a shortened copy that points to that item (`questionInItem`) and no answer.
/// Every real question is smaller and is repeated whole.
pub const MAX_REPEATED_QUESTION_BYTES: usize = 16 * 1024;

/// How much of the prompt a shortened question keeps (1 KiB, cut at a character).
pub const SHORTENED_PROMPT_BYTES: usize = 1024;

impl QuestionDetail {
    /// The JSON size of this question, counted without building the text.
    pub fn json_len(&self) -> usize {
        struct Count(usize);
        impl std::io::Write for Count {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0 += bytes.len();
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let mut count = Count(0);
        let _ = serde_json::to_writer(&mut count, self);
        count.0
    }

    /// A copy for a repeated elaboration item: id, label, type and presented type, the
    /// prompt cut to [`SHORTENED_PROMPT_BYTES`] (with `…`), no options.
    #[must_use]
    pub fn shortened(&self) -> Self {
        let mut cut = SHORTENED_PROMPT_BYTES.min(self.prompt.len());
        while !self.prompt.is_char_boundary(cut) {
            cut -= 1;
        }
        let mut prompt = self.prompt[..cut].to_owned();
        if cut < self.prompt.len() {
            prompt.push('…');
        }
        Self {
            id: self.id.clone(),
            label: self.label.clone(),
            prompt,
            kind: self.kind,
            options: Vec::new(),
            presented_type: self.presented_type,
        }
    }
}

/// One note the user wants the agent to address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ElaborationItem {
    /// What the note is attached to.
    pub target: ElaborationTarget,
    /// The full question with its options. When the same question with its answer is
    /// larger than [`MAX_REPEATED_QUESTION_BYTES`] and an earlier item already carries it,
    /// this is a shortened copy (the prompt cut, no options) and
    /// [`question_in_item`](Self::question_in_item) points to that item.
    pub question: QuestionDetail,
    /// Set only on a shortened [`question`](Self::question): the index in `items` of the
    /// item that carries this question in full, so a result stays proportional to the
    /// payload plus the notes.
    #[serde(
        default,
        rename = "questionInItem",
        skip_serializing_if = "Option::is_none"
    )]
    pub question_in_item: Option<usize>,
    /// The noted option (option targets only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<QuestionOption>,
    /// Whether the noted option is selected (option targets only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selected: Option<bool>,
    /// Whether the question has a committed answer.
    pub answered: bool,
    /// The committed answer, when there is one; left out of an item with
    /// [`question_in_item`](Self::question_in_item) (the item it points to carries it, as
    /// does `details.answers`), so many notes on one question do not repeat its answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Answer>,
    /// The note text.
    pub note: String,
}

/// `{"kind": "question"}` or `{"kind": "option", "optionValue": ...}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ElaborationTarget {
    /// A question note.
    Question,
    /// An option note.
    Option {
        /// The noted option's value.
        #[serde(rename = "optionValue")]
        option_value: String,
    },
}

impl AskDetails {
    /// Empty details for a form: not cancelled, submit mode, no answers.
    pub fn for_form(form: &AskForm) -> Self {
        Self {
            title: form.title.clone(),
            questions: form.questions.iter().map(QuestionSummary::from).collect(),
            ..Self::default()
        }
    }

    /// The same details, cancelled (or not): the result of a form that ended without
    /// an answer from its host's point of view (a closed window, a failed launcher).
    #[must_use]
    pub fn with_cancelled(mut self, cancelled: bool) -> Self {
        self.cancelled = cancelled;
        self
    }
}
