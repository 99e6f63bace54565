//! `ask answer`: the whole `/answer` flow for hosts other than pi. The
//! extraction step loop of `ask-extract` runs with a completer command as the
//! model; the form it yields is then answered exactly as `ask run` would
//! (UI, `--script`, `--answers` or `--no-ui`).

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ask_extract::{ExtractStatus, ModelRequest, extract_status};

use crate::cli::AnswerArgs;
use crate::cmd::extract::{open_session, session_error};
use crate::cmd::run::FormRunner;
use crate::config;
use crate::exit::{CliError, CliResult, Exit};
use crate::process::{SHELL, kill_tree, shell};
use crate::signals::{self, Interrupt, Interrupts};

/// The most of a completer's stdout (or stderr) that is kept; the rest is
/// drained and dropped so a runaway completer cannot fill memory.
const MAX_OUTPUT: u64 = 4 * 1024 * 1024;

/// How long the wait loop blocks on the output pipes before it looks at the
/// clock and at signals again.
const POLL: Duration = Duration::from_millis(20);

/// How often the exit status is polled once the output pipes closed (a
/// process usually exits right after closing them).
const EXIT_POLL: Duration = Duration::from_millis(5);

/// Runs extraction with `--completer`, then answers the extracted form.
pub(crate) fn answer(args: &AnswerArgs) -> CliResult {
    // Check the flags before spending model calls.
    let runner = FormRunner::new(&args.ui, &args.flow)?;
    let session = open_session(&args.session)?;
    let loaded = config::load(args.ui.config.as_deref());
    if let Some(notice) = loaded.notice_line() {
        eprintln!("ask: {notice}");
    }
    let settings = loaded.config().answer.clone();
    let timeout = Duration::from_millis(settings.extraction_timeout_ms);
    let attempts = usize::from(settings.extraction_retries) + 1;
    let signals = Interrupts::register();
    let leaf = args.session.leaf.as_deref();
    let mut responses: Vec<String> = Vec::new();
    let mut problems: Vec<String> = Vec::new();
    loop {
        match extract_status(&session, leaf, &responses, settings.extraction_retries) {
            ExtractStatus::Request { request, .. } if responses.len() < attempts => {
                let reply = match complete(&args.completer, &request, timeout, &signals) {
                    Completion::Reply(reply) => reply,
                    Completion::Failed(why) => {
                        let what = format!("attempt {} of {attempts} {why}", request.attempt);
                        eprintln!("ask: completer {what}; counting it as an empty reply");
                        problems.push(what);
                        String::new()
                    }
                    Completion::Interrupted(signal) => {
                        signals.unregister();
                        signals::end_by_default(signal);
                        return Err(CliError::new(
                            Exit::Cancelled,
                            "interrupted while waiting for the completer",
                        ));
                    }
                };
                responses.push(reply);
            }
            // A step function that keeps asking past the retry budget is a
            // bug; stop calling the model rather than loop.
            ExtractStatus::Request { .. } => {
                return Err(nothing(format!(
                    "extraction asked for more than {attempts} completer replies"
                )));
            }
            ExtractStatus::Form { form, .. } => {
                signals.unregister();
                return runner.run(form);
            }
            ExtractStatus::NoQuestions { assistant_entry_id } => {
                return Err(nothing(format!(
                    "no questions found: the latest assistant message (entry {assistant_entry_id:?}) \
                     asks nothing that needs an answer"
                )));
            }
            ExtractStatus::Failed { error } => {
                let mut err = session_error(&error);
                if !problems.is_empty() {
                    let _ = write!(
                        err.message,
                        "\ncompleter {:?}: {}",
                        args.completer,
                        problems.join("; ")
                    );
                }
                return Err(err);
            }
        }
    }
}

/// Exit 4 with `message`.
fn nothing(message: String) -> CliError {
    CliError::new(Exit::NothingFound, message)
}

/// How one completer run went.
#[derive(Debug)]
enum Completion {
    /// It exited 0; its stdout.
    Reply(String),
    /// It timed out, failed or could not start; why, for the user.
    Failed(String),
    /// A terminating signal arrived while it ran (it was killed).
    Interrupted(Interrupt),
}

