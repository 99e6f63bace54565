//! `ask answer`: the whole `/answer` flow for hosts other than pi. The
//! extraction step loop of `ask-extract` runs with a completer command as the
//! model; the form it yields is then answered exactly as `ask run` would
//! (UI, `--script`, `--answers` or `--no-ui`).

use std::fmt::Write as _;
use std::time::Duration;

use ask_contract::result::{AskDetails, AskResult};
use ask_extract::{ExtractStatus, extract_status};

use crate::cli::AnswerArgs;
use crate::cmd::completer::complete;
use crate::cmd::completion::Completion;
use crate::cmd::extract::{open_session, session_error};
use crate::cmd::run::{FormRunner, finish};
use crate::config;
use crate::exit::{CliError, CliResult, Exit};
use ask_host::term::Signals;

/// Runs extraction with `--completer`, then answers the extracted form.
pub(crate) fn answer(args: &AnswerArgs) -> CliResult {
    // Check the flags before spending model calls.
    let runner = FormRunner::new(
        &args.ui,
        &args.flow,
        &[("--session", Some(args.session.session.as_path()))],
    )?;
    let session = open_session(&args.session)?;
    // Only read here: the UI (if it opens) loads the settings again and may repair them.
    let loaded = config::load_read_only(args.ui.config.as_deref());
    if let Some(notice) = loaded.notice_line() {
        crate::exit::warn(&notice);
    }
    let settings = loaded.config().answer.clone();
    let timeout = Duration::from_millis(settings.extraction_timeout_ms);
    let attempts = usize::from(settings.extraction_retries) + 1;
    // SIGINT, SIGTERM and SIGHUP (console control events on Windows) while the completer
    // runs: recorded, so its process tree is killed before `ask` ends as the signal asks.
    let signals = Signals::terminating();
    let leaf = args.session.leaf.as_deref();
    let mut responses: Vec<String> = Vec::new();
    let mut problems: Vec<String> = Vec::new();
    loop {
        let status = extract_status(&session, leaf, &responses, settings.extraction_retries);
        if let Some(signal) = signals.terminated() {
            // A signal while a reply was checked: end as the form would have, whatever
            // the check found (it is linear in the reply, so this is soon).
            signals.unregister();
            crate::exit::warn(&format!(
                "interrupted by signal {signal} while the reply was checked; \
                 the cancelled result was written"
            ));
            let cancelled = AskResult::from_details(AskDetails::default().with_cancelled(true));
            return finish(&args.ui, &cancelled);
        }
        match status {
            ExtractStatus::Request { request, .. } if responses.len() < attempts => {
                let reply = match complete(&args.completer, &request, timeout, &signals) {
                    Completion::Reply(reply) => reply,
                    Completion::Failed(why) => {
                        let what = format!("attempt {} of {attempts} {why}", request.attempt);
                        crate::exit::warn(&format!(
                            "completer {what}; counting it as an empty reply"
                        ));
                        problems.push(what);
                        String::new()
                    }
                    Completion::Interrupted(signal) => {
                        // Ended like a cancelled form: the cancelled result, exit 1.
                        signals.unregister();
                        crate::exit::warn(&format!(
                            "interrupted by signal {signal} while waiting for the completer; \
                             the completer was stopped and the cancelled result written"
                        ));
                        let cancelled =
                            AskResult::from_details(AskDetails::default().with_cancelled(true));
                        return finish(&args.ui, &cancelled);
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
                if let Some(signal) = signals.terminated() {
                    // A signal during extraction: end as the form would have.
                    crate::exit::warn(&format!(
                        "interrupted by signal {signal} before the form opened; \
                         the cancelled result was written"
                    ));
                    let cancelled =
                        AskResult::from_details(AskDetails::default().with_cancelled(true));
                    return finish(&args.ui, &cancelled);
                }
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
            // A step of a newer ask-extract that this build does not know: nothing to act on.
            _ => {
                return Err(nothing(
                    "extraction ended in a step this build does not know".into(),
                ));
            }
        }
    }
}

/// Exit 4 with `message`.
fn nothing(message: String) -> CliError {
    CliError::new(Exit::NothingFound, message)
}
