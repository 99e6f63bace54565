//! Headless scripts (`ask run --script JSON|@FILE`): a JSON array of steps,
//! each a key id (`"down"`, `"shift+tab"`, `"2"`), `{"text": "..."}` typed as
//! key presses, `{"paste": "..."}`, or `{"resize": [cols, rows]}`.

use std::path::Path;
use std::str::FromStr;

use ask_contract::result::AskResult;
use ask_host::Session;
use ask_keymap::{Key, KeyCode};
use ask_render::Frame;
use serde_json::Value;

use crate::exit::CliError;

/// One step of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Step {
    /// A key press.
    Key(Key),
    /// Text typed one key at a time.
    Text(String),
    /// A bracketed paste.
    Paste(String),
    /// A terminal resize.
    Resize(u16, u16),
}

/// Reads the `--script` argument: inline JSON, or `@FILE`.
pub(crate) fn load(arg: &str) -> Result<Vec<Step>, CliError> {
    let text = match arg.strip_prefix('@') {
        Some(file) => crate::io::read_file(Path::new(file), "script file")?,
        None => arg.to_owned(),
    };
    parse(&text).map_err(|msg| CliError::usage(format!("--script: {msg}")))
}

/// Parses a script; the message names the bad step and says what was expected.
pub(crate) fn parse(text: &str) -> Result<Vec<Step>, String> {
    let value: Value = serde_json::from_str(text).map_err(|err| {
        format!("not valid JSON ({err}); expected an array of steps such as [\"down\", \"enter\"]")
    })?;
    let Value::Array(steps) = value else {
        return Err(
            "expected a JSON array of steps such as [\"down\", {\"text\": \"hi\"}, \"enter\"]"
                .into(),
        );
    };
    steps
        .iter()
        .enumerate()
        .map(|(i, step)| step_of(step).map_err(|msg| format!("step {i}: {msg}")))
        .collect()
}

fn step_of(step: &Value) -> Result<Step, String> {
    if let Value::String(id) = step {
        return Key::from_str(id)
            .map(Step::Key)
            .map_err(|err| format!("{err}"));
    }
    let Value::Object(map) = step else {
        return Err(format!(
            "{step} is not a key id string, {{\"text\"}}, {{\"paste\"}} or {{\"resize\"}}"
        ));
    };
    match (
        map.len(),
        map.get("text"),
        map.get("paste"),
        map.get("resize"),
    ) {
        (1, Some(Value::String(t)), _, _) => Ok(Step::Text(t.clone())),
        (1, _, Some(Value::String(p)), _) => Ok(Step::Paste(p.clone())),
        (1, _, _, Some(Value::Array(size))) => match size.as_slice() {
            [c, r] => {
                let dim = |v: &Value| {
                    v.as_u64()
                        .and_then(|n| u16::try_from(n).ok())
                        .filter(|&n| n > 0)
                };
                match (dim(c), dim(r)) {
                    (Some(c), Some(r)) => Ok(Step::Resize(c, r)),
                    _ => Err(format!(
                        "resize {step} needs two positive numbers [cols, rows]"
                    )),
                }
            }
            _ => Err(format!("resize {step} needs [cols, rows]")),
        },
        _ => Err(format!(
            "{step} is not {{\"text\": string}}, {{\"paste\": string}} or {{\"resize\": [cols, rows]}}"
        )),
    }
}

/// The key a typed character produces.
fn typed(c: char) -> Key {
    match c {
        '\n' | '\r' => Key::plain(KeyCode::Enter),
        '\t' => Key::plain(KeyCode::Tab),
        c => Key::char(c),
    }
}

/// Runs `steps` on `session`, rendering a frame after every step as the
/// terminal loop does. Returns the result (a dismissal when the script ended
/// first) and the last frame.
pub(crate) fn run(session: &mut Session, steps: &[Step]) -> (AskResult, Frame) {
    let mut frame = session.frame();
    for step in steps {
        if session.result().is_some() {
            break;
        }
        match step {
            Step::Key(key) => {
                session.key(*key);
            }
            Step::Text(text) => {
                for c in text.chars() {
                    session.key(typed(c));
                }
            }
            Step::Paste(text) => {
                session.paste(text.clone());
            }
            Step::Resize(cols, rows) => session.resize(*cols, (*rows).max(1)),
        }
        frame = session.frame();
    }
    (session.result_or_cancelled(), frame)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_step_kind() {
        let steps = parse(
            r#"["down", "shift+tab", {"text": "hi"}, {"paste": "a\nb"}, {"resize": [100, 30]}]"#,
        )
        .unwrap();
        assert_eq!(steps.len(), 5);
        assert_eq!(steps[0], Step::Key(Key::plain(KeyCode::Down)));
        assert_eq!(steps[3], Step::Paste("a\nb".into()));
        assert_eq!(steps[4], Step::Resize(100, 30));
    }

    #[test]
    fn errors_name_the_step() {
        assert!(parse("{}").unwrap_err().contains("array"));
        assert!(
            parse("[\"down\", \"ctrl+nope\"]")
                .unwrap_err()
                .starts_with("step 1:")
        );
        assert!(
            parse("[{\"resize\": [0, 10]}]")
                .unwrap_err()
                .contains("positive")
        );
        assert!(parse("[42]").unwrap_err().starts_with("step 0:"));
        assert!(parse("not json").unwrap_err().contains("not valid JSON"));
    }

    #[test]
    fn typed_text_maps_newlines_to_enter() {
        assert_eq!(typed('\n'), Key::plain(KeyCode::Enter));
        assert_eq!(typed('N'), Key::char('N'));
    }
}
