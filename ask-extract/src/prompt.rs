//! The texts sent to the extraction model.

/// The system prompt of every extraction request.
///
/// It asks for raw JSON in the `ask_user` payload shape, with `type: "text"` (no
/// options) for open questions, and `{"questions": []}` when the message asks the
/// user nothing. Replies with the older internal `freeform` option are still read.
pub const EXTRACTION_SYSTEM_PROMPT: &str = r#"You turn one chat message, written by a coding assistant, into a form the user fills in.

Find the questions in the message that the user has to answer before the work can go on: decisions, preferences, missing facts. Reply with a single JSON object and nothing else. No code fence, no explanation, no text before or after the object.

The object has this shape:
{"title": "short optional title", "questions": [{"id": "snake_case_id", "label": "Short tab label", "prompt": "The full question?", "type": "single", "options": [{"value": "snake_case_value", "label": "Choice as the message names it", "description": "optional one-line explanation"}]}]}

Rules:
- Take only questions that need the user's input. Leave out rhetorical questions, questions the message answers itself, and generic offers such as "How can I help?" or "Anything else?".
- Keep the questions in the order the message asks them.
- "id": a short snake_case name for what is being decided (for example "database" or "auth_method"), unique in the form. "label": two or three words. "prompt": the question as one full sentence, close to the message's wording.
- Options are only the choices the message itself offers, in its order, at most 4. Never invent options and never add "Other" or "Type your own": the form always lets the user type an own answer. "value" is snake_case; add a "description" only when the message explains that choice.
- "type": "single" when the user picks one choice; "multi" when several choices can apply together; "preview" only when every choice comes with code, a snippet or a layout worth comparing side by side, which then goes into that option's "preview" field.
- An open question that offers no choices (a name, a path, a number, a free description) gets "type": "text" and no "options". Never add options to a text question.
- If the message asks the user nothing, reply {"questions": []}."#;

/// Longest part of a previous reply quoted back in a retry, in bytes.
const MAX_QUOTED_REPLY: usize = 16 * 1024;

/// The user text of a retry: what was wrong, the previous reply, and the
/// original message again.
pub(crate) fn retry_text(problems: &[String], previous: &str, original: &str) -> String {
    let mut text = String::from("Your previous reply could not be used:\n");
    for problem in problems {
        text.push_str("- ");
        text.push_str(problem);
        text.push('\n');
    }
    text.push_str("\nYour previous reply was:\n<previous_reply>\n");
    text.push_str(cut(previous.trim(), MAX_QUOTED_REPLY));
    text.push_str("\n</previous_reply>\n\n");
    text.push_str(
        "Extract the questions again from the original message below, fixing these problems. \
         Reply with the corrected JSON object only: no code fence, no prose.\n\n<message>\n",
    );
    text.push_str(original);
    text.push_str("\n</message>");
    text
}

/// The longest prefix of `text` within `max` bytes, on a character boundary.
fn cut(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_keeps_char_boundaries() {
        assert_eq!(cut("héllo", 2), "h");
        assert_eq!(cut("héllo", 3), "hé");
        assert_eq!(cut("abc", 10), "abc");
    }

    #[test]
    fn retry_text_carries_problems_previous_reply_and_message() {
        let text = retry_text(&["bad".into()], "  {oops ", "Which DB?");
        assert!(text.contains("- bad\n"));
        assert!(text.contains("<previous_reply>\n{oops\n</previous_reply>"));
        assert!(text.ends_with("<message>\nWhich DB?\n</message>"));
    }
}
