//! The retry policy of `/answer` extraction as a pure step function.

use ask_contract::{AskForm, ParseOptions, parse_params, payload::AskParams};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::candidate::find_candidate;
use crate::error::{ExtractError, join_issues};
use crate::prompt::{EXTRACTION_SYSTEM_PROMPT, retry_text};
use crate::repair::{problems, repair};

/// One request to the extraction model.
///
/// Serializes to `{"systemPrompt": .., "userText": .., "attempt": n}`, what
/// `ask answer --completer CMD` writes to the completer's stdin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelRequest {
    /// The system prompt: always [`EXTRACTION_SYSTEM_PROMPT`].
    pub system_prompt: String,
    /// The user message: the assistant text on the first attempt; on a retry,
    /// the problems, the previous reply and the assistant text again.
    pub user_text: String,
    /// 1-based attempt number; the first retry is attempt 2.
    pub attempt: u32,
}

/// How extraction ended.
#[derive(Debug, Clone)]
pub enum Decision {
    /// A valid form (free-form questions allowed).
    Form {
        /// The validated form.
        form: AskForm,
        /// The form as normalized payload, as stored in `ask:payload` entries and printed
        /// by `ask extract` (serializes with its fields in the contract's order).
        params: AskParams,
    },
    /// The model found no questions (`{"questions": []}`); not an error.
    NoQuestions,
    /// No usable form came back; always [`ExtractError::ExtractionFailed`].
    Failed(ExtractError),
}

/// What to do next: ask the model (again), or stop.
#[derive(Debug, Clone)]
pub enum Step {
    /// Send this request to the model and call [`next_step`] again with its
    /// reply appended to the responses.
    Request(ModelRequest),
    /// Extraction is over.
    Done(Decision),
}

/// What one reply amounts to.
enum Verdict {
    NoQuestions,
    Valid(AskForm),
    /// Parsed, but with contract or extraction problems.
    Problems(Vec<String>),
    /// No JSON object found.
    Unparseable(String),
}

/// The retry policy: given the assistant text and the model's replies so far
/// (oldest first), the next request or the final decision.
///
/// - No replies yet: the first request, whose user text is the assistant text.
/// - The latest reply is `{"questions": []}`: [`Decision::NoQuestions`].
/// - The latest reply holds a JSON object (raw, in a code fence, or with prose
///   around it) that is a valid form with no extraction problems:
///   [`Decision::Form`].
/// - Otherwise, while fewer than `retries + 1` replies were made: a retry that
///   carries the parse error or the problems, the previous reply and the
///   assistant text.
/// - Once retries are spent: the latest reply that held a JSON object is
///   repaired (generic questions and options that restate their question
///   dropped, at most four options with an "Other" kept) and validated with
///   free-form questions allowed; if no reply held JSON, or the repaired one is
///   still invalid, [`Decision::Failed`].
///
/// ```
/// use ask_extract::{Decision, Step, next_step};
///
/// let message = "Should I use PostgreSQL or SQLite?";
/// let Step::Request(first) = next_step(message, &[] as &[&str], 1) else { panic!() };
/// assert_eq!((first.attempt, first.user_text.as_str()), (1, message));
///
/// let reply = r#"```json
/// {"questions": [{"id": "database", "prompt": "Which database?", "options": [
///   {"value": "postgres", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}]}]}
/// ```"#;
/// let Step::Done(Decision::Form { form, .. }) = next_step(message, &[reply], 1) else { panic!() };
/// assert_eq!(form.questions[0].id, "database");
/// ```
pub fn next_step<S: AsRef<str>>(assistant_text: &str, responses: &[S], retries: u8) -> Step {
    let Some(last) = responses.last() else {
        return Step::Request(request(assistant_text.to_owned(), 1));
    };
    let last = last.as_ref();
    let problems = match evaluate(last) {
        Verdict::NoQuestions => return Step::Done(Decision::NoQuestions),
        Verdict::Valid(form) => return Step::Done(form_decision(form)),
        Verdict::Problems(problems) => problems,
        Verdict::Unparseable(error) => vec![error],
    };
    if responses.len() <= usize::from(retries) {
        let attempt = u32::try_from(responses.len() + 1).unwrap_or(u32::MAX);
        return Step::Request(request(
            retry_text(&problems, last, assistant_text),
            attempt,
        ));
    }
    Step::Done(finish(responses, &problems))
}

fn request(user_text: String, attempt: u32) -> ModelRequest {
    ModelRequest {
        system_prompt: EXTRACTION_SYSTEM_PROMPT.to_owned(),
        user_text,
        attempt,
    }
}

fn form_decision(form: AskForm) -> Decision {
    let params = form.to_params();
    Decision::Form { form, params }
}

