//! The linear mode on the controlling terminal: cooked-mode lines in, plain
//! lines out. The terminal's modes are never changed, so there is nothing to
//! restore; a signal or the end of input ends the flow as cancelled with the
//! answers given so far, and so does a terminal that cannot be written any more. With
//! `--draft FILE` the answers are saved after every line; the caller deletes the file
//! once the result of a submit, elaborate or cancel is written.

use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
#[cfg(windows)]
use std::time::Duration;

use ask_contract::result::AskResult;
use ask_host::i18n::Msg as Text;
use ask_state::snapshot::FlowSnapshot;

use super::{Linear, Step};

/// `--draft FILE [--resume]`.
pub(crate) struct DraftArgs {
    /// The draft file (the same format as the full form's).
    pub(crate) path: PathBuf,
    /// Restore it first when it fits the form.
    pub(crate) resume: bool,
}

/// How a linear form ended.
pub(crate) struct Ended {
    /// The result to write.
    pub(crate) result: AskResult,
    /// The draft kept, for the caller to delete once the result is stored.
    pub(crate) draft: Option<ask_host::draft::DraftFile>,
    /// The user submitted, elaborated or cancelled (else: a signal, end of input, or a
    /// terminal that could not be written any more, which keep the draft).
    pub(crate) by_user: bool,
}

impl Ended {
    /// The draft's path, while one is kept.
    pub(crate) fn draft_path(&self) -> Option<&std::path::Path> {
        self.draft.as_ref().map(ask_host::draft::DraftFile::path)
    }
}

/// Asks `form` line by line on `input`/`output` until the user submits,
/// elaborates or cancels, input ends, or a terminating signal arrives. A write to
/// `output` that fails (a closed terminal: EIO, EPIPE) is a hang-up: the cancelled
/// result with the answers given so far.
pub(crate) fn run(
    mut flow: Linear,
    draft: Option<DraftArgs>,
    input: impl io::Read + Send + 'static,
    mut output: impl Write,
) -> Ended {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let signals = register_signals(&stop, tx.clone());
    let mut saver = draft.and_then(|d| open_draft(d, &mut flow, &mut output));
    if let Err(err) = signals {
        // Not fatal: the form still works, and Ctrl+D still ends it with a result.
        let said = flow
            .locale
            .format(Text::LinearNoSignals, &[("error", &err)]);
        let _ = writeln!(output, "{said}");
    }
    spawn_reader(input, tx);
    let ended = converse(&mut flow, &mut saver, &stop, &rx, &mut output);
    let by_user = ended.is_some();
    let result = ended.unwrap_or_else(|| flow.cancelled());
    Ended {
        result,
        draft: saver.map(|s| s.file),
        by_user,
    }
}

/// Takes the draft path (saying why not when it cannot be one) and restores it when asked.
fn open_draft(d: DraftArgs, flow: &mut Linear, output: &mut impl Write) -> Option<Saver> {
    let file = match ask_host::draft::DraftFile::open(d.path) {
        Ok(file) => file,
        Err(why) => {
            let _ = writeln!(output, "{}", ask_render::text::sanitize(&why));
            return None;
        }
    };
    if d.resume {
        let locale = flow.locale;
        let said = match restore(flow, file.path()) {
            Ok(dropped) if dropped.is_empty() => locale.text(Text::LinearDraftBack).to_owned(),
            Ok(dropped) => locale.format(
                Text::LinearDraftBackWithout,
                &[("dropped", &dropped.join("; "))],
            ),
            Err(why) => locale.format(
                Text::LinearDraftNotRestored,
                &[("path", &file.path().display()), ("why", &why)],
            ),
        };
        let _ = writeln!(output, "{}", ask_render::text::sanitize(&said));
    }
    Some(Saver { file, last: None })
}

/// The conversation: `Some(result)` when the user ended it, `None` for a signal, the end
/// of input or a terminal that cannot be written (the caller writes the cancelled result).
fn converse(
    flow: &mut Linear,
    saver: &mut Option<Saver>,
    stop: &AtomicBool,
    messages: &mpsc::Receiver<Msg>,
    output: &mut impl Write,
) -> Option<AskResult> {
    save(saver, flow, output);
    write!(output, "{}{}", flow.start(), flow.prompt())
        .and_then(|()| output.flush())
        .ok()?;
    loop {
        let line = match next(messages, stop) {
            Msg::Line(Ok(line)) if !stop.load(Ordering::SeqCst) => line,
            // A signal, the end of input (Ctrl+D, a closed terminal) or a read error: the
            // draft stays. A goodbye that cannot be written changes nothing.
            _ => {
                let _ = writeln!(output, "\n{}", flow.locale.text(Text::LinearCancelled));
                return None;
            }
        };
        match flow.line(&line) {
            Step::Ask(text) => {
                // Saved before the reply shows: what the user sees next is on disk.
                save(saver, flow, output);
                write!(output, "{text}{}", flow.prompt()).ok()?;
            }
            Step::Done(text, result) => {
                // The final answers stay on disk until the result is written.
                save(saver, flow, output);
                let _ = write!(output, "{text}").and_then(|()| output.flush());
                let mut result = *result;
                result.details.answered_via = Some(ask_contract::result::AnsweredVia::Terminal);
                return Some(result);
            }
        }
        output.flush().ok()?;
    }
}

