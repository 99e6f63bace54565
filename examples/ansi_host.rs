//! An ANSI-only host: no TUI library, no terminal crate. A `Session` runs the
//! flow; `ask_render::to_ansi` turns each frame into text with SGR colour codes
//! that any terminal (or a log) can show.
//!
//! `cargo run -p ask-examples --example ansi_host` answers the example payload
//! with a fixed key script and prints the frame after each key, then the result.
//! A real host would read keys from its own input instead of the script.

use ask_host::{
    Session,
    config::AskConfig,
    contract::{ParseOptions, parse_params_str, result::AskResult},
    keymap::Key,
    render::{theme::Theme, to_ansi},
    settings::Settings,
};

/// The keys this example presses: pick, move on, pick two, ... then submit.
const SCRIPT: &[&str] = &["1", "space", "down", "space", "enter", "2", "2", "1", "1"];

/// Runs the script; returns the frames printed and the result (which serializes to the
/// contract's JSON, fields in their documented order).
fn run(theme: &Theme) -> Result<(Vec<String>, AskResult), Box<dyn std::error::Error>> {
    let form = parse_params_str(ask_examples::PAYLOAD, ParseOptions::default())?;
    let mut session = Session::new(form, Settings::in_memory(AskConfig::default()));
    session.resize(80, 24);
    let mut frames = vec![to_ansi(&session.frame(), theme)];
    for key in SCRIPT {
        session.key(key.parse::<Key>()?);
        frames.push(to_ansi(&session.frame(), theme));
    }
    let result = session.result_or_cancelled();
    Ok((frames, result))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (frames, result) = run(&Theme::default())?;
    for frame in frames {
        // Clear between frames the simple way; a real host repaints in place.
        println!("{frame}\n");
    }
    println!("{}", serde_json::to_string_pretty(&result)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::run;
    use ask_host::render::theme::Theme;

    #[test]
    fn frames_are_coloured_text_and_the_script_submits() {
        let (frames, result) = run(&Theme::default()).unwrap();
        let result = serde_json::to_value(result).unwrap();
        assert!(frames[0].contains("Where should the search index live?"));
        // Only SGR sequences: every escape starts a `...m` colour code.
        assert!(frames[0].contains("\u{1b}[38;5;14m"), "accent colour");
        for frame in &frames {
            for seq in frame.split('\u{1b}').skip(1) {
                let end = seq.find('m').expect("an SGR sequence");
                assert!(
                    seq[..end]
                        .chars()
                        .all(|c| c == '[' || c == ';' || c.is_ascii_digit())
                );
            }
        }
        assert_eq!(result["details"]["cancelled"], false);
        assert_eq!(
            result["details"]["answers"]["index"]["values"],
            serde_json::json!(["sqlite_fts"])
        );
        assert_eq!(
            result["details"]["answers"]["fields"]["values"],
            serde_json::json!(["title", "body"])
        );
        let (plain, _) = run(&Theme::plain()).unwrap();
        assert!(!plain[0].contains("38;5"), "the plain theme has no colours");
    }
}
