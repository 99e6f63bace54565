//! Running the `--completer` command of `ask answer` once: the request on its
//! stdin, the reply from its stdout, within the extraction timeout, and
//! interrupted by SIGINT, SIGTERM or SIGHUP.

use std::fs::File;
use std::io::Read;
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ask_extract::ModelRequest;
use rustix::event::{PollFd, PollFlags, Timespec};
use rustix::fs::OFlags;

use super::completion::{
    Completion, EXIT_POLL, MAX_OUTPUT, POLL, finish, send_request, stop_reason,
};
use ask_host::term::Signals;

/// Runs the completer once under `sh -c`: the request as JSON on stdin, the
/// model's reply on stdout. It gets its own process group, so on timeout (or
/// a signal to `ask`) everything it started is killed with it.
///
/// The reply is what the completer wrote before it exited: once it has exited,
/// whatever is left in its pipes is read without waiting, so a descendant that
/// escaped the group (`setsid`) and still holds stdout cannot hold the reply
/// back. The completer's group is killed afterwards.
pub(crate) fn complete(
    command: &str,
    request: &ModelRequest,
    timeout: Duration,
    signals: &Signals,
) -> Completion {
    let deadline = Instant::now() + timeout;
    let mut child = match Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
    {
        Ok(child) => child,
        Err(err) => return Completion::Failed(format!("could not start (sh -c): {err}")),
    };
    send_request(child.stdin.take(), request);
    let mut out = Drain::new(child.stdout.take());
    let mut err = Drain::new(child.stderr.take());
    let status = loop {
        if let Some(end) = stop_reason(signals, deadline, timeout) {
            kill_group(&mut child);
            return end;
        }
        match child.try_wait() {
            Ok(Some(status)) => {
                // Everything it wrote is in the pipes now: take it, stop waiting.
                out.read_available();
                err.read_available();
                kill_group(&mut child);
                break status;
            }
            Ok(None) => {}
            Err(e) => {
                kill_group(&mut child);
                return Completion::Failed(format!("could not be waited for: {e}"));
            }
        }
        wait_readable(&mut [&mut out, &mut err]);
    };
    finish(status, &out.bytes, &err.bytes)
}

/// One of the completer's output pipes, read without blocking; keeps at most
/// [`MAX_OUTPUT`] bytes and drops the rest, so a runaway completer cannot fill
/// memory.
struct Drain {
    /// `None` once the pipe reached its end (or could not be made non-blocking).
    pipe: Option<File>,
    bytes: Vec<u8>,
}

impl Drain {
    fn new(pipe: Option<impl Into<OwnedFd>>) -> Self {
        let pipe = pipe.map(|p| File::from(p.into())).filter(|p| {
            rustix::fs::fcntl_getfl(p)
                .and_then(|flags| rustix::fs::fcntl_setfl(p, flags | OFlags::NONBLOCK))
                .is_ok()
        });
        Self {
            pipe,
            bytes: Vec::new(),
        }
    }

    /// Reads what the pipe holds now, without waiting for more.
    fn read_available(&mut self) {
        let Some(pipe) = self.pipe.as_mut() else {
            return;
        };
        let mut chunk = [0u8; 16 * 1024];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) => {
                    self.pipe = None;
                    return;
                }
                Ok(n) => {
                    let room = MAX_OUTPUT.saturating_sub(self.bytes.len());
                    self.bytes.extend_from_slice(&chunk[..n.min(room)]);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(_) => {
                    self.pipe = None;
                    return;
                }
            }
        }
    }
}

/// Waits up to [`POLL`] for one of the open pipes to have data (or to close),
/// then reads what they hold. With every pipe closed, just sleeps
/// [`EXIT_POLL`]: a process usually exits right after closing them.
fn wait_readable(drains: &mut [&mut Drain]) {
    let ready = {
        let mut fds: Vec<PollFd<'_>> = drains
            .iter()
            .filter_map(|d| d.pipe.as_ref())
            .map(|p| PollFd::new(p, PollFlags::IN))
            .collect();
        if fds.is_empty() {
            std::thread::sleep(EXIT_POLL);
            return;
        }
        let timeout = Timespec {
            tv_sec: 0,
            tv_nsec: i64::try_from(POLL.as_nanos()).unwrap_or(20_000_000),
        };
        rustix::event::poll(&mut fds, Some(&timeout)).unwrap_or(0)
    };
    if ready > 0 {
        for drain in drains.iter_mut() {
            drain.read_available();
        }
    }
}

/// Kills the completer's whole process group (it was started as the group
/// leader), then the child itself in case `kill` is missing, and reaps it.
fn kill_group(child: &mut Child) {
    let _ = Command::new("kill")
        .args(["-s", "KILL", "--", &format!("-{}", child.id())])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let _ = child.kill();
    let _ = child.wait();
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
        let signals = Signals::none();
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

    #[test]
    fn a_reply_larger_than_a_pipe_buffer_is_read_whole() {
        let Completion::Reply(reply) = run("head -c 300000 /dev/zero | tr '\\0' a", 10_000) else {
            panic!("expected a reply");
        };
        assert_eq!(reply.len(), 300_000);
        assert!(reply.bytes().all(|b| b == b'a'));
    }

    #[test]
    fn the_reply_is_read_when_the_completer_exits_even_if_a_setsid_child_holds_stdout() {
        // Waiting for the pipe to close would run into the 3 s timeout instead.
        let Completion::Reply(reply) = run("(setsid sleep 5 &); echo done", 3_000) else {
            panic!("expected a reply, not a timeout");
        };
        assert_eq!(reply, "done\n");
    }
}