/// The draft file being kept, and what it holds.
struct Saver {
    file: ask_host::draft::DraftFile,
    last: Option<Vec<u8>>,
}

/// Writes the draft atomically when it changed. A failure is said once, then
/// no more drafts are kept (the form itself goes on).
fn save(saver: &mut Option<Saver>, flow: &Linear, output: &mut impl Write) {
    let Some(s) = saver.as_mut() else {
        return;
    };
    let Ok(bytes) = serde_json::to_vec(&flow.snapshot()) else {
        return;
    };
    if s.last.as_ref() == Some(&bytes) {
        return;
    }
    // Refused when something that is not a draft took the path since.
    match s.file.write(&bytes) {
        Ok(()) => s.last = Some(bytes),
        Err(err) => {
            let _ = writeln!(output, "{}", ask_render::text::sanitize(&err));
            *saver = None;
        }
    }
}

/// Reads a draft (a regular file of at most [`ask_host::draft::MAX_DRAFT_BYTES`], opened without
/// blocking) and restores it into `flow`; `Ok` lists what was dropped, `Err` says why not.
fn restore(flow: &mut Linear, path: &std::path::Path) -> Result<Vec<String>, String> {
    let text = match ask_settings::fs::read_regular_file(path, ask_host::draft::MAX_DRAFT_BYTES) {
        Ok(Some(text)) => text,
        Ok(None) => return Err("there is no file there".to_owned()),
        Err(ask_settings::SettingsError::FileTooLarge { limit, .. }) => {
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

/// What the conversation waits for: a line (or the end of input), or a signal.
enum Msg {
    Line(io::Result<String>),
    Stop,
}

/// The next message. On Unix a signal sends [`Msg::Stop`] (a thread waits on the signal
/// pipe), so this blocks without waking up until something happens.
#[cfg(unix)]
fn next(messages: &mpsc::Receiver<Msg>, _stop: &AtomicBool) -> Msg {
    messages.recv().unwrap_or(Msg::Stop)
}

/// Elsewhere the stop flag is looked at every 50 ms.
#[cfg(windows)]
fn next(messages: &mpsc::Receiver<Msg>, stop: &AtomicBool) -> Msg {
    loop {
        if stop.load(Ordering::SeqCst) {
            return Msg::Stop;
        }
        match messages.recv_timeout(Duration::from_millis(50)) {
            Ok(msg) => return msg,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return Msg::Stop,
        }
    }
}

/// Lines from `input` on a thread, so signals are noticed while it blocks.
fn spawn_reader(input: impl io::Read + Send + 'static, tx: mpsc::Sender<Msg>) {
    std::thread::spawn(move || {
        let mut reader = BufReader::new(input);
        loop {
            let mut line = String::new();
            let read = reader.read_line(&mut line);
            let end = matches!(read, Ok(0) | Err(_));
            let item = read.map(|_| line.trim_end_matches(['\n', '\r']).to_owned());
            if end {
                let item = item.and_then(|_| Err(io::ErrorKind::UnexpectedEof.into()));
                let _ = tx.send(Msg::Line(item));
                return;
            }
            if tx.send(Msg::Line(item)).is_err() {
                return;
            }
        }
    });
}

#[cfg(unix)]
fn register_signals(stop: &Arc<AtomicBool>, tx: mpsc::Sender<Msg>) -> io::Result<()> {
    use std::io::Read as _;
    use std::os::unix::net::UnixStream;

    use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2};
    let signals = [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2];
    let (mut wake, woken) = UnixStream::pair()?;
    for signal in signals {
        signal_hook::flag::register(signal, Arc::clone(stop))?;
        signal_hook::low_level::pipe::register(signal, woken.try_clone()?)?;
    }
    // A thread asleep on the signal pipe: the conversation waits without waking up.
    std::thread::spawn(move || {
        let mut byte = [0u8; 1];
        let _ = wake.read(&mut byte);
        let _ = tx.send(Msg::Stop);
    });
    // Until the result is written (`crate::signals::hand_back`).
    crate::signals::take_over(&signals);
    Ok(())
}

#[cfg(windows)]
#[allow(clippy::unnecessary_wraps)] // the Unix variant's signature
fn register_signals(stop: &Arc<AtomicBool>, _tx: mpsc::Sender<Msg>) -> io::Result<()> {
    crate::signals::stop_on_console_event(Arc::clone(stop));
    Ok(())
}
