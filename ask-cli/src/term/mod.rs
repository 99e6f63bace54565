//! The terminal layer: everything that touches `/dev/tty` and crossterm.
//! crossterm types never leave this module.
//!
//! On Unix the input is read from `/dev/tty` and decoded by `ask_keymap`'s
//! decoder (`input`), waiting on the terminal and the signal wake-up pipe at
//! once; crossterm only switches modes, measures and draws. Elsewhere
//! crossterm's event reader is used (`events`).

#[cfg(not(unix))]
mod events;
#[cfg(unix)]
mod input;
mod output;
mod peek;

/// What this front end carries out: every host feature (inline band, accessible mode,
/// peek, notifications, `@` completion, Shift+Enter where the terminal sends it).
pub(crate) const FEATURES: ask_host::state::HostFeatures = ask_host::state::HostFeatures::all();
mod screen;
mod signals;
mod viewport;
#[cfg(unix)]
mod watch;

use std::fs::{File, OpenOptions};
use std::io;
use std::time::{Duration, Instant};

use ask_contract::result::AskResult;
use ask_host::term::Painter;
use ask_host::{Session, keymap::TerminalReply, render::theme::Theme};
use ask_keymap::{InputEvent, Key};

#[cfg(not(unix))]
use events::CrosstermInput as Reader;
#[cfg(unix)]
use input::TtyInput as Reader;
pub(crate) use output::TermOut;
use screen::Screen;
pub(crate) use signals::Signals;
#[cfg(unix)]
pub(crate) use signals::TERMINATE;
pub(crate) use viewport::{InlineHeight, parse_inline_height};

/// The controlling terminal's device: `/dev/tty`, or the console's screen buffer on
/// Windows (crossterm reads console input through `CONIN$` itself).
const TTY_PATH: &str = if cfg!(windows) { "CONOUT$" } else { "/dev/tty" };

/// How often the session's clock runs while it has work that waits for it (a timeout,
/// a draft save put off, completions filling in, a settings file that is not watched).
const TICK: Duration = Duration::from_millis(250);

/// The wait for input when the session needs no ticks: an idle form wakes only for a
/// key, a signal, or an edit of the watched settings file.
const IDLE_WAIT: Duration = Duration::from_secs(3600);
/// How often control clients' commands are taken while some are connected, where their
/// commands cannot wake the loop (no wake-up pipe: Windows).
const REMOTE_POLL: Duration = Duration::from_millis(20);

/// What a reader returns: input events, or the end of the terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Input {
    /// A key, a paste, or (from crossterm) a resize.
    Event(InputEvent),
    /// The terminal went away (hang-up): ends the flow like SIGHUP.
    #[cfg_attr(not(unix), allow(dead_code))]
    Closed,
    /// The watched settings file changed (see `watch`).
    #[cfg_attr(not(unix), allow(dead_code))]
    SettingsChanged,
    /// The terminal answered a query (the keyboard protocol's, sent on entering).
    #[cfg_attr(not(unix), allow(dead_code))]
    Reply(TerminalReply),
}

/// The controlling terminal, opened for reading and writing.
pub(crate) struct Tty {
    file: File,
}

impl Tty {
    /// Opens `/dev/tty`; `None` when the process has no controlling terminal.
    pub(crate) fn open() -> Option<Self> {
        OpenOptions::new()
            .read(true)
            .write(true)
            .open(TTY_PATH)
            .ok()
            .map(|file| Self { file })
    }
}

/// The terminal for line-by-line use (the accessible mode): input and output
/// handles of `/dev/tty`, or the console's input and screen buffers on Windows.
pub(crate) fn open_lines() -> io::Result<(File, File)> {
    let open = |path: &str| OpenOptions::new().read(true).write(true).open(path);
    if cfg!(windows) {
        Ok((open("CONIN$")?, open("CONOUT$")?))
    } else {
        let tty = open(TTY_PATH)?;
        let output = tty.try_clone()?;
        Ok((tty, output))
    }
}

