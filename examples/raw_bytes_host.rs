//! A raw-byte host: the terminal's bytes arrive as they are (as in a pi
//! component's `handleInput`, a web socket from xterm.js, or a tty read), are
//! decoded by `ask_keymap::Decoder` into keys and pastes, and go to a `Session`.
//!
//! `cargo run -p ask-examples --example raw_bytes_host` feeds a recorded byte
//! stream (arrow keys as CSI sequences, Enter as `\r`, a bracketed paste) and
//! prints the result JSON.

use ask_host::{
    Session,
    config::AskConfig,
    contract::{ParseOptions, parse_params_str, result::AskResult},
    keymap::Decoder,
    settings::Settings,
};

/// What a terminal sends, in chunks that split escape sequences on purpose:
/// `1` picks the first index, Down Down Space toggles a field on the multi
/// question, Enter moves on, `1` picks a preview, then the rollout question
/// gets a pasted free-form answer, and `1` `1` on the review submits.
const CHUNKS: &[&[u8]] = &[
    b"1",
    b"\x1b[B\x1b",
    b"[B ",
    b"\r1",
    b"\x1b[B\x1b[B\x1b[B",
    b"\x1b[200~ship behind a flag",
    b", then remove it\x1b[201~\r",
    b"11",
];

/// Feeds the chunks; returns the result.
fn run() -> Result<AskResult, Box<dyn std::error::Error>> {
    let form = parse_params_str(ask_examples::PAYLOAD, ParseOptions::default())?;
    let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
    let mut decoder = Decoder::new();
    for chunk in CHUNKS {
        for event in decoder.feed(chunk) {
            session.input(event);
        }
    }
    // A lone ESC is only a key once no more bytes follow; a real host calls
    // `flush` after a short quiet time (the `ask` binary waits 10 ms, longer on
    // a link that splits sequences).
    for event in decoder.flush() {
        session.input(event);
    }
    Ok(session.result_or_cancelled())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("{}", serde_json::to_string_pretty(&run()?)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::run;

    #[test]
    fn split_sequences_and_a_paste_reach_the_flow() {
        let result = run().unwrap();
        let answers = &result.details.answers;
        assert!(!result.details.cancelled, "{}", result.content[0].text);
        assert_eq!(answers["index"].values, ["sqlite_fts"]);
        assert_eq!(answers["fields"].values, ["tags"]);
        assert_eq!(answers["api"].values, ["flat"]);
        assert_eq!(
            answers["rollout"].custom_text.as_deref(),
            Some("ship behind a flag, then remove it")
        );
    }
}
