//! An async host: crossterm's event stream, a tick interval and the termination signals in
//! one `tokio::select!`, while another task (the "agent") keeps running and follows the
//! form through the control channel. The form is drawn on `/dev/tty`, so stdout stays free
//! for the result. `cargo run -p ask-examples --example tokio_host > r.json`
//!
//! - `Session` is `Send` and never blocks: every call returns at once, so it lives in the
//!   task that owns the terminal, with no `spawn_blocking`.
//! - The control channel's `ControlHandle` blocks on `recv`: one blocking thread forwards
//!   its events into a tokio channel that async code awaits.
//! - SIGTERM and SIGHUP end the loop like a closed window: the terminal modes are restored
//!   when `TerminalModes` drops (a signal's default action would kill the process before
//!   any destructor ran) and the cancelled result is printed.

use std::time::Duration;

use ask_host::contract::result::AnsweredVia;
use ask_host::crossterm::event::{Event, EventStream};
use ask_host::term::{ModeOptions, Painter, TerminalModes};
use ask_host::{
    Session,
    contract::{ParseOptions, parse_params_str},
    control::ControlEvent,
    keymap::InputEvent,
    render::theme::Theme,
    settings::Settings,
};
use futures_util::StreamExt;
use tokio::signal::unix::{SignalKind, signal};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let form = parse_params_str(ask_examples::PAYLOAD, ParseOptions::default())?;
    let mut session = Session::new(form, Settings::open_default());

    // The agent: another task, running while the form is open. It follows the answers
    // through the control channel; the handle's blocking `recv` runs on its own thread.
    let handle = session.controller().connect(AnsweredVia::Control);
    let (events_tx, mut events_rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::task::spawn_blocking(move || {
        // Ends when the session is dropped (the handle reports it as disconnected).
        while let Ok(event) = handle.recv() {
            if events_tx.send(event).is_err() {
                break;
            }
        }
    });
    let agent = tokio::spawn(async move {
        let mut changes = 0_u32;
        while let Some(event) = events_rx.recv().await {
            if let ControlEvent::Changed { .. } = event {
                changes += 1;
            }
        }
        changes
    });

    // Registered before the terminal changes modes, so a signal never finds it unguarded.
    let mut terminate = signal(SignalKind::terminate())?;
    let mut hangup = signal(SignalKind::hangup())?;
    let mut tty = std::fs::OpenOptions::new().write(true).open("/dev/tty")?;
    let modes = TerminalModes::enter(&mut tty, ModeOptions::fullscreen())?;
    let mut painter = Painter::fullscreen(Theme::default());
    let (mut cols, mut rows) = ask_host::crossterm::terminal::size()?;
    let mut input = EventStream::new();
    // Settings reloads, the idle timeout and the control channel move on ticks.
    let mut ticks = tokio::time::interval(Duration::from_millis(50));
    let mut dirty = true;
    while !session.is_over() {
        if dirty {
            session.resize(cols, painter.frame_rows(rows));
            session.shown(); // the early-key guard starts with the first paint
            painter.paint(&mut tty, &session.frame(), cols, rows)?;
            dirty = false;
        }
        tokio::select! {
            event = input.next() => match event {
                // The host sizes the session itself (the painter keeps some rows).
                Some(Ok(Event::Resize(c, r))) => {
                    (cols, rows) = (c, r);
                    painter.resized(&mut tty)?;
                    dirty = true;
                }
                Some(Ok(event)) => {
                    if let Ok(event @ (InputEvent::Key(_) | InputEvent::Paste(_))) = event.try_into() {
                        dirty |= session.input(event);
                    }
                }
                Some(Err(err)) => return Err(err.into()),
                None => break,
            },
            _ = ticks.tick() => dirty |= session.tick() | session.pump_control(),
            _ = terminate.recv() => break,
            _ = hangup.recv() => break,
        }
    }
    // Tells the control clients how the form ended (a signal leaves it cancelled).
    session.pump_control();
    drop(modes);
    println!("{}", serde_json::to_string(&session.result_or_cancelled())?);
    drop(session);
    let changes = agent.await?;
    eprintln!("the agent saw {changes} answer change(s) while the form was open");
    Ok(())
}