/// How an interactive session ended.
pub(crate) enum Ended {
    /// The flow finished with this result (or the settings overlay closed: `None`).
    Done(Option<AskResult>),
    /// A terminating signal arrived; the cancelled result with the answers so far.
    Signal(AskResult),
    /// `/dev/tty` opened but could not be put in full-screen mode (not a real
    /// terminal); nothing was drawn.
    Unavailable,
}

/// How the UI occupies the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// The alternate screen, whole.
    Fullscreen,
    /// A band of rows under the cursor on the normal screen; what is above stays. It
    /// leaves `keep_above` rows above it on screen when it can (`--keep-above`).
    Inline {
        /// `--inline[=ROWS|PCT%]`.
        height: InlineHeight,
        /// `--keep-above ROWS` (0 without it).
        keep_above: u16,
    },
}

/// Runs the flow on the terminal until it finishes, the settings overlay of
/// `ask settings` closes, or a signal arrives (`signals`, installed by the
/// caller as soon as the payload was valid). The terminal is restored before
/// this returns, on every path (and by the panic hook on a panic).
///
/// With `host_peek` (`--host-peek`), the peek key hands the terminal to the program that
/// started `ask` instead of folding the form to one line (see [`hand_to_host`]).
pub(crate) fn run_ui(
    session: &mut Session,
    tty: Tty,
    color: bool,
    layout: Layout,
    host_peek: bool,
    signals: &Signals,
) -> io::Result<Ended> {
    startup_pause_for_tests(signals);
    if signals.terminated().is_some() {
        return Ok(Ended::Signal(session.cancelled()));
    }
    let reader = tty.file.try_clone()?;
    // Ctrl+Z suspends only when a job-control shell can resume us, and only when no
    // action is bound to it.
    #[cfg(unix)]
    let ctrl_z = signals::is_shell_job(&reader).then_some(Key::ctrl('z'));
    let Ok(mut screen) = Screen::enter(tty.file, matches!(layout, Layout::Inline { .. })) else {
        return Ok(Ended::Unavailable);
    };
    let mut reader = Reader::new(reader);
    // A control client's command (the browser, the socket) wakes the `poll` below
    // through the signals' wake-up pipe: no polling for remote commands.
    let woken = remote_wakes(session, signals);
    #[cfg(unix)]
    if let Some(watch) = session.settings_path().and_then(watch::SettingsWatch::new) {
        reader.watch(watch);
        session.set_settings_watched(true);
    }
    // The decision is made by the caller (`--color always` wins over NO_COLOR); the
    // codes come from ask-render's theme, the same map every host can use.
    let theme = if color {
        Theme::default()
    } else {
        Theme::plain()
    };
    let painter = match layout {
        Layout::Fullscreen => Painter::fullscreen(theme),
        Layout::Inline { height, keep_above } => {
            Painter::inline(theme, height).with_keep_above(keep_above)
        }
    };
    // The rows that stand for cut rows above and below a form taller than its rows.
    let locale = session.flow().locale();
    let mut painter = painter.with_cut_markers(
        locale.text(ask_host::i18n::Msg::TermMoreAbove),
        locale.text(ask_host::i18n::Msg::TermMoreBelow),
    );
    let (mut cols, mut rows) = terminal_size();
    session.resize(cols, painter.frame_rows(rows));
    let mut dirty = true;
    // Folded to one status line (the `peek` action); keys wait until it unfolds.
    let mut peeking = false;
    let mut last_tick = Instant::now();
    let panic_key = panic_key_for_tests();
    loop {
        // Commands from control clients and the browser (no-op without them).
        dirty |= session.pump_control();
        if session.is_over() {
            return Ok(Ended::Done(session.result().cloned()));
        }
        if signals.terminated().is_some() {
            return Ok(Ended::Signal(session.cancelled()));
        }
        let mut redraw = false;
        #[cfg(unix)]
        if signals.take_stop() {
            screen.suspend();
            signals::stop_process();
            // Continued only to be ended (a hung-up job gets SIGHUP with its SIGCONT):
            // leave the terminal as the suspension left it.
            if signals.terminated().is_some() {
                return Ok(Ended::Signal(session.cancelled()));
            }
            // Continued: SIGCONT is handled right here.
            let _ = signals.take_resume();
            screen.resume()?;
            redraw = true;
        }
        if signals.take_resume() {
            screen.resume()?;
            redraw = true;
        }
        if signals.take_resize() || redraw {
            (cols, rows) = terminal_size();
            session.resize(cols, painter.frame_rows(rows));
            painter.resized(&mut screen.out)?;
            dirty = true;
        }
        if dirty {
            if peeking {
                painter.collapse(&mut screen.out, &peek::status(session.flow()), cols)?;
            } else {
                // The early-key window (`behaviour.ignoreEarlyKeysMs`) starts with the first
                // paint, before its bytes go out: the window never starts later than the
                // form reaches the terminal, however long this thread is kept off the CPU.
                session.shown();
                painter.paint(&mut screen.out, &session.frame(), cols, rows)?;
            }
            dirty = false;
        }
        // Once per ask (the session decides), after the first screen is up and before
        // waiting for input.
        if let Some((settings, note)) = session.take_waiting_notification() {
            crate::notify::deliver(&mut screen.out, &settings, &note);
        }
        // When the idle-timeout countdown starts (once per countdown).
        if let Some((settings, note)) = session.take_countdown_notification() {
            crate::notify::deliver(&mut screen.out, &settings, &note);
        }
        let mut wait = if session.needs_ticks() {
            TICK.saturating_sub(last_tick.elapsed())
        } else {
            IDLE_WAIT
        };
        if session.is_controlled() && !woken {
            // Remote changes reach the screen within this (well under 100 ms).
            wait = wait.min(REMOTE_POLL);
        }
        for input in reader.wait(wait, signals)? {
            match input {
                // In the early-key window the session drops keys and pastes and says so.
                Input::Event(event @ (InputEvent::Key(_) | InputEvent::Paste(_)))
                    if session.ignores_early_keys() =>
                {
                    dirty |= session.input(event);
                }
                Input::Event(InputEvent::Resize(c, r)) => {
                    (cols, rows) = (c.max(1), r.max(1));
                    session.resize(cols, painter.frame_rows(rows));
                    painter.resized(&mut screen.out)?;
                    dirty = true;
                }
                Input::Event(InputEvent::Key(key)) => {
                    assert!(Some(key) != panic_key, "ASK_TEST_PANIC_KEY {key} pressed");
                    #[cfg(unix)]
                    if Some(key) == ctrl_z && !is_bound(session.flow(), key) {
                        signals::suspend_job();
                        continue;
                    }
                    // The settings overlay may have grown the band: closing it gives
                    // the rows back to a host that can redraw what they covered.
                    let overlay_open = session.flow().settings_cursor().is_some();
                    let peek_key = peek::toggles(session.flow(), key);
                    if !peek_key || !host_peek {
                        if peek_key {
                            peeking = !peeking;
                            dirty = true;
                        } else if !peeking {
                            dirty |= session.key(key);
                        }
                    }
                    let overlay_closed = host_peek
                        && overlay_open
                        && session.flow().settings_cursor().is_none()
                        && !session.is_over()
                        && painter.band_too_tall(&session.frame(), rows);
                    if host_peek && (peek_key || overlay_closed) {
                        screen.suspend();
                        if let Some(ended) = hand_to_host(session, overlay_closed, signals) {
                            return Ok(ended);
                        }
                        screen.resume()?;
                        (cols, rows) = terminal_size();
                        session.resize(cols, painter.frame_rows(rows));
                        painter.resized(&mut screen.out)?;
                        // Taken back: a new early-key window from the next paint.
                        session.hidden();
                        dirty = true;
                        // Keys read with the peek key belong to the host's screen.
                        break;
                    }
                }
                Input::Event(event) if !peeking => dirty |= session.input(event),
                // Pastes and the like wait with the keys while the form is folded.
                Input::Event(_) => {}
                Input::Closed => return Ok(Ended::Signal(session.cancelled())),
                Input::SettingsChanged => dirty |= session.reload_settings(),
                Input::Reply(reply) => screen.reply(reply)?,
            }
            if session.is_over() {
                break;
            }
        }
        if last_tick.elapsed() >= TICK && session.needs_ticks() {
            dirty |= session.tick();
            last_tick = Instant::now();
        }
    }
}

