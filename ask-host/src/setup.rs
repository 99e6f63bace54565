//! One setup for every surface: what a host's flags and settings say about a form
//! (the language `auto` stands for, the closed rules and output of an MCP elicitation,
//! the idle timeout, prefilled answers, the draft, `@` completion, the host's features,
//! who is answering), resolved once and turned into a [`Session`] the same way whether
//! the form is shown on a terminal, run by a script, served to a browser alone or by an
//! MCP server. A surface that builds its `Session` here cannot drop one of them.

use std::path::PathBuf;

use ask_contract::{
    AskForm, ContractError,
    elicitation::{ElicitationEnd, ElicitationResult, ElicitationSchema},
    result::{AnsweredVia, AskDetails, AskResult},
};
use ask_i18n::Locale;
use ask_state::HostFeatures;

pub use crate::completion::CompletionSource;
use crate::{Session, settings::Settings};

/// What a finished form is turned into for whoever asked.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub enum OutputKind {
    /// The `ask_user` tool result ([`AskResult`]).
    #[default]
    Tool,
    /// An MCP form elicitation (`ask run --elicitation`): answers must fit its schema
    /// (required properties hold Submit, only declared options on choices) and the
    /// output is `{"action": ..., "content": ...}`.
    Elicitation(Box<ElicitationSchema>),
}

/// A finished form in the shape its asker reads ([`Setup::output_for`]); it serializes
/// as that shape (an elicitation's content keys in property order).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Output {
    /// The tool result.
    Tool(Box<AskResult>),
    /// The MCP elicitation result.
    Elicitation(ElicitationResult),
}

impl Output {
    /// The output as a JSON value (serialize the output itself to keep an elicitation's
    /// content keys in property order).
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Self::Tool(result) => serde_json::to_value(result).unwrap_or_default(),
            Self::Elicitation(result) => result.to_json(),
        }
    }
}

/// How `@` completion lists files (with the `files` feature).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Completions {
    /// The folder is walked in the background from the first `@` (a person typing).
    Background(PathBuf),
    /// The folder is walked on the session's thread at the first `@`, so the candidates
    /// never depend on timing (a script).
    Deterministic(PathBuf),
}

/// Everything a host resolved from its flags and settings about how to run a form,
/// apart from the form and the settings file themselves: built once, it makes the
/// [`Session`] for any surface with [`Setup::session`].
///
/// ```
/// use ask_host::{i18n::Locale, settings::Settings, setup::Setup};
/// # let form = ask_host::contract::parse_params(&serde_json::json!({"questions": [{"id": "a",
/// #     "prompt": "A?", "options": [{"value": "x", "label": "X"}]}]}), Default::default())?;
/// let setup = Setup::new()
///     .system_locale(Locale::from_env(None, None, Some("de_DE.UTF-8")))
///     .timeout(Some(600));
/// let session = setup.session(form, Settings::in_memory(Default::default()));
/// assert_eq!(session.flow().locale().tag(), "de");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
#[must_use]
pub struct Setup {
    system_locale: Locale,
    output: OutputKind,
    timeout: Option<u64>,
    prefill: Option<AskDetails>,
    draft: Option<(PathBuf, bool)>,
    completions: Option<Completions>,
    host_features: Option<HostFeatures>,
    via: Option<AnsweredVia>,
}

impl Setup {
    /// A setup with nothing resolved: English for `auto`, the tool result, no timeout,
    /// draft, prefill or completion, only what the session carries out itself.
    pub fn new() -> Self {
        Self::default()
    }

    /// The language the `locale` setting's `auto` stands for.
    pub fn system_locale(mut self, locale: Locale) -> Self {
        self.system_locale = locale;
        self
    }

    /// [`Setup::system_locale`] from the environment as `var` reads it (`LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`; [`Locale::from_env`]). Pass
    /// `|name| std::env::var(name).ok()` for the process environment.
    pub fn system_locale_from(self, var: impl Fn(&str) -> Option<String>) -> Self {
        let locale = Locale::from_env(
            var("LC_ALL").as_deref(),
            var("LC_MESSAGES").as_deref(),
            var("LANG").as_deref(),
        );
        self.system_locale(locale)
    }

