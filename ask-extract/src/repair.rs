//! Extraction-specific checks on a parsed reply, and the repair applied once
//! retries are spent.
//!
//! The contract accepts these replies, but they make poor forms: a generic
//! conversational question ("How can I help?"), an option that only restates
//! its question, more than four options, a free-form marker next to real
//! options. They are reported to the model on a retry, and repaired at the end.

use ask_contract::Issue;
use serde_json::{Map, Value, json};

/// Most options a question may have; the form adds "Type your own" anyway.
pub(crate) const MAX_OPTIONS: usize = 4;

/// Most options of a question that are checked one by one. A reply with more (a model
/// that ran away, a hostile reply) is told it has too many without each being looked
/// at, and the repair keeps the first four (an "Other" among them). Each
/// check is constant work per option, so a reply costs time linear in its size.
pub const MAX_REPLY_OPTIONS: usize = 1_000;

/// Normalized phrases that mark a question as generic small talk.
const GENERIC_PHRASES: &[&str] = &[
    "how can i help",
    "how can i assist",
    "how may i help",
    "how may i assist",
    "what can i help you with",
    "what can i do for you",
    "what else can i",
    "anything else i can",
    "is there anything else i",
    "can i help you with anything",
    "do you have any questions",
    "do you have any other questions",
    "any other questions",
];

/// Normalized labels that mark an option as the catch-all "Other".
const OTHER_LABELS: &[&str] = &[
    "other",
    "others",
    "something else",
    "none of these",
    "none of the above",
    "else",
];

/// The extraction-specific problems of a parsed reply, with issue paths like
/// the contract's.
pub(crate) fn problems(candidate: &Value) -> Vec<Issue> {
    let mut out = Vec::new();
    let Some(questions) = candidate.get("questions").and_then(Value::as_array) else {
        return out;
    };
    for (i, question) in questions.iter().enumerate() {
        let Some(question) = question.as_object() else {
            continue;
        };
        if is_generic(question) {
            out.push(Issue::new(
                format!("questions[{i}].prompt"),
                "is a generic conversational question, not one the message needs answered; leave it out",
            ));
            continue;
        }
        let Some(options) = question.get("options").and_then(Value::as_array) else {
            continue;
        };
        if options.len() > MAX_REPLY_OPTIONS {
            out.push(Issue::new(
                format!("questions[{i}].options"),
                format!(
                    "has {} options, more than a reply may carry ({MAX_REPLY_OPTIONS}); keep at most {MAX_OPTIONS}, the ones the message offers",
                    options.len()
                ),
            ));
            continue;
        }
        let check = Restating::of(question);
        for (j, option) in options.iter().enumerate() {
            if check.restates(option) {
                out.push(Issue::new(
                    format!("questions[{i}].options[{j}].label"),
                    "restates the question instead of offering a choice; for an open question use type text without options",
                ));
            }
        }
        let declared = options.iter().filter(|o| !is_freeform(o)).count();
        if declared > MAX_OPTIONS {
            out.push(Issue::new(
                format!("questions[{i}].options"),
                format!(
                    "has {declared} options; keep at most {MAX_OPTIONS}, the ones the message offers (the form already lets the user type their own)"
                ),
            ));
        }
    }
    out
}

/// Repairs a parsed reply: drops generic questions and options that restate
/// their question (a question left without options becomes free-form), drops a
/// free-form marker that sits next to real options, and keeps at most
/// [`MAX_OPTIONS`] options, keeping an "Other" option if there is one.
/// Parts that are not the expected JSON types are left for validation to report.
pub(crate) fn repair(candidate: &Value) -> Value {
    let mut repaired = candidate.clone();
    let Some(questions) = repaired.get_mut("questions").and_then(Value::as_array_mut) else {
        return repaired;
    };
    questions.retain(|q| !q.as_object().is_some_and(is_generic));
    for question in questions.iter_mut() {
        if let Some(question) = question.as_object_mut() {
            repair_options(question);
        }
    }
    open_text_lines(&mut repaired);
    repaired
}

