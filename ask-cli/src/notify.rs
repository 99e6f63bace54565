//! Delivering the "question waiting" notification: escape sequences to the terminal, and
//! command channels run with `sh -c` on a background thread with a 5 s timeout. The text
//! reaches commands only through `ASK_NOTIFY_*` environment variables. Failures are
//! ignored: a notification never affects the flow.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use ask_keymap::{Channel, Notifications};
use ask_render::{BEL, Notification, osc9, osc777};

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

fn run_command(command: &str, n: &Notification) {
    let mut sh = Command::new("sh");
    // The browser form's link, when `--web` serves one.
    if let Some(link) = crate::remote::link() {
        sh.env("ASK_NOTIFY_URL", link);
    }
    let Ok(mut child) = sh
        .arg("-c")
        .arg(command)
        .env("ASK_NOTIFY_EVENT", n.event)
        .env("ASK_NOTIFY_TITLE", &n.title)
        .env("ASK_NOTIFY_MESSAGE", &n.message)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
    else {
        return;
    };
    let started = Instant::now();
    while started.elapsed() < COMMAND_TIMEOUT {
        match child.try_wait() {
            Ok(Some(_)) | Err(_) => return,
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}
