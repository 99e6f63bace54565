//! The launcher (a terminal command that shows `ask run` somewhere else: a new window, a
//! floating pane, an overlay) and the controlling terminal.

use std::time::Duration;

use super::child::{self, Ended};
use super::{BoxFuture, Call, Presented, Presenter, RunCommand};

/// How often a detached form is looked for while the person answers it.
const DETACHED_POLL: Duration = Duration::from_millis(250);

/// How long a launcher that returned at once has for its form to start.
const START_GRACE: Duration = Duration::from_secs(10);

/// Runs `CMD ask run ...`: the launcher command from `--launch` or the setting
/// `mcp.launch`, with the form's `ask run` argv appended (passed to `sh -c` as
/// positional parameters, never pasted into the command string).
#[derive(Debug, Clone)]
pub(crate) struct LaunchPresenter {
    /// The launcher command line, such as `tmux new-window` or `kitty @ launch --type=overlay`.
    pub launch: String,
    /// The `ask run` to launch.
    pub run: RunCommand,
}

impl Presenter for LaunchPresenter {
    fn name(&self) -> &'static str {
        "launch"
    }

    fn present<'a>(&'a self, call: &'a Call) -> BoxFuture<'a, Presented> {
        Box::pin(async move {
            let mut command = tokio::process::Command::new("sh");
            command
                .arg("-c")
                .arg(format!("{} \"$@\"", self.launch))
                .arg("ask-launch")
                .args(self.run.argv(&call.files, true));
            let files = &call.files;
            let terminate = |_launcher: Option<u32>| {
                for pid in child::pids_naming(files.dir()) {
                    child::signal_pid(pid);
                }
            };
            let ended = child::run(command, true, &call.cancel, terminate).await;
            match ended {
                Ended::NotStarted(err) => {
                    return Presented::Unavailable(format!(
                        "the launcher could not be started: {err}"
                    ));
                }
                Ended::Cancelled => {
                    return Presented::Done(Box::new(
                        wait_result(call, Duration::from_secs(3)).await,
                    ));
                }
                Ended::Exited { success } => {
                    if !child::has_result(files) && !success && !form_running(call) {
                        return Presented::Unavailable(format!(
                            "the launcher {:?} failed and no form is running",
                            self.launch
                        ));
                    }
                }
            }
            // The launcher may have returned while the form runs elsewhere (a new window):
            // wait for the form to show up, then for it to end.
            let launched = tokio::time::Instant::now();
            let mut seen = false;
            loop {
                if child::has_result(files) {
                    break;
                }
                if form_running(call) {
                    seen = true;
                } else if seen || launched.elapsed() > START_GRACE {
                    break;
                }
                tokio::select! {
                    () = tokio::time::sleep(DETACHED_POLL) => {}
                    () = call.cancel.cancelled() => {
                        terminate(None);
                        return Presented::Done(Box::new(wait_result(call, Duration::from_secs(3)).await));
                    }
                }
            }
            Presented::Done(Box::new(child::collect(files, &call.form)))
        })
    }
}

/// Whether the form's `ask run` is still running somewhere. Where processes cannot be
/// listed (no `/proc`), a form without a result is taken to be running.
fn form_running(call: &Call) -> bool {
    if std::path::Path::new("/proc/self").exists() {
        !child::pids_naming(call.files.dir()).is_empty()
    } else {
        true
    }
}

/// Waits up to `grace` for the result of a form that was asked to end.
async fn wait_result(call: &Call, grace: Duration) -> ask_contract::result::AskResult {
    let deadline = tokio::time::Instant::now() + grace;
    while !child::has_result(&call.files) && tokio::time::Instant::now() < deadline {
        if !form_running(call) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    child::collect(&call.files, &call.form)
}

/// The form on the controlling terminal (`/dev/tty`), only with `--ui tty`: for a
/// harness that hands its terminal over, or a plain script.
#[derive(Debug, Clone)]
pub(crate) struct TtyPresenter {
    /// The `ask run` to start.
    pub run: RunCommand,
}

impl Presenter for TtyPresenter {
    fn name(&self) -> &'static str {
        "tty"
    }

    fn present<'a>(&'a self, call: &'a Call) -> BoxFuture<'a, Presented> {
        Box::pin(async move {
            let argv = self.run.argv(&call.files, false);
            let mut command = tokio::process::Command::new(&argv[0]);
            command.args(&argv[1..]);
            // The same process group, so the form stays in the terminal's foreground.
            let ended = child::run(command, false, &call.cancel, |pid| {
                child::signal(pid, false);
            })
            .await;
            match ended {
                Ended::NotStarted(err) => {
                    Presented::Unavailable(format!("ask run could not be started: {err}"))
                }
                Ended::Exited { .. } | Ended::Cancelled => {
                    Presented::Done(Box::new(child::collect(&call.files, &call.form)))
                }
            }
        })
    }
}