fn repair_options(question: &mut Map<String, Value>) {
    let check = Restating::of(question);
    let Some(options) = question.get_mut("options").and_then(Value::as_array_mut) else {
        return;
    };
    if options.len() > MAX_REPLY_OPTIONS {
        // Too many to look at: the first ones, and an "Other" found further on.
        let other = options.iter().skip(MAX_OPTIONS).position(is_other);
        let other = other.map(|k| options.swap_remove(k + MAX_OPTIONS));
        options.truncate(MAX_OPTIONS);
        if let Some(other) = other {
            options.truncate(MAX_OPTIONS - 1);
            options.push(other);
        }
        return;
    }
    let before = options.len();
    options.retain(|o| !check.restates(o));
    let dropped_restating = options.len() < before;
    let has_declared = options.iter().any(|o| !is_freeform(o));
    if has_declared {
        options.retain(|o| !is_freeform(o));
    }
    if options.is_empty() && dropped_restating {
        // Nothing to choose from: an open question, answered by typing.
        question.remove("options");
        question.insert("type".into(), json!("text"));
        return;
    }
    if options.len() > MAX_OPTIONS {
        let other = options.iter().position(is_other);
        match other {
            Some(index) if index >= MAX_OPTIONS => {
                let other = options.remove(index);
                options.truncate(MAX_OPTIONS - 1);
                options.push(other);
            }
            _ => options.truncate(MAX_OPTIONS),
        }
    }
}

/// Open questions of a reply (`type: "text"`) take several lines, as the free-form
/// editor of `/answer` forms always did, unless the reply says otherwise.
pub(crate) fn open_text_lines(candidate: &mut Value) {
    let Some(questions) = candidate.get_mut("questions").and_then(Value::as_array_mut) else {
        return;
    };
    for question in questions.iter_mut().filter_map(Value::as_object_mut) {
        let text = question.get("type").and_then(Value::as_str) == Some("text");
        if text && !question.contains_key("multiline") {
            question.insert("multiline".into(), Value::Bool(true));
        }
    }
}

fn is_freeform(option: &Value) -> bool {
    option.get("freeform").and_then(Value::as_bool) == Some(true)
}

fn is_generic(question: &Map<String, Value>) -> bool {
    let Some(prompt) = question.get("prompt").and_then(Value::as_str) else {
        return false;
    };
    let prompt = normalize(prompt);
    GENERIC_PHRASES.iter().any(|phrase| prompt.contains(phrase))
}

/// What [`Restating::restates`] needs of a question, computed once per question (not
/// once per option, which made a reply with many options quadratic).
struct Restating {
    /// The normalized prompt.
    prompt: Option<String>,
    /// The question has exactly one declared option.
    lone: bool,
}

impl Restating {
    fn of(question: &Map<String, Value>) -> Self {
        let prompt = question
            .get("prompt")
            .and_then(Value::as_str)
            .map(normalize);
        let lone = question
            .get("options")
            .and_then(Value::as_array)
            .is_some_and(|options| options.iter().filter(|o| !is_freeform(o)).take(2).count() == 1);
        Self { prompt, lone }
    }

    /// An option restates its question when its label is the question's prompt,
    /// or when it is the question's only option and is itself a question.
    fn restates(&self, option: &Value) -> bool {
        if is_freeform(option) {
            return false;
        }
        let (Some(prompt), Some(label)) = (
            self.prompt.as_deref(),
            option.get("label").and_then(Value::as_str),
        ) else {
            return false;
        };
        let normalized = normalize(label);
        !normalized.is_empty()
            && (normalized == prompt || (self.lone && label.trim_end().ends_with('?')))
    }
}

fn is_other(option: &Value) -> bool {
    ["label", "value"].iter().any(|key| {
        option
            .get(*key)
            .and_then(Value::as_str)
            .is_some_and(|text| {
                let text = normalize(text);
                OTHER_LABELS.contains(&text.as_str()) || text.starts_with("other ")
            })
    })
}

