//! Delivering the "question waiting" notification: escape sequences to the terminal, and
//! command channels run with `sh -c` on a background thread, in a process group of their
//! own that is killed after 5 s or when `ask` exits. The text
//! reaches commands only through `ASK_NOTIFY_*` environment variables. Failures are
//! ignored: a notification never affects the flow.

use std::io::Write;
use std::process::Stdio;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use ask_render::notification::{BEL, Notification, osc9, osc777};
use ask_settings::schema::{Channel, Notifications};

/// How long a command channel may run before it is killed.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(5);

/// Sends `n` on every channel of `settings` (nothing when disabled). Escape sequences go to
/// `tty`; commands start on their own threads and this returns at once.
pub(crate) fn deliver(tty: &mut impl Write, settings: &Notifications, n: &Notification) {
    if !settings.enabled {
        return;
    }
    for channel in &settings.channels {
        let bytes = match channel {
            Channel::Bell => BEL.to_owned(),
            Channel::Osc9 => osc9(n),
            Channel::Osc777 => osc777(n),
            Channel::Command(command) => {
                spawn_command(command.clone(), n.clone());
                continue;
            }
            _ => continue,
        };
        let _ = tty.write_all(bytes.as_bytes());
    }
    let _ = tty.flush();
}

fn spawn_command(command: String, n: Notification) {
    let _ = std::thread::Builder::new()
        .name("ask-notify".to_owned())
        .spawn(move || run_command(&command, &n));
}

/// The notification commands still running (their process ids, which are also their
/// process groups'), so [`stop_commands`] can end them when `ask` exits.
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn running() -> std::sync::MutexGuard<'static, Vec<u32>> {
    RUNNING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Runs `command` in a process group of its own; after [`COMMAND_TIMEOUT`] the whole
/// group is killed (the shell and whatever it started).
fn run_command(command: &str, n: &Notification) {
    // `sh -c` everywhere (the documented channel); on Unix in a process group of its own.
    #[cfg(unix)]
    let mut cmd = crate::process::shell(command);
    #[cfg(not(unix))]
    let mut cmd = {
        let mut cmd = std::process::Command::new("sh");
        cmd.arg("-c").arg(command);
        cmd
    };
    // The browser form's link, when `--web` serves one.
    if let Some(link) = crate::remote::link() {
        cmd.env("ASK_NOTIFY_URL", link);
    }
    cmd.env("ASK_NOTIFY_EVENT", n.event)
        .env("ASK_NOTIFY_TITLE", &n.title)
        .env("ASK_NOTIFY_MESSAGE", &n.message)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let mut list = running();
    let Ok(mut child) = cmd.spawn() else {
        return;
    };
    list.push(child.id());
    drop(list);
    let started = Instant::now();
    while started.elapsed() < COMMAND_TIMEOUT {
        // Reaped under the lock: `stop_commands` never signals a group id that the
        // system may already have given to someone else.
        let mut list = running();
        match child.try_wait() {
            Ok(Some(_)) | Err(_) => {
                list.retain(|id| *id != child.id());
                return;
            }
            Ok(None) => {}
        }
        drop(list);
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut list = running();
    list.retain(|id| *id != child.id());
    crate::process::kill_tree(&mut child);
}

/// Kills the process groups of the notification commands still running: `ask` is
/// exiting, and nothing it started for a notification outlives it.
pub(crate) fn stop_commands() {
    for id in running().drain(..) {
        crate::process::kill_group(id);
    }
}
