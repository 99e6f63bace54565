//! Reading payloads and writing results: `--input FILE|-`, `--output FILE`,
//! stdin and stdout, atomic file writes.

use std::fs;
use std::io::{IsTerminal, Read, Write};
use std::path::Path;

use ask_contract::AskResult;

use crate::exit::CliError;

/// Reads the text named by `--input`: a file, `-` for stdin, or stdin when absent.
///
/// Refuses to block on an interactive stdin when no `--input` was given, since
/// a person at a terminal would see a hung program.
pub(crate) fn read_input(input: Option<&Path>, what: &str) -> Result<String, CliError> {
    match input {
        Some(path) if path != Path::new("-") => {
            fs::read_to_string(path).map_err(|err| CliError::no_input(what, path, &err))
        }
        explicit => {
            let stdin = std::io::stdin();
            if explicit.is_none() && stdin.is_terminal() {
                return Err(CliError::usage(format!(
                    "no {what}: pass --input FILE, or pipe it on stdin (ask run < payload.json)"
                )));
            }
            let mut text = String::new();
            stdin
                .lock()
                .read_to_string(&mut text)
                .map_err(|err| CliError::no_input(what, Path::new("<stdin>"), &err))?;
            Ok(text)
        }
    }
}

/// Writes a tool result as one line of JSON to `--output` (atomically) or stdout.
pub(crate) fn write_result(output: Option<&Path>, result: &AskResult) -> Result<(), CliError> {
    let mut json = serde_json::to_string(result).unwrap_or_default();
    json.push('\n');
    write_text(output, "result file", &json)
}

/// Writes text to a file atomically, or to stdout when no file is given.
pub(crate) fn write_text(output: Option<&Path>, what: &str, text: &str) -> Result<(), CliError> {
    match output {
        Some(path) if path != Path::new("-") => ask_keymap::write_atomic(path, text.as_bytes())
            .map_err(|err| CliError::io(what, path, &err)),
        _ => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(|err| CliError::io(what, Path::new("<stdout>"), &err))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_input_names_the_file() {
        let err = read_input(Some(Path::new("/nonexistent/p.json")), "payload").unwrap_err();
        assert_eq!(err.exit, crate::exit::Exit::NoInput);
        assert!(
            err.message.contains("/nonexistent/p.json"),
            "{}",
            err.message
        );
    }
}
