//! `--draft FILE` in the binary: the path is checked before the form opens (never one of
//! the command's own files, never a file that is not a draft), and the draft is kept
//! until the result is written.

use std::path::{Path, PathBuf};

use ask_contract::result::AskResult;

use crate::cli::{FlowArgs, UiArgs};
use crate::exit::{CliError, CliResult};

/// `--draft FILE` must be a new path or a draft (`ask_host::draft::draft_path_problem`), and not
/// the payload, the result, the settings file, the session or another file the command
/// reads or writes: the draft is written over and deleted.
pub(crate) fn check_path(
    draft: &Path,
    ui: &UiArgs,
    flow: &FlowArgs,
    inputs: &[(&str, Option<&Path>)],
) -> Result<(), CliError> {
    if let Some(kind) = ask_settings::fs::special_file_kind(draft) {
        return Err(CliError::usage(format!(
            "--draft '{}' is {kind}; give a regular file path (or a new one) for the draft",
            draft.display()
        )));
    }
    let settings = crate::config::resolve(ui.config.as_deref())
        .ok()
        .map(|paths| paths.config);
    let mut others: Vec<(&str, Option<&Path>)> = inputs.to_vec();
    others.extend([
        ("--output", ui.output.as_deref()),
        ("the settings file", settings.as_deref()),
        ("--answers", flow.answers.as_deref()),
        ("--frame-out", flow.frame_out.as_deref()),
    ]);
    for (what, other) in others {
        if let Some(other) = other.filter(|p| *p != Path::new("-"))
            && same_file(draft, other)
        {
            return Err(CliError::usage(format!(
                "--draft '{}' is {what} ('{}'); the draft is written over and deleted, so \
                 give it a path of its own",
                draft.display(),
                other.display()
            )));
        }
    }
    match ask_host::draft::draft_path_problem(draft) {
        Some(why) => Err(CliError::usage(format!("--draft: {why}"))),
        None => Ok(()),
    }
}

/// The file a path names, symlinks and `..` resolved: the path itself when it exists,
/// else its resolved folder joined with its name.
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(real) = std::fs::canonicalize(path) {
        return Some(real);
    }
    let name = path.file_name()?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::canonicalize(dir).ok().map(|d| d.join(name))
}

/// Whether two paths name the same file (also through symlinks or hard links).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b))
            && (ma.dev(), ma.ino()) == (mb.dev(), mb.ino())
        {
            return true;
        }
    }
    matches!((resolved(a), resolved(b)), (Some(x), Some(y)) if x == y)
}

/// Writes the result like [`super::run::finish`]; when that fails, the error also
/// says where the draft keeps the answers and how to bring them back.
pub(crate) fn finish_keeping(ui: &UiArgs, result: &AskResult, draft: Option<&Path>) -> CliResult {
    super::run::finish(ui, result).map_err(|mut err| {
        if let Some(path) = draft {
            err.message = format!(
                "{}; the answers are kept in the draft '{}': run the same command with \
                 --draft '{}' --resume to bring them back",
                err.message,
                path.display(),
                path.display()
            );
        }
        err
    })
}
