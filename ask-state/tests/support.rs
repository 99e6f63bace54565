//! Test helpers: forms, key scripts and a driver that runs them through `handle_key`.

use ask_contract::{AskForm, ParseOptions, parse_params, result::AskResult};
use ask_keymap::{Key, Keymap, behaviour::Behaviour};
use ask_state::{Command, Effect, Flow, FlowOptions, Outcome};
use serde_json::{Value, json};

pub(crate) fn form(payload: &Value) -> AskForm {
    parse_params(payload, ParseOptions::with_freeform()).expect("test payload is valid")
}

/// One single-select question: pg, sqlite, mysql.
pub(crate) fn single() -> AskForm {
    form(
        &json!({"questions": [{"id": "db", "label": "Database", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "PostgreSQL"},
            {"value": "sqlite", "label": "SQLite"},
            {"value": "mysql", "label": "MySQL"}
        ]}]}),
    )
}

/// A single question (a, b) then a multi question (x, y, z).
pub(crate) fn two() -> AskForm {
    form(&json!({"questions": [
        {"id": "q1", "label": "Style", "prompt": "Which style?", "options": [
            {"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]},
        {"id": "q2", "label": "Features", "prompt": "Which features?", "type": "multi", "options": [
            {"value": "x", "label": "Xray"}, {"value": "y", "label": "Yankee"}, {"value": "z", "label": "Zulu"}]}
    ]}))
}

pub(crate) fn preview() -> AskForm {
    form(
        &json!({"questions": [{"id": "layout", "prompt": "Which layout?", "type": "preview", "options": [
            {"value": "grid", "label": "Grid", "preview": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm"},
            {"value": "list", "label": "List", "preview": "- one\n- two"}
        ]}]}),
    )
}

pub(crate) fn freeform() -> AskForm {
    form(&json!({"questions": [
        {"id": "name", "prompt": "What should the project be called?", "options": [{"value": "answer", "label": "Answer", "freeform": true}]}
    ]}))
}

pub(crate) fn behaviour() -> Behaviour {
    Behaviour::default()
}

pub(crate) fn flow(form: AskForm, behaviour: Behaviour) -> Flow {
    Flow::new(form, behaviour, Keymap::default(), FlowOptions::default())
}

/// Splits a script into keys: `down enter "typed text" 2`.
pub(crate) fn keys(script: &str) -> Vec<Key> {
    let mut out = Vec::new();
    let mut rest = script.trim();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').expect("closing quote");
            out.extend(quoted[..end].chars().map(|c| {
                if c == ' ' {
                    "space".parse().expect("space")
                } else if c.is_ascii_uppercase() {
                    format!("shift+{}", c.to_ascii_lowercase())
                        .parse()
                        .expect("shifted letter")
                } else {
                    Key::char(c)
                }
            }));
            rest = quoted[end + 1..].trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            out.push(
                rest[..end]
                    .parse()
                    .unwrap_or_else(|e| panic!("bad key {:?}: {e}", &rest[..end])),
            );
            rest = rest[end..].trim_start();
        }
    }
    out
}

/// Runs a key script; returns the result if the flow finished, and every effect seen.
/// A `clock:<ms>` token sends the host time instead of a key.
pub(crate) fn drive(flow: &mut Flow, script: &str) -> (Option<AskResult>, Vec<Effect>) {
    let mut effects = Vec::new();
    for part in split_clock(script) {
        let command = match part {
            Step::Clock(ms) => Command::Clock(ms),
            Step::Key(key) => flow.handle_key(key),
        };
        if let Outcome::Effects(list) = flow.apply(command) {
            effects.extend(list);
        }
    }
    let result = effects.iter().find_map(|e| match e {
        Effect::Done(r) => Some((**r).clone()),
        _ => None,
    });
    (result, effects)
}

enum Step {
    Clock(u64),
    Key(Key),
}

fn split_clock(script: &str) -> Vec<Step> {
    let mut out = Vec::new();
    let mut chunk = String::new();
    let mut in_quote = false;
    for token in script.split(' ') {
        if !in_quote && let Some(ms) = token.strip_prefix("clock:") {
            out.extend(keys(&chunk).into_iter().map(Step::Key));
            chunk.clear();
            out.push(Step::Clock(ms.parse().expect("clock:<ms>")));
            continue;
        }
        in_quote ^= token.matches('"').count() % 2 == 1;
        chunk.push_str(token);
        chunk.push(' ');
    }
    out.extend(keys(&chunk).into_iter().map(Step::Key));
    out
}

/// Runs a script on a fresh flow and returns the finished result.
pub(crate) fn run(form: AskForm, behaviour: Behaviour, script: &str) -> AskResult {
    let mut f = flow(form, behaviour);
    let (result, _) = drive(&mut f, script);
    result.unwrap_or_else(|| panic!("script {script:?} did not finish the flow"))
}

pub(crate) fn answers(result: &AskResult) -> Value {
    serde_json::to_value(&result.details.answers).expect("answers serialize")
}
