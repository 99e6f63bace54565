//! What the Unix (`completer.rs`) and Windows (`completer_windows.rs`) completer runners
//! share: the request framing (the request as JSON on the completer's stdin, written on a
//! thread), the limits of the wait loop, and how a run's end becomes a [`Completion`] (the
//! reply, or why there is none). How the process is started, its pipes read and its tree
//! killed differs per platform and stays in those files.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{ChildStdin, ExitStatus};
use std::time::{Duration, Instant};

use ask_extract::ModelRequest;

use ask_host::term::Signals;

/// The most of a completer's stdout (or stderr) that is kept; the rest is
/// read and dropped so a runaway completer cannot fill memory.
pub(super) const MAX_OUTPUT: usize = 4 * 1024 * 1024;

/// How long the wait loop blocks on the output pipes before it looks at the
/// exit status, the clock and signals again.
pub(super) const POLL: Duration = Duration::from_millis(20);

/// How often the exit status is polled once the output pipes closed (a
/// process usually exits right after closing them).
pub(super) const EXIT_POLL: Duration = Duration::from_millis(5);

/// How one completer run went.
#[derive(Debug)]
pub(crate) enum Completion {
    /// It exited 0; its stdout.
    Reply(String),
    /// It timed out, failed or could not start; why, for the user.
    Failed(String),
    /// A terminating signal arrived while it ran (it was killed).
    Interrupted(i32),
}

/// Sends the request as JSON on the completer's stdin. A completer that never
/// reads stdin must not block us: the write happens on a thread, and a closed
/// pipe is ignored.
pub(super) fn send_request(stdin: Option<ChildStdin>, request: &ModelRequest) {
    let input = serde_json::to_vec(request).unwrap_or_default();
    if let Some(mut pipe) = stdin {
        std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
    }
}

/// Why the wait loop must stop now, if it must: a termination request arrived, or
/// the deadline passed. The caller kills what it started, then returns this.
pub(super) fn stop_reason(
    signals: &Signals,
    deadline: Instant,
    timeout: Duration,
) -> Option<Completion> {
    if let Some(signal) = signals.terminated() {
        return Some(Completion::Interrupted(signal));
    }
    (Instant::now() >= deadline).then(|| {
        Completion::Failed(format!(
            "timed out after {} ms (answer.extractionTimeoutMs) and was killed",
            timeout.as_millis()
        ))
    })
}

/// The end of a run that exited: its stdout on success; otherwise its status and
/// the last non-blank line of its stderr (cut and made printable).
pub(super) fn finish(status: ExitStatus, out: &[u8], err: &[u8]) -> Completion {
    let out = String::from_utf8_lossy(out).into_owned();
    if status.success() {
        return Completion::Reply(out);
    }
    let mut why = match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("was ended by a signal ({status})"),
    };
    let err = String::from_utf8_lossy(err);
    if let Some(line) = err.lines().rev().find(|l| !l.trim().is_empty()) {
        let _ = write!(why, " ({})", printable(line.trim(), 200));
    }
    Completion::Failed(why)
}

/// `text` cut to `max` characters with control characters replaced, for a
/// message on the terminal.
fn printable(text: &str, max: usize) -> String {
    let mut out: String = text
        .chars()
        .take(max)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().count() > max {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_cuts_long_lines_and_hides_control_characters() {
        assert_eq!(printable("a\u{1b}[31mb", 200), "a?[31mb");
        assert_eq!(printable("abcdef", 3), "abc…");
        assert_eq!(printable("abc", 3), "abc");
    }

    #[test]
    fn the_wait_goes_on_until_the_deadline_then_says_it_timed_out() {
        let far = Instant::now() + Duration::from_secs(60);
        assert!(stop_reason(&Signals::none(), far, Duration::from_secs(60)).is_none());
        let past = Instant::now();
        let Some(Completion::Failed(why)) =
            stop_reason(&Signals::none(), past, Duration::from_millis(1500))
        else {
            panic!("the deadline passed");
        };
        assert_eq!(
            why,
            "timed out after 1500 ms (answer.extractionTimeoutMs) and was killed"
        );
    }
}
