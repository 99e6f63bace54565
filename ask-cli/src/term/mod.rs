//! The binary's wiring of the terminal loop (`ask_host::term::run`, feature `terminal`):
//! colours from `--color`, the inline height flag, the question-waiting notification
//! (escape sequences and command channels, `crate::notify`) and the test hooks of debug
//! builds.

mod viewport;

use std::io::{self, Write};
#[cfg(debug_assertions)]
use std::time::{Duration, Instant};

pub(crate) use ask_host::term::{Ended, Layout, Signals, TermOut, Tty, open_lines};
use ask_host::term::{RunOptions, TermHost};
use ask_host::{Session, render::theme::Theme};
use ask_keymap::Key;
pub(crate) use viewport::{InlineHeight, parse_inline_height};

/// What this front end carries out: every host feature (inline band, accessible mode,
/// peek, notifications, `@` completion, Shift+Enter where the terminal sends it).
pub(crate) const FEATURES: ask_host::state::HostFeatures = ask_host::state::HostFeatures::all();

/// Runs the flow on the terminal (`ask_host::term::run`) until it finishes, the settings
/// overlay of `ask settings` closes, or a signal arrives (`signals`, installed by the
/// caller as soon as the payload was valid). With `host_peek` (`--host-peek`), the peek
/// key hands the terminal to the program that started `ask`.
pub(crate) fn run_ui(
    session: &mut Session,
    tty: Tty,
    color: bool,
    layout: Layout,
    host_peek: bool,
    signals: &Signals,
) -> io::Result<Ended> {
    startup_pause_for_tests(signals);
    // The decision is made by the caller (`--color always` wins over NO_COLOR); the
    // codes come from ask-render's theme, the same map every host can use.
    let theme = if color {
        Theme::default()
    } else {
        Theme::plain()
    };
    let options = RunOptions {
        layout,
        theme,
        host_peek,
    };
    let mut host = Host {
        panic_key: panic_key_for_tests(),
    };
    ask_host::term::run(session, tty, &options, signals, &mut host)
}

/// The binary's side of the loop: notifications and the panic key of debug builds.
struct Host {
    panic_key: Option<Key>,
}

impl TermHost for Host {
    fn notify(
        &mut self,
        mut out: &mut dyn Write,
        settings: &ask_settings::schema::Notifications,
        note: &ask_render::notification::Notification,
    ) {
        crate::notify::deliver(&mut out, settings, note);
    }

    fn key(&mut self, key: Key) {
        assert!(
            Some(key) != self.panic_key,
            "ASK_TEST_PANIC_KEY {key} pressed"
        );
    }
}

/// Test hook (debug builds only, which the end-to-end tests run): `ASK_TEST_PANIC_KEY=<key
/// id>` panics when that key arrives, so the tests can check that the panic hook restores
/// the terminal. A release build has no such hook: no environment makes it panic.
#[cfg(debug_assertions)]
fn panic_key_for_tests() -> Option<Key> {
    std::env::var("ASK_TEST_PANIC_KEY")
        .ok()
        .and_then(|k| k.parse().ok())
}

/// A release build has no panic key.
#[cfg(not(debug_assertions))]
fn panic_key_for_tests() -> Option<Key> {
    None
}

/// A release build never pauses (see the debug build's hook).
#[cfg(not(debug_assertions))]
fn startup_pause_for_tests(_signals: &Signals) {}

/// Test hook (debug builds only, which the end-to-end tests run):
/// `ASK_TEST_STARTUP_PAUSE_MS=<ms>` waits that long (or until a signal arrives) after the
/// payload is valid and before the terminal is set up, and says so on stderr, so the tests
/// can send a signal during start-up.
#[cfg(debug_assertions)]
fn startup_pause_for_tests(signals: &Signals) {
    let Some(pause) = std::env::var("ASK_TEST_STARTUP_PAUSE_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map(Duration::from_millis)
    else {
        return;
    };
    eprintln!("ask: test start-up pause");
    let start = Instant::now();
    while start.elapsed() < pause && signals.terminated().is_none() {
        std::thread::sleep(Duration::from_millis(10));
    }
}
