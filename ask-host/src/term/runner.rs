//! The terminal loop: a [`Session`] on the controlling terminal until the form ends, a
//! signal arrives or the terminal goes away, with the terminal restored on every path.
//!
//! On Unix the input is read from `/dev/tty` and decoded by the keymap's decoder
//! ([`TtyInput`](super::TtyInput)), waiting on the terminal, the signals' wake-up pipe
//! and the settings file's watch in one `poll`; crossterm only switches modes and
//! measures. Elsewhere crossterm's event reader is used (`events`). Frames go through
//! [`TermOut`](super::TermOut): at once where they are painted, the rest on a writer
//! thread a stalled terminal may block, never this loop.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::time::{Duration, Instant};

use ask_contract::result::AskResult;
use ask_keymap::{InputEvent, Key};
use ask_render::{notification::Notification, theme::Theme};
use ask_settings::schema::Notifications;

#[cfg(not(unix))]
use super::events::CrosstermInput as Reader;
#[cfg(unix)]
use super::input::TtyInput as Reader;
use super::modes::TTY_PATH;
use super::screen::Screen;
use super::signals::Signals;
#[cfg(unix)]
use super::signals::{is_shell_job, stop_process, suspend_job};
use super::{InlineHeight, Input, Painter, peek};
use crate::Session;

/// The wait for input when the session needs no ticks: an idle form wakes only for a
/// key, a signal, or an edit of the watched settings file.
const IDLE_WAIT: Duration = Duration::from_secs(3600);
/// How often control clients' commands are taken while some are connected, where their
/// commands cannot wake the loop (no wake-up pipe: Windows).
const REMOTE_POLL: Duration = Duration::from_millis(20);

/// The controlling terminal, opened for reading and writing.
pub struct Tty {
    file: File,
    /// A second, non-blocking handle for writing frames where they are painted (see
    /// `output`); Unix only.
    direct: Option<File>,
}

impl Tty {
    /// Opens `/dev/tty`; `None` when the process has no controlling terminal.
    pub fn open() -> Option<Self> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(TTY_PATH)
            .ok()?;
        #[cfg(unix)]
        let direct = {
            use rustix::fs::{Mode, OFlags};
            let flags = OFlags::WRONLY | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
            rustix::fs::open(TTY_PATH, flags, Mode::empty())
                .ok()
                .map(File::from)
        };
        #[cfg(not(unix))]
        let direct = None;
        Some(Self { file, direct })
    }
}

/// The terminal for line-by-line use (the accessible mode): input and output
/// handles of `/dev/tty`, or the console's input and screen buffers on Windows.
pub fn open_lines() -> io::Result<(File, File)> {
    let open = |path: &str| OpenOptions::new().read(true).write(true).open(path);
    if cfg!(windows) {
        Ok((open("CONIN$")?, open("CONOUT$")?))
    } else {
        let tty = open(TTY_PATH)?;
        let output = tty.try_clone()?;
        Ok((tty, output))
    }
}

/// How a form on the terminal ended.
#[derive(Debug)]
pub enum Ended {
    /// The flow finished with this result (or the settings overlay closed: `None`).
    Done(Option<AskResult>),
    /// A terminating signal arrived; the cancelled result with the answers so far.
    Signal(AskResult),
    /// `/dev/tty` opened but could not be put in full-screen mode (not a real
    /// terminal); nothing was drawn.
    Unavailable,
}

/// How the form occupies the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// The alternate screen, whole.
    Fullscreen,
    /// A band of rows under the cursor on the normal screen; what is above stays. It
    /// leaves `keep_above` rows above it on screen when it can (`--keep-above`).
    Inline {
        /// The band's height limit (`ask run --inline[=ROWS|PCT%]`).
        height: InlineHeight,
        /// Rows of the text above to keep on screen when there is room (0: none).
        keep_above: u16,
    },
}

/// What the terminal loop asks of the program around it, besides the session.
pub trait TermHost {
    /// Delivers a notification of the session (the question waiting, the idle countdown,
    /// once each): escape sequences to `out` (the terminal), anything else (commands) as
    /// the host does it. The default writes nothing.
    fn notify(&mut self, out: &mut dyn Write, settings: &Notifications, note: &Notification) {
        let _ = (out, settings, note);
    }

