//! Reading payloads and writing results: `--input FILE|-`, `--output FILE`,
//! stdin and stdout, atomic file writes.

use std::fs;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

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
        Some(path) if path != Path::new("-") => {
            write_atomic(path, text.as_bytes()).map_err(|err| CliError::io(what, path, &err))
        }
        _ => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(|err| CliError::io(what, Path::new("<stdout>"), &err))
        }
    }
}

/// Writes `bytes` to `path` so that readers see the old file or the new one,
/// never a torn one: a temporary file in the same folder, fsync, rename.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "result".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written?;
    // Persist the rename itself; not every platform can open a directory.
    if let Ok(d) = fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_content_and_leaves_no_temp_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        write_atomic(&path, b"old").unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
    }

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
