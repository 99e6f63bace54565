//! The form as one MCP elicitation (form mode), and the reply back as a result.
//!
//! Pure functions, no I/O: [`request`] maps an [`AskForm`](ask_contract::AskForm) to the `message` and flat
//! `requestedSchema` of an `elicitation/create` request; [`reply_result`] checks the
//! client's reply against that schema and turns it into the same [`AskResult`](ask_contract::AskResult) that
//! `ask run --answers` gives for the same choices (it goes through
//! [`ask_state::scripted_result`]).
//!
//! The mapping, per question `N` (two or more digits, in form order):
//!
//! | property | single / preview | multi | free-form only |
//! |---|---|---|---|
//! | `qN_answer` | string, `oneOf` `{const: value, title: label}` | array, `items.anyOf` of the same | string |
//! | `qN_custom` | "Type your own" (replaces the choice) | "Type your own" (added to the choices) | - |
//! | `qN_note` | the question note | the question note | the question note |
//!
//! and a last, required `submit_as` (`submit` or `elaborate`). The names sort in form
//! order, since clients may reorder properties by name. Property names are made
//! from positions, never from question ids, so no id can collide with them. The
//! recommended option's title ends with ` (Recommended)`; option descriptions and preview
//! texts are folded into the field's `description`.
//!
//! What an elicitation form cannot express: option notes (only the question note is
//! asked), switching a question's type (single as multi), `@` file completion, the
//! settings overlay and the idle timeout. Decline and cancel give the cancelled result.
//!
//! ```
//! use ask_contract::{AskParams, QuestionParams};
//! use ask_mcp::elicit;
//! use serde_json::json;
//!
//! let form = AskParams::new()
//!     .question(QuestionParams::new("db", "Which database?").options([("pg", "PostgreSQL"), ("lite", "SQLite")]))
//!     .validate()?;
//! let request = elicit::request(&form);
//! assert_eq!(request.schema["properties"]["q01_answer"]["oneOf"][0]["const"], "pg");
//!
//! let reply = elicit::Reply::Accept(json!({"q01_answer": "lite", "submit_as": "submit"}));
//! let result = elicit::reply_result(&form, &reply)?;
//! assert_eq!(result.details.answers["db"].values, ["lite"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod reply;
mod schema;

pub use reply::{Reply, answers_json, reply_result};
pub use schema::{ACTION_PROPERTY, FieldNames, Request, field_names, request};
