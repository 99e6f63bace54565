//! The linear mode on the controlling terminal: cooked-mode lines in, plain
//! lines out. The terminal's modes are never changed, so there is nothing to
//! restore; a signal or the end of input ends the flow as cancelled with the
//! answers given so far. With `--draft FILE` the answers are saved after every
//! line and the file is deleted when the user submits, elaborates or cancels.

use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use ask_contract::{AskForm, AskResult};
use ask_state::FlowSnapshot;

use super::{Linear, Step};

/// `--draft FILE [--resume]`.
pub(crate) struct DraftArgs {
    /// The draft file (the same format as the full form's).
    pub(crate) path: PathBuf,
    /// Restore it first when it fits the form.
    pub(crate) resume: bool,
}

/// Asks `form` line by line on `input`/`output` until the user submits,
/// elaborates or cancels, input ends, or a terminating signal arrives.
pub(crate) fn run(
    form: AskForm,
    draft: Option<DraftArgs>,
    input: impl io::Read + Send + 'static,
    mut output: impl Write,
) -> io::Result<AskResult> {
    let stop = Arc::new(AtomicBool::new(false));
    register_signals(&stop)?;
    let mut flow = Linear::new(form);
    let mut saver = draft.map(|d| {
        if d.resume {
            let said = match restore(&mut flow, &d.path) {
                Ok(()) => "Your answers from the draft are back.".to_owned(),
                Err(why) => format!(
                    "Draft {} not restored: {why}; starting fresh.",
                    d.path.display()
                ),
            };
            let _ = writeln!(output, "{}", ask_render::sanitize(&said));
        }
        Saver {
            path: d.path,
            last: None,
        }
    });
    save(&mut saver, &flow, &mut output)?;
    write!(output, "{}{}", flow.start(), flow.prompt())?;
    output.flush()?;
    let lines = spawn_reader(input);
    loop {
        if stop.load(Ordering::SeqCst) {
            writeln!(output, "\nCancelled.")?;
            return Ok(flow.cancelled());
        }
        let line = match lines.recv_timeout(Duration::from_millis(50)) {
            Ok(Ok(line)) => line,
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            // End of input (Ctrl+D, a closed terminal) or a read error: the draft stays.
            Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                writeln!(output, "\nCancelled.")?;
                return Ok(flow.cancelled());
            }
        };
        match flow.line(&line) {
            Step::Ask(text) => {
                // Saved before the reply shows: what the user sees next is on disk.
                save(&mut saver, &flow, &mut output)?;
                write!(output, "{text}{}", flow.prompt())?;
            }
            Step::Done(text, result) => {
                // Only a regular file is the draft: whatever took the path since is left.
                if let Some(saver) = &saver
                    && std::fs::metadata(&saver.path).is_ok_and(|m| m.file_type().is_file())
                {
                    let _ = std::fs::remove_file(&saver.path);
                }
                write!(output, "{text}")?;
                output.flush()?;
                let mut result = *result;
                result.details.answered_via = Some(ask_contract::AnsweredVia::Terminal);
                return Ok(result);
            }
        }
        output.flush()?;
    }
}

/// The draft file being kept, and what it holds.
struct Saver {
    path: PathBuf,
    last: Option<Vec<u8>>,
}

/// Writes the draft atomically when it changed. A failure is said once, then
/// no more drafts are kept (the form itself goes on).
fn save(saver: &mut Option<Saver>, flow: &Linear, output: &mut impl Write) -> io::Result<()> {
    let Some(s) = saver.as_mut() else {
        return Ok(());
    };
    let Ok(bytes) = serde_json::to_vec_pretty(&flow.snapshot()) else {
        return Ok(());
    };
    if s.last.as_ref() == Some(&bytes) {
        return Ok(());
    }
    // A FIFO or device at the path (`ask run` refused one up front, but something may have
    // taken the path since) is never written: `write_atomic` would write through it.
    let written = match ask_keymap::special_file_kind(&s.path) {
        Some(kind) => Err(format!("it is {kind}, not a regular file")),
        None => ask_keymap::write_atomic(&s.path, &bytes).map_err(|e| e.to_string()),
    };
    match written {
        Ok(()) => s.last = Some(bytes),
        Err(err) => {
            let line = format!("Draft not saved to {}: {err}.", s.path.display());
            writeln!(output, "{}", ask_render::sanitize(&line))?;
            *saver = None;
        }
    }
    Ok(())
}

/// Reads a draft (a regular file of at most [`ask_host::MAX_DRAFT_BYTES`], opened without
/// blocking) and restores it into `flow`; `Err` says why not.
fn restore(flow: &mut Linear, path: &std::path::Path) -> Result<(), String> {
    let text = match ask_keymap::read_regular_file(path, ask_host::MAX_DRAFT_BYTES) {
        Ok(Some(text)) => text,
        Ok(None) => return Err("there is no file there".to_owned()),
        Err(ask_keymap::KeymapError::FileTooLarge { limit, .. }) => {
            return Err(format!(
                "it is larger than {} MiB, more than a draft holds",
                limit / (1024 * 1024)
            ));
        }
        Err(e) => return Err(e.to_string()),
    };
    let snapshot: FlowSnapshot =
        serde_json::from_slice(&text).map_err(|e| format!("not a draft file ({e})"))?;
    flow.restore(&snapshot)
}

/// Lines from `input` on a thread, so signals are noticed while it blocks.
fn spawn_reader(input: impl io::Read + Send + 'static) -> mpsc::Receiver<io::Result<String>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(input);
        loop {
            let mut line = String::new();
            let read = reader.read_line(&mut line);
            let end = matches!(read, Ok(0) | Err(_));
            let item = read.map(|_| line.trim_end_matches(['\n', '\r']).to_owned());
            if end {
                let _ = tx.send(item.and_then(|_| Err(io::ErrorKind::UnexpectedEof.into())));
                return;
            }
            if tx.send(item).is_err() {
                return;
            }
        }
    });
    rx
}

#[cfg(unix)]
fn register_signals(stop: &Arc<AtomicBool>) -> io::Result<()> {
    use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2};
    let signals = [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2];
    for signal in signals {
        signal_hook::flag::register(signal, Arc::clone(stop))?;
    }
    // Until the result is written (`crate::signals::hand_back`).
    crate::signals::take_over(&signals);
    Ok(())
}

#[cfg(windows)]
#[allow(clippy::unnecessary_wraps)] // the Unix variant's signature
fn register_signals(stop: &Arc<AtomicBool>) -> io::Result<()> {
    crate::signals::stop_on_console_event(Arc::clone(stop));
    Ok(())
}