/// Runs the completer once under the shell (`sh -c`; `cmd /C` on Windows):
/// the request as JSON on stdin, the model's reply on stdout. On timeout (or a
/// signal to `ask`) everything it started is killed with it.
fn complete(
    command: &str,
    request: &ModelRequest,
    timeout: Duration,
    signals: &Interrupts,
) -> Completion {
    let deadline = Instant::now() + timeout;
    let mut child = match shell(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(err) => return Completion::Failed(format!("could not start ({SHELL}): {err}")),
    };
    let input = serde_json::to_vec(request).unwrap_or_default();
    if let Some(mut pipe) = child.stdin.take() {
        // A completer that never reads stdin must not block us: write on a
        // thread, and ignore a closed pipe.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        });
    }
    let (tx, rx) = mpsc::channel();
    if let Some(pipe) = child.stdout.take() {
        spawn_reader(pipe, Stream::Out, tx.clone());
    }
    if let Some(pipe) = child.stderr.take() {
        spawn_reader(pipe, Stream::Err, tx);
    }
    let (mut out, mut err) = (None, None);
    // Both streams closed, then the exit status, all before the deadline.
    let status = loop {
        if let Some(signal) = signals.received() {
            kill_tree(&mut child);
            return Completion::Interrupted(signal);
        }
        if Instant::now() >= deadline {
            kill_tree(&mut child);
            return Completion::Failed(format!(
                "timed out after {} ms (answer.extractionTimeoutMs) and was killed",
                timeout.as_millis()
            ));
        }
        if out.is_none() || err.is_none() {
            match rx.recv_timeout(POLL) {
                Ok((Stream::Out, bytes)) => out = Some(bytes),
                Ok((Stream::Err, bytes)) => err = Some(bytes),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    out.get_or_insert_with(Vec::new);
                    err.get_or_insert_with(Vec::new);
                }
            }
            continue;
        }
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => std::thread::sleep(EXIT_POLL),
            Err(e) => {
                kill_tree(&mut child);
                return Completion::Failed(format!("could not be waited for: {e}"));
            }
        }
    };
    let out = String::from_utf8_lossy(&out.unwrap_or_default()).into_owned();
    if status.success() {
        return Completion::Reply(out);
    }
    let mut why = match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => format!("was ended by a signal ({status})"),
    };
    let err = String::from_utf8_lossy(&err.unwrap_or_default()).into_owned();
    if let Some(line) = err.lines().rev().find(|l| !l.trim().is_empty()) {
        let _ = write!(why, " ({})", printable(line.trim(), 200));
    }
    Completion::Failed(why)
}

/// Which pipe a reader thread drained.
#[derive(Debug, Clone, Copy)]
enum Stream {
    Out,
    Err,
}

/// Reads a pipe to its end on a thread (keeping at most [`MAX_OUTPUT`] bytes)
/// and sends what it read. Not joined: after a kill, a stray process could
/// keep the pipe open, and the loop must not wait for it.
fn spawn_reader(
    pipe: impl Read + Send + 'static,
    which: Stream,
    tx: mpsc::Sender<(Stream, Vec<u8>)>,
) {
    std::thread::spawn(move || {
        let mut pipe = pipe;
        let mut bytes = Vec::new();
        let _ = (&mut pipe).take(MAX_OUTPUT).read_to_end(&mut bytes);
        let _ = std::io::copy(&mut pipe, &mut std::io::sink());
        let _ = tx.send((which, bytes));
    });
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

    fn request() -> ModelRequest {
        ModelRequest {
            system_prompt: "sys".into(),
            user_text: "Tabs or spaces?".into(),
            attempt: 2,
        }
    }

    fn run(command: &str, timeout_ms: u64) -> Completion {
        let signals = Interrupts::none();
        complete(
            command,
            &request(),
            Duration::from_millis(timeout_ms),
            &signals,
        )
    }

    #[test]
    fn the_request_goes_to_stdin_and_stdout_is_the_reply() {
        let Completion::Reply(reply) = run("cat", 10_000) else {
            panic!("expected a reply");
        };
        let sent: serde_json::Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(
            sent,
            serde_json::json!({"systemPrompt": "sys", "userText": "Tabs or spaces?", "attempt": 2})
        );
    }

    #[test]
    fn a_failing_completer_reports_its_status_and_last_stderr_line() {
        let Completion::Failed(why) =
            run("echo partial; echo 'bad key\x1b[31m' >&2; exit 7", 10_000)
        else {
            panic!("expected a failure");
        };
        assert_eq!(why, "exited with status 7 (bad key?[31m)");
    }

    #[test]
    fn a_hanging_completer_and_its_children_are_killed_at_the_deadline() {
        let started = Instant::now();
        let Completion::Failed(why) = run("sleep 30 & sleep 30; echo late", 200) else {
            panic!("expected a timeout");
        };
        assert!(why.starts_with("timed out after 200 ms"), "{why}");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_completer_that_ignores_stdin_still_answers() {
        let Completion::Reply(reply) = run("echo '{\"questions\": []}'", 10_000) else {
            panic!("expected a reply");
        };
        assert_eq!(reply.trim(), "{\"questions\": []}");
    }
}
