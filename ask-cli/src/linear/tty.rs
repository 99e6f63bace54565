//! The linear mode on the controlling terminal: cooked-mode lines in, plain
//! lines out. The terminal's modes are never changed, so there is nothing to
//! restore; a signal or the end of input ends the flow as cancelled with the
//! answers given so far.

use std::io::{self, BufRead, BufReader, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use ask_contract::{AskForm, AskResult};

use super::{Linear, Step};

/// Asks `form` line by line on `input`/`output` until the user submits,
/// elaborates or cancels, input ends, or a terminating signal arrives.
pub(crate) fn run(
    form: AskForm,
    input: impl io::Read + Send + 'static,
    mut output: impl Write,
) -> io::Result<AskResult> {
    let stop = Arc::new(AtomicBool::new(false));
    register_signals(&stop)?;
    let mut flow = Linear::new(form);
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
            // End of input (Ctrl+D, a closed terminal) or a read error.
            Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                writeln!(output, "\nCancelled.")?;
                return Ok(flow.cancelled());
            }
        };
        match flow.line(&line) {
            Step::Ask(text) => write!(output, "{text}{}", flow.prompt())?,
            Step::Done(text, result) => {
                write!(output, "{text}")?;
                output.flush()?;
                return Ok(*result);
            }
        }
        output.flush()?;
    }
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
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2] {
        signal_hook::flag::register(signal, Arc::clone(stop))?;
    }
    Ok(())
}

#[cfg(windows)]
#[allow(clippy::unnecessary_wraps)] // the Unix variant's signature
fn register_signals(stop: &Arc<AtomicBool>) -> io::Result<()> {
    crate::signals::stop_on_console_event(Arc::clone(stop));
    Ok(())
}
