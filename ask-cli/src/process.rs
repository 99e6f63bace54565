//! Child processes that run user-given commands (notification commands, and on Windows
//! `ask answer --completer`): started under the platform's shell, killed with
//! everything they started.

use std::process::{Child, Command, Stdio};

/// The shell a command string runs under, as shown in messages (Windows' completer).
#[cfg(windows)]
pub(crate) const SHELL: &str = if cfg!(windows) { "cmd /C" } else { "sh -c" };

/// `command` under the shell. On Unix it leads a new process group, so
/// [`kill_tree`] reaches everything it starts.
#[cfg(unix)]
pub(crate) fn shell(command: &str) -> Command {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(command).process_group(0);
    cmd
}

/// `command` under `cmd /C`.
#[cfg(windows)]
pub(crate) fn shell(command: &str) -> Command {
    let mut cmd = Command::new("cmd");
    cmd.arg("/C").arg(command);
    cmd
}

/// Kills `child` and what it started, then reaps it: the process group on Unix
/// (`kill -s KILL -- -<pid>`), the process tree on Windows (`taskkill /T /F`);
/// the child alone as well, in case those tools are missing.
pub(crate) fn kill_tree(child: &mut Child) {
    kill_group(child.id());
    let _ = child.kill();
    let _ = child.wait();
}

/// Kills the process group led by `id` (Unix), or the process tree of `id` (Windows).
pub(crate) fn kill_group(id: u32) {
    let id = id.to_string();
    let mut killer = if cfg!(windows) {
        let mut cmd = Command::new("taskkill");
        cmd.args(["/T", "/F", "/PID", &id]);
        cmd
    } else {
        let mut cmd = Command::new("kill");
        cmd.args(["-s", "KILL", "--", &format!("-{id}")]);
        cmd
    };
    let _ = killer
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}
