//! The JSON Schema of the public tool input.

use serde_json::{Value, json};

/// JSON Schema (draft 2020-12) of the public `ask_user` input.
///
/// The internal `freeform` option of `/answer` extraction is not part of it.
/// Harnesses that want malformed calls to reach the tool (so they get the
/// structured invalid-payload result) may register a more permissive schema.
pub fn json_schema() -> Value {
    let text =
        |description: &str| json!({ "type": "string", "minLength": 1, "description": description });
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "AskParams",
        "description": "Ask the user one or more structured questions and wait for their answers.",
        "type": "object",
        "required": ["questions"],
        "properties": {
            "title": text("Optional title shown above the questions."),
            "questions": {
                "type": "array",
                "minItems": 1,
                "description": "The questions, one decision each. Ids must be unique.",
                "items": {
                    "type": "object",
                    "required": ["id", "prompt", "options"],
                    "properties": {
                        "id": text("Stable id, unique within the call; answers are keyed by it."),
                        "label": text("Short tab label; defaults to Q1, Q2, ..."),
                        "prompt": text("The full question."),
                        "type": {
                            "type": "string",
                            "enum": ["single", "multi", "preview"],
                            "default": "single",
                            "description": "single: pick one; multi: pick any; preview: pick one, each option shows preview text."
                        },
                        "required": {
                            "type": "boolean",
                            "default": false,
                            "description": "Metadata only; never blocks submission."
                        },
                        "options": {
                            "type": "array",
                            "minItems": 1,
                            "description": "Distinct choices. The user can always type their own answer too.",
                            "items": {
                                "type": "object",
                                "required": ["value", "label"],
                                "properties": {
                                    "value": text("Machine value returned in answers; unique within the question."),
                                    "label": text("What the user sees."),
                                    "description": text("Optional one-line explanation."),
                                    "preview": text("Preview text (code, layout, message). Required on every option of a preview question."),
                                    "recommended": {
                                        "type": "boolean",
                                        "default": false,
                                        "description": "Mark the option you recommend (shown as \"(Recommended)\"; never preselected). At most one per single or preview question. Use this instead of writing \"(recommended)\" into labels."
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    })
}
