//! The payload as typed Rust values, for harnesses that build questions in code.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::form::QuestionType;
use crate::typed::Rules;
use crate::{AskForm, ContractError, ParseOptions, parse_params};

/// A tool payload built in Rust. It serializes to exactly the contract's JSON payload
/// (fields in contract order, absent optional fields omitted), so it can be sent to the
/// `ask` binary or any other host; [`AskParams::validate`] runs the same validation as
/// [`parse_params`] on it.
///
/// Nothing is checked while building: validation reports every problem at once, with the
/// same issue paths as for JSON payloads.
///
/// ```
/// use ask_contract::{
///     QuestionType,
///     payload::{AskParams, OptionParams, QuestionParams},
/// };
///
/// let params = AskParams::new()
///     .title("Service setup")
///     .question(
///         QuestionParams::new("db", "Which database should the service use?")
///             .label("Database")
///             .option(OptionParams::new("pg", "PostgreSQL").description("Already in staging"))
///             .option(OptionParams::new("sqlite", "SQLite")),
///     )
///     .question(
///         QuestionParams::new("features", "Which features ship first?")
///             .kind(QuestionType::Multi)
///             .options([("auth", "Auth"), ("billing", "Billing")]),
///     );
///
/// let json = serde_json::to_string(&params)?;
/// assert!(json.starts_with(r#"{"title":"Service setup","questions":[{"id":"db","label":"Database","#));
///
/// let form = params.validate()?;
/// assert_eq!(form.questions[1].label, "Q2");
/// assert_eq!(form.to_params().questions[1].label.as_deref(), Some("Q2"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct AskParams {
    /// Optional title shown above the tabs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The questions, in order.
    #[serde(default)]
    pub questions: Vec<QuestionParams>,
}

/// One question of an [`AskParams`] payload.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct QuestionParams {
    /// Unique id within the payload.
    pub id: String,
    /// Tab label; `Q1`, `Q2`, ... when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The question text.
    pub prompt: String,
    /// How the question is answered; `single` when absent.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<QuestionType>,
    /// Metadata only; `false` when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
    /// The declared options, in order (none on `text`, `confirm`, `number` and `path`).
    #[serde(default)]
    pub options: Vec<OptionParams>,
    /// The type's rules and the `default` (`placeholder`, `min`, `maxItems`, ...).
    #[serde(flatten)]
    pub rules: Rules,
}

/// One option of a [`QuestionParams`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct OptionParams {
    /// Machine value returned to the agent.
    pub value: String,
    /// Text shown to the user.
    pub label: String,
    /// Optional muted line under the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Preview text (required on every option of a preview question).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview: Option<String>,
    /// The agent recommends this option (shown as "(Recommended)", never preselected; at
    /// most one per single or preview question).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommended: Option<bool>,
    /// The internal free-form-only marker of `/answer` extraction: accepted only with
    /// [`ParseOptions::with_freeform`], never part of the public tool contract.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub freeform: Option<bool>,
}

impl AskParams {
    /// An empty payload (add at least one question before validating).
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the title.
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Appends a question.
    #[must_use]
    pub fn question(mut self, question: QuestionParams) -> Self {
        self.questions.push(question);
        self
    }

    /// The payload as a JSON value.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Validates and normalizes the payload under the public contract, exactly as
    /// [`parse_params`] does for its JSON.
    pub fn validate(&self) -> Result<AskForm, ContractError> {
        self.validate_with(ParseOptions::default())
    }

    /// Like [`AskParams::validate`] with explicit options.
    pub fn validate_with(&self, options: ParseOptions) -> Result<AskForm, ContractError> {
        parse_params(&self.to_json(), options)
    }
}

impl QuestionParams {
    /// A question with an id and a prompt, no options yet.
    pub fn new(id: impl Into<String>, prompt: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            prompt: prompt.into(),
            ..Self::default()
        }
    }

    /// Sets the tab label.
    #[must_use]
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Sets the question type.
    #[must_use]
    pub fn kind(mut self, kind: QuestionType) -> Self {
        self.kind = Some(kind);
        self
    }

    /// Sets the `required` metadata flag.
    #[must_use]
    pub fn required(mut self, required: bool) -> Self {
        self.required = Some(required);
        self
    }

    /// Sets the type's rules and the `default`.
    #[must_use]
    pub fn rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// Sets the suggested answer (`default`).
    #[must_use]
    pub fn default_value(mut self, default: impl Into<Value>) -> Self {
        self.rules.default = Some(default.into());
        self
    }

    /// Appends an option.
    #[must_use]
    pub fn option(mut self, option: OptionParams) -> Self {
        self.options.push(option);
        self
    }

    /// Appends plain options from `(value, label)` pairs.
    #[must_use]
    pub fn options<V: Into<String>, L: Into<String>>(
        mut self,
        options: impl IntoIterator<Item = (V, L)>,
    ) -> Self {
        self.options.extend(
            options
                .into_iter()
                .map(|(value, label)| OptionParams::new(value, label)),
        );
        self
    }
}

impl OptionParams {
    /// An option with a value and a label.
    pub fn new(value: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            value: value.into(),
            label: label.into(),
            ..Self::default()
        }
    }

    /// Sets the description line.
    #[must_use]
    pub fn description(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// Sets the preview text.
    #[must_use]
    pub fn preview(mut self, preview: impl Into<String>) -> Self {
        self.preview = Some(preview.into());
        self
    }

    /// Marks the option as the one the agent recommends.
    #[must_use]
    pub fn recommended(mut self) -> Self {
        self.recommended = Some(true);
        self
    }

    /// The internal free-form-only option of `/answer` extraction (`value` `answer`).
    pub fn freeform() -> Self {
        Self {
            freeform: Some(true),
            ..Self::new("answer", "Type your answer")
        }
    }
}

impl AskForm {
    /// The form as a normalized payload: labels filled in, types and `required` explicit,
    /// free-form-only questions (the `/answer` marker included) written as `text`,
    /// `number` or `path` without options, `confirm` questions without their two made-up
    /// options, so it validates back to an equal form.
    pub fn to_params(&self) -> AskParams {
        AskParams {
            title: self.title.clone(),
            questions: self
                .questions
                .iter()
                .map(|q| QuestionParams {
                    id: q.id.clone(),
                    label: Some(q.label.clone()),
                    prompt: q.prompt.clone(),
                    kind: Some(q.kind),
                    required: Some(q.required),
                    options: if q.kind.has_value() {
                        Vec::new()
                    } else {
                        q.options
                            .iter()
                            .map(|o| OptionParams {
                                value: o.value.clone(),
                                label: o.label.clone(),
                                description: o.description.clone(),
                                preview: o.preview.clone(),
                                recommended: o.recommended.then_some(true),
                                freeform: None,
                            })
                            .collect()
                    },
                    rules: q.rules.clone(),
                })
                .collect(),
        }
    }

    /// [`AskForm::to_params`] as a JSON value.
    pub fn to_params_json(&self) -> Value {
        self.to_params().to_json()
    }
}

impl From<AskForm> for AskParams {
    fn from(form: AskForm) -> Self {
        form.to_params()
    }
}

impl TryFrom<AskParams> for AskForm {
    type Error = ContractError;

    /// Validates with free-form-only questions allowed: a form that holds one came from
    /// `/answer` extraction and must survive a round trip.
    fn try_from(params: AskParams) -> Result<Self, ContractError> {
        params.validate_with(ParseOptions::with_freeform())
    }
}
