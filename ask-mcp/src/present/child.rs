//! Running the process that shows a form, and ending it when the call is cancelled.

use std::process::Stdio;
use std::time::Duration;

use ask_contract::{AskForm, result::AskResult};
use tokio_util::sync::CancellationToken;

use super::files::FormFiles;
use crate::outcome::{cancelled_result, read_result};

/// How long a form has to write its cancelled result after SIGTERM before it is killed.
const TERM_GRACE: Duration = Duration::from_secs(3);

/// How a presenting process ended.
#[derive(Debug)]
pub(crate) enum Ended {
    /// It exited; `success` is its exit status.
    Exited {
        /// Whether the exit status was 0.
        success: bool,
    },
    /// The call was cancelled and the form was asked to end.
    Cancelled,
    /// It could not be started.
    NotStarted(std::io::Error),
}

/// Starts `command` (its own process group when `own_group`; killed when dropped) and
/// waits for it, or for `cancel`; on cancel `terminate` ends the form (it may signal
/// processes outside this one, such as the `ask run` inside a tmux popup), then the
/// process gets SIGTERM, and SIGKILL after a grace period.
pub(crate) async fn run(
    mut command: tokio::process::Command,
    own_group: bool,
    cancel: &CancellationToken,
    terminate: impl Fn(Option<u32>),
) -> Ended {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true);
    #[cfg(unix)]
    if own_group {
        command.process_group(0);
    }
    #[cfg(not(unix))]
    let _ = own_group;
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(err) => return Ended::NotStarted(err),
    };
    tokio::select! {
        status = child.wait() => Ended::Exited { success: status.is_ok_and(|s| s.success()) },
        () = cancel.cancelled() => {
            terminate(child.id());
            if tokio::time::timeout(TERM_GRACE, child.wait()).await.is_err() {
                signal(child.id(), own_group);
                if tokio::time::timeout(TERM_GRACE, child.wait()).await.is_err() {
                    let _ = child.kill().await;
                }
            }
            Ended::Cancelled
        }
    }
}

/// SIGTERM to a process (or its group): it writes its result and exits.
pub(crate) fn signal(pid: Option<u32>, group: bool) {
    #[cfg(unix)]
    if let Some(pid) = pid
        .and_then(|p| i32::try_from(p).ok())
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = if group {
            rustix::process::kill_process_group(pid, rustix::process::Signal::TERM)
        } else {
            rustix::process::kill_process(pid, rustix::process::Signal::TERM)
        };
    }
    #[cfg(not(unix))]
    let _ = (pid, group);
}

/// SIGTERM to a process by its id, as read from a pid file.
pub(crate) fn signal_pid(pid: i32) {
    if let Ok(pid) = u32::try_from(pid) {
        signal(Some(pid), false);
    }
}

/// The result the form wrote, or the cancelled result when it wrote none (or one that
/// does not belong to this form).
pub(crate) fn collect(files: &FormFiles, form: &AskForm) -> AskResult {
    std::fs::read_to_string(&files.output)
        .ok()
        .and_then(|text| read_result(&text, form))
        .unwrap_or_else(|| cancelled_result(form))
}

/// Whether a result file is there yet.
pub(crate) fn has_result(files: &FormFiles) -> bool {
    files.output.is_file()
}

/// The ids of running processes whose command line names `needle` (Linux: `/proc`).
/// Launchers that start the form elsewhere and return (a new terminal window) leave
/// no child to wait for; this finds the form's `ask run` by its private folder.
pub(crate) fn pids_naming(needle: &std::path::Path) -> Vec<i32> {
    let Some(needle) = needle.to_str() else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<i32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|cmd| String::from_utf8_lossy(&cmd).contains(needle))
        })
        .filter(|pid| *pid != i32::try_from(std::process::id()).unwrap_or(-1))
        .collect()
}
