//! A JSON host: what a GUI or a web page drives over a socket. Messages in are JSON
//! lines, an input event (`{"key": "down"}`, `{"paste": "text"}`, `{"resize": [80, 24]}`)
//! or a semantic command (`{"command": {"type": "digit", "value": 2}}`); after each, the
//! host answers with the frame to draw (`{"frame": {...}}`), and with the result once the
//! form is over (`{"result": {...}}`). One dependency: `ask-host`.
//!
//! `cargo run -p ask-examples --example json_host` plays a recorded conversation and
//! prints the lines a client would receive.

use ask_host::{
    Session,
    config::AskConfig,
    contract::{ParseOptions, parse_params_str, result::AskResult},
    keymap::InputEvent,
    render::Frame,
    settings::Settings,
    state::Command,
};
use serde::{Deserialize, Serialize};

/// One message from the client.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Incoming {
    /// A semantic command (the client has its own buttons).
    Command { command: Command },
    /// A key, a paste or a resize, as a terminal would send it.
    Input(InputEvent),
}

/// One message to the client.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
enum Outgoing {
    /// The screen to draw now.
    Frame(Frame),
    /// The form is over.
    Result(Box<AskResult>),
    /// A line the host could not read, and why (nothing changed).
    Error(String),
}

/// Handles one line from the client; returns the lines to send back.
fn handle(session: &mut Session, line: &str) -> Vec<Outgoing> {
    let message = match serde_json::from_str::<Incoming>(line) {
        Ok(message) => message,
        Err(err) => return vec![Outgoing::Error(format!("{err}: {line}"))],
    };
    match message {
        Incoming::Command { command } => session.command(command),
        Incoming::Input(event) => session.input(event),
    };
    let mut out = vec![Outgoing::Frame(session.frame())];
    if let Some(result) = session.result() {
        out.push(Outgoing::Result(Box::new(result.clone())));
    }
    out
}

/// What a client sends: a size, a key, a command, a paste into the custom answer, and
/// the review actions.
const CONVERSATION: &[&str] = &[
    r#"{"resize": [60, 20]}"#,
    r#"{"key": "1"}"#,
    r#"{"command": {"type": "toggle"}}"#,
    r#"{"command": {"type": "digit", "value": 2}}"#,
    r#"{"command": {"type": "nextTab"}}"#,
    "not json",
    r#"{"key": "2"}"#,
    r#"{"key": "3"}"#,
    r#"{"paste": "behind a flag"}"#,
    r#"{"key": "enter"}"#,
    r#"{"command": {"type": "review", "value": "submit"}}"#,
];

fn run() -> Result<Vec<String>, Box<dyn std::error::Error>> {
    let form = parse_params_str(ask_examples::PAYLOAD, ParseOptions::default())?;
    let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
    let mut sent = Vec::new();
    for line in CONVERSATION {
        for message in handle(&mut session, line) {
            sent.push(serde_json::to_string(&message)?);
        }
    }
    Ok(sent)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for line in run()? {
        println!("{line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Outgoing, handle, run};
    use ask_host::{
        Session,
        config::AskConfig,
        contract::{ParseOptions, parse_params_str},
        render::Frame,
        settings::Settings,
    };

    fn received() -> Vec<Outgoing> {
        run()
            .unwrap()
            .iter()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    #[test]
    fn frames_round_trip_through_json_and_match_the_session() {
        let form = parse_params_str(ask_examples::PAYLOAD, ParseOptions::default()).unwrap();
        let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
        let sent = handle(&mut session, r#"{"resize": [50, 14]}"#);
        let Outgoing::Frame(frame) = &sent[0] else {
            panic!("a frame first: {sent:?}");
        };
        let text = serde_json::to_string(&sent[0]).unwrap();
        let back: Outgoing = serde_json::from_str(&text).unwrap();
        assert_eq!(back, sent[0]);
        assert_eq!(*frame, session.frame());
        assert!(frame.lines.len() <= 14, "within the size the client sent");
        assert!(frame.lines.iter().all(|l| l.width() <= 50));
    }

    #[test]
    fn commands_and_input_as_json_answer_the_form() {
        let received = received();
        let frames: Vec<&Frame> = received
            .iter()
            .filter_map(|m| match m {
                Outgoing::Frame(f) => Some(f),
                _ => None,
            })
            .collect();
        assert!(frames[0].to_plain_text().contains("search index"));
        let errors: Vec<&String> = received
            .iter()
            .filter_map(|m| match m {
                Outgoing::Error(e) => Some(e),
                _ => None,
            })
            .collect();
        assert_eq!(errors.len(), 1, "the line that is not JSON");
        assert!(errors[0].contains("not json"));
        let Some(Outgoing::Result(result)) = received.last() else {
            panic!("the result last: {received:?}");
        };
        assert!(!result.details.cancelled);
        let answers = &result.details.answers;
        assert_eq!(answers["index"].values, ["sqlite_fts"]);
        assert_eq!(answers["fields"].values, ["title", "body"]);
        assert_eq!(answers["api"].values, ["paged"]);
        assert_eq!(
            answers["rollout"].custom_text.as_deref(),
            Some("behind a flag")
        );
    }
}
