//! Issues of the payload a request becomes (`questions[2].min`), said in the request's
//! own terms (`requestedSchema.properties.age.minimum`).

use serde_json::{Map, Value};

use super::{Field, FieldKind};
use crate::issue::Issue;

/// A payload issue (`questions[2].min`) as a schema issue
/// (`requestedSchema.properties.age.minimum`).
pub(crate) fn schema_issue(
    issue: &Issue,
    fields: &[Field],
    properties: &Map<String, Value>,
) -> Issue {
    let rest = issue.path.strip_prefix("questions[");
    let parsed = rest.and_then(|r| {
        let (index, tail) = r.split_once(']')?;
        Some((
            index.parse::<usize>().ok()?,
            tail.strip_prefix('.').unwrap_or(tail),
        ))
    });
    let Some((index, tail)) = parsed else {
        return Issue::new(
            format!("requestedSchema ({})", issue.path),
            issue.message.clone(),
        );
    };
    let Some(field) = fields.get(index) else {
        return Issue::new("requestedSchema", issue.message.clone());
    };
    let base = format!("requestedSchema.properties.{}", field.name);
    let titled = properties.get(&field.name).is_some_and(|p| {
        let at = if field.kind == FieldKind::MultiEnum {
            p.get("items")
        } else {
            Some(p)
        };
        at.is_some_and(|a| a.get("enum").is_none())
    });
    let (items, list) = match (&field.kind, titled) {
        (FieldKind::MultiEnum, true) => (".items", "anyOf"),
        (FieldKind::MultiEnum, false) => (".items", "enum"),
        (_, true) => ("", "oneOf"),
        (_, false) => ("", "enum"),
    };
    let mapped = match tail {
        "" => base,
        "min" => format!("{base}.minimum"),
        "max" => format!("{base}.maximum"),
        "label" => format!("{base}.title"),
        "prompt" => format!("{base}.description"),
        "options" => format!("{base}{items}.{list}"),
        t if t.starts_with("options[") => {
            let j = t
                .trim_start_matches("options[")
                .split(']')
                .next()
                .unwrap_or("0");
            if list == "enum" {
                format!("{base}{items}.enum[{j}]")
            } else {
                format!("{base}{items}.{list}[{j}].const")
            }
        }
        t => format!("{base}.{t}"),
    };
    // The payload's rule names, in the schema's words.
    let message = issue
        .message
        .replace("more than max ", "more than maximum ")
        .replace("lower min or raise max", "lower minimum or raise maximum")
        .replace("between min ", "between minimum ")
        .replace(" and max ", " and maximum ");
    Issue::new(mapped, message)
}
