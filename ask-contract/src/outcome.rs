//! What happened, said by `details` alone: the computed `outcome` and the
//! `needsInput` guidance. Some MCP clients (Claude Code) hand their model only a tool's
//! `structuredContent`, never the text content, so everything the text says that the
//! other fields do not (a cancel is not a submit, "Needs user input" and how to answer)
//! is here too.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::form::AskForm;
use crate::result::{
    Answer, AnsweredVia, AskDetails, Continuation, Elaboration, Mode, PayloadError, QuestionDetail,
    QuestionSummary,
};

/// How a flow ended, in one word: `details.outcome`.
///
/// It follows from the other fields (first match wins): `error` is
/// [`InvalidInput`](Self::InvalidInput), `needsInput` [`NeedsInput`](Self::NeedsInput),
/// `timedOut` [`TimedOut`](Self::TimedOut), `cancelled` [`Cancelled`](Self::Cancelled),
/// `mode: "elaborate"` [`Elaborate`](Self::Elaborate), otherwise
/// [`Submitted`](Self::Submitted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Outcome {
    /// The person submitted their answers (`mode: "submit"`, not cancelled).
    Submitted,
    /// The person asked the agent to answer their notes first (`mode: "elaborate"`).
    Elaborate,
    /// The person dismissed the form: nothing more was chosen for them (the answers
    /// committed before are kept).
    Cancelled,
    /// The form closed itself after the idle timeout (`timedOut: true`).
    TimedOut,
    /// No form could be shown: the agent must ask the person another way
    /// (`needsInput` says how).
    NeedsInput,
    /// The payload broke the input rules (`error`).
    InvalidInput,
}

impl Outcome {
    /// The JSON name: `submitted`, `elaborate`, `cancelled`, `timed_out`, `needs_input`
    /// or `invalid_input`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Submitted => "submitted",
            Self::Elaborate => "elaborate",
            Self::Cancelled => "cancelled",
            Self::TimedOut => "timed_out",
            Self::NeedsInput => "needs_input",
            Self::InvalidInput => "invalid_input",
        }
    }
}

/// `details.needsInput`: no form could be shown, and what the agent does about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct NeedsInput {
    /// What the agent should do now, in words.
    pub instruction: String,
    /// The pending questions with their options (`value` is what an answer names), in
    /// form order, so the agent can ask them in plain words.
    pub questions: Vec<QuestionDetail>,
    /// What would let a form open next time, when the host knows (`ask mcp` says: tmux,
    /// a launcher, elicitation, `--ui web`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// A link where the person can still answer the form in a browser, when one is served.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// The first words of [`NeedsInput::instruction`].
pub const NEEDS_INPUT_INSTRUCTION: &str = "No form could be shown to the user, so these \
questions were not asked and nothing was answered. Ask the user directly (needsInput.questions \
holds each question with its options; an answer names an option by its value) and continue with \
their answers.";

impl NeedsInput {
    /// The guidance for `form`: [`NEEDS_INPUT_INSTRUCTION`] and every question in full.
    pub fn for_form(form: &AskForm) -> Self {
        Self {
            instruction: NEEDS_INPUT_INSTRUCTION.to_owned(),
            questions: form.questions.iter().map(QuestionDetail::from).collect(),
            hint: None,
            url: None,
        }
    }

    /// The same guidance with what would let a form open.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// The same guidance with a link where the person can answer in a browser.
    #[must_use]
    pub fn with_url(mut self, url: impl Into<String>) -> Self {
        self.url = Some(url.into());
        self
    }
}

impl AskDetails {
    /// How the flow ended (see [`Outcome`] for the rule); serialized as `outcome`.
    ///
    /// ```
    /// use ask_contract::{
    ///     payload::{AskParams, QuestionParams},
    ///     result::{AskResult, Outcome},
    /// };
    ///
    /// let form = AskParams::new()
    ///     .question(QuestionParams::new("db", "Which database?").options([("pg", "PostgreSQL")]))
    ///     .validate()?;
    /// let result = AskResult::non_interactive(&form);
    /// assert_eq!(result.details.outcome(), Outcome::NeedsInput);
    /// let json = serde_json::to_value(&result.details)?;
    /// assert_eq!(json["outcome"], "needs_input");
    /// assert_eq!(json["needsInput"]["questions"][0]["options"][0]["value"], "pg");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Outcome {
        if self.error.is_some() {
            Outcome::InvalidInput
        } else if self.needs_input.is_some() {
            Outcome::NeedsInput
        } else if self.timed_out {
            Outcome::TimedOut
        } else if self.cancelled {
            Outcome::Cancelled
        } else if self.mode == Mode::Elaborate {
            Outcome::Elaborate
        } else {
            Outcome::Submitted
        }
    }
}

/// The wire form of [`AskDetails`]: its fields by reference, with `outcome` after
/// `cancelled`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DetailsWire<'a> {
    #[serde(skip_serializing_if = "is_none")]
    title: &'a Option<String>,
    cancelled: bool,
    outcome: Outcome,
    #[serde(skip_serializing_if = "is_none")]
    error: &'a Option<PayloadError>,
    mode: Mode,
    questions: &'a [QuestionSummary],
    answers: &'a IndexMap<String, Answer>,
    #[serde(skip_serializing_if = "is_none")]
    continuation: &'a Option<Continuation>,
    #[serde(skip_serializing_if = "is_none")]
    elaboration: &'a Option<Elaboration>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    timed_out: bool,
    #[serde(skip_serializing_if = "is_none")]
    answered_via: &'a Option<AnsweredVia>,
    #[serde(skip_serializing_if = "is_none")]
    needs_input: &'a Option<NeedsInput>,
}

/// `Option::is_none` through the wire struct's reference.
#[allow(clippy::ref_option_ref, clippy::trivially_copy_pass_by_ref)]
fn is_none<T>(value: &&Option<T>) -> bool {
    value.is_none()
}

impl Serialize for AskDetails {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DetailsWire {
            title: &self.title,
            cancelled: self.cancelled,
            outcome: self.outcome(),
            error: &self.error,
            mode: self.mode,
            questions: &self.questions,
            answers: &self.answers,
            continuation: &self.continuation,
            elaboration: &self.elaboration,
            timed_out: self.timed_out,
            answered_via: &self.answered_via,
            needs_input: &self.needs_input,
        }
        .serialize(serializer)
    }
}
