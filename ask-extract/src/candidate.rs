//! Lenient extraction of the JSON object in a model reply.
//!
//! Models are told to reply with raw JSON, but often wrap it in a code fence or
//! a sentence. The reply is tried as a whole, then the contents of each code
//! fence, then each outermost balanced `{...}` span of the text.

use serde_json::Value;

/// How many unclosed `{` starts are retried before giving up, so adversarial
/// text cannot make the scan quadratic.
const MAX_RESTARTS: usize = 32;

/// The JSON object of a reply, or a message saying why none was found.
pub(crate) fn find_candidate(reply: &str) -> Result<Value, String> {
    let text = reply.trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err("the reply was empty".to_owned());
    }
    let mut first_error: Option<String> = None;
    let mut note = |err: String| {
        if first_error.is_none() {
            first_error = Some(err);
        }
    };
    match serde_json::from_str::<Value>(text) {
        Ok(value @ Value::Object(_)) => return Ok(value),
        Ok(other) => note(format!(
            "the reply is JSON but not an object (got {}); expected one object with a \"questions\" array",
            kind(&other)
        )),
        // Text that starts like JSON but does not parse (often a reply cut short).
        Err(err) if text.starts_with(['{', '[']) => {
            note(format!("the reply is not valid JSON: {err}"));
        }
        Err(_) => {}
    }
    let mut parsed_without_questions: Option<Value> = None;
    for block in fenced_blocks(text).into_iter().chain(object_spans(text)) {
        match serde_json::from_str::<Value>(block.trim()) {
            Ok(value @ Value::Object(_)) => {
                if value.get("questions").is_some() {
                    return Ok(value);
                }
                parsed_without_questions.get_or_insert(value);
            }
            Ok(_) => {}
            Err(err) => note(format!("the reply is not valid JSON: {err}")),
        }
    }
    if let Some(value) = parsed_without_questions {
        return Ok(value);
    }
    Err(first_error.unwrap_or_else(|| {
        format!(
            "no JSON object found, the reply starts with {:?}",
            start_of(text)
        )
    }))
}

/// The first 60 characters of a text, for messages.
fn start_of(text: &str) -> String {
    let mut start: String = text.chars().take(60).collect();
    if start.len() < text.len() {
        start.push('…');
    }
    start
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The contents of each ```` ``` ```` fenced block, without the info string.
fn fenced_blocks(text: &str) -> Vec<&str> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("```") {
        let after = rest.get(open + 3..).unwrap_or("");
        // The info string (`json`, `JSON`, nothing) runs to the end of the line.
        let body_start = after.find('\n').map_or(after.len(), |n| n + 1);
        let body = after.get(body_start..).unwrap_or("");
        if let Some(close) = body.find("```") {
            blocks.push(body.get(..close).unwrap_or(""));
            rest = body.get(close + 3..).unwrap_or("");
        } else {
            // An unclosed fence (a reply cut short): take what follows it.
            blocks.push(body);
            break;
        }
    }
    blocks
}

/// The outermost balanced `{...}` spans of the text, in order. Strings inside a
/// span are honoured, so braces in string values do not end it. A `{` that is
/// never closed is skipped and the scan resumes after it.
fn object_spans(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut restarts = 0usize;
    let mut pos = 0usize;
    while let Some(offset) = bytes
        .get(pos..)
        .and_then(|b| b.iter().position(|&c| c == b'{'))
    {
        let start = pos + offset;
        if let Some(end) = span_end(bytes, start) {
            spans.push(text.get(start..=end).unwrap_or(""));
            pos = end + 1;
        } else {
            restarts += 1;
            if restarts > MAX_RESTARTS {
                break;
            }
            pos = start + 1;
        }
    }
    spans
}

/// The index of the `}` that closes the `{` at `start`.
fn span_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, &c) in bytes.iter().enumerate().skip(start) {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            b'"' => in_string = true,
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn raw_json_parses() {
        assert_eq!(
            find_candidate(r#"  {"questions": []}  "#),
            Ok(json!({"questions": []}))
        );
    }

    #[test]
    fn fenced_json_parses() {
        let reply = "```json\n{\"questions\": [{\"id\": \"a\"}]}\n```";
        assert_eq!(
            find_candidate(reply),
            Ok(json!({"questions": [{"id": "a"}]}))
        );
    }

    #[test]
    fn prose_around_json_parses_and_braces_in_strings_are_kept() {
        let reply = "Sure, here you go: {\"questions\": [{\"id\": \"x\", \"prompt\": \"Use {} or }?\"}]} Hope it helps {";
        assert_eq!(
            find_candidate(reply),
            Ok(json!({"questions": [{"id": "x", "prompt": "Use {} or }?"}]}))
        );
    }

    #[test]
    fn the_object_with_questions_wins_over_earlier_objects() {
        let reply = "An empty object {} is not it; this is: {\"questions\": []}";
        assert_eq!(find_candidate(reply), Ok(json!({"questions": []})));
    }

    #[test]
    fn an_unclosed_brace_before_the_json_is_skipped() {
        let reply = "Note { this never closes. {\"questions\": []}";
        assert_eq!(find_candidate(reply), Ok(json!({"questions": []})));
    }

    #[test]
    fn an_unclosed_fence_still_yields_its_json() {
        assert_eq!(
            find_candidate("```json\n{\"questions\": []}"),
            Ok(json!({"questions": []}))
        );
    }

    #[test]
    fn broken_json_reports_the_parse_error() {
        let err = find_candidate("{\"questions\": [1,]}").unwrap_err();
        assert!(err.starts_with("the reply is not valid JSON: "), "{err}");
    }

    #[test]
    fn truncated_json_reports_the_parse_error() {
        assert_eq!(
            find_candidate("{\"questions\": [").unwrap_err(),
            "the reply is not valid JSON: EOF while parsing a list at line 1 column 15"
        );
    }

    #[test]
    fn prose_only_reports_no_object() {
        let err = find_candidate("I could not find any questions.").unwrap_err();
        assert_eq!(
            err,
            "no JSON object found, the reply starts with \"I could not find any questions.\""
        );
        assert_eq!(find_candidate("  \n").unwrap_err(), "the reply was empty");
    }

    #[test]
    fn a_json_array_is_not_an_object() {
        let err = find_candidate("[1, 2]").unwrap_err();
        assert!(err.contains("not an object (got an array)"), "{err}");
    }
}