    /// What the finished form becomes; [`OutputKind::Elicitation`] also closes the form's
    /// rules ([`Session::with_closed_answers`]).
    pub fn output(mut self, output: OutputKind) -> Self {
        self.output = output;
        self
    }

    /// Ends the form after `seconds` without input (`--timeout`); `None` leaves the
    /// `idleTimeoutSeconds` setting in effect, 0 turns the timeout off.
    pub fn timeout(mut self, seconds: Option<u64>) -> Self {
        self.timeout = seconds;
        self
    }

    /// Opens the form with the answers of an earlier result ([`Session::with_prefill`]).
    pub fn prefill(mut self, last: Option<AskDetails>) -> Self {
        self.prefill = last;
        self
    }

    /// Keeps a draft at `path`, restoring it first with `resume` ([`Session::with_draft`]).
    pub fn draft(mut self, path: Option<PathBuf>, resume: bool) -> Self {
        self.draft = path.map(|p| (p, resume));
        self
    }

    /// `@` completion over a folder.
    pub fn completions(mut self, completions: Option<Completions>) -> Self {
        self.completions = completions;
        self
    }

    /// What the host carries out beyond the session itself
    /// ([`Session::with_host_features`]).
    pub fn host_features(mut self, features: HostFeatures) -> Self {
        self.host_features = Some(features);
        self
    }

    /// Who answers (named in `details.answeredVia`) when not a person at a terminal.
    pub fn answered_via(mut self, via: AnsweredVia) -> Self {
        self.via = Some(via);
        self
    }

    /// The language `auto` stands for in this setup.
    pub fn locale(&self) -> Locale {
        self.system_locale
    }

    /// The elicitation being answered, for [`OutputKind::Elicitation`].
    pub fn elicitation(&self) -> Option<&ElicitationSchema> {
        match &self.output {
            OutputKind::Elicitation(form) => Some(form),
            OutputKind::Tool => None,
        }
    }

    /// The draft path, when one is kept.
    pub fn draft_path(&self) -> Option<&std::path::Path> {
        self.draft.as_ref().map(|(p, _)| p.as_path())
    }

    /// The session for `form` with `settings`, everything in this setup applied in the
    /// one order that keeps each: language and closed rules first (they rebuild the
    /// flow), then the timeout, completion and host features, then prefilled answers,
    /// and the draft last (it is the newer work). Notices about the draft are in
    /// [`Session::notices`].
    pub fn session(&self, form: AskForm, settings: Settings) -> Session {
        let mut session = Session::new(form, settings).with_system_locale(self.system_locale);
        if self.elicitation().is_some() {
            session = session.with_closed_answers();
        }
        if let Some(seconds) = self.timeout {
            session = session.with_idle_timeout(seconds);
        }
        #[cfg(feature = "files")]
        match &self.completions {
            Some(Completions::Background(root)) => {
                session =
                    session.with_completions(crate::files::FileIndex::on_first_query(root.clone()));
            }
            Some(Completions::Deterministic(root)) => {
                session = session.with_completions(crate::files::FileIndex::lazy(root.clone()));
            }
            None => {}
        }
        if let Some(features) = self.host_features {
            session = session.with_host_features(features);
        }
        if let Some(last) = &self.prefill {
            session = session.with_prefill(last);
        }
        if let Some((path, resume)) = &self.draft {
            session = session.with_draft(path.clone(), *resume);
        }
        if let Some(via) = self.via {
            session.set_input_via(via);
        }
        session
    }

    /// `result` in the shape the asker reads: the tool result, or the MCP elicitation
    /// result (`dismissed` tells a dismiss from the review's Cancel).
    ///
    /// # Errors
    /// [`ContractError::InvalidElicitation`] when a submitted result does not fit the
    /// elicitation's schema.
    pub fn output_for(&self, result: &AskResult, dismissed: bool) -> Result<Output, ContractError> {
        match &self.output {
            OutputKind::Tool => Ok(Output::Tool(Box::new(result.clone()))),
            OutputKind::Elicitation(form) => form
                .result(result, ElicitationEnd::from_result(result, dismissed))
                .map(Output::Elicitation),
        }
    }
}

#[cfg(test)]
mod tests;
