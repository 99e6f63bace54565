//! Importing the settings of pi-ask (the pi extension this project re-implements) into a
//! new settings file. The pi-ask file itself is only read.

use crate::doc::{Node, Obj, describe};
use crate::migrate::{complete_contexts, flat_to_contexts};
use crate::schema::SCHEMA_VERSION;

/// The pi-ask settings file name inside `$PI_CODING_AGENT_DIR/extensions/` (and, for older
/// pi-ask versions, inside `$PI_CODING_AGENT_DIR/`).
pub const PI_ASK_FILE_NAME: &str = "eko24ive-pi-ask.json";

/// The newest pi-ask schema version understood.
const PI_ASK_MAX_VERSION: u64 = 5;

/// Converts a pi-ask settings document (schema versions 1 to 5) into a settings document of
/// this project's current schema: `answer`, `behaviour` and `notifications` are taken as they
/// are (values are validated when the result is read, like any settings file); flat keymaps
/// (pi-ask 1-3) are spread into contexts like a version 2 file of ours, and context keymaps
/// (pi-ask 4-5) get defaults for the actions they lack.
pub(crate) fn import(value: &Node) -> Result<Obj, String> {
    let Some(obj) = value.as_object() else {
        return Err(format!(
            "it should be a JSON object, found {}",
            describe(&value.to_value())
        ));
    };
    let version = match obj.get("schemaVersion").map(Node::to_value) {
        None => 1,
        Some(v) => match v.as_u64() {
            Some(n @ 1..=PI_ASK_MAX_VERSION) => n,
            _ => {
                return Err(format!(
                    "its schemaVersion is {}, not a pi-ask version this ask can import (1 to {PI_ASK_MAX_VERSION})",
                    describe(&v)
                ));
            }
        },
    };
    let mut doc = Obj::new();
    doc.insert("schemaVersion".to_owned(), Node::from(SCHEMA_VERSION));
    for section in ["answer", "behaviour", "notifications"] {
        if let Some(v) = obj.get(section) {
            doc.insert(section.to_owned(), v.clone());
        }
    }
    if let Some(keymaps) = obj.get("keymaps") {
        let converted = match keymaps {
            Node::Object(map) if version <= 3 => flat_to_contexts(map),
            Node::Object(map) => complete_contexts(map),
            other => other.clone(),
        };
        doc.insert("keymaps".to_owned(), converted);
    }
    Ok(doc)
}