    /// Sees every key before the session does (a host's recorder or test hook). The
    /// default does nothing.
    fn key(&mut self, key: Key) {
        let _ = key;
    }
}

/// A host with no notification channel and no key hook.
impl TermHost for () {}

/// How [`run`] draws: the layout, the colours, and where the peek key goes.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// Full screen or an inline band.
    pub layout: Layout,
    /// The styles' codes ([`Theme::plain`] for no colour).
    pub theme: Theme,
    /// The peek key hands the terminal to the program that started this one (and the
    /// control clients are told) instead of folding the form to one line.
    pub host_peek: bool,
}

/// Runs the flow on the terminal until it finishes, the settings overlay closes, or a
/// signal arrives (`signals`, installed by the caller as soon as the payload was valid:
/// [`Signals::install`]). The terminal is restored before this returns, on every path
/// (and by the panic hook on a panic). A failed terminal write comes back as the error:
/// the terminal went away, a hang-up.
pub fn run(
    session: &mut Session,
    tty: Tty,
    options: &RunOptions,
    signals: &Signals,
    host: &mut impl TermHost,
) -> io::Result<Ended> {
    let RunOptions {
        layout,
        theme,
        host_peek,
    } = options.clone();
    if signals.terminated().is_some() {
        return Ok(Ended::Signal(session.cancelled()));
    }
    let reader = tty.file.try_clone()?;
    // Ctrl+Z suspends only when a job-control shell can resume us, and only when no
    // action is bound to it.
    #[cfg(unix)]
    let ctrl_z = is_shell_job(&reader).then_some(Key::ctrl('z'));
    let Ok(mut screen) = Screen::enter(
        tty.file,
        tty.direct,
        matches!(layout, Layout::Inline { .. }),
    ) else {
        return Ok(Ended::Unavailable);
    };
    let mut reader = Reader::new(reader);
    // A control client's command (the browser, the socket) wakes the `poll` below
    // through the signals' wake-up pipe: no polling for remote commands.
    let woken = remote_wakes(session, signals);
    #[cfg(unix)]
    if let Some(watch) = session
        .settings_path()
        .and_then(super::watch::SettingsWatch::new)
    {
        reader.watch(watch);
        session.set_settings_watched(true);
    }
    let painter = match layout {
        Layout::Fullscreen => Painter::fullscreen(theme),
        Layout::Inline { height, keep_above } => {
            Painter::inline(theme, height).with_keep_above(keep_above)
        }
    };
    // The rows that stand for cut rows above and below a form taller than its rows.
    let locale = session.flow().locale();
    let mut painter = painter.with_cut_markers(
        locale.text(crate::i18n::Msg::TermMoreAbove),
        locale.text(crate::i18n::Msg::TermMoreBelow),
    );
    let (mut cols, mut rows) = terminal_size();
    session.resize(cols, painter.frame_rows(rows));
    let mut dirty = true;
    // Folded to one status line (the `peek` action); keys wait until it unfolds.
    let mut peeking = false;
    let mut last_tick = Instant::now();
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
            stop_process();
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
            host.notify(&mut screen.out, &settings, &note);
        }
        // When the idle-timeout countdown starts (once per countdown).
        if let Some((settings, note)) = session.take_countdown_notification() {
            host.notify(&mut screen.out, &settings, &note);
        }
        let mut wait = session
            .tick_due_in()
            .map_or(IDLE_WAIT, |due| due.saturating_sub(last_tick.elapsed()));
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
                    host.key(key);
                    #[cfg(unix)]
                    if Some(key) == ctrl_z && !is_bound(session.flow(), key) {
                        suspend_job();
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
        if session
            .tick_due_in()
            .is_some_and(|due| last_tick.elapsed() >= due)
        {
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
        if session
            .tick_due_in()
            .is_some_and(|due| last_tick.elapsed() >= due)
        {
            session.tick();
            last_tick = Instant::now();
        }
        let wait = session
            .tick_due_in()
            .map_or(IDLE_WAIT, |due| due.saturating_sub(last_tick.elapsed()));
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
