//! JSON the binary prints or writes (results, forms, statuses, settings), with the
//! characters a terminal or a bidi-aware viewer would act on escaped.
//!
//! `serde_json` already escapes C0 controls; this also writes DEL, the C1 controls
//! (U+0080-U+009F: single-character CSI, OSC, ST...) and the bidi controls (U+202A-U+202E,
//! U+2066-U+2069, LRM U+200E, RLM U+200F, ALM U+061C) as `\uXXXX` escapes. The JSON value is
//! the same; only the bytes differ, so a host that prints the result raw cannot be steered
//! by text inside it.

use std::fmt::Write as _;

use serde::Serialize;

/// `value` as one line of JSON (or pretty-printed), ending with a newline, with the
/// characters described in the module docs escaped.
pub(crate) fn json_text(value: &impl Serialize, pretty: bool) -> String {
    let text = if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    };
    let mut out = escape_controls(text.unwrap_or_default());
    out.push('\n');
    out
}

/// Whether `c` is written as a `\u` escape.
fn must_escape(c: char) -> bool {
    matches!(c,
        '\u{7f}'..='\u{9f}'
        | '\u{202a}'..='\u{202e}'
        | '\u{2066}'..='\u{2069}'
        | '\u{200e}'
        | '\u{200f}'
        | '\u{061c}')
}

/// Replaces every character [`must_escape`] accepts by its `\uXXXX` escape. Valid only on
/// serialized JSON: outside strings JSON text is ASCII structure, so these characters can
/// only occur inside string literals, where the escape means the same character.
fn escape_controls(json: String) -> String {
    // All of them are at least U+007F: pure ASCII-printable text needs no pass.
    if !json.chars().any(must_escape) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if must_escape(c) {
            // Every escaped character is in the Basic Multilingual Plane: one \u escape.
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    const NASTY: &str =
        "a\u{7f}b\u{85}c\u{9b}31m\u{202e}d\u{2066}e\u{200f}f\u{061c}g\u{1b}]0;x\u{7}é😀";

    #[test]
    fn the_value_is_the_same_and_the_bytes_carry_no_controls() {
        let value = json!({"text": NASTY, NASTY: [NASTY, {"k": NASTY}]});
        for pretty in [false, true] {
            let text = json_text(&value, pretty);
            let parsed: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(parsed, value);
            for c in text.chars() {
                assert!(
                    !must_escape(c) && (c == '\n' || !c.is_control()),
                    "{c:?} in {text}"
                );
            }
            assert!(text.contains("\\u009b"), "{text}");
            assert!(text.contains("\\u202e"), "{text}");
            assert!(text.contains("é😀"), "other text stays as it is: {text}");
        }
    }

    #[test]
    fn plain_text_is_unchanged() {
        let value = json!({"a": "plain ✓ text"});
        assert_eq!(
            json_text(&value, false),
            format!("{}\n", serde_json::to_string(&value).unwrap())
        );
    }
}