fn is_empty_questions(value: &Value) -> bool {
    value
        .get("questions")
        .and_then(Value::as_array)
        .is_some_and(Vec::is_empty)
}

fn evaluate(reply: &str) -> Verdict {
    let mut candidate = match find_candidate(reply) {
        Ok(candidate) => candidate,
        Err(error) => return Verdict::Unparseable(error),
    };
    crate::repair::open_text_lines(&mut candidate);
    if is_empty_questions(&candidate) {
        return Verdict::NoQuestions;
    }
    let mut found: Vec<String> = Vec::new();
    let form = match parse_params(&candidate, ParseOptions::with_freeform()) {
        Ok(form) => Some(form),
        Err(err) => {
            found.extend(err.issues().iter().map(ToString::to_string));
            None
        }
    };
    found.extend(problems(&candidate).iter().map(ToString::to_string));
    match form {
        Some(form) if found.is_empty() => Verdict::Valid(form),
        _ => Verdict::Problems(found),
    }
}

/// Retries are spent: repair the latest reply that held JSON.
fn finish<S: AsRef<str>>(responses: &[S], last_problems: &[String]) -> Decision {
    let attempts = responses.len();
    let failed =
        |reason: String| Decision::Failed(ExtractError::ExtractionFailed { attempts, reason });
    let Some(candidate) = responses
        .iter()
        .rev()
        .find_map(|r| find_candidate(r.as_ref()).ok())
    else {
        return failed(format!(
            "no reply held a JSON object (last reply: {})",
            last_problems.join("; ")
        ));
    };
    let repaired = repair(&candidate);
    if is_empty_questions(&repaired) {
        return Decision::NoQuestions;
    }
    match parse_params(&repaired, ParseOptions::with_freeform()) {
        Ok(form) => form_decision(form),
        Err(err) => failed(format!(
            "the last JSON reply is not a valid form even after repair: {}",
            join_issues(err.issues())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MSG: &str = "Which database should I use, PostgreSQL or SQLite?";
    const VALID: &str = r#"{"questions": [{"id": "database", "prompt": "Which database?", "options": [{"value": "pg", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}]}]}"#;

    fn attempt(step: &Step) -> Option<u32> {
        match step {
            Step::Request(r) => Some(r.attempt),
            Step::Done(_) => None,
        }
    }

    #[test]
    fn retries_are_counted_and_then_it_fails() {
        let replies = ["no json here", "still none", "nope"];
        assert_eq!(attempt(&next_step(MSG, &replies[..0], 2)), Some(1));
        assert_eq!(attempt(&next_step(MSG, &replies[..1], 2)), Some(2));
        assert_eq!(attempt(&next_step(MSG, &replies[..2], 2)), Some(3));
        let Step::Done(Decision::Failed(ExtractError::ExtractionFailed { attempts, reason })) =
            next_step(MSG, &replies[..3], 2)
        else {
            panic!("expected a failure");
        };
        assert_eq!(attempts, 3);
        assert!(
            reason.starts_with("no reply held a JSON object (last reply: no JSON object found"),
            "{reason}"
        );
    }

    #[test]
    fn zero_retries_decide_on_the_first_reply() {
        assert!(matches!(
            next_step(MSG, &["garbage"], 0),
            Step::Done(Decision::Failed(_))
        ));
        assert!(matches!(
            next_step(MSG, &[VALID], 0),
            Step::Done(Decision::Form { .. })
        ));
    }

    #[test]
    fn a_valid_reply_ends_early_even_with_retries_left() {
        let Step::Done(Decision::Form { form, params }) = next_step(MSG, &[VALID], 3) else {
            panic!("expected a form");
        };
        assert_eq!(form.questions.len(), 1);
        assert_eq!(params.questions[0].label.as_deref(), Some("Q1"));
    }

    #[test]
    fn an_earlier_parseable_reply_is_repaired_when_the_last_is_garbage() {
        let Step::Done(Decision::Form { form, .. }) = next_step(MSG, &[VALID, "oops"], 1) else {
            panic!("expected a form");
        };
        assert_eq!(form.questions[0].id, "database");
    }

    #[test]
    fn a_retry_quotes_the_issue_paths() {
        let Step::Request(req) = next_step(MSG, &[r#"{"questions": [{"id": "x"}]}"#], 1) else {
            panic!("expected a retry");
        };
        assert!(
            req.user_text.contains("- questions[0].prompt: is required"),
            "{}",
            req.user_text
        );
        assert!(
            req.user_text
                .ends_with(&format!("<message>\n{MSG}\n</message>"))
        );
        assert_eq!(req.system_prompt, EXTRACTION_SYSTEM_PROMPT);
    }
}
