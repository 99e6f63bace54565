//! MCP form elicitation (`elicitation/create`, protocol revision 2025-11-25) both ways.
//!
//! As an MCP client (`ask run --elicitation`): a form request (`message` and a flat
//! `requestedSchema`) into an [`AskForm`] our UI shows ([`ElicitationForm`]), and the
//! [`AskResult`](crate::result::AskResult) back into the elicitation result (`accept` with
//! `content`, `decline`, `cancel`). As an MCP server (`ask mcp` showing a form in the
//! client's own form): an [`AskForm`] as one request and the client's `content` back as scripted answers
//! ([`ElicitationRequest`]).
//!
//! Every primitive of the restricted schema maps to a question type: a string to `text`
//! (`minLength`, `maxLength`, `format`), a number or integer to `number` (`minimum`,
//! `maximum`), a boolean to `confirm`, a string with `enum` or `oneOf` (`const` and
//! `title`) to `single`, an array whose `items` have `enum` or `anyOf` to `multi`
//! (`minItems`, `maxItems`); `title` becomes the tab label, `description` the prompt,
//! `default` the question's default and `required` its `required` flag. A request with no
//! properties becomes one yes-or-no question on the message (yes accepts, no declines).
//!
//! ```
//! use ask_contract::{
//!     elicitation::{ElicitationEnd, ElicitationForm},
//!     result::AskResult,
//! };
//! use serde_json::json;
//!
//! let request = json!({"message": "Please provide your GitHub username",
//!     "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}},
//!                         "required": ["name"]}});
//! let elicitation = ElicitationForm::from_request(&request)?;
//! assert_eq!(elicitation.form().questions[0].id, "name");
//!
//! // What the UI returned (here built by hand): the answer's value becomes the content.
//! let mut details = ask_contract::result::AskDetails::for_form(elicitation.form());
//! let answer = ask_contract::result::Answer::new(["octocat"], ["octocat"], [])
//!     .with_custom_text("octocat")
//!     .with_value(json!("octocat"));
//! details.answers.insert("name".into(), answer);
//! let result = AskResult::from_details(details);
//! assert_eq!(
//!     elicitation.result(&result, ElicitationEnd::from_result(&result, false))?.to_json(),
//!     json!({"action": "accept", "content": {"name": "octocat"}})
//! );
//! # Ok::<(), ask_contract::ContractError>(())
//! ```

mod issues;
mod outbound;
mod property;
mod reply;
mod request;
mod response;
mod stream;

pub use outbound::{ElicitationFields, ElicitationRequest, NOTE_PROPERTY};
pub use response::{ElicitationAction, ElicitationEnd, ElicitationResult};

use crate::form::AskForm;

/// The id of the one question of a request without properties.
pub(crate) const CONFIRM_ID: &str = "confirm";

/// What one requested property is, for turning answers back into content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum FieldKind {
    /// `type: "string"` without enum: the answer's text.
    String,
    /// `type: "number"`.
    Number,
    /// `type: "integer"`.
    Integer,
    /// `type: "boolean"`.
    Boolean,
    /// A single-select string enum: the chosen option value.
    Enum,
    /// A multi-select array enum: the chosen option values.
    MultiEnum,
}

/// One requested property.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Field {
    /// The property name (also the question id).
    pub(crate) name: String,
    pub(crate) kind: FieldKind,
    pub(crate) required: bool,
}

/// An MCP form elicitation request as an [`AskForm`], plus what is needed to answer it
/// ([`ElicitationForm::result`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElicitationForm {
    form: AskForm,
    schema: ElicitationSchema,
}

/// What answering an elicitation needs once its form runs elsewhere: the properties, their
/// kinds and which are required ([`ElicitationSchema::result`]). A host that runs the form
/// takes it out with [`ElicitationForm::into_parts`] and keeps only this, so a large form
/// is not held twice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElicitationSchema {
    fields: Vec<Field>,
}

impl ElicitationForm {
    /// The form the UI shows: the message as its title, one question per property, in
    /// the order of `properties`.
    pub fn form(&self) -> &AskForm {
        &self.form
    }

    /// The ids of the questions for required properties.
    pub fn required_ids(&self) -> impl Iterator<Item = &str> {
        self.schema.required_ids()
    }

    /// The form to run and what answering it needs, apart.
    pub fn into_parts(self) -> (AskForm, ElicitationSchema) {
        (self.form, self.schema)
    }

    /// [`ElicitationSchema::result`] of this request.
    ///
    /// # Errors
    /// As [`ElicitationSchema::result`].
    pub fn result(
        &self,
        result: &crate::result::AskResult,
        end: ElicitationEnd,
    ) -> Result<ElicitationResult, crate::ContractError> {
        self.schema.result(result, end)
    }
}

impl ElicitationSchema {
    /// The ids of the questions for required properties.
    pub fn required_ids(&self) -> impl Iterator<Item = &str> {
        self.fields
            .iter()
            .filter(|f| f.required)
            .map(|f| f.name.as_str())
    }
}