/// `--host-peek`: the terminal was handed back to the program that started `ask` (the
/// screen is suspended: rows erased, normal mode, no keys read) and the control clients
/// were told (`folded`; `redraw` when the settings overlay gave back rows it borrowed, so
/// the host redraws and answers at once). Waits for a client's `unfold` while still taking commands, the
/// idle clock and signals: `None` when the terminal should be taken back, or how the form
/// ended meanwhile.
fn hand_to_host(session: &mut Session, redraw: bool, signals: &Signals) -> Option<Ended> {
    session.notify_folded(redraw);
    let mut last_tick = Instant::now();
    loop {
        session.pump_control();
        if session.is_over() {
            return Some(Ended::Done(session.result().cloned()));
        }
        if signals.terminated().is_some() {
            return Some(Ended::Signal(session.cancelled()));
        }
        if session.take_unfold() {
            return None;
        }
        if last_tick.elapsed() >= TICK && session.needs_ticks() {
            session.tick();
            last_tick = Instant::now();
        }
        let wait = if session.needs_ticks() {
            TICK.saturating_sub(last_tick.elapsed())
        } else {
            IDLE_WAIT
        };
        wait_woken(signals, wait);
    }
}

/// Has the session's control clients wake the terminal loop (through the signals'
/// wake-up pipe, which the loop polls with the terminal); false when they cannot (no
/// pipe, or no clients), and the loop then looks every [`REMOTE_POLL`].
fn remote_wakes(session: &mut Session, signals: &Signals) -> bool {
    if !session.is_controlled() {
        return false;
    }
    #[cfg(unix)]
    if let Some(wake) = signals.waker() {
        session.controller().set_waker(wake);
        return true;
    }
    let _ = signals;
    false
}