/// Lower case, letters and digits only, single spaces.
fn normalize(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_lowercase().next().unwrap_or(c)
            } else {
                ' '
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(label: &str) -> Value {
        json!({"value": label.to_lowercase().replace(' ', "_"), "label": label})
    }

    /// A reply carrying more options than are looked at one by one is told so without
    /// a check per option, and the repair keeps the first ones and an "Other" further on.
    #[test]
    fn a_reply_with_a_hundred_thousand_options_is_capped() {
        let mut options: Vec<Value> = (0..100_000)
            .map(|i| option(&format!("Choice {i}")))
            .collect();
        options.push(option("Other"));
        let reply = json!({"questions": [{"id": "x", "prompt": "Pick one", "options": options}]});
        let issues = problems(&reply);
        assert_eq!(issues.len(), 1, "{issues:?}");
        assert_eq!(issues[0].path, "questions[0].options");
        assert!(
            issues[0]
                .message
                .contains("has 100001 options, more than a reply may carry (1000)"),
            "{}",
            issues[0].message
        );
        let repaired = repair(&reply);
        let kept: Vec<&str> = repaired["questions"][0]["options"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|o| o["label"].as_str())
            .collect();
        assert_eq!(kept, ["Choice 0", "Choice 1", "Choice 2", "Other"]);
    }

    /// Under the cap every option is still checked: a restating one far down is found.
    #[test]
    fn options_under_the_cap_are_each_checked() {
        let mut options: Vec<Value> = (0..999).map(|i| option(&format!("Choice {i}"))).collect();
        options.push(option("Pick one"));
        let reply = json!({"questions": [{"id": "x", "prompt": "Pick one", "options": options}]});
        let paths: Vec<String> = problems(&reply).into_iter().map(|i| i.path).collect();
        assert_eq!(
            paths,
            ["questions[0].options[999].label", "questions[0].options"]
        );
    }

    #[test]
    fn generic_questions_are_reported_and_dropped() {
        let reply = json!({"questions": [
            {"id": "db", "prompt": "Which database?", "options": [option("Postgres")]},
            {"id": "help", "prompt": "Is there anything else I can help with?", "options": [option("No")]}
        ]});
        let issues = problems(&reply);
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].path, "questions[1].prompt");
        let repaired = repair(&reply);
        assert_eq!(repaired["questions"].as_array().map(Vec::len), Some(1));
        assert_eq!(repaired["questions"][0]["id"], "db");
    }

    #[test]
    fn a_restating_single_option_becomes_a_text_question() {
        let reply = json!({"questions": [
            {"id": "name", "prompt": "What should the crate be called?",
             "options": [option("What should the crate be called")]}
        ]});
        assert_eq!(problems(&reply)[0].path, "questions[0].options[0].label");
        let repaired = repair(&reply);
        assert_eq!(repaired["questions"][0]["type"], "text");
        assert!(repaired["questions"][0].get("options").is_none());
    }

    #[test]
    fn a_lone_option_that_is_a_question_restates_it() {
        let reply = json!({"questions": [
            {"id": "port", "prompt": "Which port should it listen on?",
             "options": [option("What port?")]},
            {"id": "ok", "prompt": "Which one?", "options": [option("Is A?"), option("Is B?")]}
        ]});
        let paths: Vec<String> = problems(&reply).into_iter().map(|i| i.path).collect();
        assert_eq!(paths, ["questions[0].options[0].label"]);
        let repaired = repair(&reply);
        assert_eq!(repaired["questions"][0]["type"], "text");
        assert_eq!(repaired["questions"][1], reply["questions"][1]);
    }

    #[test]
    fn too_many_options_keep_the_other_option() {
        let labels = ["A", "B", "C", "D", "E", "Other (please specify)"];
        let options: Vec<Value> = labels.iter().map(|l| option(l)).collect();
        let reply = json!({"questions": [{"id": "x", "prompt": "Pick one", "options": options}]});
        assert_eq!(problems(&reply)[0].path, "questions[0].options");
        let repaired = repair(&reply);
        let kept: Vec<&str> = repaired["questions"][0]["options"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|o| o["label"].as_str())
            .collect::<Vec<_>>();
        assert_eq!(kept, ["A", "B", "C", "Other (please specify)"]);
    }

    #[test]
    fn too_many_options_without_other_keep_the_first_four() {
        let options: Vec<Value> = ["A", "B", "C", "D", "E"]
            .iter()
            .map(|l| option(l))
            .collect();
        let reply = json!({"questions": [{"id": "x", "prompt": "Pick one", "options": options}]});
        let kept = repair(&reply)["questions"][0]["options"]
            .as_array()
            .map(Vec::len);
        assert_eq!(kept, Some(4));
    }

    #[test]
    fn a_freeform_marker_next_to_options_is_dropped() {
        let reply = json!({"questions": [{"id": "x", "prompt": "Pick one", "options": [
            option("A"), {"value": "answer", "label": "Type", "freeform": true}]}]});
        assert_eq!(
            repair(&reply)["questions"][0]["options"],
            json!([option("A")])
        );
    }

    #[test]
    fn odd_shapes_are_left_alone() {
        for value in [
            json!(null),
            json!({"questions": "x"}),
            json!({"questions": [1, {"options": 3}]}),
        ] {
            assert!(problems(&value).is_empty());
            assert_eq!(repair(&value), value);
        }
    }
}
