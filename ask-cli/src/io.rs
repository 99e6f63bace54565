//! Reading payloads and writing results: `--input FILE|-`, `--output FILE`,
//! stdin and stdout, atomic file writes. Every read is capped, so `/dev/zero` or a
//! runaway pipe cannot fill memory.

use std::fs;
use std::io::{IsTerminal, Read, Write};
use std::path::Path;

use ask_contract::result::AskResult;

use crate::exit::CliError;
use crate::json_out::json_text;

/// The most read from a file the user names for scripted answers (`--answers`), a script
/// (`--script @FILE`), a model reply (`--response`) or a tool result (`render-result`):
/// as much as a payload may hold (16 MiB), more than any of them needs.
pub(crate) const MAX_INPUT_BYTES: u64 = ask_contract::payload::MAX_PAYLOAD_BYTES as u64;

/// Reads the text named by `--input`: a file, `-` for stdin, or stdin when absent; at most
/// [`MAX_INPUT_BYTES`] (more is an error that says so).
///
/// Refuses to block on an interactive stdin when no `--input` was given, since
/// a person at a terminal would see a hung program.
pub(crate) fn read_input(input: Option<&Path>, what: &str) -> Result<String, CliError> {
    let shown = match input {
        Some(path) if path != Path::new("-") => path,
        _ => Path::new("<stdin>"),
    };
    let bytes = read_input_bytes(input, what, MAX_INPUT_BYTES + 1)?;
    text_of(bytes, what, shown)
}

/// Reads the file at `path` (any kind: a FIFO or a shell's `<(cmd)` is fine; `-` is a
/// file name here) as UTF-8 text, at most [`MAX_INPUT_BYTES`].
pub(crate) fn read_file(path: &Path, what: &str) -> Result<String, CliError> {
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|file| file.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|err| CliError::no_input(what, path, &err))?;
    text_of(bytes, what, path)
}

/// The text of `bytes` read from `path` with a cap of [`MAX_INPUT_BYTES`] (and one byte
/// past it): an error when they are more, or not UTF-8.
fn text_of(bytes: Vec<u8>, what: &str, path: &Path) -> Result<String, CliError> {
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(CliError::too_large(what, path, MAX_INPUT_BYTES));
    }
    String::from_utf8(bytes).map_err(|err| {
        CliError::no_input(
            what,
            path,
            &std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "not UTF-8 text (bad byte at offset {})",
                    err.utf8_error().valid_up_to()
                ),
            ),
        )
    })
}

/// Reads a payload like [`read_input`], as bytes: the contract decides what bytes that
/// are not UTF-8, or too many of them, mean. Reads at most one byte past
/// [`ask_contract::payload::MAX_PAYLOAD_BYTES`], so endless input cannot fill memory.
pub(crate) fn read_payload(input: Option<&Path>) -> Result<Vec<u8>, CliError> {
    let cap = u64::try_from(ask_contract::payload::MAX_PAYLOAD_BYTES).unwrap_or(u64::MAX);
    read_input_bytes(input, "payload", cap.saturating_add(1))
}

/// At most `limit` bytes of `input` (a file, `-` or nothing for stdin).
fn read_input_bytes(input: Option<&Path>, what: &str, limit: u64) -> Result<Vec<u8>, CliError> {
    let mut bytes = Vec::new();
    match input {
        Some(path) if path != Path::new("-") => fs::File::open(path)
            .and_then(|file| file.take(limit).read_to_end(&mut bytes))
            .map_err(|err| CliError::no_input(what, path, &err))?,
        explicit => {
            let stdin = std::io::stdin();
            if explicit.is_none() && stdin.is_terminal() {
                return Err(CliError::usage(format!(
                    "no {what}: pass --input FILE, or pipe it on stdin (ask run < payload.json)"
                )));
            }
            stdin
                .lock()
                .take(limit)
                .read_to_end(&mut bytes)
                .map_err(|err| CliError::no_input(what, Path::new("<stdin>"), &err))?
        }
    };
    Ok(bytes)
}

/// Writes a tool result as one line of JSON to `--output` or stdout (see [`write_text`]).
///
/// When that write fails (a read-only folder, a full disk, `/dev/full`, a closed pipe),
/// the result is not lost: it goes to stdout instead of a `--output` file, or to stderr
/// instead of stdout, and the error (exit 74) says where it went.
pub(crate) fn write_result(output: Option<&Path>, result: &AskResult) -> Result<(), CliError> {
    let text = json_text(result, false);
    let Err(mut err) = write_text(output, "result file", &text) else {
        return Ok(());
    };
    let to_file = output.is_some_and(|path| path != Path::new("-"));
    let (fallback, name): (&mut dyn Write, &str) = if to_file {
        (&mut std::io::stdout(), "stdout")
    } else {
        (&mut std::io::stderr(), "stderr")
    };
    let written = fallback
        .write_all(text.as_bytes())
        .and_then(|()| fallback.flush());
    err.message = match written {
        Ok(()) => format!("{}; the result was written to {name} instead", err.message),
        Err(e) => format!(
            "{}; writing it to {name} instead failed too: {e}",
            err.message
        ),
    };
    Err(err)
}

/// Writes text to a file, or to stdout when no file (or `-`) is given: a regular file is
/// replaced atomically, a FIFO or device written through ([`ask_settings::fs::write_atomic`]).
///
/// What is written is decided, so signals get their default action back first
/// ([`ask_host::term::signals::hand_back`]): a FIFO with no reader, or a stdout nobody reads, may
/// block the write, and a signal must still end the process then. A regular file is
/// written through a temporary file beside it, a write that never blocks for long:
/// there signals wait until the write is over ([`ask_host::term::signals::deferred`]), so none
/// leaves the temporary file behind.
pub(crate) fn write_text(output: Option<&Path>, what: &str, text: &str) -> Result<(), CliError> {
    match output {
        Some(path) if path != Path::new("-") => {
            let write = || ask_settings::fs::write_atomic(path, text.as_bytes());
            let written = if replaces_a_file(path) {
                ask_host::term::signals::deferred(write)
            } else {
                ask_host::term::signals::hand_back();
                write()
            };
            written.map_err(|err| CliError::io(what, path, &err))
        }
        _ => {
            ask_host::term::signals::hand_back();
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(|err| CliError::io(what, Path::new("<stdout>"), &err))
        }
    }
}

/// True when `path` is a regular file (through symlinks) or does not exist yet: what
/// [`ask_settings::fs::write_atomic`] replaces through a temporary file, never blocking for
/// long. FIFOs, devices and the like are written through and may block.
fn replaces_a_file(path: &Path) -> bool {
    match std::fs::metadata(path) {
        Ok(meta) => meta.is_file(),
        Err(err) => err.kind() == std::io::ErrorKind::NotFound,
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