/// Waits up to `wait` for a signal or a control client's command (both write to the
/// signals' wake-up pipe); without the pipe, at most [`REMOTE_POLL`].
fn wait_woken(signals: &Signals, wait: Duration) {
    #[cfg(unix)]
    if let Some(fd) = signals.wake_fd() {
        let mut fds = [rustix::event::PollFd::from_borrowed_fd(
            fd,
            rustix::event::PollFlags::IN,
        )];
        let spec = rustix::event::Timespec::try_from(wait).unwrap_or(rustix::event::Timespec {
            tv_sec: 1,
            tv_nsec: 0,
        });
        let _ = rustix::event::poll(&mut fds, Some(&spec));
        signals.drain();
        return;
    }
    #[cfg(not(unix))]
    let _ = signals;
    std::thread::sleep(wait.min(REMOTE_POLL));
}

/// Whether to use colours: `--color always|never`, else on unless `NO_COLOR` is set (non-empty).
pub(crate) fn use_color(choice: crate::cli::ColorChoice) -> bool {
    match choice {
        crate::cli::ColorChoice::Always => true,
        crate::cli::ColorChoice::Never => false,
        crate::cli::ColorChoice::Auto => std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// True when some action of the keymap is bound to `key`.
#[cfg(unix)]
fn is_bound(flow: &ask_state::Flow, key: Key) -> bool {
    ask_keymap::Action::ALL
        .iter()
        .any(|action| flow.keymap().keys(*action).contains(&key))
}

/// The terminal's size in (columns, rows), at least 1 x 1.
fn terminal_size() -> (u16, u16) {
    let (cols, rows) = crossterm::terminal::size().unwrap_or((80, 24));
    (cols.max(1), rows.max(1))
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
